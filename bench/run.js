// Benchmarks for fisco: start-up cost and end-to-end command latency against the local emulator.
// `npm run bench` (builds first). Prints the median and p90 of N runs for each scenario.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../dist/emulator/index.js';

const BIN = fileURLToPath(new URL('../bin/fisco.js', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const emulator = await startEmulator({ port: 0, quiet: true, today: '2026-11-20', rateLimit: { limit: 100000, windowMs: 60000 } });
const home = mkdtempSync(join(tmpdir(), 'fisco-bench-'));
const env = {
  ...process.env,
  FISCO_TOKEN: 'demo-prod-rossi',
  FISCO_BASE_URL: emulator.url,
  FISCO_CONFIG_DIR: join(home, 'config'),
  FISCO_DATA_DIR: join(home, 'data'),
  FISCO_RATE_LIMIT: '100000/60000',
  NO_COLOR: '1',
};

const scenarios = [
  { name: 'node -e 0 (floor)', argv: ['-e', '0'], raw: true },
  { name: 'fisco --version', argv: ['--version'] },
  { name: 'fisco --help', argv: ['--help'] },
  { name: 'fisco invoice --help', argv: ['invoice', '--help'] },
  { name: 'fisco whoami', argv: ['whoami'] },
  { name: 'fisco accounts list', argv: ['accounts', 'list'] },
  { name: 'fisco invoice list --all (json)', argv: ['invoice', 'list', '--all'] },
  { name: 'fisco invoice list --all -o csv', argv: ['invoice', 'list', '--all', '-o', 'csv'] },
  { name: 'fisco expenses list --all -o ndjson', argv: ['expenses', 'list', '--all', '-o', 'ndjson'] },
];




const { spawn } = await import('node:child_process');
async function timeAsync(argv) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const status = await new Promise((resolve) => child.on('close', resolve));
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status, stderr };
}

const rows = [];
for (const scenario of scenarios) {
  const argv = scenario.raw ? scenario.argv : [BIN, ...scenario.argv];
  const probe = await timeAsync(argv);
  if (probe.status !== 0) {
    rows.push({ scenario: scenario.name, median: 'skipped', p90: probe.stderr.split('\n')[0].slice(0, 60) });
    continue;
  }
  const samples = [];
  for (let i = 0; i < RUNS; i++) samples.push((await timeAsync(argv)).ms);
  samples.sort((a, b) => a - b);
  rows.push({ scenario: scenario.name, median: `${samples[Math.floor(samples.length / 2)].toFixed(0)} ms`, p90: `${samples[Math.floor(samples.length * 0.9)].toFixed(0)} ms` });
}
console.table(rows);
await emulator.close();
rmSync(home, { recursive: true, force: true });

// Benchmark: `fisco export` of a firm's month (3 companies) against the emulator at 80 ms of
// latency per request, with the real rate limit (120 requests a minute per token). Prints the
// time beside the bounds the request count sets: the rate limit's floor (a sliding window lets
// the first 120 requests go at once, then one more per freed slot) and the latency floor (the
// requests' latency divided by how many the export keeps in flight).
// `node bench/firm-export.js` after `npm run build`; BENCH_RUNS (default 3), BENCH_LATENCY_MS (80).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { startEmulator } from '../dist/emulator/index.js';

const BIN = fileURLToPath(new URL('../bin/fisco.js', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 80);
const LIMIT = 120;
const WINDOW_MS = 60_000;
/** Requests the export keeps in flight: 2 companies at once, up to 6 lists each (src/commands/export/export.ts). */
const IN_FLIGHT = 12;

const emulator = await startEmulator({ port: 0, quiet: true, today: '2026-11-20', faults: { latencyMs: LATENCY } });
const home = mkdtempSync(join(tmpdir(), 'fisco-bench-firm-'));
const env = {
  ...process.env,
  FISCO_TOKEN: 'demo-firm-bianchi',
  FISCO_BASE_URL: emulator.url,
  FISCO_CONFIG_DIR: join(home, 'config'),
  FISCO_DATA_DIR: join(home, 'data'),
  NO_COLOR: '1',
};

function run(args) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status, stderr }));
  });
}

const results = [];
for (let i = 0; i < RUNS; i++) {
  // Each run starts with an empty window on the emulator's side, as a fresh process does on the CLI's side.
  await fetch(`${emulator.url}/__emulator/reset`, { method: 'POST' });
  const dir = mkdtempSync(join(home, 'out-'));
  const before = emulator.store.requests.length;
  const result = await run(['--accounts', 'acc_rossi,acc_verdi,acc_neri', 'export', '--period', '2026-10', '--dir', dir, '-o', 'json']);
  if (result.status !== 0) {
    console.error(`export failed (exit ${result.status}): ${result.stderr}`);
    process.exitCode = 1;
    break;
  }
  const requests = emulator.store.requests.length - before;
  results.push({ ms: result.ms, requests });
}
const startup = [];
for (let i = 0; i < RUNS; i++) startup.push((await run(['--version'])).ms);
startup.sort((a, b) => a - b);
await emulator.close();
rmSync(home, { recursive: true, force: true });

if (results.length > 0) {
  results.sort((a, b) => a.ms - b.ms);
  const median = results[Math.floor(results.length / 2)];
  const n = median.requests;
  const rateFloor = Math.floor(Math.max(0, n - 1) / LIMIT) * WINDOW_MS;
  const latencyFloor = Math.ceil(n / IN_FLIGHT) * LATENCY;
  const bound = Math.max(rateFloor, latencyFloor);
  console.log(`firm export, 3 companies, ${LATENCY} ms latency: ${n} requests`);
  console.log(`  time (median of ${results.length}): ${median.ms.toFixed(0)} ms`);
  console.log(`  bound: ${bound} ms  (rate limit ${LIMIT}/min → ${rateFloor} ms; ${n} requests × ${LATENCY} ms / ${IN_FLIGHT} in flight → ${latencyFloor} ms)`);
  const start = startup[Math.floor(startup.length / 2)];
  console.log(`  start-up (fisco --version, median): ${start.toFixed(0)} ms; export minus start-up: ${(median.ms - start).toFixed(0)} ms`);
  console.log(`  the export's own chain: accounts → clock → 6 lists per company at once → its F24 PDFs 3 at a time; 2 companies at once`);
}

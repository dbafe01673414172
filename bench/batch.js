// Benchmark: `fisco invoice batch FILE --send --yes` of 500 invoices against the emulator at 80 ms
// of latency per request, under the real rate limit (120 requests a minute per token). Prints the
// time beside the bound the requests the batch needs set (validation look-ups, the snapshot
// listing, one POST per invoice, sent one at a time): the rate limit's floor (a sliding window
// lets the first LIMIT requests go at once, then one more per freed slot) and the latency floor
// (every request in turn), and the requests per invoice (goal ≤ 1.2).
// `node bench/batch.js` after `npm run build`; `--quick` (or BENCH_QUICK=1): 60 invoices, 20 a 5 s.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { startEmulator } from '../dist/emulator/index.js';
import { benchHome, BIN, piva } from './common.js';

const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 80);
const INVOICES = Number(process.env.BENCH_INVOICES ?? (QUICK ? 60 : 500));
const LIMIT = QUICK ? 20 : 120;
const WINDOW_MS = QUICK ? 5_000 : 60_000;

const header = 'ref;client_name;client_piva;client_address;client_cap;client_city;numbering;payment_method;item;quantity;price;vat';
const rows = Array.from(
  { length: INVOICES },
  (_, i) =>
    `B-${String(i + 1).padStart(4, '0')};Cliente ${i + 1} S.r.l.;${piva(9_000 + i)};Via Roma 1;20121;Milano;Standard;Bonifico Intesa;Canone mensile;1;${100 + (i % 50)},00;22`,
);

const emulator = await startEmulator({
  port: 0,
  quiet: true,
  today: '2026-11-20',
  rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
  faults: { latencyMs: LATENCY },
});
const { home, env } = benchHome('batch', emulator);
const file = join(home, 'month.csv');
writeFileSync(file, `${[header, ...rows].join('\n')}\n`);

const before = emulator.store.requests.at(-1)?.seq ?? 0;
const invoicesBefore = emulator.store.invoices.length;
const started = process.hrtime.bigint();
const result = await new Promise((resolve) => {
  const child = spawn(process.execPath, [BIN, 'invoice', 'batch', file, '--send', '--yes'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.on('close', (status) => resolve({ status, stderr }));
});
const ms = Number(process.hrtime.bigint() - started) / 1e6;
// The request log is capped (2000 entries): it holds every request of this run.
const requests = emulator.store.requests.filter((r) => r.seq > before);
const count429 = requests.filter((r) => r.status === 429).length;
const created = emulator.store.invoices.length - invoicesBefore;
await emulator.close();
rmSync(home, { recursive: true, force: true });

if (result.status !== 0 || created !== INVOICES) {
  console.error(`batch failed (exit ${result.status}, ${created} of ${INVOICES} created): ${result.stderr.split('\n').slice(-5).join(' | ')}`);
  process.exitCode = 1;
} else {
  const n = requests.length;
  // One request at a time: n round trips at least; and the window admits LIMIT, then one per freed slot.
  const latencyFloor = n * LATENCY;
  const rateFloor = Math.floor((n - 1) / LIMIT) * WINDOW_MS + LATENCY;
  const bound = Math.max(latencyFloor, rateFloor);
  const ratio = ms / bound;
  const fmt = (v) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${(v / 1000).toFixed(2)} s`);
  const name = `invoice batch --send, ${INVOICES} invoices, ${LATENCY} ms, ${LIMIT}/${WINDOW_MS / 1000}s  (vs bound)`;
  console.log(
    `${name.padEnd(58)}  ${fmt(ms).padStart(8)}  ${fmt(bound).padStart(8)}  ${ratio.toFixed(2).padStart(6)}×  ≤ 1.10×  ${ratio <= 1.1 ? 'ok' : 'MISSED'}`,
  );
  const perInvoice = n / INVOICES;
  console.log(
    `  ${n} requests for ${INVOICES} invoices: ${perInvoice.toFixed(3)} per invoice  ≤ 1.20  ${perInvoice <= 1.2 ? 'ok' : 'MISSED'}; 429 answers: ${count429}`,
  );
}

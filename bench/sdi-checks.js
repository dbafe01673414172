// Benchmark: what the SDI's checks (src/sdi/check.ts) add to `fisco invoice batch FILE --dry-run`
// of 500 records (goal ≤ 10%). The dry run is timed whole (spawned, against the emulator, median
// of 5); the checks are timed on the same 500 records' drafts, cold (the first pass, as a run pays
// it: the rules compiled and run once), bundled from src/ with esbuild since dist/ has no module
// of their own. The figure is the checks' time against the rest of the dry run.
// `node bench/sdi-checks.js` after `npm run build`; `--quick` (or BENCH_QUICK=1): 3 runs.

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { startEmulator } from '../dist/emulator/index.js';
import { benchHome, BIN, median, piva } from './common.js';

const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 3 : 5;
const RECORDS = 500;

const header =
  'ref;client_name;client_piva;client_address;client_cap;client_city;client_province;numbering;payment_method;natura;note;item;quantity;price;vat;description';
const rows = [];
for (let i = 0; i < RECORDS; i++) {
  const ref = `S-${String(i + 1).padStart(4, '0')}`;
  rows.push(
    `${ref};Cliente ${i + 1} S.r.l.;${piva(7_000 + i)};Via Roma ${i + 1};20121;Milano;MI;Standard;Bonifico Intesa;N2.2;Contratto ${i + 1};Canone mensile;1;${100 + (i % 50)},00;22;novembre`,
  );
  rows.push(`${ref};;;;;;;;;;;Esente;1;10,00;0;bollo`);
}
const text = `${[header, ...rows].join('\n')}\n`;

const emulator = await startEmulator({ port: 0, quiet: true, today: '2026-11-20' });
const { home, env } = benchHome('sdi', emulator);
const file = join(home, 'month.csv');
writeFileSync(file, text);

function dryRun() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'invoice', 'batch', file, '--dry-run'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`dry run exited ${code}: ${stderr.slice(0, 400)}`))));
  });
}

/** The checks and the batch reader, bundled from src/ (as the CLI bundles them). */
async function load(entry) {
  const out = await build({
    entryPoints: [fileURLToPath(new URL(`../src/${entry}`, import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}

try {
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await dryRun());
  const whole = median(times);
  const { parseBatch } = await load('invoice/batch-records.ts');
  const { sdiCheck } = await load('sdi/check.ts');
  const drafts = parseBatch(text).records.map((r) => r.draft);
  if (drafts.length !== RECORDS) throw new Error(`read ${drafts.length} records, not ${RECORDS}`);
  const started = performance.now();
  let problems = 0;
  for (const draft of drafts) problems += sdiCheck(draft, { today: '2026-11-20' }).problems.length;
  const checks = performance.now() - started;
  if (problems !== 0) throw new Error(`the bench's records should pass, ${problems} problems`);
  const rest = whole - checks;
  const ratio = checks / rest;
  const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
  console.log(
    `${`invoice batch --dry-run, ${RECORDS} records: SDI checks (vs the rest)`.padEnd(58)}  ${fmt(checks).padStart(8)}  ${fmt(rest).padStart(8)}  ${ratio.toFixed(3).padStart(6)}×  ≤ 0.10×  ${ratio <= 0.1 ? 'ok' : 'MISSED'}`,
  );
  if (ratio > 0.1) process.exitCode = 1;
} finally {
  await emulator.close();
  rmSync(home, { recursive: true, force: true });
}

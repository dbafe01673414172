// Benchmark: what the SDI's checks (src/sdi/check.ts) add to `fisco invoice batch FILE --dry-run`
// of 500 records (goal ≤ 10%). The dry run is timed whole (spawned, against the emulator, median
// of 5); the checks are timed on the same 500 records' drafts, cold (the first pass, as a run pays
// it: the rules compiled and run once), bundled from src/ with esbuild since dist/ has no module
// of their own. The figure is the checks' time against the rest of the dry run.
// `node bench/sdi-checks.js` after `npm run build`; `--quick` (or BENCH_QUICK=1): 3 runs.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { startEmulator } from '../dist/emulator/index.js';

const BIN = fileURLToPath(new URL('../bin/fisco.js', import.meta.url));
const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 3 : 5;
const RECORDS = 500;

function piva(n) {
  const base = String(1_000_000_000 + n).slice(-10);
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(base[i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return base + String((10 - (sum % 10)) % 10);
}

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
const home = mkdtempSync(join(tmpdir(), 'fisco-bench-sdi-'));
const file = join(home, 'month.csv');
writeFileSync(file, text);
const env = {
  PATH: process.env.PATH,
  HOME: home,
  FISCO_TOKEN: 'demo-prod-rossi',
  FISCO_BASE_URL: emulator.url,
  FISCO_CONFIG_DIR: join(home, 'config'),
  FISCO_DATA_DIR: join(home, 'data'),
  NO_COLOR: '1',
};

function dryRun() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'invoice', 'batch', file, '--dry-run'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`dry run exited ${code}: ${stderr.slice(0, 400)}`))));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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

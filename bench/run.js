// `npm run bench` (builds first): the figures of issues 10 and 18, each beside its baseline or bound, in
// one run, against emulators this script starts itself. `npm run bench -- --quick` is the short
// mode (under a minute: smaller data, a shorter rate-limit window, fewer runs). `npm run bench --
// --startup` measures start-up only (the first two parts: --version, --help and one list), with
// `--rounds N` repeating them N times and printing each figure's median and spread over the rounds,
// since one round on a shared machine moves with its load.
//
// Output format (stable, one figure a line, for comparing commits):
//   <figure padded to 58>  <fisco>  <baseline or bound>  <ratio>×  <goal>  <ok|MISSED>
// then peak RSS lines, the 429 count and the machine.
//
// Method: start-up figures are medians of paired runs (fisco, then `node -e 0`, alternately; the
// ratio is the median of the per-pair ratios), so load from other processes cancels out. Bounds
// are computed from the configuration: with P pages, latency ℓ, L requests per window W and C
// requests in flight, an export cannot finish before max(⌊(P−1)/L⌋·W + ℓ, (1 + ⌈(P−1)/C⌉)·ℓ).
// For the export under a high announced limit, ℓ is what a page really takes from the emulator
// (its 80 ms of latency plus its own time to build and send 100 invoices, measured in the run by a
// bare GET); the line after that figure gives the ratio against 80 ms exactly too.

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../dist/emulator/index.js';

const BIN = fileURLToPath(new URL('../bin/fisco.js', import.meta.url));
const RSS = fileURLToPath(new URL('./rss.js', import.meta.url));
const QUICK = process.argv.includes('--quick');
const STARTUP = process.argv.includes('--startup');
const ROUNDS = process.argv.includes('--rounds') ? Number(process.argv[process.argv.indexOf('--rounds') + 1]) : 1;
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds takes a whole number of rounds, 1 or more');
const TOKEN = 'demo-prod-rossi';
const LATENCY_MS = 80;
const PAGE_CONCURRENCY = 6; // src/api/paginate.ts
const DOWNLOAD_CONCURRENCY = 4; // src/commands/f24/download.ts
const PER_PAGE = 100;
const F24_STATUSES = 'draft,ready,paid,expired,cancelled';

const config = QUICK
  ? { runs: 5, exportInvoices: 2_000, contract: { limit: 10, windowMs: 5_000 }, f24s: 200, sizes: [5_000, 20_000], exportRuns: 1 }
  : {
      runs: 11,
      exportInvoices: 20_000,
      contract: { limit: 120, windowMs: 60_000 },
      f24s: 200,
      sizes: [20_000, 100_000],
      exportRuns: Number(process.env.BENCH_EXPORT_RUNS ?? 3),
    };
const HIGH_LIMIT = { limit: 100_000, windowMs: 60_000 };

const home = mkdtempSync(join(tmpdir(), 'fisco-bench-'));
const baseEnv = {
  PATH: process.env.PATH,
  HOME: home,
  FISCO_TOKEN: TOKEN,
  FISCO_CONFIG_DIR: join(home, 'config'),
  FISCO_DATA_DIR: join(home, 'data'),
  NO_COLOR: '1',
};

// ---------------------------------------------------------------- data

/** Emulator with at least `invoices` outbound invoices and `f24s` F24 forms for the demo company. */
async function emulatorWith({ invoices = 0, f24s = 0, latencyMs = 0, rateLimit }) {
  const sizes = Object.fromEntries(Object.entries({ invoices, f24s }).filter(([, n]) => n > 0));
  const emulator = await startEmulator({ port: 0, quiet: true, today: '2026-11-20', rateLimit, sizes });
  const store = emulator.store;
  const token = store.tokens?.find?.((t) => t.token === TOKEN);
  const accountId = token?.accountIds?.[0] ?? store.invoices.find((i) => i.direction === 'outbound')?.accountId;
  topUp(
    store.invoices,
    (i) => i.accountId === accountId && i.direction === 'outbound',
    invoices,
    (template, n) => ({
      ...template,
      id: `b${n}`,
      numericId: 1_000_000 + n,
      uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      number: `B${n}/2026`,
      details: {},
    }),
  );
  topUp(
    store.f24s,
    (r) => r.accountId === accountId,
    f24s,
    (template, n) => ({ ...template, id: `f24_b${String(n).padStart(5, '0')}` }),
  );
  if (latencyMs) emulator.setFaults({ latencyMs });
  emulator.accountId = accountId;
  return emulator;
}

/** Appends copies of the matching records (cycling through them) until `want` match. */
function topUp(records, matches, want, copy) {
  const templates = records.filter(matches);
  for (let n = templates.length; n < want; n++) records.push(copy(templates[n % templates.length], n));
}

/** Counts the 429s an emulator sends while `fn` runs (its request log is capped: polled). */
async function counting429(emulator, fn) {
  let seen = emulator.store.requests.at(-1)?.seq ?? 0;
  let count = 0;
  const poll = () => {
    for (const r of emulator.store.requests)
      if (r.seq > seen) {
        if (r.status === 429) count++;
        seen = r.seq;
      }
  };
  const timer = setInterval(poll, 100);
  try {
    const result = await fn();
    poll();
    return { ...result, count429: count };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------- running

function run(argv, { env = {}, rss = false, command = process.execPath } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const args = rss ? [RSS, ...argv] : argv;
    const child = spawn(command, args, { env: { ...baseEnv, ...env }, stdio: ['ignore', 'ignore', 'pipe', rss ? 'pipe' : 'ignore'] });
    let stderr = '';
    let maxRss = '';
    child.stderr.on('data', (d) => (stderr += d));
    if (rss) child.stdio[3].on('data', (d) => (maxRss += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) reject(new Error(`${argv.join(' ')} exited ${code}: ${stderr.split('\n').slice(0, 3).join(' | ')}`));
      else resolve({ ms, stderr, rssKiB: Number(maxRss) || undefined });
    });
  });
}

const fisco = (args, options) => run([BIN, ...args], options);
/** The single executable (npm run build:exe), run with a PATH that holds no node. */
const executable = (args, options = {}) => run(args, { ...options, command: EXE, env: { ...options.env, PATH: '/nonexistent' } });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median of per-pair ratios: fisco, then the baseline, alternately. */
async function paired(runFisco, runBase, runs = config.runs) {
  await runFisco();
  await runBase(); // warm the file cache
  const a = [];
  const b = [];
  const ratios = [];
  for (let i = 0; i < runs; i++) {
    const x = (await runFisco()).ms;
    const y = (await runBase()).ms;
    a.push(x);
    b.push(y);
    ratios.push(x / y);
  }
  return { value: median(a), base: median(b), ratio: median(ratios) };
}

const lines = [];
function figure(name, value, base, ratio, goal, indent = '', suffix = '') {
  const fmt = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
  const line = `${indent}${name.padEnd(58 - indent.length)}  ${fmt(value).padStart(8)}  ${fmt(base).padStart(8)}  ${ratio.toFixed(2).padStart(6)}×  ≤ ${goal.toFixed(2)}×  ${ratio <= goal ? 'ok' : 'MISSED'}${suffix}`;
  lines.push(line);
  console.log(line);
}

function exportBound(pages, latencyMs, { limit, windowMs }, concurrency) {
  const pacing = Math.floor((pages - 1) / limit) * windowMs + latencyMs;
  const inFlight = (1 + Math.ceil((pages - 1) / concurrency)) * latencyMs;
  return Math.max(pacing, inFlight);
}

/** Whether the emulator announces its limit (RateLimit-Policy); if not, fisco is told by FISCO_RATE_LIMIT. */
async function announces(url) {
  const { request } = await import('node:http');
  return new Promise((resolve) => {
    request(`${url}/v1/me`, { headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
      res.resume();
      resolve(Boolean(res.headers['ratelimit-policy']));
    }).end();
  });
}

/** Median time of a bare node:http GET of one page of 100 invoices (a new connection each). */
async function pageRoundTrip(url) {
  const { request } = await import('node:http');
  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      request(`${url}/v1/invoices?page=2&per_page=${PER_PAGE}`, { headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
        .on('error', reject)
        .end();
    });
  const times = [];
  for (let i = 0; i < 9; i++) times.push(await once());
  return median(times);
}

// ---------------------------------------------------------------- figures

console.log(`fisco benchmark${QUICK ? ' (quick)' : ''}${STARTUP ? ' (start-up only)' : ''}: ${new Date().toISOString()}`);
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown cpu'} ×${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.versions.node}, ${process.platform}`,
);
console.log(`${'figure'.padEnd(58)}  ${'fisco'.padStart(8)}  ${'baseline'.padStart(8)}  ${'ratio'.padStart(7)}  goal`);
let total429 = 0;

// 1. Start-up, paired against `node -e 0`; 2. one list command on loopback against a bare node:http
// GET of the same URL. Each round gives every figure; several rounds give their median and spread.
const START_UP = [
  ['fisco --version  (vs node -e 0)', ['--version'], 1.15],
  ['fisco --help  (vs node -e 0)', ['--help'], 1.35],
  ['fisco invoice list --help  (vs node -e 0)', ['invoice', 'list', '--help'], 1.35],
];
const LIST_FIGURE = ['invoice list -o json, loopback  (vs bare node:http GET)', 2.5];
// The single executable (issue 42), built here unless BENCH_NO_EXE=1: the same figures, and its list against the npm launcher's.
const EXE = join(fileURLToPath(new URL('../dist', import.meta.url)), `fisco-${process.platform}-${process.arch}`);
const WITH_EXE = !process.env.BENCH_NO_EXE;
if (WITH_EXE) execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build-exe.mjs', import.meta.url))], { stdio: ['ignore', 'ignore', 'inherit'] });
const EXE_FIGURES = [
  ['executable --version  (vs node -e 0)', 1.15],
  ['executable invoice list -o json  (vs bare node:http GET)', 2.5],
  ['executable invoice list -o json  (vs the npm launcher)', 1.1],
];

async function startUpRound() {
  const floor = () => run(['-e', '0']);
  const round = [];
  for (const [name, args, goal] of START_UP) round.push({ name, goal, ...(await paired(() => fisco(args), floor)) });
  const emulator = await emulatorWith({});
  const getScript = join(home, 'get.cjs');
  writeFileSync(
    getScript,
    "const http = require('node:http');\nhttp.get(process.argv[2], { headers: { authorization: 'Bearer ' + process.argv[3] } }, (res) => {\n  let body = '';\n  res.on('data', (d) => (body += d)).on('end', () => process.stdout.write(JSON.stringify(JSON.parse(body).data)));\n});\n",
  );
  const env = { FISCO_BASE_URL: emulator.url };
  const list = await paired(
    () => fisco(['invoice', 'list', '-o', 'json'], { env }),
    () => run([getScript, `${emulator.url}/v1/invoices`, TOKEN]),
  );
  round.push({ name: LIST_FIGURE[0], goal: LIST_FIGURE[1], ...list });
  if (WITH_EXE) {
    round.push({ name: EXE_FIGURES[0][0], goal: EXE_FIGURES[0][1], ...(await paired(() => executable(['--version']), floor)) });
    const listArgs = ['invoice', 'list', '-o', 'json'];
    const get = () => run([getScript, `${emulator.url}/v1/invoices`, TOKEN]);
    round.push({ name: EXE_FIGURES[1][0], goal: EXE_FIGURES[1][1], ...(await paired(() => executable(listArgs, { env }), get)) });
    round.push({
      name: EXE_FIGURES[2][0],
      goal: EXE_FIGURES[2][1],
      ...(await paired(
        () => executable(listArgs, { env }),
        () => fisco(listArgs, { env }),
      )),
    });
  }
  await emulator.close();
  return round;
}

const rounds = [];
for (let i = 0; i < ROUNDS; i++) {
  const round = await startUpRound();
  rounds.push(round);
  if (ROUNDS > 1) console.log(`round ${i + 1} of ${ROUNDS} (load average ${loadavg()[0].toFixed(2)}):`);
  for (const r of round) figure(r.name, r.value, r.base, r.ratio, r.goal, ROUNDS > 1 ? '  ' : '');
}
if (ROUNDS > 1) {
  console.log(`median of ${ROUNDS} rounds (ratio spread: lowest–highest):`);
  for (const [i, { name, goal }] of rounds[0].entries()) {
    const of = (key) => median(rounds.map((round) => round[i][key]));
    const ratios = rounds.map((round) => round[i].ratio);
    figure(name, of('value'), of('base'), of('ratio'), goal, '', `  (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);
  }
}
if (STARTUP) {
  // 9. `fisco mcp` (bench/mcp.js): the first list_invoices answer after the server starts, against
  // `fisco invoice list -o json` as a process.
  {
    const { spawnSync } = await import('node:child_process');
    const mcp = spawnSync(process.execPath, [fileURLToPath(new URL('./mcp.js', import.meta.url)), ...(QUICK ? ['--quick'] : [])], { encoding: 'utf8' });
    process.stdout.write(mcp.stdout);
    if (mcp.status !== 0) {
      process.stderr.write(mcp.stderr);
      process.exitCode = 1;
    }
  }

  rmSync(home, { recursive: true, force: true });
  process.exit(process.exitCode ?? 0);
}

// 3. Exports and downloads at 80 ms latency.
{
  const { contract } = config;
  const emulator = await emulatorWith({ invoices: config.exportInvoices, f24s: config.f24s, latencyMs: LATENCY_MS, rateLimit: contract });
  const announced = await announces(emulator.url);
  emulator.setRateLimit(contract); // forget the probe: every run starts with a whole window
  const pages = Math.ceil(config.exportInvoices / PER_PAGE);
  // Until the emulator announces its limit, fisco is told the configured one (contract: 120/60000).
  const limitEnv = (limit) => (announced && limit.limit === 120 && limit.windowMs === 60_000 ? {} : { FISCO_RATE_LIMIT: `${limit.limit}/${limit.windowMs}` });
  const env = { FISCO_BASE_URL: emulator.url };

  const times = [];
  for (let i = 0; i < config.exportRuns; i++) {
    if (i > 0) emulator.setRateLimit(contract); // a fresh window for each run
    const r = await counting429(emulator, () => fisco(['invoice', 'list', '--all', '-o', 'ndjson'], { env: { ...env, ...limitEnv(contract) } }));
    total429 += r.count429;
    if (/429|rate limit/i.test(r.stderr)) console.log(`  note: fisco showed a rate-limit message: ${r.stderr.split('\n')[0]}`);
    times.push(r.ms);
  }
  const bound = exportBound(pages, LATENCY_MS, contract, PAGE_CONCURRENCY);
  figure(
    `invoice list --all -o ndjson, ${config.exportInvoices} invoices, ${contract.limit}/${contract.windowMs / 1000}s  (vs bound)`,
    median(times),
    bound,
    median(times) / bound,
    1.05,
  );

  emulator.setRateLimit(HIGH_LIMIT);
  // What one page really takes from this emulator: the configured latency plus its own time to
  // build and send 100 invoices, measured with a bare client in the same run.
  const pageMs = Math.max(LATENCY_MS, await pageRoundTrip(emulator.url));
  const high = [];
  for (let i = 0; i < config.runs; i += QUICK ? 2 : 3) {
    const r = await counting429(emulator, () =>
      fisco(['invoice', 'list', '--all', '-o', 'ndjson'], { env: { ...env, ...(announced ? {} : limitEnv(HIGH_LIMIT)) } }),
    );
    total429 += r.count429;
    high.push(r.ms);
  }
  const highBound = exportBound(pages, pageMs, HIGH_LIMIT, PAGE_CONCURRENCY);
  figure(
    `same, announced limit ${HIGH_LIMIT.limit}/${HIGH_LIMIT.windowMs / 1000}s${announced ? '' : ' (by FISCO_RATE_LIMIT)'}  (vs bound, ${PAGE_CONCURRENCY} in flight)`,
    median(high),
    highBound,
    median(high) / highBound,
    1.2,
  );
  const nominal = exportBound(pages, LATENCY_MS, HIGH_LIMIT, PAGE_CONCURRENCY);
  console.log(
    `  a page takes ${pageMs.toFixed(1)} ms from this emulator (bare GET, median); with ${LATENCY_MS} ms exactly the bound would be ${(nominal / 1000).toFixed(2)} s (${(median(high) / nominal).toFixed(2)}×)`,
  );

  emulator.setRateLimit(contract);
  const downloads = [];
  for (let i = 0; i < config.exportRuns; i++) {
    if (i > 0) emulator.setRateLimit(contract);
    const dir = join(home, `f24-${i}`);
    const r = await counting429(emulator, () => fisco(['f24', 'download', '--status', F24_STATUSES, '--dir', dir], { env: { ...env, ...limitEnv(contract) } }));
    total429 += r.count429;
    downloads.push(r.ms);
    rmSync(dir, { recursive: true, force: true });
  }
  const forms = emulator.store.f24s.filter((f) => f.accountId === emulator.accountId);
  const ready = forms.length;
  // One listing per status (fisco lists each status of --status in turn), then the files.
  const perStatus = new Map();
  for (const f of forms) perStatus.set(f.status, (perStatus.get(f.status) ?? 0) + 1);
  const listPages = [...perStatus.values()].reduce((n, count) => n + Math.ceil(count / PER_PAGE), 0);
  const downloadBound = listPages * LATENCY_MS + Math.ceil(ready / DOWNLOAD_CONCURRENCY) * LATENCY_MS;
  figure(
    `f24 download of ${ready} PDFs  (vs bound, ${DOWNLOAD_CONCURRENCY} at a time)`,
    median(downloads),
    downloadBound,
    median(downloads) / downloadBound,
    1.2,
  );
  await emulator.close();
}

// 4. Tables against ndjson, and peak RSS of --all in every format at two sizes (no latency).
const rssLines = [];
for (const size of config.sizes) {
  const emulator = await emulatorWith({ invoices: size, rateLimit: HIGH_LIMIT });
  const env = { FISCO_BASE_URL: emulator.url, ...((await announces(emulator.url)) ? {} : { FISCO_RATE_LIMIT: `${HIGH_LIMIT.limit}/${HIGH_LIMIT.windowMs}` }) };
  const results = {};
  for (const format of ['ndjson', 'table', 'json', 'csv']) {
    const r = await counting429(emulator, () => fisco(['invoice', 'list', '--all', '-o', format], { env, rss: true }));
    total429 += r.count429;
    results[format] = r;
  }
  if (size === config.sizes.at(-1)) {
    figure(`invoice list --all -o table, ${size} rows  (vs ndjson)`, results.table.ms, results.ndjson.ms, results.table.ms / results.ndjson.ms, 3);
  }
  rssLines.push([size, Object.fromEntries(Object.entries(results).map(([format, r]) => [format, r.rssKiB / 1024]))]);
  await emulator.close();
}
console.log('');
console.log(`peak RSS of invoice list --all (MiB)   ${['ndjson', 'table', 'json', 'csv'].map((f) => f.padStart(8)).join('')}`);
for (const [size, rss] of rssLines)
  console.log(
    `  ${String(size).padStart(7)} invoices                     ${['ndjson', 'table', 'json', 'csv'].map((f) => rss[f].toFixed(0).padStart(8)).join('')}`,
  );
const [small, large] = rssLines.map(([, rss]) => rss);
const growth = Math.max(...['ndjson', 'table', 'json', 'csv'].map((f) => large[f] / small[f]));
console.log(`  largest growth from ${config.sizes[0]} to ${config.sizes[1]}: ${growth.toFixed(2)}×  ≤ 1.10×  ${growth <= 1.1 ? 'ok' : 'MISSED'}`);
console.log(`429 answers sent by the emulator: ${total429}`);

// 5. A firm's month-end export of several companies (bench/firm-export.js), beside its bound.
console.log('');
{
  const { spawnSync } = await import('node:child_process');
  const firm = spawnSync(process.execPath, [fileURLToPath(new URL('./firm-export.js', import.meta.url))], {
    env: { ...process.env, BENCH_RUNS: QUICK ? '1' : '3' },
    encoding: 'utf8',
  });
  process.stdout.write(firm.stdout);
  if (firm.status !== 0) {
    process.stderr.write(firm.stderr);
    process.exitCode = 1;
  }
}

// 6. A month-end batch of invoices (bench/batch.js), beside its bound and with its requests per invoice.
{
  const { spawnSync } = await import('node:child_process');
  const batch = spawnSync(process.execPath, [fileURLToPath(new URL('./batch.js', import.meta.url)), ...(QUICK ? ['--quick'] : [])], { encoding: 'utf8' });
  process.stdout.write(batch.stdout);
  if (batch.status !== 0) {
    process.stderr.write(batch.stderr);
    process.exitCode = 1;
  }
}

// 6b. What the SDI's checks add to a 500-record `invoice batch --dry-run` (bench/sdi-checks.js; goal ≤ 10%).
{
  const { spawnSync } = await import('node:child_process');
  const sdi = spawnSync(process.execPath, [fileURLToPath(new URL('./sdi-checks.js', import.meta.url)), ...(QUICK ? ['--quick'] : [])], { encoding: 'utf8' });
  process.stdout.write(sdi.stdout);
  if (sdi.status !== 0) {
    process.stderr.write(sdi.stderr);
    process.exitCode = 1;
  }
}

// 7. Bank statements (bench/bank-match.js): reading a 10,000-credit camt.053 and matching it against
// 20,000 open invoices, beside reading it alone; peak memory at 1,000 and 10,000 credits.
console.log('');
{
  const { spawnSync } = await import('node:child_process');
  const bank = spawnSync(process.execPath, [fileURLToPath(new URL('./bank-match.js', import.meta.url)), ...(QUICK ? ['--quick'] : [])], { encoding: 'utf8' });
  process.stdout.write(bank.stdout);
  if (bank.status !== 0) {
    process.stderr.write(bank.stderr);
    process.exitCode = 1;
  }
}

// 8. The local mirror (bench/mirror.js): the first and a second sync, offline reads and search against
// `fisco --version`, and the sync's memory and file size.
console.log('');
{
  const { spawnSync } = await import('node:child_process');
  const mirror = spawnSync(process.execPath, [fileURLToPath(new URL('./mirror.js', import.meta.url)), ...(QUICK ? ['--quick'] : [])], { encoding: 'utf8' });
  process.stdout.write(mirror.stdout);
  if (mirror.status !== 0) {
    process.stderr.write(mirror.stderr);
    process.exitCode = 1;
  }
}

rmSync(home, { recursive: true, force: true });

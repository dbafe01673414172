// Benchmark of the local mirror (issue 29): `node bench/mirror.js [--quick]` after `npm run build`;
// `npm run bench` runs it too. Every figure is a ratio measured in this run:
//
//   1. the first `sync` of 3 companies × 20,000 invoices at 120 requests a minute on the 80 ms
//      loopback emulator, against the bound its own request count sets (rate limit and latency);
//   2. a second `sync` after 10 invoices changed: requests per resource and company (≤ 2), and the
//      changes are in the mirror;
//   3. `--offline invoice list` (first page) over 60,000 invoices, against `fisco --version`;
//   4. `--offline overview --all-accounts` over the 3 companies, against `fisco --version`;
//   5. `fisco search` over 60,000 invoices and 5,000 clients, against `fisco --version` (medians);
//   6. peak RSS of a first sync of 20,000 and of 100,000 invoices (one company, a high announced
//      limit), and the mirror file against the same records as ndjson.
//
// Start-up figures are medians of runs paired with `fisco --version` (alternately), as bench/run.js
// pairs its start-up figures with `node -e 0`.
//
// With FISCO_BENCH_PG_URL (a PostgreSQL server whose role may create databases: `eval "$(bash
// scripts/pg-test-cluster.sh start)"` and FISCO_BENCH_PG_URL=$FISCO_TEST_PG_URL), 1–6 again with the
// mirror on PostgreSQL (docs/mirror.md), in a database of its own dropped at the end (`--pg-only`: those
// alone): the sync
// against the same bound (≤ 1.1×), the first page ≤ 2×, search ≤ 2.5×, peak RSS flat (≤ 1.1×).

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmulator } from '../dist/emulator/index.js';

const BIN = fileURLToPath(new URL('../bin/fisco.js', import.meta.url));
const RSS = fileURLToPath(new URL('./rss.js', import.meta.url));
const QUICK = process.argv.includes('--quick');
const FIRM = 'demo-firm-bianchi';
const COMPANIES = ['acc_rossi', 'acc_verdi', 'acc_neri'];
const LATENCY_MS = 80;
const config = QUICK
  ? { invoices: 2_000, contract: { limit: 40, windowMs: 10_000 }, runs: 7, clients: 1_000, rss: [2_000, 10_000] }
  : { invoices: 20_000, contract: { limit: 120, windowMs: 60_000 }, runs: 15, clients: 5_000, rss: [20_000, 100_000] };
const HIGH = { limit: 100_000, windowMs: 60_000 };

const home = mkdtempSync(join(tmpdir(), 'fisco-bench-mirror-'));

function run(args, { env = {}, rss = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, rss ? [RSS, BIN, ...args] : [BIN, ...args], {
      env: { PATH: process.env.PATH, HOME: home, NO_COLOR: '1', FISCO_CONFIG_DIR: join(home, 'config'), ...env },
      stdio: ['ignore', 'pipe', 'pipe', rss ? 'pipe' : 'ignore'],
    });
    let stdout = '';
    let stderr = '';
    let maxRss = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    if (rss) child.stdio[3].on('data', (d) => (maxRss += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ms: Number(process.hrtime.bigint() - started) / 1e6, stdout, stderr, rssKiB: Number(maxRss) || undefined }));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
function figure(name, value, base, ratio, goal) {
  console.log(
    `${name.padEnd(58)}  ${fmt(value).padStart(8)}  ${fmt(base).padStart(8)}  ${ratio.toFixed(2).padStart(6)}×  ≤ ${goal.toFixed(2)}×  ${ratio <= goal ? 'ok' : 'MISSED'}`,
  );
}

/** Copies of each company's outbound invoices until it has `want` (as bench/run.js tops up one company). */
function topUpInvoices(store, accountId, want, offset) {
  const templates = store.invoices.filter((i) => i.accountId === accountId && i.direction === 'outbound');
  for (let n = templates.length; n < want; n++) {
    const t = templates[n % templates.length];
    const k = offset + n;
    store.invoices.push({
      ...t,
      id: String(1_000_000 + k),
      numericId: 1_000_000 + k,
      uuid: `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`,
      number: `B${k}/2026`,
      details: {},
    });
  }
}

function topUpClients(store, want) {
  const templates = store.clients.filter((c) => COMPANIES.includes(c.accountId));
  for (let n = templates.length; n < want; n++) {
    const t = templates[n % templates.length];
    store.clients.push({ ...t, id: 100_000 + n, name: `${t.name} ${n}`, accountId: COMPANIES[n % COMPANIES.length] });
  }
}

/** Median of per-pair ratios: the command, then `fisco --version`, alternately (after one warm-up each). */
async function paired(args, env) {
  const version = () => run(['--version']);
  const first = await run(args, { env });
  if (first.code !== 0) throw new Error(`${args.join(' ')} exited ${first.code}: ${first.stderr.slice(0, 300)}`);
  await version();
  const a = [];
  const b = [];
  const ratios = [];
  for (let i = 0; i < config.runs; i++) {
    const x = (await run(args, { env })).ms;
    const y = (await version()).ms;
    a.push(x);
    b.push(y);
    ratios.push(x / y);
  }
  return { value: median(a), base: median(b), ratio: median(ratios) };
}

function requestsSince(emulator, seq) {
  return emulator.store.requests.filter((r) => r.seq > seq);
}

/** A database of its own on FISCO_BENCH_PG_URL's server: the URL to it, and drop(). */
async function pgDatabase(server) {
  const name = `fisco_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const again = new pg.Client({ connectionString: server });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** Where the mirror is: the SQLite file (store.env empty), or a PostgreSQL database (FISCO_MIRROR_URL). */
const SQLITE = { name: '', env: {}, goals: { list: 1.5, search: 1.5 } };

async function syncFigures(store = SQLITE) {
  const emulator = await startEmulator({ port: 0, quiet: true, today: '2026-11-20', rateLimit: config.contract });
  COMPANIES.forEach((id, i) => topUpInvoices(emulator.store, id, config.invoices, i * 1_000_000));
  const data = join(home, 'data-firm');
  const env = {
    FISCO_TOKEN: FIRM,
    FISCO_BASE_URL: emulator.url,
    FISCO_DATA_DIR: data,
    ...(QUICK ? { FISCO_RATE_LIMIT: `${config.contract.limit}/${config.contract.windowMs}` } : {}),
    ...store.env,
  };
  emulator.setFaults({ latencyMs: LATENCY_MS });
  emulator.setRateLimit(config.contract);
  const before = emulator.store.requests.at(-1)?.seq ?? 0;
  const first = await run(['--accounts', COMPANIES.join(','), 'sync', '-o', 'json'], { env });
  if (first.code !== 0) throw new Error(`first sync exited ${first.code}: ${first.stderr.slice(0, 500)}`);
  const requests = requestsSince(emulator, before);
  const n = requests.length;
  const { limit, windowMs } = config.contract;
  const bound = Math.max(Math.floor((n - 1) / limit) * windowMs + LATENCY_MS, 2 * LATENCY_MS);
  const throttled = requests.filter((r) => r.status === 429).length;
  figure(
    `first sync${store.name}, 3 × ${config.invoices} invoices, ${limit}/${windowMs / 1000}s, ${LATENCY_MS} ms  (vs bound)`,
    first.ms,
    bound,
    first.ms / bound,
    1.1,
  );
  console.log(`  ${n} requests (${throttled} answered 429); bound: ⌊(${n} − 1) / ${limit}⌋ × ${windowMs / 1000} s + ${LATENCY_MS} ms`);

  // 2. Ten invoices changed (paid), then a second sync.
  // Unpaid ones (an invoice already paid would not change).
  const changed = emulator.store.invoices
    .filter(
      (i) =>
        COMPANIES.includes(i.accountId) && i.direction === 'outbound' && i.sdi_status === 'accepted' && i.tipo_documento === 'TD01' && i.amount_paid === '0.00',
    )
    .slice(0, 10);
  const at = new Date(Date.parse('2026-11-20T12:00:00+01:00')).toISOString();
  for (const invoice of changed) {
    invoice.amount_paid = invoice.total_amount;
    invoice.updatedAt = emulator.store.requests.at(-1)?.at ?? at;
  }
  emulator.setRateLimit(config.contract);
  const mark = emulator.store.requests.at(-1)?.seq ?? 0;
  const second = await run(['--accounts', COMPANIES.join(','), 'sync', '-o', 'json'], { env });
  if (second.code !== 0) throw new Error(`second sync exited ${second.code}: ${second.stderr.slice(0, 500)}`);
  const perResource = new Map();
  for (const r of requestsSince(emulator, mark)) {
    if (r.path === '/v1/me' || r.path === '/v1/accounts') continue;
    const resource = `${r.query.account_id} ${r.path}${r.query.direction ? ` ${r.query.direction}` : ''}${r.query.periodo ? ` ${r.query.periodo}` : ''}`;
    perResource.set(resource, (perResource.get(resource) ?? 0) + 1);
  }
  const worst = Math.max(...perResource.values());
  const totalChanged = JSON.parse(second.stdout).reduce((sum, row) => sum + row.changed, 0);
  const paid = await run(['--offline', '--accounts', COMPANIES.join(','), 'invoice', 'list', '--all', '--payment-status', 'paid', '-o', 'ndjson'], { env });
  const inMirror = changed.filter((i) => paid.stdout.includes(`"uuid":"${i.uuid}"`)).length;
  console.log(
    `second sync after 10 invoices changed: ${second.ms.toFixed(0)} ms, ${[...perResource.values()].reduce((a, b) => a + b, 0)} requests, at most ${worst} per resource and company  ≤ 2  ${worst <= 2 ? 'ok' : 'MISSED'}`,
  );
  console.log(`  changed records: ${totalChanged}; the 10 paid invoices offline as paid: ${inMirror}/10  ${inMirror === 10 ? 'ok' : 'MISSED'}`);

  // 3–5. Reads of the mirror, paired with fisco --version.
  const list = await paired(['--offline', '--account', 'acc_rossi', 'invoice', 'list', '-o', 'json'], env);
  figure(
    `--offline invoice list${store.name} (first page), ${3 * config.invoices} invoices  (vs fisco --version)`,
    list.value,
    list.base,
    list.ratio,
    store.goals.list,
  );
  const overview = await paired(['--offline', '--accounts', COMPANIES.join(','), 'overview', '-o', 'json'], env);
  figure(
    `--offline overview${store.name}, 3 companies, ${3 * config.invoices} invoices  (vs fisco --version)`,
    overview.value,
    overview.base,
    overview.ratio,
    3,
  );
  emulator.setFaults({ latencyMs: 0 });
  emulator.setRateLimit(HIGH);
  topUpClients(emulator.store, config.clients);
  const withClients = await run(['--accounts', COMPANIES.join(','), 'sync'], { env: { ...env, FISCO_RATE_LIMIT: `${HIGH.limit}/${HIGH.windowMs}` } });
  if (withClients.code !== 0) throw new Error(`sync with clients exited ${withClients.code}: ${withClients.stderr.slice(0, 300)}`);
  // The firm token manages a fourth company this bench never syncs: a search of every company is refused (exit 2), so it names the three.
  const search = await paired(['search', 'zeta', 'trasporti', '--accounts', COMPANIES.join(',')], env);
  figure(
    `search${store.name}, ${3 * config.invoices} invoices and ${config.clients} clients  (vs fisco --version)`,
    search.value,
    search.base,
    search.ratio,
    store.goals.search,
  );
  await emulator.close();
}

/** Peak RSS of a first sync of one company with `invoices` invoices (a high limit), and the file against its records as ndjson. */
async function rssOf(invoices, store = SQLITE) {
  const emulator = await startEmulator({ port: 0, quiet: true, today: '2026-11-20', rateLimit: HIGH });
  topUpInvoices(emulator.store, 'acc_rossi', invoices, 0);
  const data = join(home, `data-rss-${invoices}`);
  const env = {
    FISCO_TOKEN: 'demo-prod-rossi',
    FISCO_BASE_URL: emulator.url,
    FISCO_DATA_DIR: data,
    FISCO_RATE_LIMIT: `${HIGH.limit}/${HIGH.windowMs}`,
    ...store.env,
  };
  const result = await run(['sync'], { env, rss: true });
  if (result.code !== 0) throw new Error(`sync exited ${result.code}: ${result.stderr.slice(0, 300)}`);
  if (store !== SQLITE) {
    await emulator.close();
    return { rssMiB: result.rssKiB / 1024, ms: result.ms };
  }
  const dir = join(data, 'mirror');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite'));
  const bytes = statSync(join(dir, file)).size;
  // The same records as ndjson: each one's JSON (exactly what `-o ndjson` prints for it) and a newline.
  let ndjson = 0;
  for (const args of [
    ['invoice', 'list', '--all'],
    ['invoice', 'list', '--all', '--direction', 'inbound'],
    ['clients', 'list', '--all'],
    ['cost-centers', 'list', '--all'],
    ['expenses', 'list', '--all'],
    ['f24', 'list', '--all'],
    ['deadlines', 'list', '--all'],
  ]) {
    ndjson += Buffer.byteLength((await run(['--offline', ...args, '-o', 'ndjson'], { env })).stdout);
  }
  await emulator.close();
  return { rssMiB: result.rssKiB / 1024, ms: result.ms, bytes, ndjson };
}

console.log(`mirror benchmark${QUICK ? ' (quick)' : ''}: ${new Date().toISOString()}`);
// --pg-only: the PostgreSQL figures alone (with FISCO_BENCH_PG_URL); --rss-only: the memory and file figures alone.
if (!process.argv.includes('--pg-only')) {
  if (!process.argv.includes('--rss-only')) await syncFigures();
  const [small, large] = [await rssOf(config.rss[0]), await rssOf(config.rss[1])];
  console.log(
    `peak RSS of a first sync: ${small.rssMiB.toFixed(0)} MiB at ${config.rss[0]} invoices (${fmt(small.ms)}), ${large.rssMiB.toFixed(0)} MiB at ${config.rss[1]} (${fmt(large.ms)})`,
  );
  const growth = large.rssMiB / small.rssMiB;
  console.log(`  growth: ${growth.toFixed(2)}×  ≤ 1.10×  ${growth <= 1.1 ? 'ok' : 'MISSED'}`);
  const size = large.bytes / large.ndjson;
  console.log(
    `mirror file at ${config.rss[1]} invoices: ${(large.bytes / 2 ** 20).toFixed(1)} MiB; the same records as ndjson: ${(large.ndjson / 2 ** 20).toFixed(1)} MiB: ${size.toFixed(2)}×  ≤ 1.50×  ${size <= 1.5 ? 'ok' : 'MISSED'}`,
  );
}

// The same with the mirror on PostgreSQL.
if (process.env.FISCO_BENCH_PG_URL) {
  const databases = [];
  const onPostgres = async () => {
    const database = await pgDatabase(process.env.FISCO_BENCH_PG_URL);
    databases.push(database);
    return { name: ' (PostgreSQL)', env: { FISCO_MIRROR_URL: database.url }, goals: { list: 2, search: 2.5 } };
  };
  try {
    if (!process.argv.includes('--rss-only')) await syncFigures(await onPostgres());
    const [a, b] = [await rssOf(config.rss[0], await onPostgres()), await rssOf(config.rss[1], await onPostgres())];
    console.log(
      `peak RSS of a first sync (PostgreSQL): ${a.rssMiB.toFixed(0)} MiB at ${config.rss[0]} invoices (${fmt(a.ms)}), ${b.rssMiB.toFixed(0)} MiB at ${config.rss[1]} (${fmt(b.ms)})`,
    );
    const grew = b.rssMiB / a.rssMiB;
    console.log(`  growth: ${grew.toFixed(2)}×  ≤ 1.10×  ${grew <= 1.1 ? 'ok' : 'MISSED'}`);
  } finally {
    for (const database of databases) await database.drop();
  }
}
rmSync(home, { recursive: true, force: true });

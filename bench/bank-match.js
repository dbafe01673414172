// Benchmark of issue 18: reading a 10,000-credit camt.053 alone, beside reading it and matching its
// credits against 20,000 open invoices (no network: the statement reader and the matcher are pure),
// goal ≤ 2× the reading time; and the peak memory of read + match at 1,000 and 10,000 credits, goal
// flat within 10%; then scale: reading's time per credit at 10,000 credits beside 1,000, and the
// matcher's two passes over the same credits against 20,000 invoices beside 5,000 (SCALE: the unit
// tests' large runs), goals ≤ 1.5×. `node bench/bank-match.js [--quick]` (bench/run.js runs it).
//
// The readers (src/bank/read/), the matcher (src/bank/matcher.ts) and the emulator's camt.053 writer
// (src/emulator/statements/camt.ts) are bundled from the sources with esbuild into a temporary folder
// (the build has no per-module output for them). Every figure is measured in a fresh process, the
// same way for both modes and both sizes: the statement is read as bank match reads it, as a stream
// of 64 KiB chunks from the file (StatementReader); in match mode each movement goes through the two
// passes bank match makes (src/bank/passes.ts: the first pass as it is read, the movement kept in the
// spool, then the second pass over the spool once the whole statement is read, issue 27); the time
// inside the process (from opening the file to the last proposal), the median of several runs; the
// peak RSS from process.resourceUsage().maxRSS at the end of the process, the median of three
// processes per size.
//
// The data: 20,000 open invoices of 500 clients; each credit pays invoices no other credit pays —
// quoting the number (40%), by the payer's name and the exact residue (20%), several invoices of one
// client at once (10%), part of an invoice with its number (10%), an invoice less a 1.50 fee (10%), or
// nothing at all (10%).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const INVOICES = 20_000;
const CLIENTS = 500;
const TODAY = '2026-11-20';

// ---------------------------------------------------------------- data (the same in every process)

function rng(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const fromCents = (c) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
const LEGAL = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'Srl'];
const WORDS = [
  'Alfa',
  'Beta',
  'Gamma',
  'Delta',
  'Epsilon',
  'Zeta',
  'Eta',
  'Theta',
  'Iota',
  'Kappa',
  'Lambda',
  'Sigma',
  'Omega',
  'Nord',
  'Sud',
  'Adriatica',
  'Tirrenica',
  'Alpina',
];
const TRADES = [
  'Logistica',
  'Software',
  'Ristorazione',
  'Impianti',
  'Trasporti',
  'Energia',
  'Costruzioni',
  'Servizi',
  'Consulting',
  'Meccanica',
  'Tessile',
  'Alimentari',
];

function clients() {
  const r = rng(7);
  return Array.from({ length: CLIENTS }, (_, k) => ({
    name: `${WORDS[k % WORDS.length]} ${TRADES[Math.floor(k / WORDS.length) % TRADES.length]} ${k} ${LEGAL[r(LEGAL.length)]}`,
    vat: String(10_000_000_000 + k * 7919).slice(0, 11),
  }));
}

export function openInvoices() {
  const r = rng(11);
  const cs = clients();
  return Array.from({ length: INVOICES }, (_, k) => {
    const c = cs[k % CLIENTS];
    const due = 5_000 + r(500_000);
    const month = String(1 + (k % 11)).padStart(2, '0');
    return {
      id: String(k + 1),
      uuid: `00000000-0000-4000-8000-${String(k + 1).padStart(12, '0')}`,
      number: `${k + 1}/2026`,
      issueDate: `2026-${month}-${String(1 + (k % 28)).padStart(2, '0')}`,
      counterpartName: c.name,
      counterpartVat: c.vat,
      totalAmount: fromCents(due),
      amountDue: fromCents(due),
    };
  });
}

/** A statement scenario of `credits` credits against openInvoices() (the emulator writer's input shape). */
function scenario(credits) {
  const invoices = openInvoices();
  const r = rng(13);
  const byClient = new Map();
  invoices.forEach((inv) => byClient.set(inv.counterpartVat, [...(byClient.get(inv.counterpartVat) ?? []), inv]));
  const used = new Set();
  let cursor = 0;
  const take = () => {
    while (used.has(invoices[cursor % INVOICES].id)) cursor++;
    const inv = invoices[cursor % INVOICES];
    used.add(inv.id);
    cursor += 1;
    return inv;
  };
  const cents = (a) => Math.round(Number(a) * 100);
  const movements = [];
  for (let k = 0; k < credits; k++) {
    const kind = k % 10;
    const date = `2026-11-${String(1 + (k % 19)).padStart(2, '0')}`;
    let amount;
    let name;
    let text;
    const inv = take();
    name = inv.counterpartName;
    if (kind < 4) {
      amount = cents(inv.amountDue);
      text = `Saldo fatt. n. ${inv.number}`;
    } else if (kind < 6) {
      amount = cents(inv.amountDue);
      name = name.toUpperCase().replace(/\./g, '');
      text = 'BONIFICO SEPA';
    } else if (kind === 6) {
      // Several invoices of one client: this one and the client's oldest unused other.
      const other = byClient.get(inv.counterpartVat).find((i) => !used.has(i.id));
      if (other) used.add(other.id);
      amount = cents(inv.amountDue) + (other ? cents(other.amountDue) : 0);
      text = 'Pagamento fatture';
    } else if (kind === 7) {
      amount = Math.max(100, Math.floor(cents(inv.amountDue) * 0.4));
      text = `Acconto fattura ${inv.number}`;
    } else if (kind === 8) {
      amount = cents(inv.amountDue) - 150;
      text = `FT ${inv.number}`;
    } else {
      amount = 900_000_000 + r(100_000) * 100 + k;
      name = `Privato ${k}`;
      text = 'GIROCONTO';
    }
    movements.push({
      kind: 'bench',
      bankRef: `B${String(k).padStart(9, '0')}`,
      endToEndId: `E2E-${k}`,
      bookingDate: date,
      valueDate: date,
      amount: fromCents(amount),
      currency: 'EUR',
      direction: 'credit',
      reversal: false,
      counterparty: { name, iban: 'IT60X0542811101000000123456' },
      remittance: text,
      pays: [],
    });
  }
  return {
    accountId: 'acc_bench',
    companyName: 'Bench S.r.l.',
    companyVat: '01234567890',
    iban: 'IT60X0542811101000000123456',
    currency: 'EUR',
    today: TODAY,
    fromDate: '2026-11-01',
    toDate: TODAY,
    openingBalance: '0.00',
    closingBalance: '0.00',
    movements,
  };
}

// ---------------------------------------------------------------- scale: the same credits, 4× the invoices

function scaleInvoice(id, amount, counterpartName, extra = {}) {
  return { id, uuid: `uuid-${id}`, number: `${id.slice(1)}/2026`, issueDate: '2026-10-01', counterpartName, totalAmount: amount, amountDue: amount, ...extra };
}

function scaleCredit(k, amount, remittance, payer) {
  return {
    key: `ref:S${k}`,
    source: { file: 'bench.xml', format: 'camt.053', location: `Ntry[${k}]` },
    bookingDate: TODAY,
    amount,
    currency: 'EUR',
    direction: 'credit',
    reversal: false,
    payer: { name: payer },
    remittance,
    references: { bank: `S${k}` },
  };
}

/**
 * The matcher's large unit tests (test/unit/bank/match.test.ts, "at scale") with `n` invoices: the
 * credits are the same whatever `n` (they pay the first invoices, or nothing), so the work of one
 * credit must not grow with the invoices (goal ≤ 1.5×): one scan of them per credit measured 1.6× to
 * 2.2× (the rest of a credit's work does not grow), where the matcher as it is measures 0.8× to 1.2×.
 */
const SCALE = {
  // A company that invoices one client only: 2,000 credits, half paying an invoice, half nothing.
  'one client': (n) => {
    const invoices = Array.from({ length: n }, (_, k) =>
      scaleInvoice(`s${k + 1}`, fromCents(10_000 + (k % 700_000) * 100 + ((k * 37) % 100)), 'Comune di Sesto Fiorentino', {
        counterpartVat: '05678900480',
        issueDate: `2026-${String((k % 12) + 1).padStart(2, '0')}-01`,
      }),
    );
    const movements = Array.from({ length: 2_000 }, (_, k) =>
      scaleCredit(k, k % 2 === 0 ? invoices[k].amountDue : `${90_000 + k}.77`, 'mandato di pagamento', 'COMUNE DI SESTO FIORENTINO'),
    );
    return { invoices, movements };
  },
  // A word every client has: 5,000 payers sharing STUDIO SERVIZI with every client, their number with one.
  'shared word': (n) => {
    const invoices = Array.from({ length: n }, (_, k) =>
      scaleInvoice(`w${k + 1}`, fromCents(10_000 + (k % 9000) * 100 + (k % 100)), `Studio Servizi ${100 + k} S.r.l.`),
    );
    const movements = Array.from({ length: 5_000 }, (_, k) => scaleCredit(k, `${50_000 + k}.01`, 'bonifico', `Studio Servizi Associati ${100 + k}`));
    return { invoices, movements };
  },
  // 400 clients: 5,000 credits quoting the number, by the payer's name, or nothing, each paying a different invoice.
  'many clients': (n) => {
    const names = Array.from({ length: 400 }, (_, k) => `Cliente ${['Alfa', 'Beta', 'Gamma', 'Delta'][k % 4]} ${k} S.r.l.`);
    const invoices = Array.from({ length: n }, (_, k) =>
      scaleInvoice(`i${k + 1}`, fromCents(10_000 + (k % 5000) * 100 + (k % 100)), names[k % names.length], {
        issueDate: `2026-${String((k % 12) + 1).padStart(2, '0')}-01`,
      }),
    );
    const movements = Array.from({ length: 5_000 }, (_, k) => {
      const target = invoices[k % 5_000];
      if (k % 3 === 0) return scaleCredit(k, target.amountDue, `saldo fattura n. ${target.number}`, target.counterpartName);
      if (k % 3 === 1) return scaleCredit(k, target.amountDue, 'bonifico', target.counterpartName.toUpperCase());
      return scaleCredit(k, `${k % 900}.13`, 'giroconto', 'Sconosciuto Spa');
    });
    return { invoices, movements };
  },
};

// ---------------------------------------------------------------- worker: one measurement per process

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (isMain && process.argv[2] === '--worker') {
  const [, , , bundle, file, mode] = process.argv;
  const { StatementReader, createMatcher, TwoPasses } = await import(pathToFileURL(bundle).href);
  const { createReadStream } = await import('node:fs');
  const invoices = mode === 'match' ? openInvoices() : undefined;
  const started = performance.now();
  const matcher = invoices ? createMatcher(invoices, { feeTolerance: '1.50' }) : undefined;
  const passes = matcher ? new TwoPasses(() => matcher) : undefined;
  const reader = new StatementReader('bench.xml');
  let movements = 0;
  let matched = 0;
  const take = (list) => {
    for (const m of list) {
      movements++;
      passes?.add('bench', m);
    }
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 })) take(reader.push(chunk));
  take(reader.end());
  if (passes) {
    for await (const { proposal } of passes.proposals()) if (proposal.status === 'proposed') matched++;
    passes.close();
  }
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, movements, matched, rssKiB: process.resourceUsage().maxRSS }));
  process.exit(0);
}

// `--scale BUNDLE SCENARIO INVOICES`: the two passes alone (the index built first, not timed) of one
// scenario of bench/bank-match.js's scale figures (the matcher's unit tests at scale, which read no clock).
if (isMain && process.argv[2] === '--scale') {
  const [, , , bundle, name, count] = process.argv;
  const { createMatcher } = await import(pathToFileURL(bundle).href);
  const { invoices, movements } = SCALE[name](Number(count));
  const matcher = createMatcher(invoices, { feeTolerance: '1.50' });
  const started = performance.now();
  const firsts = movements.map((m) => matcher.first(m));
  let matched = 0;
  movements.forEach((m, i) => {
    const proposal = firsts[i].final ? firsts[i].proposal : matcher.second(m);
    if (proposal.status === 'proposed') matched++;
  });
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, matched }));
  process.exit(0);
}

// `--write N FILE BUNDLE`: writes the N-credit statement (to look at it, or profile a worker on it).
if (isMain && process.argv[2] === '--write') {
  const [, , , n, file, bundle] = process.argv;
  const { camt053 } = await import(pathToFileURL(bundle).href);
  writeFileSync(file, camt053(scenario(Number(n)), '02'));
  process.exit(0);
}

// ---------------------------------------------------------------- main

if (isMain && !process.argv.slice(2).some((a) => a.startsWith('--w') || a === '--scale')) await main();

async function main() {
  const QUICK = process.argv.includes('--quick');
  const RUNS = QUICK ? 3 : 7;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tmp = mkdtempSync(join(tmpdir(), 'fisco-bench-bank-'));
  const { build } = await import('esbuild');
  const entry = join(tmp, 'entry.ts');
  writeFileSync(
    entry,
    [
      `export { StatementReader } from ${JSON.stringify(join(root, 'src/bank/read/index.ts'))};`,
      `export { createMatcher } from ${JSON.stringify(join(root, 'src/bank/matcher.ts'))};`,
      `export { TwoPasses } from ${JSON.stringify(join(root, 'src/bank/passes.ts'))};`,
      `export { camt053 } from ${JSON.stringify(join(root, 'src/emulator/statements/camt.ts'))};`,
    ].join('\n'),
  );
  const bundle = join(tmp, 'bank.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile: bundle,
    logLevel: 'silent',
    absWorkingDir: root,
  });
  const { camt053 } = await import(pathToFileURL(bundle).href);

  function worker(file, mode) {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--worker', bundle, file, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (code) =>
        code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`worker ${mode} exited ${code}: ${err.split('\n').slice(0, 5).join(' | ')}`)),
      );
    });
  }
  function scaleWorker(name, invoices) {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--scale', bundle, name, String(invoices)], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (code) =>
        code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`scale worker ${name} exited ${code}: ${err.split('\n').slice(0, 5).join(' | ')}`)),
      );
    });
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const fmt = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

  try {
    const files = {};
    for (const n of [1_000, 10_000]) {
      files[n] = join(tmp, `camt053-${n}.xml`);
      writeFileSync(files[n], camt053(scenario(n), '02'));
    }
    // Time: read alone and read + match, alternately, in fresh processes.
    const parse = [];
    const both = [];
    const ratios = [];
    let last;
    await worker(files[10_000], 'parse'); // warm the file cache
    for (let i = 0; i < RUNS; i++) {
      const a = await worker(files[10_000], 'parse');
      const b = await worker(files[10_000], 'match');
      parse.push(a.ms);
      both.push(b.ms);
      ratios.push(b.ms / a.ms);
      last = b;
    }
    const ratio = median(ratios);
    const name = `bank match: read + match 10,000 credits vs 20,000 invoices  (vs read alone)`;
    console.log(
      `${name.padEnd(58)}  ${fmt(median(both)).padStart(8)}  ${fmt(median(parse)).padStart(8)}  ${ratio.toFixed(2).padStart(6)}×  ≤ 2.00×  ${ratio <= 2 ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `  ${last.movements} credits read, ${last.matched} proposed; the statement is ${(readFileSync(files[10_000]).length / 2 ** 20).toFixed(1)} MiB`,
    );
    // Memory: peak RSS of read + match at 1,000 and 10,000 credits (median of three each).
    const rss = { parse: {}, match: {} };
    for (const mode of ['match', 'parse']) {
      for (const n of [1_000, 10_000]) {
        const runs = [];
        for (let i = 0; i < 3; i++) runs.push((await worker(files[n], mode)).rssKiB / 1024);
        rss[mode][n] = median(runs);
      }
    }
    const growth = rss.match[10_000] / rss.match[1_000];
    console.log(
      `  peak RSS of read + match: ${rss.match[1_000].toFixed(0)} MiB at 1,000 credits, ${rss.match[10_000].toFixed(0)} MiB at 10,000: ${growth.toFixed(2)}×  ≤ 1.10×  ${growth <= 1.1 ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `  (read alone: ${rss.parse[1_000].toFixed(0)} MiB at 1,000 credits, ${rss.parse[10_000].toFixed(0)} MiB at 10,000; matching adds ${(rss.match[1_000] - rss.parse[1_000]).toFixed(0)} and ${(rss.match[10_000] - rss.parse[10_000]).toFixed(0)} MiB)`,
    );
    // Scale: reading ten times the credits, and matching the same credits against 4× the invoices.
    const pairs = async (first, second) => {
      const ratios = [];
      const a = [];
      const b = [];
      for (let i = 0; i < RUNS; i++) {
        const x = await first();
        const y = await second();
        a.push(x.ms);
        b.push(y.ms);
        ratios.push(x.ratio(y));
      }
      return { value: median(a), base: median(b), ratio: median(ratios) };
    };
    const line = (name, { value, base, ratio }, goal) =>
      console.log(
        `${name.padEnd(58)}  ${fmt(value).padStart(8)}  ${fmt(base).padStart(8)}  ${ratio.toFixed(2).padStart(6)}×  ≤ ${goal.toFixed(2)}×  ${ratio <= goal ? 'ok' : 'MISSED'}`,
      );
    const perCredit = (n) => async () => {
      const r = await worker(files[n], 'parse');
      return { ms: r.ms, ratio: (other) => r.ms / n / (other.ms / 1_000) };
    };
    line('bank read: 10,000 credits vs 1,000, time per credit', await pairs(perCredit(10_000), perCredit(1_000)), 1.5);
    for (const name of Object.keys(SCALE)) {
      const scale = (n) => async () => {
        const r = await scaleWorker(name, n);
        return { ms: r.ms, ratio: (other) => r.ms / other.ms };
      };
      line(`bank match (${name}): 20,000 invoices vs 5,000`, await pairs(scale(20_000), scale(5_000)), 1.5);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The proof of issue 28, "never twice": seeded, repeatable runs of `invoice batch`, `bank apply`,
 * `invoice create` and `invoice pay` against an emulator as unkind as the contract allows —
 *
 * - a slow service: every write is held 100–400 ms, and one whose client dies meanwhile is still
 *   applied 1–4 s later (the fault rule `late`);
 * - creation answers whose id differs from the list's (`creationIdOffset`);
 * - payments that do not change what `updated_since` returns (`paymentsMoveUpdatedSince: false`);
 * - twins in the batch file (records with identical content);
 *
 * — each run killed with SIGKILL at a journal step (FISCO_TEST_CRASH_AT), while a chosen request
 * is held (mid-request), right after a chosen request was answered, or at a random instant,
 * sometimes twice in a row; then run again (`--wait`) until it is done. Once every held request
 * has been applied, the emulator's state holds each record exactly once, every time.
 *
 * Four lanes (one per command, each with its own emulator) run at once. FISCO_CRASH_RUNS sets the
 * number of runs (default 18), FISCO_CRASH_SEED the seed (default 28): a failure names both.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBankAccount, camt053, openInvoices, validIban, type Credit, type OpenInvoice } from './bank-fixtures.js';
import { ndjson, piva, spawnBin, until, type Rec } from './batch-helpers.js';
import { harness, TOKENS, type Harness } from './harness.js';

const RUNS = Number(process.env.FISCO_CRASH_RUNS ?? 18);
const SEED = Number(process.env.FISCO_CRASH_SEED ?? 28);
const PER_LANE = Math.max(1, Math.ceil(RUNS / 3));
const IBAN = validIban('X0542811101000000123456');
/** A short deadline: a request that may still arrive is sent again 6 s after it left (1 s + the 5 s margin). */
const SHORT = ['--timeout', '1'];

/** mulberry32: a small seeded PRNG, so a run can be repeated exactly. */
function rngOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
type Rng = ReturnType<typeof rngOf>;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-crash-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function lane(): Promise<Harness> {
  // Enough open invoices of distinct clients for every bank run.
  const h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 }, sizes: { invoices: 400, clients: 200 } });
  h.emulator.setFaults({ creationIdOffset: 9_000, paymentsMoveUpdatedSince: false });
  return h;
}

/** POSTs the emulator has received: answered (logged) and held now. */
const postsArrived = (h: Harness) => h.emulator.store.requests.filter((r) => r.method === 'POST').length + h.emulator.holding();

interface Case {
  /** The command, without the global flags. */
  args: string[];
  /** Writes it sends on a clean run (for choosing where to kill). */
  writes: number;
  /** Checks the emulator's state: each record exactly once. */
  verify(): void;
  /**
   * Whether a killed run had already told its user the work is done (a SIGKILL can land after the
   * last line was printed and the journal removed, before the process exits): such a run is done,
   * and running the command again is a new request, not a re-run.
   */
  reported?(stderr: string): boolean;
}

type Kill = { how: 'step'; at: string } | { how: 'held'; post: number } | { how: 'answered'; post: number } | { how: 'instant'; ms: number };

function chooseKill(rng: Rng, writes: number): Kill {
  const how = rng.pick(['step', 'held', 'answered', 'instant'] as const);
  if (how === 'step') return { how, at: `${rng.pick(['before-sending', 'after-sending', 'after-response'])}:${rng.int(1, writes)}` };
  if (how === 'instant') return { how, ms: rng.int(0, 2_500) };
  return { how, post: rng.int(1, writes) };
}

/** One run of the command, killed as `kill` says; a run that finishes first is done (exit 0: nothing is run again). */
async function killedRun(h: Harness, made: Case, args: string[], kill: Kill): Promise<{ line: string; done: boolean }> {
  const extra: Record<string, string> = kill.how === 'step' ? { FISCO_TEST_CRASH_AT: kill.at } : {};
  const from = postsArrived(h);
  const child = spawnBin(h, [...SHORT, ...args], TOKENS.prod, extra);
  let exited = false;
  void child.then(() => (exited = true));
  if (kill.how === 'held' || kill.how === 'answered') {
    // Mid-request: the chosen POST is held by the service; just answered: it has been logged.
    const reached = () =>
      kill.how === 'held' ? postsArrived(h) - from >= kill.post : h.emulator.store.requests.filter((r) => r.method === 'POST').length >= from + kill.post;
    await until(() => exited || reached(), 'the chosen request', 30_000);
  } else if (kill.how === 'instant') await new Promise((r) => setTimeout(r, kill.ms));
  child.kill('SIGKILL');
  const result = await child;
  const reported = result.exitCode !== 0 && made.reported?.(String(result.stderr)) === true;
  const outcome = `${result.signal ?? `exit ${result.exitCode}`}${reported ? ' after reporting it done' : ''}`;
  return { line: `${JSON.stringify(kill)} → ${outcome}`, done: result.exitCode === 0 || reported };
}

/** A scenario: the first run killed, sometimes the next one too, then runs with --wait until done; then each record exactly once. */
async function scenario(h: Harness, rng: Rng, made: Case, label: string): Promise<void> {
  h.emulator.injectFault({ method: 'POST', path: '/fatture/.*', times: 1_000_000, action: 'late', holdMs: rng.int(100, 400) });
  // A run that completed is not run again: `invoice create` run again after it finished is a second invoice, on purpose.
  const first = await killedRun(h, made, made.args, chooseKill(rng, made.writes));
  const story = [first.line];
  let last = { exitCode: first.done ? 0 : -1, stderr: '' };
  if (!first.done && rng.next() < 0.3) {
    const second = await killedRun(h, made, [...made.args, '--wait'], chooseKill(rng, made.writes));
    story.push(second.line);
    if (second.done) last = { exitCode: 0, stderr: '' };
  }
  for (let attempt = 0; attempt < 4 && last.exitCode !== 0; attempt++) {
    last = await h.run([...SHORT, ...made.args, '--wait'], { timeout: 60_000 });
    story.push(`re-run → exit ${last.exitCode}`);
  }
  const what = `${label} (FISCO_CRASH_SEED=${SEED}): ${story.join('; ')}`;
  expect(last.exitCode, `${what}\n${last.stderr}`).toBe(0);
  // Every request held by the slow service is applied (or let go) before the state is counted.
  await until(() => h.emulator.holding() === 0, 'the held requests to be applied', 30_000);
  h.emulator.clearFaults();
  h.emulator.setFaults({ creationIdOffset: 9_000, paymentsMoveUpdatedSince: false });
  try {
    made.verify();
  } catch (error) {
    throw new Error(`${what}\n${(error as Error).message}\n${last.stderr}`);
  }
}

const countFor = (h: Harness, client: string) => h.emulator.store.invoices.filter((i) => i.counterpart.name === client).length;

/** A batch of 5 records with twins: records 2 and 3 identical, 4 and 5 identical (in one run of two, 4 and 5 differ). */
function batchCase(h: Harness, rng: Rng, n: number): Case {
  const client = (k: number): Rec => ({
    ref: `S${n}-R${k}`,
    client: `Gemelli ${n}-${k} S.r.l.`,
    vat: piva(300_000 + n * 10 + k),
    items: [{ name: 'Canone', qty: '1', price: `${100 + rng.int(0, 50)}.00`, vat: '22' }],
  });
  const a = client(1);
  const b = client(2);
  const c = client(4);
  const twinsTwice = rng.next() < 0.5;
  const recs: Rec[] = [a, b, { ...b, ref: `S${n}-R3` }, c, twinsTwice ? { ...c, ref: `S${n}-R5` } : client(5)];
  const file = join(dir, `batch-${n}.ndjson`);
  writeFileSync(file, ndjson(recs));
  return {
    args: ['invoice', 'batch', file, ...(rng.next() < 0.5 ? ['--send', '--yes'] : ['--draft'])],
    writes: recs.length,
    verify() {
      const expected = new Map<string, number>();
      for (const r of recs) expected.set(r.client, (expected.get(r.client) ?? 0) + 1);
      for (const [name, count] of expected) expect(countFor(h, name), `invoices of ${name}`).toBe(count);
    },
  };
}

function createCase(h: Harness, rng: Rng, n: number): Case {
  const name = `Singola ${n} S.r.l.`;
  return {
    args: [
      'invoice',
      'create',
      ...['--client-name', name, '--client-piva', piva(400_000 + n), '--client-address', 'Via Roma 1', '--client-cap', '20121', '--client-city', 'Milano'],
      ...['--numbering', 'Standard', '--payment-method', 'Bonifico Intesa', '--item', `Consulenza;1;${200 + rng.int(0, 99)}.00;22`],
      ...(rng.next() < 0.5 ? ['--send', '--yes'] : ['--draft']),
    ],
    writes: 1,
    verify() {
      expect(countFor(h, name), `invoices of ${name}`).toBe(1);
    },
    reported: (stderr) => /Invoice .* created and sent to the SDI|Draft invoice .* created/.test(stderr),
  };
}

/** A plan of four credits on three fresh invoices: one paid exactly, one in two partial payments, one exactly. */
async function applyCase(h: Harness, rng: Rng, n: number, used: Set<string>): Promise<Case> {
  const seen = new Set<string>();
  const open = openInvoices(h.emulator.store, 'acc_rossi').filter(
    (i) => new Big(i.due).gt(200) && !used.has(i.uuid) && !seen.has(i.client) && seen.add(i.client),
  );
  expect(open.length, 'fresh open invoices of distinct clients').toBeGreaterThanOrEqual(3);
  const [a, b, c] = open as [OpenInvoice, OpenInvoice, OpenInvoice];
  for (const i of [a, b, c]) used.add(i.uuid);
  const half = new Big(b.due).div(2).round(2, Big.roundDown).toFixed(2);
  const credits: Credit[] = [
    { ref: `P${n}A`, date: '2026-11-19', amount: a.due, payer: a.client, text: `saldo fatt. n. ${a.number}` },
    { ref: `P${n}B1`, date: '2026-11-19', amount: half, payer: b.client, text: `acconto fatt. n. ${b.number}` },
    { ref: `P${n}B2`, date: '2026-11-19', amount: new Big(b.due).minus(half).toFixed(2), payer: b.client, text: `saldo fatt. n. ${b.number}` },
    { ref: `P${n}C`, date: '2026-11-19', amount: c.due, payer: c.client, text: `saldo fatt. n. ${c.number}` },
  ];
  const statement = join(dir, `statement-${n}.xml`);
  writeFileSync(statement, camt053(IBAN, credits));
  const plan = join(dir, `plan-${n}.json`);
  const match = await h.run(['bank', 'match', statement, '--plan', plan, '-o', 'json']);
  expect(match.exitCode, match.stderr).toBe(0);
  const before = new Map([a, b, c].map((i) => [i.uuid, h.emulator.store.invoices.find((x) => x.uuid === i.uuid)!.amount_paid]));
  void rng;
  return {
    args: ['bank', 'apply', plan, '--yes', '--min-confidence', '0.5'], // part payments are applied only when asked for
    writes: 4,
    verify() {
      for (const [invoice, payments] of [
        [a, 1],
        [b, 2],
        [c, 1],
      ] as const) {
        const stored = h.emulator.store.invoices.find((x) => x.uuid === invoice.uuid)!;
        const paid = h.emulator.store.payments.filter((p) => p.invoiceId === stored.id);
        expect(paid.length, `payments on ${invoice.number}`).toBe(payments);
        expect(new Big(stored.amount_paid).minus(before.get(invoice.uuid)!).toFixed(2), `paid on ${invoice.number}`).toBe(invoice.due);
      }
    },
  };
}

/** One plain `invoice pay` (no --request-id) of a part of a fresh open invoice's residue: one payment of that amount, never two. */
function payCase(h: Harness, rng: Rng, used: Set<string>): Case {
  const invoice = openInvoices(h.emulator.store, 'acc_rossi').find((i) => new Big(i.due).gt(100) && !used.has(i.uuid));
  expect(invoice, 'a fresh open invoice').toBeDefined();
  used.add(invoice!.uuid);
  const stored = () => h.emulator.store.invoices.find((x) => x.uuid === invoice!.uuid)!;
  const payments = () => h.emulator.store.payments.filter((p) => p.invoiceId === stored().id).length;
  const before = { paid: stored().amount_paid, payments: payments() };
  const amount = `${rng.int(10, 99)}.${String(rng.int(0, 99)).padStart(2, '0')}`;
  return {
    args: ['invoice', 'pay', invoice!.uuid, '--amount', amount],
    writes: 1,
    verify() {
      expect(payments() - before.payments, `payments on ${invoice!.number}`).toBe(1);
      expect(new Big(stored().amount_paid).minus(before.paid).toFixed(2), `paid on ${invoice!.number}`).toBe(amount);
    },
    reported: (stderr) =>
      /Payment of .* registered on invoice|the payment is registered: found on the service|registered it: found on the service/.test(stderr),
  };
}

/** The summary line of a batch run (`N of M created…`), if it printed one. */
const summaryLine = (stderr: string) => /\d+ of \d+ created[^\n]*/.exec(stderr)?.[0] ?? '';

/**
 * Issue 37's false success: 6 records of one VAT number, one date and one total (refs K-1…K-6;
 * `names` differ: client names and line descriptions; `identical`: every field the same). The
 * service carries out the `held`-th creation and holds its answer; the run is SIGKILLed once the
 * emulator holds it; then the batch runs again until done. Each run that says it is done is true
 * (the service holds as many invoices as it says were created), the service ends with exactly 6,
 * and the result gives every ref its own invoice.
 */
async function sameVatScenario(h: Harness, rng: Rng, n: number, variant: 'names' | 'identical'): Promise<void> {
  const vat = piva(600_000 + n * 10 + (variant === 'names' ? 1 : 2));
  const recs: Rec[] = Array.from({ length: 6 }, (_, i) => ({
    ref: `K-${i + 1}`,
    client: variant === 'names' ? `Batch Client K${i + 1}` : 'Batch Client K',
    vat,
    items: [{ name: variant === 'names' ? `Canone ${i + 1}` : 'Canone', qty: '1', price: '100.00', vat: '22' }],
  }));
  const file = join(dir, `same-vat-${variant}-${n}.ndjson`);
  const result = join(dir, `same-vat-${variant}-${n}.json`);
  writeFileSync(file, ndjson(recs));
  const held = n === 0 ? 3 : rng.int(1, 6);
  const label = `${variant} run ${n}, creation ${held} held (FISCO_CRASH_SEED=${SEED})`;
  const ofVat = () => h.emulator.store.invoices.filter((i) => i.counterpart.vat_number === vat);
  const args = ['invoice', 'batch', file, '--send', '--yes', '--result', result];
  h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/.*', after: held - 1, times: 1, action: 'hold-answer' });
  const child = spawnBin(h, args, TOKENS.prod);
  let exited = false;
  void child.then(() => (exited = true));
  // Killed once the service holds the answer of the creation it carried out, not after a fixed time.
  await until(() => exited || h.emulator.holding() === 1, `the answer of creation ${held} to be held (${label})`, 30_000);
  child.kill('SIGKILL');
  const first = await child;
  const story = [`first run → ${first.signal ?? `exit ${first.exitCode}`}`];
  await until(() => h.emulator.holding() === 0, 'the held answer to be let go', 30_000);
  expect(ofVat().length, label).toBe(held);
  let last = { exitCode: -1, stderr: '' };
  for (let attempt = 0; attempt < 3 && last.exitCode !== 0; attempt++) {
    last = await h.run([...SHORT, ...args, '--wait'], { timeout: 90_000 });
    const said = summaryLine(String(last.stderr));
    story.push(`re-run → exit ${last.exitCode}: ${said}`);
    // Never "6 of 6" while fewer exist: what a run says was created is on the service.
    const created = /^(\d+) of/.exec(said);
    if (created) expect(Number(created[1]), `${label}: ${story.join('; ')}`).toBeLessThanOrEqual(ofVat().length);
  }
  const what = `${label}: ${story.join('; ')}\n${last.stderr}`;
  expect(last.exitCode, what).toBe(0);
  expect(ofVat().length, what).toBe(6);
  if (variant === 'names')
    expect(
      ofVat()
        .map((i) => i.counterpart.name)
        .sort(),
      what,
    ).toEqual(recs.map((r) => r.client).sort());
  const rows = JSON.parse(readFileSync(result, 'utf8')) as { ref: string; status: string; url: string | null; number: string | null }[];
  expect(
    rows.map((r) => [r.ref, r.status]),
    what,
  ).toEqual(recs.map((r) => [r.ref, 'created']));
  // Every ref its own invoice: six different links and numbers, each one of the service's invoices of that VAT number.
  expect(new Set(rows.map((r) => r.url)).size, what).toBe(6);
  expect(new Set(rows.map((r) => r.number)).size, what).toBe(6);
  expect(rows.map((r) => r.number).sort(), what).toEqual(
    ofVat()
      .map((i) => i.number)
      .sort(),
  );
}

const TWIN_RUNS = Number(process.env.FISCO_CRASH_TWIN_RUNS ?? 20);

describe.concurrent(`never twice: ${RUNS} seeded runs killed at random (seed ${SEED})`, () => {
  for (const variant of ['names', 'identical'] as const)
    it(
      `one VAT number, date and total (${variant === 'names' ? 'names differ' : 'identical records'}), a creation's answer held and the run killed: ${TWIN_RUNS} runs`,
      async () => {
        const h = await lane();
        try {
          for (let k = 0; k < TWIN_RUNS; k++) await sameVatScenario(h, rngOf(SEED * 4_000 + k + (variant === 'names' ? 0 : 500)), k, variant);
        } finally {
          await h.close();
        }
      },
      60_000 + TWIN_RUNS * 60_000,
    );

  it(
    `invoice batch with twins: ${PER_LANE} runs`,
    async () => {
      const h = await lane();
      try {
        for (let k = 0; k < PER_LANE; k++) {
          const rng = rngOf(SEED * 1_000 + k);
          await scenario(h, rng, batchCase(h, rng, k), `batch run ${k}`);
        }
      } finally {
        await h.close();
      }
    },
    60_000 + PER_LANE * 40_000,
  );

  it(
    `bank apply with partial payments: ${PER_LANE} runs`,
    async () => {
      const h = await lane();
      addBankAccount(h.emulator.store, 'acc_rossi', IBAN);
      const used = new Set<string>();
      try {
        for (let k = 0; k < PER_LANE; k++) {
          const rng = rngOf(SEED * 2_000 + k);
          await scenario(h, rng, await applyCase(h, rng, k, used), `bank apply run ${k}`);
        }
      } finally {
        await h.close();
      }
    },
    60_000 + PER_LANE * 40_000,
  );

  it(
    `invoice pay (no --request-id): ${PER_LANE} runs`,
    async () => {
      const h = await lane();
      const used = new Set<string>();
      try {
        for (let k = 0; k < PER_LANE; k++) {
          const rng = rngOf(SEED * 5_000 + k);
          await scenario(h, rng, payCase(h, rng, used), `invoice pay run ${k}`);
        }
      } finally {
        await h.close();
      }
    },
    60_000 + PER_LANE * 40_000,
  );

  it(
    `invoice create: ${PER_LANE} runs`,
    async () => {
      const h = await lane();
      try {
        for (let k = 0; k < PER_LANE; k++) {
          const rng = rngOf(SEED * 3_000 + k);
          await scenario(h, rng, createCase(h, rng, k), `invoice create run ${k}`);
        }
      } finally {
        await h.close();
      }
    },
    60_000 + PER_LANE * 40_000,
  );
});

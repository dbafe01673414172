import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addBankAccount, camt053, openInvoices, validIban, type OpenInvoice } from './bank-fixtures.js';
import { BIN, harness, TOKENS, type Harness } from './harness.js';
import { KEY, spawnPty } from './pty.js';

/** `fisco bank match --review` in a real pseudo-terminal: accept one, skip one, pick an invoice for an unmatched credit, confirm. */
const IBAN = validIban('X0542811101000000123456');
const TIMEOUT_MS = 180_000;

let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await harness();
  addBankAccount(h.emulator.store, 'acc_rossi', IBAN);
  dir = mkdtempSync(join(tmpdir(), 'fisco-bank-review-'));
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function env(data: string) {
  return {
    PATH: process.env.PATH,
    HOME: dir,
    FISCO_TOKEN: TOKENS.prod,
    FISCO_BASE_URL: h.emulator.url,
    FISCO_DATA_DIR: data,
    FISCO_CONFIG_DIR: join(dir, 'config'),
    NO_COLOR: '1',
    TZ: 'Europe/Rome',
    FISCO_PAGER: '',
  };
}

function paymentsOn(uuid: string) {
  const invoice = h.emulator.store.invoices.find((i) => i.uuid === uuid)!;
  return h.emulator.store.payments.filter((p) => p.invoiceId === invoice.id);
}

it(
  'accepts one proposal, skips another, picks an invoice for an unmatched credit, then registers after one confirmation',
  { timeout: TIMEOUT_MS },
  async () => {
    const seen = new Set<string>();
    const [a, b] = openInvoices(h.emulator.store, 'acc_rossi').filter((i) => new Big(i.due).gt(900) && !seen.has(i.client) && seen.add(i.client)) as [
      OpenInvoice,
      OpenInvoice,
    ];
    const file = join(dir, 'review.xml');
    writeFileSync(
      file,
      camt053(IBAN, [
        { ref: 'RV-A', date: '2026-11-19', amount: a.due, payer: a.client, text: `saldo fatt. n. ${a.number}` },
        { ref: 'RV-B', date: '2026-11-19', amount: b.due, payer: b.client, text: `saldo fatt. n. ${b.number}` },
        { ref: 'RV-U', date: '2026-11-19', amount: '777.77', payer: 'Sconosciuto Mario', text: 'versamento' },
      ]),
    );
    const before = Math.max(0, ...h.emulator.store.payments.map((p) => p.id));
    const plan = join(dir, 'reviewed-plan.json');
    const session = spawnPty('node', [BIN, 'bank', 'match', file, '--review', '--plan', plan], env(join(dir, 'data-1')));
    try {
      await session.expect('[1/3]');
      await session.expect(a.number);
      await session.expect('This credit:');
      session.send(KEY.enter); // Accept
      await session.expect('[2/3]');
      await session.expect('This credit:');
      session.send(`${KEY.down}${KEY.enter}`); // Skip
      await session.expect('[3/3]');
      await session.expect('no invoice matched');
      await session.expect('This credit:');
      session.send(`${KEY.down}${KEY.enter}`); // Pick an invoice (Skip is first for an unmatched credit)
      await session.expect('Which invoice does it pay?');
      session.send(KEY.enter); // the first candidate
      await session.expect(/Register 2 payments from 2 credits, total/);
      session.send(`y${KEY.enter}`);
      expect(await session.exit()).toBe(0);
    } finally {
      session.kill();
    }
    expect(paymentsOn(a.uuid)).toHaveLength(1);
    expect(paymentsOn(b.uuid)).toHaveLength(0);
    const made = h.emulator.store.payments.filter((p) => p.id > before);
    expect(made).toHaveLength(2);
    const picked = made.find((p) => p.note?.includes('RV-U'));
    expect(picked, 'the credit picked by hand was registered').toBeDefined();
    const invoice = h.emulator.store.invoices.find((i) => i.id === picked!.invoiceId)!;
    expect(session.screen()).toContain(invoice.number);
    expect(new Big(picked!.amount).lte('777.77')).toBe(true);

    // The plan records the review; applying it afterwards registers nothing new.
    const reviewed = JSON.parse(readFileSync(plan, 'utf8')) as {
      proposals: { movement: { references: { bank?: string } }; status: string; reviewed?: boolean; allocations: { uuid: string }[] }[];
    };
    const proposal = (ref: string) => reviewed.proposals.find((p) => p.movement.references.bank === ref);
    expect(proposal('RV-A')).toMatchObject({ status: 'proposed', reviewed: true });
    expect(proposal('RV-B')?.status).toBe('skipped');
    // Picked by hand: reviewed, so bank apply registers it whatever its fit.
    expect(proposal('RV-U')).toMatchObject({ status: 'proposed', reviewed: true, allocations: [{ uuid: invoice.uuid }] });
    const again = await h.run(['bank', 'apply', plan, '--yes'], { env: { FISCO_DATA_DIR: join(dir, 'data-1') } });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(h.emulator.store.payments.filter((p) => p.id > before)).toHaveLength(2);
  },
);

it('declining the confirmation sends nothing (exit 10)', { timeout: TIMEOUT_MS }, async () => {
  const seen = new Set<string>();
  const [a] = openInvoices(h.emulator.store, 'acc_rossi').filter((i) => new Big(i.due).gt(100) && !seen.has(i.client) && seen.add(i.client)) as [OpenInvoice];
  const file = join(dir, 'decline.xml');
  writeFileSync(file, camt053(IBAN, [{ ref: 'DC-A', date: '2026-11-19', amount: a.due, payer: a.client, text: `saldo fatt. n. ${a.number}` }]));
  const sent = h.mark();
  const session = spawnPty('node', [BIN, 'bank', 'match', file, '--review'], env(join(dir, 'data-2')));
  try {
    await session.expect('This credit:');
    session.send(KEY.enter);
    await session.expect(/Register 1 payment from 1 credit/);
    session.send(KEY.enter); // default No
    expect(await session.exit()).toBe(10);
  } finally {
    session.kill();
  }
  expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
  // Without --plan there is no plan to speak of.
  expect(session.screen()).not.toContain('reviewed plan');
});

it(
  'declining the last prompt with --plan says the reviewed plan is saved, and where; applying it later registers the review',
  { timeout: TIMEOUT_MS },
  async () => {
    const seen = new Set<string>();
    const [a, b] = openInvoices(h.emulator.store, 'acc_rossi').filter(
      (i) => new Big(i.due).gt(100) && paymentsOn(i.uuid).length === 0 && !seen.has(i.client) && seen.add(i.client),
    ) as [OpenInvoice, OpenInvoice];
    const file = join(dir, 'decline-plan.xml');
    writeFileSync(
      file,
      camt053(IBAN, [
        { ref: 'DP-A', date: '2026-11-19', amount: a.due, payer: a.client, text: `saldo fatt. n. ${a.number}` },
        { ref: 'DP-B', date: '2026-11-19', amount: b.due, payer: b.client, text: `saldo fatt. n. ${b.number}` },
      ]),
    );
    const data = join(dir, 'data-5');
    const plan = join(dir, 'declined-plan.json');
    const sent = h.mark();
    const session = spawnPty('node', [BIN, 'bank', 'match', file, '--review', '--plan', plan], env(data));
    try {
      await session.expect('[1/2]');
      await session.expect('This credit:');
      session.send(KEY.enter); // Accept
      await session.expect('[2/2]');
      await session.expect('This credit:');
      session.send(`${KEY.down}${KEY.enter}`); // Skip
      await session.expect(/Register 1 payment from 1 credit/);
      session.send(KEY.enter); // default No
      await session.expect('not confirmed; nothing was sent');
      await session.expect(`the reviewed plan is saved in ${plan}: fisco bank apply ${plan} registers it later`);
      expect(await session.exit()).toBe(10);
    } finally {
      session.kill();
    }
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as {
      proposals: { movement: { references: { bank?: string } }; status: string; reviewed?: boolean }[];
    };
    const proposal = (ref: string) => saved.proposals.find((p) => p.movement.references.bank === ref);
    expect(proposal('DP-A')).toMatchObject({ status: 'proposed', reviewed: true });
    expect(proposal('DP-B')?.status).toBe('skipped');
    // The plan, applied later, registers what the review accepted: the one payment.
    const apply = await h.run(['bank', 'apply', plan, '--yes'], { env: { FISCO_DATA_DIR: data } });
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(paymentsOn(a.uuid).map((p) => p.amount)).toEqual([a.due]);
    expect(paymentsOn(b.uuid)).toEqual([]);
  },
);

it('skipping every credit with --plan says nothing was sent and where the reviewed plan is', { timeout: TIMEOUT_MS }, async () => {
  const seen = new Set<string>();
  const [a] = openInvoices(h.emulator.store, 'acc_rossi').filter(
    (i) => new Big(i.due).gt(100) && paymentsOn(i.uuid).length === 0 && !seen.has(i.client) && seen.add(i.client),
  ) as [OpenInvoice];
  const file = join(dir, 'skip-plan.xml');
  writeFileSync(file, camt053(IBAN, [{ ref: 'SP-A', date: '2026-11-19', amount: a.due, payer: a.client, text: `saldo fatt. n. ${a.number}` }]));
  const plan = join(dir, 'skipped-plan.json');
  const session = spawnPty('node', [BIN, 'bank', 'match', file, '--review', '--plan', plan], env(join(dir, 'data-6')));
  try {
    await session.expect('This credit:');
    session.send(`${KEY.down}${KEY.enter}`); // Skip
    await session.expect(`Nothing accepted: nothing was sent; the reviewed plan is saved in ${plan}`);
    expect(await session.exit()).toBe(0);
  } finally {
    session.kill();
  }
  expect((JSON.parse(readFileSync(plan, 'utf8')) as { proposals: { status: string }[] }).proposals.map((p) => p.status)).toEqual(['skipped']);
});

it('bank apply on a terminal asks once with the count and the total, and registers after yes', { timeout: TIMEOUT_MS }, async () => {
  const seen = new Set<string>();
  const [a] = openInvoices(h.emulator.store, 'acc_rossi').filter(
    (i) => new Big(i.due).gt(100) && paymentsOn(i.uuid).length === 0 && !seen.has(i.client) && seen.add(i.client),
  ) as [OpenInvoice];
  const file = join(dir, 'apply-tty.xml');
  writeFileSync(file, camt053(IBAN, [{ ref: 'AT-A', date: '2026-11-19', amount: a.due, payer: a.client, text: `saldo fatt. n. ${a.number}` }]));
  const data = join(dir, 'data-3');
  const plan = join(dir, 'apply-tty.json');
  const match = await h.run(['bank', 'match', file, '--plan', plan], { env: { FISCO_DATA_DIR: data } });
  expect(match.exitCode, match.stderr).toBe(0);
  const session = spawnPty('node', [BIN, 'bank', 'apply', plan], env(data));
  try {
    await session.expect(/Register 1 payment from 1 credit, total [\d.,]+ €, on Rossi Consulting/);
    session.send(`y${KEY.enter}`);
    expect(await session.exit()).toBe(0);
  } finally {
    session.kill();
  }
  expect(paymentsOn(a.uuid).map((p) => p.amount)).toEqual([a.due]);
});

it('bank match on a terminal shows a table of the proposals with the reasons', { timeout: TIMEOUT_MS }, async () => {
  const seen = new Set<string>();
  const [a] = openInvoices(h.emulator.store, 'acc_rossi').filter((i) => new Big(i.due).gt(100) && !seen.has(i.client) && seen.add(i.client)) as [OpenInvoice];
  const file = join(dir, 'table.xml');
  writeFileSync(file, camt053(IBAN, [{ ref: 'TB-A', date: '2026-11-19', amount: a.due, payer: a.client, text: `saldo fatt. n. ${a.number}` }]));
  const sent = h.mark();
  const session = spawnPty('node', [BIN, 'bank', 'match', file], env(join(dir, 'data-4')));
  try {
    await session.expect('Status');
    await session.expect('proposed');
    await session.expect(a.number);
    expect(await session.exit()).toBe(0);
  } finally {
    session.kill();
  }
  expect(session.screen()).toMatch(/1 matched/);
  expect(sent().filter((r) => r.method !== 'GET')).toEqual([]);
});

it(
  'from a new or lost journal, an accepted partial payment on an invoice already showing payments is held: exit 2, nothing sent, the plan saved',
  { timeout: TIMEOUT_MS },
  async () => {
    const seen = new Set<string>();
    const [a] = openInvoices(h.emulator.store, 'acc_rossi').filter(
      (i) => new Big(i.due).gt(500) && paymentsOn(i.uuid).length === 0 && !seen.has(i.client) && seen.add(i.client),
    ) as [OpenInvoice];
    const pay = await h.run(['invoice', 'pay', a.uuid, '--amount', '100.00'], { env: { FISCO_DATA_DIR: join(dir, 'data-pay') } });
    expect(pay.exitCode, pay.stderr).toBe(0);
    const file = join(dir, 'lost.xml');
    const partial = new Big(a.due).minus('300.00').toFixed(2);
    writeFileSync(file, camt053(IBAN, [{ ref: 'LJ-A', date: '2026-11-19', amount: partial, payer: a.client, text: `acconto fatt. n. ${a.number}` }]));
    const plan = join(dir, 'lost-plan.json');
    const sent = h.mark();
    const session = spawnPty('node', [BIN, 'bank', 'match', file, '--review', '--plan', plan], env(join(dir, 'data-lost')));
    try {
      await session.expect('This credit:');
      session.send(KEY.enter); // Accept
      expect(await session.exit()).toBe(2);
    } finally {
      session.kill();
    }
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
    const screen = session.screen().replace(/\s+/g, ' ');
    expect(screen).toContain('the bank journal records no earlier payment');
    expect(screen).toContain(`a partial payment of ${partial} on invoice ${a.number}`);
    expect(screen).toContain('--trust-paid');
    expect(screen).toContain(`fisco bank apply ${plan} registers it later`);
    expect(paymentsOn(a.uuid).map((p) => p.amount)).toEqual(['100.00']);
  },
);

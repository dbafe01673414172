import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { camt053, openInvoices, validIban, type Credit, type OpenInvoice } from './bank-fixtures.js';
import { execa } from 'execa';
import { bankSuite } from './bank-suite.js';
import { BIN, parseJson, TOKENS } from './harness.js';

/**
 * "Never the same money twice": overlapping statements, a residue changed between match and apply,
 * a connection dropped after the service registered a payment, SIGKILL at every journal stage,
 * hostile XML, a firm's statement routed by IBAN, the confirmation rules, hand-edited plans.
 */
const ROSSI_IBAN = validIban('X0542811101000000123456');
const VERDI_IBAN = validIban('X0542811101000000654321');

const suite = bankSuite('bank-safety', { acc_rossi: ROSSI_IBAN, acc_verdi: VERDI_IBAN });
let n = 0;

const run = (args: string[], options: { token?: string; env?: Record<string, string> } = {}) =>
  suite.h.run(args, { token: options.token, env: { FISCO_DATA_DIR: suite.data, ...options.env } });

/** Every credit written, by its reference: a movement's identity holds its direction and amount. */
const written = new Map<string, Credit>();

function camt(iban: string, credits: Credit[]): string {
  for (const c of credits) written.set(c.ref, c);
  return camt053(iban, credits);
}

function statement(credits: Credit[], iban = ROSSI_IBAN): string {
  const file = join(suite.dir, `statement-${++n}.xml`);
  writeFileSync(file, camt(iban, credits));
  return file;
}

/** Open invoices of a company, each of a different client (so a number alone decides). */
function distinct(accountId: string, count: number): OpenInvoice[] {
  const seen = new Set<string>();
  const out = openInvoices(suite.h.emulator.store, accountId).filter((i) => new Big(i.due).gt(100) && !seen.has(i.client) && seen.add(i.client));
  expect(out.length).toBeGreaterThanOrEqual(count);
  return out.slice(0, count);
}

/** A movement's identity in the camt.053 these tests write: the bank's reference with the account and the day, its direction and amount. */
const key = (ref: string, iban = ROSSI_IBAN) => {
  const c = written.get(ref)!;
  return `bank:${iban}/2026-11-19/${ref}/${c.direction === 'debit' ? 'D' : 'C'}${c.amount}`;
};

const exact = (i: OpenInvoice, ref: string): Credit => ({ ref, date: '2026-11-19', amount: i.due, payer: i.client, text: `saldo fatt. n. ${i.number}` });

function paymentsOn(uuid: string) {
  const invoice = suite.h.emulator.store.invoices.find((i) => i.uuid === uuid)!;
  return suite.h.emulator.store.payments.filter((p) => p.invoiceId === invoice.id);
}

async function makePlan(credits: Credit[], options: { token?: string; iban?: string } = {}): Promise<string> {
  const plan = join(suite.dir, `plan-${++n}.json`);
  const match = await run(['bank', 'match', statement(credits, options.iban), '--plan', plan, '-o', 'json'], { token: options.token });
  expect(match.exitCode, match.stderr).toBe(0);
  return plan;
}

describe('never the same money twice', () => {
  it('an overlapping statement: the credit registered before is marked so and not applied again', async () => {
    const [a, b, g] = distinct('acc_rossi', 3) as [OpenInvoice, OpenInvoice, OpenInvoice];
    const first = await makePlan([exact(a, 'OV-A'), exact(b, 'OV-B')]);
    expect((await run(['bank', 'apply', first, '--yes'])).exitCode).toBe(0);
    expect(paymentsOn(a.uuid)).toHaveLength(1);

    const second = join(suite.dir, 'overlap-plan.json');
    const match = await run(['bank', 'match', statement([exact(a, 'OV-A'), exact(g, 'OV-G')]), '--plan', second, '-o', 'json']);
    expect(match.exitCode, match.stderr).toBe(0);
    const rows = parseJson<{ key: string; status: string; skip_reason: string | null }[]>(match.stdout);
    expect(rows.find((r) => r.key === key('OV-A'))?.status).toBe('already-registered');
    expect(rows.find((r) => r.key === key('OV-G'))?.status).toBe('proposed');
    const apply = await run(['bank', 'apply', second, '--yes', '-o', 'json']);
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(paymentsOn(a.uuid)).toHaveLength(1);
    expect(paymentsOn(b.uuid)).toHaveLength(1);
    expect(paymentsOn(g.uuid)).toHaveLength(1);
    expect(parseJson<{ key: string; outcome: string }[]>(apply.stdout).find((r) => r.key === key('OV-A'))?.outcome).toBe('already-registered');
  }, 60_000);

  it('two overlapping statements given together: the shared credit is matched and registered once', async () => {
    const [a, b, g] = distinct('acc_rossi', 3) as [OpenInvoice, OpenInvoice, OpenInvoice];
    const monday = statement([exact(a, 'TW-A'), exact(b, 'TW-B')]);
    const tuesday = statement([exact(b, 'TW-B'), exact(g, 'TW-G')]);
    const plan = join(suite.dir, `together-${++n}.json`);
    const match = await run(['bank', 'match', monday, tuesday, '--plan', plan, '-o', 'json']);
    expect(match.exitCode, match.stderr).toBe(0);
    expect(match.stderr).toMatch(/1 movement is also in .*: matched once/);
    expect(parseJson<{ key: string }[]>(match.stdout).map((r) => r.key)).toEqual([key('TW-A'), key('TW-B'), key('TW-G')]);
    expect((await run(['bank', 'apply', plan, '--yes'])).exitCode).toBe(0);
    for (const invoice of [a, b, g]) expect(paymentsOn(invoice.uuid)).toHaveLength(1);
  }, 60_000);

  it('two partial credits on one invoice in one plan: both registered, the second against the residue the first left', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const half = new Big(a.due).div(2).round(2, Big.roundDown).toFixed(2);
    const plan = await makePlan([
      { ...exact(a, 'PP-1'), amount: half, text: `acconto fattura ${a.number}` },
      { ...exact(a, 'PP-2'), amount: '50.00', text: `secondo acconto fattura ${a.number}` },
    ]);
    const seen = JSON.parse(readFileSync(plan, 'utf8')) as { proposals: { allocations: { amountDueSeen: string }[] }[] };
    expect(seen.proposals.map((p) => p.allocations[0]?.amountDueSeen)).toEqual([a.due, a.due]);
    // Partial payments are registered only with --min-confidence (or once reviewed).
    const apply = await run(['bank', 'apply', plan, '--yes', '--min-confidence', '0']);
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(paymentsOn(a.uuid).map((p) => p.amount)).toEqual([half, '50.00']);
  }, 60_000);

  it('a residue changed between match and apply: that allocation is skipped and reported, the others applied', async () => {
    const [a, b] = distinct('acc_rossi', 2) as [OpenInvoice, OpenInvoice];
    const plan = await makePlan([exact(a, 'RC-A'), exact(b, 'RC-B')]);
    const pay = await run(['invoice', 'pay', a.uuid, '--amount', '10.00']);
    expect(pay.exitCode, pay.stderr).toBe(0);
    const apply = await run(['bank', 'apply', plan, '--yes', '-o', 'json']);
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(paymentsOn(a.uuid).map((p) => p.amount)).toEqual(['10.00']);
    expect(paymentsOn(b.uuid)).toHaveLength(1);
    const row = parseJson<{ key: string; outcome: string; reason: string }[]>(apply.stdout).find((r) => r.key === key('RC-A'))!;
    expect(row.outcome).toBe('skipped');
    expect(row.reason).toContain(`the residue of invoice ${a.number} is now ${new Big(a.due).minus(10).toFixed(2)}`);
    expect(apply.stderr).toMatch(/1 skipped/);
  }, 60_000);

  it('a connection dropped after the service registered the payment: settled by re-reading the invoice, no duplicate', async () => {
    const [a, b] = distinct('acc_rossi', 2) as [OpenInvoice, OpenInvoice];
    const plan = await makePlan([exact(a, 'DR-A'), exact(b, 'DR-B')]);
    suite.h.emulator.injectFault({ method: 'POST', path: `/fatture/${a.uuid}/pagamenti`, times: 1, action: 'drop-after' });
    const apply = await run(['bank', 'apply', plan, '--yes', '-o', 'json']);
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(paymentsOn(a.uuid)).toHaveLength(1);
    expect(paymentsOn(b.uuid)).toHaveLength(1);
    const rows = parseJson<{ key: string; outcome: string }[]>(apply.stdout);
    expect(rows.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    // And nothing more on a re-run.
    expect((await run(['bank', 'apply', plan, '--yes'])).exitCode).toBe(0);
    expect(paymentsOn(a.uuid)).toHaveLength(1);
  }, 60_000);

  it('a connection dropped before the service acted: found not registered, it waits (exit 9), --wait registers it once', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const plan = await makePlan([exact(a, 'DB-A')]);
    suite.h.emulator.injectFault({ method: 'POST', path: `/fatture/${a.uuid}/pagamenti`, times: 1, action: 'drop-before' });
    const apply = await run(['--timeout', '1', 'bank', 'apply', plan, '--yes', '-o', 'json']);
    expect(apply.exitCode, apply.stderr).toBe(9);
    expect(apply.stderr).toMatch(/its request may still reach the service; sent again only after/);
    expect(paymentsOn(a.uuid)).toHaveLength(0);
    expect(parseJson<{ outcome: string }[]>(apply.stdout)[0]?.outcome).toBe('waiting');
    const again = await run(['--timeout', '1', 'bank', 'apply', plan, '--yes', '--wait']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(paymentsOn(a.uuid)).toHaveLength(1);
  }, 60_000);

  for (const crash of ['before-sending:1', 'after-sending:1', 'after-response:1', 'after-response:2']) {
    it(`SIGKILL at ${crash}, then a re-run: exactly one payment per allocation`, async () => {
      const [a, b] = distinct('acc_rossi', 2) as [OpenInvoice, OpenInvoice];
      const plan = await makePlan([exact(a, 'CR-A'), exact(b, 'CR-B')]);
      const killed = await run(['--timeout', '1', 'bank', 'apply', plan, '--yes'], { env: { FISCO_TEST_CRASH_AT: crash } });
      expect(killed.exitCode).not.toBe(0);
      // after-sending: the payment announced but never sent may still arrive, as far as fisco knows: --wait lets its time pass.
      const again = await run(['--timeout', '1', 'bank', 'apply', plan, '--yes', '--wait', '-o', 'json']);
      expect(again.exitCode, again.stderr).toBe(0);
      expect(paymentsOn(a.uuid)).toHaveLength(1);
      expect(paymentsOn(b.uuid)).toHaveLength(1);
      expect(paymentsOn(a.uuid)[0]?.amount).toBe(a.due);
    }, 60_000);
  }

  it('an in-flight payment that a lookup cannot settle: exit 9 naming the credit and the invoice, nothing sent', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const partial = new Big(a.due).minus(100).toFixed(2);
    const plan = await makePlan([{ ...exact(a, 'UK-A'), amount: partial, text: `acconto fattura ${a.number}` }]);
    // Killed after the service registered the payment, before the journal heard of it...
    const killed = await run(['bank', 'apply', plan, '--yes', '--min-confidence', '0'], { env: { FISCO_TEST_CRASH_AT: 'after-response:1' } });
    expect(killed.exitCode).not.toBe(0);
    // ...and someone registers another payment on the same invoice before the re-run.
    expect((await run(['invoice', 'pay', a.uuid, '--amount', '10.00'])).exitCode).toBe(0);
    const sent = suite.h.mark();
    const again = await run(['bank', 'apply', plan, '--yes', '--min-confidence', '0']);
    expect(again.exitCode, again.stderr).toBe(9);
    expect(again.stderr).toContain('UK-A');
    expect(again.stderr).toContain(a.number);
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
    expect(
      paymentsOn(a.uuid)
        .map((p) => p.amount)
        .sort(),
    ).toEqual(['10.00', partial].sort());
  }, 60_000);

  it('Ctrl-C during a payment: it is finished and journaled, the run stops (exit 130), a re-run registers the rest once', async () => {
    const [a, b, c] = distinct('acc_rossi', 3) as [OpenInvoice, OpenInvoice, OpenInvoice];
    const plan = await makePlan([exact(a, 'SI-A'), exact(b, 'SI-B'), exact(c, 'SI-C')]);
    // B's answer arrives slowly, a byte at a time: the Ctrl-C lands while it is in flight.
    suite.h.emulator.injectFault({ method: 'POST', path: `/fatture/${b.uuid}/pagamenti`, times: 1, action: 'trickle', intervalMs: 10 });
    const child = execa('node', [BIN, 'bank', 'apply', plan, '--yes'], {
      env: {
        PATH: process.env.PATH,
        HOME: suite.h.home,
        FISCO_TOKEN: TOKENS.prod,
        FISCO_BASE_URL: suite.h.emulator.url,
        FISCO_DATA_DIR: suite.data,
        FISCO_CONFIG_DIR: join(suite.h.home, 'fisco-config'),
        NO_COLOR: '1',
        TZ: 'Europe/Rome',
      },
      extendEnv: false,
      reject: false,
      input: '',
      timeout: 30_000,
    });
    const deadline = Date.now() + 20_000;
    while (paymentsOn(b.uuid).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    child.kill('SIGINT');
    const stopped = await child;
    expect(stopped.exitCode, String(stopped.stderr)).toBe(130);
    expect(String(stopped.stderr)).toMatch(/interrupted/);
    expect(paymentsOn(a.uuid)).toHaveLength(1);
    expect(paymentsOn(b.uuid)).toHaveLength(1);
    expect(paymentsOn(c.uuid)).toHaveLength(0);
    const again = await run(['bank', 'apply', plan, '--yes', '-o', 'json']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(parseJson<{ outcome: string }[]>(again.stdout).map((r) => r.outcome)).toEqual(['already-registered', 'already-registered', 'applied']);
    for (const invoice of [a, b, c]) expect(paymentsOn(invoice.uuid)).toHaveLength(1);
  }, 60_000);

  it('some payments refused and others registered: exit 11 naming the refused one', async () => {
    const [a, b] = distinct('acc_rossi', 2) as [OpenInvoice, OpenInvoice];
    const plan = await makePlan([exact(a, 'PF-A'), exact(b, 'PF-B')]);
    suite.h.emulator.injectFault({ method: 'POST', path: `/fatture/${b.uuid}/pagamenti`, times: 1, action: 'status', status: 422 });
    const apply = await run(['bank', 'apply', plan, '--yes']);
    expect(apply.exitCode, apply.stderr).toBe(11);
    expect(apply.stderr).toContain('PF-B');
    expect(paymentsOn(a.uuid)).toHaveLength(1);
    expect(paymentsOn(b.uuid)).toHaveLength(0);
  }, 60_000);
});

describe('confirmation and plans', () => {
  it('apply without --yes and no terminal: exit 10, nothing sent', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const plan = await makePlan([exact(a, 'NY-A')]);
    const sent = suite.h.mark();
    const apply = await run(['bank', 'apply', plan]);
    expect(apply.exitCode).toBe(10);
    expect(apply.stderr).toMatch(/--yes/);
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
    expect(paymentsOn(a.uuid)).toHaveLength(0);
  }, 60_000);

  it('--min-confidence applies only the proposals at or above it', async () => {
    const [a, b] = distinct('acc_rossi', 2) as [OpenInvoice, OpenInvoice];
    // b: a partial payment with its number (confidence below 0.9).
    const plan = await makePlan([exact(a, 'MC-A'), { ...exact(b, 'MC-B'), amount: new Big(b.due).minus(50).toFixed(2), text: `acconto fattura ${b.number}` }]);
    const apply = await run(['bank', 'apply', plan, '--yes', '--min-confidence', '0.9', '-o', 'json']);
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(paymentsOn(a.uuid)).toHaveLength(1);
    expect(paymentsOn(b.uuid)).toHaveLength(0);
    expect(parseJson<{ key: string; outcome: string }[]>(apply.stdout).find((r) => r.key === key('MC-B'))?.outcome).toBe('below-confidence');
  }, 60_000);

  it('a plan edited by hand into an invalid shape: exit 2 naming each problem, nothing sent', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const plan = await makePlan([exact(a, 'HE-A')]);
    const edited = JSON.parse(readFileSync(plan, 'utf8'));
    edited.proposals[0].allocations[0].amount = '12.345';
    edited.proposals[0].status = 'maybe';
    edited.extra = true;
    writeFileSync(plan, JSON.stringify(edited));
    const sent = suite.h.mark();
    const apply = await run(['bank', 'apply', plan, '--yes']);
    expect(apply.exitCode).toBe(2);
    expect(apply.stderr).toContain('proposals[0].allocations[0].amount');
    expect(apply.stderr).toContain('proposals[0].status');
    expect(apply.stderr).toContain('extra');
    expect(sent()).toEqual([]);

    // Consistent in shape but not in sums: the allocation is more than the credit.
    edited.proposals[0].status = 'proposed';
    delete edited.extra;
    edited.proposals[0].allocations[0].amount = edited.proposals[0].allocations[0].amountDueSeen;
    edited.proposals[0].movement.amount = '1.00';
    writeFileSync(plan, JSON.stringify(edited));
    const inconsistent = await run(['bank', 'apply', plan, '--yes']);
    expect(inconsistent.exitCode).toBe(2);
    expect(inconsistent.stderr).toMatch(/proposals\[0\]\.allocations: they add up to/);
    expect(paymentsOn(a.uuid)).toHaveLength(0);
  }, 60_000);

  it('a plan made for another base URL or company: exit 2 naming it, nothing sent', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const plan = await makePlan([exact(a, 'OT-A')]);
    const sent = suite.h.mark();
    const other = await suite.h.run(['bank', 'apply', plan, '--yes'], {
      baseUrl: `${suite.h.emulator.url}/sandbox`,
      token: TOKENS.sandbox,
      env: { FISCO_DATA_DIR: suite.data },
    });
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain(`${suite.h.emulator.url}/sandbox`);
    const company = await run(['--account', 'acc_verdi', 'bank', 'apply', plan, '--yes']);
    expect(company.exitCode).toBe(2);
    expect(company.stderr).toContain('acc_verdi');
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
  }, 60_000);
});

describe('routing and hostile files', () => {
  it('a firm statement is routed to the right company by its IBAN, and applied there', async () => {
    const [v] = distinct('acc_verdi', 1) as [OpenInvoice];
    const plan = join(suite.dir, 'firm-plan.json');
    // A company whose payment methods the token may not read is left out of the routing, not fatal.
    suite.h.emulator.injectFault({
      method: 'GET',
      path: '/fatture/metodi-pagamento',
      query: { account_id: 'acc_neri' },
      times: 1,
      action: 'status',
      status: 403,
    });
    const sent = suite.h.mark();
    const match = await run(['bank', 'match', statement([exact(v, 'FM-V')], VERDI_IBAN), '--plan', plan, '-o', 'json'], { token: TOKENS.firm });
    expect(match.exitCode, match.stderr).toBe(0);
    expect(match.stderr).toContain('Verdi Costruzioni');
    expect(sent().some((r) => r.path === '/fatture/metodi-pagamento' && r.status === 403)).toBe(true);
    const written = JSON.parse(readFileSync(plan, 'utf8')) as { companies: { id: string }[]; proposals: { account: string }[] };
    expect(written.companies.map((c) => c.id)).toEqual(['acc_verdi']);
    expect(written.proposals[0]?.account).toBe('acc_verdi');
    expect(parseJson<{ status: string; invoices: string[] }[]>(match.stdout)[0]).toMatchObject({ status: 'proposed', invoices: [v.number] });
    const apply = await run(['bank', 'apply', plan, '--yes'], { token: TOKENS.firm });
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(paymentsOn(v.uuid)).toHaveLength(1);
    expect(paymentsOn(v.uuid)[0]?.accountId).toBe('acc_verdi');
  }, 60_000);

  it("one run over two companies' statements: each routed by its IBAN, matched against its own invoices, applied through its own journal", async () => {
    const [a, b] = distinct('acc_rossi', 2) as [OpenInvoice, OpenInvoice];
    const [v] = distinct('acc_verdi', 1) as [OpenInvoice];
    const plan = join(suite.dir, 'two-companies-plan.json');
    const unmatched = join(suite.dir, 'two-companies-unmatched.csv');
    const rossi = statement([exact(a, 'TC-A'), exact(b, 'TC-B'), { ref: 'TC-X', date: '2026-11-19', amount: '77.70', payer: 'Nessuno', text: 'giroconto' }]);
    const verdi = statement([exact(v, 'TC-V'), { ref: 'TC-W', date: '2026-11-19', amount: '77.71', payer: 'Altro', text: 'giroconto' }], VERDI_IBAN);
    const before = suite.h.emulator.store.payments.length;
    const match = await run(['bank', 'match', rossi, verdi, '--plan', plan, '--unmatched', unmatched, '-o', 'json'], { token: TOKENS.firm });
    expect(match.exitCode, match.stderr).toBe(0);
    expect(match.stderr).toContain('Rossi');
    expect(match.stderr).toContain('Verdi Costruzioni');
    expect(match.stderr).toMatch(/2 statements in 2 files of 2 companies, 5 movements/);
    const rows = parseJson<{ company: string; key: string; status: string; invoices: string[] }[]>(match.stdout);
    expect(rows.map((r) => [r.key, r.status, r.invoices])).toEqual([
      [key('TC-A'), 'proposed', [a.number]],
      [key('TC-B'), 'proposed', [b.number]],
      [key('TC-X'), 'unmatched', []],
      [key('TC-V', VERDI_IBAN), 'proposed', [v.number]],
      [key('TC-W', VERDI_IBAN), 'unmatched', []],
    ]);
    expect(rows[0]!.company).toContain('acc_rossi');
    expect(rows[3]!.company).toContain('acc_verdi');
    const written = JSON.parse(readFileSync(plan, 'utf8')) as { version: number; companies: { id: string }[]; proposals: { account: string }[] };
    expect(written.version).toBe(4);
    expect(written.companies.map((c) => c.id)).toEqual(['acc_rossi', 'acc_verdi']);
    expect(written.proposals.map((p) => p.account)).toEqual(['acc_rossi', 'acc_rossi', 'acc_rossi', 'acc_verdi', 'acc_verdi']);
    expect(readFileSync(unmatched, 'utf8').split(/\r?\n/).filter(Boolean)).toHaveLength(3);
    expect(suite.h.emulator.store.payments.length).toBe(before);

    const apply = await run(['bank', 'apply', plan, '--yes', '-o', 'json'], { token: TOKENS.firm });
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(apply.stderr).toContain('3 payments registered');
    expect(paymentsOn(a.uuid).map((p) => [p.accountId, p.amount])).toEqual([['acc_rossi', a.due]]);
    expect(paymentsOn(b.uuid).map((p) => [p.accountId, p.amount])).toEqual([['acc_rossi', b.due]]);
    expect(paymentsOn(v.uuid).map((p) => [p.accountId, p.amount])).toEqual([['acc_verdi', v.due]]);
    expect(suite.h.emulator.store.payments.length).toBe(before + 3);
    // One journal per company.
    for (const company of ['acc_rossi', 'acc_verdi'])
      expect(readFileSync(join(suite.data, 'journals', 'bank', 'env', `${company}.jsonl`), 'utf8')).toContain('"done"');

    // Again: nothing new; --account applies one company's part only.
    const again = await run(['bank', 'apply', plan, '--yes'], { token: TOKENS.firm });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(suite.h.emulator.store.payments.length).toBe(before + 3);
    const one = await run(['--account', 'acc_verdi', 'bank', 'apply', plan, '--yes', '-o', 'json'], { token: TOKENS.firm });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(parseJson<{ key: string }[]>(one.stdout).map((r) => r.key)).toEqual([key('TC-V', VERDI_IBAN), key('TC-W', VERDI_IBAN)]);
  }, 60_000);

  it('one file holding the statements of two companies: each movement goes to its own account', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const [v] = distinct('acc_verdi', 1) as [OpenInvoice];
    const rossi = camt(ROSSI_IBAN, [exact(a, 'MA-A')]);
    const verdiStmt = /<Stmt>[\s\S]*<\/Stmt>/.exec(camt(VERDI_IBAN, [exact(v, 'MA-V')]))![0];
    const file = join(suite.dir, 'two-accounts.xml');
    writeFileSync(file, rossi.replace('</BkToCstmrStmt>', `${verdiStmt}</BkToCstmrStmt>`));
    const plan = join(suite.dir, 'two-accounts-plan.json');
    const match = await run(['bank', 'match', file, '--plan', plan, '-o', 'json'], { token: TOKENS.firm });
    expect(match.exitCode, match.stderr).toBe(0);
    expect(
      parseJson<{ company: string; status: string; invoices: string[] }[]>(match.stdout).map((r) => [r.company.includes('acc_verdi'), r.status, r.invoices]),
    ).toEqual([
      [false, 'proposed', [a.number]],
      [true, 'proposed', [v.number]],
    ]);
    const apply = await run(['bank', 'apply', plan, '--yes'], { token: TOKENS.firm });
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(paymentsOn(a.uuid).map((p) => p.accountId)).toEqual(['acc_rossi']);
    expect(paymentsOn(v.uuid).map((p) => p.accountId)).toEqual(['acc_verdi']);
  }, 60_000);

  it('two companies, one refused payment on the second: exit 11, the first company registered', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const [v] = distinct('acc_verdi', 1) as [OpenInvoice];
    const plan = join(suite.dir, 'two-partial-plan.json');
    const match = await run(['bank', 'match', statement([exact(a, 'TP-A')]), statement([exact(v, 'TP-V')], VERDI_IBAN), '--plan', plan], {
      token: TOKENS.firm,
    });
    expect(match.exitCode, match.stderr).toBe(0);
    suite.h.emulator.injectFault({ method: 'POST', path: `/fatture/${v.uuid}/pagamenti`, times: 1, action: 'status', status: 422 });
    const apply = await run(['bank', 'apply', plan, '--yes'], { token: TOKENS.firm });
    expect(apply.exitCode, apply.stderr).toBe(11);
    expect(apply.stderr).toContain('partly done: 1 payment not registered, 1 registered');
    expect(paymentsOn(a.uuid)).toHaveLength(1);
    expect(paymentsOn(v.uuid)).toHaveLength(0);
  }, 60_000);

  it('a statement on stdin is read as a stream like a file', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const result = await suite.h.run(['bank', 'match', '-', '-o', 'json'], {
      env: { FISCO_DATA_DIR: suite.data },
      input: camt(ROSSI_IBAN, [exact(a, 'SI-A')]),
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(parseJson<{ key: string; status: string; file: string }[]>(result.stdout)).toEqual([
      expect.objectContaining({ key: key('SI-A'), status: 'proposed', file: '(stdin)' }),
    ]);
  }, 60_000);

  it('a problem past the first megabyte of a large statement: exit 2 at its element path, no plan written', async () => {
    const credits: Credit[] = Array.from({ length: 4_000 }, (_, i) => ({
      ref: `BIG-${i}`,
      date: '2026-11-19',
      amount: `${900_000 + i}.01`,
      payer: `Privato ${i}`,
      text: 'giroconto senza riferimenti per una prova di lettura a flusso',
    }));
    const text = camt053(ROSSI_IBAN, credits).replace('<Amt Ccy="EUR">903999.01</Amt>', '<Amt Ccy="EUR">903999.011</Amt>');
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const file = join(suite.dir, 'big-broken.xml');
    writeFileSync(file, text);
    const plan = join(suite.dir, 'big-broken-plan.json');
    const match = await run(['bank', 'match', file, '--plan', plan, '-o', 'ndjson']);
    expect(match.exitCode).toBe(2);
    // The whole statement is read before anything is printed: not one record of the 3,999 before it.
    expect(match.stdout).toBe('');
    expect(match.stderr).toContain(`${file}: Document/BkToCstmrStmt/Stmt[1]/Ntry[4000]/Amt: '903999.011' has 3 decimals`);
    expect(match.stderr).toContain('no plan was written');
    expect(existsSync(plan)).toBe(false);
    expect(readdirSync(suite.dir).filter((f) => f.startsWith('.big-broken-plan.json'))).toEqual([]);
  }, 60_000);

  it('a CSV reversal marked in its own column is never matched', async () => {
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const file = join(suite.dir, 'storno.csv');
    const amount = a.due.replace('.', ',');
    writeFileSync(
      file,
      `Data;Importo;Descrizione;Storno\n19/11/2026;${amount};saldo fatt. n. ${a.number};S\n19/11/2026;${amount};saldo fatt. n. ${a.number};\n`,
    );
    const args = [
      'bank',
      'match',
      file,
      '--csv-date',
      'Data',
      '--csv-amount',
      'Importo',
      '--csv-description',
      'Descrizione',
      '--csv-reversal',
      'Storno',
      '-o',
      'json',
    ];
    const match = await run(args);
    expect(match.exitCode, match.stderr).toBe(0);
    expect(parseJson<{ status: string; skip_reason: string | null }[]>(match.stdout).map((r) => [r.status, r.skip_reason])).toEqual([
      ['skipped', 'a reversal: never matched'],
      ['proposed', null],
    ]);
    writeFileSync(file, `Data;Importo;Descrizione;Storno\n19/11/2026;${amount};saldo;forse\n`);
    const bad = await run(args);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain(`${file}: line 2, column "Storno": 'forse' is not a reversal marker`);
  }, 60_000);

  it('csv and ndjson carry every reason of every movement', async () => {
    const [a, b] = distinct('acc_rossi', 2) as [OpenInvoice, OpenInvoice];
    const file = statement([exact(a, 'OF-A'), { ...exact(b, 'OF-B'), payer: 'Nessuno', text: 'bonifico', amount: '12.34' }]);
    const csv = await run(['bank', 'match', file, '-o', 'csv']);
    expect(csv.exitCode, csv.stderr).toBe(0);
    const [header, ...lines] = csv.stdout.trim().split(/\r?\n/);
    expect(header!.split(',')).toEqual(expect.arrayContaining(['key', 'status', 'confidence', 'invoices', 'reasons', 'near_misses']));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`number ${a.number} in the remittance text`);
    expect(lines[1]).toContain('unmatched');
    const ndjson = await run(['bank', 'match', file, '-o', 'ndjson']);
    const records = ndjson.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status: string; reasons: string[] });
    expect(records.map((r) => r.status)).toEqual(['proposed', 'unmatched']);
    expect(records.every((r) => r.reasons.length > 0)).toBe(true);
  }, 60_000);

  it('an IBAN no company has, and no --account: exit 2 naming it and the companies IBANs', async () => {
    const stranger = validIban('X0306909606100000000001');
    const [a] = distinct('acc_rossi', 1) as [OpenInvoice];
    const match = await run(['bank', 'match', statement([exact(a, 'UI-A')], stranger)]);
    expect(match.exitCode).toBe(2);
    expect(match.stderr).toContain(stranger);
    expect(match.stderr).toContain(ROSSI_IBAN);
    const chosen = await run(['--account', 'acc_rossi', 'bank', 'match', statement([exact(a, 'UI-A')], stranger), '-o', 'json']);
    expect(chosen.exitCode, chosen.stderr).toBe(0);
    expect(parseJson<{ status: string }[]>(chosen.stdout)[0]?.status).toBe('proposed');
  }, 60_000);

  it('an XXE file and an entity-expansion file: exit 2, nothing read from the local file, nothing sent', async () => {
    const xxe = join(suite.dir, 'xxe.xml');
    writeFileSync(
      xxe,
      `<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&x;</Id></Stmt></BkToCstmrStmt></Document>\n`,
    );
    const laughs = join(suite.dir, 'laughs.xml');
    const defs = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    writeFileSync(
      laughs,
      `<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY l0 "lol">${defs}]>\n<Document><BkToCstmrStmt><Stmt><Id>&l9;</Id></Stmt></BkToCstmrStmt></Document>\n`,
    );
    const sent = suite.h.mark();
    for (const file of [xxe, laughs]) {
      const match = await run(['bank', 'match', file]);
      expect(match.exitCode, match.stderr).toBe(2);
      expect(match.stderr).toContain(file);
      expect(`${match.stdout}${match.stderr}`).not.toMatch(/root:|lollollol/);
    }
    expect(sent()).toEqual([]);
  }, 60_000);
});

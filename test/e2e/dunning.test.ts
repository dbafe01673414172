import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, TODAY, type Harness } from './harness.js';
import { addDays } from '../../src/domain/dates.js';
import { ACCOUNT, buildScenario, CLIENTS, closeWorld, type DunningWorld, openWorld, PASSWORD, pay, planDate, type Smtp } from './dunning-world.js';

/**
 * The proof, end to end against the emulator (today 2026-11-20) with invoices across
 * half-years and a rates table given here: the buckets, the interest and the compensation checked
 * against arithmetic written out below, the letters (HTML, and the PDF read back with pdftotext),
 * and `dunning send` to a real SMTP server on 127.0.0.1: one message per letter, to the PEC where
 * there is one, the PDF attached; a second send sends nothing; a payment between plan and send
 * stops that letter; kill -9 at several points never sends a letter twice; the SMTP password is in
 * no file and no output.
 *
 * Rates (the test's file): 2026-H1 2.15 → 10.15 %, 2026-H2 2.40 → 10.40 %.
 *  A1 1000.00 due 31/12/2025: 2026-H1 181 days (31+28+31+30+31+30), 2026-H2 143 days (31+31+30+31+20)
 *     1000 × (10.15 × 181 + 10.40 × 143) / 36500 = 1000 × (1837.15 + 1487.20) / 36500 = 3324350 / 36500 = 91.0780… → 91.08
 *  A2 residue 300.00 (500.00, 200.00 paid) due 31/10/2026: 20 days → 300 × 10.40 × 20 / 36500 = 62400 / 36500 = 1.7095… → 1.71
 *     Alfa: residue 1300.00 + interest 92.79 + 2 × 40.00 = 1472.79
 *  B1 300.00 due 30/09/2026: 51 days → 300 × 10.40 × 51 / 36500 = 159120 / 36500 = 4.3594… → 4.36; + 40.00 = 344.36
 *     (B2 120.00 due 15/12/2026 is not yet due: not in the letter)
 *  C1 200.00 due 10/11/2026: 10 days → 200 × 10.40 × 10 / 36500 = 20800 / 36500 = 0.5698… → 0.57; + 40.00 = 240.57
 *  D1 400.00 due 01/11/2026: 19 days → 400 × 10.40 × 19 / 36500 = 79040 / 36500 = 2.1654… → 2.17; + 40.00 = 442.17
 */
let suite: DunningWorld | undefined;
let h: Harness;
let dir: string;
let smtp: Smtp;
let invoices: ReturnType<typeof buildScenario>;
let rates: string;
let contacts: string;
const FROM = 'solleciti@rossi-consulting.it';

beforeAll(async () => {
  suite = await openWorld('fisco-dunning-');
  ({ h, dir, smtp, invoices, rates, contacts } = suite);
}, 60_000);

afterAll(() => closeWorld(suite));

const sendEnv = () => ({ FISCO_SMTP_URL: smtp.url, FISCO_SMTP_PASSWORD: PASSWORD, FISCO_SMTP_FROM: FROM });
const send = (plan: string, extra: string[] = [], env: Record<string, string> = {}) =>
  h.run(['--account', ACCOUNT, 'dunning', 'send', plan, '--smtp-insecure', '--yes', '-o', 'json', ...extra], { env: { ...sendEnv(), ...env } });
let plans = 0;
/** The first plan is of the emulator's today; each later one a date past the cadence of the letters sent before it. */
const makePlan = async (name: string) => {
  const out = join(dir, name);
  const asOf = plans++ === 0 ? [] : ['--as-of', planDate(plans)];
  const result = await h.run(['--account', ACCOUNT, 'dunning', 'plan', '--rates', rates, '--contacts', contacts, '--out', out, '-o', 'json', ...asOf]);
  expect(result.exitCode, result.stderr).toBe(0);
  return { out, plan: join(out, 'piano.json'), letters: parseJson<any[]>(result.stdout), stderr: result.stderr };
};
const messagesTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describe('fisco receivables', () => {
  it('puts every open invoice in its bucket, per client and for the company; notes never', async () => {
    const result = await h.run(['--account', ACCOUNT, 'receivables', '--contacts', contacts, '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = parseJson<any[]>(result.stdout);
    const alfa = rows.find((r) => r.client === CLIENTS.alfa.name);
    expect(alfa).toMatchObject({
      row: 'client',
      invoices: 2,
      over_90: '1000.00',
      d1_30: '300.00',
      total: '1300.00',
      overdue: '1300.00',
      max_days_late: 324,
      pec: CLIENTS.alfa.pec,
    });
    const beta = rows.find((r) => r.client === CLIENTS.beta.name);
    expect(beta).toMatchObject({ not_due: '120.00', d31_60: '300.00', total: '420.00', email: CLIENTS.beta.email, pec: null });
    // A counterpart with no client record is still listed.
    expect(rows.find((r) => r.client === CLIENTS.gamma.name)).toMatchObject({ client_id: null, d1_30: '200.00' });
    const company = rows.at(-1);
    expect(company).toMatchObject({ row: 'company', account_id: ACCOUNT, invoices: 6, total: '2320.00', not_due: '120.00', over_90: '1000.00' });
    expect(company.d1_30).toBe('900.00'); // 300 + 200 + 400
    expect(typeof company.dso === 'number' || company.dso === null).toBe(true);
    expect(result.stdout).not.toContain('NC-SOL-1/2026');
  });
});

describe('fisco dunning plan and send', () => {
  let first: Awaited<ReturnType<typeof makePlan>>;

  it('writes one letter per client with overdue invoices, with the statutory interest and the 40 euro', async () => {
    first = await makePlan('first');
    const byClient = Object.fromEntries(first.letters.map((l) => [l.client, l]));
    expect(Object.keys(byClient).sort()).toEqual([CLIENTS.alfa.name, CLIENTS.beta.name, CLIENTS.delta.name, CLIENTS.gamma.name].sort());
    expect(byClient[CLIENTS.alfa.name]).toMatchObject({
      level: 1,
      channel: 'pec',
      to: CLIENTS.alfa.pec,
      residue: '1300.00',
      interest: '92.79',
      compensation: '80.00',
      total: '1472.79',
    });
    expect(byClient[CLIENTS.alfa.name].invoices).toBe('SOL-A1/2025 SOL-A2/2026');
    expect(byClient[CLIENTS.beta.name]).toMatchObject({ channel: 'email', to: CLIENTS.beta.email, interest: '4.36', total: '344.36', invoices: 'SOL-B1/2026' });
    expect(byClient[CLIENTS.gamma.name]).toMatchObject({ channel: 'post', to: null, interest: '0.57', total: '240.57' });
    expect(byClient[CLIENTS.delta.name]).toMatchObject({ channel: 'pec', interest: '2.17', total: '442.17' });
    // Gamma has no client record on the service: its postal address comes from --contacts (test/e2e/dunning-safety.test.ts: without one).
    expect(first.stderr).toContain('Gamma Solleciti S.n.c.: by registered mail (the client has no PEC and no e-mail address (--contacts)): print');
    const plan = parseJson<any>(readFileSync(first.plan, 'utf8'));
    const a1 = plan.letters.find((l: any) => l.client.name === CLIENTS.alfa.name).invoices[0];
    expect(a1).toMatchObject({ number: 'SOL-A1/2025', days_late: 324, interest: '91.08', compensation: '40.00' });
    expect(a1.periods.map((p: any) => [p.from, p.to, p.days, p.rate])).toEqual([
      ['2026-01-01', '2026-06-30', 181, '10.15'],
      ['2026-07-01', '2026-11-20', 143, '10.40'],
    ]);
  });

  it('writes the letter as HTML and as a PDF whose text says it all', () => {
    const plan = parseJson<any>(readFileSync(first.plan, 'utf8'));
    const alfa = plan.letters.find((l: any) => l.client.name === CLIENTS.alfa.name);
    // How to pay: the first IBAN of the company's payment methods.
    const iban = h.emulator.store.paymentMethods.find((m) => m.accountId === ACCOUNT && !m.internal && m.iban)!.iban.replace(/\s+/g, '');
    expect(plan.companies[0].iban).toBe(iban);
    const html = readFileSync(join(first.out, alfa.files.html.path), 'utf8');
    for (const text of [
      'Sollecito di pagamento',
      'Rossi Consulting S.r.l.',
      `P.IVA IT${CLIENTS.alfa.vat}`,
      'SOL-A1/2025',
      '31/12/2025',
      '1.472,79 €',
      '91,08 €',
      iban,
      'D.Lgs. 9 ottobre 2002, n. 231',
    ])
      expect(html).toContain(text);
    const pdfText = execFileSync('pdftotext', ['-layout', join(first.out, alfa.files.pdf.path), '-'], { encoding: 'utf8' });
    for (const text of [
      'Sollecito di pagamento',
      'Alfa Solleciti S.r.l.',
      'SOL-A1/2025',
      '1.000,00 €',
      '91,08 €',
      '1.472,79 €',
      iban,
      '192',
      'una sola volta per fattura',
    ])
      expect(pdfText).toContain(text);
    // Each rate applied, the period it covers and the interest of that period (A1: 50,33 + 40,75 = 91,08).
    const flat = pdfText.replace(/\s+/g, ' ');
    expect(flat).toContain('Tassi applicati e periodi');
    expect(flat).toContain('Fattura SOL-A1/2025: dal 01/01/2026 al 30/06/2026 (181 giorni) al 2,15 % + 8 = 10,15 %: interessi 50,33 € su 1.000,00 €');
    expect(flat).toContain('Fattura SOL-A1/2025: dal 01/07/2026 al 20/11/2026 (143 giorni) al 2,40 % + 8 = 10,40 %: interessi 40,75 € su 1.000,00 €');
    expect(flat).toContain('Fattura SOL-A2/2026: dal 01/11/2026 al 20/11/2026 (20 giorni) al 2,40 % + 8 = 10,40 %: interessi 1,71 € su 300,00 €');
  });

  it('without --yes and no terminal, sends nothing (exit 10)', async () => {
    const result = await h.run(['--account', ACCOUNT, 'dunning', 'send', first.plan, '--smtp-insecure'], { env: sendEnv() });
    expect(result.exitCode, result.stderr).toBe(10);
    // In an Italian run, all Italian: three letters to three distinct clients.
    const italian = await h.run(['--account', ACCOUNT, 'dunning', 'send', first.plan, '--smtp-insecure'], { env: sendEnv(), lang: 'it' });
    expect(italian.exitCode, italian.stderr).toBe(10);
    expect(italian.stderr).toContain('inviare 3 solleciti a 3 clienti, per 2.259,32 € in tutto richiede --yes');
    expect(italian.stderr).not.toMatch(/\bletters?\b|\bclients?\b/);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends one message per letter, to the PEC where there is one, the PDF attached; a payment since the plan stops that letter', async () => {
    pay(h.emulator.store, invoices.d1, '100.00');
    const result = await send(first.plan);
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = parseJson<any[]>(result.stdout);
    const state = Object.fromEntries(rows.map((r) => [r.client, r.state]));
    expect(state).toEqual({
      [CLIENTS.alfa.name]: 'sent',
      [CLIENTS.beta.name]: 'sent',
      [CLIENTS.gamma.name]: 'registered-mail',
      [CLIENTS.delta.name]: 'changed',
    });
    expect(rows.find((r) => r.client === CLIENTS.delta.name).message).toMatch(/changed since the plan: make a new plan/);
    expect(smtp.received).toHaveLength(2);
    const [toAlfa] = messagesTo(CLIENTS.alfa.pec);
    expect(messagesTo(CLIENTS.alfa.pec)).toHaveLength(1);
    expect(messagesTo(CLIENTS.beta.email)).toHaveLength(1);
    expect(messagesTo(CLIENTS.delta.pec)).toHaveLength(0);
    expect(toAlfa!.from).toBe(FROM);
    expect(toAlfa!.raw).toMatch(/Content-Type: application\/pdf; name=01-alfa-solleciti-srl-livello-1\.pdf/);
    expect(toAlfa!.raw).toMatch(/Content-Type: text\/html/);
    expect(toAlfa!.raw).toMatch(/Content-Type: text\/plain/);
    expect(toAlfa!.raw).toMatch(/^Subject: /m);
    expect(toAlfa!.raw).toContain('Oggetto: Sollecito di pagamento');
    expect(smtp.logins.every((u) => u === 'solleciti')).toBe(true);
  });

  it('a second send of the same plan sends nothing', async () => {
    const result = await send(first.plan);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(parseJson<any[]>(result.stdout).filter((r) => r.state === 'already-sent')).toHaveLength(2);
    expect(smtp.received).toHaveLength(2);
  });

  it('a plan the day after the first letters proposes no second level, and says from when (the cadence)', async () => {
    // The letters bear the emulator's today and went out on the real clock's: the later counts.
    const sentOn = [TODAY, new Date().toISOString().slice(0, 10)].sort().at(-1)!;
    const out = join(dir, 'day-after');
    const result = await h.run([
      ...['--account', ACCOUNT, 'dunning', 'plan', '--rates', rates, '--contacts', contacts, '--out', out, '-o', 'json'],
      ...['--as-of', addDays(sentOn, 1)],
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const clients = parseJson<any[]>(result.stdout).map((l) => l.client);
    expect(clients).not.toContain(CLIENTS.alfa.name);
    expect(clients).not.toContain(CLIENTS.beta.name);
    const it = (iso: string) => iso; // an English run writes dates as ISO; an Italian one dd/mm/yyyy
    const from = addDays(sentOn, 15 + 7 + 1);
    for (const name of [CLIENTS.alfa.name, CLIENTS.beta.name])
      expect(result.stderr).toContain(
        `${name}: waiting: the letter of ${it(sentOn)} gave 15 days, plus 7 of grace (--min-interval); the next (level 2) from ${it(from)}`,
      );
    const plan = parseJson<any>(readFileSync(join(out, 'piano.json'), 'utf8'));
    expect(plan.waiting.map((w: any) => [w.client, w.level, w.from]).sort()).toEqual(
      [
        [CLIENTS.alfa.name, 2, from],
        [CLIENTS.beta.name, 2, from],
      ].sort(),
    );
    // --min-interval 0: the deadline alone; the day before it passes, still waiting.
    const strict = await h.run([
      ...['--account', ACCOUNT, 'dunning', 'plan', '--rates', rates, '--contacts', contacts, '--out', join(dir, 'day-15'), '-o', 'json'],
      ...['--as-of', addDays(sentOn, 15), '--min-interval', '0'],
    ]);
    expect(strict.exitCode, strict.stderr).toBe(0);
    expect(parseJson<any[]>(strict.stdout).map((l) => l.client)).not.toContain(CLIENTS.alfa.name);
    expect(strict.stderr).toContain(`the next (level 2) from ${it(addDays(sentOn, 16))}`);
  });

  it('the next plan is a second reminder for the clients already written to, and a first for the one stopped', async () => {
    const second = await makePlan('second');
    const level = Object.fromEntries(second.letters.map((l) => [l.client, l.level]));
    expect(level).toMatchObject({ [CLIENTS.alfa.name]: 2, [CLIENTS.beta.name]: 2, [CLIENTS.delta.name]: 1 });
    expect(second.letters.find((l) => l.client === CLIENTS.delta.name).residue).toBe('300.00');
  });
});

describe('killed during a send, the re-run never sends a letter twice', () => {
  const count = () => smtp.received.length;
  it.each(['before-sending:1', 'after-sending:1', 'after-response:1'])(
    'kill -9 at %s',
    async (point) => {
      h.emulator.store.invoices.filter((i) => i.accountId === ACCOUNT && i.direction === 'outbound' && i.number.startsWith('SOL-')).forEach(() => undefined);
      const made = await makePlan(`crash-${point.replace(/\W/g, '-')}`);
      const before = count();
      const crashed = await send(made.plan, [], { FISCO_TEST_CRASH_AT: point });
      expect(crashed.exitCode).not.toBe(0);
      const deliveredByCrash = count() - before;
      expect(deliveredByCrash).toBe(point === 'after-response:1' ? 1 : 0);
      const again = await send(made.plan);
      if (point === 'before-sending:1') {
        // Nothing was journaled in flight: the re-run sends every letter, once.
        expect(again.exitCode, again.stderr).toBe(0);
      } else {
        // In flight: it cannot be looked up, so nothing more is sent until a person says what happened.
        expect(again.exitCode, again.stderr).toBe(9);
        expect(again.stderr).toMatch(/--resolve/);
        expect(count() - before).toBe(deliveredByCrash);
        const letter = parseJson<any[]>(again.stdout).find((r) => r.state === 'unknown')?.letter ?? /^\s*(\S+@L\d)/m.exec(again.stderr)?.[1];
        expect(letter).toBeTruthy();
        const settled = await send(made.plan, ['--resolve', `${letter}=${point === 'after-response:1' ? 'sent' : 'absent'}`]);
        expect(settled.exitCode, settled.stderr).toBe(0);
      }
      const letters = made.letters.filter((l) => l.channel !== 'post').length;
      expect(count() - before).toBe(letters);
      // Every address got exactly one message of this plan.
      const planId = parseJson<any>(readFileSync(made.plan, 'utf8')).id;
      const ofPlan = smtp.received.slice(before).filter((m) => m.raw.includes(planId));
      expect(new Set(ofPlan.map((m) => m.to.join())).size).toBe(ofPlan.length);
    },
    60_000,
  );
});

describe('the SMTP conversation', () => {
  it('broken after the message was handed over: unknown (exit 9), never sent again without --resolve', async () => {
    const made = await makePlan('drop');
    const before = smtp.received.length;
    smtp.mode = 'drop-after-data';
    try {
      const result = await send(made.plan);
      expect(result.exitCode, result.stderr).toBe(9);
      expect(result.stderr).toMatch(/may or may not have gone out/);
      expect(result.stderr).toMatch(/handed over/);
    } finally {
      smtp.mode = 'ok';
    }
    expect(smtp.received.length - before).toBe(1);
    const again = await send(made.plan);
    expect(again.exitCode).toBe(9);
    expect(smtp.received.length - before).toBe(1);
    // The mailbox shows it arrived: said so, the run goes on with the rest.
    const letter = /^\s*(\S+@L\d): /m.exec(again.stderr)?.[1];
    expect(letter).toBeTruthy();
    const settled = await send(made.plan, ['--resolve', `${letter}=sent`]);
    expect(settled.exitCode, settled.stderr).toBe(0);
  });

  it('needs STARTTLS on smtp:// unless --smtp-insecure, and refuses a password in the URL', async () => {
    const made = await makePlan('tls');
    const before = smtp.received.length;
    const plain = await h.run(['--account', ACCOUNT, 'dunning', 'send', made.plan, '--yes'], { env: sendEnv() });
    expect(plain.exitCode, plain.stderr).not.toBe(0);
    expect(plain.stderr).toMatch(/STARTTLS/i);
    const inUrl = await h.run(['--account', ACCOUNT, 'dunning', 'send', made.plan, '--yes', '--smtp', 'smtp://solleciti:pw@127.0.0.1:25', '--smtp-insecure'], {
      env: sendEnv(),
    });
    expect(inUrl.exitCode).toBe(2);
    expect(inUrl.stderr).toMatch(/carries a password/);
    const remote = await h.run(['--account', ACCOUNT, 'dunning', 'send', made.plan, '--yes', '--smtp', 'smtp://u@mail.example.it:587', '--smtp-insecure'], {
      env: sendEnv(),
    });
    expect(remote.exitCode).toBe(2);
    expect(smtp.received.length).toBe(before);
  });

  it('a wrong password sends nothing (exit 3)', async () => {
    const made = await makePlan('auth');
    const before = smtp.received.length;
    const result = await send(made.plan, [], { FISCO_SMTP_PASSWORD: 'wrong' });
    expect(result.exitCode, result.stderr).toBe(3);
    expect(smtp.received.length).toBe(before);
  });

  it('the SMTP password is in no file fisco wrote and in no output', () => {
    const files: string[] = [];
    const walk = (path: string) => {
      for (const name of readdirSync(path)) {
        const full = join(path, name);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(dir);
    walk(h.home);
    expect(files.some((f) => f.includes('journals'))).toBe(true);
    for (const file of files) expect(readFileSync(file).includes(PASSWORD), file).toBe(false);
    for (const m of smtp.received) expect(m.raw).not.toContain(PASSWORD);
  });
});

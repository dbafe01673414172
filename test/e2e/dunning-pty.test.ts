/**
 * `dunning send`'s confirmation on a real terminal (test/e2e/pty.ts), in Italian (issue 41): one
 * language, each letter's client and the company it is from, and the clients counted right: a firm's
 * plan of two companies writing to the same client is one client. Answering no sends nothing (exit
 * 10); yes sends each letter once.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, harness, parseJson, TOKENS, type Harness } from './harness.js';
import { harnessFolders, processEnv } from './process-env.js';
import { KEY, spawnPty } from './pty.js';
import { ACCOUNT, buildScenario, CLIENTS, GAMMA_ADDRESS, invoice, PASSWORD, startSmtp, writeRates, type Smtp } from './dunning-world.js';

const OTHER = 'acc_verdi';
const FROM = 'solleciti@studio-bianchi.it';
const ALFA_EMAIL = 'amministrazione@alfa-solleciti.it';

let h: Harness;
let dir: string;
let smtp: Smtp;
let plan: string;

beforeAll(async () => {
  h = await harness();
  dir = mkdtempSync(join(tmpdir(), 'fisco-dunning-pty-'));
  smtp = await startSmtp();
  buildScenario(h.emulator.store);
  // The other company's receivables all settled but one overdue invoice to Alfa, the client acc_rossi writes to as well.
  for (const inv of h.emulator.store.invoices) if (inv.accountId === OTHER && inv.direction === 'outbound') inv.amount_paid = inv.total_amount;
  invoice(h.emulator.store, { number: 'VER-A1/2026', issue: '2026-09-01', due: '2026-09-30', total: '500.00', client: CLIENTS.alfa, account: OTHER });
  const contacts = join(dir, 'contatti.csv');
  writeFileSync(
    contacts,
    `partita_iva;email;indirizzo\nIT${CLIENTS.alfa.vat};${ALFA_EMAIL};\nIT${CLIENTS.beta.vat};${CLIENTS.beta.email};\nIT${CLIENTS.gamma.vat};;${GAMMA_ADDRESS}\n`,
  );
  const out = join(dir, 'solleciti');
  const made = await h.run(
    ['--accounts', `${ACCOUNT},${OTHER}`, 'dunning', 'plan', '--rates', writeRates(dir), '--contacts', contacts, '--out', out, '-o', 'json'],
    { token: TOKENS.firm },
  );
  expect(made.exitCode, made.stderr).toBe(0);
  plan = join(out, 'piano.json');
}, 60_000);

afterAll(async () => {
  await smtp?.close();
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const start = () =>
  spawnPty(
    'node',
    [BIN, 'dunning', 'send', plan, '--smtp-insecure'],
    processEnv(h, { ...harnessFolders(h), LANG: 'it_IT.UTF-8', FISCO_SMTP_URL: smtp.url, FISCO_SMTP_PASSWORD: PASSWORD, FISCO_SMTP_FROM: FROM }, TOKENS.firm),
  );

describe('dunning send asks on a terminal, in Italian', () => {
  it('the plan: four letters by PEC or e-mail to three clients (Alfa from both companies), one by registered mail', () => {
    const letters = parseJson<any>(readFileSync(plan, 'utf8')).letters as any[];
    const mailed = letters.filter((l) => l.channel !== 'post');
    expect(mailed.map((l) => [l.account, l.client.name, l.channel]).sort()).toEqual(
      [
        [ACCOUNT, CLIENTS.alfa.name, 'pec'],
        [ACCOUNT, CLIENTS.beta.name, 'email'],
        [ACCOUNT, CLIENTS.delta.name, 'pec'],
        [OTHER, CLIENTS.alfa.name, 'email'],
      ].sort(),
    );
    expect(letters.filter((l) => l.channel === 'post').map((l) => l.client.name)).toEqual([CLIENTS.gamma.name]);
  });

  it('names each letter with its company, counts the clients right, all in Italian; no sends nothing (exit 10)', async () => {
    const session = start();
    try {
      await session.expect(/A: .*Alfa Solleciti S\.r\.l\. da Rossi Consulting S\.r\.l\. \(sollecito di pagamento, PEC\)/);
      await session.expect('Inviare 4 solleciti a 3 clienti, per ');
      const screen = session.screen();
      expect(screen).toContain(`${CLIENTS.alfa.name} da Verdi Costruzioni S.p.A. (sollecito di pagamento, e-mail)`);
      expect(screen).toContain(`${CLIENTS.beta.name} da Rossi Consulting S.r.l. (sollecito di pagamento, e-mail)`);
      expect(screen).toContain(`${CLIENTS.delta.name} da Rossi Consulting S.r.l. (sollecito di pagamento, PEC)`);
      // One language: no English word of the confirmation's own.
      expect(screen).not.toMatch(/\b(letters?|clients?|from|asking|in all|Send|To:)\b/);
      session.send(`n${KEY.enter}`);
      expect(await session.exit()).toBe(10);
      expect(session.screen()).toContain('non confermato; non è stato inviato nulla');
      expect(smtp.received).toHaveLength(0);
    } finally {
      session.kill();
    }
  }, 90_000);

  it('yes sends each letter once, from the one sender, to its PEC or e-mail', async () => {
    const session = start();
    try {
      await session.expect('Inviare 4 solleciti a 3 clienti, per ');
      session.send(`s${KEY.enter}`);
      expect(await session.exit()).toBe(0);
      expect(session.screen()).toContain('4 solleciti inviati');
    } finally {
      session.kill();
    }
    expect(
      smtp.received
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual([ALFA_EMAIL, CLIENTS.alfa.pec, CLIENTS.beta.email, CLIENTS.delta.pec].sort());
    expect(smtp.received.every((m) => m.from === FROM)).toBe(true);
  }, 90_000);
});

/**
 * The issue's Italian examples on a real terminal (issue 31, item 1): the confirmation guard of
 * `invoice batch --send` (the preview's action line and the type-back prompt), `bank match
 * --review` ("l'importo 1.818,04 € è pari al residuo", "il 23/11/2026") and `bank apply`'s result
 * ("2/2026 1.818,04 € registrato"), each word for word in Italian and, beside it, in English.
 * The built bin runs in a pseudo-terminal (test/e2e/pty.ts) with FISCO_LANG=it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/domain/money.js';
import { addBankAccount, camt053, openInvoices, validIban, type OpenInvoice } from './bank-fixtures.js';
import { csvIt, records } from './batch-helpers.js';
import { BIN, harness, type Harness } from './harness.js';
import { harnessFolders, processEnv } from './process-env.js';
import { KEY, spawnPty } from './pty.js';

const IBAN = validIban('X0542811101000000123457');
const TIMEOUT_MS = 120_000;

let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await harness();
  addBankAccount(h.emulator.store, 'acc_rossi', IBAN);
  dir = mkdtempSync(join(tmpdir(), 'fisco-lang-pty-'));
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const env = (lang: 'it' | 'en', data: string) => processEnv(h, { ...harnessFolders(h), FISCO_DATA_DIR: join(dir, data), FISCO_LANG: lang, FISCO_PAGER: '' });

/** Open invoices of acc_rossi, one per client, none paid yet. */
function fresh(count: number): OpenInvoice[] {
  const seen = new Set<string>();
  const paid = new Set(h.emulator.store.payments.map((p) => p.invoiceId));
  return openInvoices(h.emulator.store, 'acc_rossi')
    .filter(
      (i) => new Big(i.due).gt(100) && !paid.has(h.emulator.store.invoices.find((x) => x.uuid === i.uuid)!.id) && !seen.has(i.client) && seen.add(i.client),
    )
    .slice(0, count);
}

describe('the confirmation guard of invoice batch --send, in Italian', () => {
  it('shows the action in Italian, asks to type the count back, and a plain "s" sends nothing (exit 10)', { timeout: TIMEOUT_MS }, async () => {
    const file = join(dir, 'guard.csv');
    writeFileSync(file, csvIt(records(3, { prefix: 'G' })));
    const session = spawnPty('node', [BIN, 'invoice', 'batch', file, '--send'], env('it', 'data-guard'));
    try {
      await session.expect('Anteprima del batch — production');
      await session.expect('Azione      INVIO di 3 fatture allo SDI (irreversibile) — production');
      await session.expect('Digita "send 3" per trasmetterle (irreversibile;');
      session.send(`s${KEY.enter}`);
      expect(await session.exit()).toBe(10);
      expect(session.screen()).toContain('fisco: non inviato: la risposta non era "send 3"; non è stato inviato nulla');
    } finally {
      session.kill();
    }
  });
});

describe('bank match --review and bank apply, in Italian and in English', () => {
  it('the review says the credit, its date and why in Italian; the confirmation too', { timeout: TIMEOUT_MS }, async () => {
    const [a] = fresh(1) as [OpenInvoice];
    const file = join(dir, 'review.xml');
    writeFileSync(file, camt053(IBAN, [{ ref: 'LG-R', date: '2026-11-23', amount: a.due, payer: a.client, text: `saldo fatt. n. ${a.number}` }]));
    const session = spawnPty('node', [BIN, 'bank', 'match', file, '--review'], env('it', 'data-review'), { columns: 200, rows: 50 });
    try {
      await session.expect(`Accredito di ${formatEuro(a.due)} il 23/11/2026 da ${a.client}`);
      await session.expect(`l’importo ${formatEuro(a.due)} è pari al residuo`);
      await session.expect('Questo accredito:');
      session.send(KEY.enter); // Accetta
      await session.expect(`Registrare 1 incasso da 1 accredito, totale ${formatEuro(a.due)}`);
      session.send(`s${KEY.enter}`);
      expect(await session.exit()).toBe(0);
      expect(session.screen()).toContain(`${a.number} ${formatEuro(a.due)} registrato`);
    } finally {
      session.kill();
    }
  });

  it("bank apply's result: '2/2026 1.818,04 € registrato' in Italian, the English code in json", { timeout: TIMEOUT_MS }, async () => {
    const [b, c] = fresh(2) as [OpenInvoice, OpenInvoice];
    const plans: Record<'it' | 'en', string> = { it: join(dir, 'plan-it.json'), en: join(dir, 'plan-en.json') };
    for (const [lang, invoice] of [
      ['it', b],
      ['en', c],
    ] as const) {
      const file = join(dir, `apply-${lang}.xml`);
      writeFileSync(
        file,
        camt053(IBAN, [{ ref: `LG-${lang}`, date: '2026-11-23', amount: invoice.due, payer: invoice.client, text: `saldo fatt. n. ${invoice.number}` }]),
      );
      const match = await h.run(['bank', 'match', file, '--plan', plans[lang], '-o', 'json'], { lang, env: { FISCO_DATA_DIR: join(dir, `data-${lang}`) } });
      expect(match.exitCode, match.stderr).toBe(0);
    }
    const it_ = await h.run(['bank', 'apply', plans.it, '--yes', '-o', 'table'], { lang: 'it', env: { COLUMNS: '250', FISCO_DATA_DIR: join(dir, 'data-it') } });
    expect(it_.exitCode, it_.stderr).toBe(0);
    expect(it_.stdout).toContain(`${b.number} ${formatEuro(b.due)} registrato`);
    expect(it_.stderr).toMatch(/1 movimento nel piano, 1 accredito abbinato da registrare, 1 incasso registrato, 0 già registrati/);
    const en = await h.run(['bank', 'apply', plans.en, '--yes', '-o', 'json'], { lang: 'en', env: { FISCO_DATA_DIR: join(dir, 'data-en') } });
    expect(en.exitCode, en.stderr).toBe(0);
    const rows = JSON.parse(en.stdout) as { detail: string }[];
    expect(rows[0]!.detail).toBe(`${c.number} ${c.due} applied`);
  });
});

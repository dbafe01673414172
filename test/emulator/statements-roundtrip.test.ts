// Round trip: the emulator's statement writers (src/emulator/statements) and fisco's readers
// (src/bank/read) were written apart; every format written must read back to the same movements,
// and the matcher must then find what the scenario says.
import { describe, expect, it } from 'vitest';
import { matchMovements } from '../../src/bank/matcher.js';
import { readStatement } from '../../src/bank/read/index.js';
import type { Statement } from '../../src/bank/types.js';
import { ACCOUNT_IDS } from '../../src/emulator/seed.js';
import { STATEMENT_FORMATS, statementFor, type StatementFileFormat } from '../../src/emulator/statements/index.js';
import type { Store } from '../../src/emulator/store.js';
import { TODAY, start } from './helpers.js';
import { checkAgainstScenario, matcherInvoices } from './statement-check.js';

const FORMAT_READ: Record<StatementFileFormat, string> = {
  'camt.053': 'camt.053',
  'camt.053.001.08': 'camt.053',
  'camt.054': 'camt.054',
  'cbi-xml': 'cbi-xml',
  'cbi-rh': 'cbi-rh',
  mt940: 'mt940',
  csv: 'csv',
};

function read(store: Store, accountId: string, format: StatementFileFormat, csvEncoding?: 'utf-8' | 'latin1') {
  const file = statementFor(store, accountId, format, { today: TODAY, csvEncoding });
  const bytes = typeof file.text === 'string' ? new TextEncoder().encode(file.text) : new Uint8Array(file.text);
  const statement: Statement = readStatement(bytes, file.filename, file.csvMapping ? { csv: { ...file.csvMapping, encoding: 'auto' } } : {});
  return { file, statement };
}

describe.each(STATEMENT_FORMATS)('%s: written by the emulator, read by fisco', (format) => {
  it('reads back the same movements: amounts, directions, reversals, payers, texts, references, dates, account', async () => {
    const { store } = await start();
    const { file, statement } = read(store, ACCOUNT_IDS.verdi, format);
    expect(statement.format).toBe(FORMAT_READ[format]);
    if (format !== 'csv') expect(statement.accountIban).toBe(file.scenario.iban);
    expect(statement.movements).toHaveLength(file.movements.length);
    statement.movements.forEach((got, k) => {
      const want = file.movements[k];
      const at = `${want.kind} (${got.source.location})`;
      expect(got.amount, at).toBe(want.amount);
      expect(got.currency, at).toBe('EUR');
      expect(got.direction, at).toBe(want.direction);
      // CSV has no reversal flag: its STORNO row is read as a plain credit (see below).
      if (format !== 'csv') expect(got.reversal, at).toBe(want.reversal);
      expect(got.bookingDate, at).toBe(want.bookingDate);
      expect(got.remittance, at).toContain(want.remittance);
      // CBI RH names the payer (63 YYY/YY2) of credits only.
      const named = format !== 'cbi-rh' || want.direction === 'credit';
      if (named) expect(got.payer?.name?.toUpperCase(), at).toBe(want.counterparty.name.toUpperCase());
      if (named && format !== 'csv') expect(got.payer?.iban, at).toBe(want.counterparty.iban);
      // The bank's reference is the identity, with the account and the day; CBI RH has none: its fingerprint.
      if (format === 'cbi-rh') expect(got.key, at).toMatch(new RegExp(`^fp:${want.bookingDate}/[0-9a-f]{24}$`));
      else
        expect(got.key, at).toBe(
          `bank:${format === 'csv' ? '' : file.scenario.iban}/${want.bookingDate}/${want.bankRef}/${got.reversal ? 'R' : ''}${want.direction === 'credit' ? 'C' : 'D'}${want.amount}`,
        );
      expect(got.references.bank, at).toBe(want.bankRef);
      if (format !== 'csv' && format !== 'mt940') expect(got.references.endToEnd, at).toBe(want.endToEndId);
    });
  });

  it('the matcher finds in what was read what the scenario says', async () => {
    const { store } = await start();
    const { file, statement } = read(store, ACCOUNT_IDS.verdi, format);
    const proposals = matchMovements(statement.movements, matcherInvoices(store, ACCOUNT_IDS.verdi), { feeTolerance: '1.50' });
    if (format === 'csv') {
      // The reversal row of a CSV export is a credit like any other: with an amount no invoice has, it stays unmatched.
      const reversal = file.movements.findIndex((m) => m.reversal);
      expect(proposals[reversal].status).toBe('unmatched');
      checkAgainstScenario(
        file.movements.filter((_, k) => k !== reversal),
        proposals.filter((_, k) => k !== reversal),
      );
    } else checkAgainstScenario(file.movements, proposals);
  });
});

describe('every company of the demo', () => {
  it.each([ACCOUNT_IDS.rossi, ACCOUNT_IDS.neri, ACCOUNT_IDS.gialli])('%s: camt.053 round trip and matches', async (accountId) => {
    const { store } = await start();
    const { file, statement } = read(store, accountId, 'camt.053');
    expect(statement.movements.map((m) => m.amount)).toEqual(file.movements.map((m) => m.amount));
    checkAgainstScenario(file.movements, matchMovements(statement.movements, matcherInvoices(store, accountId), { feeTolerance: '1.50' }));
  });

  it('every account with a bank IBAN, in every format, reads back and matches as its scenario says', async () => {
    const { store } = await start();
    const accounts = store.accounts.filter((a) => store.paymentMethods.some((m) => m.accountId === a.id && m.iban !== ''));
    expect(accounts.length).toBeGreaterThanOrEqual(5);
    for (const account of accounts) {
      for (const format of STATEMENT_FORMATS.filter((f) => f !== 'csv')) {
        const { file, statement } = read(store, account.id, format);
        expect(
          statement.movements.map((m) => m.amount),
          `${account.id} ${format}`,
        ).toEqual(file.movements.map((m) => m.amount));
        checkAgainstScenario(file.movements, matchMovements(statement.movements, matcherInvoices(store, account.id), { feeTolerance: '1.50' }));
      }
    }
  });

  it('a Latin-1 CSV reads back the same', async () => {
    const { store } = await start();
    const { file, statement } = read(store, ACCOUNT_IDS.verdi, 'csv', 'latin1');
    expect(statement.movements.map((m) => [m.amount, m.payer?.name])).toEqual(file.movements.map((m) => [m.amount, m.counterparty.name]));
  });
});

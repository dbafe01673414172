import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/errors.js';
import { csvAmount, csvMappingFrom, readStatement, type CsvMapping } from '../../../../src/bank/read/index.js';
import { bytes, fixture, fixtureText, statementError } from './helpers.js';
import { english } from '../../../shared/english.js';

const SIGNED = csvMappingFrom({
  date: 'Data contabile',
  amount: 'Importo',
  currency: 'Divisa',
  description: 'Descrizione',
  counterpart: 'Ordinante',
  reference: 'Riferimento',
  iban: 'IT60 X054 2811 1010 0000 0123 456',
});

function usageError(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('CSV with a signed amount column (UTF-8 with BOM, Italian dialect, lines above the header)', () => {
  const s = readStatement(fixture('csv-signed-bom.csv'), 'export.csv', { csv: SIGNED });

  it('finds the header row below the account summary and reads every movement', () => {
    expect(s.format).toBe('csv');
    expect(s.accountIban).toBe('IT60X0542811101000000123456');
    expect(s.movements.map((m) => [m.source.location, m.bookingDate, m.direction, m.amount, m.currency])).toEqual([
      ['line 5', '2026-03-04', 'credit', '1220.10', 'EUR'], // 1.220,10
      ['line 6', '2026-03-04', 'debit', '89.90', 'EUR'], // -89,90
      ['line 7', '2026-03-05', 'credit', '4377.96', 'EUR'], // 000000004377,96
      ['line 8', '2026-03-05', 'credit', '250.00', 'USD'],
    ]);
  });

  it('reads payer, text (a quoted ; inside) and reference; keys by the reference, else a hash', () => {
    expect(s.movements[0]).toEqual({
      key: 'bank:IT60X0542811101000000123456/2026-03-04/0304CRD0001122/C1220.10',
      legacyKey: 'ref:0304CRD0001122',
      formerKey: 'bank:IT60X0542811101000000123456/2026-03-04/0304CRD0001122',
      source: { file: 'export.csv', format: 'csv', location: 'line 5' },
      accountIban: 'IT60X0542811101000000123456',
      bookingDate: '2026-03-04',
      amount: '1220.10',
      currency: 'EUR',
      direction: 'credit',
      reversal: false,
      payer: { name: 'Rossi & Figli S.r.l.' },
      remittance: 'BONIFICO SEPA SALDO FATT. N. 12/2026; GRAZIE',
      references: { bank: '0304CRD0001122' },
    });
    expect(s.movements[2].key).toMatch(/^fp:2026-03-05\/[0-9a-f]{24}$/);
    expect(s.movements[2].legacyKey).toMatch(/^h:[0-9a-f]{32}$/);
  });
});

describe('CSV with Dare/Avere columns, Latin-1, from a mapping file', () => {
  const mapping = csvMappingFrom({}, { path: 'csv-mapping.json', text: fixtureText('csv-mapping.json') });
  const s = readStatement(fixture('csv-credit-debit-latin1.csv'), 'movimenti.csv', { csv: mapping });

  it('reads the mapping file', () => {
    expect(mapping).toEqual<CsvMapping>({
      date: 'Data',
      valueDate: undefined,
      amount: undefined,
      credit: 'Avere',
      debit: 'Dare',
      description: 'Descrizione operazione',
      counterpart: undefined,
      reference: undefined,
      currency: undefined,
      iban: 'IT60X0542811101000000123456',
      delimiter: ';',
      decimal: ',',
      dateFormat: 'dd/mm/yyyy',
      encoding: 'auto',
    });
  });

  it('takes the direction from the column, decodes Latin-1, keeps two identical rows apart', () => {
    expect(s.movements.map((m) => [m.direction, m.amount, m.remittance])).toEqual([
      ['credit', '1000.00', 'BONIFICO DA BIANCHI S.P.A. FT 13/2026 - SOCIETÀ'],
      ['debit', '12.50', 'COMMISSIONI SU BONIFICO'],
      ['credit', '500.00', 'BONIFICO DA VERDI SRL RIF. 2026/14 CAFFÈ'],
      ['credit', '500.00', 'BONIFICO DA VERDI SRL RIF. 2026/14 CAFFÈ'],
    ]);
    expect(s.movements[3].key).toBe(`${s.movements[2].key}~2`);
    expect(english(s.notes)).toEqual([
      // Its "Valuta" column holds dates (the value date), not currency codes: EUR is assumed, and said.
      'no currency column: every amount is taken as EUR (a mapping names the column, or a code, with "currency")',
      '1 movement(s) repeat the reference, or the date, amount, counterparty and text, of an earlier one: each is kept as a movement of its own',
    ]);
  });

  it('flags win over the mapping file', () => {
    const m = csvMappingFrom({ description: 'Causale' }, { path: 'csv-mapping.json', text: fixtureText('csv-mapping.json') });
    expect(m.description).toBe('Causale');
    expect(readStatement(fixture('csv-credit-debit-latin1.csv'), 'm.csv', { csv: m }).movements[0].remittance).toBe('48');
  });

  it('reads Latin-1 when told, and refuses invalid UTF-8 when told it is UTF-8', () => {
    const latin = readStatement(fixture('csv-credit-debit-latin1.csv'), 'm.csv', { csv: { ...mapping, encoding: 'latin1' } });
    expect(latin.movements[0].remittance).toContain('SOCIETÀ');
    expect(statementError(() => readStatement(fixture('csv-credit-debit-latin1.csv'), 'm.csv', { csv: { ...mapping, encoding: 'utf-8' } })).message).toBe(
      'm.csv: the bytes are not valid UTF-8 (line 2): give the encoding (latin1) or save the file as UTF-8',
    );
  });
});

describe('CSV mixing encodings', () => {
  it('reads a UTF-8 row and a Latin-1 row of the same file each as written', () => {
    const s = readStatement(fixture('csv-mixed-encoding.csv'), 'mixed.csv', {
      csv: csvMappingFrom({ date: 'Data', amount: 'Importo', description: 'Descrizione' }),
    });
    expect(s.movements.map((m) => m.remittance)).toEqual(['Società Alfa FT 1/2026', 'Caffè Beta FT 2/2026 € 200']);
  });
});

describe('CSV dialects', () => {
  it('reads a comma-separated file with a decimal point, ISO dates and column numbers', () => {
    const text = 'date,amount,text\n2026-03-04,1220.10,FT 12/2026\n2026-03-05,"-1,234.50",rent\n';
    const s = readStatement(bytes(text), 'en.csv', { csv: csvMappingFrom({ date: '1', amount: '2', description: '3' }) });
    expect(s.movements.map((m) => [m.bookingDate, m.direction, m.amount, m.remittance])).toEqual([
      ['2026-03-04', 'credit', '1220.10', 'FT 12/2026'],
      ['2026-03-05', 'debit', '1234.50', 'rent'],
    ]);
  });

  it('reads a tab-separated file, a trailing minus, € signs and a dd.mm.yy date format', () => {
    const text = 'Buchung\tBetrag\n04.03.26\t€ 10,00\n05.03.26\t5,50-\n';
    const s = readStatement(bytes(text), 'tab.csv', { csv: csvMappingFrom({ date: 'buchung', amount: 'BETRAG', dateFormat: 'dd.mm.yy' }) });
    expect(s.movements.map((m) => [m.bookingDate, m.direction, m.amount])).toEqual([
      ['2026-03-04', 'credit', '10.00'],
      ['2026-03-05', 'debit', '5.50'],
    ]);
  });

  it('skips zero rows with a note, and takes a fixed currency code', () => {
    const text = 'Data;Importo\n04/03/2026;0,00\n04/03/2026;7,00\n';
    const s = readStatement(bytes(text), 'z.csv', { csv: csvMappingFrom({ date: 'Data', amount: 'Importo', currency: 'CHF' }) });
    expect(s.movements.map((m) => [m.amount, m.currency])).toEqual([['7.00', 'CHF']]);
    expect(english(s.notes)).toEqual(['1 row(s) with a zero amount skipped']);
  });

  it('parses amounts as strings in either notation', () => {
    expect(csvAmount('1.234,56', ',')).toEqual({ amount: '1234.56', negative: false });
    expect(csvAmount('-0,5', ',')).toEqual({ amount: '0.50', negative: true });
    expect(csvAmount('(12.00)', '.')).toEqual({ amount: '12.00', negative: true });
    expect(csvAmount('+1,234.5', '.')).toEqual({ amount: '1234.50', negative: false });
    expect(() => csvAmount('12.50', ',')).toThrow(
      "'12.50' is not an amount with a decimal ',' (the mapping's decimal separator): expected like 1234,56 or 1.234,56",
    );
    // With the decimal point declared, a comma in groups of three is a thousands separator.
    expect(csvAmount('1,005', '.')).toEqual({ amount: '1005.00', negative: false });
    expect(() => csvAmount('1,05', '.')).toThrow("'1,05' is not an amount with a decimal '.'");
  });
});

describe('CSV bad input', () => {
  it('refuses a mapping that names a missing column, listing the columns there are', () => {
    const e = statementError(() =>
      readStatement(fixture('csv-signed-bom.csv'), 'export.csv', { csv: { ...SIGNED, amount: 'Importo EUR', reference: 'Rif.' } }),
    );
    expect(e.message).toBe(
      'export.csv: line 4: no header row names the mapped columns amount "Importo EUR", reference "Rif.": the columns are "Data contabile", "Data valuta", "Importo", "Divisa", "Descrizione", "Ordinante", "Riferimento"',
    );
  });

  it('refuses an amount with three decimals and a bad date, naming line and column', () => {
    const three = 'Data;Importo\n04/03/2026;10,505\n';
    expect(statementError(() => readStatement(bytes(three), 't.csv', { csv: csvMappingFrom({ date: 'Data', amount: 'Importo' }) })).message).toBe(
      `t.csv: line 2, column "Importo": '10,505' has 3 decimals: a statement amount has at most 2 (cents)`,
    );
    const date = 'Data;Importo\n2026/03/04;10,50\n';
    expect(statementError(() => readStatement(bytes(date), 'd.csv', { csv: csvMappingFrom({ date: 'Data', amount: 'Importo' }) })).message).toBe(
      `d.csv: line 2, column "Data": '2026/03/04' is not a date: expected dd/mm/yyyy, dd.mm.yyyy, dd-mm-yyyy, dd/mm/yy, dd.mm.yy or yyyy-mm-dd`,
    );
  });

  it('refuses a row with both a credit and a debit, and a row with neither', () => {
    const m = csvMappingFrom({ date: 'Data', credit: 'Avere', debit: 'Dare' });
    expect(statementError(() => readStatement(bytes('Data;Dare;Avere\n04/03/2026;1,00;2,00\n'), 'b.csv', { csv: m })).message).toBe(
      'b.csv: line 2: both column "Avere" (2.00) and column "Dare" (1.00) hold an amount: expected one of them per row',
    );
    expect(statementError(() => readStatement(bytes('Data;Dare;Avere\n04/03/2026;;\n'), 'n.csv', { csv: m })).message).toBe(
      'n.csv: line 2: column "Avere" and column "Dare" empty: expected the amount of the movement',
    );
  });

  it('asks for a mapping when a CSV comes without one', () => {
    const e = statementError(() => readStatement(fixture('csv-signed-bom.csv'), 'export.csv'));
    expect(e.message).toBe(
      'export.csv: looks like a CSV export: give its column mapping (the date column, and the amount column or the credit and debit columns)',
    );
  });
});

describe('csvMappingFrom', () => {
  it('reports every problem of the flags at once', () => {
    const e = usageError(() =>
      csvMappingFrom({ amount: 'Importo', credit: 'Avere', delimiter: ';;', decimal: 'x', dateFormat: 'mm-yyyy', encoding: 'ebcdic', iban: 'IT00X0000' }),
    );
    expect(e.message).toBe('7 problems with the CSV mapping, nothing was read:');
    expect(english(e.hints)).toEqual([
      '--csv-date: required: the column with the booking date (a header name like "Data contabile", or a column number)',
      '--csv-amount: give either a signed amount column or credit/debit columns (--csv-credit), not both',
      "--csv-delimiter: ';;' is not a delimiter: expected one character, like ; , | or tab",
      "--csv-decimal: 'x' is not a decimal separator: expected , or .",
      "--csv-date-format: 'mm-yyyy' is not a date format: expected dd, mm and yyyy (or yy) with separators, like dd/mm/yyyy or yyyy-mm-dd",
      "--csv-encoding: 'ebcdic' is not an encoding fisco reads: expected auto, utf-8 or latin1",
      "--csv-iban: 'IT00X0000' is not a valid IBAN (like IT60X0542811101000000123456)",
    ]);
  });

  it('names the flags as the command spells them, and the keys of a mapping file', () => {
    const e = usageError(() =>
      csvMappingFrom({}, { path: 'map.json', text: '{"date": "Data", "amout": "Importo", "credit": 3, "debit": true}' }, (k) => `--${k}-column`),
    );
    expect(e.message).toBe('2 problems with the CSV mapping, nothing was read:');
    expect(english(e.hints)).toEqual([
      'map.json: "amout" is not a mapping key: expected date, valueDate, amount, credit, debit, description, counterpart, reference, reversal, currency, iban, delimiter, decimal, dateFormat, encoding',
      'map.json: "debit" must be a string (the column of money out)',
    ]);
    expect(csvMappingFrom({}, { path: 'map.json', text: '{"date": "Data", "credit": 3}' }).credit).toBe('3');
  });

  it('refuses a mapping file that is not JSON', () => {
    expect(usageError(() => csvMappingFrom({}, { path: 'map.json', text: 'date=Data' })).message).toMatch(/^map\.json: not a JSON mapping file: /);
    expect(usageError(() => csvMappingFrom({}, { path: 'map.json', text: '["Data"]' })).message).toBe(
      'map.json: expected one JSON object mapping keys to columns, like {"date": "Data", "amount": "Importo"}',
    );
  });

  it('accepts named delimiters and separators', () => {
    const m = csvMappingFrom({ date: 'D', amount: 'A', delimiter: 'tab', decimal: 'comma', encoding: 'ISO-8859-15' });
    expect([m.delimiter, m.decimal, m.encoding]).toEqual(['\t', ',', 'latin1']);
  });
});

describe('CSV decimal separator detection', () => {
  const m = csvMappingFrom({ date: 'Data', amount: 'Importo' });

  it('takes the separator the amounts use when the mapping does not give one', () => {
    const point = readStatement(bytes('Data;Importo\n04/03/2026;1220.10\n04/03/2026;-5.5\n04/03/2026;7\n'), 'p.csv', { csv: m });
    expect(point.movements.map((x) => x.amount)).toEqual(['1220.10', '5.50', '7.00']);
    const comma = readStatement(bytes('Data,Importo\n04/03/2026,"1.220,10"\n'), 'c.csv', { csv: m });
    expect(comma.movements.map((x) => x.amount)).toEqual(['1220.10']);
  });

  it('follows the mapping when it gives one', () => {
    expect(statementError(() => readStatement(bytes('Data;Importo\n04/03/2026;1220.10\n'), 'p.csv', { csv: { ...m, decimal: ',' } })).message).toBe(
      `p.csv: line 2, column "Importo": '1220.10' is not an amount with a decimal ',' (the mapping's decimal separator): expected like 1234,56 or 1.234,56`,
    );
  });
});

describe('csvMappingFrom, one problem', () => {
  it('is one line naming the flag', () => {
    const e = usageError(() => csvMappingFrom({ date: 'Data' }));
    expect(e.message).toBe('--csv-amount: required: the signed amount column, or --csv-credit and --csv-debit for separate columns of money in and out');
    expect(english(e.hints)).toEqual([]);
  });
});

describe('CSV reversal column', () => {
  it('reads a storno marker column: S, SI, Y, X, 1, TRUE or STORNO is a reversal; empty, N, NO, 0 or FALSE is not', () => {
    const mapping = csvMappingFrom({}, { path: 'map.json', text: '{"date": "Data", "amount": "Importo", "reversal": "Storno"}' });
    expect(mapping.reversal).toBe('Storno');
    const rows = ['S', 'sì', 'Y', 'x', '1', 'TRUE', 'Storno', '', 'N', 'no', '0', 'false'];
    const text = `Data;Importo;Storno\n${rows.map((r, i) => `04/03/2026;${i + 1},00;${r}`).join('\n')}\n`;
    const s = readStatement(bytes(text), 'r.csv', { csv: mapping });
    expect(s.movements.map((m) => m.reversal)).toEqual([true, true, true, true, true, true, true, false, false, false, false, false]);
    expect(statementError(() => readStatement(bytes('Data;Importo;Storno\n04/03/2026;1,00;boh\n'), 'r.csv', { csv: mapping })).message).toBe(
      'r.csv: line 2, column "Storno": \'boh\' is not a reversal marker: expected S, SI, Y, YES, X, 1, TRUE or STORNO for a reversal; empty, N, NO, 0 or FALSE otherwise',
    );
    expect(statementError(() => readStatement(bytes('Data;Importo\n04/03/2026;1,00\n'), 'r.csv', { csv: mapping })).message).toMatch(/reversal "Storno"/);
  });
});

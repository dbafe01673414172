import { describe, expect, it } from 'vitest';
import { csvMappingFrom, csvMappingHint, ibanProblem, readStatement, realReference } from '../../../../src/bank/read/index.js';
import { ibanWithoutCurrency } from '../../../../src/bank/read/common.js';
import { unknownAccount } from '../../../../src/bank/route.js';
import { bytes, statementError } from './helpers.js';
import { english } from '../../../shared/english.js';

/** Bank files as banks write them (issue 27): each case is a trait seen in a real statement of ../shared/bank-statements/. */

const IBAN = 'IT60X0542811101000000123456';

describe('identities', () => {
  it('never takes a placeholder for a reference', () => {
    for (const placeholder of ['NONREF', 'nonref', 'NOTPROVIDED', 'EREF', 'NONE', '', '  ', '-', '000000']) expect(realReference(placeholder)).toBeUndefined();
    expect(realReference(' B4G29PGDCK1QFV3E ')).toBe('B4G29PGDCK1QFV3E');
  });

  it('MT940: the bank reference after // is the identity; the customer reference never is', () => {
    const text = (refs: string[]) =>
      [
        ':20:X',
        `:25:${IBAN}`,
        ':60F:C260304EUR0,00',
        ...refs.flatMap((r, i) => [`:61:2603050305C1${i},00NTRF${r}`, ':86:BONIFICO']),
        ':62F:C260305EUR21,00',
        '-',
      ].join('\n');
    const keys = readStatement(bytes(text(['NONREF//B-1', 'NL49RABO0166416932', 'NONREF//NONREF', 'EREF'])), 'k.sta').movements.map((m) => m.key);
    expect(keys[0]).toBe(`bank:${IBAN}/2026-03-05/B-1/C10.00`);
    // The counterparty's account as customer reference (SNS), a NONREF bank reference (PostFinance), EREF (Rabobank): fingerprints.
    expect(keys.slice(1).every((k) => k.startsWith('fp:2026-03-05/'))).toBe(true);
    expect(new Set(keys).size).toBe(4);
  });

  it('MT940: a bank reference given to two movements of a day (cmxl: //55555) keeps them apart whatever statement lists either', () => {
    const text = (lines: string[]) => [':20:S', ':25:10020030/1234567', ':28C:5/1', ':60F:C021101EUR0,00', ...lines, ':62F:C021130EUR0,00', '-'].join('\n');
    const debit = [':61:0211011102DR800,NSTONONREF//55555', ':86:DAUERAUFTRAG'];
    const credit = [':61:0211021102CR3000,NTRFNONREF//55555', ':86:UEBERWEISUNG'];
    const both = readStatement(bytes(text([...debit, ...credit])), 'a.sta').movements.map((m) => m.key);
    const alone = readStatement(bytes(text(credit)), 'b.sta').movements.map((m) => m.key);
    expect(both).toEqual(['bank:10020030/1234567/2002-11-02/55555/D800.00', 'bank:10020030/1234567/2002-11-02/55555/C3000.00']);
    expect(alone).toEqual([both[1]]);
  });

  it('CBI XML: the entry number (1..N each statement) is no identity: the same entry in statements of two days is one movement, another entry numbered alike another', () => {
    const cbi = (day: string, booked = day, amount = '1.00') =>
      bytes(
        `<CBIBdyBkToCstmrStmtReq><CBIEnvelBkToCstmrStmtReqLogMsg><CBIBkToCstmrStmtReqLogMsg><CBIDlyStmtReqLogMsg><Stmt><Acct><Id><IBAN>${IBAN}</IBAN></Id></Acct>` +
          `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>` +
          `<Ntry><NtryRef>3</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>${booked}</Dt></BookgDt></Ntry>` +
          `</Stmt></CBIDlyStmtReqLogMsg></CBIBkToCstmrStmtReqLogMsg></CBIEnvelBkToCstmrStmtReqLogMsg></CBIBdyBkToCstmrStmtReq>`,
      );
    const monday = readStatement(cbi('2026-03-02'), 'a.xml').movements[0]!;
    const tuesday = readStatement(cbi('2026-03-03'), 'b.xml').movements[0]!;
    // Monday's entry 3 listed again by Tuesday's statement: the same movement, the same identity.
    const relisted = readStatement(cbi('2026-03-03', '2026-03-02'), 'c.xml').movements[0]!;
    expect(monday.key).toMatch(/^fp:2026-03-02\//);
    expect(relisted.key).toBe(monday.key);
    // Tuesday's own entry 3 (another day) and another amount numbered 3 on Monday: other movements.
    expect(tuesday.key).toMatch(/^fp:2026-03-03\//);
    expect(readStatement(cbi('2026-03-02', '2026-03-02', '2.00'), 'd.xml').movements[0]!.key).not.toBe(monday.key);
    // The key the version before gave them (number + statement date), kept only to read its journals.
    expect([monday.formerKey, tuesday.formerKey, relisted.formerKey]).toEqual([
      `cbi:${IBAN}/2026-03-02/3`,
      `cbi:${IBAN}/2026-03-03/3`,
      `cbi:${IBAN}/2026-03-03/3`,
    ]);
    // The version before gave both the same key: only the journal's day tells them apart (src/bank/legacy.ts).
    expect([monday.legacyKey, tuesday.legacyKey]).toEqual(['ref:3', 'ref:3']);
  });

  it('a fingerprint tells apart what differs and numbers identical movements of one day', () => {
    const csv = bytes('Data;Importo;Descrizione\n04/03/2026;10,00;CANONE\n04/03/2026;10,00;CANONE\n05/03/2026;10,00;CANONE\n04/03/2026;10,00;CANONI\n');
    const keys = readStatement(csv, 'f.csv', { csv: csvMappingFrom({ date: 'Data', amount: 'Importo', description: 'Descrizione' }) }).movements.map(
      (m) => m.key,
    );
    expect(keys[1]).toBe(`${keys[0]}~2`);
    expect(keys[2]).toMatch(/^fp:2026-03-05\//);
    expect(new Set(keys).size).toBe(4);
  });
});

describe('MT940 as banks send it', () => {
  const body = (ref: string) => [`:20:${ref}`, `:25:${IBAN}`, ':60F:C260304EUR0,00', ':61:2603050305C5,00NTRFNONREF//R1', ':86:TEXT', ':62F:C260305EUR5,00'];

  it('reads the SWIFT envelope ending -}{5:}, and a message that follows', () => {
    const text = ['{1:F01SNSBNL2AXXXX0000000000}{2:O940SNSBNL2AXXXXN}{3:}{4:', ...body('A'), '-}{5:}', '{1:F01X}{2:O940X}{3:}{4:', ...body('B'), '-}{5:}'].join(
      '\r\n',
    );
    const s = readStatement(bytes(text), 'env.940');
    expect(english([s.statements, s.movements.length, s.notes])).toEqual([
      2,
      2,
      ['1 movement(s) repeat the reference, or the date, amount, counterparty and text, of an earlier one: each is kept as a movement of its own'],
    ]);
    expect(s.movements.map((m) => m.remittance)).toEqual(['TEXT', 'TEXT']);
  });

  it("skips a bank's preamble before each message (ABN AMRO's ABNANL2A / 940) and keeps a dash that belongs to the text", () => {
    const text = [
      'ABNANL2A',
      '940',
      'ABNANL2A',
      ...body('A'),
      '-',
      'ABNANL2A',
      '940',
      'ABNANL2A',
      ...body('B').slice(0, 4),
      ':86:MANDAAT MND',
      '-',
      'EV01 EINDE',
      ':62F:C260305EUR5,00',
      '-',
    ].join('\n');
    const s = readStatement(bytes(text), 'abn.sta');
    expect(s.statements).toBe(2);
    expect(english(s.notes)).toEqual([
      '1 movement(s) repeat the reference, or the date, amount, counterparty and text, of an earlier one: each is kept as a movement of its own',
    ]);
    expect(s.movements.map((m) => m.remittance)).toEqual(['TEXT', 'MANDAAT MND - EV01 EINDE']);
  });

  it('keeps an account with wrong check digits as the account (routing names it as such), and an IBAN followed by its currency', () => {
    const text = (account: string) => [':20:X', `:25:${account}`, ':60F:C260304EUR0,00', ':62F:C260304EUR0,00'].join('\n');
    expect(readStatement(bytes(text('NL81ASNB9999999999')), 'a.sta').accountIban).toBe('NL81ASNB9999999999');
    expect(readStatement(bytes(text('NL34RABO0142623393EUR')), 'b.sta').accountIban).toBe('NL34RABO0142623393');
    expect(ibanWithoutCurrency('NL34RABO0142623393EUR')).toBe('NL34RABO0142623393');
    expect(english(ibanProblem('NL81ASNB9999999999'))).toBe('has wrong check digits (the IBAN mod-97 check fails): it is mistyped or made up');
    expect(english(unknownAccount('NL81ASNB9999999999'))).toBe(
      'the account IBAN NL81ASNB9999999999 has wrong check digits (the IBAN mod-97 check fails): it is mistyped or made up: no company can have it',
    );
    expect(english(unknownAccount('NL34RABO0142623393'))).toBe('IBAN NL34RABO0142623393 belongs to no company of this token');
  });
});

describe('camt without a booking date', () => {
  const camt = (entry: string, group = '') =>
    bytes(
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><Othr><Id>LT625883379695428516</Id></Othr></Id></Acct>${group}${entry}</Stmt></BkToCstmrStmt></Document>`,
    );
  const ENTRY = (dates: string) => `<Ntry><Amt Ccy="EUR">.13</Amt><CdtDbtInd>CRDT</CdtDbtInd>${dates}</Ntry>`;

  it('takes the value date, and says so', () => {
    const s = readStatement(camt(ENTRY('<ValDt><Dt>2026-03-04</Dt></ValDt>')), 'v.xml');
    expect(s.movements.map((m) => [m.bookingDate, m.valueDate, m.amount, m.accountIban])).toEqual([
      ['2026-03-04', '2026-03-04', '0.13', 'LT625883379695428516'],
    ]);
    expect(english(s.notes)).toEqual(['1 entry has no booking date (BookgDt): the value date (ValDt) is taken as the booking date']);
  });

  it("takes the statement's date when there is neither, and says which", () => {
    const bal = '<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.00</Amt><Dt><Dt>2024-05-02</Dt></Dt></Bal>';
    const s = readStatement(camt(ENTRY('') + ENTRY(''), bal), 's.xml');
    expect(s.movements.map((m) => m.bookingDate)).toEqual(['2024-05-02', '2024-05-02']);
    expect(english(s.notes[0])).toBe(
      "2 entries have neither a booking nor a value date: the statement's date 2024-05-02 (its closing balance) is taken as the booking date",
    );
  });

  it('refuses an entry without any date in a statement without one', () => {
    expect(statementError(() => readStatement(camt(ENTRY('')), 'n.xml')).message).toBe(
      'n.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/BookgDt: missing: expected the booking date (Dt or DtTm), or a value date (ValDt), or a dated statement',
    );
  });
});

describe('CSV exports as banks write them', () => {
  const read = (text: string, mapping: Parameters<typeof csvMappingFrom>[0]) => readStatement(bytes(text), 'e.csv', { csv: csvMappingFrom(mapping) });

  it('reads the currency of a Divisa, Valuta or Currency column of codes without a mapping, and a Valuta of dates as no currency', () => {
    const divisa = read('Data;Importo;Divisa\n04/03/2026;10,00;USD\n', { date: 'Data', amount: 'Importo' });
    expect(english([divisa.movements[0]!.currency, divisa.notes])).toEqual(['USD', []]);
    const valuta = read('Data;Valuta;Importo\n04/03/2026;EUR;10,00\n', { date: 'Data', amount: 'Importo' });
    expect(english([valuta.movements[0]!.currency, valuta.notes])).toEqual(['EUR', []]);
    const dates = read('Data;Valuta;Importo\n04/03/2026;05/03/2026;10,00\n', { date: 'Data', amount: 'Importo' });
    expect(english([dates.movements[0]!.currency, dates.notes])).toEqual([
      'EUR',
      ['no currency column: every amount is taken as EUR (a mapping names the column, or a code, with "currency")'],
    ]);
    const header = read('Data;Importo (CHF)\n04/03/2026;10,00\n', { date: 'Data', amount: 'Importo (CHF)' });
    expect(english([header.movements[0]!.currency, header.notes])).toEqual(['CHF', []]);
  });

  it('reads a currency column by the words of its header, whatever the case, the accents and the other words', () => {
    for (const name of [
      'Divisa operazione',
      'Valuta (divisa)',
      'DIVISA',
      'Currency',
      'Transaction currency',
      'Währung',
      'WAEHRUNG',
      'Ccy',
      'Curr.',
      'Valuta',
    ]) {
      const s = read(`Data;Data valuta;Importo;${name}\n04/03/2026;05/03/2026;10,00;USD\n04/03/2026;05/03/2026;5,00;EUR\n`, {
        date: 'Data',
        amount: 'Importo',
      });
      expect([name, ...s.movements.map((m) => m.currency)]).toEqual([name, 'USD', 'EUR']);
      expect(english(s.notes), name).toEqual([]);
    }
    // The movement's currency before the account's, whatever their order.
    const both = read('Data;Importo;Divisa conto;Divisa operazione\n04/03/2026;10,00;EUR;USD\n', { date: 'Data', amount: 'Importo' });
    expect(both.movements[0]!.currency).toBe('USD');
    // "Data valuta" of dates is a date column, never a currency; a column named otherwise holding codes is not read either.
    const dates = read('Data;Data valuta;Importo;Codice\n04/03/2026;05/03/2026;10,00;USD\n', { date: 'Data', amount: 'Importo' });
    expect(english([dates.movements[0]!.currency, dates.notes])).toEqual([
      'EUR',
      ['no currency column: every amount is taken as EUR (a mapping names the column, or a code, with "currency")'],
    ]);
  });

  it('skips and counts balance rows, rows without a date and footers; reads dd/mm/yy and dd.mm.yy', () => {
    const text = [
      'Data;Descrizione;Accrediti;Addebiti',
      ';Saldo iniziale;1000,00;',
      '18.04.24;ACCREDITO;640,00;',
      '19/04/24;PAGAMENTO;;-22,88',
      ';;;',
      ';Saldo finale;1617,12;',
      'Totale movimenti;;640,00;22,88',
      ';note a piè di pagina;;',
    ].join('\n');
    const s = read(text, { date: 'Data', credit: 'Accrediti', debit: 'Addebiti', description: 'Descrizione' });
    expect(s.movements.map((m) => [m.bookingDate, m.direction, m.amount])).toEqual([
      ['2024-04-18', 'credit', '640.00'],
      ['2024-04-19', 'debit', '22.88'],
    ]);
    expect(english(s.notes.slice(0, 2))).toEqual(['3 balance or total rows skipped (lines 2, 6, 7)', '1 row without a date skipped (line 8)']);
  });

  it("names every accepted date form, the mapping's own first", () => {
    expect(statementError(() => read('Data;Importo\n2026/03/04;1,00\n', { date: 'Data', amount: 'Importo' })).message).toBe(
      `e.csv: line 2, column "Data": '2026/03/04' is not a date: expected dd/mm/yyyy, dd.mm.yyyy, dd-mm-yyyy, dd/mm/yy, dd.mm.yy or yyyy-mm-dd`,
    );
    expect(statementError(() => read('Data;Importo\n04-03-26;1,00\n', { date: 'Data', amount: 'Importo', dateFormat: 'yyyy-mm-dd' })).message).toBe(
      `e.csv: line 2, column "Data": '04-03-26' is not a date: expected yyyy-mm-dd (the mapping's dateFormat; / . or - may stand between its parts)`,
    );
  });

  it('proposes a mapping from the columns the file has, never from names it does not have', () => {
    expect(english(csvMappingHint(' \t\t\nConto Corrente: 0000\t\t\nData\tEntrate\tUscite\tDescrizione\tStato\n30/11/2021\t\t-59\tMAV\tOK\n'))).toEqual([
      'Its columns: "Data", "Entrate", "Uscite", "Descrizione", "Stato"',
      'For example: --csv-date "Data" --csv-credit "Entrate" --csv-debit "Uscite" --csv-description "Descrizione"',
    ]);
    expect(english(csvMappingHint('Buchung;Wert;Betrag EUR\n01.02.2026;01.02.2026;10,00\n'))).toEqual([
      'Its columns: "Buchung", "Wert", "Betrag EUR"',
      'Name its date column and its amount column (or its credit and debit columns): --csv-date, --csv-amount (or --csv-credit and --csv-debit)',
    ]);
    const e = statementError(() => readStatement(bytes('Operazione;Importo EUR;Note\n01/02/2026;10,00;x\n02/02/2026;5,00;y\n'), 'x.csv'));
    expect(e.hints.join('\n')).not.toContain('Data contabile');
    expect(english(e.hints[0])).toBe('Its columns: "Operazione", "Importo EUR", "Note"');
  });
});

describe('identities of any length', () => {
  it('keep a key a plan can hold (at most 300 characters) when a CSV reference column holds long texts', () => {
    const long = 'RIFERIMENTO '.repeat(40);
    const csv = bytes(`Data;Importo;Rif\n04/03/2026;10,00;${long}\n`);
    const [m] = readStatement(csv, 'l.csv', { csv: csvMappingFrom({ date: 'Data', amount: 'Importo', reference: 'Rif' }) }).movements;
    expect(m!.key).toMatch(/^bank:\/2026-03-04\/#[0-9a-f]{32}\/C10\.00$/);
    expect(m!.references.bank).toBe(long.trim());
  });
});

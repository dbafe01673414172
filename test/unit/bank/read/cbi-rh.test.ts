import { describe, expect, it } from 'vitest';
import { CBI_RECORD_LENGTH, readStatement } from '../../../../src/bank/read/index.js';
import { bytes, fixture, statementError } from './helpers.js';
import { english } from '../../../shared/english.js';

const IBAN = 'IT60X0542811101000000123456';

/** The fixture's records, to build broken variants from. */
function records(): string[] {
  return new TextDecoder('latin1')
    .decode(fixture('cbi-rh-latin1.txt'))
    .split('\r\n')
    .filter((l) => l !== '');
}

function file(lines: string[]): Uint8Array {
  return new Uint8Array(Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'));
}

/** Replaces columns from..to (1-based, inclusive) of a record. */
function put(line: string, from: number, text: string): string {
  return line.slice(0, from - 1) + text + line.slice(from - 1 + text.length);
}

describe('CBI RH rendicontazione', () => {
  const s = readStatement(fixture('cbi-rh-latin1.txt'), 'rh.txt');

  it('is detected from its RH header, with the account IBAN built from the 61 record', () => {
    expect(s.format).toBe('cbi-rh');
    expect(s.accountIban).toBe(IBAN);
    expect(english(s.notes)).toEqual([]); // opening + movements = closing; EF counts the records
  });

  it('reads a 62 movement with its 63 details: YYY payer, ID1 end-to-end id, RI1 remittance', () => {
    expect(s.movements[0]).toEqual({
      // Its identity: its fingerprint (the movement's own facts), never its statement's date or number;
      // the key the version before gave it (its number with the statement's date) is kept to read its journals.
      key: expect.stringMatching(/^fp:2026-03-05\/[0-9a-f]{24}$/),
      legacyKey: 'ref:RB0305000001',
      formerKey: `cbi:${IBAN}/2026-03-05/0000001/001`,
      source: { file: 'rh.txt', format: 'cbi-rh', location: 'line 3' },
      accountIban: IBAN,
      bookingDate: '2026-03-05',
      valueDate: '2026-03-05',
      amount: '4377.96', // written 000000004377,96
      currency: 'EUR',
      direction: 'credit',
      reversal: false,
      payer: { name: 'ROSSI & FIGLI SRL' },
      remittance: 'BONIFICO A VOSTRO FAVORE SALDO FATT. N. 12/2026 E 13/2026',
      references: { bank: 'RB0305000001', endToEnd: 'E2E-ROSSI-0099' },
    });
  });

  it('decodes Latin-1 text and keys a movement without bank reference by its fingerprint as well', () => {
    const m = s.movements[1];
    expect(m.key).toMatch(/^fp:2026-03-05\//);
    expect(m.formerKey).toBe(`cbi:${IBAN}/2026-03-05/0000001/002`);
    expect(m.legacyKey).toMatch(/^h:[0-9a-f]{32}$/);
    expect(m.payer).toEqual({ name: 'BIANCHI S.P.A.' });
    expect(m.remittance).toBe('BONIFICO SEPA FT 21/2026 ACCONTO - SOCIETÀ DI SERVIZI');
    expect(m.amount).toBe('1000.00');
  });

  it('keeps debits and reads STORNO as a reversal', () => {
    expect(s.movements.slice(2).map((m) => [m.direction, m.amount, m.reversal, m.formerKey])).toEqual([
      ['debit', '12.50', false, `cbi:${IBAN}/2026-03-05/0000001/003`],
      ['debit', '300.00', true, `cbi:${IBAN}/2026-03-05/0000001/004`],
    ]);
    expect(new Set(s.movements.map((m) => m.key)).size).toBe(4);
  });

  it('gives a movement the same identity whatever statement lists it: another date, another statement number, another movement number', () => {
    const text = Buffer.from(fixture('cbi-rh-latin1.txt')).toString('latin1');
    // The 61 record's date (columns 78-83) and every record's statement number (columns 4-10), and the first 62's movement number (11-13).
    const other = text
      .split(/\r?\n/)
      .map((line) => (line.startsWith(' 61') ? put(put(line, 78, '060326'), 4, '0000009') : /^ (6[2-4])/.test(line) ? put(line, 4, '0000009') : line))
      .map((line) => (/^ 6[23]0000009001/.test(line) ? put(line, 11, '007') : line))
      .join('\r\n');
    const again = readStatement(Buffer.from(other, 'latin1'), 'rh2.txt');
    expect(again.movements.map((m) => m.key)).toEqual(s.movements.map((m) => m.key));
    expect(again.movements[0]!.formerKey).toBe(`cbi:${IBAN}/2026-03-06/0000009/007`);
  });

  it('refuses a record of the wrong length, naming the line', () => {
    expect(statementError(() => readStatement(fixture('cbi-rh-short-record.txt'), 'short.txt')).message).toBe(
      `short.txt: line 4: record "63" is 86 characters long: every CBI record is ${CBI_RECORD_LENGTH} (a blank, the record type, the fields)`,
    );
  });

  it('refuses a malformed amount, a three-decimal amount, a bad date or sign, with line and columns', () => {
    const lines = records();
    const withLine = (i: number, text: string) => {
      const copy = [...lines];
      copy[i] = text;
      return file(copy);
    };
    expect(statementError(() => readStatement(withLine(2, put(lines[2], 27, '0000000043 7,96')), 'a.txt')).message).toBe(
      "a.txt: line 3, columns 27-41 (amount): '0000000043 7,96' is not an amount: expected digits with at most 2 decimals, like 1234,56",
    );
    expect(statementError(() => readStatement(withLine(2, put(lines[2], 27, '00000004377,961')), 'b.txt')).message).toBe(
      "b.txt: line 3, columns 27-41 (amount): '00000004377,961' has 3 decimals: a statement amount has at most 2 (cents)",
    );
    expect(statementError(() => readStatement(withLine(2, put(lines[2], 27, '000000000437796')), 'n.txt')).message).toBe(
      "n.txt: line 3, columns 27-41 (amount): '000000000437796' has no decimal comma: expected 15 characters like 000000004377,96",
    );
    expect(statementError(() => readStatement(withLine(2, put(lines[2], 20, '310226')), 'c.txt')).message).toBe(
      "c.txt: line 3, columns 20-25 (booking date): '310226' is not a booking date: expected DDMMYY",
    );
    expect(statementError(() => readStatement(withLine(2, put(lines[2], 26, 'X')), 'd.txt')).message).toBe(
      "d.txt: line 3, column 26: 'X' is not a sign: expected C (credit) or D (debit)",
    );
    expect(statementError(() => readStatement(withLine(2, put(lines[2], 2, 'Z9')), 'e.txt')).message).toBe(
      "e.txt: line 3, columns 2-3: 'Z9' is not a CBI statement record: expected RH, 61, 62, 63, 64, 65 or EF",
    );
  });

  it('refuses a file cut before its EF record, and a detail without its movement', () => {
    const lines = records();
    expect(statementError(() => readStatement(file(lines.slice(0, -2)), 'cut.txt')).message).toBe(
      'cut.txt: line 12: the file ends without its EF record: the statement looks truncated',
    );
    const orphan = [lines[0], lines[1], lines[3], ...lines.slice(11)];
    expect(statementError(() => readStatement(file(orphan), 'orphan.txt')).message).toBe(
      'orphan.txt: line 3: a detail record (63) without the movement (62) it belongs to',
    );
  });

  it('notes a closing balance that the movements do not explain', () => {
    const lines = records();
    const copy = [...lines];
    copy[11] = put(lines[11], 21, '000000015000,00');
    const t = readStatement(file(copy), 'bal.txt');
    expect(english(t.notes)).toEqual([
      'line 12: the closing balance 15000.00 is not the opening balance 10000.00 plus the movements read (15065.46; difference -65.46): some movements may be missing from the file',
    ]);
  });

  it('accepts LF line ends and a trailing blank line', () => {
    const t = readStatement(bytes(records().join('\n') + '\n\n'), 'lf.txt');
    expect(t.movements).toHaveLength(4);
  });
});

describe('CBI RH with several flows', () => {
  it('reads flows one after the other (RH … EF RH … EF), and refuses a record after the last EF', () => {
    const lines = records();
    const s = readStatement(file([...lines, ...lines]), 'two.txt');
    expect(s.movements).toHaveLength(8);
    expect(s.statements).toBe(2);
    // The same statement twice (same account, day and numbers): the second copy's movements are kept apart, numbered.
    expect(s.movements[4]!.key).toBe(`${s.movements[0]!.key}~2`);
    expect(english(s.notes)).toEqual([
      '4 movement(s) repeat the reference, or the date, amount, counterparty and text, of an earlier one: each is kept as a movement of its own',
    ]);
    expect(statementError(() => readStatement(file([...lines, lines[2]]), 'after.txt')).message).toBe(
      'after.txt: line 14: a record after EF: expected the end of the file (or a new RH header)',
    );
    expect(statementError(() => readStatement(file([lines[0], lines[0], ...lines.slice(1)]), 'rh.txt')).message).toBe(
      'rh.txt: line 2: an RH header inside a flow: expected RH only at the start of the file or after EF',
    );
  });

  it('notes an EF record whose count differs from the flow', () => {
    const lines = records();
    const copy = [...lines];
    copy[12] = put(lines[12], 83, '0000099');
    expect(english(readStatement(file(copy), 'ef.txt').notes)).toEqual(['line 13: the EF record counts 99 records, the flow has 13']);
  });
});

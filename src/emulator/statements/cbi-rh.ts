/**
 * CBI "rendicontazione" (RH) fixed-width text: records of exactly 120 characters, CRLF between them,
 * ASCII only (accents folded). Positions are 1-based and inclusive, as the CBI standard writes them:
 *
 *   RH  1 blank | 2-3 RH | 4-8 sender ABI | 9-13 receiver SIA | 14-19 date DDMMYY | 20-39 file name | 40-120 blank
 *   61  1 blank | 2-3 61 | 4-10 statement no. | 11-23 blank | 24-28 originating ABI | 29-33 reason 93001 |
 *       34-49 account description | 50-51 account type | 52 CIN | 53-57 ABI | 58-62 CAB | 63-74 account |
 *       75-77 currency | 78-83 date DDMMYY | 84 sign C/D | 85-99 opening balance | 100-101 country IT |
 *       102-103 IBAN check digits | 104-120 blank
 *   62  1 blank | 2-3 62 | 4-10 statement no. | 11-13 movement no. | 14-19 value date | 20-25 booking date |
 *       26 sign C/D | 27-41 amount | 42-43 CBI reason (48 credit transfer, 50 direct debit) | 44-45 bank's
 *       own reason | 46-61 cheque no. | 62-77 bank reference | 78-86 customer reference type | 87-120 description
 *   63  1 blank | 2-3 63 | 4-10 statement no. | 11-13 movement no. | 14-16 structure flag, then by flag:
 *       YYY 17-24 order date DDMMYYYY, 25-40 payer's tax code, 41-80 payer's name, 81-120 town
 *       YY2 17-66 payer's address, 67-100 payer's IBAN, 101-120 blank
 *       ID1 17-51 message id, 52-86 end-to-end id, 87-120 blank
 *       RI1 17-120 remittance text; RI2 17-52 its continuation, 53-120 blank
 *   64  1 blank | 2-3 64 | 4-10 statement no. | 11-13 currency | 14-19 date | 20 sign | 21-35 closing balance |
 *       36 sign | 37-51 available balance | 52-120 blank
 *   EF  1 blank | 2-3 EF | 4-8 sender | 9-13 receiver | 14-19 date | 20-39 file name | 40-45 blank |
 *       46-52 number of statements | 53-82 blank | 83-89 number of records | 90-120 blank
 *
 * Amounts are 15 characters, 12 integer digits, a comma and 2 decimals: `000000004377,96`. A reversal
 * says STORNO in its 62 description.
 */
import type { StatementMovement, StatementScenario } from './scenario.js';
import { italianParts } from './iban.js';

export const CBI_RECORD_LENGTH = 120;

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ');
}

type Field = [width: number, value: string, align?: 'right'];

function record(fields: Field[]): string {
  let line = '';
  for (const [width, value, align] of fields) {
    const v = ascii(value).slice(0, width);
    line += align === 'right' ? v.padStart(width, '0') : v.padEnd(width, ' ');
  }
  if (line.length !== CBI_RECORD_LENGTH) throw new Error(`CBI record of ${line.length} characters: ${line}`);
  return line;
}

function ddmmyy(date: string): string {
  return `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(2, 4)}`;
}

/** `000000004377,96` */
function cbiAmount(amount: string): string {
  const [int, dec] = amount.replace(/^-/, '').split('.');
  return `${int.padStart(12, '0')},${dec}`;
}

const SENDER_ABI = '05428';
const RECEIVER_SIA = 'EMU01';

export function cbiRh(s: StatementScenario): string {
  const parts = italianParts(s.iban) ?? { check: '00', cin: 'X', abi: SENDER_ABI, cab: '00000', account: s.iban.slice(-12) };
  const created = ddmmyy(s.today);
  const fileName = `RH${s.today.replace(/-/g, '')}${s.accountId}`.slice(0, 20);
  const no = '0000001';
  const lines: string[] = [];
  lines.push(
    record([
      [1, ''],
      [2, 'RH'],
      [5, parts.abi],
      [5, RECEIVER_SIA],
      [6, created],
      [20, fileName],
      [81, ''],
    ]),
  );
  const opening = s.openingBalance;
  lines.push(
    record([
      [1, ''],
      [2, '61'],
      [7, no],
      [13, ''],
      [5, ''],
      [5, '93001'],
      [16, s.companyName.toUpperCase()],
      [2, '01'],
      [1, parts.cin],
      [5, parts.abi],
      [5, parts.cab],
      [12, parts.account],
      [3, 'EUR'],
      [6, ddmmyy(s.fromDate)],
      [1, opening.startsWith('-') ? 'D' : 'C'],
      [15, cbiAmount(opening)],
      [2, 'IT'],
      [2, parts.check],
      [17, ''],
    ]),
  );
  s.movements.forEach((m: StatementMovement, i: number) => {
    const seq = String(i + 1).padStart(3, '0');
    const credit = m.direction === 'credit';
    const description = m.reversal ? 'STORNO ADDEBITO SDD' : credit ? 'BONIFICO A VOSTRO FAVORE' : 'ADDEBITO DIRETTO SDD';
    lines.push(
      record([
        [1, ''],
        [2, '62'],
        [7, no],
        [3, seq],
        [6, ddmmyy(m.valueDate)],
        [6, ddmmyy(m.bookingDate)],
        [1, credit ? 'C' : 'D'],
        [15, cbiAmount(m.amount)],
        [2, credit && !m.reversal ? '48' : '50'],
        [2, 'AB'],
        [16, ''],
        [16, m.bankRef],
        [9, ''],
        [34, description],
      ]),
    );
    const head: Field[] = [
      [1, ''],
      [2, '63'],
      [7, no],
      [3, seq],
    ];
    if (credit) {
      lines.push(
        record([
          ...head,
          [3, 'YYY'],
          [8, `${m.bookingDate.slice(8, 10)}${m.bookingDate.slice(5, 7)}${m.bookingDate.slice(0, 4)}`],
          [16, m.counterparty.vat ?? ''],
          [40, m.counterparty.name.toUpperCase()],
          [40, 'MILANO'],
        ]),
      );
      lines.push(record([...head, [3, 'YY2'], [50, 'VIA ROMA 1'], [34, m.counterparty.iban], [20, '']]));
    }
    lines.push(record([...head, [3, 'ID1'], [35, `MSG${m.bankRef}`], [35, m.endToEndId], [34, '']]));
    const text = ascii(m.remittance);
    lines.push(record([...head, [3, 'RI1'], [104, text.slice(0, 104)]]));
    if (text.length > 104) lines.push(record([...head, [3, 'RI2'], [36, text.slice(104, 140)], [68, '']]));
  });
  const closing = s.closingBalance;
  const sign = closing.startsWith('-') ? 'D' : 'C';
  lines.push(
    record([
      [1, ''],
      [2, '64'],
      [7, no],
      [3, 'EUR'],
      [6, ddmmyy(s.toDate)],
      [1, sign],
      [15, cbiAmount(closing)],
      [1, sign],
      [15, cbiAmount(closing)],
      [69, ''],
    ]),
  );
  const count = String(lines.length + 1).padStart(7, '0');
  lines.push(
    record([
      [1, ''],
      [2, 'EF'],
      [5, parts.abi],
      [5, RECEIVER_SIA],
      [6, created],
      [20, fileName],
      [6, ''],
      [7, '0000001'],
      [30, ''],
      [7, count],
      [31, ''],
    ]),
  );
  return `${lines.join('\r\n')}\r\n`;
}

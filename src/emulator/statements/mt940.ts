/**
 * SWIFT MT940 writer for the demo statement. :86: carries the SEPA details as /CODE/ pairs
 * (/EREF/ end-to-end id, /ORDP//NAME/ or /BENM//NAME/ the other party, /IBAN/, /REMI/USTD// the
 * remittance text), lines of at most 65 characters cut where they fill (readers join them without
 * a space), never ending with a space. A reversal of a debit is marked RD (money coming back), a debit D, a credit C.
 */
import type { StatementMovement, StatementScenario } from './scenario.js';

function yymmdd(date: string): string {
  return date.slice(2).replace(/-/g, '');
}

function swiftAmount(amount: string): string {
  return amount.replace(/^-/, '').replace('.', ',');
}

/** SWIFT's character set: letters, digits and / - ? : ( ) . , ' + space. */
function swift(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, '+')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ');
}

/**
 * Lines of at most `width` characters, cut where they fill; a line never ends with a space (tools
 * trim trailing blanks, and readers join the lines without adding one): the space starts the next line.
 */
function wrap(text: string, width = 65, maxLines = 6): string[] {
  const lines: string[] = [];
  let i = 0;
  while (i < text.length && lines.length < maxLines) {
    let end = Math.min(text.length, i + width);
    while (end < text.length && end > i + 1 && text[end - 1] === ' ') end--;
    lines.push(text.slice(i, end));
    i = end;
  }
  return lines;
}

function details(m: StatementMovement): string {
  const role = m.direction === 'credit' ? 'ORDP' : 'BENM';
  return swift(
    `/TRTP/SEPA ${m.direction === 'credit' ? 'CREDIT TRANSFER' : 'DIRECT DEBIT'}/EREF/${m.endToEndId}/${role}//NAME/${m.counterparty.name}/IBAN/${m.counterparty.iban}/REMI/USTD//${m.remittance}/`,
  );
}

export function mt940(s: StatementScenario): string {
  const balance = (tag: string, amount: string, date: string) => `:${tag}:${amount.startsWith('-') ? 'D' : 'C'}${yymmdd(date)}EUR${swiftAmount(amount)}`;
  const lines = [
    `:20:STMT${yymmdd(s.today)}`,
    `:25:${s.iban}`,
    `:28C:${s.today.slice(2, 4)}${s.today.slice(5, 7)}${s.today.slice(8, 10)}/1`,
    balance('60F', s.openingBalance, s.fromDate),
  ];
  for (const m of s.movements) {
    const mark = m.reversal ? (m.direction === 'credit' ? 'RD' : 'RC') : m.direction === 'credit' ? 'C' : 'D';
    const type = m.direction === 'credit' ? 'NTRF' : 'NDDT';
    // Quirks: no reference, as some banks write: Rabobank's EREF alone, PostFinance's NONREF//NONREF.
    const refs = s.quirks ? (Number(m.bankRef) % 2 === 0 ? 'EREF' : 'NONREF//NONREF') : `${m.endToEndId.slice(0, 16)}//${m.bankRef}`;
    lines.push(`:61:${yymmdd(m.valueDate)}${m.bookingDate.slice(5, 7)}${m.bookingDate.slice(8, 10)}${mark}${swiftAmount(m.amount)}${type}${refs}`);
    const [first, ...rest] = wrap(details(m));
    lines.push(`:86:${first}`, ...rest);
  }
  lines.push(balance('62F', s.closingBalance, s.toDate), balance('64', s.closingBalance, s.toDate), '-');
  return `${lines.join('\r\n')}\r\n`;
}

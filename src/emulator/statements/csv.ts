/**
 * A bank's CSV export, Italian dialect: `;` between fields, decimal comma without thousands separators,
 * dd/mm/yyyy dates, separate Dare (debit) and Avere (credit) columns, a header row; UTF-8 with a BOM,
 * or Latin-1 bytes. A reversal is a credit whose description says STORNO (CSV has no flag for it).
 */
import type { StatementScenario } from './scenario.js';

/** The column mapping a reader needs for this export (the keys of fisco's CSV mapping file and --csv-* flags). */
export const CSV_MAPPING = {
  date: 'Data contabile',
  debit: 'Dare',
  credit: 'Avere',
  currency: 'Divisa',
  description: 'Descrizione operazione',
  counterpart: 'Ordinante/Beneficiario',
  reference: 'Riferimento banca',
} as const;

const HEADER = [
  CSV_MAPPING.date,
  'Data valuta',
  CSV_MAPPING.debit,
  CSV_MAPPING.credit,
  CSV_MAPPING.currency,
  CSV_MAPPING.description,
  CSV_MAPPING.counterpart,
  CSV_MAPPING.reference,
];

function italianDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

function cell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvText(s: StatementScenario): string {
  const rows = [HEADER.map(cell).join(';')];
  for (const m of s.movements) {
    const amount = m.amount.replace('.', ',');
    const description = m.reversal ? `${m.remittance}` : `${m.direction === 'credit' ? 'BONIFICO A VOSTRO FAVORE' : 'ADDEBITO DIRETTO SDD'} - ${m.remittance}`;
    rows.push(
      [
        italianDate(m.bookingDate),
        italianDate(m.valueDate),
        m.direction === 'debit' ? amount : '',
        m.direction === 'credit' ? amount : '',
        m.currency,
        description,
        m.counterparty.name,
        s.quirks ? 'NONREF' : m.bankRef,
      ]
        .map(cell)
        .join(';'),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

export function csvBytes(s: StatementScenario, encoding: 'utf-8' | 'latin1'): string | Buffer {
  const text = csvText(s);
  return encoding === 'latin1' ? Buffer.from(text, 'latin1') : `\uFEFF${text}`;
}

/**
 * What a bank's CSV export says about itself, read from its cells (src/bank/read/csv.ts reads the
 * rows): the delimiter, the dates, a currency column told apart from a value-date column by what it
 * holds, the balance and total rows that are not movements, and a mapping proposed from the file's
 * own header when none was given.
 */
import { calendarDate, fullYear } from './common.js';
import { type Message, t } from '../../i18n/message.js';

/** Header cells compare without case, accents, quotes or repeated spaces. */
export function headerKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function detectDelimiter(text: string): string {
  const head = text.split(/\r?\n/, 30).join('\n');
  // The Italian dialect first: a comma may be a decimal separator.
  for (const d of [';', '\t', '|']) if (head.includes(d)) return d;
  return ',';
}

/** The forms a date cell is read in without a mapping's dateFormat. */
const DEFAULT_FORMATS = ['dd/mm/yyyy', 'dd/mm/yy'];

/** The accepted date forms, in words for an error message. */
export function datesAccepted(format: string | undefined): Message {
  return format
    ? t`${format} (the mapping's dateFormat; / . or - may stand between its parts)`
    : t`dd/mm/yyyy, dd.mm.yyyy, dd-mm-yyyy, dd/mm/yy, dd.mm.yy or yyyy-mm-dd`;
}

function byFormat(v: string, format: string): string | undefined {
  const order: ('d' | 'm' | 'y' | 'yy')[] = [];
  let pattern = '^';
  for (const token of format.match(/dd|mm|yyyy|yy|[\s./-]/g) ?? []) {
    if (token === 'dd') (order.push('d'), (pattern += '(\\d{1,2})'));
    else if (token === 'mm') (order.push('m'), (pattern += '(\\d{1,2})'));
    else if (token === 'yyyy') (order.push('y'), (pattern += '(\\d{4})'));
    else if (token === 'yy') (order.push('yy'), (pattern += '(\\d{2})'));
    else pattern += '[./\\-]';
  }
  const m = new RegExp(pattern + '$').exec(v);
  if (!m) return undefined;
  const part = { d: 0, m: 0, y: 0 };
  order.forEach((o, i) => {
    const n = Number(m[i + 1]);
    if (o === 'yy') part.y = fullYear(n);
    else part[o] = n;
  });
  return calendarDate(part.y, part.m, part.d);
}

/**
 * A date cell as YYYY-MM-DD, or undefined: with the mapping's dateFormat, that form; without one,
 * dd/mm/yyyy or dd/mm/yy (with / . or - between the parts) or yyyy-mm-dd. A time after the date is ignored.
 */
export function csvDate(raw: string, format: string | undefined): string | undefined {
  const v = raw.trim().replace(/[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/, '');
  if (format) return byFormat(v, format);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  for (const f of DEFAULT_FORMATS) {
    const date = byFormat(v, f);
    if (date) return date;
  }
  return undefined;
}

/** A cell that makes a row a balance or a total rather than a movement (Saldo iniziale, Saldo contabile, Totale, Balance…). */
export const BALANCE_WORDS = /\b(saldo|saldi|balance|totale|totali|total|totals|summe|saldo finale|solde|kontostand)\b/i;

/**
 * Words of a header naming a column that may hold currency codes, compared without case and accents
 * (Italian exports also name the value DATE "Valuta": the cells decide, see currencyColumn).
 */
const CURRENCY_WORDS = new Set([
  'divisa',
  'valuta',
  'currency',
  'curr',
  'ccy',
  'cur',
  'wahrung',
  'waehrung',
  'devise',
  'moneda',
  'moeda',
  'munt',
  'valuuta',
  'waluta',
]);

/** Words saying a currency column is the account's rather than the movement's ("Divisa conto"). */
const ACCOUNT_WORDS = new Set(['conto', 'account', 'konto', 'compte', 'cuenta', 'rekening']);

function headerWords(header: string): string[] {
  return headerKey(header)
    .split(/[^a-z]+/)
    .filter((w) => w !== '');
}

/**
 * The column of ISO currency codes, told by its name and its content: a header with a word naming a
 * currency (`Divisa`, `Divisa operazione`, `Valuta (divisa)`, `Currency`, `Währung`, `CCY`…) whose
 * every non-empty cell in `rows` is a three-letter code. A "Valuta" or "Data valuta" column of dates
 * (the value date, in Italian exports) is not one. Of several, the movement's (`Divisa operazione`)
 * before the account's (`Divisa conto`): a movement in another currency is then never taken for EUR.
 * `taken` are the columns the mapping already uses.
 */
export function currencyColumn(header: string[], rows: string[][], taken: (number | undefined)[]): number | undefined {
  const found: { index: number; account: boolean }[] = [];
  for (let i = 0; i < header.length; i++) {
    const words = headerWords(header[i]!);
    if (taken.includes(i) || !words.some((w) => CURRENCY_WORDS.has(w))) continue;
    const cells = rows.map((r) => (r[i] ?? '').trim()).filter((c) => c !== '');
    if (cells.length > 0 && cells.every((c) => /^[A-Za-z]{3}$/.test(c))) found.push({ index: i, account: words.some((w) => ACCOUNT_WORDS.has(w)) });
  }
  return (found.find((f) => !f.account) ?? found[0])?.index;
}

/** The currency an amount column's header names: `Importo (EUR)`, `Betrag EUR`, `Importo €`. */
export function currencyOfHeader(header: string): string | undefined {
  if (/€/.test(header)) return 'EUR';
  const m = /(?:\(|\s|^)([A-Z]{3})\)?\s*$/.exec(header.trim());
  return m && /\(|\s/.test(header) ? m[1] : undefined;
}

/** True when the text looks like delimited rows (for the message when no mapping was given). */
export function looksLikeCsv(text: string): boolean {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 10)
    .filter((l) => l.trim() !== '');
  if (lines.length < 2) return false;
  return [';', '\t', ',', '|'].some((d) => {
    const counts = lines.map((l) => l.split(d).length - 1);
    return counts[0] > 0 && counts.slice(1).every((c) => c > 0);
  });
}

const GUESSES: [key: string, flag: string, test: RegExp][] = [
  ['date', '--csv-date', /^(data( contabile| registrazione| operazione| contabilizzazione)?|date|booking date|buchungstag|datum|fecha)$/],
  ['amount', '--csv-amount', /^(importo|amount|betrag|bedrag|montant|importe)\b/],
  ['credit', '--csv-credit', /^(avere|accrediti|entrate|credit|credito|haben|in)$/],
  ['debit', '--csv-debit', /^(dare|addebiti|uscite|debit|debito|soll|out)$/],
  ['description', '--csv-description', /^(descrizione|causale|description|label|dettagli|verwendungszweck|omschrijving|libelle)/],
];

/**
 * The hints of a CSV given without a mapping: the file's own columns (its header row: the first of
 * its first 30 rows with the most named cells), and, when its names say so, a mapping for them.
 */
export function csvMappingHint(text: string): Message[] {
  const delimiter = detectDelimiter(text);
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 30)
    .map((line) =>
      line.split(delimiter).map((c) =>
        c
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      ),
    );
  let header: string[] = [];
  for (const row of rows) {
    const named = row.filter((c) => c !== '' && !csvDate(c, undefined) && !/^[-+]?[\d.,]+$/.test(c));
    if (named.length >= 2 && named.length > header.filter((c) => c !== '').length) header = row;
  }
  const columns = header.filter((c) => c !== '');
  if (columns.length === 0)
    return [t`Name its date column and its amount column (or its credit and debit columns) with --csv-date and --csv-amount, or a mapping file`];
  const found = new Map<string, string>();
  for (const [key, , test] of GUESSES) {
    const hit = columns.find((c) => test.test(headerKey(c)) && ![...found.values()].includes(c));
    if (hit) found.set(key, hit);
  }
  const hints = [t`Its columns: ${columns.map((c) => `"${c}"`).join(', ')}`];
  const hasAmount = found.has('amount') || (found.has('credit') && found.has('debit'));
  if (found.has('date') && hasAmount) {
    if (found.has('amount')) (found.delete('credit'), found.delete('debit'));
    const flags = GUESSES.filter(([key]) => found.has(key)).map(([key, flag]) => `${flag} "${found.get(key)}"`);
    hints.push(t`For example: ${flags.join(' ')}`);
  } else
    hints.push(t`Name its date column and its amount column (or its credit and debit columns): --csv-date, --csv-amount (or --csv-credit and --csv-debit)`);
  return hints;
}

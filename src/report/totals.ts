/**
 * Totals that never swallow an amount fisco cannot add honestly (pure). An amount the service sent
 * with real digits past the cent (`100.125`) is shown as sent everywhere, but a total it would
 * distort (a total in cents that no longer adds up to the cent) leaves that record out and says
 * so: each `LeftOut` names the figure, the record and the amount, for the report's note and the
 * overview's line on stderr. Amounts the contract allows to be absent count as zero.
 */
import { isCentExact, sum } from '../domain/money.js';

/** A record a total left out, and why: its amount has digits past the cent. */
export interface LeftOut {
  /** The figure (a dotted key: `invoices.issued`, `open_amount`). */
  figure: string;
  /** How the record is named: `invoice 12/2026`, `F24 f24_0012`, `method diretto`. */
  record: string;
  /** What the record is, and its number or id (`invoice`, `12/2026`): for a report in another language. */
  kind: RecordKind;
  ref: string;
  /** The field whose amount has digits past the cent. */
  field: string;
  /** That amount, exactly as the service sent it. */
  amount: string;
}

export type RecordKind = 'invoice' | 'F24' | 'method';

/** A record as a LeftOut names it. */
export interface Named {
  kind: RecordKind;
  ref: string;
}

/** The first field of a record whose amount is not a whole number of cents, with that amount. */
export function inexactField<T>(item: T, fields: readonly (keyof T & string)[]): { field: string; amount: string } | undefined {
  for (const field of fields) {
    const value = item[field];
    if (typeof value === 'string' && !isCentExact(value)) return { field, amount: value };
  }
  return undefined;
}

/**
 * Splits records into those a total may add (every listed amount field in whole cents) and those it
 * leaves out, noting each left-out record once per figure.
 */
export function centExact<T>(
  items: readonly T[],
  fields: readonly (keyof T & string)[],
  figures: readonly string[],
  name: (item: T) => Named,
  leftOut: LeftOut[],
): T[] {
  const kept: T[] = [];
  for (const item of items) {
    const inexact = inexactField(item, fields);
    if (!inexact) kept.push(item);
    else for (const figure of figures) leftOut.push({ figure, ...named(name(item)), ...inexact });
  }
  return kept;
}

/** The total of `amounts` in whole cents, the inexact ones left out and noted under `figure`. */
export function centTotal(amounts: readonly { record: Named; field: string; amount: string | null | undefined }[], figure: string, leftOut: LeftOut[]): string {
  const kept: string[] = [];
  for (const { record, field, amount } of amounts) {
    const value = amount ?? '0.00';
    if (isCentExact(value)) kept.push(value);
    else leftOut.push({ figure, ...named(record), field, amount: value });
  }
  return sum(kept);
}

function named(record: Named): Pick<LeftOut, 'record' | 'kind' | 'ref'> {
  return { record: `${record.kind} ${record.ref}`, ...record };
}

/** An invoice by its number, or its id when it has no number. */
export const invoiceName = (i: { number?: string | null; id?: string | null }): Named => ({ kind: 'invoice', ref: i.number ?? i.id ?? '?' });

/** An F24 by its id. */
export const f24Name = (f: { id?: string | null }): Named => ({ kind: 'F24', ref: f.id ?? '?' });

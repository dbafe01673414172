/**
 * The service's own arithmetic of an invoice being created, written for the emulator from the API
 * document and the e-invoice rules it follows, apart from fisco's (src/invoice/rules.ts): a rounding
 * mistake made there is then not made here too, and the end-to-end tests can see it (the totals a
 * preview shows against the `total_amount` the service answers; test/unit/emulator/totals.test.ts
 * checks the two against each other on many generated invoices).
 *
 * - A line's amount is quantity × unit price, rounded half-up to the cent (PrezzoTotale).
 * - Lines are grouped by VAT rate (DatiRiepilogo; the nature code is the invoice's); VAT is the group's taxable
 *   amount × rate / 100, rounded half-up to the cent, once per group, never line by line.
 * - `sconto` is a discount in euro on the whole invoice (the API document: "global discount
 *   amount"); it is shared among the groups in proportion to their taxable amounts, each share
 *   rounded half-up, the group with the largest taxable amount taking what rounding leaves, so that
 *   the shares add up to the discount exactly. A discount larger than the taxable total is refused.
 * - `scadenze` are all amounts adding up to the total, or all percentages adding up to 100;
 *   `paid` may not exceed the total.
 *
 * Amounts are big.js decimals from the request's numbers (already plain decimal strings); the
 * results are two-decimal strings. Every refusal is a 422 naming its field (../errors.ts).
 */
import Big from 'big.js';
import { validationError } from './errors.js';

/** Half-up to the cent, as the e-invoice's two-decimal amounts are rounded. */
const cents = (value: Big): Big => value.round(2, Big.roundHalfUp);
const text = (value: Big): string => value.toFixed(2);

export interface EmulatorLine {
  nome: string;
  quantita: string;
  prezzo: string;
  iva: string;
}

export interface EmulatorTotals {
  taxable: string;
  vat: string;
  total: string;
}

/** A decimal of the request or a 422 naming `field`: a number, never negative. */
function decimal(value: string, field: string): Big {
  let parsed: Big;
  try {
    parsed = new Big(value);
  } catch {
    throw validationError(`${field}: must be a number`, field);
  }
  if (parsed.lt(0)) throw validationError(`${field}: must not be negative`, field);
  return parsed;
}

/** The invoice's taxable amount, VAT and total, as the service computes them from its lines and discount. */
export function invoiceTotals(lines: readonly EmulatorLine[], sconto: string | null): EmulatorTotals {
  if (lines.length === 0) throw validationError('articoli: at least one line is required', 'articoli');
  const groups = new Map<string, { rate: Big; taxable: Big }>();
  lines.forEach((line, i) => {
    if (!line.nome || !line.nome.trim()) throw validationError(`articoli[${i}].nome: required`, `articoli[${i}].nome`);
    const quantity = decimal(line.quantita, `articoli[${i}].quantita`);
    if (quantity.eq(0)) throw validationError(`articoli[${i}].quantita: must be above 0`, `articoli[${i}].quantita`);
    const price = decimal(line.prezzo, `articoli[${i}].prezzo`);
    const rate = decimal(line.iva, `articoli[${i}].iva`);
    if (rate.gt(100)) throw validationError(`articoli[${i}].iva: a rate in percent, 0 to 100`, `articoli[${i}].iva`);
    const key = rate.toString();
    const group = groups.get(key) ?? { rate, taxable: new Big(0) };
    group.taxable = group.taxable.plus(cents(quantity.times(price)));
    groups.set(key, group);
  });
  const list = [...groups.values()];
  const gross = list.reduce((total, group) => total.plus(group.taxable), new Big(0));
  const discount = sconto == null ? new Big(0) : cents(decimal(sconto, 'sconto'));
  if (discount.gt(gross)) throw validationError(`sconto: the discount ${text(discount)} is more than the taxable total ${text(gross)}`, 'sconto');

  // The discount's shares: proportional, half-up; the largest group (the first of equals) takes the remainder.
  const largest = list.reduce((best, group, i) => (group.taxable.gt(list[best].taxable) ? i : best), 0);
  const shares = list.map((group, i) => (i === largest || gross.eq(0) ? new Big(0) : cents(discount.times(group.taxable).div(gross))));
  shares[largest] = discount.minus(shares.reduce((total, share) => total.plus(share), new Big(0)));

  let taxable = new Big(0);
  let vat = new Big(0);
  list.forEach((group, i) => {
    const groupTaxable = group.taxable.minus(shares[i]);
    taxable = taxable.plus(groupTaxable);
    vat = vat.plus(cents(groupTaxable.times(group.rate).div(100)));
  });
  return { taxable: text(taxable), vat: text(vat), total: text(taxable.plus(vat)) };
}

export interface EmulatorDueDate {
  date: string;
  value: string;
  type?: string | null;
}

/** The due dates of the request, checked against the total: all amounts adding up to it, or all percentages adding up to 100. */
export function checkDueDates(dues: readonly EmulatorDueDate[], total: string, issueDate: string): string[] {
  if (dues.length === 0) throw validationError('scadenze: at least one due date, or none for the default', 'scadenze');
  const kind = dues[0].type ?? 'amount';
  let sum = new Big(0);
  dues.forEach((due, i) => {
    const type = due.type ?? 'amount';
    if (type !== 'amount' && type !== 'percent') throw validationError(`scadenze[${i}].type: percent or amount`, `scadenze[${i}].type`);
    if (type !== kind) throw validationError(`scadenze[${i}].type: every due date of an invoice has the same type`, `scadenze[${i}].type`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(due.date)) throw validationError(`scadenze[${i}].date: a date YYYY-MM-DD`, `scadenze[${i}].date`);
    if (due.date < issueDate) throw validationError(`scadenze[${i}].date: before the issue date ${issueDate}`, `scadenze[${i}].date`);
    const value = decimal(due.value, `scadenze[${i}].value`);
    if (value.eq(0)) throw validationError(`scadenze[${i}].value: must be above 0`, `scadenze[${i}].value`);
    sum = sum.plus(value);
  });
  if (kind === 'percent' && !sum.eq(100)) throw validationError(`scadenze: the percentages add up to ${sum.toString()}, not 100`, 'scadenze');
  if (kind === 'amount' && !sum.eq(new Big(total))) throw validationError(`scadenze: the amounts add up to ${text(sum)}, not the total ${total}`, 'scadenze');
  return dues.map((due) => due.date);
}

/** The amount paid at creation, as a two-decimal string: never more than the total. */
export function paidAtCreation(paid: string, total: string): string {
  const amount = cents(decimal(paid, 'paid'));
  if (amount.gt(new Big(total))) throw validationError(`paid: ${text(amount)} is more than the invoice total ${total}`, 'paid');
  return text(amount);
}

import { addDays, assertDate, daysBetween, nextMonth } from '../domain/dates.js';
import { SDI_BY_PEC, SDI_FOREIGN } from '../domain/identifiers.js';
import { add, cmp, isZero, LIMITS, mul, parseAmount, parsePrice, parseQuantity, percentOf, proportion, round2, sub, sum } from '../domain/money.js';
import { Problems, ValidationError } from '../domain/validation-error.js';
import { assertNatura, assertVatRate, isOrdinaryRate, VAT_RATES, vatNatureProblem, type NatureCode, type VatRate } from '../domain/vat.js';
import { day, money, t, type Message } from '../i18n/message.js';

export type InvoiceLine = {
  nome: string;
  quantita: string;
  prezzo: string;
  iva: string;
  descrizione?: string | null;
  natura?: string | null;
};

export type TotalsLine = InvoiceLine & { iva: VatRate; natura: NatureCode | null; imponibile: string };

export interface RateGroup {
  rate: VatRate;
  /** Only on 0% groups. */
  natura: NatureCode | null;
  /** After this group's share of the discount. */
  taxable: string;
  discount: string;
  vat: string;
}

export interface InvoiceTotals {
  lines: TotalsLine[];
  perRate: RateGroup[];
  discount: string;
  taxable: string;
  vat: string;
  total: string;
  /** Taxable amount of the 0% groups: what the stamp-duty threshold looks at. */
  exemptTotal: string;
}

export const STAMP_DUTY_THRESHOLD = '77.47';
export const STAMP_DUTY = '2.00';
export const MAX_TRANSMISSION_DELAY_DAYS = 12;

/**
 * Checks and normalises one line; `field` is its path, e.g. `articoli[2]`. Every broken rule of
 * the line is reported (a ValidationErrors when there are several).
 */
export function assertInvoiceLine(line: InvoiceLine, field: string): TotalsLine {
  const problems = new Problems();
  const nome = typeof line.nome === 'string' ? line.nome.trim() : '';
  if (!nome) problems.add(`${field}.nome`, t`must not be empty`);
  const quantita = problems.check(() => parseQuantity(line.quantita, `${field}.quantita`));
  const prezzo = problems.check(() => parsePrice(line.prezzo, `${field}.prezzo`, { allowZero: true }));
  const iva = problems.check(() => assertVatRate(line.iva, `${field}.iva`));
  const natura = line.natura ? (problems.check(() => assertNatura(line.natura!, `${field}.natura`)) ?? null) : null;
  if (iva !== undefined && natura && vatNatureProblem(iva, natura) === 'forbidden') {
    problems.add(`${field}.natura`, t`must be empty on a ${iva}% line: nature codes are only for 0% VAT lines`);
  }
  problems.done();
  return { ...line, nome, quantita: quantita!, prezzo: prezzo!, iva: iva!, natura, imponibile: round2(mul(quantita!, prezzo!)) };
}

/** The largest amount the e-invoice format can carry (11 integer digits, 2 decimals). */
export const MAX_AMOUNT = `${'9'.repeat(LIMITS.amountIntegerDigits)}.99`;

/**
 * Splits `discount` across `parts` in proportion, half-up to the cent; the largest part takes the
 * rounding remainder so the shares add up to `discount` exactly.
 */
function allocate(discount: string, parts: string[]): string[] {
  const whole = sum(parts);
  if (isZero(discount) || isZero(whole)) return parts.map(() => '0.00');
  const largest = parts.reduce((best, p, i) => (cmp(p, parts[best]) > 0 ? i : best), 0);
  const shares = parts.map((p, i) => (i === largest ? '0.00' : proportion(discount, p, whole)));
  shares[largest] = sub(discount, sum(shares));
  return shares;
}

/**
 * Line amount = quantity × price, half-up to the cent. VAT is computed per rate on that rate's
 * taxable total (not line by line), as the SDI does. `sconto` is a global discount in euro.
 */
export function computeTotals(lines: InvoiceLine[], sconto?: string | null): InvoiceTotals {
  const problems = new Problems();
  if (lines.length === 0) problems.add('articoli', t`must have at least one line`);
  const checked = lines.map((l, i) => problems.check(() => assertInvoiceLine(l, `articoli[${i}]`)));
  const discount = sconto == null ? '0.00' : problems.check(() => parseAmount(sconto, 'sconto', { allowZero: true }));
  problems.done();
  const valid = checked as TotalsLine[];

  const groups = new Map<string, { rate: VatRate; natura: NatureCode | null; gross: string }>();
  for (const l of valid) {
    const key = `${l.iva}|${l.natura ?? ''}`;
    const g = groups.get(key) ?? { rate: l.iva, natura: l.natura, gross: '0.00' };
    g.gross = add(g.gross, l.imponibile);
    groups.set(key, g);
  }
  const list = [...groups.values()];
  const gross = sum(list.map((g) => g.gross));

  if (cmp(discount!, gross) > 0) {
    throw new ValidationError('sconto', t`must not exceed the taxable total of ${money(gross)}`);
  }
  const shares = allocate(
    discount!,
    list.map((g) => g.gross),
  );

  const perRate: RateGroup[] = list.map((g, i) => {
    const taxable = sub(g.gross, shares[i]);
    return { rate: g.rate, natura: g.natura, taxable, discount: shares[i], vat: percentOf(taxable, g.rate) };
  });
  const taxable = sum(perRate.map((g) => g.taxable));
  const vat = sum(perRate.map((g) => g.vat));
  const total = add(taxable, vat);
  valid.forEach((l, i) => {
    if (cmp(l.imponibile, MAX_AMOUNT) > 0)
      problems.add(`articoli[${i}]`, t`line amount ${money(l.imponibile)} is over ${money(MAX_AMOUNT)}, the largest amount an e-invoice can carry`);
  });
  if (cmp(total, MAX_AMOUNT) > 0)
    problems.add('articoli', t`the invoice total ${money(total)} is over ${money(MAX_AMOUNT)}, the largest amount an e-invoice can carry`);
  problems.done();
  return {
    lines: valid,
    perRate,
    discount: discount!,
    taxable,
    vat,
    total,
    exemptTotal: sum(perRate.filter((g) => g.rate === '0').map((g) => g.taxable)),
  };
}

export type DueDate = { date: string; value: string; type?: 'percent' | 'amount' };

/**
 * Due dates must all be percentages adding up to exactly 100, or all amounts adding up to exactly
 * `total`; none before `issueDate`. A missing type means an amount. Returns them normalised.
 */
export function validateDueDates(scadenze: DueDate[], total: string | undefined, issueDate: string | undefined): DueDate[] {
  if (scadenze.length === 0) {
    throw new ValidationError('scadenze', t`give at least one due date, or leave it out for the default of 30 days`);
  }
  const problems = new Problems();
  const kind = (s: DueDate): string => s.type ?? 'amount';
  const first = kind(scadenze[0]);
  const out = scadenze.map((s, i) => {
    const field = `scadenze[${i}]`;
    if (kind(s) !== 'percent' && kind(s) !== 'amount') {
      problems.add(`${field}.type`, t`must be percent or amount`);
      return undefined;
    }
    if (kind(s) !== first) {
      problems.add(`${field}.type`, t`mixes percent and amount: use one type for all due dates`);
      return undefined;
    }
    const date = problems.check(() => assertDate(s.date, `${field}.date`));
    if (date !== undefined && issueDate !== undefined && daysBetween(issueDate, date) < 0) {
      problems.add(`${field}.date`, t`must not be before the issue date ${day(issueDate)}`);
    }
    const value = problems.check(() => (first === 'percent' ? assertPercent(s.value, `${field}.value`) : parseAmount(s.value, `${field}.value`)));
    return date === undefined || value === undefined ? undefined : { ...s, date, value };
  });
  problems.done();
  const valid = out as DueDate[];
  const totalOfValues = sum(valid.map((s) => s.value));
  if (first === 'percent' && cmp(totalOfValues, '100') !== 0) {
    throw new ValidationError('scadenze', t`percentages add up to ${totalOfValues}; they must add up to exactly 100`);
  }
  if (first === 'amount' && total !== undefined && cmp(totalOfValues, total) !== 0) {
    throw new ValidationError('scadenze', t`amounts add up to ${money(totalOfValues)}; they must add up to the invoice total ${money(total)}`);
  }
  return valid;
}

function assertPercent(input: string, field: string): string {
  if (typeof input !== 'string' || !/^\d+(\.\d{1,2})?$/.test(input) || isZero(input) || cmp(input, '100') > 0) {
    throw new ValidationError(field, t`must be a percentage above 0 and up to 100, like 50 or 33.33`);
  }
  return input;
}

export function assertPaidNotOverTotal(paid: string, total: string): string {
  const amount = parseAmount(paid, 'paid', { allowZero: true });
  if (cmp(amount, total) > 0) throw new ValidationError('paid', t`must not exceed the invoice total of ${money(total)}`);
  return amount;
}

export interface WarningInput {
  /** From computeTotals; its normalised lines are the ones checked. */
  totals: InvoiceTotals;
  issueDate: string;
  today: string;
  client: { sdi?: string | null; pec?: string | null; country?: string | null };
  /** Public-administration references (CIG, CUP) are given. */
  hasPaReferences?: boolean;
  tipoDocumento?: string | null;
  /** Invoice-wide nature code. */
  natura?: string | null;
  /** The by-VAT variant (POST /fatture/nuova/piva), which carries no nature code at all. */
  byVat?: boolean;
}

/** What commonly gets an invoice rejected or fined: sentences for the preview, in the run's language. */
export function invoiceWarnings(input: WarningInput): Message[] {
  return [
    ...natureWarnings(input),
    ...rateWarnings(input.totals),
    ...stampDutyWarnings(input.totals),
    ...dateWarnings(input),
    ...recipientWarnings(input.client, input.hasPaReferences ?? false),
  ];
}

function natureWarnings({ totals, natura, byVat }: WarningInput): Message[] {
  if (natura) return [];
  return totals.lines.flatMap((l, i) => {
    if (vatNatureProblem(l.iva, l.natura) !== 'missing') return [];
    const line = `articoli[${i}]`;
    return [
      byVat
        ? t`${line} "${l.nome}" has 0% VAT: the by-VAT variant (--piva) carries no nature code, so the service chooses one from the client and tax regime; to choose it yourself, use the manual variant with --natura`
        : t`${line} "${l.nome}" has 0% VAT but no nature code (natura): the service chooses one from the client and tax regime; give --natura to choose it yourself (the SDI rejects a 0% line without one)`,
    ];
  });
}

function rateWarnings(totals: InvoiceTotals): Message[] {
  return totals.lines.flatMap((l, i) =>
    isOrdinaryRate(l.iva)
      ? []
      : [
          t`${`articoli[${i}]`} "${l.nome}" has VAT ${l.iva}%, not one of the ordinary rates ${VAT_RATES.join(', ')}: right for a special regime, otherwise a typo`,
        ],
  );
}

function stampDutyWarnings(totals: InvoiceTotals): Message[] {
  if (cmp(totals.exemptTotal, STAMP_DUTY_THRESHOLD) <= 0) return [];
  return [
    t`VAT-exempt amounts total ${money(totals.exemptTotal)} EUR, over ${money(STAMP_DUTY_THRESHOLD)} EUR: a ${money(STAMP_DUTY)} EUR stamp duty (imposta di bollo) is due, unless these operations are exempt from it (e.g. exports, intra-EU supplies, reverse charge)`,
  ];
}

function dateWarnings({ issueDate, today, tipoDocumento }: WarningInput): Message[] {
  const age = daysBetween(issueDate, today);
  if (age < 0) return [t`issue date ${day(issueDate)} is in the future (today is ${day(today)})`];
  // Deferred invoices (TD24, TD25) may be sent up to the 15th of the month after the issue date.
  if (tipoDocumento === 'TD24' || tipoDocumento === 'TD25') {
    const deadline = `${nextMonth(issueDate)}-15`;
    return daysBetween(deadline, today) > 0
      ? [t`deferred invoice dated ${day(issueDate)} should have reached the SDI by ${day(deadline)}: late transmission can be fined`]
      : [];
  }
  if (age > MAX_TRANSMISSION_DELAY_DAYS) {
    const by = addDays(issueDate, MAX_TRANSMISSION_DELAY_DAYS);
    return [
      t`issue date ${day(issueDate)} is ${age} days ago: an invoice must reach the SDI within ${MAX_TRANSMISSION_DELAY_DAYS} days (by ${day(by)}); late transmission can be fined`,
    ];
  }
  return [];
}

function recipientWarnings(client: WarningInput['client'], hasPaReferences: boolean): Message[] {
  const sdi = client.sdi?.trim().toUpperCase() || null;
  const pec = client.pec?.trim() || null;
  const italian = (client.country?.trim().toUpperCase() || 'IT') === 'IT';
  const warnings: Message[] = [];
  if (sdi && sdi !== SDI_BY_PEC && pec) {
    warnings.push(t`client has both SDI code ${sdi} and PEC ${pec}: the SDI delivers to the code and ignores the PEC`);
  }
  if (sdi === SDI_BY_PEC && !pec && italian) {
    warnings.push(
      t`SDI code ${SDI_BY_PEC} means delivery by PEC, but the client has no PEC: the invoice will only reach the client's tax drawer (cassetto fiscale)`,
    );
  }
  if (sdi === SDI_FOREIGN && italian) {
    warnings.push(t`SDI code ${SDI_FOREIGN} is for foreign clients, but this client is Italian`);
  }
  // CIG/CUP usually go to a public administration (6-character office code), but a private
  // company receiving public funds legitimately has a 7-character one: warn, do not refuse.
  if (hasPaReferences && sdi && sdi.length === 7 && sdi !== SDI_BY_PEC && sdi !== SDI_FOREIGN) {
    warnings.push(
      t`CIG/CUP given but SDI code ${sdi} has 7 characters: public administrations receive on 6-character office codes (codice univoco ufficio); check the recipient`,
    );
  }
  if (!italian && sdi && sdi.length === 7 && sdi !== SDI_FOREIGN) {
    warnings.push(t`foreign client with SDI code ${sdi}: foreign clients normally use ${SDI_FOREIGN}`);
  }
  return warnings;
}

/**
 * Validates an InvoiceDraft with the domain rules and builds the exact request body. Every rule
 * throws a ValidationError naming the field path (`articoli[2].prezzo`); the command layer turns
 * it into a usage error (exit 2) before anything is sent.
 */
import type { CreateEndpoint } from '../api/invoices.js';
import { addDays, assertDate } from '../domain/dates.js';
import { assertCap, assertCountry, assertEmail, assertPartitaIva, assertProvince, assertSdiCode, assertVatId } from '../domain/identifiers.js';
import { assertInvoiceLine, assertPaidNotOverTotal, computeTotals, invoiceWarnings, validateDueDates, type InvoiceTotals } from './rules.js';
import { parseAmountInput, parseDateInput } from '../domain/input.js';
import { jsonNumber } from '../domain/json-number.js';
import { parseAmount, parseTypedDecimal, percentOf, sub, sum } from '../domain/money.js';
import { Problems, ValidationError } from '../domain/validation-error.js';
import { assertNatura } from '../domain/vat.js';
import { assertText, TEXT_LIMITS } from '../domain/text.js';
import { FATTURAPA } from '../domain/fatturapa-schema.js';
import { DOCUMENT_TYPES, type ClientFields, type InvoiceDraft } from './draft.js';
import { t, type Message, type Text } from '../i18n/message.js';
import { sdiCheck, SdiProblem } from '../sdi/check.js';

export interface Prepared {
  endpoint: CreateEndpoint;
  /**
   * The exact JSON body: every field its variant defines and nothing else, amounts as JsonNumbers
   * (written as number literals from their decimal strings by writeJson), `invia_sdi` always set.
   */
  body: Record<string, unknown>;
  totals: InvoiceTotals;
  /** The due dates as amounts (the API's default of 30 days spelt out when none were given). */
  dueDates: { date: string; amount: string }[];
  issueDate: string;
  /** The amount recorded as paid at creation (manual variant only). */
  paid?: string;
  warnings: Message[];
  /** The SDI's controls fisco decides (src/sdi/check.ts): what the SDI would refuse. Sending refuses them all; a draft may hold them. */
  sdi: SdiProblem[];
}

const ORDER = 'FatturaElettronicaBody/DatiGenerali/DatiOrdineAcquisto';
/**
 * The length limits of invoice creation: the e-invoice elements' from the official schema
 * (fatturapa-schema.ts; the contract's Limits agree), the contract's own for impegno and determina,
 * which have no element of their own. Invoice notes have none.
 */
const LIMITS = {
  cig: FATTURAPA[`${ORDER}/CodiceCIG`].maxLength,
  cup: FATTURAPA[`${ORDER}/CodiceCUP`].maxLength,
  numero: FATTURAPA[`${ORDER}/IdDocumento`].maxLength,
  impegno: 100,
  determina: 100,
  codice_commessa: FATTURAPA[`${ORDER}/CodiceCommessaConvenzione`].maxLength,
} as const;

/** Where the codice fiscale goes, since the manual variant's `cliente` has no field for it. */
export const CODICE_FISCALE_NOT_SENT =
  'POST /fatture/nuova/manuale has no codice fiscale field, so fisco cannot send it: record it on the client in the ' +
  "web application (the client record keeps it); a company's codice fiscale is usually its VAT number";

/** What the by-VAT variant cannot carry, and what to do instead. */
export const NOT_BY_VAT = {
  natura:
    'the by-VAT variant (--piva) has no nature code field: to set one, give the client with --client ID or the ' +
    '--client-* flags (the manual variant, POST /fatture/nuova/manuale)',
  paid:
    'the by-VAT variant (--piva) cannot record a payment at creation: register it afterwards with ' +
    '`fisco invoice pay UUID --amount …`, or give the client with --client ID or the --client-* flags (the manual variant)',
  cliente: '--piva takes the client from the business register: leave out the client data (--client, --client-*), or leave out --piva',
} as const;

function maxLength(value: string | undefined, max: number, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.length > max) throw new ValidationError(field, t`is ${value.length} characters long; at most ${max} are allowed`);
  return value;
}

function required(value: string | undefined, field: string, hint: Text = ''): string {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) throw new ValidationError(field, t`is required${hint}`);
  return v;
}

function optional(value: string | undefined): string | undefined {
  const v = typeof value === 'string' ? value.trim() : '';
  return v ? v : undefined;
}

/** Only the set fields, so the body shows what is sent and nothing else. */
function compact<T extends Record<string, unknown>>(record: T): Partial<T> | undefined {
  const out = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;
  return Object.keys(out).length ? out : undefined;
}

/** An optional value checked by `rule` when given; a problem is recorded, never thrown. */
function ifGiven<T>(problems: Problems, value: string | undefined, rule: (v: string) => T): T | undefined {
  const v = optional(value);
  return v === undefined ? undefined : problems.check(() => rule(v));
}

function checkClient(c: ClientFields, problems: Problems): Record<string, unknown> {
  const country = optional(c.country) === undefined ? 'IT' : problems.check(() => assertCountry(c.country!, 'cliente.country'));
  const italian = country === 'IT';
  const name = problems.check(() => required(c.name, 'cliente.name'));
  const piva = problems.check(() => required(c.piva, 'cliente.piva', t` by POST /fatture/nuova/manuale (use --piva for a lookup in the business register)`));
  const address = problems.check(() => required(c.address, 'cliente.address'));
  const cap = problems.check(() => required(c.cap, 'cliente.cap'));
  const city = problems.check(() => required(c.city, 'cliente.city'));
  if (optional(c.codice_fiscale) !== undefined) problems.add('cliente.codice_fiscale', CODICE_FISCALE_NOT_SENT);
  return (
    compact({
      name,
      piva: piva === undefined ? undefined : problems.check(() => (italian ? assertPartitaIva(piva, 'cliente.piva') : assertVatId(piva, 'cliente.piva'))),
      address,
      cap: cap === undefined || !italian ? cap : problems.check(() => assertCap(cap, 'cliente.cap')),
      city,
      // Nullable in the contract: checked when given, never required (docs/invoicing.md, "Where fisco is stricter").
      province: ifGiven(problems, c.province, (v) => (italian ? assertProvince(v, 'cliente.province') : v)),
      country,
      sdi: ifGiven(problems, c.sdi, (v) => assertSdiCode(v, 'cliente.sdi')),
      pec: ifGiven(problems, c.pec, (v) => assertEmail(v, 'cliente.pec')),
      email: ifGiven(problems, c.email, (v) => assertEmail(v, 'cliente.email')),
      phone: optional(c.phone),
    }) ?? {}
  );
}

function checkPa(pa: InvoiceDraft['pa'], problems: Problems): Record<string, unknown> | undefined {
  if (!pa) return undefined;
  const cups = pa.cups?.map((cup, i) => problems.check(() => maxLength(required(cup, `pa.cups[${i}]`), LIMITS.cup, `pa.cups[${i}]`)!));
  return compact({
    cig: ifGiven(problems, pa.cig, (v) => maxLength(v, LIMITS.cig, 'pa.cig')),
    cup: ifGiven(problems, pa.cup, (v) => maxLength(v, LIMITS.cup, 'pa.cup')),
    cups: cups?.length ? cups : undefined,
  });
}

function checkOrder(o: InvoiceDraft['ordine'], problems: Problems): Record<string, unknown> | undefined {
  if (!o) return undefined;
  return compact({
    numero: ifGiven(problems, o.numero, (v) => maxLength(v, LIMITS.numero, 'ordine.numero')),
    data: ifGiven(problems, o.data, (v) => assertDate(v, 'ordine.data')),
    impegno: ifGiven(problems, o.impegno, (v) => maxLength(v, LIMITS.impegno, 'ordine.impegno')),
    determina: ifGiven(problems, o.determina, (v) => maxLength(v, LIMITS.determina, 'ordine.determina')),
    codice_commessa: ifGiven(problems, o.codice_commessa, (v) => maxLength(v, LIMITS.codice_commessa, 'ordine.codice_commessa')),
  });
}

/** The free-text fields of an invoice: one line each (notes may hold line breaks), within the e-invoice's lengths. */
export const TEXT_RULES: Record<string, { max?: number; limitName?: string; multiline?: boolean }> = {
  'cliente.name': { max: TEXT_LIMITS.name, limitName: "the e-invoice's Denominazione" },
  'cliente.address': { max: TEXT_LIMITS.address, limitName: "the e-invoice's Indirizzo" },
  'cliente.city': { max: TEXT_LIMITS.city, limitName: "the e-invoice's Comune" },
  'cliente.pec': { max: TEXT_LIMITS.email },
  'cliente.email': { max: TEXT_LIMITS.email },
  nome: { max: TEXT_LIMITS.lineText, limitName: "the e-invoice's Descrizione" },
  descrizione: { max: TEXT_LIMITS.lineText, limitName: "the e-invoice's Descrizione" },
  intestazione: { multiline: true },
  note: { multiline: true },
};

/** One free-text value checked by its field's rule (TEXT_RULES; any other is one line); throws a ValidationError naming `field`. */
export function checkText(value: string, field: string): string {
  const rule = TEXT_RULES[field] ?? TEXT_RULES[field.replace(/^articoli\[\d+\]\./, '')] ?? {};
  return assertText(value.trim(), field, rule);
}

/** Every free-text value of a draft: characters that can never be sent, lengths past the e-invoice's. Returns the fields reported. */
function checkTexts(draft: InvoiceDraft, problems: Problems): Set<string> {
  const values: [string, unknown][] = [
    ...Object.entries(draft.cliente ?? {}).map(([k, v]): [string, unknown] => [`cliente.${k}`, v]),
    ...(draft.articoli ?? []).flatMap((l, i): [string, unknown][] => [
      [`articoli[${i}].nome`, l.nome],
      [`articoli[${i}].descrizione`, l.descrizione],
    ]),
    ['intestazione', draft.intestazione],
    ['note', draft.note],
    ['numerazione', draft.numerazione],
    ['metodo_pagamento', draft.metodo_pagamento],
    ...(draft.emails ?? []).map((e, i): [string, unknown] => [`emails[${i}]`, e]),
    ...Object.entries(draft.pa ?? {}).flatMap(([k, v]): [string, unknown][] => (Array.isArray(v) ? v.map((x, i) => [`pa.${k}[${i}]`, x]) : [[`pa.${k}`, v]])),
    ...Object.entries(draft.ordine ?? {}).map(([k, v]): [string, unknown] => [`ordine.${k}`, v]),
  ];
  const reported = new Set<string>();
  for (const [field, value] of values) {
    if (typeof value !== 'string') continue;
    const before = problems.list.length;
    problems.check(() => checkText(value, field));
    if (problems.list.length > before) reported.add(field);
  }
  return reported;
}

/** Percentages become amounts for the preview; the last due date takes the rounding remainder. */
function dueAmounts(dues: { date: string; value: string; type?: string }[], total: string): { date: string; amount: string }[] {
  if (dues[0]?.type !== 'percent') return dues.map((d) => ({ date: d.date, amount: d.value }));
  const amounts = dues.map((d) => percentOf(total, d.value));
  amounts[amounts.length - 1] = sub(total, sum(amounts.slice(0, -1)));
  return dues.map((d, i) => ({ date: d.date, amount: amounts[i] }));
}

/**
 * The dates and amounts of a draft as a person may type them (24/11/2026, 1.234,50: flags, the
 * guided flow, a file) in their one canonical form, through the one parser (src/domain/input.ts),
 * before any other rule runs: every problem names the API field (`issue_date`, `sconto`,
 * `scadenze[1].value`) whichever form was typed. A value that cannot be read is reported here and
 * left out, so the rules after this do not report it twice.
 */
export function normaliseTyped(draft: InvoiceDraft, problems: Problems): InvoiceDraft {
  const given = (v: unknown): v is string | number => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number';
  const date = (v: unknown, field: string) => (given(v) ? problems.check(() => parseDateInput(String(v), field)) : (v as undefined));
  const amount = (v: unknown, field: string) => (given(v) ? problems.check(() => parseAmountInput(String(v), field, { allowZero: true })) : (v as undefined));
  const out: InvoiceDraft = { ...draft };
  // Prices, quantities and rates keep the dot as their decimal mark (0.125, 1.5: up to 8 decimals);
  // one written with a comma is read as Italian (150,00, 1.234,50), an ambiguous 1,234 refused.
  if (draft.articoli?.length) {
    out.articoli = draft.articoli.map((l, i) => {
      // A value reported here keeps its typed form; prepare() drops the line rule's second message about it.
      const decimal = (v: string, field: string): string =>
        typeof v === 'string' && v.includes(',') ? (problems.check(() => parseTypedDecimal(v, `articoli[${i}].${field}`)) ?? v) : v;
      return { ...l, quantita: decimal(l.quantita, 'quantita'), prezzo: decimal(l.prezzo, 'prezzo'), iva: decimal(l.iva, 'iva') };
    });
  }
  if (given(draft.issue_date)) out.issue_date = date(draft.issue_date, 'issue_date');
  if (given(draft.sconto)) out.sconto = amount(draft.sconto, 'sconto');
  if (given(draft.paid)) out.paid = amount(draft.paid, 'paid');
  if (draft.ordine && given(draft.ordine.data)) out.ordine = { ...draft.ordine, data: date(draft.ordine.data, 'ordine.data') };
  if (draft.scadenze?.length) {
    const before = problems.list.length;
    const scadenze = draft.scadenze.map((s, i) => ({
      ...s,
      date: given(s.date) ? (date(s.date, `scadenze[${i}].date`) ?? '') : s.date,
      value: s.type !== 'percent' && given(s.value) ? (amount(s.value, `scadenze[${i}].value`) ?? '') : s.value,
    }));
    // A due date that cannot be read leaves the others unchecked: their sum means nothing.
    out.scadenze = problems.list.length === before ? scadenze : undefined;
  }
  return out;
}

/**
 * Checks a draft against the contract and fisco's own rules and builds the body of the variant
 * it belongs to. Every problem is reported at once (a ValidationErrors), together with those
 * already in `problems` (from reading the flags or a file).
 */
export function prepare(typed: InvoiceDraft, options: { inviaSdi: boolean; today: string }, problems = new Problems()): Prepared {
  return bodyOf(checkDraft(typed, options, problems), options);
}

/** A draft whose every value was checked: what the body is built from. */
interface Checked {
  draft: InvoiceDraft;
  byVat: boolean;
  issueDate?: string;
  numerazione?: string;
  metodo?: string;
  tipo?: string;
  totals?: InvoiceTotals;
  natura?: string;
  scadenze?: ReturnType<typeof validateDueDates>;
  paid?: string;
  emails?: (string | undefined)[];
  pa: ReturnType<typeof checkPa>;
  ordine: ReturnType<typeof checkOrder>;
  cliente?: ReturnType<typeof checkClient>;
  piva?: string;
  sdi: { problems: SdiProblem[]; warnings: Message[] };
}

/** Every value of the draft checked, every problem gathered (thrown together at the end). */
function checkDraft(typed: InvoiceDraft, options: { inviaSdi: boolean; today: string }, problems: Problems): Checked {
  const before = problems.list.length;
  const draft = normaliseTyped(typed, problems);
  const reported = new Set([...problems.list.slice(before).map((p) => p.field), ...checkTexts(draft, problems)]);
  const byVat = draft.piva !== undefined;
  if (byVat && draft.cliente) problems.add('cliente', NOT_BY_VAT.cliente);
  if (!byVat && !draft.cliente) problems.add('cliente', t`is required: give --client ID, the --client-* flags, or --piva`);
  const issueDate = problems.check(() => assertDate(required(draft.issue_date ?? options.today, 'issue_date'), 'issue_date'));
  const numerazione = byVat
    ? optional(draft.numerazione)
    : problems.check(() => required(draft.numerazione, 'numerazione', t` by POST /fatture/nuova/manuale (--numbering)`));
  const metodo = byVat
    ? optional(draft.metodo_pagamento)
    : problems.check(() => required(draft.metodo_pagamento, 'metodo_pagamento', t` by POST /fatture/nuova/manuale (--payment-method)`));
  const tipo = optional(draft.tipo_documento);
  if (tipo !== undefined && !(DOCUMENT_TYPES as readonly string[]).includes(tipo)) {
    problems.add('tipo_documento', t`must be one of ${DOCUMENT_TYPES.join(', ')}`);
  }
  const unreadable = new Set(draft.unreadable ?? []);
  // With a line that could not be read there are no totals, but the other lines are still checked.
  const totals = unreadable.size
    ? void draft.articoli.forEach((l, i) => unreadable.has(i) || problems.check(() => assertInvoiceLine(l, `articoli[${i}]`)))
    : problems.check(() => computeTotals(draft.articoli, optional(draft.sconto) ?? null));
  let natura: string | undefined;
  if (byVat && optional(draft.natura) !== undefined) problems.add('natura', NOT_BY_VAT.natura);
  else natura = ifGiven(problems, draft.natura, (v) => assertNatura(v, 'natura'));
  if (natura && totals && !totals.lines.some((l) => l.iva === '0')) {
    problems.add('natura', t`is a VAT nature code for 0% lines, but no line has 0% VAT`);
  }
  const scadenze = draft.scadenze?.length ? problems.check(() => validateDueDates(draft.scadenze!, totals?.total, issueDate)) : undefined;
  let paid: string | undefined;
  if (byVat && optional(draft.paid) !== undefined) problems.add('paid', NOT_BY_VAT.paid);
  else {
    paid = ifGiven(problems, draft.paid, (v) => (totals ? assertPaidNotOverTotal(v, totals.total) : parseAmount(v, 'paid', { allowZero: true })));
    if (paid !== undefined && !options.inviaSdi) {
      problems.add('paid', t`a draft is fiscally void: no payment can be recorded on it; register it with \`fisco invoice pay\` once issued`);
    }
  }
  const emails = draft.emails?.map((e, i) => problems.check(() => assertEmail(e, `emails[${i}]`)));
  const pa = checkPa(draft.pa, problems);
  const ordine = checkOrder(draft.ordine, problems);
  const cliente = draft.cliente && !byVat ? checkClient(draft.cliente, problems) : undefined;
  const piva = byVat ? problems.check(() => assertPartitaIva(draft.piva!, 'piva')) : undefined;
  // One message per value: a value the typed-form reading already refused is not refused twice.
  const first = new Set<string>();
  const kept = problems.list.filter((p) => !reported.has(p.field) || (!first.has(p.field) && first.add(p.field)));
  problems.list.splice(0, problems.list.length, ...kept);
  const sdi = withSdiChecks(draft, problems, options);
  problems.done();
  return { draft, byVat, issueDate, numerazione, metodo, tipo, totals, natura, scadenze, paid, emails, pa, ordine, cliente, piva, sdi };
}

/**
 * The SDI's controls fisco decides (src/sdi/check.ts), merged with fisco's own rules: a value both
 * refuse is refused once, with the SDI's code. Sending refuses every SDI problem; a draft is
 * refused only for those fisco's own rules refuse too, and carries the others to the preview.
 */
function withSdiChecks(
  draft: InvoiceDraft,
  problems: Problems,
  options: { inviaSdi: boolean; today: string },
): { problems: SdiProblem[]; warnings: Message[] } {
  const sdi = sdiCheck(draft, { today: options.today });
  const coded = new Set(sdi.problems.map((p) => p.field));
  const own = new Set(problems.list.filter((p) => !(p instanceof SdiProblem)).map((p) => p.field));
  const refused = options.inviaSdi ? sdi.problems : sdi.problems.filter((p) => own.has(p.field));
  problems.list.splice(0, problems.list.length, ...problems.list.filter((p) => !coded.has(p.field)), ...refused);
  return sdi;
}

/** The body of the variant the draft belongs to, with its totals, due dates and warnings. */
function bodyOf(checked: Checked, options: { inviaSdi: boolean; today: string }): Prepared {
  const { draft, byVat, issueDate, numerazione, metodo, tipo, totals, natura, scadenze, paid, emails, pa, ordine, cliente, piva, sdi } = checked;
  const common = {
    numerazione,
    issue_date: issueDate,
    tipo_documento: tipo,
    metodo_pagamento: metodo,
    sconto: optional(draft.sconto) === undefined ? undefined : jsonNumber(totals!.discount),
    intestazione: optional(draft.intestazione),
    note: optional(draft.note),
  };
  const articoli = totals!.lines.map((l, i) =>
    compact({
      nome: l.nome,
      quantita: jsonNumber(l.quantita),
      prezzo: jsonNumber(l.prezzo),
      iva: jsonNumber(l.iva),
      descrizione: optional(draft.articoli[i].descrizione),
    }),
  );
  const tail = {
    scadenze: scadenze?.map((s) => ({ date: s.date, value: jsonNumber(s.value), type: s.type ?? 'amount' })),
    invia_sdi: options.inviaSdi,
    emails: emails?.length ? (emails as string[]) : undefined,
    pa,
    ordine,
  };
  // Each variant gets exactly the fields the service's API document defines for it: no cliente, paid or natura by VAT.
  const body = byVat
    ? compact({ piva, ...common, articoli, ...tail })!
    : compact({ cliente, ...common, paid: paid === undefined ? undefined : jsonNumber(paid), articoli, natura, ...tail })!;
  const client = byVat ? {} : (cliente as { sdi?: string; pec?: string; country?: string });
  return {
    endpoint: byVat ? '/fatture/nuova/piva' : '/fatture/nuova/manuale',
    body,
    totals: totals!,
    dueDates: scadenze ? dueAmounts(scadenze, totals!.total) : [{ date: addDays(issueDate!, 30), amount: totals!.total }],
    issueDate: issueDate!,
    paid,
    sdi: sdi.problems,
    warnings: invoiceWarnings({
      totals: totals!,
      issueDate: issueDate!,
      today: options.today,
      client,
      hasPaReferences: pa !== undefined,
      tipoDocumento: tipo,
      natura,
      byVat,
    }).concat(sdi.warnings),
  };
}

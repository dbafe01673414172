/**
 * Validates an InvoiceDraft with the domain rules and builds the exact request body. Every rule
 * throws a ValidationError naming the field path (`articoli[2].prezzo`); the command layer turns
 * it into a usage error (exit 2) before anything is sent.
 */
import type { CreateEndpoint } from '../../../api/invoices.js';
import { addDays, assertDate } from '../../../domain/dates.js';
import {
  assertCap,
  assertCodiceFiscale,
  assertCountry,
  assertEmail,
  assertPartitaIva,
  assertProvince,
  assertSdiCode,
  assertVatId,
} from '../../../domain/identifiers.js';
import { assertPaidNotOverTotal, computeTotals, invoiceWarnings, validateDueDates, type InvoiceTotals } from '../../../domain/invoice.js';
import { percentOf, sub, sum } from '../../../domain/money.js';
import { ValidationError } from '../../../domain/validation-error.js';
import { assertNatura } from '../../../domain/vat.js';
import { DOCUMENT_TYPES, type ClientFields, type InvoiceDraft } from './draft.js';

export interface Prepared {
  endpoint: CreateEndpoint;
  /** The exact JSON body: amounts as JSON numbers where the API types them so, `invia_sdi` always set. */
  body: Record<string, unknown>;
  totals: InvoiceTotals;
  /** The due dates as amounts (the API's default of 30 days spelt out when none were given). */
  dueDates: { date: string; amount: string }[];
  issueDate: string;
  warnings: string[];
}

const LIMITS = { cig: 15, cup: 15, numero: 20, impegno: 100, determina: 100, codice_commessa: 100, note: 500 } as const;

function maxLength(value: string | undefined, max: number, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.length > max) throw new ValidationError(field, `is ${value.length} characters long; at most ${max} are allowed`);
  return value;
}

function required(value: string | undefined, field: string, hint = ''): string {
  const v = value?.trim();
  if (!v) throw new ValidationError(field, `is required${hint}`);
  return v;
}

function optional(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

/** Only the set fields, so the body shows what is sent and nothing else. */
function compact<T extends Record<string, unknown>>(record: T): Partial<T> | undefined {
  const out = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;
  return Object.keys(out).length ? out : undefined;
}

function checkClient(c: ClientFields): Record<string, unknown> {
  const country = c.country === undefined || c.country.trim() === '' ? 'IT' : assertCountry(c.country, 'cliente.country');
  const italian = country === 'IT';
  const name = required(c.name, 'cliente.name');
  const piva = required(c.piva, 'cliente.piva', ' by POST /fatture/nuova/manuale (use --piva for a lookup in the business register)');
  const address = required(c.address, 'cliente.address');
  const cap = required(c.cap, 'cliente.cap');
  const city = required(c.city, 'cliente.city');
  const province = optional(c.province);
  if (italian && province === undefined) throw new ValidationError('cliente.province', 'is required for an Italian address (e.g. MI, RM)');
  const sdi = optional(c.sdi);
  const cf = optional(c.codice_fiscale);
  return compact({
    name,
    piva: italian ? assertPartitaIva(piva, 'cliente.piva') : assertVatId(piva, 'cliente.piva'),
    codice_fiscale: cf === undefined ? undefined : assertCodiceFiscale(cf, 'cliente.codice_fiscale'),
    address,
    cap: italian ? assertCap(cap, 'cliente.cap') : cap,
    city,
    province: province === undefined ? undefined : italian ? assertProvince(province, 'cliente.province') : province,
    country,
    sdi: sdi === undefined ? undefined : assertSdiCode(sdi, 'cliente.sdi'),
    pec: optional(c.pec) === undefined ? undefined : assertEmail(c.pec!, 'cliente.pec'),
    email: optional(c.email) === undefined ? undefined : assertEmail(c.email!, 'cliente.email'),
    phone: optional(c.phone),
  })!;
}

function checkPa(pa: InvoiceDraft['pa']): Record<string, unknown> | undefined {
  if (!pa) return undefined;
  const cups = pa.cups?.map((cup, i) => maxLength(required(cup, `pa.cups[${i}]`), LIMITS.cup, `pa.cups[${i}]`)!);
  return compact({
    cig: maxLength(optional(pa.cig), LIMITS.cig, 'pa.cig'),
    cup: maxLength(optional(pa.cup), LIMITS.cup, 'pa.cup'),
    cups: cups?.length ? cups : undefined,
  });
}

function checkOrder(o: InvoiceDraft['ordine']): Record<string, unknown> | undefined {
  if (!o) return undefined;
  const data = optional(o.data);
  return compact({
    numero: maxLength(optional(o.numero), LIMITS.numero, 'ordine.numero'),
    data: data === undefined ? undefined : assertDate(data, 'ordine.data'),
    impegno: maxLength(optional(o.impegno), LIMITS.impegno, 'ordine.impegno'),
    determina: maxLength(optional(o.determina), LIMITS.determina, 'ordine.determina'),
    codice_commessa: maxLength(optional(o.codice_commessa), LIMITS.codice_commessa, 'ordine.codice_commessa'),
  });
}

/** Percentages become amounts for the preview; the last due date takes the rounding remainder. */
function dueAmounts(dues: { date: string; value: string; type?: string }[], total: string): { date: string; amount: string }[] {
  if (dues[0]?.type !== 'percent') return dues.map((d) => ({ date: d.date, amount: d.value }));
  const amounts = dues.map((d) => percentOf(total, d.value));
  amounts[amounts.length - 1] = sub(total, sum(amounts.slice(0, -1)));
  return dues.map((d, i) => ({ date: d.date, amount: amounts[i] }));
}

export function prepare(draft: InvoiceDraft, options: { inviaSdi: boolean; today: string }): Prepared {
  const byVat = draft.piva !== undefined;
  if (byVat && draft.cliente) throw new ValidationError('piva', 'give either the VAT number for a register lookup or the client data, not both');
  if (!byVat && !draft.cliente) throw new ValidationError('cliente', 'is required: give --client ID, the --client-* flags, or --piva');
  const manualHint = ' by POST /fatture/nuova/manuale';
  const issueDate = assertDate(required(draft.issue_date ?? options.today, 'issue_date'), 'issue_date');
  const numerazione = byVat ? optional(draft.numerazione) : required(draft.numerazione, 'numerazione', `${manualHint} (--numbering)`);
  const metodo = byVat ? optional(draft.metodo_pagamento) : required(draft.metodo_pagamento, 'metodo_pagamento', `${manualHint} (--payment-method)`);
  const tipo = optional(draft.tipo_documento);
  if (tipo !== undefined && !(DOCUMENT_TYPES as readonly string[]).includes(tipo)) {
    throw new ValidationError('tipo_documento', `must be one of ${DOCUMENT_TYPES.join(', ')}`);
  }
  const totals = computeTotals(draft.articoli, optional(draft.sconto) ?? null);
  const natura = optional(draft.natura) === undefined ? undefined : assertNatura(draft.natura!, 'natura');
  if (natura && !totals.lines.some((l) => l.iva === '0')) {
    throw new ValidationError('natura', 'is a VAT nature code for 0% lines, but no line has 0% VAT');
  }
  const scadenze = draft.scadenze?.length ? validateDueDates(draft.scadenze, totals.total, issueDate) : undefined;
  const paid = optional(draft.paid) === undefined ? undefined : assertPaidNotOverTotal(draft.paid!, totals.total);
  if (paid !== undefined && !options.inviaSdi) {
    throw new ValidationError('paid', 'a draft is fiscally void: no payment can be recorded on it; register it with `fisco invoice pay` once issued');
  }
  const emails = draft.emails?.map((e, i) => assertEmail(e, `emails[${i}]`));
  const pa = checkPa(draft.pa);
  const cliente = byVat ? undefined : checkClient(draft.cliente!);
  const piva = byVat ? assertPartitaIva(draft.piva!, 'piva') : undefined;
  const note = maxLength(optional(draft.note), LIMITS.note, 'note');

  const body = compact({
    piva,
    cliente,
    numerazione,
    issue_date: issueDate,
    tipo_documento: tipo,
    metodo_pagamento: metodo,
    sconto: optional(draft.sconto) === undefined ? undefined : Number(totals.discount),
    intestazione: optional(draft.intestazione),
    note,
    paid: paid === undefined ? undefined : Number(paid),
    articoli: totals.lines.map((l, i) =>
      compact({ nome: l.nome, quantita: Number(l.quantita), prezzo: Number(l.prezzo), iva: Number(l.iva), descrizione: optional(draft.articoli[i].descrizione) }),
    ),
    natura,
    scadenze: scadenze?.map((s) => ({ date: s.date, value: Number(s.value), type: s.type ?? 'amount' })),
    invia_sdi: options.inviaSdi,
    emails: emails?.length ? emails : undefined,
    pa,
    ordine: checkOrder(draft.ordine),
  })!;
  const client = byVat ? {} : (cliente as { sdi?: string; pec?: string; country?: string });
  return {
    endpoint: byVat ? '/fatture/nuova/piva' : '/fatture/nuova/manuale',
    body,
    totals,
    dueDates: scadenze ? dueAmounts(scadenze, totals.total) : [{ date: addDays(issueDate, 30), amount: totals.total }],
    issueDate,
    warnings: invoiceWarnings({ totals, issueDate, today: options.today, client, hasPaReferences: pa !== undefined, tipoDocumento: tipo, natura }),
  };
}

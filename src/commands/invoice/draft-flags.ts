/**
 * Scripted creation: commander options → InvoiceDraft. Syntax of the repeatable flags:
 *   --item "nome;quantita;prezzo;iva[;descrizione]"   (write \; for a semicolon inside a field)
 *   --due  "YYYY-MM-DD=AMOUNT" or "YYYY-MM-DD=PCT%"
 */
import { Problems, ValidationError } from '../../domain/validation-error.js';
import type { DueInput, InvoiceDraft, LineInput } from '../../invoice/draft.js';
import type { FlagValues } from '../../flags/spec.js';
import { CREATE_DATA_FLAGS } from './flags.js';
import { t } from '../../i18n/message.js';

/** The invoice data flags as the verb receives them (typed from the table in ./flags.ts). */
export type CreateFlags = FlagValues<typeof CREATE_DATA_FLAGS>;

/** The flags that carry invoice data (their presence means "scripted", not guided). */
export const DATA_FLAGS = Object.keys(CREATE_DATA_FLAGS) as (keyof CreateFlags)[];

export function hasDataFlags(flags: CreateFlags): boolean {
  return DATA_FLAGS.some((key) => flags[key] !== undefined);
}

export function parseItem(spec: string, index: number): LineInput {
  const parts = spec.split(/(?<!\\);/).map((p) => p.replace(/\\;/g, ';').trim());
  if (parts.length < 4 || parts.length > 5) {
    throw new ValidationError(`articoli[${index}]`, t`--item '${spec}' must be "nome;quantita;prezzo;iva[;descrizione]", e.g. "Consulenza;2;150.00;22"`);
  }
  const [nome, quantita, prezzo, iva, descrizione] = parts as [string, string, string, string, string?];
  return { nome, quantita, prezzo, iva, ...(descrizione ? { descrizione } : {}) };
}

export function parseDue(spec: string, index: number): DueInput {
  const m = /^([^=]+)=(.+?)(%?)$/.exec(spec.trim());
  if (!m) throw new ValidationError(`scadenze[${index}]`, t`--due '${spec}' must be "YYYY-MM-DD=AMOUNT" or "YYYY-MM-DD=PCT%", e.g. 2026-12-31=50%`);
  return { date: m[1].trim(), value: m[2].trim(), type: m[3] ? 'percent' : 'amount' };
}

/**
 * The draft the flags describe. A repeatable flag that cannot be read (`--item` with three
 * fields) is recorded in `problems` and the rest is still read, so every problem is reported at
 * once; its line keeps its index (listed in `unreadable`) so later messages name the right one.
 */
export function draftFromFlags(flags: CreateFlags, problems = new Problems()): InvoiceDraft {
  const client = {
    name: flags.clientName,
    piva: flags.clientPiva,
    codice_fiscale: flags.clientCf,
    address: flags.clientAddress,
    cap: flags.clientCap,
    city: flags.clientCity,
    province: flags.clientProvince,
    country: flags.clientCountry,
    sdi: flags.clientSdi,
    pec: flags.clientPec,
    email: flags.clientEmail,
  };
  const hasClientFlags = Object.values(client).some((v) => v !== undefined);
  const cups = flags.cup ?? [];
  const pa = flags.cig !== undefined || cups.length ? { cig: flags.cig, ...(cups.length > 1 ? { cups } : { cup: cups[0] }) } : undefined;
  const order = {
    numero: flags.orderNumber,
    data: flags.orderDate,
    impegno: flags.orderCommitment,
    determina: flags.orderDetermination,
    codice_commessa: flags.orderJobCode,
  };
  const unreadable: number[] = [];
  const articoli = (flags.item ?? []).map((spec, i) => {
    const line = problems.check(() => parseItem(spec, i));
    if (line) return line;
    unreadable.push(i);
    return { nome: '', quantita: '', prezzo: '', iva: '' };
  });
  const dues = flags.due?.map((spec, i) => problems.check(() => parseDue(spec, i)));
  return {
    piva: flags.piva,
    cliente: hasClientFlags ? client : undefined,
    numerazione: flags.numbering,
    issue_date: flags.date,
    tipo_documento: flags.type,
    metodo_pagamento: flags.paymentMethod,
    sconto: flags.discount,
    intestazione: flags.header,
    note: flags.note,
    paid: flags.paid,
    natura: flags.natura,
    articoli,
    ...(unreadable.length ? { unreadable } : {}),
    // A due date that cannot be read leaves the others unchecked: their sum means nothing.
    scadenze: dues?.every((d) => d !== undefined) ? dues : undefined,
    emails: flags.email,
    pa,
    ordine: Object.values(order).some((v) => v !== undefined) ? order : undefined,
  };
}

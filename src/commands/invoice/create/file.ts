/**
 * `--from FILE|-`: a request body in the API's own shape (api-spec.md, POST /fatture/nuova/manuale
 * or /piva). Unknown fields are refused (a typo must not be dropped silently); amounts may be JSON
 * numbers or decimal strings and are validated as strings like every other source.
 */
import { z } from 'zod';
import { UsageError } from '../../../api/errors.js';
import type { InvoiceDraft } from './draft.js';

const amount = z.union([z.number(), z.string()]).transform((v) => (typeof v === 'number' ? String(v) : v));
const str = z.string().nullish().transform((v) => v ?? undefined);

const schema = z.strictObject({
  piva: str,
  cliente: z
    .strictObject({
      name: str, piva: str, codice_fiscale: str, address: str, cap: str, city: str, province: str, country: str,
      sdi: str, pec: str, email: str, phone: str,
    })
    .nullish()
    .transform((v) => v ?? undefined),
  numerazione: str,
  issue_date: str,
  tipo_documento: str,
  metodo_pagamento: str,
  sconto: amount.nullish().transform((v) => v ?? undefined),
  intestazione: str,
  note: str,
  paid: amount.nullish().transform((v) => v ?? undefined),
  natura: str,
  articoli: z.array(z.strictObject({ nome: z.string(), quantita: amount, prezzo: amount, iva: amount, descrizione: str })),
  scadenze: z
    .array(z.strictObject({ date: z.string(), value: amount, type: z.enum(['percent', 'amount']).nullish().transform((v) => v ?? 'amount') }))
    .nullish()
    .transform((v) => v ?? undefined),
  invia_sdi: z.boolean().optional(),
  emails: z.array(z.string()).nullish().transform((v) => v ?? undefined),
  pa: z.strictObject({ cig: str, cup: str, cups: z.array(z.string()).nullish().transform((v) => v ?? undefined) }).nullish().transform((v) => v ?? undefined),
  ordine: z
    .strictObject({ numero: str, data: str, impegno: str, determina: str, codice_commessa: str })
    .nullish()
    .transform((v) => v ?? undefined),
});

function fieldPath(path: PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');
}

/** Parses the text of a --from file; returns the draft and the file's own invia_sdi, if any. */
export function draftFromJson(text: string, source: string): { draft: InvoiceDraft; inviaSdi?: boolean } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--from ${source}: not valid JSON (${(error as Error).message})`);
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const keys = issue.code === 'unrecognized_keys' ? ` ${issue.keys.join(', ')}` : '';
    throw new UsageError(`${fieldPath([...issue.path]) || 'body'}: ${issue.message}${keys}`, [`in --from ${source}; the fields are those of POST /fatture/nuova/manuale or /piva`]);
  }
  const { invia_sdi, ...draft } = result.data;
  return { draft: draft as InvoiceDraft, inviaSdi: invia_sdi };
}

/**
 * `--from FILE|-`: a request body in the API's own shape (the service's API document, POST /fatture/nuova/manuale
 * or /piva). Unknown fields are refused (a typo must not be dropped silently); amounts may be JSON
 * numbers or decimal strings. Numbers are read exactly as written (never through a float), so
 * `0.0000001` and `123456789.12` reach the body unchanged, and are validated as strings like
 * every other source. Every problem of the file is reported at once.
 */
import * as z from '../api/zod.js';
import { UsageError } from '../errors.js';
import { NumberText, parseJsonExact } from '../domain/json-number.js';
import { Problems } from '../domain/validation-error.js';
import type { InvoiceDraft } from './draft.js';
import { type Message, t } from '../i18n/message.js';

/** The amount rule's words: zod carries its English; the problem is reported in the run's language. */
const AMOUNT_WORDS = t`must be a number or a decimal string like 1234.50`;
const AMOUNT_MESSAGE = String(AMOUNT_WORDS);
const amount = z.union([z.instanceof(NumberText), z.string()], { message: AMOUNT_MESSAGE }).transform((v) => (v instanceof NumberText ? v.text : v));
const str = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

const schema = z.strictObject({
  piva: str,
  cliente: z
    .strictObject({
      name: str,
      piva: str,
      codice_fiscale: str,
      address: str,
      cap: str,
      city: str,
      province: str,
      country: str,
      sdi: str,
      pec: str,
      email: str,
      phone: str,
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
    .array(
      z.strictObject({
        date: z.string(),
        value: amount,
        type: z
          .enum(['percent', 'amount'])
          .nullish()
          .transform((v) => v ?? 'amount'),
      }),
    )
    .nullish()
    .transform((v) => v ?? undefined),
  invia_sdi: z.boolean().optional(),
  emails: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? undefined),
  pa: z
    .strictObject({
      cig: str,
      cup: str,
      cups: z
        .array(z.string())
        .nullish()
        .transform((v) => v ?? undefined),
    })
    .nullish()
    .transform((v) => v ?? undefined),
  ordine: z
    .strictObject({ numero: str, data: str, impegno: str, determina: str, codice_commessa: str })
    .nullish()
    .transform((v) => v ?? undefined),
});

/** What a JSON value of the wrong type should have been, in a person's words. */
const EXPECTED: Record<string, Message> = {
  string: t`text (in quotes)`,
  boolean: t`true or false`,
  array: t`a list [ … ]`,
  object: t`an object { … }`,
};

export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');
}

/**
 * Parses the text of a --from file; returns the draft and the file's own invia_sdi, if any. A
 * file that is not JSON is a usage error; a body of the wrong shape records every problem in
 * `problems` (field paths of the API) and returns no draft.
 */
export function draftFromJson(text: string, source: string, problems: Problems): { draft?: InvoiceDraft; inviaSdi?: boolean } {
  let json: unknown;
  try {
    json = parseJsonExact(text);
  } catch (error) {
    throw new UsageError(t`--from ${source}: not valid JSON (${(error as Error).message})`);
  }
  return draftFromValue(json, problems);
}

/**
 * A request body already parsed with parseJsonExact (a `--from` file, one record of `invoice
 * batch`): the draft and its own invia_sdi, or every problem in `problems` and no draft.
 */
export function draftFromValue(json: unknown, problems: Problems): { draft?: InvoiceDraft; inviaSdi?: boolean } {
  const result = schema.safeParse(json);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const at = fieldPath(issue.path);
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) problems.add(at ? `${at}.${key}` : key, t`is not a field of POST /fatture/nuova/manuale or /piva`);
      } else if (issue.code === 'invalid_type') {
        problems.add(at || 'body', t`must be ${EXPECTED[String(issue.expected)] ?? String(issue.expected)}`);
      } else {
        problems.add(at || 'body', issue.message === AMOUNT_MESSAGE ? AMOUNT_WORDS : issue.message);
      }
    }
    return {};
  }
  const { invia_sdi, ...draft } = result.data;
  return { draft: draft as InvoiceDraft, inviaSdi: invia_sdi };
}

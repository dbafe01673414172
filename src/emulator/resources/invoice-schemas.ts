/**
 * Request bodies of the invoice creation endpoints as the emulator checks them: the JSON types
 * of the service's API document (amounts as JSON numbers) and its length limits. The domain rules (VAT rate,
 * totals, due dates, paid) run after this, in invoices.ts.
 */
import { z } from 'zod';

const text = (max?: number) => (max === undefined ? z.string() : z.string().max(max, `at most ${max} characters`)).nullish();

export const lineSchema = z.object({
  nome: z.string().min(1),
  quantita: z.number(),
  prezzo: z.number(),
  iva: z.number(),
  descrizione: z.string().nullish(),
});

export const dueSchema = z.object({
  date: z.string(),
  value: z.number(),
  type: z.enum(['percent', 'amount']).nullish(),
});

const common = {
  numerazione: z.string().min(1).nullish(),
  issue_date: z.string().nullish(),
  tipo_documento: z.enum(['TD01', 'TD01_ACC', 'TD24', 'TD25']).nullish(),
  metodo_pagamento: z.string().min(1).nullish(),
  sconto: z.number().nullish(),
  intestazione: text(),
  // The contract's 500-character limit is the payment note's (POST /fatture/{uuid}/pagamenti), not the invoice's.
  note: text(),
  paid: z.number().nullish(),
  articoli: z.array(lineSchema).min(1),
  natura: text(),
  scadenze: z.array(dueSchema).nullish(),
  invia_sdi: z.boolean().default(true),
  emails: z.array(z.string().email()).nullish(),
  pa: z.object({ cig: text(15), cup: text(15), cups: z.array(z.string().max(15, 'at most 15 characters')).nullish() }).nullish(),
  ordine: z.object({ numero: text(20), data: text(), impegno: text(100), determina: text(100), codice_commessa: text(100) }).nullish(),
};

export const manualSchema = z.object({
  ...common,
  cliente: z.object({
    name: z.string().min(1),
    piva: z.string().min(1),
    codice_fiscale: text(),
    address: z.string().min(1),
    cap: z.string().min(1),
    city: z.string().min(1),
    province: text(),
    country: z.string().length(2).default('IT'),
    sdi: text(),
    pec: text(),
    email: text(),
    phone: text(),
  }),
  numerazione: z.string().min(1),
  issue_date: z.string(),
  metodo_pagamento: z.string().min(1),
});

export const pivaSchema = z.object({ ...common, piva: z.string().min(1) });

export type CommonBody = z.infer<typeof pivaSchema> | z.infer<typeof manualSchema>;

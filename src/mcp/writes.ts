/**
 * The write tools of `fisco mcp` (only with --allow-writes): each runs the terminal's command with
 * the caller's request_id, so a retry never writes twice (src/invoice/keyed-payment.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from '../api/zod.js';
import type { Confirmer, Factory } from '../factory/factory.js';
import { once } from './requests.js';
import { runCall, type VerbRunner } from './call.js';

export interface WriteContext {
  factory: Factory;
  run: VerbRunner;
  /** Asks the person before a send to the SDI (the client's elicitation). */
  confirm: Confirmer;
}

export interface WriteTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodRawShape;
  annotations: ToolAnnotations;
  run(input: Record<string, unknown>, context: WriteContext): Promise<{ record: unknown; notes: string[] }>;
}

const REQUEST_ID = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only')
  .describe(
    'your key for this write (8..200 characters, e.g. a UUID): the same key with the same arguments returns the first result and sends nothing; with other arguments it is refused',
  );

const AMOUNT = z
  .string()
  .regex(/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/, 'a decimal amount: 1234.50, 1234,50 or 1.234,50')
  .describe('the amount collected: 1234.50, 1234,50 or 1.234,50');

export const PAY_INVOICE: WriteTool = {
  name: 'pay_invoice',
  title: 'Register a payment',
  description:
    'Registers a collection on an outbound invoice (POST /fatture/{uuid}/pagamenti). invoice: the number as written (42/2026) or the id. Written once per request_id, even across retries and restarts.',
  input: {
    invoice: z.string().min(1).describe('the invoice number as the company writes it (42/2026) or its id (UUID)'),
    amount: AMOUNT,
    date: z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})$/, 'a date as YYYY-MM-DD or dd/mm/yyyy')
      .optional()
      .describe('payment date (default: today)'),
    method: z.string().min(1).optional().describe('payment method name, as `fisco invoice payment-methods` lists them'),
    note: z.string().max(500).optional().describe('note, at most 500 characters'),
    request_id: REQUEST_ID,
  },
  // A payment adds; it overwrites nothing. The same request_id is idempotent.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(input, { factory, run }) {
    const flags: Record<string, unknown> = { amount: input.amount, requestId: input.request_id };
    if (input.date !== undefined) flags.date = input.date;
    if (input.method !== undefined) flags.method = input.method;
    if (input.note !== undefined) flags.note = input.note;
    const result = await runCall(run, factory, { path: ['invoice', 'pay'], args: [String(input.invoice)], flags });
    return { record: result.data, notes: result.notes };
  },
};

const BODY = z
  .record(z.string(), z.unknown())
  .describe(
    'the invoice as `fisco invoice create --from` reads it: the body of POST /fatture/nuova/manuale (cliente, articoli, numerazione, metodo_pagamento, …) or /fatture/nuova/piva (piva, …); invia_sdi left out',
  );

/** The body in a file of the data folder for `invoice create --from`, removed after the call. */
async function withBodyFile<T>(factory: Factory, body: Record<string, unknown>, work: (path: string) => Promise<T>): Promise<T> {
  const folder = join(factory.dataDir, 'mcp');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const path = join(folder, `invoice-${randomUUID()}.json`);
  await writeFile(path, JSON.stringify(body), { mode: 0o600 });
  try {
    return await work(path);
  } finally {
    await rm(path, { force: true });
  }
}

function createRun(send: boolean): WriteTool['run'] {
  return (input, { factory, run, confirm }) =>
    once(factory, send ? 'send_invoice' : 'create_invoice', input, () =>
      withBodyFile(factory, input.invoice as Record<string, unknown>, async (from) => {
        const result = await runCall(
          run,
          factory,
          { path: ['invoice', 'create'], flags: { from, ...(send ? { send: true } : { draft: true }) } },
          send ? confirm : undefined,
        );
        return { record: result.data, notes: result.notes };
      }),
    );
}

export const CREATE_INVOICE: WriteTool = {
  name: 'create_invoice',
  title: 'Create a draft invoice',
  description:
    'Creates a DRAFT invoice (never transmitted to the SDI), from the body `fisco invoice create --from` reads. Checked locally first (every problem named, nothing sent). Created once per request_id.',
  input: { invoice: BODY, request_id: REQUEST_ID },
  // A new draft; nothing overwritten; the same request_id creates nothing more.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run: createRun(false),
};

export const SEND_INVOICE: WriteTool = {
  name: 'send_invoice',
  title: 'Create and transmit an invoice to the SDI',
  description:
    "Creates an invoice and TRANSMITS it to the SDI (irreversible). The person is shown fisco's preview (client, lines, taxable, VAT, total, due dates, environment, warnings) through the client and must confirm; a client that cannot ask the person is refused. Sent once per request_id.",
  input: { invoice: BODY, request_id: REQUEST_ID },
  // Irreversible: a transmitted invoice cannot be taken back. The same request_id sends nothing more.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  run: createRun(true),
};

const DATE = z.string().regex(/^(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})$/, 'a date as YYYY-MM-DD or dd/mm/yyyy');

export const PLAN_DUNNING: WriteTool = {
  name: 'plan_dunning',
  title: 'Plan reminder letters',
  description:
    "Plans the reminder letters (`fisco dunning plan`): per client with late invoices, the statutory late interest (D.Lgs. 231/2002) and the letters, written as HTML and PDF in fisco's data folder with the plan `fisco dunning send` reads. Sends nothing. Once per request_id.",
  input: {
    as_of: DATE.optional().describe("the date invoices are aged on (default: the service's today)"),
    min_days: z.number().int().min(1).max(100000).optional().describe('a letter for each client with an invoice at least this many days late (default 1)'),
    rates: z
      .array(
        z.object({
          from: DATE.describe('first day of the half-year (YYYY-01-01 or YYYY-07-01)'),
          rate: z
            .string()
            .regex(/^\d{1,2}([.,]\d{1,4})?$/, 'a rate in percent: 2.15')
            .describe('the reference rate in percent'),
        }),
      )
      .min(1)
      .optional()
      .describe("reference rates to use instead of fisco's table, one per half-year"),
    compensation: z.boolean().optional().describe('add the flat 40 euro per invoice for recovery costs (default true)'),
    request_id: REQUEST_ID,
  },
  // Letters and a plan written in fisco's own folder; nothing is sent to anyone.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (input, { factory, run }) =>
    once(factory, 'plan_dunning', input, async () => {
      const out = join(factory.dataDir, 'mcp', 'dunning', String(input.request_id).replace(/[^A-Za-z0-9._-]/g, '_'));
      await mkdir(out, { recursive: true, mode: 0o700 });
      const flags: Record<string, unknown> = { out, plan: join(out, 'piano.json') };
      if (input.as_of !== undefined) flags.asOf = input.as_of;
      if (input.min_days !== undefined) flags.minDays = String(input.min_days);
      if (input.compensation === false) flags.compensation = false;
      if (Array.isArray(input.rates)) {
        const rates = input.rates as { from: string; rate: string }[];
        flags.rates = join(out, 'rates.csv');
        await writeFile(String(flags.rates), `from,rate\n${rates.map((r) => `${r.from},${r.rate.replace(',', '.')}`).join('\n')}\n`, { mode: 0o600 });
      }
      const result = await runCall(run, factory, { path: ['dunning', 'plan'], flags });
      return { record: { plan: result.data, plan_file: flags.plan, letters: out }, notes: result.notes };
    }),
};

export function writeTools(allowSend: boolean): WriteTool[] {
  const writes = [PAY_INVOICE, CREATE_INVOICE, PLAN_DUNNING];
  return allowSend ? [...writes, SEND_INVOICE] : writes;
}

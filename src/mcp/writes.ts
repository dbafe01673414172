/**
 * The write tools of `fisco mcp` (only with --allow-writes): each runs the terminal's command with
 * the caller's request_id, so a retry never writes twice (src/invoice/keyed-payment.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Factory } from '../factory/factory.js';
import { runCall, type VerbRunner } from './call.js';

export interface WriteContext {
  factory: Factory;
  run: VerbRunner;
  server: McpServer;
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

export function writeTools(_allowSend: boolean): WriteTool[] {
  return [PAY_INVOICE];
}

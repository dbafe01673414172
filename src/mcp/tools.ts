/**
 * The read tools of `fisco mcp` (data only): each is a command of the terminal, its filters the
 * command's flags, answered as that command's `-o json`. Descriptions are English: an assistant
 * reads them. `paging: 'service'` asks the service (or the mirror) for one page at a time;
 * `'local'` computes the whole answer (a firm's overview, an ageing) and hands it on a page at a time.
 */
import * as z from '../api/zod.js';
import {
  ALLOCATION_METHOD_VALUES,
  DEADLINE_STATUS_VALUES,
  DEADLINE_TYPE_VALUES,
  F24_STATUS_VALUES,
  PAYMENT_STATUS_VALUES,
  SDI_STATUS_VALUES,
} from '../completion/values.js';
import type { VerbCall } from './call.js';

/** The most records one answer holds; the default when the caller does not say. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

const date = (what: string) =>
  z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})$/, 'a date as YYYY-MM-DD or dd/mm/yyyy')
    .optional()
    .describe(what);
const month = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'a month as YYYY-MM')
    .optional()
    .describe(what);
const instant = (what: string) => z.string().min(1).optional().describe(`${what} (ISO-8601 instant, or YYYY-MM-DD)`);

/** What every tool takes: the mirror instead of the service. */
const MIRROR = {
  use_mirror: z
    .boolean()
    .optional()
    .describe(
      'answer from the local mirror (`fisco sync`) without asking the service, when it is fresh (mirror_max_age_minutes); the answer says as of when. Always the mirror when the server runs with --offline',
    ),
  mirror_max_age_minutes: z
    .number()
    .int()
    .min(1)
    .max(525600)
    .optional()
    .describe('with use_mirror: how old the mirror may be (default 60); an older one leaves the question to the service'),
};

/** What every list takes: the page. */
export const PAGING = {
  cursor: z.string().min(1).optional().describe('the next_cursor of the previous answer, for the next page of the same question'),
  page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`records per answer (1..${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE})`),
};

const list = (values: readonly [string, ...string[]]) => z.array(z.enum(values)).min(1).optional();

export interface ReadTool {
  name: string;
  title: string;
  description: string;
  /** A list pages (items, total, next_cursor); a record answers one object. */
  kind: 'list' | 'record';
  paging?: 'service' | 'local';
  input: z.ZodRawShape;
  /** The command line this call stands for (the paging flags aside). */
  call(input: Record<string, unknown>): VerbCall;
}

/** A flag's value as commander hands it: a comma list for a list of choices. */
function flags(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : value]),
  );
}

const FIRM = "With a firm token and no company chosen (the server's --account), every company is read and each record names its company (account_id, company).";

export const READ_TOOLS: readonly ReadTool[] = [
  {
    name: 'whoami',
    title: 'Who am I',
    description: 'The token in use: its company or firm, abilities, webhook readiness (GET /v1/me). Same as `fisco whoami -o json`.',
    kind: 'record',
    input: { ...MIRROR },
    call: () => ({ path: ['whoami'] }),
  },
  {
    name: 'list_companies',
    title: 'Companies',
    description:
      'The companies the token manages (GET /v1/accounts): a company token sees its own, a firm token all of its clients. Same as `fisco accounts list -o json`.',
    kind: 'list',
    paging: 'service',
    input: { updated_since: instant('only companies updated since'), ...MIRROR, ...PAGING },
    call: (i) => ({ path: ['accounts', 'list'], flags: flags({ updatedSince: i.updated_since }) }),
  },
  {
    name: 'list_invoices',
    title: 'Invoices',
    description: `Invoices, outbound (issued) or inbound (received), with the filters of \`fisco invoice list\`. Amounts are decimal strings, dates ISO. ${FIRM}`,
    kind: 'list',
    paging: 'service',
    input: {
      direction: z.enum(['outbound', 'inbound']).optional().describe('outbound: invoices the company issued; inbound: invoices it received'),
      sdi_status: list(SDI_STATUS_VALUES).describe('any of these SDI statuses'),
      payment_status: list(PAYMENT_STATUS_VALUES).describe('any of these payment statuses (overdue: unpaid past the due date)'),
      updated_since: instant('only invoices updated since'),
      issued_from: date('issued on or after this date (fisco filters: every page is read)'),
      issued_to: date('issued on or before this date (fisco filters: every page is read)'),
      ...MIRROR,
      ...PAGING,
    },
    call: (i) => ({
      path: ['invoice', 'list'],
      flags: flags({
        direction: i.direction,
        sdiStatus: i.sdi_status,
        paymentStatus: i.payment_status,
        updatedSince: i.updated_since,
        issuedFrom: i.issued_from,
        issuedTo: i.issued_to,
      }),
    }),
  },
  {
    name: 'get_invoice',
    title: 'One invoice',
    description:
      'One outbound invoice by its number as the company writes it (42/2026; 42 with year) or its id. A number several invoices share is an error listing them. Same as `fisco invoice get -o json`.',
    kind: 'record',
    input: {
      invoice: z.string().min(1).describe('the invoice number as written (42/2026) or its id (UUID)'),
      year: z.number().int().min(2000).max(2100).optional().describe('the year of the number, when the number has none'),
      ...MIRROR,
    },
    call: (i) => ({ path: ['invoice', 'get'], args: [String(i.invoice)], flags: flags({ year: i.year }) }),
  },
  {
    name: 'list_clients',
    title: 'Clients',
    description: `The company's clients (GET /clients), optionally searched by name or VAT number. ${FIRM}`,
    kind: 'list',
    paging: 'service',
    input: { search: z.string().min(1).optional().describe('name or VAT number to look for'), ...MIRROR, ...PAGING },
    call: (i) => ({ path: ['clients', 'list'], flags: flags({ search: i.search }) }),
  },
  {
    name: 'list_expenses',
    title: 'Expenses',
    description: `Expenses (GET /v1/expenses) of a month or a range of months, by allocation method or cost centre. ${FIRM}`,
    kind: 'list',
    paging: 'service',
    input: {
      period: month('one month'),
      from: month('first month of a range'),
      to: month('last month of a range'),
      method: z.enum(ALLOCATION_METHOD_VALUES).optional().describe('allocation method'),
      cost_center: z.string().min(1).optional().describe('cost centre code or id'),
      ...MIRROR,
      ...PAGING,
    },
    call: (i) => ({ path: ['expenses', 'list'], flags: flags({ period: i.period, from: i.from, to: i.to, method: i.method, costCenter: i.cost_center }) }),
  },
  {
    name: 'expenses_summary',
    title: 'Expenses summary',
    description: "One company's expense totals by allocation method and cost centre (GET /v1/expenses/summary). A firm token needs the server's --account.",
    kind: 'record',
    input: { period: month('one month'), from: month('first month of a range'), to: month('last month of a range'), ...MIRROR },
    call: (i) => ({ path: ['expenses', 'summary'], flags: flags({ period: i.period, from: i.from, to: i.to }) }),
  },
  {
    name: 'list_f24',
    title: 'F24 forms',
    description: `F24 tax payment forms (GET /v1/f24s) by status and due date. ${FIRM}`,
    kind: 'list',
    paging: 'service',
    input: {
      status: z.enum(F24_STATUS_VALUES).optional().describe('the F24 status'),
      due_from: date('due on or after'),
      due_to: date('due on or before'),
      updated_since: instant('only forms updated since'),
      ...MIRROR,
      ...PAGING,
    },
    call: (i) => ({ path: ['f24', 'list'], flags: flags({ status: i.status, dueFrom: i.due_from, dueTo: i.due_to, updatedSince: i.updated_since }) }),
  },
  {
    name: 'list_deadlines',
    title: 'Tax deadlines',
    description: `Tax deadlines (GET /v1/tax-deadlines) by type, status and date. ${FIRM}`,
    kind: 'list',
    paging: 'service',
    input: {
      type: z.enum(DEADLINE_TYPE_VALUES).optional().describe('deadline type'),
      status: z.enum(DEADLINE_STATUS_VALUES).optional().describe('deadline status'),
      from: date('due on or after'),
      to: date('due on or before'),
      updated_since: instant('only deadlines updated since'),
      ...MIRROR,
      ...PAGING,
    },
    call: (i) => ({
      path: ['deadlines', 'list'],
      flags: flags({ type: i.type, status: i.status, from: i.from, to: i.to, updatedSince: i.updated_since }),
    }),
  },
  {
    name: 'overview',
    title: 'Morning overview',
    description:
      'One row per company: receivables, overdue, F24s, deadlines, expenses to review, invoices the SDI rejected (rejected_count; rejected_resend_by, the nearest day a corrected one must be sent by). Each recent rejection explained in notes. Same as `fisco overview -o json`.',
    kind: 'list',
    paging: 'local',
    input: { days: z.number().int().min(1).max(366).optional().describe('the window of "due soon", in days'), ...MIRROR, ...PAGING },
    call: (i) => ({ path: ['overview'], flags: flags({ days: i.days }) }),
  },
  {
    name: 'receivables',
    title: 'Receivables by age',
    description:
      'Open outbound invoices by days past due (not due, 1-30, 31-60, 61-90, over 90), per client, invoice or company. "Who owes us more than 5,000 past 60 days" is by: client with min_days: 60. Same as `fisco receivables -o json`.',
    kind: 'list',
    paging: 'local',
    input: {
      as_of: date("the date invoices are aged on (default: the service's today)"),
      by: z.enum(['client', 'invoice', 'company']).optional().describe('one row per client (default), invoice or company'),
      min_days: z.number().int().min(0).optional().describe('only what is at least this many days past due'),
      ...MIRROR,
      ...PAGING,
    },
    call: (i) => ({ path: ['receivables'], flags: flags({ asOf: i.as_of, by: i.by, minDays: i.min_days }) }),
  },
  {
    name: 'cash_forecast',
    title: 'Cash forecast',
    description: "The coming weeks' flows per company: receivables, payables, F24s, deadlines, net and running balance. Same as `fisco cash -o json`.",
    kind: 'list',
    paging: 'local',
    input: { weeks: z.number().int().min(1).max(52).optional().describe('how many weeks ahead'), ...MIRROR, ...PAGING },
    call: (i) => ({ path: ['cash'], flags: flags({ weeks: i.weeks }) }),
  },
  {
    name: 'search',
    title: 'Search',
    description:
      'Full-text search over the local mirror (`fisco sync` fills it), across the companies: invoices, clients, expenses, F24s, deadlines. Same as `fisco search -o json`.',
    kind: 'list',
    paging: 'local',
    input: {
      text: z.string().min(1).describe('what to look for: names, VAT numbers, invoice numbers, amounts'),
      in: list(['invoices', 'clients', 'f24', 'deadlines', 'expenses']).describe('only these kinds of record'),
      ...PAGING,
    },
    call: (i) => ({ path: ['search'], args: [String(i.text)], flags: flags({ in: i.in }) }),
  },
  {
    name: 'sync_status',
    title: 'Mirror status',
    description: 'What the local mirror holds and as of when, per company (`fisco sync --status -o json`). Sends nothing.',
    kind: 'record',
    input: {},
    call: () => ({ path: ['sync'], flags: { status: true } }),
  },
];

/**
 * The cash section of the monthly export: the same forecast as `fisco cash`, from what the export
 * already read (the open receivables) and, for the rest, the inputs saved by the previous run
 * (`cash-inputs.json`: open payables and F24s to pay, and today's open receivables when the export's are a past date's) when the service says nothing changed since
 * (invoices, by the export's own question; F24s, one `per_page=1` question); deadlines always.
 */
import type { ApiClient } from '../api/client.js';
import { countF24s } from '../api/counts.js';
import type { F24 } from '../api/f24.js';
import type { Invoice } from '../api/invoices.js';
import { addDays } from '../domain/dates.js';
import { onlineSource } from '../receivables/source.js';
import { cashForecast, type CashForecast } from './cash.js';

export const CASH_WEEKS = 13;
export const CASH_INPUTS = 'cash-inputs.json';

/** Only what the forecast needs (an F24's signed link changes at every listing: it would rewrite the file each run). */
export interface CashInputsFile {
  payables: Pick<Invoice, 'number' | 'due_date' | 'amount_due'>[];
  /** Today's open receivables: a past month's export lists those of its last day instead (absent in files of an earlier fisco). */
  receivables?: Pick<Invoice, 'number' | 'due_date' | 'amount_due' | 'issue_date' | 'counterpart'>[];
  f24s: Pick<F24, 'id' | 'due_date' | 'total_amount' | 'status'>[];
}

export interface ExportCash {
  client: ApiClient;
  today: string;
  receivables?: Invoice[];
  /** The previous run's data instant, when its files are intact and the invoices did not change since. */
  unchangedSince?: string;
  reuse: () => Promise<CashInputsFile | undefined>;
  /** Each client's usual delay (cash.ts delaysOf): an overdue receivable goes on that day. */
  delays?: ReadonlyMap<string, number>;
}

export async function exportCash(job: ExportCash): Promise<{ forecast: CashForecast; inputs: CashInputsFile }> {
  const source = onlineSource(job.client);
  const saved = job.unchangedSince !== undefined ? await job.reuse() : undefined;
  const f24Unchanged = saved !== undefined && (await countF24s(job.client, { updated_since: job.unchangedSince })) === 0;
  const [receivables, payables, f24s, deadlines] = await Promise.all([
    job.receivables ?? saved?.receivables ?? source.openReceivables(),
    saved?.payables ?? source.openPayables(),
    (f24Unchanged ? saved?.f24s : undefined) ?? source.f24sToPay(),
    source.deadlines(addDays(job.today, -365), addDays(job.today, 7 * CASH_WEEKS - 1)),
  ]);
  const slim = (i: Pick<Invoice, 'number' | 'due_date' | 'amount_due'>) => ({ number: i.number, due_date: i.due_date, amount_due: i.amount_due });
  const inputs: CashInputsFile = {
    payables: payables.map(slim),
    // With what places an overdue one on its client's usual day.
    receivables: receivables.map((i) => ({ ...slim(i), issue_date: i.issue_date, counterpart: i.counterpart })),
    f24s: f24s.map((f) => ({ id: f.id, due_date: f.due_date, total_amount: f.total_amount, status: f.status })),
  };
  return { forecast: cashForecast({ today: job.today, weeks: CASH_WEEKS, receivables, ...inputs, deadlines, delays: job.delays }), inputs };
}

/**
 * What the journal driver (src/journal/run.ts) needs from a batch of invoices: how ONE record is
 * sent, what settling it later needs (taken before its POST), and how an in-flight record is
 * settled with the reconciliation lookup of `invoice create` (create/reconcile.ts).
 *
 * The snapshot: `invoice create` lists the matching invoices before its one POST. A batch does
 * not need a listing per record: it lists each company's invoices of the lookup window ONCE per
 * run (before its first POST to that company), and keeps for each record the ids of that listing
 * which match it. What the batch creates later is in the journal itself (every 'done' entry has
 * its id), so a lookup excludes both: what was there before the run, and what this batch made.
 * On the happy path that costs one listing per company and run instead of one per invoice.
 */
import type { ApiClient } from '../../../api/client.js';
import { ApiError, FiscoError, OutcomeUnknownError, UnexpectedAnswerError } from '../../../errors.js';
import { createInvoice, listInvoices, type Invoice } from '../../../api/invoices.js';
import type { Journal, JournalEntry } from '../../../journal/journal.js';
import type { RunHooks, Sent, Settled, Step } from '../../../journal/run.js';
import { matches, matchingSince, windowStart, type Expected } from '../create/reconcile.js';
import type { CheckedRecord } from './check.js';

/** What a record's journal entry keeps for settling it later (entry.context). */
export interface SettleContext {
  account: string | null;
  expected: Expected;
  /** The lookup window's start (server clock). */
  since: string;
  /** Matching invoices that existed before this run's first POST to the company. */
  before: string[];
  endpoint: string;
}

export type BatchStep = Step<CheckedRecord>;

/** Why a failed creation may have created the invoice after all; undefined when it certainly did not (a refusal). */
export function unknownCause(error: unknown): string | undefined {
  if (error instanceof OutcomeUnknownError)
    return /redirect/.test(error.message) ? 'the service answered the creation with a redirect' : 'the connection dropped after the invoice was sent';
  if (error instanceof ApiError && error.status >= 500) return `the service answered HTTP ${error.status} to the creation`;
  if (error instanceof UnexpectedAnswerError && error.accepted)
    return `the service accepted the invoice (HTTP ${error.status}) but its answer could not be read`;
  return undefined;
}

/** A refusal by the service about this record (not about the token or the pace): the next records still go. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 403, 429].includes(error.status);
}

export interface BatchHooksOptions {
  client: ApiClient;
  journal: Journal;
  /** When this run started (the lookup window is measured from it). */
  startedAt: number;
  onProgress?: (index: number, total: number, step: BatchStep) => void;
}

export function batchHooks(options: BatchHooksOptions): RunHooks<CheckedRecord> {
  const { client, journal } = options;
  const clientFor = (account: string | null | undefined) => (account ? client.forAccount(account) : client);
  let since: Promise<string> | undefined;
  const baselines = new Map<string, Promise<Invoice[]>>();
  const baseline = (account: string | undefined): Promise<Invoice[]> => {
    const key = account ?? '';
    let found = baselines.get(key);
    if (!found) {
      found = (async () => {
        since ??= windowStart(client, options.startedAt);
        const from = await since;
        const out: Invoice[] = [];
        for await (const invoice of listInvoices(clientFor(account), { direction: 'outbound', updated_since: from }, { all: true })) out.push(invoice);
        return out;
      })();
      // A failed listing is asked again for the next record, not remembered.
      found.catch(() => baselines.delete(key));
      baselines.set(key, found);
    }
    return found;
  };
  /** Ids this batch's journal says it created, except the entry being settled. */
  const createdByBatch = (except: string) =>
    new Set(
      journal
        .entries()
        .filter((e) => e.state === 'done' && e.key !== except && e.result?.id !== undefined)
        .map((e) => String(e.result!.id)),
    );

  return {
    async prepare(step) {
      const invoices = await baseline(step.item.account);
      const context: SettleContext = {
        account: step.item.account ?? null,
        expected: step.item.expected,
        since: await since!,
        before: invoices.filter((i) => matches(i, step.item.expected)).map((i) => i.id),
        endpoint: step.item.prepared.endpoint,
      };
      return context as unknown as Record<string, unknown>;
    },

    async send(step): Promise<Sent> {
      const { prepared, account } = step.item;
      try {
        const created = await createInvoice(clientFor(account), prepared.endpoint, prepared.body);
        return { state: 'done', result: { id: String(created.id), url: created.url ?? null } };
      } catch (error) {
        const cause = unknownCause(error);
        if (cause !== undefined) return { state: 'unknown', message: cause };
        if (isRefusal(error)) return { state: 'refused', message: `HTTP ${error.status}: ${error.message}` };
        throw error;
      }
    },

    async settle(entry: JournalEntry): Promise<Settled> {
      const context = entry.context as unknown as SettleContext | undefined;
      if (!context?.expected || !context.since) {
        return { state: 'unknown', message: 'no snapshot was taken before its request, so a lookup cannot tell it from an older identical invoice' };
      }
      let found: Invoice[];
      try {
        found = await matchingSince(clientFor(context.account), context.since, context.expected);
      } catch (error) {
        return { state: 'unknown', message: `looking it up failed (${error instanceof FiscoError || error instanceof Error ? error.message : String(error)})` };
      }
      const mine = createdByBatch(entry.key);
      const before = new Set(context.before);
      const fresh = found.filter((i) => !before.has(i.id) && !mine.has(i.id));
      if (fresh.length === 0) return { state: 'absent' };
      if (fresh.length > 1) {
        return {
          state: 'unknown',
          message: `${fresh.length} invoices since ${context.since} match its client, date and total: ${fresh.map((i) => `${i.number} (id ${i.id})`).join(', ')}`,
        };
      }
      const invoice = fresh[0];
      return { state: 'done', result: { id: invoice.id, url: invoice.pdf_url ?? invoice.url ?? null, number: invoice.number, reconciled: true } };
    },

    onProgress(index, total, step) {
      options.onProgress?.(index, total, step);
    },
  };
}

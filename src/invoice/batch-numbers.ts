/**
 * The invoices a batch created, as the service lists them: the number it assigned, the issue date
 * and the total. The creation answer has only `id` and `url` (the API document); the list's item is
 * tied to it by the contract's common key, the answer's `url` against the item's `pdf_url` (or its
 * id where the list shows that same id: tieCreated, the rule of the lookups).
 *
 * One pass after the sends, with the fewest requests: per company, ONE listing (every page) of
 * the outbound invoices updated since the earliest request among its records still without a
 * number, on the service's clock less the lookup margin. Records found by the lookup already
 * carry their number (the lookup read it from the same list). What is read is journaled (the
 * record's `done` entry again, its result completed), so a re-run reads only what is still missing.
 *
 * A read that fails leaves the invoices created: they are reported without a number, with why.
 */
import { LOOKUP_MARGIN_MS } from '../api/clock.js';
import type { ApiClient } from '../api/client.js';
import { listInvoices, type Invoice } from '../api/invoices.js';
import { FiscoError } from '../errors.js';
import type { Journal, JournalEntry } from '../journal/journal.js';
import type { Step } from '../journal/run.js';
import { tieCreated, type CreatedRef } from './reconcile.js';

/** What the list says of a created invoice, as the journal keeps it in the record's result. */
export interface Listed {
  number: string;
  issue_date: string;
  total: string;
  uuid: string | null;
}

export interface NumbersRead {
  /** Records whose invoice was tied to the list now (their `done` entry is journaled again, with it). */
  read: string[];
  /** Created records the list did not show (no item with their url or id). */
  notListed: string[];
  /** Created records whose company's list could not be read, and why. */
  failed: { keys: string[]; why: string }[];
}

/** The list's figures of an invoice, as journaled. */
export function listedOf(invoice: Invoice): Listed {
  return { number: invoice.number, issue_date: invoice.issue_date, total: invoice.total_amount, uuid: invoice.uuid ?? null };
}

/** What the pass needs of a step's item: the company it goes to (hooks.ts's CreationItem has it). */
interface Item {
  account?: string;
}

/** A created record still without the number the service assigned. */
function lacksNumber(entry: JournalEntry | undefined): entry is JournalEntry {
  return entry?.state === 'done' && typeof entry.result?.number !== 'string';
}

export interface NumbersOptions<T extends Item> {
  journal: Journal;
  steps: readonly Step<T>[];
  /** The company's client (the token's own when `account` is null). */
  clientFor: (account: string | null) => ApiClient;
  /** The service's clock minus ours (ms): asked once per run, shared with the lookup. */
  skewMs: () => Promise<number>;
}

/** The pass: one listing per company, every created record tied and journaled; a failed listing is reported, never thrown. */
export async function readNumbers<T extends Item>(options: NumbersOptions<T>): Promise<NumbersRead> {
  const { journal } = options;
  const out: NumbersRead = { read: [], notListed: [], failed: [] };
  const byCompany = new Map<string | null, JournalEntry[]>();
  for (const step of options.steps) {
    const entry = journal.get(step.key);
    if (!lacksNumber(entry)) continue;
    // The company it was sent to, as journaled with its request (hooks.ts's SettleContext).
    const account = (entry.context as { account?: string | null } | undefined)?.account ?? step.item.account ?? null;
    byCompany.set(account, [...(byCompany.get(account) ?? []), entry]);
  }
  for (const [account, entries] of byCompany) {
    let items: Invoice[];
    try {
      items = await listedSince(options, account, entries);
    } catch (error) {
      if (!(error instanceof FiscoError)) throw error;
      out.failed.push({ keys: entries.map((e) => e.key), why: error.message });
      continue;
    }
    const tied = tieCreated(
      entries.map((e) => e.result as CreatedRef),
      items,
    );
    for (const [k, entry] of entries.entries()) {
      const invoice = tied[k];
      if (!invoice) {
        out.notListed.push(entry.key);
        continue;
      }
      const { at: _at, ...rest } = entry;
      await journal.write({ ...rest, result: { ...entry.result, ...listedOf(invoice) } });
      out.read.push(entry.key);
    }
  }
  return out;
}

/** The company's outbound invoices updated since the earliest of these requests (every page). */
async function listedSince<T extends Item>(options: NumbersOptions<T>, account: string | null, entries: readonly JournalEntry[]): Promise<Invoice[]> {
  const began = Date.parse(options.journal.began);
  const earliest = Math.min(...entries.map((e) => (e.sentAt !== undefined && Number.isFinite(Date.parse(e.sentAt)) ? Date.parse(e.sentAt) : began)));
  const since = new Date(Math.min(earliest, Date.now()) + (await options.skewMs()) - LOOKUP_MARGIN_MS).toISOString();
  const items: Invoice[] = [];
  for await (const invoice of listInvoices(options.clientFor(account), { direction: 'outbound', updated_since: since }, { all: true })) items.push(invoice);
  return items;
}

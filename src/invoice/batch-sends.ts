/**
 * What the journal driver (src/journal/run.ts) needs from a batch of invoices: how ONE record is
 * sent, and how records are looked up on the service (the service is the truth; the journal is a
 * record of intent).
 *
 * The lookup lists each company's outbound invoices updated since the batch began (on the
 * service's clock, less a margin), once per company and lookup, and settles them by the twin rule
 * (src/journal/twins.ts) on every field the list shows of what a record sent (counterpart VAT
 * number and name, total, issue date, draft or not): the invoices that existed before the batch's
 * first send (its baseline, a journal note) are left out, those tied to a record the journal shows
 * as created (by the creation answer's `url` against the list's `pdf_url`, or its id where the list
 * shows that id) are that record's, and in each group of records the list cannot tell apart the k
 * left settle k of the records the journal does not show as created; the others are sent. No
 * invoice settles two records.
 */
import { LOOKUP_MARGIN_MS, serverSkewMs } from '../api/clock.js';
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../errors.js';
import { journaled, unknownReason } from '../journal/words.js';
import { reason } from '../journal/reason.js';
import { createInvoice, listInvoices, type Invoice } from '../api/invoices.js';
import type { Journal, JournalEntry } from '../journal/journal.js';
import type { RunHooks, Sent, Settled, Step } from '../journal/run.js';
import { linkKey, listedShown, matches, sentShown, tieCreated, type CreatedRef, type Expected } from './reconcile.js';
import { settleTwins } from '../journal/twins.js';
import type { CheckedRecord } from './batch-check.js';
import { listedOf, readNumbers, type NumbersRead } from './batch-numbers.js';
import { t, type Text } from '../i18n/message.js';
import { adoptedWindow } from './batch-origin.js';

/** What a record's journal entry keeps (entry.context): what was sent, so a lookup can match it later. */
export interface SettleContext {
  account: string | null;
  /** The company the record went to (its account, or the token's own): what `--status` shows. */
  company?: string;
  expected: Expected;
  endpoint: string;
  /** Journals of earlier versions: the matching invoices that existed before the record's request. */
  before?: string[];
}

/** What one invoice to create carries for the driver: a batch record, or `invoice create`'s one invoice. */
export type CreationItem = Pick<CheckedRecord, 'expected' | 'prepared'> & { account?: string; companyId?: string };

export type BatchStep = Step<CheckedRecord>;

/** A refusal by the service about this record (not about the token or the pace): the next records still go. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 403, 429].includes(error.status);
}

export interface BatchHooksOptions<T extends CreationItem> {
  client: ApiClient;
  journal: Journal;
  /** Every record of the run (a group's twins are counted whether or not they are being looked up). */
  steps: Step<T>[];
  /** Told of a group whose invoices were found (which records they settle, which are sent). */
  onFound?: (line: Text) => void;
}

/**
 * The content a record's invoice has, or may have, on the service: what its request was sent with
 * (journaled: created, or in flight), else what it has now (never sent, or refused).
 */
function sentAs(step: Step<CreationItem>, entry: JournalEntry | undefined): { account: string | null; expected: Expected } {
  const context = entry?.context as SettleContext | undefined;
  if (context?.expected && (entry!.state === 'done' || entry!.sentAt !== undefined || entry!.state === 'sending' || entry!.state === 'unknown'))
    return { account: context.account ?? null, expected: context.expected };
  return { account: step.item.account ?? null, expected: step.item.expected };
}

const inFlight = (entry: JournalEntry | undefined) => entry !== undefined && entry.state !== 'done' && entry.sentAt !== undefined;

/** What the service has of a batch's records: one listing per company and lookup, and the group rule over it. */
class Lookup<T extends CreationItem> {
  private since: Promise<string | null> | undefined;
  private skew: Promise<number> | undefined;

  constructor(private readonly options: BatchHooksOptions<T>) {}

  clientFor(account: string | null | undefined): ApiClient {
    return account ? this.options.client.forAccount(account) : this.options.client;
  }

  /** The service's clock minus ours: asked once per run (a failed ask is asked again). */
  skewMs(): Promise<number> {
    this.skew ??= serverSkewMs(this.options.client).catch((error: unknown) => {
      this.skew = undefined;
      throw error;
    });
    return this.skew;
  }

  async run(asked: Step<T>[]): Promise<Map<string, Settled>> {
    const { journal } = this.options;
    const out = new Map<string, Settled>();
    const accounts = [...new Set(asked.map((s) => sentAs(s, journal.get(s.key)).account))];
    for (const account of accounts) {
      const { invoices, baseline } = await this.listing(account);
      this.settleGroups(
        account,
        invoices.filter((i) => !baseline.has(i.id)),
        asked,
        out,
      );
    }
    return out;
  }

  /** The company's invoices updated since the batch began (every page, oldest first), and the ids of its baseline. */
  private async listing(account: string | null): Promise<{ invoices: Invoice[]; baseline: Set<string> }> {
    this.since ??=
      adoptedWindow(this.options.journal) ??
      this.skewMs().then((skew) => new Date(Date.parse(this.options.journal.began) + skew - LOOKUP_MARGIN_MS).toISOString());
    const invoices: Invoice[] = [];
    for await (const invoice of listInvoices(this.clientFor(account), { direction: 'outbound', updated_since: (await this.since) ?? undefined }, { all: true }))
      invoices.push(invoice);
    invoices.reverse();
    return { invoices, baseline: await this.baselineOf(account, invoices) };
  }

  /**
   * What matched before the batch's first request to the company: noted once, at the first lookup
   * when nothing has been sent to it yet; a journal of an earlier version kept it per record. A
   * rebuilt journal cannot tell what it sent before the damage: it takes no baseline (every
   * matching invoice since the batch began may be the batch's: fewer sent, never one twice).
   */
  private async baselineOf(account: string | null, invoices: Invoice[]): Promise<Set<string>> {
    const { journal, steps } = this.options;
    const name = `baseline:${account ?? ''}`;
    const noted = journal.noteOf(name);
    if (noted) return new Set(noted.ids as string[]);
    // Adopted (--rebuild-from-service after journal and seal were both lost): every matching invoice may be the batch's.
    if (adoptedWindow(journal) !== undefined) return new Set();
    const mine = steps.filter((s) => (s.item.account ?? null) === account);
    const entries = mine.map((s) => journal.get(s.key)).filter((e): e is JournalEntry => e !== undefined);
    if (journal.rebuilt || entries.length > 0) return new Set(entries.flatMap((e) => ((e.context as SettleContext | undefined)?.before ?? []).map(String)));
    const ids = invoices.filter((i) => mine.some((s) => matches(i, s.item.expected))).map((i) => i.id);
    await journal.note(name, { ids, since: await this.since! });
    return new Set(ids);
  }

  /**
   * The twin rule (src/journal/twins.ts) over every record of one company, whatever the journal
   * says of each, and the company's candidates; the asked records it settles are written to `out`.
   */
  private settleGroups(account: string | null, candidates: Invoice[], asked: Step<T>[], out: Map<string, Settled>): void {
    const { journal, steps } = this.options;
    const askedKeys = new Set(asked.map((s) => s.key));
    const mine = steps.filter((s) => sentAs(s, journal.get(s.key)).account === account);
    const { assigned, groups } = settleTwins(
      mine.map((s) => {
        const entry = journal.get(s.key);
        return { key: s.key, shown: sentShown(sentAs(s, entry).expected), done: entry?.state === 'done' ? entry.result : undefined, inFlight: inFlight(entry) };
      }),
      candidates,
      { shownOf: listedShown, tie: (done, items) => tieCreated(done as CreatedRef[], items) },
    );
    for (const group of groups) {
      if (!group.keys.some((key) => askedKeys.has(key))) continue;
      const names = group.keys.join(', ');
      // A record the journal has no line of (lost with it, or adopted) was found, not settled after an unknown outcome.
      const found = (key: string) =>
        journaled(
          group.keys.length > 1
            ? reason('found-twin', { count: group.keys.length, names })
            : reason(journal.get(key) ? 'found-after-unknown' : 'found-without-line'),
        );
      const settledHere = group.keys.filter((key) => assigned.has(key));
      for (const key of settledHere) {
        const invoice = assigned.get(key)!;
        const result = { id: invoice.id, url: invoice.pdf_url ?? invoice.url ?? null, ...listedOf(invoice), reconciled: true };
        if (askedKeys.has(key)) out.set(key, { state: 'done', ...found(key), result });
      }
      if (group.keys.length > 1 && settledHere.length > 0) {
        const done = group.keys.filter((key) => journal.get(key)?.state === 'done').length;
        const toSend = group.toSend.length ? t`, to send: ${group.toSend.join(', ')}` : '';
        const more = group.surplus.length ? t`; ${group.surplus.length} more identical invoice(s) found: ${group.surplus.map((i) => i.number).join(', ')}` : '';
        this.options.onFound?.(t`${names} are identical (client, date, total): ${done + settledHere.length} found on the service${toSend}${more}`);
      }
    }
  }
}

/** The driver's hooks, and the pass after the sends that reads the numbers the service assigned (numbers.ts). */
export function batchHooks<T extends CreationItem>(options: BatchHooksOptions<T>): RunHooks<T> & { readNumbers(): Promise<NumbersRead> } {
  const lookup = new Lookup(options);
  return {
    lookup: (asked) => lookup.run(asked),

    readNumbers: () =>
      readNumbers({ journal: options.journal, steps: options.steps, clientFor: (account) => lookup.clientFor(account), skewMs: () => lookup.skewMs() }),

    async prepare(step) {
      const context: SettleContext = {
        account: step.item.account ?? null,
        ...(step.item.companyId ? { company: step.item.companyId } : {}),
        expected: step.item.expected,
        endpoint: step.item.prepared.endpoint,
      };
      return context as unknown as Record<string, unknown>;
    },

    async send(step): Promise<Sent> {
      const { prepared, account } = step.item;
      try {
        const created = await createInvoice(lookup.clientFor(account), prepared.endpoint, prepared.body);
        return { state: 'done', result: { id: String(created.id), url: created.url ?? null } };
      } catch (error) {
        const why = unknownReason(error, 'invoice');
        if (why !== undefined) return { state: 'unknown', ...journaled(why) };
        if (isRefusal(error)) return { state: 'refused', message: `HTTP ${error.status}: ${error.message}` };
        throw error;
      }
    },

    writeOf(result) {
      return typeof result.url === 'string' && result.url !== '' ? linkKey(result.url) : undefined;
    },
  };
}

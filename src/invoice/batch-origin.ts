/**
 * A batch run that finds no journal and no seal cannot tell a first run from a run whose journal
 * and seal were both lost (a backup restore, a new machine, a wiped or synced data folder). Before
 * its first send it asks the service: the company's outbound invoices with the same content as its
 * records (client, issue date, total, draft or not; identical records as one group). None: a
 * first run, it goes on. Some: it sends nothing and stops (exit 2), naming per record the invoices
 * found and the two ways on: `--rebuild-from-service` (they are the batch's: the journal was lost;
 * per group of n records with k invoices found, n − k are sent) or `--new-batch` (they are not:
 * every record is sent). The answer is kept in the journal (note `origin`), so it is asked once.
 *
 * The window is the whole list. Nothing bounds when an earlier run created an invoice: the service
 * accepts any issue date (fisco only warns of one in the future), so an invoice can be made long
 * before or after the date it carries, and `updated_since` (the only filter) reads when it last
 * changed. The check reads the list once (for a batch of drafts, the drafts), on the first run of a batch only.
 */
import type { ApiClient } from '../api/client.js';
import { listInvoices, type Invoice } from '../api/invoices.js';
import { ExitCode, FiscoError } from '../errors.js';
import { day, joined, money, t, type Message, type Text } from '../i18n/message.js';
import type { Journal } from '../journal/journal.js';
import type { Step } from '../journal/run.js';
import { groupKey, matches, type Expected } from './reconcile.js';

/** The journal note that keeps the answer: `{ decision: 'first' | 'adopt' | 'new', at }`. */
export const ORIGIN_NOTE = 'origin';

/** What a person said about invoices found with the same content: `adopt` (--rebuild-from-service), `new` (--new-batch), or nothing yet. */
export type OriginDecision = 'adopt' | 'new' | undefined;

/** The decision the flags give. */
export function originDecision(options: { rebuildFromService?: boolean; newBatch?: boolean }): OriginDecision {
  return options.rebuildFromService ? 'adopt' : options.newBatch ? 'new' : undefined;
}

type Item = { account?: string; expected: Expected };

/** Records with identical content, and the invoices on the service that have it. */
export interface OriginMatch {
  refs: string[];
  invoices: Invoice[];
}

/** For an adopted batch, the start of its lookups' window: null, the whole list (undefined when the batch was not adopted). */
export function adoptedWindow(journal: Pick<Journal, 'noteOf'>): Promise<string | null> | undefined {
  return journal.noteOf(ORIGIN_NOTE)?.decision === 'adopt' ? Promise.resolve(null) : undefined;
}

/** The records in groups of identical content, per company. */
function groupsOf<T extends Item>(steps: readonly Step<T>[]): Map<string | null, Step<T>[][]> {
  const groups = new Map<string, Step<T>[]>();
  for (const step of steps) {
    const key = groupKey(step.item.account, step.item.expected);
    groups.set(key, [...(groups.get(key) ?? []), step]);
  }
  const out = new Map<string | null, Step<T>[][]>();
  for (const members of groups.values()) {
    const account = members[0]!.item.account ?? null;
    out.set(account, [...(out.get(account) ?? []), members]);
  }
  return out;
}

/** Every group whose content the service already holds, with those invoices (each company's whole outbound list, or its drafts for drafts; every page). */
export async function earlierInvoices<T extends Item>(steps: readonly Step<T>[], clientFor: (account: string | null) => ApiClient): Promise<OriginMatch[]> {
  const found: OriginMatch[] = [];
  for (const [account, groups] of groupsOf(steps)) {
    // Drafts only match drafts: a company's records all drafts need only its drafts.
    const drafts = groups.every((members) => members[0]!.item.expected.draft);
    const invoices: Invoice[] = [];
    for await (const invoice of listInvoices(clientFor(account), { direction: 'outbound', ...(drafts ? { sdi_status: ['draft'] } : {}) }, { all: true }))
      invoices.push(invoice);
    for (const members of groups) {
      const same = invoices.filter((i) => matches(i, members[0]!.item.expected));
      if (same.length > 0) found.push({ refs: members.map((m) => m.key), invoices: same });
    }
  }
  return found;
}

const MAX_LISTED = 20;

const WAYS_ON: Text[] = [
  t`If this batch was run before and its journal lost: run the same command again with --rebuild-from-service; these invoices are taken as the batch's and only the records left without one are sent (of n identical records with k invoices found, n − k).`,
  t`If these invoices are not this batch's: run the same command again with --new-batch; every record is sent.`,
];

function describeMatch(match: OriginMatch): Message {
  const invoices = joined(
    match.invoices.map((i) => t`no. ${i.number} of ${day(i.issue_date)}, ${money(i.total_amount)}`),
    '; ',
  );
  return match.refs.length === 1 ? t`${match.refs[0]}: ${invoices}` : t`${match.refs.join(', ')} (${match.refs.length} identical records): ${invoices}`;
}

/** Invoices with the same content as the records of a batch that has no journal and no seal: nothing sent, exit 2, and the two ways on. */
export class EarlierRunError extends FiscoError {
  constructor(
    readonly found: readonly OriginMatch[],
    records: number,
  ) {
    const matched = found.reduce((n, m) => n + m.refs.length, 0);
    super(
      t`this batch has no journal and no seal, but the service already holds invoices with the same content (client, issue date, total, draft or not) as ${matched} of its ${records} records: it may have run before and lost its journal; nothing was sent`,
      ExitCode.usage,
      [...found.slice(0, MAX_LISTED).map(describeMatch), ...(found.length > MAX_LISTED ? [t`… and ${found.length - MAX_LISTED} more`] : []), ...WAYS_ON],
    );
  }
}

export interface OriginCheck<T extends Item> {
  journal: Journal;
  steps: readonly Step<T>[];
  clientFor: (account: string | null) => ApiClient;
  decision: OriginDecision;
}

/**
 * Before the first send of a batch whose journal shows nothing (no entry, no note) and was not
 * rebuilt: the check above. Its answer is noted in the journal; a stop removes the new journal
 * (and its seal), so the next run asks again.
 */
export async function checkOrigin<T extends Item>({ journal, steps, clientFor, decision }: OriginCheck<T>): Promise<void> {
  if (!journal.isBlank() || journal.rebuilt || steps.length === 0) return;
  if (decision === 'new') return journal.note(ORIGIN_NOTE, { decision: 'new', at: new Date().toISOString() });
  const found = await earlierInvoices(steps, clientFor);
  if (found.length === 0) return journal.note(ORIGIN_NOTE, { decision: 'first', at: new Date().toISOString() });
  if (decision === 'adopt') return journal.note(ORIGIN_NOTE, { decision: 'adopt', at: new Date().toISOString() });
  await journal.discard();
  throw new EarlierRunError(found, steps.length);
}

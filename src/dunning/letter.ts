/**
 * A reminder letter, pure: one per client with overdue invoices, holding all that client's overdue
 * invoices of one company, each with its residue, days late and statutory interest, the 40 euro
 * per invoice unless turned off, the totals, how to pay (the company's IBAN) and the level:
 * 1 sollecito, 2 secondo sollecito, 3 diffida ad adempiere, from the letters already sent for those
 * invoices (the dunning journal), never from a guess. A level-3 letter goes only to a PEC.
 */
import { add, sum } from '../domain/money.js';
import { sha256Hex } from '../domain/sha256.js';
import { isMailbox } from '../domain/identifiers.js';
import { addDays } from '../domain/dates.js';
import type { Counterpart, OpenItem } from '../receivables/items.js';
import { compensationFor, lateInterest, type InterestPeriod } from './interest.js';
import type { RatesTable } from './rates-table.js';
import { t, type Message, type Text } from '../i18n/message.js';

export type Level = 1 | 2 | 3;
export type Channel = 'pec' | 'email' | 'post';

export const LEVEL_TITLES: Record<Level, string> = { 1: 'Sollecito di pagamento', 2: 'Secondo sollecito di pagamento', 3: 'Diffida ad adempiere' };

export interface LetterInvoice {
  invoice_id: string;
  uuid: string | null;
  number: string;
  issue_date: string;
  due_date: string;
  residue: string;
  days_late: number;
  interest: string;
  periods: InterestPeriod[];
  compensation: string;
}

/** The days each level gives the client to pay (from receipt), as the letter says. */
export const TERM_DAYS: Record<Level, number> = { 1: 15, 2: 10, 3: 15 };

/** A letter already sent about some invoices: when (the later of the date it bears and the day it went out) and its level. */
export interface SentLetter {
  key: string;
  refs: string[];
  date: string;
  level: Level;
}

/** A client whose next letter is not due yet: the previous one's deadline and the grace have not passed. */
export interface Waiting {
  client: Counterpart;
  /** The level the next letter will have. */
  level: Level;
  /** The previous letter: its date and level. */
  last: { date: string; level: Level };
  /** The first day the next letter may be proposed. */
  from: string;
}

/**
 * The cadence (issue 41): after a letter, the next level about any of its invoices is proposed only
 * once the deadline it gave (its date + TERM_DAYS of its level) and `graceDays` have passed: from
 * the day after. Undefined when nothing holds it back.
 */
export function nextAllowed(refs: readonly string[], sent: readonly SentLetter[], graceDays: number): { from: string; last: SentLetter } | undefined {
  let found: { from: string; last: SentLetter } | undefined;
  for (const letter of sent) {
    if (!letter.refs.some((r) => refs.includes(r))) continue;
    const from = addDays(letter.date, TERM_DAYS[letter.level] + graceDays + 1);
    if (!found || from > found.from) found = { from, last: letter };
  }
  return found;
}

export interface LetterCompany {
  id: string;
  name: string;
  vat_number: string | null;
  /** The IBAN of its payment methods (the first one listed), null when none has one. */
  iban: string | null;
}

export interface Letter {
  /** Unique within the plan: the client's key and the level (`00743110157@L1`). */
  id: string;
  account: string;
  client: Counterpart;
  level: Level;
  channel: Channel;
  /** The address it goes to (PEC or e-mail); null for registered mail. */
  to: string | null;
  /** Why it goes by registered mail, when it does. */
  post_reason: string | null;
  invoices: LetterInvoice[];
  totals: { residue: string; interest: string; compensation: string; total: string };
}

/** The identity of an invoice in the dunning journal: its uuid, else its id. */
export const invoiceRef = (item: Pick<OpenItem, 'uuid' | 'invoice_id'>): string => item.uuid ?? `id:${item.invoice_id}`;

export interface LetterInputs {
  account: string;
  items: readonly OpenItem[];
  asOf: string;
  minDays: number;
  rates: RatesTable;
  compensation: boolean;
  /** Letters already sent (done) per invoice ref. */
  sent: ReadonlyMap<string, number>;
  /** The letters already sent, for the cadence; with `graceDays` (--min-interval). */
  history?: readonly SentLetter[];
  graceDays?: number;
}

/** The level of a letter about `refs`: one more than the most reminders any of them has had, at most 3. */
export function levelOf(refs: readonly string[], sent: ReadonlyMap<string, number>): Level {
  const most = Math.max(0, ...refs.map((r) => sent.get(r) ?? 0));
  return Math.min(3, most + 1) as Level;
}

/** A client's PEC or e-mail that is not exactly one address (`not-an-address`, `a@pec.it, evil@attacker.it`): never written to. */
export function badAddresses(client: Counterpart): { field: 'pec' | 'email'; value: string }[] {
  return (['pec', 'email'] as const).flatMap((field) => {
    const value = client[field];
    return value && !isMailbox(value) ? [{ field, value }] : [];
  });
}

/** Why a letter goes by registered mail, as the plan file keeps it (its words, in English, are the file's). */
const LEVEL_3_NO_PEC = 'a diffida ad adempiere goes only to a PEC, and the client has none';
const NO_MAILBOX = 'the client has no PEC and no e-mail address (--contacts)';

export function channelOf(given: Counterpart, level: Level): { channel: Channel; to: string | null; post_reason: string | null } {
  // An address that is not one mailbox is not used (the plan says so, naming it).
  const client = { ...given, pec: given.pec && isMailbox(given.pec) ? given.pec : null, email: given.email && isMailbox(given.email) ? given.email : null };
  if (client.pec) return { channel: 'pec', to: client.pec, post_reason: null };
  if (level === 3) return { channel: 'post', to: null, post_reason: LEVEL_3_NO_PEC };
  if (client.email) return { channel: 'email', to: client.email, post_reason: null };
  return { channel: 'post', to: null, post_reason: NO_MAILBOX };
}

/** A letter's `post_reason` in the run's language; a reason fisco did not write (an edited plan) as it is. */
export function postReasonText(reason: string | null): Text {
  if (reason === LEVEL_3_NO_PEC) return t`a diffida ad adempiere goes only to a PEC, and the client has none`;
  if (reason === NO_MAILBOX) return t`the client has no PEC and no e-mail address (--contacts)`;
  return reason ?? '';
}

/**
 * Why a letter of a plan cannot go by its channel, or undefined when it can: a PEC or e-mail that is
 * not exactly one mailbox is never written to, and a letter that must go by registered mail needs the
 * client's postal address (from its record on the service, or the third column of --contacts).
 */
export function channelRefusal(letter: { channel: Channel; to: string | null; client: Pick<Counterpart, 'address' | 'vat_number'> }): Message | undefined {
  if (letter.channel === 'post')
    return letter.client.address
      ? undefined
      : t`must go by registered mail and has no postal address: not sent; give it in --contacts (a third column: ${letter.client.vat_number || 'PIVA'};;Via …, CAP Città (PR)) or on the client's record, then make the plan again`;
  return isMailbox(letter.to ?? '')
    ? undefined
    : t`'${letter.to ?? ''}' is not one ${letter.channel === 'pec' ? 'PEC' : t`e-mail`} address: nothing was sent to it`;
}

/**
 * A client's part of a letter id: its key when that is already plain, else the key made plain plus
 * a digest of the whole key, so that two names that differ only in accents (Möller, Müller) never
 * share an id.
 */
export function letterStem(key: string): string {
  const plain = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return plain === key ? plain : `${plain}-${sha256Hex(key).slice(0, 8)}`;
}

/** The letters of one company: every client with an invoice at least `minDays` late, all its late invoices in one letter. */
export function companyLetters(inputs: LetterInputs): Letter[] {
  return companyPlan(inputs).letters;
}

/** The letters of one company, and the clients whose next letter must wait (the cadence). */
export function companyPlan(inputs: LetterInputs): { letters: Letter[]; waiting: Waiting[] } {
  const waiting: Waiting[] = [];
  const late = inputs.items.filter((i) => i.due_date !== null && (i.days_late ?? 0) >= Math.max(1, inputs.minDays));
  const groups = new Map<string, OpenItem[]>();
  for (const item of late) groups.set(item.counterpart.key, [...(groups.get(item.counterpart.key) ?? []), item]);
  const letters: Letter[] = [];
  for (const items of groups.values()) {
    const client = items[0]!.counterpart;
    const sorted = [...items].sort((a, b) => a.due_date!.localeCompare(b.due_date!) || a.number.localeCompare(b.number));
    const invoices = sorted.map((item): LetterInvoice => {
      const interest = lateInterest(item.amount_due, item.due_date!, inputs.asOf, inputs.rates, t`invoice ${item.number} of ${client.name}`);
      return {
        invoice_id: item.invoice_id,
        uuid: item.uuid,
        number: item.number,
        issue_date: item.issue_date,
        due_date: item.due_date!,
        residue: item.amount_due,
        days_late: interest.days_late,
        interest: interest.interest,
        periods: interest.periods,
        compensation: compensationFor(1, inputs.compensation),
      };
    });
    const level = levelOf(sorted.map(invoiceRef), inputs.sent);
    const held = nextAllowed(sorted.map(invoiceRef), inputs.history ?? [], inputs.graceDays ?? 0);
    if (held && inputs.asOf < held.from) {
      waiting.push({ client, level, last: { date: held.last.date, level: held.last.level }, from: held.from });
      continue;
    }
    const residue = sum(invoices.map((i) => i.residue));
    const interest = sum(invoices.map((i) => i.interest));
    const compensation = compensationFor(invoices.length, inputs.compensation);
    letters.push({
      id: `${letterStem(client.key)}@L${level}`,
      account: inputs.account,
      client,
      level,
      ...channelOf(client, level),
      invoices,
      totals: { residue, interest, compensation, total: add(residue, interest, compensation) },
    });
  }
  const byName = <T extends { client: Counterpart }>(a: T, b: T) => a.client.name.localeCompare(b.client.name);
  return { letters: letters.sort(byName), waiting: waiting.sort(byName) };
}

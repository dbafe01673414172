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
import type { Counterpart, OpenItem } from '../receivables/items.js';
import { compensationFor, lateInterest, type InterestPeriod } from './interest.js';
import type { RatesTable } from './rates-table.js';
import { t } from '../i18n/message.js';

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

export function channelOf(given: Counterpart, level: Level): { channel: Channel; to: string | null; post_reason: string | null } {
  // An address that is not one mailbox is not used (the plan says so, naming it).
  const client = { ...given, pec: given.pec && isMailbox(given.pec) ? given.pec : null, email: given.email && isMailbox(given.email) ? given.email : null };
  if (client.pec) return { channel: 'pec', to: client.pec, post_reason: null };
  if (level === 3) return { channel: 'post', to: null, post_reason: 'a diffida ad adempiere goes only to a PEC, and the client has none' };
  if (client.email) return { channel: 'email', to: client.email, post_reason: null };
  return { channel: 'post', to: null, post_reason: 'the client has no PEC and no e-mail address (--contacts)' };
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
  return letters.sort((a, b) => a.client.name.localeCompare(b.client.name));
}

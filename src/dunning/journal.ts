/**
 * The dunning journal: one per service and company (`journals/dunning/<service>/<account>.jsonl`),
 * whatever the profile name (two names for one token share it, and take turns on its lock: the
 * lock named by the service and the work, FISCO_LOCK_TIMEOUT_MS), opened by the runner through
 * Factory.journal() like every journal of irreversible writes. A step is one letter: its key is the plan's id and the
 * letter's id (the client and the level), so a letter is sent once per client, level and plan. A
 * 'done' entry's result names the invoices it was about: the levels of the next plan are counted
 * from them, the cadence from when they went out.
 *
 * Before this layout the journal was kept per profile name (`journals/dunning/<profile>/<account>.jsonl`):
 * such a journal is adopted on the first open under any name for the service (the run's own profile
 * name, and every stored profile of the same base URL: legacyNames), entry by entry (an entry the
 * new journal already holds is not written again), then removed, its seal first: a crash during the
 * adoption leaves both files (the next open goes on), never neither, and never an entry twice. Until
 * then a plan reads them all. A profile renamed by `auth login` takes its journals along
 * (src/journal/move.ts).
 */
import { existsSync, unlinkSync } from 'node:fs';
import type { Factory } from '../factory/factory.js';
import { Journal, JournalDamagedError, journalPath, readJournal, type JournalEntry, type JournalHeader } from '../journal/journal.js';
import { reason } from '../journal/reason.js';
import { sealPath } from '../journal/seal.js';
import { journaled } from '../journal/words.js';
import { t } from '../i18n/message.js';
import type { SentLetter } from './letter.js';

/** The journal's header: the service stands where other journals name the profile. */
const header = (service: string, account: string): JournalHeader => ({ kind: 'dunning', id: account, profile: service, account });
const legacyHeader = (profile: string, account: string): JournalHeader => ({ kind: 'dunning', id: account, profile, account });

export function dunningJournalPath(dataDir: string, service: string, account: string): string {
  return journalPath(dataDir, 'dunning', [service, account]);
}

/** Where a journal of an earlier fisco, kept per profile name, lies. */
export function legacyDunningJournalPath(dataDir: string, profile: string, account: string): string {
  return journalPath(dataDir, 'dunning', [profile, account]);
}

/**
 * Where the company's letters' journal on this service is, for the runner (src/commands/job.ts),
 * which opens it locked through Factory.journal: a damaged one is refused with the letters' own
 * words (nothing can rebuild it).
 */
export function dunningJournal(
  service: string,
  account: string,
): { kind: 'dunning'; parts: string[]; header: JournalHeader; opening(error: unknown): unknown } {
  return {
    kind: 'dunning',
    parts: [service, account],
    header: header(service, account),
    opening: (error) => (error instanceof JournalDamagedError ? damaged(error.path, error.damage) : error),
  };
}

/**
 * The profile names an earlier fisco may have kept this service's letters' journals under: the
 * run's own, and every stored profile of the same base URL (two names for one token, or for one
 * company). FISCO_TOKEN alone was 'env', whatever its base URL: counted only by a run under it.
 */
export async function legacyNames(factory: Factory, here: { profile: string; baseUrl: string }): Promise<string[]> {
  const names = new Set([here.profile]);
  if (here.baseUrl !== 'demo') for (const profile of (await factory.store()).list()) if (profile.baseUrl === here.baseUrl) names.add(profile.name);
  return [...names];
}

/**
 * An earlier fisco kept FISCO_TOKEN's letters under the name 'env' whatever the service: a run under
 * a profile cannot tell whether they are this service's, so it does not count them, and says so
 * (a letter they hold must never be forgotten silently).
 */
export function warnUnreadEnvJournal(factory: Factory, here: { profile: string }, account: string): void {
  if (here.profile === 'env') return;
  const path = legacyDunningJournalPath(factory.dataDir, 'env', account);
  if (existsSync(path))
    factory.output.warn(
      t`an earlier fisco kept letters for ${account} under FISCO_TOKEN in ${path}, whatever its service: this run under profile ${here.profile} does not count them; if they are this service's, run \`fisco dunning send\` once with FISCO_TOKEN set for it: it adopts them`,
    );
}

/** The earlier journals of the company's letters kept under `profiles` (legacyNames), adopted into `journal` (each once, said on stderr). */
export async function adoptProfileJournal(factory: Factory, journal: Journal, profiles: readonly string[], account: string): Promise<void> {
  for (const profile of profiles) {
    const adopted = await adoptLegacy(journal, legacyDunningJournalPath(factory.dataDir, profile, account), legacyHeader(profile, account));
    if (adopted !== undefined)
      factory.output.info(
        t`the letters' journal of profile ${profile} for ${account} is now kept per service and company (${journal.path}); ${adopted} entries adopted`,
      );
  }
}

/** The entries of the journal at `path` written into `journal` (those it lacks), then that file removed. Undefined when there is none. */
export async function adoptLegacy(journal: Journal, path: string, legacy: JournalHeader): Promise<number | undefined> {
  if (path === journal.path) return undefined;
  const old = readJournal(path, legacy);
  if (!old) return undefined;
  if (old.damage) throw damaged(path, old.damage);
  let adopted = 0;
  for (const entry of old.entries()) {
    if (journal.get(entry.key)) continue;
    const { at, ...rest } = entry;
    // When it went out stays known (the cadence counts from it): the adopted line's own instant is now.
    const result = entry.state === 'done' ? { result: { ...entry.result, sent_at: sentAt(entry) } } : {};
    // An entry that said nothing says where it came from, as data (its words in the run's language: journal/words.ts).
    const origin = journaled(reason('adopted', { profile: legacy.profile, at }));
    await journal.write({
      ...rest,
      ...result,
      ...(entry.message === undefined && entry.reason === undefined ? origin : { message: entry.message ?? origin.message }),
    });
    adopted++;
  }
  for (const file of [sealPath(path), path])
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  return adopted;
}

/** When a 'done' letter went out: as an adopted entry recorded it, else when its sending began, else its line's instant. */
export function sentAt(entry: JournalEntry): string {
  const recorded = entry.result?.sent_at;
  return typeof recorded === 'string' ? recorded : (entry.sentAt ?? entry.at);
}

/** The journal's key of a letter of a plan. */
export const letterKey = (planId: string, letterId: string): string => `${planId}/${letterId}`;

/** Letters sent per invoice ref, from the 'done' entries. */
export function sentCounts(entries: readonly JournalEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    if (entry.state !== 'done') continue;
    const refs = entry.result?.invoices;
    if (!Array.isArray(refs)) continue;
    for (const ref of refs) if (typeof ref === 'string') counts.set(ref, (counts.get(ref) ?? 0) + 1);
  }
  return counts;
}

/**
 * What a plan needs of a company's journal, read only (no lock, nothing written, no journal created):
 * the 'done' entries and the letters in doubt, of the service's journal and of the earlier ones kept
 * under its profile names (legacyNames) not yet adopted. A damaged journal is exit 2: the levels it would give could be wrong.
 */
export function readDunningHistory(
  dataDir: string,
  where: { service: string; profiles: readonly string[] },
  account: string,
): { sent: Map<string, number>; done: JournalEntry[]; inDoubt: JournalEntry[] } {
  const entries = new Map<string, JournalEntry>();
  const sources: [string, JournalHeader][] = [
    ...where.profiles.map((profile): [string, JournalHeader] => [legacyDunningJournalPath(dataDir, profile, account), legacyHeader(profile, account)]),
    [dunningJournalPath(dataDir, where.service, account), header(where.service, account)],
  ];
  for (const [path, expected] of sources) {
    const journal = readJournal(path, expected);
    if (!journal) continue;
    if (journal.damage) throw damaged(path, journal.damage);
    for (const entry of journal.entries()) entries.set(entry.key, entry);
  }
  const all = [...entries.values()];
  return {
    sent: sentCounts(all),
    done: all.filter((e) => e.state === 'done'),
    inDoubt: all.filter((e) => e.state === 'sending' || e.state === 'unknown'),
  };
}

/** The letters a journal records sent, for the cadence: when each went out (the later of the date it bears and the day of its sending) and its level. */
export function sentLetters(done: readonly JournalEntry[]): SentLetter[] {
  return done.flatMap((entry) => {
    const r = entry.result ?? {};
    const refs = Array.isArray(r.invoices) ? r.invoices.filter((x): x is string => typeof x === 'string') : [];
    if (refs.length === 0) return [];
    const day = sentAt(entry).slice(0, 10);
    const bears = typeof r.letter_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r.letter_date) ? r.letter_date : day;
    const level = r.level === 2 || r.level === 3 ? r.level : 1;
    return [{ key: entry.key, refs, date: bears > day ? bears : day, level }];
  });
}

/** A damaged letters' journal: nothing can rebuild it from the service (an SMTP server cannot be asked what it sent). */
export function damaged(path: string, damage: JournalDamagedError['damage']): JournalDamagedError {
  const error = new JournalDamagedError(path, damage);
  error.hints.splice(
    0,
    error.hints.length,
    t`A letters' journal cannot be rebuilt from the service: an SMTP server cannot be asked what it sent.`,
    t`Restore it from a backup; or move it aside knowing that the letters it recorded would get level 1 again and could be sent again.`,
  );
  return error;
}

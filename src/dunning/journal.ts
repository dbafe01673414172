/**
 * The dunning journal: one per profile and company (`journals/dunning/<profile>/<account>.jsonl`),
 * the one journal mechanism of src/journal/ with its own kind. A step is one letter: its key is the
 * plan's id and the letter's id (the client and the level), so a letter is sent once per client,
 * level and plan. A 'done' entry's result names the invoices it was about: the levels of the next
 * plan are counted from them.
 */
import { Journal, JournalDamagedError, journalPath, readJournal, type JournalEntry } from '../journal/journal.js';
import { t } from '../i18n/message.js';

export function dunningJournalPath(dataDir: string, profile: string, account: string): string {
  return journalPath(dataDir, 'dunning', [profile, account]);
}

export async function openDunningJournal(dataDir: string, profile: string, account: string): Promise<Journal> {
  try {
    return await Journal.open(dunningJournalPath(dataDir, profile, account), { kind: 'dunning', id: account, profile, account });
  } catch (error) {
    if (error instanceof JournalDamagedError) throw damaged(error.path, error.damage);
    throw error;
  }
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
 * sent counts and letters in doubt. A damaged journal is exit 2: the levels it would give could be wrong.
 */
export function readDunningHistory(dataDir: string, profile: string, account: string): { sent: Map<string, number>; inDoubt: JournalEntry[] } {
  const path = dunningJournalPath(dataDir, profile, account);
  const journal = readJournal(path, { kind: 'dunning', id: account, profile, account });
  if (!journal) return { sent: new Map(), inDoubt: [] };
  if (journal.damage) throw damaged(path, journal.damage);
  return { sent: sentCounts(journal.entries()), inDoubt: journal.inFlight() };
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

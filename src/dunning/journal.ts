/**
 * The dunning journal: one per profile and company (`journals/dunning/<profile>/<account>.jsonl`),
 * the one journal mechanism of src/journal/ with its own kind. A step is one letter: its key is the
 * plan's id and the letter's id (the client and the level), so a letter is sent once per client,
 * level and plan. A 'done' entry's result names the invoices it was about: the levels of the next
 * plan are counted from them.
 */
import { existsSync } from 'node:fs';
import { Journal, journalPath, type JournalEntry } from '../journal/journal.js';

export function dunningJournalPath(dataDir: string, profile: string, account: string): string {
  return journalPath(dataDir, 'dunning', [profile, account]);
}

export function openDunningJournal(dataDir: string, profile: string, account: string): Promise<Journal> {
  return Journal.open(dunningJournalPath(dataDir, profile, account), { kind: 'dunning', id: account, profile, account });
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

/** What a plan needs of a company's journal, without creating one that does not exist: sent counts and letters in doubt. */
export async function readDunningHistory(dataDir: string, profile: string, account: string): Promise<{ sent: Map<string, number>; inDoubt: JournalEntry[] }> {
  if (!existsSync(dunningJournalPath(dataDir, profile, account))) return { sent: new Map(), inDoubt: [] };
  const journal = await openDunningJournal(dataDir, profile, account);
  try {
    return { sent: sentCounts(journal.entries()), inDoubt: journal.inFlight() };
  } finally {
    await journal.close();
  }
}

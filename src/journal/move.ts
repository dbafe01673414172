/**
 * A profile renamed by `auth login` (the same token and base URL) takes its journals along, as it
 * takes its mirror: every journal kept under the old name (`journals/<kind>/<old name>/…`: bank,
 * batch, create, pay, mcp, and a dunning journal an earlier fisco kept per profile name) moves to
 * the new name, its header rewritten (journal.ts moveJournal: checked whole, written, then the old
 * one removed; a crash between leaves both, never neither). Without this, what a journal is the only
 * record of (a bank statement's credits registered, a letter in doubt) would be forgotten under the
 * new name. A journal that cannot move (damaged, in use by a run under the old name, not the old
 * name's) stays where it is, and is said.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { JOURNAL_KINDS, type JournalHeader, type JournalKind } from './format.js';
import { profileJournalFolder } from './path.js';
import { t, type Text } from '../i18n/message.js';

/** The journal files under `folder` (their seals, locks, damaged copies and temporary files aside). */
function journalFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl') && !name.split(/[\\/]/).at(-1)!.startsWith('.'))
    .map((name) => join(folder, name));
}

/** The header a journal file names, when it is the journal of `profile`. */
function headerOf(path: string, profile: string): JournalHeader | undefined {
  try {
    const first = JSON.parse(readFileSync(path, 'utf8').split('\n', 1)[0]!) as Record<string, unknown>;
    if (first.journal !== 'fisco' || first.profile !== profile || typeof first.kind !== 'string' || typeof first.id !== 'string') return undefined;
    return { kind: first.kind as JournalKind, id: first.id, profile, ...(typeof first.account === 'string' ? { account: first.account } : {}) };
  } catch {
    return undefined;
  }
}

export interface MovedJournals {
  moved: { from: string; to: string }[];
  /** Journals left under the old name, and why. */
  left: { path: string; why: Text }[];
}

/** Moves the journals of profile `from` to profile `to` (see above). */
export async function moveProfileJournals(dataDir: string, from: string, to: string, options: { lockTimeoutMs?: number } = {}): Promise<MovedJournals> {
  const result: MovedJournals = { moved: [], left: [] };
  if (from === to) return result;
  const { moveJournal, JournalError } = await import('./journal.js');
  for (const kind of JOURNAL_KINDS) {
    const source = profileJournalFolder(dataDir, kind, from);
    const target = profileJournalFolder(dataDir, kind, to);
    for (const path of journalFiles(source)) {
      const header = headerOf(path, from);
      if (!header) {
        result.left.push({ path, why: t`its header does not name profile ${from}` });
        continue;
      }
      const destination = join(target, relative(source, path));
      try {
        await moveJournal(path, header, destination, { ...header, profile: to }, options);
        result.moved.push({ from: path, to: destination });
      } catch (error) {
        if (!(error instanceof JournalError)) throw error;
        result.left.push({ path, why: error.text });
      }
    }
  }
  return result;
}

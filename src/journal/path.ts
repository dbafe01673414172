/**
 * Where a journal lives: one function for every kind (batch, bank, create, dunning). Apart from
 * journal.ts so that the Factory can name a journal's file without loading the journal itself
 * (its lock, seal and durable writes), which a read never needs.
 */
import { join } from 'node:path';
import type { JournalKind } from './format.js';
import { sha256Hex } from '../domain/sha256.js';

/** One part of a journal's path made file-name safe (and unique: a changed name gets a hash). */
export function safePart(part: string): string {
  const cleaned = part.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  if (cleaned === part && cleaned !== '') return cleaned;
  const digest = sha256Hex(part).slice(0, 10);
  return `${cleaned.slice(0, 60) || '_'}-${digest}`;
}

/** `<dataDir>/journals/<kind>/<part>/…/<last part>.jsonl`, each part made file-name safe (safePart). */
export function journalPath(dataDir: string, kind: JournalKind, parts: string[]): string {
  const safe = parts.map(safePart);
  const last = safe.pop() ?? 'journal';
  return join(dataDir, 'journals', kind, ...safe, `${last}.jsonl`);
}

/** The folder of the journals a profile name owns of one kind: `<dataDir>/journals/<kind>/<profile>` (the first part of their paths). */
export function profileJournalFolder(dataDir: string, kind: JournalKind, profile: string): string {
  return join(dataDir, 'journals', kind, safePart(profile));
}

/**
 * The lock of one piece of work on one service, whoever does it: `<dataDir>/locks/<kind>-<digest>.lock`,
 * the digest of the service (its base URL; `demo` for the demo), the kind and the journal's id (a
 * company for bank and dunning, the batch's or invoice's identity). Journals are kept per profile,
 * so two names for one token (two profiles, a profile and FISCO_TOKEN) have two journals: this
 * lock makes their runs of the same work take turns, and the second looks the first's writes up
 * on the service before sending anything.
 */
export function sharedLockPath(dataDir: string, service: string, kind: JournalKind, id: string): string {
  return join(dataDir, 'locks', `${kind}-${sha256Hex(`${service}\0${kind}\0${id}`).slice(0, 24)}.lock`);
}

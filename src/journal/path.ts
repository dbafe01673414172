/**
 * Where a journal lives: one function for every kind (batch, bank, create, dunning). Apart from
 * journal.ts so that the Factory can name a journal's file without loading the journal itself
 * (its lock, seal and durable writes), which a read never needs.
 */
import { join } from 'node:path';
import type { JournalKind } from './format.js';
import { sha256Hex } from '../domain/sha256.js';

/** `<dataDir>/journals/<kind>/<part>/…/<last part>.jsonl`, each part made file-name safe (and unique: a changed name gets a hash). */
export function journalPath(dataDir: string, kind: JournalKind, parts: string[]): string {
  const safe = parts.map((part) => {
    const cleaned = part.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
    if (cleaned === part && cleaned !== '') return cleaned;
    const digest = sha256Hex(part).slice(0, 10);
    return `${cleaned.slice(0, 60) || '_'}-${digest}`;
  });
  const last = safe.pop() ?? 'journal';
  return join(dataDir, 'journals', kind, ...safe, `${last}.jsonl`);
}

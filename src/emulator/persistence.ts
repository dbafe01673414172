/**
 * The state file: loaded at start when present, rewritten atomically (temporary file in the
 * same folder, then rename) after every mutating request, so a crash never leaves half a file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { deserialiseStore, serialiseStore, type Store } from './store.js';

let tmpCounter = 0;

export function writeStateFile(path: string, store: Store): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${++tmpCounter}.tmp`;
  try {
    writeFileSync(tmp, serialiseStore(store), { mode: 0o600 });
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** The stored state, or null when the file does not exist. Throws naming the file when it is unusable. */
export function readStateFile(path: string, seed: number, today: string): Store | null {
  if (!existsSync(path)) return null;
  try {
    return deserialiseStore(readFileSync(path, 'utf8'), seed, today);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`The emulator state file ${path} is unusable (${reason}); delete it to start from the demo data.`);
  }
}

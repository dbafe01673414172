import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../io/env.js';
import { configDir } from '../profiles/paths.js';

/**
 * The stored profile names, read as plain JSON from the profile file at completion time (no conf,
 * no network), so completion always offers the current ones. Anything unreadable offers none.
 */
export function storedProfileNames(env: Env): string[] {
  try {
    const store = JSON.parse(readFileSync(join(configDir(env), 'config.json'), 'utf8')) as { profiles?: Record<string, unknown> };
    return Object.keys(store.profiles ?? {}).sort();
  } catch {
    return [];
  }
}

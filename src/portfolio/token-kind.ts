/**
 * Is the token a firm's (several companies)? A read with such a token and no company named would
 * otherwise merge the companies' records into one answer that looks like one company's
 * (README "Firm tokens"): the runner then reads every company by name, or refuses.
 *
 * Asked once with GET /v1/me (no ability needed) and remembered per token in the data folder
 * (`token-kinds.json`, 0600, keyed by a SHA-256 of the token: never the token itself; a token is
 * bound to one environment, so its kind is the same wherever it is sent).
 * A company token's answer never changes, so it is kept; a firm token with one company is asked
 * again each time (it may gain a second).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getMe } from '../api/me.js';
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { writeFileAtomic } from '../io/atomic.js';
import { dataDir } from '../profiles/paths.js';

interface Kind {
  /** token_type as GET /v1/me gave it. */
  type: string;
  companies: number;
}

type Cache = Record<string, Kind>;

function cachePath(context: Context): string {
  return join(dataDir(context.env), 'token-kinds.json');
}

// node:fs (loaded already), not node:fs/promises: this runs before every list a token makes.
function readCache(path: string): Cache {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Cache) : {};
  } catch {
    return {};
  }
}

/** True when the context's token manages more than one company. */
export async function isFirmToken(context: Context, client: () => Promise<ApiClient> = () => context.client()): Promise<boolean> {
  // Offline, the mirror's GET /v1/me (as the last sync read it) says, and nothing is remembered.
  if (context.offline) return (await getMe((await client()).forAccount(''))).accounts_count > 1;
  const credentials = await context.credentials();
  const key = createHash('sha256').update(`fisco token kind\0${credentials.token}`).digest('hex').slice(0, 32);
  const path = cachePath(context);
  const cache = readCache(path);
  const known = cache[key];
  if (known && typeof known.companies === 'number') return known.companies > 1;
  const me = await getMe((await client()).forAccount(''));
  const kind: Kind = { type: me.token_type, companies: me.accounts_count };
  if (me.token_type !== 'firm' || me.accounts_count > 1) {
    // Remembering is an optimisation: a folder that cannot be written only costs a request next time.
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      await writeFileAtomic(path, `${JSON.stringify({ ...readCache(path), [key]: kind })}\n`, { mode: 0o600 });
    } catch {
      /* not remembered */
    }
  }
  return kind.companies > 1;
}

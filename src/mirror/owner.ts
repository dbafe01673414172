/**
 * Whose mirror it is: the credential that filled it. A sync records, in the meta row `owner`, the
 * base URL it read and a fingerprint of the token (an HMAC-SHA-256 under a random key kept beside
 * it, truncated: never the token, and nothing another file's fingerprint can be compared with),
 * and the companies the token managed as its GET /v1/accounts listed them. An offline read by
 * another token or another base URL is refused; a sync by another token starts the mirror over
 * (src/commands/sync/sync.ts). The fast path (src/fast-offline.ts) reads this one row too.
 */
import { hmacSha256Hex } from '../domain/sha256.js';

export interface Owner {
  base_url: string;
  /** The HMAC key (hex), random per mirror. */
  key: string;
  /** The token's fingerprint under `key`. */
  token: string;
  /** The ids of the companies the token managed, as the last sync's GET /v1/accounts listed them. */
  accounts: string[];
}

/** The credential a run reads or fills the mirror with (the demo's is one, whatever its emulator's port and token). */
export interface Identity {
  baseUrl: string;
  token: string;
}

export const DEMO_IDENTITY: Identity = { baseUrl: 'demo', token: 'demo' };

/** How a mirror's owner compares with a run's credential. */
export type OwnerMatch = 'same' | 'unknown' | 'base-url' | 'token';

export function fingerprint(key: string, token: string): string {
  return hmacSha256Hex(key, `fisco mirror token\0${token}`).slice(0, 32);
}

/** The owner row as stored, or undefined (a mirror made before fisco recorded it, or one being started over). */
export function parseOwner(text: string | undefined): Owner | undefined {
  if (text === undefined) return undefined;
  try {
    const owner = JSON.parse(text) as Partial<Owner>;
    const strings = [owner.base_url, owner.key, owner.token].every((v) => typeof v === 'string' && v !== '');
    return strings && Array.isArray(owner.accounts) && owner.accounts.every((a) => typeof a === 'string') ? (owner as Owner) : undefined;
  } catch {
    return undefined;
  }
}

export function matchOwner(owner: Owner | undefined, identity: Identity): OwnerMatch {
  if (!owner) return 'unknown';
  if (owner.base_url !== identity.baseUrl) return 'base-url';
  return owner.token === fingerprint(owner.key, identity.token) ? 'same' : 'token';
}

/** The owner row a sync writes: the key kept when the token is the same one. */
export function ownerRow(identity: Identity, accounts: readonly string[], key: string): string {
  const owner: Owner = { base_url: identity.baseUrl, key, token: fingerprint(key, identity.token), accounts: [...accounts] };
  return JSON.stringify(owner);
}

/**
 * SHA-256 of UTF-8 text as hex, in JavaScript (@noble/hashes): the very digest node:crypto's
 * `createHash('sha256').update(text).digest('hex')` gives (test/unit/domain/sha256.test.ts), for the
 * few digests a start-up needs (the mirror's file name, the token-kind key, a journal's path), so
 * that a read does not load node:crypto and initialise OpenSSL for one short hash (about 3 ms).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** HMAC-SHA-256 of UTF-8 text under a key, as hex (node:crypto's `createHmac('sha256', key)` gives the same). */
export function hmacSha256Hex(key: string, text: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(text)));
}

/**
 * Webhook delivery signatures, defined once for the service emulator, `fisco hooks verify`,
 * `fisco hooks listen`, `fisco hooks trigger` and receivers written in Node
 * (`import { verifyDelivery } from 'fisco/webhooks'`).
 *
 * Scheme (the service's API document "Events", delivery rule 2; docs/emulator.md "Where the API document is silent"):
 *   X-Service-Timestamp: <timestamp>                      (the emulator sends Unix seconds)
 *   X-Service-Signature: sha256=<HMAC-SHA256(secret, timestamp + "." + raw body)>   (hex)
 * Verification accepts the digest in hex or base64, several signatures in one header (comma or
 * space separated) and several secrets (rotation), a timestamp in Unix seconds or ISO-8601, and
 * rejects timestamps outside a tolerance (default 300 s) in either direction. Comparisons are
 * constant-time over the raw digest bytes.
 *
 * This module is pure: it imports node:crypto and nothing of the CLI or the emulator.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const TIMESTAMP_HEADER = 'X-Service-Timestamp';
export const SIGNATURE_PREFIX = 'sha256=';
export const DEFAULT_TOLERANCE_SECONDS = 300;

const DIGEST_BYTES = 32;
const HEX_RE = /^[0-9a-fA-F]{64}$/;
const BASE64_RE = /^[A-Za-z0-9+/_-]{42,43}={0,2}$/;
const SECONDS_RE = /^\d{1,12}$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export type RawBody = Buffer | Uint8Array | string;

export interface SignatureHeaders {
  'X-Service-Signature': string;
  'X-Service-Timestamp': string;
}

export type VerifyFailureReason = 'malformed_signature' | 'bad_signature' | 'stale_timestamp' | 'future_timestamp' | 'malformed_timestamp';

/**
 * A failure says why in `message` (English) and, for the timestamp, what was measured (`timestamp`
 * as received, `skewSeconds` from now, the `toleranceSeconds` applied), so a caller can say it its own way.
 */
export type VerifyResult =
  | { ok: true; secretIndex: number }
  | { ok: false; reason: VerifyFailureReason; message: string; timestamp?: string; skewSeconds?: number; toleranceSeconds?: number };

export interface VerifyOptions {
  /** The subscription secret, or several during a rotation (old and new). */
  secrets: string | readonly string[];
  /** The X-Service-Signature header: one or more `sha256=<hex|base64>`, comma or space separated. */
  signature: string;
  /** The X-Service-Timestamp header, exactly as received: Unix seconds or ISO-8601 with offset. */
  timestamp: string;
  /** The request body exactly as received (never re-serialised JSON). */
  rawBody: RawBody;
  /** How far the timestamp may be from now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** The current time (a Date or epoch milliseconds); default the system clock. */
  now?: Date | number;
}

function toBuffer(body: RawBody): Buffer {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** The raw HMAC-SHA256 digest of `timestamp + "." + rawBody` under `secret`. */
export function computeDigest(secret: string, timestamp: string, rawBody: RawBody): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(toBuffer(rawBody)).digest();
}

/**
 * The headers the service sends with a delivery. `timestamp` is Unix seconds (a number, or a
 * Date that is truncated to whole seconds); the body must be sent byte for byte as signed.
 */
export function signDelivery(secret: string, timestamp: number | Date, rawBody: RawBody): SignatureHeaders {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('signDelivery: the secret must be a non-empty string');
  const seconds = typeof timestamp === 'number' ? Math.floor(timestamp) : Math.floor(timestamp.getTime() / 1000);
  if (!Number.isFinite(seconds) || seconds < 0) throw new TypeError('signDelivery: the timestamp must be Unix seconds');
  const stamp = String(seconds);
  return {
    [SIGNATURE_HEADER]: `${SIGNATURE_PREFIX}${computeDigest(secret, stamp, rawBody).toString('hex')}`,
    [TIMESTAMP_HEADER]: stamp,
  } as SignatureHeaders;
}

/** Unix seconds or ISO-8601 with an offset → epoch milliseconds; null when neither. */
export function parseTimestamp(value: string): number | null {
  const text = value.trim();
  if (SECONDS_RE.test(text)) return Number(text) * 1000;
  if (!ISO_RE.test(text)) return null;
  const ms = Date.parse(text.replace(' ', 'T'));
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The candidate digests of a signature header: each item `sha256=<digest>` (or a bare digest),
 * hex or base64. Items of another scheme (`v1=...`) are skipped. Null when no item is usable.
 */
export function parseSignatures(header: string): Buffer[] | null {
  const digests: Buffer[] = [];
  for (const item of header.split(/[\s,]+/).filter(Boolean)) {
    let value = item;
    const scheme = /^([A-Za-z0-9_-]+)=(.+)$/.exec(item);
    if (scheme && !BASE64_RE.test(item)) {
      if (scheme[1]!.toLowerCase() !== 'sha256') continue;
      value = scheme[2]!;
    }
    const digest = decodeDigest(value);
    if (digest) digests.push(digest);
  }
  return digests.length > 0 ? digests : null;
}

function decodeDigest(value: string): Buffer | null {
  if (HEX_RE.test(value)) return Buffer.from(value, 'hex');
  if (BASE64_RE.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === DIGEST_BYTES ? bytes : null;
  }
  return null;
}

/**
 * Checks a delivery. Order: timestamp syntax, signature syntax, the HMAC against every secret
 * (constant-time), then the timestamp's distance from now. Never throws on untrusted input;
 * throws TypeError only for a programming error (no secret, negative tolerance).
 */
export function verifyDelivery(options: VerifyOptions): VerifyResult {
  const secrets = (typeof options.secrets === 'string' ? [options.secrets] : [...options.secrets]).filter((s) => typeof s === 'string' && s !== '');
  if (secrets.length === 0) throw new TypeError('verifyDelivery: give at least one non-empty secret');
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new TypeError('verifyDelivery: toleranceSeconds must be 0 or more');

  const timestamp = typeof options.timestamp === 'string' ? options.timestamp.trim() : '';
  const at = parseTimestamp(timestamp);
  if (at === null) {
    return {
      ok: false,
      reason: 'malformed_timestamp',
      message: `the timestamp '${timestamp.slice(0, 40)}' is neither Unix seconds nor ISO-8601 with an offset`,
      timestamp: timestamp.slice(0, 40),
    };
  }
  const candidates = typeof options.signature === 'string' ? parseSignatures(options.signature) : null;
  if (!candidates) {
    return { ok: false, reason: 'malformed_signature', message: 'no sha256=<hex or base64 digest of 32 bytes> found in the signature' };
  }

  let secretIndex = -1;
  secrets.forEach((secret, index) => {
    const expected = computeDigest(secret, timestamp, options.rawBody);
    for (const candidate of candidates) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected) && secretIndex === -1) secretIndex = index;
    }
  });
  if (secretIndex === -1) {
    return { ok: false, reason: 'bad_signature', message: 'the signature does not match the body and timestamp under any of the secrets' };
  }

  const now = options.now === undefined ? Date.now() : typeof options.now === 'number' ? options.now : options.now.getTime();
  const skew = Math.round((now - at) / 1000);
  if (skew > tolerance)
    return {
      ok: false,
      reason: 'stale_timestamp',
      message: `the timestamp is ${skew} s old, more than the tolerance of ${tolerance} s (a replay?)`,
      skewSeconds: skew,
      toleranceSeconds: tolerance,
    };
  if (-skew > tolerance)
    return {
      ok: false,
      reason: 'future_timestamp',
      message: `the timestamp is ${-skew} s in the future, more than the tolerance of ${tolerance} s (check the clocks)`,
      skewSeconds: skew,
      toleranceSeconds: tolerance,
    };
  return { ok: true, secretIndex };
}

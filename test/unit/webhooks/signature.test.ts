import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseTimestamp, signDelivery, verifyDelivery } from '../../../src/webhooks/signature.js';

const SECRET = 'whsec_test_1';
const OTHER = 'whsec_test_2';
const BODY = '{"event":"invoice.created","delivery_id":"3b1c…","occurred_at":"2026-11-20T10:00:00+01:00","data":{"invoice_id":7}}';
const T = 1_795_000_000; // Unix seconds
const NOW = T * 1000 + 5_000;

const hmac = (secret: string, ts: string, body: string | Buffer) => createHmac('sha256', secret).update(`${ts}.`).update(body).digest();

describe('signDelivery', () => {
  it('signs timestamp + "." + raw body with HMAC-SHA256, hex, sha256= prefix, Unix seconds', () => {
    const headers = signDelivery(SECRET, T, BODY);
    expect(headers['X-Service-Timestamp']).toBe(String(T));
    expect(headers['X-Service-Signature']).toBe(`sha256=${hmac(SECRET, String(T), BODY).toString('hex')}`);
    expect(signDelivery(SECRET, new Date(T * 1000 + 999), BODY)).toEqual(headers);
  });

  it('refuses an empty secret', () => {
    expect(() => signDelivery('', T, BODY)).toThrow(TypeError);
  });
});

describe('verifyDelivery', () => {
  const signed = signDelivery(SECRET, T, BODY);
  const base = { secrets: SECRET, signature: signed['X-Service-Signature'], timestamp: signed['X-Service-Timestamp'], rawBody: BODY, now: NOW };

  it('accepts the hex signature it made, from a string or the raw bytes', () => {
    expect(verifyDelivery(base)).toEqual({ ok: true, secretIndex: 0 });
    expect(verifyDelivery({ ...base, rawBody: Buffer.from(BODY) })).toEqual({ ok: true, secretIndex: 0 });
    expect(verifyDelivery({ ...base, signature: base.signature.toUpperCase().replace('SHA256=', 'sha256=') }).ok).toBe(true);
  });

  it('accepts base64 (standard and url-safe, with or without padding) and a bare digest', () => {
    const digest = hmac(SECRET, String(T), BODY);
    for (const sig of [`sha256=${digest.toString('base64')}`, `sha256=${digest.toString('base64url')}`, digest.toString('base64'), digest.toString('hex')]) {
      expect(verifyDelivery({ ...base, signature: sig }), sig).toEqual({ ok: true, secretIndex: 0 });
    }
  });

  it('accepts one good signature among several, comma or space separated, skipping other schemes', () => {
    const wrong = `sha256=${'0'.repeat(64)}`;
    expect(verifyDelivery({ ...base, signature: `${wrong}, ${base.signature}` }).ok).toBe(true);
    expect(verifyDelivery({ ...base, signature: `v1=abc ${base.signature}` }).ok).toBe(true);
  });

  it('rotation: several secrets, tells which one matched', () => {
    expect(verifyDelivery({ ...base, secrets: [OTHER, SECRET] })).toEqual({ ok: true, secretIndex: 1 });
    const byOther = signDelivery(OTHER, T, BODY);
    expect(verifyDelivery({ ...base, secrets: [SECRET, OTHER], signature: `${base.signature},${byOther['X-Service-Signature']}` })).toEqual({
      ok: true,
      secretIndex: 0,
    });
    expect(verifyDelivery({ ...base, secrets: [OTHER] })).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('rejects a tampered body, a tampered timestamp and a wrong secret', () => {
    expect(verifyDelivery({ ...base, rawBody: BODY.replace('"invoice_id":7', '"invoice_id":8') })).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(verifyDelivery({ ...base, rawBody: `${BODY} ` })).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(verifyDelivery({ ...base, timestamp: String(T + 1) })).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(verifyDelivery({ ...base, secrets: 'nope' })).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('rejects a re-serialised body (the signature covers the raw bytes)', () => {
    const pretty = JSON.stringify(JSON.parse(BODY), null, 2);
    expect(verifyDelivery({ ...base, rawBody: pretty })).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('rejects stale and future timestamps outside the tolerance, accepts the edges', () => {
    expect(verifyDelivery({ ...base, now: T * 1000 + 301_000 })).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    expect(verifyDelivery({ ...base, now: T * 1000 + 300_000 }).ok).toBe(true);
    expect(verifyDelivery({ ...base, now: T * 1000 - 301_000 })).toMatchObject({ ok: false, reason: 'future_timestamp' });
    expect(verifyDelivery({ ...base, now: T * 1000 - 300_000 }).ok).toBe(true);
    expect(verifyDelivery({ ...base, now: T * 1000 + 3_600_000, toleranceSeconds: 7200 }).ok).toBe(true);
    expect(verifyDelivery({ ...base, now: new Date(T * 1000 + 301_000) })).toMatchObject({ reason: 'stale_timestamp' });
  });

  it('accepts an ISO-8601 timestamp, signed over the header text as received', () => {
    const iso = '2026-11-20T10:00:00+01:00';
    const sig = `sha256=${hmac(SECRET, iso, BODY).toString('hex')}`;
    const at = Date.parse(iso);
    expect(verifyDelivery({ ...base, signature: sig, timestamp: iso, now: at + 10_000 })).toEqual({ ok: true, secretIndex: 0 });
    expect(verifyDelivery({ ...base, signature: sig, timestamp: iso, now: at + 400_000 })).toMatchObject({ reason: 'stale_timestamp' });
    expect(parseTimestamp('2026-11-20T09:00:00Z')).toBe(at);
    expect(parseTimestamp('2026-11-20T10:00:00.250+0100')).toBe(at + 250);
  });

  it('reports malformed timestamps and signatures without throwing', () => {
    for (const timestamp of ['', 'yesterday', '2026-11-20', '2026-11-20T10:00:00', '-5', '1.5'])
      expect(verifyDelivery({ ...base, timestamp }), timestamp).toMatchObject({ ok: false, reason: 'malformed_timestamp' });
    for (const signature of ['', 'sha256=', 'sha256=xyz', `sha256=${'a'.repeat(63)}`, `md5=${'a'.repeat(64)}`, 'sha256=' + Buffer.alloc(16).toString('base64')])
      expect(verifyDelivery({ ...base, signature }), signature).toMatchObject({ ok: false, reason: 'malformed_signature' });
    expect(verifyDelivery({ ...base, signature: undefined as unknown as string })).toMatchObject({ reason: 'malformed_signature' });
  });

  it('throws only for programming errors: no secret, negative tolerance', () => {
    expect(() => verifyDelivery({ ...base, secrets: [] })).toThrow(TypeError);
    expect(() => verifyDelivery({ ...base, secrets: [''] })).toThrow(TypeError);
    expect(() => verifyDelivery({ ...base, toleranceSeconds: -1 })).toThrow(TypeError);
  });

  it('imports nothing but node:crypto (receivers can use it without the CLI)', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('../../../src/webhooks/signature.ts', import.meta.url), 'utf8');
    expect([...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['node:crypto']);
  });

  it('is what the package exports as fisco/webhooks', async () => {
    const pkg = (await import('../../../package.json', { with: { type: 'json' } })).default as unknown as {
      exports: Record<string, { types: string; default: string }>;
    };
    expect(pkg.exports['./webhooks']).toEqual({ types: './dist/webhooks/signature.d.ts', default: './dist/webhooks/signature.js' });
  });
});

import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, sha256Hex } from '../../../src/domain/sha256.js';

describe('sha256Hex', () => {
  it("is node:crypto's SHA-256 of the UTF-8 text, so every file name and key made before stays the same", () => {
    const texts = [
      '',
      'abc',
      'fisco mirror\0https://api.example.it\0tok_live_0123456789',
      'fisco token kind\0demo-firm-bianchi',
      'Città — Società Cooperativa «Zeta» 😀',
      'x'.repeat(1000),
      '\u0000\uffff\ud83d\ude00',
    ];
    for (const text of texts) expect(sha256Hex(text), JSON.stringify(text.slice(0, 20))).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('matches the published test vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('hmacSha256Hex', () => {
  it("is node:crypto's HMAC-SHA-256 of the UTF-8 text under the key", () => {
    for (const [key, text] of [
      ['', ''],
      ['0123456789abcdef', 'fisco mirror token\0demo-firm-bianchi'],
      ['k'.repeat(100), 'Città 😀'],
    ] as const)
      expect(hmacSha256Hex(key, text)).toBe(createHmac('sha256', key).update(text).digest('hex'));
  });
});

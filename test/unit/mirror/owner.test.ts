import { describe, expect, it } from 'vitest';
import { DEMO_IDENTITY, fingerprint, matchOwner, ownerRow, parseOwner } from '../../../src/mirror/owner.js';

const identity = { baseUrl: 'https://api.example.it', token: 'tok_live_0123456789' };

describe('the owner of a mirror', () => {
  it('records the base URL, the companies and a keyed fingerprint of the token, never the token', () => {
    const row = ownerRow(identity, ['acc_rossi', 'acc_verdi'], 'ab'.repeat(16));
    expect(row).not.toContain(identity.token);
    const owner = parseOwner(row)!;
    expect(owner).toEqual({
      base_url: identity.baseUrl,
      key: 'ab'.repeat(16),
      token: fingerprint('ab'.repeat(16), identity.token),
      accounts: ['acc_rossi', 'acc_verdi'],
    });
    expect(owner.token).toMatch(/^[0-9a-f]{32}$/);
    // Another key, another fingerprint: two mirrors' rows cannot be compared.
    expect(fingerprint('cd'.repeat(16), identity.token)).not.toBe(owner.token);
  });

  it('matches only the same token and base URL; a mirror without an owner is unknown', () => {
    const owner = parseOwner(ownerRow(identity, [], '01'.repeat(16)));
    expect(matchOwner(owner, identity)).toBe('same');
    expect(matchOwner(owner, { ...identity, token: 'tok_live_other' })).toBe('token');
    expect(matchOwner(owner, { ...identity, baseUrl: 'https://sandbox.example.it' })).toBe('base-url');
    expect(matchOwner(undefined, identity)).toBe('unknown');
    expect(matchOwner(parseOwner(ownerRow(DEMO_IDENTITY, [], '02'.repeat(16))), DEMO_IDENTITY)).toBe('same');
  });

  it('reads nothing from a row that is not an owner', () => {
    for (const text of [undefined, '', 'null', '{}', '[]', 'not json', '{"base_url":"x","key":"k","token":"t","accounts":[1]}'])
      expect(parseOwner(text)).toBeUndefined();
  });
});

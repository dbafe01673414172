import { describe, expect, it } from 'vitest';
import { sharedMirror } from '../../../src/mirror/choose.js';
import { Redactor } from '../../../src/output/redact.js';

describe('which store holds the mirror (choose.ts)', () => {
  it('--mirror, else FISCO_MIRROR_URL, else the profile; empty is the local file', () => {
    const r = new Redactor();
    expect(sharedMirror({ flag: 'postgres://a@h1/db', env: { FISCO_MIRROR_URL: 'postgres://b@h2/db' }, profile: 'postgres://c@h3/db' }, r)?.url).toBe(
      'postgres://a@h1/db',
    );
    expect(sharedMirror({ env: { FISCO_MIRROR_URL: 'postgresql://b@h2/db' }, profile: 'postgres://c@h3/db' }, r)?.url).toBe('postgresql://b@h2/db');
    expect(sharedMirror({ env: {}, profile: 'postgres://c@h3/db' }, r)?.url).toBe('postgres://c@h3/db');
    expect(sharedMirror({ flag: '', env: { FISCO_MIRROR_URL: 'postgres://b@h2/db' } }, r)).toBeUndefined();
    expect(sharedMirror({ env: {} }, r)).toBeUndefined();
  });

  it('every password it meets is registered with the redactor; the string shown has none', () => {
    const r = new Redactor();
    const shared = sharedMirror(
      { env: { FISCO_MIRROR_URL: 'postgres://fisco:s%2Fecret-1@db:5433/m?sslmode=verify-full&password=other-pass', PGPASSWORD: 'env-password' } },
      r,
    )!;
    expect(shared.shown).toBe('postgres://fisco@db:5433/m?sslmode=verify-full');
    for (const secret of ['s/ecret-1', 's%2Fecret-1', 'other-pass', 'env-password']) expect(r.redact(`x ${secret} y`)).toBe('x *** y');
  });

  it('a string that is not a PostgreSQL connection string is refused without being echoed', () => {
    const r = new Redactor();
    for (const text of ['mysql://u:hunter22@db/x', 'not a url hunter22'])
      expect(() => sharedMirror({ flag: text, env: {} }, r)).toThrow(/^--mirror: not a PostgreSQL connection string \(a postgres:\/\/ or postgresql:\/\/ URL/);
    try {
      sharedMirror({ flag: 'mysql://u:hunter22@db/x', env: {} }, r);
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('hunter22');
    }
  });
});

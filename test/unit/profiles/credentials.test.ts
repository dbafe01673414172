import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveCredentials } from '../../../src/profiles/credentials.js';
import { profileName } from '../../../src/profiles/profile.js';
import { Redactor } from '../../../src/output/redact.js';
import { ProfileStore } from '../../../src/profiles/store.js';

async function storeWith(...profiles: { name: string; token: string; environment: 'production' | 'sandbox'; account?: string }[]) {
  const store = new ProfileStore(mkdtempSync(join(tmpdir(), 'fisco-cred-')), new Redactor());
  for (const p of profiles) {
    await store.save({ ...p, baseUrl: `https://${p.environment}.test`, company: { id: p.name, name: p.name }, createdAt: '2026-11-20T00:00:00Z' });
    await store.setActive(p.name);
  }
  return store;
}

describe('resolveCredentials', () => {
  const prod = { name: 'rossi-production', token: 'tok-prod', environment: 'production' as const };
  const sandbox = { name: 'rossi-sandbox', token: 'tok-sand', environment: 'sandbox' as const, account: 'acc_profile' };

  it('uses the active profile when nothing else is said', async () => {
    const store = await storeWith(prod, sandbox);
    const c = await resolveCredentials({}, {}, async () => store);
    expect(c).toMatchObject({
      token: 'tok-sand',
      baseUrl: 'https://sandbox.test',
      environment: 'sandbox',
      profile: 'rossi-sandbox',
      accountId: 'acc_profile',
      sources: { token: 'profile', baseUrl: 'profile', account: 'profile' },
    });
  });

  it('FISCO_PROFILE selects another profile; --profile wins over it and over FISCO_TOKEN', async () => {
    const store = await storeWith(prod, sandbox);
    expect((await resolveCredentials({}, { FISCO_PROFILE: 'rossi-production' }, async () => store)).token).toBe('tok-prod');
    const flagged = await resolveCredentials({ profile: 'rossi-production' }, { FISCO_TOKEN: 'env-token', FISCO_PROFILE: 'rossi-sandbox' }, async () => store);
    expect(flagged).toMatchObject({ token: 'tok-prod', profile: 'rossi-production', sources: { token: 'profile' } });
  });

  it('FISCO_TOKEN with FISCO_BASE_URL needs no profile store at all', async () => {
    const c = await resolveCredentials(
      {},
      { FISCO_TOKEN: 'env-token', FISCO_BASE_URL: 'https://api.test/', FISCO_ENV: 'sandbox', FISCO_ACCOUNT: 'acc_env' },
      async () => {
        throw new Error('store must not be opened');
      },
    );
    expect(c).toMatchObject({
      token: 'env-token',
      baseUrl: 'https://api.test',
      environment: 'sandbox',
      accountId: 'acc_env',
      sources: { token: 'env', baseUrl: 'env', account: 'env' },
    });
  });

  it('FISCO_TOKEN shadows the active profile and takes the remembered base URL of its environment', async () => {
    const store = await storeWith(prod);
    const c = await resolveCredentials({}, { FISCO_TOKEN: 'env-token' }, async () => store);
    expect(c).toMatchObject({
      token: 'env-token',
      baseUrl: 'https://production.test',
      shadowedProfile: 'rossi-production',
      sources: { token: 'env', baseUrl: 'profile' },
    });
  });

  it('--account beats FISCO_ACCOUNT and the profile', async () => {
    const store = await storeWith(sandbox);
    expect((await resolveCredentials({ account: 'acc_flag' }, { FISCO_ACCOUNT: 'acc_env' }, async () => store)).accountId).toBe('acc_flag');
    expect((await resolveCredentials({}, { FISCO_ACCOUNT: 'acc_env' }, async () => store)).accountId).toBe('acc_env');
  });

  it('explains what to do when there is no token, no base URL, or an unknown profile', async () => {
    const empty = await storeWith();
    await expect(resolveCredentials({}, {}, async () => empty)).rejects.toThrow('not logged in');
    await expect(resolveCredentials({}, { FISCO_TOKEN: 't' }, async () => empty)).rejects.toThrow('no base URL is configured for the production environment');
    await expect(resolveCredentials({ profile: 'nope' }, {}, async () => empty)).rejects.toThrow("--profile: no profile named 'nope'");
    await expect(resolveCredentials({}, { FISCO_TOKEN: 't', FISCO_BASE_URL: 'https://x', FISCO_ENV: 'staging' }, async () => empty)).rejects.toThrow(
      'FISCO_ENV: unknown environment',
    );
  });
});

describe('profileName', () => {
  it('slugs the company and appends the environment once', () => {
    expect(profileName('Rossi Consulting S.r.l.', 'production')).toBe('rossi-consulting-srl-production');
    expect(profileName('Rossi Consulting S.r.l. (sandbox)', 'sandbox')).toBe('rossi-consulting-srl-sandbox');
    expect(profileName('Caffè Ñandú', 'production')).toBe('caffe-nandu-production');
  });
});

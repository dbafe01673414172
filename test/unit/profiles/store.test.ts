import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.js';
import type { Profile } from '../../../src/profiles/profile.js';
import { Redactor } from '../../../src/output/redact.js';
import { ProfileStore, STORE_FORMAT } from '../../../src/profiles/store.js';

const profile = (name: string, over: Partial<Profile> = {}): Profile => ({
  name,
  token: `tok-${name}`,
  environment: 'production',
  baseUrl: 'https://api.test',
  company: { id: `acc-${name}`, name: `Company ${name}` },
  createdAt: '2026-11-20T00:00:00Z',
  ...over,
});
const dir = () => mkdtempSync(join(tmpdir(), 'fisco-store-'));

describe('ProfileStore', () => {
  it('writes format version 1, 0600', async () => {
    const store = new ProfileStore(dir(), new Redactor());
    await store.save(profile('a'), { activate: true });
    const file = JSON.parse(readFileSync(store.path, 'utf8'));
    expect(file).toMatchObject({ version: STORE_FORMAT, active: 'a', baseUrls: { production: 'https://api.test' } });
    expect(Object.keys(file.profiles)).toEqual(['a']);
  });

  it('applies a change to the file as it is now: a store opened earlier keeps what another process saved', async () => {
    const path = dir();
    const first = new ProfileStore(path, new Redactor());
    const second = new ProfileStore(path, new Redactor());
    await first.save(profile('a'));
    await second.save(profile('b'));
    expect(new ProfileStore(path, new Redactor()).list().map((p) => p.name)).toEqual(['a', 'b']);
  });

  it('never replaces a profile holding another token unless the caller named it', async () => {
    const path = dir();
    const store = new ProfileStore(path, new Redactor());
    await store.save(profile('a'), { replace: [] });
    const other = new ProfileStore(path, new Redactor());
    await expect(other.save(profile('a', { token: 'another' }), { replace: [] })).rejects.toThrow(ConfigError);
    expect(new ProfileStore(path, new Redactor()).get('a')?.token).toBe('tok-a');
    expect(await other.save(profile('a2', { token: 'another', company: { id: 'acc-a', name: 'Company a' } }), { replace: ['a'] })).toMatchObject({
      replaced: ['a'],
    });
    expect(new ProfileStore(path, new Redactor()).list().map((p) => p.name)).toEqual(['a2']);
  });

  it('never replaces unseen a profile another fisco stored under the same name since this store looked', async () => {
    // A login shows (and asks about) the profile as its store read it: another login's token stored
    // meanwhile under that name is not the one the person agreed to replace.
    const path = dir();
    await new ProfileStore(path, new Redactor()).save(profile('a'));
    const mine = new ProfileStore(path, new Redactor());
    expect(mine.conflicts(profile('a')).map((p) => p.token)).toEqual(['tok-a']);
    await new ProfileStore(path, new Redactor()).save(profile('a', { token: 'from-another-login' }), { replace: ['a'] });
    await expect(mine.save(profile('a', { token: 'mine' }), { replace: ['a'] })).rejects.toThrow(/stored by another fisco/);
    expect(new ProfileStore(path, new Redactor()).get('a')?.token).toBe('from-another-login');
    // Looked at again, it can be replaced; what was replaced is answered as it was on the disk.
    const again = new ProfileStore(path, new Redactor());
    const saved = await again.save(profile('a', { token: 'mine' }), { replace: ['a'] });
    expect(saved.removed.map((p) => p.token)).toEqual(['from-another-login']);
  });

  it('a logout never removes unseen the token another fisco stored under that name since this store looked', async () => {
    const path = dir();
    await new ProfileStore(path, new Redactor()).save(profile('a'));
    const mine = new ProfileStore(path, new Redactor());
    expect(mine.get('a')?.token).toBe('tok-a'); // what the logout shows and asks about
    await new ProfileStore(path, new Redactor()).save(profile('a', { token: 'from-another-login' }), { replace: ['a'] });
    await expect(mine.remove('a')).rejects.toThrow(/stored by another fisco/);
    expect(new ProfileStore(path, new Redactor()).get('a')?.token).toBe('from-another-login');
  });

  it('removing the active profile leaves none active', async () => {
    const store = new ProfileStore(dir(), new Redactor());
    await store.save(profile('a'));
    await store.save(profile('b'), { activate: true });
    expect(await store.remove('b')).toEqual({ wasActive: true, active: undefined });
    expect(store.activeName()).toBeUndefined();
    await store.setActive('a');
    expect(await store.remove('a')).toEqual({ wasActive: true, active: undefined });
  });

  it('reads the unversioned file and migrates it on the next change only', async () => {
    const path = dir();
    const text = JSON.stringify({ active: 'old', profiles: { old: profile('old') }, baseUrls: { production: 'https://api.test' } });
    writeFileSync(join(path, 'config.json'), text);
    const store = new ProfileStore(path, new Redactor());
    expect(store.activeName()).toBe('old');
    expect(readFileSync(store.path, 'utf8')).toBe(text);
    await store.save(profile('new'));
    const file = JSON.parse(readFileSync(store.path, 'utf8'));
    expect(file.version).toBe(1);
    expect(Object.keys(file.profiles).sort()).toEqual(['new', 'old']);
  });

  it.each([
    ['null', 'null'],
    ['[]', 'an array'],
    ['{"profiles":[]}', 'profiles'],
    ['{"profiles":{"a":{"name":"a"}}}', 'profiles.a'],
    ['{"version":0,"profiles":{}}', 'version'],
    ['{ not json', 'cannot be read'],
  ])('refuses %s by path and leaves it as it is', (text, detail) => {
    const path = dir();
    writeFileSync(join(path, 'config.json'), text);
    expect(() => new ProfileStore(path, new Redactor())).toThrow(new RegExp(`${join(path, 'config.json')}.*${detail.replace(/[.[\]]/g, '\\$&')}`));
    expect(readFileSync(join(path, 'config.json'), 'utf8')).toBe(text);
  });
});

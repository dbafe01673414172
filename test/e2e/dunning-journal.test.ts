import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, TOKENS, type Harness, type RunOptions } from './harness.js';
import { ACCOUNT, CLIENTS, closeWorld, type DunningWorld, openWorld, PASSWORD, planDate, type Smtp } from './dunning-world.js';
import { Journal } from '../../src/journal/journal.js';
import { dunningJournalPath, legacyDunningJournalPath } from '../../src/dunning/journal.js';

/**
 * The letters' journal is the service's and the company's, not a profile name's (issue 37 pt 5): two
 * names for one token count the same letters; an earlier journal kept under a profile name is adopted
 * once, never duplicated, never lost, and a crash in the middle of the adoption loses nothing.
 */
let suite: DunningWorld | undefined;
let h: Harness;
let dir: string;
let data: string;
let smtp: Smtp;
let rates: string;
let contacts: string;
let plans = 0;

beforeAll(async () => {
  suite = await openWorld('fisco-dunning-journal-');
  ({ h, dir, smtp, rates, contacts } = suite);
  data = join(dir, 'data');
  const login = await h.run(['auth', 'login', '--with-token', '--base-url', h.emulator.url], {
    token: null,
    baseUrl: null,
    input: TOKENS.prod,
    env: { FISCO_CONFIG_DIR: join(dir, 'profile-verdi'), FISCO_DATA_DIR: data },
  });
  expect(login.exitCode, login.stderr).toBe(0);
}, 60_000);

afterAll(() => closeWorld(suite));

/** Two names for one token: FISCO_TOKEN alone (profile 'env') and a logged-in profile. */
const as = (who: 'env' | 'profile', env: Record<string, string> = {}): RunOptions =>
  who === 'env'
    ? { env: { FISCO_DATA_DIR: data, ...env } }
    : { token: null, baseUrl: null, env: { FISCO_CONFIG_DIR: join(dir, 'profile-verdi'), FISCO_DATA_DIR: data, ...env } };
const plan = async (who: 'env' | 'profile') => {
  const out = join(dir, `plan-${++plans}`);
  const result = await h.run(
    ['--account', ACCOUNT, 'dunning', 'plan', '--rates', rates, '--contacts', contacts, '--out', out, '-o', 'json', '--as-of', planDate(plans)],
    as(who),
  );
  expect(result.exitCode, result.stderr).toBe(0);
  return { plan: join(out, 'piano.json'), letters: parseJson<any[]>(result.stdout), stderr: result.stderr };
};
const send = (who: 'env' | 'profile', file: string) =>
  h.run(
    ['--account', ACCOUNT, 'dunning', 'send', file, '--smtp-insecure', '--yes', '-o', 'json'],
    as(who, { FISCO_SMTP_URL: smtp.url, FISCO_SMTP_PASSWORD: PASSWORD, FISCO_SMTP_FROM: 'solleciti@rossi-consulting.it' }),
  );
const level1To = (address: string) => smtp.received.filter((m) => m.to.includes(address) && /^Subject: Sollecito di pagamento/m.test(m.raw));

describe('one letters journal per service and company', () => {
  it('an earlier journal under a profile name is adopted once (a crash mid-way loses nothing and doubles nothing)', async () => {
    // What an earlier fisco left under the profile name 'env': a level-1 letter to Alfa, and one to Beta.
    const invoices = h.emulator.store.invoices.filter((i) => i.accountId === ACCOUNT && i.number.startsWith('SOL-'));
    const ref = (number: string) => invoices.find((i) => i.number === number)!.uuid!;
    const legacyPath = legacyDunningJournalPath(data, 'env', ACCOUNT);
    const legacy = await Journal.open(legacyPath, { kind: 'dunning', id: ACCOUNT, profile: 'env', account: ACCOUNT });
    const done = (key: string, refs: string[]) => ({ key, state: 'done' as const, result: { invoices: refs, level: 1 } });
    await legacy.write(done('old-plan/00743110157@L1', [ref('SOL-A1/2025'), ref('SOL-A2/2026')]));
    await legacy.write(done('old-plan/01234567897@L1', [ref('SOL-B1/2026')]));
    await legacy.close();
    // A crash during an earlier adoption: the new journal holds the first entry, the old file is still there.
    const service = h.emulator.url;
    const newPath = dunningJournalPath(data, service, ACCOUNT);
    const partial = await Journal.open(newPath, { kind: 'dunning', id: ACCOUNT, profile: service, account: ACCOUNT });
    await partial.write(done('old-plan/00743110157@L1', [ref('SOL-A1/2025'), ref('SOL-A2/2026')]));
    await partial.close();

    // The plan (read only) counts both already.
    const made = await plan('env');
    const level = Object.fromEntries(made.letters.map((l) => [l.client, l.level]));
    expect(level).toMatchObject({ [CLIENTS.alfa.name]: 2, [CLIENTS.beta.name]: 2, [CLIENTS.delta.name]: 1 });
    const sent = await send('env', made.plan);
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(sent.stderr).toMatch(/is now kept per service and company .*; 1 entries adopted/);
    expect(existsSync(legacyPath)).toBe(false);
    const lines = readFileSync(newPath, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l));
    for (const key of ['old-plan/00743110157@L1', 'old-plan/01234567897@L1']) expect(lines.filter((l) => l.key === key)).toHaveLength(1);
  });

  it("two profile names for one token: the second counts the first one's letters and never sends a client the same letter twice", async () => {
    const first = await plan('env');
    expect(first.letters.find((l) => l.client === CLIENTS.delta.name)?.level ?? 2).toBe(2);
    const byProfile = await plan('profile');
    // Delta got its first letter from the 'env' run above: the profile's plan knows it.
    expect(byProfile.letters.filter((l) => l.level === 1).map((l) => l.client)).not.toContain(CLIENTS.delta.name);
    const sent = await send('profile', byProfile.plan);
    expect(sent.exitCode, sent.stderr).toBe(0);
    for (const address of [CLIENTS.alfa.pec, CLIENTS.delta.pec]) expect(level1To(address).length).toBeLessThanOrEqual(1);
  });
});

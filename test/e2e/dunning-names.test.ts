import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, TOKENS, type Harness, type RunOptions } from './harness.js';
import { ACCOUNT, CLIENTS, closeWorld, type DunningWorld, openWorld, PASSWORD, planDate, type Smtp } from './dunning-world.js';
import { Journal } from '../../src/journal/journal.js';
import { legacyDunningJournalPath } from '../../src/dunning/journal.js';

/**
 * A letter is sent once per client, level and plan, whatever the profile name: a letter recorded
 * (sent or in doubt) under one name for the service is never sent again under another, nor under
 * the new name of a profile renamed by `auth login` (same token), journals of an earlier fisco
 * kept per profile name included (email cannot be looked up on the service: the journal is the only
 * record of a letter in doubt).
 */
let suite: DunningWorld | undefined;
let h: Harness;
let dir: string;
let smtp: Smtp;
let rates: string;
let contacts: string;
let refs: Record<string, string>;
let plans = 0;

beforeAll(async () => {
  suite = await openWorld('fisco-dunning-names-');
  ({ h, dir, smtp, rates, contacts } = suite);
  refs = Object.fromEntries(Object.entries(suite.invoices).map(([k, inv]) => [k, inv.uuid!]));
}, 60_000);

afterAll(() => closeWorld(suite));

/** A world of its own: a config folder and a data folder. */
function world(name: string) {
  const config = join(dir, `${name}-config`);
  const data = join(dir, `${name}-data`);
  /** As a stored profile (`-p name`), or FISCO_TOKEN alone beside the same config folder. */
  const as = (who: string, env: Record<string, string> = {}): RunOptions =>
    who === 'env'
      ? { env: { FISCO_CONFIG_DIR: config, FISCO_DATA_DIR: data, ...env } }
      : { token: null, baseUrl: null, env: { FISCO_CONFIG_DIR: config, FISCO_DATA_DIR: data, FISCO_PROFILE: who, ...env } };
  return {
    data,
    login: async (profile: string) => {
      const login = await h.run(['auth', 'login', '--with-token', '--base-url', h.emulator.url, '--name', profile], {
        token: null,
        baseUrl: null,
        input: TOKENS.prod,
        env: { FISCO_CONFIG_DIR: config, FISCO_DATA_DIR: data },
      });
      expect(login.exitCode, login.stderr).toBe(0);
      return login;
    },
    plan: async (who: string, asOf: string) => {
      const out = join(dir, `plan-${++plans}`);
      const result = await h.run(
        ['--account', ACCOUNT, 'dunning', 'plan', '--rates', rates, '--contacts', contacts, '--out', out, '-o', 'json', '--as-of', asOf],
        as(who),
      );
      expect(result.exitCode, result.stderr).toBe(0);
      return { plan: join(out, 'piano.json'), letters: parseJson<any[]>(result.stdout), stderr: result.stderr };
    },
    send: async (who: string, file: string) => {
      const before = smtp.received.length;
      const result = await h.run(
        ['--account', ACCOUNT, 'dunning', 'send', file, '--smtp-insecure', '--yes', '-o', 'json'],
        as(who, { FISCO_SMTP_URL: smtp.url, FISCO_SMTP_PASSWORD: PASSWORD, FISCO_SMTP_FROM: 'solleciti@rossi-consulting.it' }),
      );
      return { ...result, mails: smtp.received.slice(before) };
    },
  };
}

/** What an earlier fisco left under a profile name: a level-1 letter to Alfa sent, one to Delta in doubt (its outcome never known). */
async function legacyJournal(data: string, profile: string): Promise<void> {
  const journal = await Journal.open(legacyDunningJournalPath(data, profile, ACCOUNT), { kind: 'dunning', id: ACCOUNT, profile, account: ACCOUNT });
  await journal.write({ key: `old-plan/${CLIENTS.alfa.vat}@L1`, state: 'done', result: { invoices: [refs.a1, refs.a2], level: 1 } });
  await journal.write({
    key: `old-plan/${CLIENTS.delta.vat}@L1`,
    state: 'sending',
    context: { client: CLIENTS.delta.vat, to: CLIENTS.delta.pec, invoices: [refs.d1] },
  });
  await journal.close();
}

const to = (mails: Smtp['received'], address: string) => mails.filter((m) => m.to.includes(address));
const levelOf = (letters: any[], client: string) => letters.find((l) => l.client === client)?.level;

describe('dunning send under two names for one token and company', () => {
  it("a journal another name kept counts: its letter sent is not sent again at its level, its letter in doubt is never sent again; the second name's run sends nothing already sent", async () => {
    const w = world('two-names');
    await w.login('rossi-a');
    await legacyJournal(w.data, 'rossi-a');
    const asOf = planDate(1);
    // FISCO_TOKEN beside the stored profile rossi-a: another name for the same token and company.
    const first = await w.plan('env', asOf);
    expect(levelOf(first.letters, CLIENTS.alfa.name)).toBe(2);
    const sent = await w.send('env', first.plan);
    expect(to(sent.mails, CLIENTS.delta.pec)).toEqual([]); // in doubt under rossi-a: held back
    expect(to(sent.mails, CLIENTS.alfa.pec).every((m) => !/^Subject: Sollecito di pagamento/m.test(m.raw))).toBe(true); // never level 1 again
    expect(sent.mails.length).toBeGreaterThan(0);
    // rossi-a's earlier journal is now the service's: adopted once, by the first run that opened it.
    expect(existsSync(legacyDunningJournalPath(w.data, 'rossi-a', ACCOUNT))).toBe(false);

    // The same plan sent again under the profile's name: nothing it sent goes twice.
    const again = await w.send('rossi-a', first.plan);
    expect(again.mails).toEqual([]);
    // A new plan under the profile's name, the same day: no letter already sent is proposed again.
    const second = await w.plan('rossi-a', asOf);
    const resent = await w.send('rossi-a', second.plan);
    for (const mail of sent.mails) expect(resent.mails.filter((m) => m.to.join() === mail.to.join())).toEqual([]);
    expect(to(resent.mails, CLIENTS.delta.pec)).toEqual([]);
  });
});

describe('a profile renamed by auth login (same token)', () => {
  it('keeps its letters: a letter in doubt under the old name is never sent again, and its levels count under the new name', async () => {
    const w = world('renamed');
    await w.login('rossi-old');
    await legacyJournal(w.data, 'rossi-old');
    const login = await w.login('rossi-new');
    const made = await w.plan('rossi-new', planDate(1));
    expect(levelOf(made.letters, CLIENTS.alfa.name)).toBe(2);
    const sent = await w.send('rossi-new', made.plan);
    expect(to(sent.mails, CLIENTS.delta.pec)).toEqual([]);
    expect(to(sent.mails, CLIENTS.alfa.pec).every((m) => !/^Subject: Sollecito di pagamento/m.test(m.raw))).toBe(true);
    expect(sent.mails.length).toBeGreaterThan(0);
    expect(login.stderr).toContain('Moved 1 journal of profile rossi-old to profile rossi-new');
  });
});

describe("an earlier fisco's journal kept under FISCO_TOKEN ('env', whatever the service)", () => {
  it('is not counted by a run under a profile, and the run says so (plan and send)', async () => {
    const w = world('env-left');
    await w.login('rossi-p');
    await legacyJournal(w.data, 'env');
    const made = await w.plan('rossi-p', planDate(1));
    const warning = `an earlier fisco kept letters for ${ACCOUNT} under FISCO_TOKEN in ${legacyDunningJournalPath(w.data, 'env', ACCOUNT)}`;
    expect(made.stderr).toContain(warning);
    expect(made.stderr).toContain('this run under profile rossi-p does not count them');
    // Under FISCO_TOKEN it is counted, and adopted by the send.
    const byEnv = await w.plan('env', planDate(1));
    expect(byEnv.stderr).not.toContain(warning);
    expect(levelOf(byEnv.letters, CLIENTS.alfa.name)).toBe(2);
    const sent = await w.send('env', byEnv.plan);
    expect(to(sent.mails, CLIENTS.delta.pec)).toEqual([]);
    expect(existsSync(legacyDunningJournalPath(w.data, 'env', ACCOUNT))).toBe(false);
  });
});

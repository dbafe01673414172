/**
 * One rule for a token's companies (issue 27, item 3): GET /v1/me decides for reads, `invoice
 * batch`, `bank match` and every fan-out. A company token never needs GET /v1/accounts, an account
 * column or --account; a firm token is told to name a company, and its companies are listed only
 * to name and check them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { ndjson, records } from './batch-helpers.js';

let h: Harness;
let folder: string;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
  folder = mkdtempSync(join(tmpdir(), 'fisco-token-rule-'));
});
afterAll(async () => h.close());

/** A run with an empty data folder (nothing remembered about the token), and the paths it asked for. */
async function fresh(args: string[], token: string) {
  const sent = h.mark();
  const result = await h.run(args, { token, env: { FISCO_DATA_DIR: mkdtempSync(join(tmpdir(), 'fisco-token-data-')) } });
  const paths = sent().map((r) => r.path);
  return { ...result, paths, asked: (path: string) => paths.filter((p) => p === path).length };
}

async function statementOf(account: string): Promise<string> {
  const answer = await fetch(`${h.emulator.url}/__emulator/statement?account_id=${account}&format=camt.053`);
  const file = join(folder, `${account}.xml`);
  writeFileSync(file, await answer.text());
  return file;
}

describe('a company token: its own company, no GET /v1/accounts, no account column or flag', () => {
  it('a read', async () => {
    const run = await fresh(['invoice', 'list', '-o', 'json'], TOKENS.prod);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.asked('/v1/me')).toBe(1);
    expect(run.asked('/v1/accounts')).toBe(0);
  });

  it('invoice batch --dry-run and --draft: records without account go to the token own company', async () => {
    const file = join(folder, 'company.ndjson');
    const recs = records(2, { prefix: 'TR' });
    writeFileSync(file, ndjson(recs));
    const dry = await fresh(['invoice', 'batch', file, '--dry-run'], TOKENS.prod);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.asked('/v1/me')).toBe(1);
    expect(dry.asked('/v1/accounts')).toBe(0);
    const drafts = await fresh(['invoice', 'batch', file, '--draft', '-o', 'json'], TOKENS.prod);
    expect(drafts.exitCode, drafts.stderr).toBe(0);
    expect(drafts.asked('/v1/accounts')).toBe(0);
    expect(parseJson<{ account: string }[]>(drafts.stdout).map((r) => r.account)).toEqual(['acc_rossi', 'acc_rossi']);
    expect(recs.map((r) => h.emulator.store.invoices.find((i) => i.counterpart.name === r.client)?.accountId)).toEqual(['acc_rossi', 'acc_rossi']);
  });

  it('bank match', async () => {
    const run = await fresh(['bank', 'match', await statementOf('acc_rossi'), '-o', 'json'], TOKENS.prod);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('Company: Rossi Consulting S.r.l. (acc_rossi)');
    expect(run.asked('/v1/me')).toBe(1);
    expect(run.asked('/v1/accounts')).toBe(0);
  });
});

describe('a firm token: the same rule says "name a company"', () => {
  it('a read with no company named reads every company by name, after asking /v1/me', async () => {
    const run = await fresh(['invoice', 'list', '-o', 'json'], TOKENS.firm);
    expect(run.exitCode === 0 || run.exitCode === 11, run.stderr).toBe(true);
    expect(run.paths[0]).toBe('/v1/me');
    expect(run.asked('/v1/me')).toBe(1);
  });

  it('invoice batch --dry-run: every record needs an account (the count from /v1/me), or --account', async () => {
    const file = join(folder, 'firm.ndjson');
    writeFileSync(file, ndjson(records(1, { prefix: 'TF' })));
    const refused = await fresh(['invoice', 'batch', file, '--dry-run'], TOKENS.firm);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/account: is required: this token manages 4 companies \(acc_rossi \(Rossi Consulting S\.r\.l\.\), /);
    expect(refused.asked('/v1/me')).toBe(1);
    const named = await fresh(['--account', 'acc_neri', 'invoice', 'batch', file, '--dry-run'], TOKENS.firm);
    expect(named.exitCode, named.stderr).toBe(0);
  });

  it('bank match routes by IBAN among the companies the rule gives', async () => {
    const run = await fresh(['bank', 'match', await statementOf('acc_verdi'), '-o', 'json'], TOKENS.firm);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('Company: Verdi Costruzioni S.p.A. (acc_verdi), by the statement IBAN');
    expect(run.asked('/v1/me')).toBe(1);
    expect(run.asked('/v1/accounts')).toBe(1);
  });
});

// The Factory a verb is handed (issue 32 item 1), built with fakes: streams that are not terminals,
// an environment naming a scripted server, no process. A company's share of a run is a new Factory
// over the same run; a check before the client is a new Factory too, never a swapped member.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '../../../src/api/zod.js';
import { UsageError } from '../../../src/errors.js';
import { Factory } from '../../../src/factory/factory.js';
import type { GlobalFlags } from '../../../src/flags/global.js';
import { Output } from '../../../src/output/output.js';
import { Redactor } from '../../../src/output/redact.js';
import { json, scriptedServer } from '../api/server.js';

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString('utf8');
    callback();
  }
}

const ME = { token_type: 'company', accounts_count: 1, abilities: [], full_access: true, webhooks_supported: true, webhooks_ready: false };

describe('the Factory, with fakes', () => {
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  let home: string;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'fisco-factory-'));
    server = await scriptedServer((req, res) => {
      if (req.url?.startsWith('/v1/me')) return json(res, 200, { data: { ...ME, company: { id: 'acc_own', name: 'Own S.r.l.', vat_number: '00743110157' } } });
      json(res, 200, { data: [], meta: { page: 1, per_page: 50, total: 0, next_page: null } });
    });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  const make = (env: Record<string, string> = {}, globals: GlobalFlags = {}) => {
    const stderr = new Sink();
    const factory = Factory.create({
      globals,
      env: { FISCO_TOKEN: 'tok-factory-test', FISCO_BASE_URL: server.url, FISCO_DATA_DIR: join(home, 'data'), FISCO_CONFIG_DIR: join(home, 'config'), ...env },
      streams: { stdin: process.stdin, stdout: new Sink() as unknown as NodeJS.WriteStream, stderr: stderr as unknown as NodeJS.WriteStream },
      redactor: new Redactor(),
    });
    return { factory, stderr };
  };
  const accountsOf = (from: number) => server.seen.slice(from).map((r) => new URL(r.url, server.url).searchParams.get('account_id'));

  it('a company’s share of the run: the same credential and store, that company’s view of the one client, its own output', async () => {
    const { factory } = make();
    const output = new Output({
      format: 'json',
      colour: false,
      stderrColour: false,
      quiet: true,
      stdout: new Sink(),
      stderr: new Sink(),
      redactor: new Redactor(),
    });
    const company = factory.forCompany('acc_x', output);
    expect(company).not.toBe(factory);
    expect(company.output).toBe(output);
    expect(factory.output).not.toBe(output);
    expect(await company.credentials()).toBe(await factory.credentials());
    expect(company.store()).toBe(factory.store());
    const from = server.seen.length;
    await (await company.client()).get('/v1/invoices', undefined, z.unknown());
    expect(accountsOf(from)).toEqual(['acc_x']);
    await factory.close();
  });

  it('a check before the client: eager when the client is taken, lazy before its first request; the Factory it came from is unchanged', async () => {
    const { factory } = make();
    const calls: string[] = [];
    const eager = factory.checkingClient({ run: async () => void calls.push('eager'), lazy: false });
    const lazy = factory.checkingClient({ run: async () => void calls.push('lazy'), lazy: true });
    await eager.client();
    expect(calls).toEqual(['eager']);
    const client = await lazy.client();
    expect(calls).toEqual(['eager']);
    await client.get('/v1/invoices', undefined, z.unknown());
    expect(calls).toEqual(['eager', 'lazy']);
    await factory.client();
    expect(calls).toEqual(['eager', 'lazy']);
    await factory.close();
  });

  it('company(): the company named by FISCO_ACCOUNT, checked against the token’s own; a typo is a usage error naming where it came from', async () => {
    const named = make({ FISCO_ACCOUNT: 'acc_own' }).factory;
    expect((await named.company())?.id).toBe('acc_own');
    expect(await named.namedAccount()).toEqual({ id: 'acc_own', source: 'env' });
    await named.close();
    const typo = make({ FISCO_ACCOUNT: 'acc_bianco' }).factory;
    const refused = await typo.company().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as UsageError).message).toBe('FISCO_ACCOUNT: acc_bianco is not a company this token manages; it manages: acc_own (Own S.r.l.)');
    await typo.close();
    const flag = make({ FISCO_ACCOUNT: 'acc_bianco' }, { account: 'acc_own' }).factory;
    expect(await flag.namedAccount()).toEqual({ id: 'acc_own', source: 'flag' });
    expect(await flag.selection()).toEqual({ kind: 'ids', ids: ['acc_own'], flag: '--account' });
    await flag.close();
    const none = make().factory;
    expect(await none.company()).toBeUndefined();
    expect(await none.selection()).toEqual({ kind: 'all' });
    await none.close();
  });

  it('its IO: no terminal, so no prompt, no colour and no progress line; a company’s share draws none either', () => {
    const { factory, stderr } = make();
    expect(factory.io.canPrompt).toBe(false);
    expect(factory.io.colour).toBe(false);
    factory.io.progress('reading');
    factory.forCompany('acc_x', factory.output).io.progress('reading');
    expect(stderr.text).toBe('');
  });
});

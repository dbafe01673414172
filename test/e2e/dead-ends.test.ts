/**
 * No dead ends (issue 41): a saved draft says what to do next; --demo accepts an http hook to
 * 127.0.0.1; the demo's first sync of three companies is not throttled by the demo's own limit.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '../../src/emulator/ratelimit.js';
import { THREE } from './firm-helpers.js';
import { harness, parseJson, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

const demo = () => ({ token: null, baseUrl: null, env: { FISCO_DATA_DIR: mkdtempSync(join(tmpdir(), 'fisco-demo-')) }, timeout: 120_000 });

describe('no dead ends', () => {
  it('a saved draft says the next step, in both languages; a sent invoice does not', async () => {
    const draft = ['invoice', 'create', '--piva', 'IT00743110157', '--item', 'A;1;10.00;22', '--draft', '--yes'];
    const en = await h.run(draft);
    expect(en.exitCode, en.stderr).toBe(0);
    expect(en.stderr).toContain(
      'Next step: the API has no call that sends an existing draft to the SDI: send it from the invoices area of the web application',
    );
    const it = await h.run(draft, { lang: 'it' });
    expect(it.exitCode, it.stderr).toBe(0);
    expect(it.stderr).toContain('Prossimo passo: l’API non ha una chiamata che invii allo SDI una bozza esistente');
    const sent = await h.run(['invoice', 'create', '--piva', 'IT00743110157', '--item', 'A;1;10.00;22', '--send', '--yes']);
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(sent.stderr).not.toContain('Next step');
  });

  it('a batch of drafts says it too', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fisco-drafts-')), 'batch.csv');
    writeFileSync(file, 'ref,piva,item,quantity,price,vat\nr1,IT00743110157,Consulenza,1,100.00,22\n');
    const result = await h.run(['invoice', 'batch', file, '--draft', '--yes']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('Next step: the API has no call that sends an existing draft');
  });

  it('--demo accepts hooks create --allow-http to 127.0.0.1; without --allow-http the refusal says how', async () => {
    const run = demo();
    const created = await h.run(
      ['--demo', 'hooks', 'create', '--url', 'http://127.0.0.1:8099/hook', '--event', 'invoice.created', '--allow-http', '-o', 'json'],
      run,
    );
    expect(created.exitCode, created.stderr).toBe(0);
    expect(parseJson<{ target_url: string }>(created.stdout).target_url).toBe('http://127.0.0.1:8099/hook');
    const refused = await h.run(['--demo', 'hooks', 'create', '--url', 'http://127.0.0.1:8099/other', '--event', 'invoice.created'], run);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('add --allow-http with an http://127.0.0.1 URL: fisco --demo accepts it');
  });

  it("the demo's first sync of three companies makes more requests than the emulator's default limit and never waits on it", async () => {
    const result = await h.run(['--demo', ...THREE, 'sync', '-o', 'json'], demo());
    expect(result.exitCode, result.stderr).toBe(0);
    const requests = parseJson<{ requests: number }[]>(result.stdout).reduce((n, c) => n + c.requests, 0);
    expect(requests).toBeGreaterThan(DEFAULT_RATE_LIMIT.limit);
    expect(result.stderr).not.toMatch(/rate limit|waiting/i);
  });
});

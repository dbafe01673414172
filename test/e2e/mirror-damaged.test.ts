/**
 * The mirror in a damaged world (issue 38, point 4): a service clock far from the machine's, a
 * damaged or odd mirror file, and an offline read that a sync's commit must not split.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import type { SyncRow } from '../../src/commands/sync/sync.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

async function sync(args: string[] = [], lang?: 'it') {
  const result = await h.run(['sync', ...args, '-o', 'json'], { token: TOKENS.prod, timeout: 60_000, lang });
  return { ...result, rows: result.stdout.trim() ? parseJson<SyncRow[]>(result.stdout) : [] };
}

async function knobs(body: Record<string, unknown>) {
  const response = await fetch(`${h.emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const YEAR_MS = 365 * 86_400_000;

describe('a service clock far from the machine', () => {
  it('is said on stderr, and no cursor is left where a later sync cannot see: a new invoice is mirrored once the clock is back', async () => {
    await knobs({ dateAheadMs: YEAR_MS });
    const first = await sync();
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^warning: the service's clock \(its Date header\) says 20\d\d-.*more than 5 minutes apart/m);
    const second = await sync([], 'it');
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/l’orologio del servizio \(la sua intestazione Date\) segna .* più di 5 minuti di differenza/);
    await knobs({ dateAheadMs: 0 });
    const created = await h.run(['invoice', 'create', '--piva', '00743110157', '--item', 'Consulenza;1;100;22', '--draft', '-o', 'json'], {
      token: TOKENS.prod,
    });
    expect(created.exitCode, created.stderr).toBe(0);
    const id = parseJson<{ id: string }>(created.stdout).id;
    const third = await sync();
    expect(third.exitCode, third.stderr).toBe(0);
    expect(third.rows.find((row) => row.account_id === 'acc_rossi')!.new).toBeGreaterThanOrEqual(1);
    const offline = await h.run(['--offline', 'invoice', 'list', '--all', '-o', 'json'], { token: TOKENS.prod });
    expect(offline.exitCode, offline.stderr).toBe(0);
    expect(parseJson<{ id: string }[]>(offline.stdout).map((invoice) => String(invoice.id))).toContain(String(id));
  });
});

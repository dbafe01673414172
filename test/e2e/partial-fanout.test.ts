/**
 * A fan-out (--all-accounts / --accounts over a read verb) where one company fails part-way keeps
 * what it had read: its records before the failure are in the output, the summary says how many,
 * the other companies are whole, exit 11.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiList } from './firm-helpers.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());
afterEach(() => h.emulator.clearFaults());

describe('fan-out with a company failing part-way', () => {
  it('keeps the records read before the failure (named in the summary), the others whole, exit 11', async () => {
    // The second page of acc_rossi's outbound invoices answers 404 (not retried): its first page was read.
    h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', query: { account_id: 'acc_rossi', page: '2' }, times: 1, action: 'status', status: 404 });
    const result = await h.run(['--accounts', 'acc_rossi,acc_verdi', 'invoice', 'list', '--all', '--per-page', '10', '-o', 'json'], { token: TOKENS.firm });
    expect(result.exitCode, result.stderr).toBe(11);
    const records = parseJson<{ account_id: string; id: string }[]>(result.stdout);
    const rossi = records.filter((r) => r.account_id === 'acc_rossi');
    expect(rossi).toHaveLength(10);
    const expectedRossi = (await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: 'acc_rossi' })).slice(0, 10);
    expect(rossi.map((r) => r.id)).toEqual(expectedRossi.map((i) => String(i.id)));
    const verdi = await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: 'acc_verdi' });
    expect(records.filter((r) => r.account_id === 'acc_verdi').map((r) => r.id)).toEqual(verdi.map((i) => String(i.id)));
    expect(result.stderr).toMatch(/partly done: 1 of 2 companies failed/);
    expect(result.stderr).toContain('Rossi Consulting S.r.l. (acc_rossi):');
    expect(result.stderr).toContain('(exit 4); the 10 records read before the failure are included');
  });
});

/**
 * A list that changes while the sync walks it never costs a record (audit 29b, findings 1 and 2).
 * Offset pagination: an invoice deleted on a page already read shifts the later ones back by one,
 * so the walk skips one; an invoice created meanwhile (sorting last) keeps the count equal, so the
 * walk still adds up to its meta.total. The emulator's `late` fault holds page 2 while the test
 * deletes and creates.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { apiList, lastSeq, requestsSince } from './firm-helpers.js';

interface Listed {
  id: string;
  number: string;
  amount_paid: string;
}

function mirrorRun(t: Harness) {
  const env = { FISCO_DATA_DIR: mkdtempSync(join(t.home, 'data-')) };
  const run = (args: string[]) => t.run(args, { token: TOKENS.prod, env, timeout: 60_000 });
  return {
    run,
    async sync(args: string[] = []) {
      const result = await run(['sync', ...args, '-o', 'json']);
      expect(result.exitCode, result.stderr).toBe(0);
      return parseJson<{ result: string; new: number; changed: number; removed: number }[]>(result.stdout)[0]!;
    },
    async list(...where: string[]): Promise<Listed[]> {
      const result = await run([...where, 'invoice', 'list', '--all', '-o', 'json']);
      expect(result.exitCode, result.stderr).toBe(0);
      return parseJson<Listed[]>(result.stdout);
    },
  };
}

const outbound = (t: Harness, query: Record<string, string> = {}) => apiList<Listed>(t, TOKENS.prod, '/v1/invoices', { direction: 'outbound', ...query });

/**
 * Runs `sync` with pages 2 to `pages` of the outbound walk held (the sync asks for several at once:
 * each is served after the change, never some before it and some after); while one is held,
 * deletes `remove` and creates a copy of it dated 2020 (so it sorts onto the last page,
 * `updated_since` unchanged).
 */
async function syncWhileChanging<T>(t: Harness, sync: () => Promise<T>, remove: string, pages = 2): Promise<T> {
  for (let page = 2; page <= pages; page++) {
    t.emulator.injectFault({
      method: 'GET',
      path: '/v1/invoices',
      query: { direction: 'outbound', page: String(page) },
      times: 1,
      action: 'late',
      holdMs: 5_000,
    });
  }
  const running = sync();
  while (t.emulator.holding() === 0) await sleep(10);
  const model = t.emulator.store.invoices.find((i) => i.id === remove)!;
  const response = await fetch(`${t.emulator.url}/__emulator/invoices/${remove}`, { method: 'DELETE' });
  expect(response.status).toBe(200);
  const n = 990_000;
  const copy = {
    ...model,
    id: String(n),
    numericId: n,
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `W1/2020`,
    issue_date: '2020-01-10',
  };
  t.emulator.store.invoices = [...t.emulator.store.invoices, copy];
  expect(t.emulator.holding(), 'a page was still held while the list changed').toBeGreaterThan(0);
  return running;
}

const pagesOf = (t: Harness, from: number) => requestsSince(t, from).filter((r) => r.path === '/v1/invoices' && r.query.direction === 'outbound').length;

describe('a list that changes while the sync walks it', () => {
  it('--full keeps an invoice a shift hid from its walk (a second walk lists it); the deleted one goes at the next --full', async () => {
    const t = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 }, sizes: { invoices: 400 } });
    try {
      const m = mirrorRun(t);
      await m.sync();
      const before = await outbound(t);
      expect(before.length).toBeGreaterThan(200);
      const deleted = before[49]!;
      const hidden = before[100]!; // first of page 2: after the deletion, last of page 1, already read
      let from = lastSeq(t);
      const row = await syncWhileChanging(t, () => m.sync(['--full']), deleted.id, Math.ceil(before.length / 100));
      expect(row).toEqual(expect.objectContaining({ result: 'synced', new: 1, removed: 0 }));
      expect(pagesOf(t, from), 'something would have been swept: the list is walked twice').toBe(2 * Math.ceil(before.length / 100));
      let offline = await m.list('--offline');
      expect(offline.map((i) => i.id)).toContain(hidden.id);
      expect(offline.map((i) => i.id)).toContain('990000');
      // Listed by the first walk, gone by the second: neither walk proves it gone; the next --full removes it.
      expect(offline.map((i) => i.id)).toContain(deleted.id);

      expect(await m.sync(['--full'])).toEqual(expect.objectContaining({ result: 'synced', new: 0, changed: 0, removed: 1 }));
      offline = await m.list('--offline');
      expect(offline.map((i) => i.id).sort()).toEqual((await outbound(t)).map((i) => i.id).sort());

      from = lastSeq(t);
      expect(await m.sync(['--full'])).toEqual(expect.objectContaining({ removed: 0 }));
      expect(pagesOf(t, from), 'nothing to sweep: one walk').toBe(Math.ceil(offline.length / 100));
    } finally {
      await t.close();
    }
  });

  it('a change an incremental walk skipped (one deleted, one created meanwhile) is seen by the next sync', async () => {
    const t = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 }, sizes: { invoices: 400 } });
    const control = async (path: string, body: unknown) => {
      const response = await fetch(`${t.emulator.url}/__emulator/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
    };
    const pay = async (id: string) => {
      const { uuid } = t.emulator.store.invoices.find((i) => i.id === id)!;
      const response = await fetch(`${t.emulator.url}/fatture/${uuid}/pagamenti`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1 }),
      });
      expect(response.status).toBe(201);
    };
    try {
      const m = mirrorRun(t);
      await m.sync();
      const open = await outbound(t, { payment_status: 'unpaid,partial' });
      expect(open.length).toBeGreaterThan(113);
      // The mirror learns that a payment moves updated_since: from then on no open list is read on this service day.
      const sdiOf = (id: string) => Date.parse(t.emulator.store.invoices.find((i) => i.id === id)!.last_sdi_update ?? '');
      const learner = [...open].sort((a, b) => sdiOf(a.id) - sdiOf(b.id))[0]!; // its SDI state is older than the cursor
      open.splice(open.indexOf(learner), 1);
      await pay(learner.id);
      await m.sync();
      const status = await m.run(['sync', '--status', '--offline']);
      expect(status.stderr + status.stdout).toMatch(/moving updated_since/);

      for (const invoice of open.slice(0, 111)) await pay(invoice.id);
      await control('clock', { minutes: 10 }); // past the cursor's margin: only the overlap reads the payments again
      const since = new Date(Date.parse(t.emulator.store.invoices.find((i) => i.id === open[0]!.id)!.updatedAt) - 1000).toISOString();
      const changed = await outbound(t, { updated_since: since });
      expect(changed.length).toBeGreaterThanOrEqual(111);
      const differing = async () => {
        const offline = new Map((await m.list('--offline')).map((i) => [i.id, i.amount_paid]));
        return (await m.list()).filter((i) => offline.get(i.id) !== i.amount_paid).map((i) => i.number);
      };
      await syncWhileChanging(t, () => m.sync(), changed[9]!.id);
      expect(await differing(), 'the walk skipped a changed invoice (the scenario happened)').toHaveLength(1);

      await m.sync(); // its read overlaps the one before: the skipped change is listed again
      expect(await differing()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

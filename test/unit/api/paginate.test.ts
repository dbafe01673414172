import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { paginate, ShortListError } from '../../../src/api/paginate.js';
import { json, scriptedServer } from './server.js';
import { Redactor } from '../../../src/output/redact.js';

const ITEMS = Array.from({ length: 23 }, (_, i) => ({ id: i + 1 }));
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

async function listServer({ withTotal = true, delayMs = 0 } = {}) {
  let inFlight = 0;
  let maxInFlight = 0;
  const server = await scriptedServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const url = new URL(req.url!, 'http://x');
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    const data = ITEMS.slice((page - 1) * perPage, page * perPage);
    const more = page * perPage < ITEMS.length;
    setTimeout(() => {
      inFlight--;
      json(res, 200, { data, meta: { page, per_page: perPage, total: withTotal ? ITEMS.length : undefined, next_page: more ? page + 1 : null } });
    }, delayMs);
  });
  const client = new ApiClient({ redactor: new Redactor(), baseUrl: server.url, token: `p-${Math.random()}`, userAgent: 'x' });
  cleanup.push(
    () => client.close(),
    () => server.close(),
  );
  return { server, client, maxInFlight: () => maxInFlight };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('paginate', () => {
  it('returns one page unless asked to follow', async () => {
    const { client, server } = await listServer();
    const items = await collect(paginate(client, '/v1/x', {}, { perPage: 5, page: 2 }));
    expect(items.map((i: any) => i.id)).toEqual([6, 7, 8, 9, 10]);
    expect(server.seen).toHaveLength(1);
  });

  it('follows every page in order, fetching several at once when the total is known', async () => {
    const { client, maxInFlight } = await listServer({ delayMs: 30 });
    const items = await collect(paginate(client, '/v1/x', {}, { all: true, perPage: 3, concurrency: 4 }));
    expect(items.map((i: any) => i.id)).toEqual(ITEMS.map((i) => i.id));
    expect(maxInFlight()).toBeGreaterThan(1);
  });

  it('follows next_page one by one when there is no total', async () => {
    const { client, server } = await listServer({ withTotal: false });
    const items = await collect(paginate(client, '/v1/x', {}, { all: true, perPage: 10 }));
    expect(items).toHaveLength(23);
    expect(server.seen.map((s) => new URL(s.url, 'http://x').searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('stops at --limit and fetches only the pages it needs', async () => {
    const { client, server } = await listServer();
    const items = await collect(paginate(client, '/v1/x', {}, { limit: 12, perPage: 5 }));
    expect(items.map((i: any) => i.id)).toEqual(ITEMS.slice(0, 12).map((i) => i.id));
    expect(server.seen).toHaveLength(3);
  });

  it('pages locally an answer without a pagination envelope (the whole list)', async () => {
    const server = await scriptedServer((_req, res) => json(res, 200, { data: ITEMS }));
    const client = new ApiClient({ redactor: new Redactor(), baseUrl: server.url, token: `nometa-${Math.random()}`, userAgent: 'x' });
    cleanup.push(
      () => client.close(),
      () => server.close(),
    );
    const ids = async (options: Parameters<typeof paginate>[3]) =>
      (await collect(paginate(client, '/v1/events', {}, options, undefined, 'optional'))).map((i: any) => i.id);
    expect(await ids({})).toHaveLength(23);
    expect(await ids({ page: 2, perPage: 5 })).toEqual([6, 7, 8, 9, 10]);
    expect(await ids({ page: 2 })).toEqual([]);
    expect(await ids({ limit: 4 })).toEqual([1, 2, 3, 4]);
    expect(await ids({ all: true, perPage: 5 })).toHaveLength(23);
  });

  describe('a walk over every page must list everything its pages announced', () => {
    /** 23 items announced; page `emptyAt` answers no items (with a next page or none), or `repeat` sends page 1 again for page 2. */
    async function shortServer(mode: { emptyAt?: number; repeat?: boolean; total?: number }) {
      const server = await scriptedServer((req, res) => {
        const url = new URL(req.url!, 'http://x');
        let page = Number(url.searchParams.get('page') ?? 1);
        if (mode.repeat && page === 2) page = 1;
        const data = page === mode.emptyAt ? [] : ITEMS.slice((page - 1) * 10, page * 10);
        json(res, 200, { data, meta: { page, per_page: 10, total: mode.total, next_page: page * 10 < ITEMS.length ? String(page + 1) : null } });
      });
      const client = new ApiClient({ redactor: new Redactor(), baseUrl: server.url, token: `w-${Math.random()}`, userAgent: 'x' });
      cleanup.push(
        () => client.close(),
        () => server.close(),
      );
      return client;
    }

    it('an empty page before the total is reached: ShortListError naming n of m, after the records read', async () => {
      const client = await shortServer({ emptyAt: 2, total: 23 });
      const seen: number[] = [];
      const walk = (async () => {
        for await (const item of paginate(client, '/v1/x', {}, { all: true, perPage: 10 })) seen.push((item as { id: number }).id);
      })();
      await expect(walk).rejects.toThrow(ShortListError);
      await expect(walk).rejects.toThrow(/^10 of 23 listed/);
      expect(seen).toHaveLength(10);
    });

    it('a page that repeats another: its records count once, so the walk is short (with --all or a limit past the end)', async () => {
      const client = await shortServer({ repeat: true, total: 23 });
      await expect(collect(paginate(client, '/v1/x', {}, { all: true, perPage: 10 }))).rejects.toThrow(/^13 of 23 listed/);
      // A limit above the total is a walk over every page too.
      await expect(collect(paginate(client, '/v1/x', {}, { limit: 50, perPage: 10 }))).rejects.toThrow(/^13 of 23 listed/);
    });

    it('a walk without a total ended by the paginator at a page seen before, the total on a later page: short', async () => {
      const client = await shortServer({ repeat: true });
      const late = await scriptedServer((req, res) => {
        const page = Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? 1);
        // Page 1 names no total; page 2 says 23 and points back at page 1: the paginator stops there.
        json(res, 200, {
          data: ITEMS.slice((page - 1) * 10, page * 10),
          meta: { page, per_page: 10, total: page === 2 ? 23 : undefined, next_page: page === 1 ? 2 : 1 },
        });
      });
      const lateClient = new ApiClient({ redactor: new Redactor(), baseUrl: late.url, token: `l-${Math.random()}`, userAgent: 'x' });
      cleanup.push(
        () => lateClient.close(),
        () => late.close(),
      );
      await expect(collect(paginate(lateClient, '/v1/x', {}, { all: true, perPage: 10 }))).rejects.toThrow(/^20 of 23 listed/);
      // No page names a total: nothing to hold the walk to (the records as they came, a repeated page included).
      expect(await collect(paginate(client, '/v1/x', {}, { all: true, perPage: 10 }))).toHaveLength(20);
    });

    it('two companies’ records with the same id (a firm’s list) are two records; one company’s listed twice is one', async () => {
      const records = [...ITEMS.slice(0, 12).map((i) => ({ ...i, account_id: 'acc_a' })), ...ITEMS.slice(0, 11).map((i) => ({ ...i, account_id: 'acc_b' }))];
      const server = await scriptedServer((req, res) => {
        const page = Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? 1);
        // Page 3 sends page 2's last record again in place of its own first (a shift): 22 different of 23.
        const data = page === 3 ? [records[19], ...records.slice(21, 23)] : records.slice((page - 1) * 10, page * 10);
        json(res, 200, { data, meta: { page, per_page: 10, total: 23, next_page: page < 3 ? page + 1 : null } });
      });
      const firm = new ApiClient({ redactor: new Redactor(), baseUrl: server.url, token: `f-${Math.random()}`, userAgent: 'x' });
      cleanup.push(
        () => firm.close(),
        () => server.close(),
      );
      await expect(collect(paginate(firm, '/v1/x', {}, { all: true, perPage: 10 }))).rejects.toThrow(/^22 of 23 listed/);
      const whole = await scriptedServer((req, res) => {
        const page = Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? 1);
        json(res, 200, { data: records.slice((page - 1) * 10, page * 10), meta: { page, per_page: 10, total: 23, next_page: page < 3 ? page + 1 : null } });
      });
      const wholeClient = new ApiClient({ redactor: new Redactor(), baseUrl: whole.url, token: `g-${Math.random()}`, userAgent: 'x' });
      cleanup.push(
        () => wholeClient.close(),
        () => whole.close(),
      );
      expect(await collect(paginate(wholeClient, '/v1/x', {}, { all: true, perPage: 10 }))).toHaveLength(23);
    });

    it('a walk that starts past the first page (`--page 2 --all`) is not held to the total', async () => {
      const client = await shortServer({ total: 23 });
      expect(await collect(paginate(client, '/v1/x', {}, { all: true, perPage: 10, page: 2 }))).toHaveLength(13);
    });

    it('a whole walk, a reader that stops early, a limit, or no total at all: no error', async () => {
      const client = await shortServer({ total: 23 });
      expect(await collect(paginate(client, '/v1/x', {}, { all: true, perPage: 10 }))).toHaveLength(23);
      expect(await collect(paginate(client, '/v1/x', {}, { limit: 5, perPage: 10 }))).toHaveLength(5);
      for await (const _ of paginate(client, '/v1/x', {}, { all: true, perPage: 10 })) break;
      const unknown = await shortServer({ emptyAt: 2 });
      expect(await collect(paginate(unknown, '/v1/x', {}, { all: true, perPage: 10 }))).toHaveLength(10);
    });
  });
});

/**
 * The state file shared by several processes (`fisco --demo` run in parallel): a write another
 * process makes at any instant is never written over by a stale copy. Two runtimes on one file
 * stand for two processes. (A process's copy is stamped with the very bytes it was read from: the
 * stamp of a second read could be another process's later write, and the copy would then be written
 * back over it; test/e2e/faults-hostile.test.ts #4 lost one payment of twenty that way.)
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../../src/emulator/app.js';
import { readStateFile } from '../../src/emulator/persistence.js';
import { resources } from '../../src/emulator/resources/index.js';
import { createRuntime, type RuntimeOptions } from '../../src/emulator/runtime.js';
import { notesResource, TODAY } from './helpers.js';

const ROSSI = 'demo-prod-rossi';

function open(stateFile: string, options: Partial<RuntimeOptions> = {}) {
  const runtime = createRuntime({ stateFile, today: TODAY, quiet: true, ...options }, [...resources, notesResource]);
  const app = buildApp(runtime);
  const request = (method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: { authorization: `Bearer ${ROSSI}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { runtime, request, close: () => runtime.shutdown() };
}

const notesIn = (stateFile: string): unknown[] =>
  (JSON.parse(readFileSync(stateFile, 'utf8')) as { events: { key: string; data: { n: number } }[] }).events
    .filter((e) => e.key === 'test.note')
    .map((e) => e.data.n);

describe('the state file between processes', () => {
  test('a copy is stamped with the bytes it was read from; a file rewritten since is loaded before the next write', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'fisco-race-')), 'state.json');
    const first = open(stateFile);
    const before = readFileSync(stateFile);
    expect((await first.request('POST', '/v1/test-notes', { n: 1 })).status).toBe(201);
    const withNote1 = readFileSync(stateFile);
    await first.close();
    writeFileSync(stateFile, before);
    const read = readStateFile(stateFile, 1, TODAY)!;
    expect(read.stamp).toBe(createHash('sha256').update(before).digest('hex'));

    const second = open(stateFile);
    writeFileSync(stateFile, withNote1); // another process's write after this one started
    expect((await second.request('POST', '/v1/test-notes', { n: 2 })).status).toBe(201);
    await second.close();
    expect(notesIn(stateFile)).toEqual([1, 2]);
  });

  test('a read on a new day writes its date-driven events on the state as last written, never over another process write', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'fisco-race-')), 'state.json');
    const a = open(stateFile);
    const b = open(stateFile);
    expect((await a.request('POST', '/v1/test-notes', { n: 1 })).status).toBe(201);
    // b's copy predates note 1; its date moves on, so its next request fires the days' events and writes them.
    b.runtime.clock.advance(60 * 86_400_000);
    expect((await b.request('GET', '/v1/me')).status).toBe(200);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { meta: { scannedThrough: string }; events: { key: string }[] };
    expect(state.meta.scannedThrough).toBe(b.runtime.clock.today()); // the days' events were written…
    expect(state.events.some((e) => e.key !== 'test.note')).toBe(true);
    expect(notesIn(stateFile)).toEqual([1]); // …and note 1 kept
    // And the next write of either keeps both.
    expect((await a.request('POST', '/v1/test-notes', { n: 2 })).status).toBe(201);
    expect(notesIn(stateFile)).toEqual([1, 2]);
    await Promise.all([a.close(), b.close()]);
  });

  test('a change through the control routes is a write like any other: made on the state as last written', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'fisco-race-')), 'state.json');
    const a = open(stateFile);
    const b = open(stateFile);
    expect((await a.request('POST', '/v1/test-notes', { n: 1 })).status).toBe(201);
    const gone = b.runtime.store.invoices[0].id;
    expect((await b.request('DELETE', `/__emulator/invoices/${gone}`)).status).toBe(200);
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { invoices: { id: string }[] };
    expect(state.invoices.some((i) => i.id === gone)).toBe(false);
    expect(notesIn(stateFile)).toEqual([1]);
    await Promise.all([a.close(), b.close()]);
  });

  test("a read answers from the state as last written: another process's write is seen at once, not the copy loaded at start", async () => {
    // A stale read is a wrong lookup: a journal settling an in-flight payment would find it absent and pay it again.
    const stateFile = join(mkdtempSync(join(tmpdir(), 'fisco-race-')), 'state.json');
    const a = open(stateFile);
    const b = open(stateFile);
    const gone = b.runtime.store.invoices.find((i) => i.accountId === 'acc_rossi')!.id;
    expect((await b.request('DELETE', `/__emulator/invoices/${gone}`)).status).toBe(200);
    const ids = async (): Promise<string[]> => {
      const out: string[] = [];
      for (let page = 1; ; page += 1) {
        const answer = (await (await a.request('GET', `/v1/invoices?per_page=100&page=${page}`)).json()) as {
          data: { id: unknown }[];
          meta: { next_page: number | null };
        };
        out.push(...answer.data.map((i) => String(i.id)));
        if (!answer.meta.next_page) return out;
      }
    };
    const listed = await ids();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).not.toContain(gone);
    expect(((await (await a.request('GET', '/__emulator/state')).json()) as { invoices: { id: string }[] }).invoices.some((i) => i.id === gone)).toBe(false);
    await Promise.all([a.close(), b.close()]);
  });

  test("a webhook delivery's outcome is a change of the state like any other: written under the lock, kept by another process's write", async () => {
    // The receiver answers 410 Gone: the subscription is cancelled, as the service does.
    let received = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received += 1;
        res.writeHead(410).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const stateFile = join(mkdtempSync(join(tmpdir(), 'fisco-race-')), 'state.json');
    const a = open(stateFile, { allowHttpHooks: true });
    const b = open(stateFile);
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const created = await a.request('POST', '/v1/hooks', { target_url: url, events: ['payment.failed'] });
      expect(created.status).toBe(201);
      const id = String(((await created.json()) as { data: { id: unknown } }).data.id);
      expect((await a.request('POST', '/__emulator/events', { account_id: 'acc_rossi', event: 'payment.failed' })).status).toBe(201);
      type Saved = { hooks: { id: unknown; state: string }[]; deliveries: { hookId: unknown; status: string }[] };
      const saved = (): Saved => JSON.parse(readFileSync(stateFile, 'utf8')) as Saved;
      const hookState = () => saved().hooks.find((h) => String(h.id) === id)?.state;
      // Waits for what the state file shows (the test's own timeout bounds it), never for a fixed time.
      while (hookState() !== 'cancelled') await new Promise((r) => setTimeout(r, 25));
      expect(received).toBe(1);
      expect(hookState()).toBe('cancelled');
      expect(
        saved()
          .deliveries.filter((d) => String(d.hookId) === id)
          .map((d) => d.status),
      ).toEqual(['cancelled']);
      // Another process's write afterwards keeps it.
      expect((await b.request('POST', '/v1/test-notes', { n: 1 })).status).toBe(201);
      expect(hookState()).toBe('cancelled');
    } finally {
      await Promise.all([a.close(), b.close()]);
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

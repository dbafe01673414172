/**
 * The service's order, kept (issue 38, point 1). The contract states no list order: the emulator
 * lists invoices in each order its `listOrder` knob offers (newest or oldest issue date first, by
 * id, by number, an arbitrary but stable order), and under every one `fisco sync` then the offline
 * reads print what the online reads print, byte for byte, with no request; invoices created since
 * and mirrored by an incremental sync go where the service lists them, as the rule the last full
 * walk showed says; when the walk showed none (the arbitrary order), they are listed last and the
 * read says on stderr that their order is a guess, until a full sync places them. On SQLite, and on
 * PostgreSQL when a test server is given (test/e2e/pg.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ORDERS } from '../../src/emulator/faults.js';
import type { ListOrder } from '../../src/emulator/types.js';
import { harness, TOKENS, type Harness } from './harness.js';
import { mirrorOn, noticeIfNoPg, STORES } from './pg.js';

const READS: string[][] = [
  ['--account', 'acc_rossi', 'invoice', 'list', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--direction', 'inbound', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--payment-status', 'unpaid,partial', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--per-page', '7', '--page', '3', '-o', 'csv'],
  ['--all-accounts', 'invoice', 'list', '--all', '-o', 'ndjson'],
];

/** Creates an invoice of acc_rossi straight through the API, as another program would. */
async function create(h: Harness, issueDate: string, name: string): Promise<void> {
  const response = await fetch(`${h.emulator.url}/fatture/nuova/manuale`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      numerazione: 'Standard',
      issue_date: issueDate,
      metodo_pagamento: 'Bonifico Intesa',
      invia_sdi: true,
      cliente: { name, piva: '01234560157', address: 'Via Roma 1', cap: '20100', city: 'Milano', country: 'IT' },
      articoli: [{ nome: 'Consulenza', quantita: 1, prezzo: 100, iva: 22 }],
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** Every read online and offline; the reads whose stdout differ, and the offline stderr of each. */
async function compare(h: Harness): Promise<{ differ: string[]; notes: string[]; requests: number }> {
  const differ: string[] = [];
  const notes: string[] = [];
  let requests = 0;
  for (const read of READS) {
    const online = await h.run(read, { token: TOKENS.firm });
    expect(online.exitCode, online.stderr).toBe(0);
    const since = h.mark();
    const offline = await h.run(['--offline', ...read], { token: TOKENS.firm });
    requests += since().length;
    expect(offline.exitCode, offline.stderr).toBe(0);
    if (offline.stdout !== online.stdout) differ.push(read.join(' '));
    notes.push(...offline.stderr.split('\n').filter((line) => /listed last/.test(line)));
  }
  return { differ, notes, requests };
}

noticeIfNoPg();

describe.each(STORES.flatMap((store) => LIST_ORDERS.map((order) => [order, store] as const)))(
  'invoices listed %s by the service, the mirror on %s',
  (order: ListOrder, store) => {
    let h: Harness;
    let database: Awaited<ReturnType<typeof mirrorOn>>;
    beforeAll(async () => {
      h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
      h.emulator.setFaults({ listOrder: order });
      database = await mirrorOn(h, store);
    });
    afterAll(async () => {
      await h?.close();
      await database?.drop();
    });

    it('offline lists what online lists, in the same order, after a full sync, after an incremental one, and after --full', async () => {
      const sync = await h.run(['sync'], { token: TOKENS.firm, timeout: 60_000 });
      expect([0, 11]).toContain(sync.exitCode);
      const first = await compare(h);
      expect(first).toEqual({ differ: [], notes: [], requests: 0 });

      // Three invoices created since, one issued long before the others, and an incremental sync.
      await create(h, '2026-03-02', 'Ordine Cliente A');
      await create(h, '2026-11-20', 'Ordine Cliente B');
      await create(h, '2026-11-03', 'Ordine Cliente C');
      const again = await h.run(['sync'], { token: TOKENS.firm, timeout: 60_000 });
      expect([0, 11]).toContain(again.exitCode);
      const incremental = await compare(h);
      expect(incremental.requests).toBe(0);
      if (order === 'shuffled') {
        // No rule explains an arbitrary order: the new invoices are listed last, and the read says so.
        expect(incremental.notes.length).toBeGreaterThan(0);
        expect(incremental.notes[0]).toMatch(/Rossi Consulting S\.r\.l\. \(acc_rossi\): 3 invoices added since the last full sync are listed last, by id/);
      } else expect(incremental).toEqual({ differ: [], notes: [], requests: 0 });

      const full = await h.run(['sync', '--full'], { token: TOKENS.firm, timeout: 60_000 });
      expect([0, 11]).toContain(full.exitCode);
      expect(await compare(h)).toEqual({ differ: [], notes: [], requests: 0 });
    }, 120_000);
  },
);

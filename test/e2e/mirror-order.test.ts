/**
 * The service's order, kept (issue 38, point 1). The contract states no list order: the emulator
 * lists every list (invoices, clients, cost centers, expenses, F24 forms, tax deadlines) in each
 * order its `listOrder` and `listOrders` knobs offer (newest or oldest date first, by id, by
 * number or name, an arbitrary but stable order: src/emulator/list-orders.ts), and under every one
 * `fisco sync` then the offline reads print what the online reads print, byte for byte, with no
 * request; records created since and mirrored by an incremental sync go where the service lists
 * them, as the rule the last full walk showed says; when the walk showed none (the arbitrary
 * order), they are listed last and the read says on stderr that their order is a guess, until a
 * full sync places them. On SQLite, and on
 * PostgreSQL when a test server is given (test/e2e/pg.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ORDERS } from '../../src/emulator/faults.js';
import { OTHER_LISTS } from '../../src/emulator/list-orders.js';
import type { ListOrder } from '../../src/emulator/types.js';
import { harness, TOKENS, type Harness } from './harness.js';
import { mirrorOn, noticeIfNoPg, STORES } from './pg.js';

const READS: string[][] = [
  ['--account', 'acc_rossi', 'invoice', 'list', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--direction', 'inbound', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--payment-status', 'unpaid,partial', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--per-page', '7', '--page', '3', '-o', 'csv'],
  ['--all-accounts', 'invoice', 'list', '--all', '-o', 'ndjson'],
  ['--account', 'acc_rossi', 'clients', 'list', '--all', '-o', 'json'],
  ['--all-accounts', 'clients', 'list', '--all', '-o', 'ndjson'],
  ['--account', 'acc_rossi', 'cost-centers', 'list', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'expenses', 'list', '--period', '2026-11', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'expenses', 'list', '--from', '2026-01', '--to', '2026-11', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'f24', 'list', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'deadlines', 'list', '--all', '-o', 'json'],
  ['--account', 'acc_rossi', 'deadlines', 'list', '--per-page', '5', '--page', '2', '-o', 'csv'],
];

/** Posts to the emulator's control routes (records another program or the service itself would add). */
async function control(h: Harness, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${h.emulator.url}/__emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** A record of every other list created since the first sync: a client, an expense, an F24 form (with its deadline) and a tax deadline. */
async function createOthers(h: Harness): Promise<void> {
  const response = await fetch(`${h.emulator.url}/clients/store/manual`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ordine Cliente D', piva: '01234560157', address: 'Via Roma 2', cap: '20100', city: 'Milano', country: 'IT' }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  await control(h, '/expenses', {
    account_id: 'acc_rossi',
    document_number: 'ORD/7',
    document_date: '2026-11-02',
    periodo_competenza: '2026-11',
    subtotal: '100.00',
  });
  await control(h, '/expenses', {
    account_id: 'acc_rossi',
    document_number: 'ORD/10',
    document_date: '2026-10-28',
    periodo_competenza: '2026-11',
    subtotal: '50.00',
  });
  await control(h, '/tax-slips', { account_id: 'acc_rossi', kind: 'f24', due_date: '2026-12-16', description: 'Ordine F24 A' });
  await control(h, '/tax-slips', { account_id: 'acc_rossi', kind: 'f24', due_date: '2027-02-16', description: 'Ordine F24 B' });
  await control(h, '/tax-slips', { account_id: 'acc_rossi', kind: 'tax_item', due_date: '2026-12-30', description: 'Ordine contributi' });
}

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

/** An F24's signed link is the one the sync read (docs/mirror.md): its expiry and signature move with the clock, the rest of it must not. */
const unsigned = (text: string): string => text.replace(/expires=\d+&signature=[0-9a-f]+/g, 'expires=…');

/**
 * Every read online and offline: the reads whose stdout differ without the offline read saying that
 * an order is a guess (`differ`), those that say it (`guessed`), and the offline notes about order.
 */
async function compare(h: Harness): Promise<{ differ: string[]; guessed: string[]; notes: string[]; requests: number }> {
  const differ: string[] = [];
  const guessed: string[] = [];
  const notes: string[] = [];
  let requests = 0;
  for (const read of READS) {
    const online = await h.run(read, { token: TOKENS.firm });
    expect(online.exitCode, online.stderr).toBe(0);
    const since = h.mark();
    const offline = await h.run(['--offline', ...read], { token: TOKENS.firm });
    requests += since().length;
    expect(offline.exitCode, offline.stderr).toBe(0);
    const said = offline.stderr.split('\n').filter((line) => /listed last|placed by one of the orders/.test(line));
    // Said once in a run, however many pages it reads (--all).
    expect(new Set(said).size, read.join(' ')).toBe(said.length);
    notes.push(...said);
    if (unsigned(offline.stdout) !== unsigned(online.stdout)) (said.length ? guessed : differ).push(read.join(' '));
  }
  return { differ, guessed, notes, requests };
}

noticeIfNoPg();

describe.each(STORES.flatMap((store) => LIST_ORDERS.map((order) => [order, store] as const)))(
  'every list listed %s by the service, the mirror on %s',
  (order: ListOrder, store) => {
    let h: Harness;
    let database: Awaited<ReturnType<typeof mirrorOn>>;
    beforeAll(async () => {
      h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
      h.emulator.setFaults({ listOrder: order, listOrders: Object.fromEntries(OTHER_LISTS.map((list) => [list, order])) });
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
      expect(first).toEqual({ differ: [], guessed: [], notes: [], requests: 0 });

      // Three invoices created since, one issued long before the others, and an incremental sync.
      await create(h, '2026-03-02', 'Ordine Cliente A');
      await create(h, '2026-11-20', 'Ordine Cliente B');
      await create(h, '2026-11-03', 'Ordine Cliente C');
      await createOthers(h);
      const again = await h.run(['sync'], { token: TOKENS.firm, timeout: 60_000 });
      expect([0, 11]).toContain(again.exitCode);
      const incremental = await compare(h);
      expect(incremental.requests).toBe(0);
      if (order === 'shuffled') {
        // No rule explains an arbitrary order: the new records are listed last, and the read says so.
        // Clients and cost centers are read whole on every sync: they are always in the service's order.
        expect(incremental.notes).toContain(
          "offline: Rossi Consulting S.r.l. (acc_rossi): 3 invoices added since the last full sync are listed last, by id; the service's order of them is known after `fisco sync --full`",
        );
        expect(incremental.notes).toContain(
          "offline: Rossi Consulting S.r.l. (acc_rossi), F24 forms: 2 added since the last full sync are listed last, by id; the service's order of them is known after `fisco sync --full`",
        );
        expect(incremental.notes).toContain(
          "offline: Rossi Consulting S.r.l. (acc_rossi), tax deadlines: 3 added since the last full sync are listed last, by id; the service's order of them is known after `fisco sync --full`",
        );
        expect(incremental.notes.some((note) => /acc_rossi\), expenses: 2 added since/.test(note))).toBe(true);
        // Every read that differs says so, a later page too (where records listed last are); an `--all` walk once.
        expect(incremental.differ).toEqual([]);
        expect(incremental.guessed.every((read) => !/clients|cost-centers/.test(read))).toBe(true);
      } else {
        // A rule places them; where the full walk followed two rules that place a new record
        // differently (F24 ids given in due-date order: by date, or by id?), the read says so.
        expect(incremental.differ).toEqual([]);
        expect(incremental.notes.filter((note) => /listed last/.test(note))).toEqual([]);
        if (order === 'id')
          expect(incremental.notes).toContain(
            "offline: Rossi Consulting S.r.l. (acc_rossi), F24 forms: 2 added since the last full sync are placed by one of the orders the last full walk showed, which differ on them; the service's order is known after `fisco sync --full`",
          );
        if (order === 'newest' || order === 'oldest') expect(incremental.guessed).toEqual([]);
      }

      const full = await h.run(['sync', '--full'], { token: TOKENS.firm, timeout: 60_000 });
      expect([0, 11]).toContain(full.exitCode);
      expect(await compare(h)).toEqual({ differ: [], guessed: [], notes: [], requests: 0 });
    }, 120_000);
  },
);

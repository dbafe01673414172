/**
 * Nothing repeats across runs: a restart on the same state file (as every `fisco --demo` process
 * and every `fisco emulator --state` restart is) hands out new uuids, ids, numbers and secrets.
 * Ids as the contract types them: creation answers integers, lists strings, the same value.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { call, start } from './helpers.js';

const ROSSI = { token: 'demo-prod-rossi' };
const VAT = '00743110157';

async function createOne(emu: RunningEmulator) {
  const created = await call(emu.url, '/fatture/nuova/piva', {
    ...ROSSI,
    method: 'POST',
    body: { piva: VAT, articoli: [{ nome: 'A', quantita: 1, prezzo: 10, iva: 22 }] },
  });
  expect(created.status).toBe(201);
  const id = created.json.data.id;
  const record = emu.store.invoices.find((i) => i.numericId === id)!;
  const hook = await call(emu.url, '/v1/hooks', { ...ROSSI, method: 'POST', body: { target_url: `https://example.org/${id}`, events: ['invoice.created'] } });
  expect(hook.status).toBe(201);
  return { id, uuid: record.uuid!, number: record.number, secret: hook.json.data.secret as string, hookId: hook.json.data.id as string };
}

describe('ids across restarts', () => {
  test('a restart on the same state file continues ids and numbers and never repeats a uuid or a secret', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'fisco-ids-')), 'state.json');
    const first = await start({ stateFile });
    const seededNumbers = new Set(first.store.invoices.filter((i) => i.accountId === 'acc_rossi' && i.direction === 'outbound').map((i) => i.number));
    const a = await createOne(first);
    await first.close();

    const second = await start({ stateFile });
    const b = await createOne(second);
    await second.close();
    const third = await start({ stateFile });
    const c = await createOne(third);

    expect(new Set([a.uuid, b.uuid, c.uuid]).size).toBe(3);
    expect(new Set([a.secret, b.secret, c.secret]).size).toBe(3);
    expect([b.id, c.id]).toEqual([a.id + 1, a.id + 2]);
    expect(Number(b.hookId)).toBe(Number(a.hookId) + 1);
    const seq = (n: string) => Number(/^(\d+)\//.exec(n)![1]);
    expect([seq(b.number), seq(c.number)]).toEqual([seq(a.number) + 1, seq(a.number) + 2]);
    // no second "67/2026" beside a seeded one
    for (const n of [a.number, b.number, c.number]) expect(seededNumbers.has(n)).toBe(false);
    const numbers = third.store.invoices.filter((i) => i.accountId === 'acc_rossi' && i.direction === 'outbound').map((i) => i.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(a.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  });

  test('two emulators from the same seed share the seed data but not what they hand out', async () => {
    const [x, y] = [await start(), await start()];
    expect(x.store.invoices.slice(0, 20)).toEqual(y.store.invoices.slice(0, 20));
    const [a, b] = [await createOne(x), await createOne(y)];
    expect(a.id).toBe(b.id); // sequences are per state
    expect(a.uuid).not.toBe(b.uuid);
    expect(a.secret).not.toBe(b.secret);
  });

  test('seeded outbound numbers run per numbering and year in date order, and creation continues them', async () => {
    const emu = await start();
    const standard = emu.store.invoices
      .filter((i) => i.accountId === 'acc_rossi' && i.direction === 'outbound' && i.details.numerazione === 'Standard' && i.issue_date.startsWith('2025'))
      .sort((p, q) => p.issue_date.localeCompare(q.issue_date) || p.numericId - q.numericId);
    expect(standard.map((i) => i.number)).toEqual(standard.map((_, k) => `${k + 1}/2025`));
    const created = await createOne(emu);
    expect(created.number).toBe(`${standard.length + 1}/2025`);
  });

  test('creation answers an integer id; the list carries the same id as a string', async () => {
    const emu = await start();
    const manual = await call(emu.url, '/fatture/nuova/manuale', {
      ...ROSSI,
      method: 'POST',
      body: {
        cliente: { name: 'Alfa S.r.l.', piva: VAT, address: 'Via Roma 1', cap: '20121', city: 'Milano' },
        numerazione: 'Standard',
        issue_date: '2025-03-15',
        metodo_pagamento: 'Bonifico Intesa',
        articoli: [{ nome: 'A', quantita: 1, prezzo: 10, iva: 22 }],
      },
    });
    expect(manual.status).toBe(201);
    expect(Number.isInteger(manual.json.id)).toBe(true);
    const piva = await call(emu.url, '/fatture/nuova/piva', {
      ...ROSSI,
      method: 'POST',
      body: { piva: VAT, articoli: [{ nome: 'A', quantita: 1, prezzo: 10, iva: 22 }] },
    });
    expect(Number.isInteger(piva.json.data.id)).toBe(true);
    const list = await call(emu.url, '/v1/invoices?per_page=100', ROSSI);
    const ids = list.json.data.map((i: { id: unknown }) => i.id);
    expect(ids.every((id: unknown) => typeof id === 'string')).toBe(true);
    expect(ids).toContain(String(manual.json.id));
    expect(ids).toContain(String(piva.json.data.id));
  });
});

/**
 * The firm token's companies have data of their own for the month's work, and one of them
 * (acc_gialli) is a company on which the firm token lacks f24:read: fan-out, partial failure and
 * the monthly report meet realistic data.
 */
import { describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { call, start, TODAY } from './helpers.js';

const FIRM = { token: 'demo-firm-bianchi' };
const COMPANIES = ['acc_rossi', 'acc_verdi', 'acc_neri', 'acc_gialli'];
const THIS_MONTH = TODAY.slice(0, 7); // 2025-03
const LAST_MONTH = '2025-02';
const END: Record<string, string> = { '2025-02': '28', '2025-03': '31' };

async function all(emu: RunningEmulator, path: string): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const r = await call(emu.url, `${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`, FIRM);
    expect(r.status, path).toBe(200);
    items.push(...r.json.data);
    if (r.json.meta.next_page === null) return items;
  }
}

describe('the firm token’s limited company', () => {
  test('acc_gialli: F24 reads answer 403 naming the ability; its other data answers', async () => {
    const emu = await start();
    const accounts = await all(emu, '/v1/accounts');
    expect(accounts.map((a) => a.id)).toEqual(COMPANIES);
    expect(accounts.find((a) => a.id === 'acc_gialli')).toMatchObject({ name: 'Gialli Alimentari S.n.c.', status: 'active' });

    const denied = await call(emu.url, '/v1/f24s?account_id=acc_gialli', FIRM);
    expect(denied.status).toBe(403);
    expect(denied.json.error).toMatchObject({ code: 'forbidden', ability: 'f24:read', account_id: 'acc_gialli' });
    const f24 = emu.store.f24s.find((f) => f.accountId === 'acc_gialli')!;
    expect((await call(emu.url, `/v1/f24s/${f24.id}?account_id=acc_gialli`, FIRM)).status).toBe(403);

    // a firm-wide F24 read leaves the company out; other companies are there
    const firmWide = await all(emu, '/v1/f24s');
    expect(new Set(firmWide.map((f) => f.account_id))).toEqual(new Set(['acc_rossi', 'acc_verdi', 'acc_neri']));

    for (const path of [
      '/v1/invoices',
      '/v1/invoices?direction=inbound',
      '/v1/expenses',
      '/v1/expenses/summary',
      '/v1/cost-centers',
      '/v1/tax-deadlines',
      '/clients',
    ]) {
      const r = await call(emu.url, `${path}${path.includes('?') ? '&' : '?'}account_id=acc_gialli`, FIRM);
      expect(r.status, path).toBe(200);
      if (Array.isArray(r.json.data)) expect(r.json.data.length, path).toBeGreaterThan(0);
    }
    // the company's own F24s exist (the firm may not read them)
    expect(emu.store.f24s.filter((f) => f.accountId === 'acc_gialli').length).toBeGreaterThan(0);
  });

  test.each(COMPANIES)('%s has this and last month’s invoices both ways, expenses to review, F24s due with PDFs, deadlines', async (id) => {
    const emu = await start();
    const q = `account_id=${id}`;
    for (const month of [THIS_MONTH, LAST_MONTH]) {
      const outbound = (await all(emu, `/v1/invoices?${q}`)).filter((i) => i.issue_date.startsWith(month));
      const inbound = (await all(emu, `/v1/invoices?${q}&direction=inbound`)).filter((i) => i.issue_date.startsWith(month));
      expect(outbound.length, `${id} outbound ${month}`).toBeGreaterThan(0);
      expect(inbound.length, `${id} inbound ${month}`).toBeGreaterThan(0);
      expect(
        outbound.some((i) => i.sdi_status !== 'draft'),
        `${id} issued ${month}`,
      ).toBe(true);

      const expenses = await all(emu, `/v1/expenses?${q}&periodo=${month}`);
      expect(expenses.length, `${id} expenses ${month}`).toBeGreaterThan(0);
      expect(
        expenses.some((e) => e.needs_review),
        `${id} needs_review ${month}`,
      ).toBe(true);

      const deadlines = await all(emu, `/v1/tax-deadlines?${q}&due_date_from=${month}-01&due_date_to=${month}-${END[month]}`);
      expect(deadlines.length, `${id} deadlines ${month}`).toBeGreaterThan(0);

      if (id === 'acc_gialli') {
        expect(
          emu.store.f24s.some((f) => f.accountId === id && f.due_date.startsWith(month)),
          `${id} F24 ${month}`,
        ).toBe(true);
        continue;
      }
      const f24s = await all(emu, `/v1/f24s?${q}&due_date_from=${month}-01&due_date_to=${month}-${END[month]}`);
      expect(f24s.length, `${id} F24 ${month}`).toBeGreaterThan(0);
      const pdf = await fetch(f24s[0].file_url);
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // next month's deadlines, for the report
    const next = await all(emu, `/v1/tax-deadlines?${q}&due_date_from=2025-04-01&due_date_to=2025-04-30`);
    expect(next.length, `${id} next month deadlines`).toBeGreaterThan(0);
  });
});

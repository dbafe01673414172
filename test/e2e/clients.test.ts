import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

describe('clients list', () => {
  it('pages (50 by default on the service), follows --all and searches by name or VAT number', async () => {
    const first = parseJson<unknown[]>((await h.run(['clients', 'list'])).stdout);
    expect(first).toHaveLength(50);
    const all = parseJson<{ id: number; name: string; piva: string }[]>((await h.run(['clients', 'list', '--all'])).stdout);
    expect(all.length).toBe(80);
    const byName = parseJson<{ name: string }[]>((await h.run(['clients', 'list', '--search', 'leopardi', '--all'])).stdout);
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((c) => /leopardi/i.test(c.name))).toBe(true);
    const byVat = parseJson<{ id: number }[]>((await h.run(['clients', 'list', '--search', all[7].piva])).stdout);
    expect(byVat.map((c) => c.id)).toContain(all[7].id);
  });

  it('has a table on request and a CSV with a header', async () => {
    const table = await h.run(['clients', 'list', '-o', 'table', '--per-page', '3']);
    expect(table.stdout).toMatch(/VAT number/);
    const csv = await h.run(['clients', 'list', '-o', 'csv', '--per-page', '2']);
    expect(csv.stdout.split('\r\n')[0]).toMatch(/^id,name,piva/);
  });
});

describe('clients add', () => {
  it('adds by VAT number from the business register and records client.created', async () => {
    const sent = h.mark();
    const result = await h.run(['clients', 'add', '--piva', 'IT00743110157']);
    expect(result.exitCode).toBe(0);
    const created = parseJson(result.stdout);
    expect(created.name).toBe('Lombarda Servizi Industriali S.p.A.');
    expect(created.city).toBe('Milano');
    expect(sent()).toEqual([{ method: 'POST', path: '/clients/store/automatic', status: 201 }]);
    expect(h.emulator.store.events.some((e) => e.key === 'client.created' && e.data.piva === '00743110157')).toBe(true);
  });

  it('adds by hand with country IT by default and every optional field checked', async () => {
    const result = await h.run([
      'clients',
      'add',
      '--name',
      'Bottega Nuova S.r.l.',
      '--piva',
      '02345678904',
      '--sdi',
      'm5uxcr1',
      '--pec',
      'bottega@pec.it',
      '--email',
      'info@bottega.example',
      '--address',
      'Via Roma 1',
      '--cap',
      '20121',
      '--city',
      'Milano',
      '--province',
      'mi',
      '--domain',
      'bottega.example',
    ]);
    expect(result.exitCode).toBe(0);
    expect(parseJson(result.stdout).name).toBe('Bottega Nuova S.r.l.');
    const stored = h.emulator.store.clients.find((c) => c.name === 'Bottega Nuova S.r.l.')!;
    expect(stored).toMatchObject({ country: 'IT', sdi: 'M5UXCR1', province: 'MI', piva: '02345678904' });
  });

  it('accepts a foreign client without checking its VAT id or CAP', async () => {
    const result = await h.run(['clients', 'add', '--name', 'Acme GmbH', '--country', 'de', '--piva', 'DE123456789', '--sdi', 'XXXXXXX', '--cap', 'D-10117']);
    expect(result.exitCode).toBe(0);
    expect(h.emulator.store.clients.find((c) => c.name === 'Acme GmbH')).toMatchObject({ country: 'DE', piva: 'DE123456789' });
  });

  it('checks fields locally and sends nothing when one is wrong', async () => {
    const sent = h.mark();
    const cases: [string[], RegExp][] = [
      [['--piva', '00743110158'], /--piva: check digit is wrong/],
      [['--name', 'X', '--piva', '123'], /--piva: must be a partita IVA/],
      [['--name', 'X', '--sdi', 'ABC'], /--sdi: must be an SDI recipient code/],
      [['--name', 'X', '--pec', 'not-an-address'], /--pec: must be an e-mail/],
      [['--name', 'X', '--cap', '2012'], /--cap: must be a CAP/],
      [['--name', 'X', '--province', 'ZZ'], /--province: must be an Italian province/],
      [['--name', 'X', '--domain', `${'a'.repeat(253)}.it`], /--domain: is 256 characters long; at most 255 are allowed/],
      [['--piva', '00743110157', '--city', 'Roma'], /--city needs --name/],
      [[], /--piva P .* or --name N/],
    ];
    for (const [args, message] of cases) {
      const result = await h.run(['clients', 'add', ...args]);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(sent()).toEqual([]);
  });

  it('shows the existing client on a duplicate VAT number and exits 5', async () => {
    const existing = h.emulator.store.clients.find((c) => c.accountId === 'acc_rossi' && c.country === 'IT')!;
    const result = await h.run(['clients', 'add', '--name', 'Doppione S.r.l.', '--piva', existing.piva!]);
    expect(result.exitCode).toBe(5);
    expect(parseJson(result.stdout)).toMatchObject({ id: existing.id, name: existing.name, piva: existing.piva });
    expect(result.stderr).toContain(`a client with VAT number ${existing.piva} already exists (id ${existing.id}`);
    expect(h.emulator.store.clients.some((c) => c.name === 'Doppione S.r.l.')).toBe(false);
  });

  it('needs one company for a firm token: ambiguous_account without --account, fine with it', async () => {
    const ambiguous = await h.run(['clients', 'add', '--piva', '12345678903'], { token: TOKENS.firm });
    expect(ambiguous.exitCode).toBe(6);
    expect(ambiguous.stderr).toContain('--account');
    const ok = await h.run(['clients', 'add', '--piva', '12345678903', '--account', 'acc_verdi'], { token: TOKENS.firm });
    expect(ok.exitCode).toBe(0);
    expect(h.emulator.store.clients.find((c) => c.piva === '12345678903')?.accountId).toBe('acc_verdi');
  });
});

/**
 * fisco search over a synced mirror: accents and case ignored, VAT numbers with or without IT,
 * invoice numbers as written, amounts as an Italian types them; each hit naming its company, kind
 * and key fields; --in; every output format; no request at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { lastSeq, requestsSince } from './firm-helpers.js';

let h: Harness;
const GAMMA = { name: 'Gamma Ristorazione S.n.c.', piva: '03456780489' };
interface Hit {
  account_id: string;
  company: string;
  kind: string;
  id: string;
  ref: string | null;
  name: string | null;
  vat_number: string | null;
  date: string | null;
  amount: string | null;
  detail: string | null;
}

beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
  const added = await h.run(
    ['--account', 'acc_verdi', 'clients', 'add', '--name', 'Ceramiche Umbre S.r.l.', '--city', 'Città di Castello', '--piva', '01234567897'],
    {
      token: TOKENS.firm,
    },
  );
  expect(added.exitCode, added.stderr).toBe(0);
  // A client whose long row (PEC, e-mail, city) bm25 ranked below the invoices naming it (audit 29, finding 7).
  const gamma = await h.run(
    [
      '--account',
      'acc_rossi',
      'clients',
      'add',
      '--name',
      GAMMA.name,
      '--piva',
      GAMMA.piva,
      '--pec',
      'amministrazione.gammaristorazione@pec.gammaristorazione.it',
    ].concat(['--email', 'fatture@gammaristorazione.it', '--city', 'San Giovanni in Persiceto']),
    { token: TOKENS.firm },
  );
  expect(gamma.exitCode, gamma.stderr).toBe(0);
  const sync = await h.run(['sync'], { token: TOKENS.firm, timeout: 60_000 });
  expect(sync.exitCode, sync.stderr).toBe(11); // acc_gialli's F24s are refused to the firm token
}, 90_000);
afterAll(async () => h.close());

async function search(words: string[], extra: string[] = ['-o', 'json']) {
  const result = await h.run(['search', ...words, ...extra], { token: TOKENS.firm });
  expect(result.exitCode, result.stderr).toBe(0);
  return { ...result, hits: extra.includes('json') ? parseJson<Hit[]>(result.stdout) : [] };
}

const italian = (amount: string) => {
  const [int, dec] = amount.split('.');
  return `${int!.replace(/\B(?=(\d{3})+$)/g, '.')},${dec}`;
};

describe('fisco search', () => {
  it('finds Città by citta, across the companies, naming each hit’s company, kind and key fields', async () => {
    const from = lastSeq(h);
    const { hits, stderr } = await search(['citta']);
    expect(hits).toEqual([
      {
        account_id: 'acc_verdi',
        company: 'Verdi Costruzioni S.p.A.',
        kind: 'client',
        id: expect.any(String),
        ref: expect.any(String),
        name: 'Ceramiche Umbre S.r.l.',
        vat_number: '01234567897',
        date: '2026-11-20',
        amount: null,
        detail: expect.stringContaining('Città di Castello'),
      },
    ]);
    expect(requestsSince(h, from)).toEqual([]);
    expect(stderr).toMatch(/^offline: .* as of /m);
  });

  it('a VAT number with or without IT, an invoice number as written, an amount as an Italian types it', async () => {
    const invoice = h.emulator.store.invoices.find((i) => i.accountId === 'acc_neri' && i.direction === 'outbound' && Number(i.total_amount) > 1000)!;
    const vat = invoice.counterpart.vat_number;
    const withIt = (await search([`IT${vat}`, '--in', 'invoices', '--all'])).hits;
    const without = (await search([vat, '--in', 'invoices', '--all'])).hits;
    expect(withIt.length).toBeGreaterThan(0);
    expect(withIt).toEqual(without);
    expect(withIt.every((hit) => hit.vat_number === vat && hit.kind === 'invoice')).toBe(true);
    const byNumber = (await search([invoice.number, '--accounts', 'acc_neri'])).hits;
    expect(byNumber[0]).toEqual(expect.objectContaining({ account_id: 'acc_neri', kind: 'invoice', ref: invoice.number, amount: invoice.total_amount }));
    const typed = italian(invoice.total_amount);
    expect(typed).toMatch(/^\d+\.\d{3},\d{2}$/);
    const byAmount = (await search([typed, '--in', 'invoices'])).hits;
    expect(byAmount.map((hit) => hit.id)).toContain(invoice.id);
    expect(byAmount.every((hit) => hit.amount === invoice.total_amount)).toBe(true);
  });

  it('ranks a client named or numbered as typed above the invoices naming it', async () => {
    for (const typed of [GAMMA.name, GAMMA.piva, `IT${GAMMA.piva}`]) {
      const { hits } = await search([typed, '--all']);
      expect(hits.filter((hit) => hit.kind === 'invoice').length, typed).toBeGreaterThan(0);
      expect(hits[0], typed).toEqual(expect.objectContaining({ account_id: 'acc_rossi', kind: 'client', name: GAMMA.name, vat_number: GAMMA.piva }));
    }
  });

  it('a word with letters and digits finds what it begins; a plain number is exact', async () => {
    const invoice = h.emulator.store.invoices.find((i) => /^F\d{4}$/.test(i.number))!;
    const begun = invoice.number.slice(0, 4);
    const { hits } = await search([begun, '--in', 'invoices', '--all']);
    expect(hits.map((hit) => hit.id)).toContain(invoice.id);
    expect(hits.every((hit) => hit.ref!.startsWith(begun))).toBe(true);
    // Inside a word nothing is found: the number's digits alone are another word.
    const digits = (await search([invoice.number.slice(1), '--in', 'invoices', '--all'])).hits;
    expect(digits.map((hit) => hit.id)).not.toContain(invoice.id);
  });

  it('--in narrows the kinds; csv, ndjson and table like any list; a page and how to get the rest', async () => {
    const everything = (await search(['s.r.l.', '--all'])).hits;
    expect(new Set(everything.map((hit) => hit.kind)).size).toBeGreaterThan(1);
    const clients = (await search(['s.r.l.', '--in', 'clients', '--all'])).hits;
    expect(clients.length).toBeGreaterThan(0);
    expect(clients.every((hit) => hit.kind === 'client')).toBe(true);
    const csv = await search(['s.r.l.', '--in', 'clients', '--all'], ['-o', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('account_id,company,kind,id,ref,name,vat_number,date,amount,detail');
    expect(csv.stdout.trim().split('\r\n')).toHaveLength(clients.length + 1);
    const ndjson = await search(['s.r.l.', '--in', 'clients', '--all'], ['-o', 'ndjson']);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Hit),
    ).toEqual(clients);
    const table = await search(['s.r.l.', '--in', 'clients', '--limit', '3'], ['-o', 'table']);
    expect(table.stdout).toMatch(/Company +Kind +Ref +Name/);
    const page = await search(['s.r.l.', '--per-page', '2']);
    expect(page.hits).toEqual(everything.slice(0, 2));
    expect(page.stderr).toMatch(
      new RegExp(`${everything.length - 2} more items not fetched \\(this was 1–2 of ${everything.length}\\); add --all for every page, or --page 2\\.`),
    );
    expect((await search(['s.r.l.', '--per-page', '2', '--page', '2'])).hits).toEqual(everything.slice(2, 4));
  });

  it('nothing to look for is exit 2; no mirror is exit 2 naming fisco sync', async () => {
    const blank = await h.run(['search', '---'], { token: TOKENS.firm });
    expect(blank.exitCode).toBe(2);
    const none = await h.run(['search', 's.r.l.'], { token: TOKENS.readonly });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/Run `fisco sync` while online/);
  });
});

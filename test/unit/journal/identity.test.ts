import { describe, expect, it } from 'vitest';
import { normalizeInvoice, type Invoice } from '../../../src/api/invoices.js';
import { listedShown, sameLink, sentShown, tieCreated, type CreatedRef } from '../../../src/invoice/reconcile.js';
import { settleTwins, type TwinStep } from '../../../src/journal/twins.js';
import { settleInvoice, type ApplyStep } from '../../../src/bank/payments.js';
import type { JournalEntry } from '../../../src/journal/journal.js';
import type { Step } from '../../../src/journal/run.js';
import { assertText, stripUnsafeText, unsafeCharacter } from '../../../src/domain/text.js';

const item = (id: string, pdf = `https://api.test/fatture/u-${id}/pdf`): Invoice =>
  normalizeInvoice({ id, number: `${id}/2026`, issue_date: '2026-11-20', total_amount: 122, payment_status: null, sdi_status: 'draft', pdf_url: pdf });

describe('identity by the contract’s common key', () => {
  it('ties a creation by its url to the pdf_url, never by an id the list gives another invoice', () => {
    // The creation of invoice inv_12 answered id 13 (the list's id of another invoice) and its PDF link.
    const list = [item('12'), item('13')];
    expect(tieCreated([{ id: '13', url: 'https://api.test/fatture/u-12/pdf' }], list)).toEqual([list[0]]);
    // Without a url that ties, the id ties only where the list shows that same id.
    expect(tieCreated([{ id: '12', url: null }], list)).toEqual([list[0]]);
    expect(tieCreated([{ id: '9012', url: null }], list)).toEqual([undefined]);
    // Each item is tied once: two creations never take the same invoice.
    expect(
      tieCreated(
        [
          { id: '12', url: 'https://api.test/fatture/u-13/pdf' },
          { id: '13', url: null },
        ],
        list,
      ),
    ).toEqual([list[1], undefined]);
    expect(sameLink('https://api.test/a/../fatture/x/pdf', 'https://api.test/fatture/x/pdf')).toBe(true);
    expect(sameLink(null, 'https://api.test/x')).toBe(false);
  });

  const settle = (steps: TwinStep[], list: Invoice[]) =>
    settleTwins(steps, list, { shownOf: listedShown, tie: (done, items) => tieCreated(done as CreatedRef[], items) });
  const shown = (name?: string) => sentShown({ vatNumber: 'IT01234567890', name, total: '122.00', issueDate: '2026-11-20', draft: true });
  const of = (id: string, name: string) => normalizeInvoice({ ...item(id), counterpart: { name, vat_number: '01234567890' } });

  it('twins: with n records and k untied invoices, k are settled (those in flight first) and n − k left to send', () => {
    const list = [of('20', 'Rossi'), of('21', 'Rossi'), of('22', 'Rossi')];
    // R05 was created (as inv 20, answered with another id); R06 and R07 were not, as far as the journal knows.
    const done = { key: 'R05', shown: shown('Rossi'), done: { id: '9020', url: list[0]!.pdf_url } };
    const open = (key: string, inFlight = false) => ({ key, shown: shown('Rossi'), inFlight });
    const one = settle([done, open('R06'), open('R07', true)], list.slice(0, 2));
    expect([...one.assigned]).toEqual([['R07', list[1]]]);
    expect(one.groups).toEqual([{ keys: ['R05', 'R06', 'R07'], found: 2, toSend: ['R06'], surplus: [] }]);
    const more = settle([open('R06')], list);
    expect([...more.assigned.keys()]).toEqual(['R06']);
    expect(more.groups[0]!.surplus).toEqual([list[1], list[2]]);
  });

  it('compares every field the list shows of what was sent: one VAT number, date and total, other names, are not twins (issue 37)', () => {
    const list = [of('30', 'Batch Client K1'), of('31', 'Batch Client K2'), of('32', 'Batch Client K3')];
    const steps = [1, 2, 3, 4, 5, 6].map((k) => ({ key: `K-${k}`, shown: shown(`Batch Client K${k}`) }));
    const { assigned, groups } = settle(steps, list);
    expect([...assigned]).toEqual([
      ['K-1', list[0]],
      ['K-2', list[1]],
      ['K-3', list[2]],
    ]);
    expect(groups.flatMap((g) => g.toSend)).toEqual(['K-4', 'K-5', 'K-6']);
    // A name the list writes in other case or spacing is the same name; the VAT number with or without IT is the same number.
    expect(settle([{ key: 'K-1', shown: shown('  batch   CLIENT k1 ') }], list).assigned.get('K-1')).toBe(list[0]);
  });

  it('a field the service is seen to rewrite is not compared, and then the records it told apart are one group', () => {
    // K-1's invoice is known (tied by its link): the service listed it under another name than the one sent.
    const list = [of('40', 'ROSSI SRL (registro)'), of('41', 'ROSSI SRL (registro)')];
    const steps = [
      { key: 'K-1', shown: shown('Rossi 1'), done: { id: '9040', url: list[0]!.pdf_url } },
      { key: 'K-2', shown: shown('Rossi 2') },
      { key: 'K-3', shown: shown('Rossi 3') },
    ];
    const { assigned, groups, rewritten } = settle(steps, list);
    expect([...rewritten]).toEqual(['name']);
    expect(groups).toEqual([{ keys: ['K-1', 'K-2', 'K-3'], found: 2, toSend: ['K-3'], surplus: [] }]);
    expect([...assigned]).toEqual([['K-2', list[1]]]);
    // A request that sends no name (the business-register variant) compares none.
    expect(sentShown({ vatNumber: '01234567890', total: '1', issueDate: '2026-11-20', draft: false }).name).toBeUndefined();
  });

  it('a write settles one step only, across groups: the narrower group first', () => {
    const list = [of('50', 'Rossi')];
    const broad = { key: 'B', shown: shown(undefined) };
    const narrow = { key: 'N', shown: shown('Rossi') };
    const { assigned, groups } = settle([broad, narrow], list);
    expect([...assigned]).toEqual([['N', list[0]]]);
    expect(groups.find((g) => g.keys.includes('B'))!.toSend).toEqual(['B']);
  });
});

describe('bank: payments settled by amounts', () => {
  const step = (key: string, index: number, amount: string, seen = '300.00'): Step<ApplyStep> =>
    ({
      key,
      item: { index, allocation: { uuid: 'u1', number: '7/2026', amount, amountDueSeen: seen, invoiceId: '7' }, proposal: {} },
    }) as unknown as Step<ApplyStep>;
  const entry = (state: JournalEntry['state'], before?: string): JournalEntry => ({
    key: 'x',
    state,
    at: '2026-11-20T10:00:00Z',
    sentAt: '2026-11-20T10:00:00Z',
    ...(before ? { context: { amountPaidBefore: before } } : {}),
  });
  const now = (paid: string, due: string) => ({ amountPaid: paid, amountDue: due, number: '7/2026' });

  it('a payment in flight: risen by its amount is done, unchanged is not yet, anything else is to check', () => {
    const steps = [step('A', 0, '100.00')];
    const of = (e: JournalEntry) => () => e;
    expect(settleInvoice(steps, of(entry('sending', '0.00')), now('100.00', '200.00')).get('A')).toMatchObject({ state: 'done' });
    expect(settleInvoice(steps, of(entry('unknown', '0.00')), now('0.00', '300.00')).get('A')).toBeUndefined();
    expect(settleInvoice(steps, of(entry('sending', '0.00')), now('150.00', '150.00')).get('A')).toMatchObject({ state: 'unknown' });
  });

  it('never sent as far as the journal knows: the residue lower than the plan saw by exactly the first pending payments', () => {
    const steps = [step('A', 0, '100.00'), step('B', 1, '50.00'), step('C', 2, '150.00')];
    const none = () => undefined;
    expect(settleInvoice(steps, none, now('0.00', '300.00')).size).toBe(0);
    expect([...settleInvoice(steps, none, now('150.00', '150.00')).keys()]).toEqual(['A', 'B']);
    // 120 registered since the plan: not the first pending payments; the residue check decides.
    expect(settleInvoice(steps, none, now('120.00', '180.00')).size).toBe(0);
    // A done in the journal: B is what the residue shows besides it.
    const doneA = (key: string) => (key === 'A' ? entry('done') : undefined);
    expect([...settleInvoice(steps, doneA, now('150.00', '150.00')).keys()]).toEqual(['B']);
  });
});

describe('text that can never be right', () => {
  it('names the character and its position; notes keep line breaks; lengths count characters', () => {
    expect(unsafeCharacter('Rossi S.r.l.')).toBeUndefined();
    expect(String(unsafeCharacter('Rossi\u202eS'))).toBe('holds a bidirectional control character (U+202E) at character 6 (it changes how the text reads)');
    expect(String(unsafeCharacter('a\nb'))).toMatch(/control character \(U\+000A\)/);
    expect(unsafeCharacter('a\r\nb\nc', { multiline: true })).toBeUndefined();
    expect(String(unsafeCharacter('a\tb', { multiline: true }))).toMatch(/U\+0009/);
    for (const c of ['\u200e', '\u200f', '\u061c', '\u2066', '\u2069', '\u202a']) expect(String(unsafeCharacter(`x${c}`))).toMatch(/bidirectional/);
    for (const c of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'])
      expect(String(unsafeCharacter(`Zero${c}Width`))).toBe(
        `holds an invisible character (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}) at character 5 (it cannot be seen, so the text is not what it looks like)`,
      );
    expect(unsafeCharacter('Caffè Società — Città')).toBeUndefined();
    expect(String(unsafeCharacter('\u2028'))).toMatch(/separator/);
    expect(String(unsafeCharacter('a\ud800b'))).toMatch(/unpaired surrogate/);
    expect(String(unsafeCharacter('\u0085'))).toMatch(/control character \(U\+0085\)/);
    expect(() => assertText('è'.repeat(81), 'cliente.name', { max: 80 })).toThrow('cliente.name: is 81 characters long; at most 80 are allowed');
    expect(assertText('😀'.repeat(80), 'cliente.name', { max: 80 })).toHaveLength(160);
    expect(stripUnsafeText('ordinante ROSSI\u202e SRL\u0007')).toBe('ordinante ROSSI SRL ');
    expect(stripUnsafeText('\ufeffROS\u200bSI SRL')).toBe('ROSSI SRL');
  });
});

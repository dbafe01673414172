import { describe, expect, it } from 'vitest';
import { normalizeInvoice, type Invoice } from '../../../src/api/invoices.js';
import { assignGroup, sameLink, tieCreated } from '../../../src/invoice/reconcile.js';
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

  it('twins: with n records and k untied invoices, k are settled (those in flight first, as asked) and n − k left to send', () => {
    const list = [item('20'), item('21'), item('22')];
    // R05 was created (as inv 20, answered with another id); R06 and R07 were not, as far as the journal knows.
    const done = [{ id: '9020', url: list[0]!.pdf_url }];
    expect(assignGroup(done, ['R06', 'R07'], list.slice(0, 1))).toEqual({ assigned: new Map(), surplus: [] });
    const one = assignGroup(done, ['R06', 'R07'], list.slice(0, 2));
    expect([...one.assigned]).toEqual([['R06', list[1]]]);
    const more = assignGroup([], ['R06'], list);
    expect([...more.assigned.keys()]).toEqual(['R06']);
    expect(more.surplus).toEqual([list[1], list[2]]);
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

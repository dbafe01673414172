import { describe, expect, it } from 'vitest';
import { letterStem, nextAllowed, TERM_DAYS, type SentLetter } from '../../../src/dunning/letter.js';
import { sentLetters } from '../../../src/dunning/journal.js';
import { inDoubtFor } from '../../../src/dunning/sender.js';
import type { JournalEntry } from '../../../src/journal/journal.js';
import type { PlanLetter } from '../../../src/dunning/plan-file.js';

describe('the cadence', () => {
  const sent = (date: string, level: 1 | 2 | 3, refs = ['u1']): SentLetter => ({ key: `p/${date}`, refs, date, level });

  it('the next level only after the deadline the last letter gave plus the grace, from the day after', () => {
    expect(TERM_DAYS).toEqual({ 1: 15, 2: 10, 3: 15 });
    expect(nextAllowed(['u1'], [sent('2026-11-29', 1)], 7)?.from).toBe('2026-12-22');
    expect(nextAllowed(['u1'], [sent('2026-11-29', 2)], 0)?.from).toBe('2026-12-10');
    // The latest letter about any of the invoices holds the client back.
    expect(nextAllowed(['u1', 'u2'], [sent('2026-10-01', 1), sent('2026-11-29', 1, ['u2'])], 7)?.last.date).toBe('2026-11-29');
    expect(nextAllowed(['u3'], [sent('2026-11-29', 1)], 7)).toBeUndefined();
  });

  it('a letter counts from the later of the date it bears and the day it went out', () => {
    const entry = (at: string, result: Record<string, unknown>): JournalEntry => ({ key: 'p/x@L1', state: 'done', at, result });
    expect(sentLetters([entry('2026-11-29T10:00:00.000Z', { invoices: ['u1'], level: 1, letter_date: '2026-06-30' })])[0]).toMatchObject({
      date: '2026-11-29',
      level: 1,
    });
    expect(sentLetters([entry('2026-06-01T10:00:00.000Z', { invoices: ['u1'], level: 2, letter_date: '2026-06-30' })])[0]).toMatchObject({
      date: '2026-06-30',
      level: 2,
    });
    // An adopted entry keeps when it went out.
    expect(sentLetters([entry('2026-12-01T10:00:00.000Z', { invoices: ['u1'], sent_at: '2026-10-02T08:00:00.000Z' })])[0]!.date).toBe('2026-10-02');
  });
});

describe('letters to one client', () => {
  it('two name-only clients that differ only in accents never share a letter id', () => {
    expect(letterStem('00743110157')).toBe('00743110157');
    const [a, b] = [letterStem('name:möller gmbh'), letterStem('name:müller gmbh')];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^name_m_ller_gmbh-[0-9a-f]{8}$/);
  });

  it('a letter in doubt holds back a later one by client, address or invoice', () => {
    const letter = { client: { key: '00743110157' }, to: 'A@pec.it', invoices: [{ uuid: 'u1', invoice_id: '1' }] } as unknown as PlanLetter;
    const doubt = (context: Record<string, unknown>): JournalEntry => ({ key: 'old/x', state: 'unknown', at: '2026-11-29T10:00:00.000Z', context });
    expect(inDoubtFor(letter, [doubt({ client: '00743110157' })])?.key).toBe('old/x');
    expect(inDoubtFor(letter, [doubt({ to: 'a@PEC.it' })])?.key).toBe('old/x');
    expect(inDoubtFor(letter, [doubt({ invoices: ['u1'] })])?.key).toBe('old/x');
    expect(inDoubtFor(letter, [doubt({ client: 'other', to: 'b@pec.it', invoices: ['u2'] })])).toBeUndefined();
  });
});

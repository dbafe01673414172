import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legacyRegistered } from '../../../src/bank/legacy.js';
import { createMatcher } from '../../../src/bank/matcher.js';
import { TwoPasses } from '../../../src/bank/passes.js';
import { Spool } from '../../../src/bank/spool.js';
import type { Movement, OpenInvoice } from '../../../src/bank/types.js';
import type { JournalEntry } from '../../../src/journal/journal.js';
import { english } from '../../shared/english.js';
import { Joined, Message } from '../../../src/i18n/message.js';

function credit(ref: string, amount: string, remittance: string, bookingDate = '2026-11-20'): Movement {
  return {
    key: `bank:IT60X0542811101000000123456/${bookingDate}/${ref}`,
    legacyKey: `ref:${ref}`,
    source: { file: 's.xml', format: 'camt.053', location: ref },
    bookingDate,
    amount,
    currency: 'EUR',
    direction: 'credit',
    reversal: false,
    payer: { name: 'Alfa Logistica S.r.l.' },
    remittance,
    references: { bank: ref },
  };
}

const INVOICES: OpenInvoice[] = [
  { id: '1', uuid: 'u1', number: '12/2026', issueDate: '2026-10-01', counterpartName: 'Alfa Logistica S.r.l.', totalAmount: '1220.00', amountDue: '1220.00' },
];

describe('the spool between the two passes', () => {
  it('gives back every record in order, from memory or from its temporary file, and removes the file', async () => {
    for (const limit of [1 << 20, 64]) {
      const spool = new Spool<{ n: number; text: string }>(limit);
      // A long text now and then: a record bigger than the spool's buffer is written whole.
      const text = (n: number) => `riga ${n} con à e "virgolette"\nsu due righe${n % 97 === 0 ? ' è'.repeat(20_000) : ''}`;
      for (let n = 0; n < 500; n++) spool.write({ n, text: text(n) });
      const path = spool.path;
      expect(path === undefined).toBe(limit > 64);
      if (path) expect(statSync(path).mode & 0o777).toBe(0o600);
      const back: number[] = [];
      for await (const r of spool.read()) {
        expect(r.text).toBe(text(r.n));
        back.push(r.n);
      }
      expect(back).toEqual([...Array(500).keys()]);
      spool.close();
      if (path) expect(existsSync(path)).toBe(false);
    }
  });
});

describe('the two passes', () => {
  it('keeps the exact proposals of the first pass and makes the others in the second, in the order read', async () => {
    const matcher = createMatcher(INVOICES, { feeTolerance: '0.00' });
    const passes = new TwoPasses(() => matcher, 64);
    const partial = credit('P', '500.00', 'acconto fatt. 12/2026');
    const exact = credit('E', '1220.00', 'saldo fatt. 12/2026');
    passes.add('acc', partial);
    passes.add('acc', exact);
    expect(passes.count).toBe(2);
    const out = [];
    const movements: Movement[] = [];
    for await (const { account, proposal } of passes.proposals()) {
      out.push([account, proposal.movement.references.bank, proposal.status, proposal.fit ?? null]);
      movements.push(proposal.movement);
    }
    passes.close();
    // Kept whole (the spool packs them), but for the key of the version before: never into a plan.
    const { legacyKey: _p, ...partialRest } = partial;
    const { legacyKey: _e, ...exactRest } = exact;
    expect(movements).toEqual([partialRest, exactRest]);
    expect(out).toEqual([
      ['acc', 'P', 'unmatched', null],
      ['acc', 'E', 'proposed', 'exact'],
    ]);
    // The key of the version before is not carried past the first pass (never into a plan).
    expect(movements.every((m) => !('legacyKey' in m))).toBe(true);
  });
});

describe('a final proposal kept between the passes', () => {
  /** The words (Message, joined) in a value: what a rendering in the run's language needs. */
  const words = (value: unknown): number =>
    value instanceof Message
      ? 1 + words(value instanceof Joined ? value.parts : value.args)
      : Array.isArray(value)
        ? value.reduce((n: number, v) => n + words(v), 0)
        : value !== null && typeof value === 'object'
          ? Object.values(value).reduce((n: number, v) => n + words(v), 0)
          : 0;

  it('comes back from the spool file as the first pass made it, its words still words (never their English)', async () => {
    const exact = credit('E', '1220.00', 'saldo fatt. 12/2026');
    const made = createMatcher(INVOICES, { feeTolerance: '0.00' }).first(exact);
    expect(made.final).toBe(true);
    const { movement: _made, ...want } = made.proposal;
    expect(words(want)).toBeGreaterThan(0);
    const matcher = createMatcher(INVOICES, { feeTolerance: '0.00' });
    const passes = new TwoPasses(() => matcher, 64);
    passes.add('acc', exact);
    for (let i = 0; i < 20; i++) passes.add('acc', credit(`F${i}`, '3.00', 'giroconto'));
    const back = [];
    for await (const { proposal } of passes.proposals()) back.push(proposal);
    passes.close();
    const { movement: _back, ...got } = back[0]!;
    expect(got).toEqual(want);
    expect(words(got)).toBe(words(want));
  });
});

describe('journals of the version before', () => {
  const entry = (key: string, uuid: string, amount: string, day: string, over: Partial<JournalEntry> = {}): JournalEntry => ({
    key: `${key}>${uuid}`,
    state: 'done',
    at: '2026-11-16T10:00:00.000Z',
    hash: createHash('sha256').update(`${uuid}|${amount}|${day}`).digest('hex'),
    context: { uuid, amount },
    result: { number: '12/2026' },
    ...over,
  });

  it("recognise a movement by its old key on the journal's day only", () => {
    const known = legacyRegistered([entry('ref:3', 'u1', '1220.00', '2026-11-16'), entry('ref:9', 'u1', '5.00', '2026-11-16', { state: 'refused' })]);
    expect(english(known(credit('3', '1220.00', '', '2026-11-16')))).toBe(
      'registered on invoice 12/2026 on 2026-11-16 (by an earlier fisco, under its key ref:3)',
    );
    // CBI's number 3 of another day, and a refused payment: not registered.
    expect(known(credit('3', '1220.00', '', '2026-11-17'))).toBeUndefined();
    expect(known(credit('9', '5.00', '', '2026-11-16'))).toBeUndefined();
    // Keys of this version are the journal's own business (registeredMovements), not this one's.
    expect(legacyRegistered([entry('bank:X/2026-11-16/3', 'u1', '1220.00', '2026-11-16')])(credit('3', '1220.00', '', '2026-11-16'))).toBeUndefined();
  });

  it('recognise a CBI movement registered under its former key (number + statement date), whatever statement lists it now', () => {
    const A = 'cbi:IT60X0542811101000000123456';
    const known = legacyRegistered([entry(`${A}/2026-11-16/3`, 'u1', '1220.00', '2026-11-16')]);
    const cbi = (former: string, amount: string, booked: string, over: Partial<Movement> = {}): Movement => ({
      ...credit('x', amount, '', booked),
      key: `fp:${booked}/abc`,
      formerKey: former,
      ...over,
    });
    // The same statement matched again: its former key.
    expect(english(known(cbi(`${A}/2026-11-16/3`, '1220.00', '2026-11-16')))).toBe(
      `registered on invoice 12/2026 on 2026-11-16 (by an earlier fisco, under its key ${A}/2026-11-16/3)`,
    );
    // Listed by the next day's statement under another number: held for a person, never proposed again in silence.
    expect(english(known(cbi(`${A}/2026-11-17/5`, '1220.00', '2026-11-16')))).toMatch(/^possibly registered on invoice 12\/2026 on 2026-11-16: /);
    // Another day, a smaller credit than the registered allocation, another account, a debit: not that one.
    expect(known(cbi(`${A}/2026-11-17/3`, '1220.00', '2026-11-17'))).toBeUndefined();
    expect(known(cbi(`${A}/2026-11-17/5`, '1000.00', '2026-11-16'))).toBeUndefined();
    expect(known(cbi('cbi:IT99/2026-11-16/3', '1220.00', '2026-11-16'))).toBeUndefined();
    expect(known(cbi(`${A}/2026-11-16/3`, '1220.00', '2026-11-16', { direction: 'debit' }))).toBeUndefined();
  });

  it('recognise a movement registered under its former bank key (without direction and amount)', () => {
    const old = 'bank:IT60X0542811101000000123456/2026-11-16/R-7';
    const known = legacyRegistered([entry(old, 'u1', '1220.00', '2026-11-16')]);
    const m = (amount: string): Movement => ({ ...credit('R-7', amount, '', '2026-11-16'), key: `${old}/C${amount}`, formerKey: old });
    expect(english(known(m('1220.00')))).toBe(`registered on invoice 12/2026 on 2026-11-16 (by an earlier fisco, under its key ${old})`);
    // Another movement given the same reference that day, smaller than what was registered: not that one.
    expect(known(m('20.00'))).toBeUndefined();
  });

  it('decides by the key alone when the entry recorded nothing to compare', () => {
    const known = legacyRegistered([entry('h:abc', 'u1', '1.00', '2026-11-16', { hash: undefined, context: undefined })]);
    const m = { ...credit('x', '1.00', ''), legacyKey: 'h:abc' };
    expect(String(known(m))).toMatch(/^registered on invoice 12\/2026/);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FiscoError, InterruptedError, LocalWriteError, OutcomeUnknownError, PartialError } from '../../../src/errors.js';
import { endRun, exitCodeOf, OUTCOME_ORDER, outcomesOf, worstOutcome, type Tally } from '../../../src/journal/outcome.js';

const base: Tally = { done: 0, refused: 0, unknown: 0 };

describe('one order of outcomes', () => {
  it('is the table of docs/reliability.md, rank by rank, with its exit codes', () => {
    const doc = readFileSync(new URL('../../../docs/reliability.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('### One order of outcomes'));
    const rows = [...section.matchAll(/^\| (\d) \| ([a-z-]+) \| ([^|]+) \|/gm)].map((m) => [Number(m[1]), m[2], m[3]!.trim()]);
    expect(rows.map((r) => r[1])).toEqual([...OUTCOME_ORDER]);
    expect(rows.map((r) => r[0])).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const failure = new LocalWriteError('x');
    const codes = OUTCOME_ORDER.map((o) => String(exitCodeOf(o, { ...base, failure })));
    expect(rows.map((r) => String(r[2]).split(/[ (]/)[0])).toEqual(codes.map((c, i) => (OUTCOME_ORDER[i] === 'failed' ? 'the' : c)));
  });

  it('the worst outcome wins, whatever else happened', () => {
    const all: Tally = { done: 1, refused: 1, unknown: 1, interrupted: 'SIGINT', failure: new LocalWriteError('x'), notConfirmed: true };
    expect(outcomesOf(all)).toEqual(['unknown', 'interrupted', 'failed', 'partial', 'not-confirmed', 'done']);
    expect(worstOutcome(all)).toBe('unknown');
    expect(worstOutcome({ ...all, unknown: 0 })).toBe('interrupted');
    expect(exitCodeOf('interrupted', { ...all, interrupted: 'SIGTERM' })).toBe(143);
    expect(worstOutcome({ ...base, done: 2, refused: 1 })).toBe('partial');
    expect(worstOutcome({ ...base, refused: 2 })).toBe('refused');
    expect(exitCodeOf('refused', { ...base, refused: 2, refusedCode: 2 })).toBe(2);
    expect(worstOutcome({ ...base, done: 3 })).toBe('done');
  });

  it('endRun throws the worst outcome’s error, and refuses an error of another exit code', () => {
    const errors = {
      unknown: () => new OutcomeUnknownError('lost'),
      interrupted: () => new InterruptedError('stopped', 'SIGINT'),
      partial: () => new PartialError('some'),
      refused: () => new FiscoError('none', 6),
    };
    expect(() => endRun({ ...base, done: 1, unknown: 1, interrupted: 'SIGINT' }, errors)).toThrow(OutcomeUnknownError);
    expect(() => endRun({ ...base, done: 1, refused: 1, interrupted: 'SIGINT' }, errors)).toThrow(InterruptedError);
    expect(() => endRun({ ...base, done: 1, refused: 1 }, errors)).toThrow(PartialError);
    expect(() => endRun({ ...base, done: 1 }, errors)).not.toThrow();
    expect(() => endRun({ ...base, done: 1, refused: 1 }, { partial: () => new FiscoError('x', 6) })).toThrow(/exit 11/);
  });
});

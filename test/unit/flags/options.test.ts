import { english } from '../../shared/english.js';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { flagSchema, parseFlags, parseOptions } from '../../../src/flags/parse.js';
import { LIST_FLAGS } from '../../../src/flags/shared.js';
import { defineFlags } from '../../../src/flags/spec.js';

const listOptionsSchema = flagSchema(LIST_FLAGS);

const caught = (fn: () => unknown): UsageError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
};

describe('parseOptions', () => {
  it('reports every bad flag at once, each naming its flag', () => {
    const table = defineFlags({
      ...LIST_FLAGS,
      updatedSince: { flag: '--updated-since <d>', kind: 'string', pattern: /^\d{4}-\d{2}-\d{2}$/, invalid: 'must be a date YYYY-MM-DD', description: 'd' },
    });
    const error = caught(() => parseFlags(table, { page: '0', perPage: '500', limit: 'x', updatedSince: 'ieri' }));
    expect(error.message).toBe('4 problems with the options, nothing was sent:');
    expect(english(error.hints)).toEqual([
      expect.stringMatching(/^--page: /),
      expect.stringMatching(/^--per-page: must be from 1 to 100/),
      expect.stringMatching(/^--limit: must be a whole number/),
      '--updated-since: must be a date YYYY-MM-DD',
    ]);
  });

  it('keeps the one-line form for a single problem', () => {
    const error = caught(() => parseOptions(listOptionsSchema, { perPage: '101' }));
    expect(error.message).toMatch(/^--per-page: must be from 1 to 100/);
    expect(english(error.hints)).toEqual([]);
  });

  it('returns the parsed values when all is well', () => {
    expect(parseOptions(listOptionsSchema, { page: '2', all: true })).toEqual({ page: 2, all: true });
  });
});

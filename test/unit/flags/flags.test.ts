import { english } from '../../shared/english.js';
import { Command } from 'commander';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { addFlags } from '../../../src/flags/commander.js';
import { parseFlags } from '../../../src/flags/parse.js';
import { attributeName, defineFlags } from '../../../src/flags/spec.js';
import { FiscoError } from '../../../src/errors.js';

const TABLE = defineFlags({
  feeTolerance: { flag: '--fee-tolerance <amount>', kind: 'amount', description: 'shortfall read as a bank fee', default: '0', allowZero: true },
  date: { flag: '--date <date>', kind: 'date', description: 'a date' },
  resolve: { flag: '--resolve <ref=outcome>', kind: 'list', description: 'settle a record' },
  format: { flag: '--format <name>', kind: 'choice', choices: ['camt.053', 'csv'] as const, description: 'format' },
  retries: { flag: '--retries <n>', kind: 'int', description: 'how many' },
  yes: { flag: '-y, --yes', kind: 'boolean', description: 'confirm' },
  plan: { flag: '--plan <file>', kind: 'string', description: 'plan file', required: true },
  input: { flag: '--no-input', kind: 'boolean', description: 'never prompt' },
});

function parse(argv: string[]) {
  const command = addFlags(new Command('x').exitOverride(), TABLE);
  command.parse(argv, { from: 'user' });
  return command.opts();
}

describe('flag tables: one declaration per flag', () => {
  it('gives commander its options, defaults, choices and repeatable lists', () => {
    const raw = parse(['--resolve', 'A=absent', '--resolve', 'B=created:4', '--format', 'csv', '-y', '--plan', 'p.json']);
    expect(raw).toEqual({ feeTolerance: '0', resolve: ['A=absent', 'B=created:4'], format: 'csv', yes: true, plan: 'p.json', input: true });
    expect(() => parse(['--format', 'pdf'])).toThrow(/Allowed choices are camt.053, csv/);
  });

  it('parses through the one input parser and types what run receives', () => {
    const options = parseFlags(TABLE, parse(['--fee-tolerance', '1,50', '--date', '24/11/2026', '--retries', '3', '--plan', 'p.json']));
    expect(options).toEqual({ feeTolerance: '1.50', date: '2026-11-24', retries: 3, plan: 'p.json', input: true });
    expectTypeOf(options.plan).toEqualTypeOf<string>();
    expectTypeOf(options.feeTolerance).toEqualTypeOf<string>();
    expectTypeOf(options.format).toEqualTypeOf<'camt.053' | 'csv' | undefined>();
    expectTypeOf(options.resolve).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(options.retries).toEqualTypeOf<number | undefined>();
  });

  it('reports every problem at once, each with its flag, and refuses unknown keys', () => {
    let caught: unknown;
    try {
      parseFlags(TABLE, { feeTolerance: '1.234', date: '31/02/2026', retries: 'x', misspelt: true });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FiscoError);
    const error = caught as FiscoError;
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe('5 problems with the options, nothing was sent:');
    expect(english(error.hints)).toEqual([
      '--plan: is required',
      "--fee-tolerance: '1.234' is ambiguous: write 1234 or 1.234,00 for 1234 euro (an amount has at most two decimals)",
      '--date: 31/02/2026 is not a calendar date (write dd/mm/yyyy or YYYY-MM-DD)',
      '--retries: must be a whole number (0 or more)',
      '--misspelt: is not an option of this command',
    ]);
  });

  it('catches a key that is not the flag it declares, at registration', () => {
    expect(attributeName('--fee-tolerance <a>')).toBe('feeTolerance');
    expect(attributeName('-y, --yes')).toBe('yes');
    expect(attributeName('--no-input')).toBe('input');
    expect(() => addFlags(new Command('x'), { fee: { flag: '--fee-tolerance <a>', kind: 'amount', description: '' } })).toThrow(
      'key fee does not match --fee-tolerance <a>',
    );
  });
});

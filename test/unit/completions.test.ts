import { readFileSync } from 'node:fs';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { recordOf } from '../../src/commands/register.js';
import { GLOBAL_FLAGS } from '../../src/flags/global.js';
import { COST_CENTER_TYPES } from '../../src/api/cost-centers.js';
import { DEADLINE_STATUSES, DEADLINE_TYPES } from '../../src/api/deadlines.js';
import { ALLOCATION_METHODS } from '../../src/api/expenses.js';
import { F24_STATUSES } from '../../src/api/f24.js';
import { DELIVERY_FAILED, PAYMENT_FILTERS, SDI_STATUSES } from '../../src/api/invoices.js';
import { complete, flagValueSpec, formatCompletion } from '../../src/completion/complete.js';
import { COMPLETION_FILES, COMPLETION_SCRIPTS } from '../../src/completion/generate.js';
import * as values from '../../src/completion/values.js';
import { OUTPUT_FORMATS } from '../../src/output/format.js';
import { REPORT_LANGS } from '../../src/report/labels.js';
import { LANGS } from '../../src/i18n/message.js';
import { EVENT_KEYS } from '../../src/webhooks/event-keys.js';

function commands(command: Command, path: string[] = [], out: { path: string[]; command: Command }[] = []) {
  out.push({ path, command });
  for (const sub of command.commands) commands(sub, [...path, sub.name()], out);
  return out;
}

const program = buildProgram();
const all = commands(program);
const sources = { profiles: () => ['acme-production', 'acme-sandbox'] };
const offered = (...words: string[]) => complete(program, words, sources).candidates.map((c) => c.value);

describe('completions/', () => {
  it('is in sync with src/completion/generate.ts (run `npm run completions` after changing it)', () => {
    for (const [shell, file] of Object.entries(COMPLETION_FILES)) {
      expect(readFileSync(new URL(`../../completions/${file}`, import.meta.url), 'utf8'), file).toBe(
        COMPLETION_SCRIPTS[shell as keyof typeof COMPLETION_SCRIPTS](),
      );
    }
  });
});

describe('the value table', () => {
  it('mirrors the API constants, so completion offers exactly what the commands accept', () => {
    expect(values.SDI_STATUS_VALUES).toEqual(SDI_STATUSES.map((s) => (s === 'failed_delivery' ? DELIVERY_FAILED : s)));
    expect(values.PAYMENT_STATUS_VALUES).toEqual(PAYMENT_FILTERS);
    expect(values.F24_STATUS_VALUES).toEqual(F24_STATUSES);
    expect(values.DEADLINE_TYPE_VALUES).toEqual(DEADLINE_TYPES);
    expect(values.DEADLINE_STATUS_VALUES).toEqual(DEADLINE_STATUSES);
    expect(values.COST_CENTER_TYPE_VALUES).toEqual(COST_CENTER_TYPES);
    expect(values.ALLOCATION_METHOD_VALUES).toEqual(ALLOCATION_METHODS);
    expect(values.LANG_VALUES).toEqual(REPORT_LANGS);
    expect([...values.LANG_VALUES].sort()).toEqual([...LANGS].sort());
    expect(values.EVENT_KEY_VALUES).toEqual(EVENT_KEYS);
    expect(values.OUTPUT_FORMATS).toEqual(OUTPUT_FORMATS);
  });

  it('comes from the records: each option offers what its flag table declares, each argument what its record does', () => {
    for (const { path, command } of all) {
      const record = recordOf(command);
      const table = record?.kind === 'verb' ? record.flags : path.length === 0 ? GLOBAL_FLAGS : {};
      for (const option of command.options) {
        const spec = Object.values(table).find((s) => s.flag === option.flags);
        const declared = spec?.complete ?? (spec?.choices && (spec.kind === 'enum' || spec.kind === 'enumList') ? spec.choices : undefined);
        if (option.long === '--help' || option.long === '--version') continue;
        expect(flagValueSpec(option) === undefined, `${path.join(' ')} ${option.long}`).toBe(declared === undefined);
      }
      if (record?.kind !== 'verb') continue;
      (record.args ?? []).forEach((arg, i) =>
        expect(values.offeredValues(command.registeredArguments[i]!), `${path.join(' ')} ${arg.name}`).toBe(arg.complete),
      );
    }
  });

  it('gives every flag that takes a file or folder a path completion', () => {
    const pathLike = (o: Option) => /<(file|dir|folder|path)>/.test(o.flags) || /-(file|dir)$/.test(o.long ?? '');
    for (const { path, command } of all) {
      for (const option of command.options.filter(pathLike)) {
        const spec = flagValueSpec(option);
        expect(spec?.kind, `${path.join(' ')} ${option.long}`).toMatch(/^(file|dir)$/);
      }
    }
  });

  it('describes every enumerated value in the flag help, so --help shows what is allowed', () => {
    for (const { path, command } of all) {
      for (const option of command.options) {
        const spec = flagValueSpec(option);
        if (spec?.kind !== 'words' || option.long === '--natura') continue;
        for (const word of spec.words) expect(`${option.description} ${option.argChoices ?? ''}`, `${path.join(' ')} ${option.long}`).toContain(word);
      }
    }
  });
});

describe('fisco __complete', () => {
  it('offers subcommands, then the flags of that command and the global ones', () => {
    expect(offered('f24', '')).toEqual(['list', 'get', 'download']);
    const flags = offered('f24', 'list', '--');
    expect(flags).toContain('--status');
    expect(flags).toContain('--output');
    expect(flags).not.toContain('--payment-status');
    expect(offered('invoice', 'list', '--pay')).toEqual(['--payment-status']);
  });

  it('completes values after a flag, after --flag=, and inside comma lists', () => {
    expect(offered('-o', '')).toEqual(['table', 'json', 'ndjson', 'csv']);
    expect(offered('--output=c')).toEqual(['--output=csv']);
    expect(offered('invoice', 'list', '--sdi-status', 'rejected,de')).toEqual(['rejected,delivered', 'rejected,delivery_failed']);
    expect(offered('hooks', 'create', '--url', 'https://x', '--event', 'tax.')).toEqual(['tax.created', 'tax.deadline_approaching']);
    expect(offered('-p', '')).toEqual(['acme-production', 'acme-sandbox']);
    expect(offered('auth', 'logout', 'acme-s')).toEqual(['acme-sandbox']);
    expect(offered('completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(offered('help', 'f24', 'd')).toEqual(['download']);
  });

  it('asks the shell for files or folders on path flags, and for nothing on dates', () => {
    expect(complete(program, ['f24', 'download', '--dir', ''], sources).directive).toBe('dir');
    expect(complete(program, ['deadlines', 'export', '--ics', 's'], sources).directive).toBe('file');
    expect(complete(program, ['invoice', 'create', '--from', ''], sources).directive).toBe('file');
    expect(complete(program, ['expenses', 'list', '--from', ''], sources)).toEqual({ candidates: [], directive: 'none' });
    expect(formatCompletion(complete(program, ['f24', 'download', '--dir', ''], sources))).toBe(':dir\n');
  });

  it('skips flag values when finding the command (a value that looks like a noun is not one)', () => {
    expect(offered('--profile', 'f24', 'invoice', '')).toContain('list');
    expect(offered('-o', 'json', 'f24', 'l')).toEqual(['list']);
  });
});

describe("docs/commands.md's command reference", () => {
  it('is the one generated from the command tree (run `npm run docs:commands` after changing commands)', async () => {
    const { commandReference, withReference } = await import('../../src/help/reference.js');
    const doc = readFileSync(new URL('../../docs/commands.md', import.meta.url), 'utf8');
    expect(doc).toBe(withReference(doc, commandReference(buildProgram())));
    for (const { path } of all.filter((c) => c.command.commands.length === 0 && c.path.length > 0)) expect(doc).toContain(`| \`fisco ${path.join(' ')}`);
  });
});

/**
 * The strict schema of a flag table (spec.ts), loaded when a verb runs: unknown keys are refused,
 * every problem is reported at once with its flag, and what comes out is typed from the table
 * (FlagValues), so no verb casts or parses its options itself.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as z from '../api/zod.js';
import { UsageError } from '../errors.js';
import { assertInstant } from '../domain/dates.js';
import { parseAmountInput, parseDateInput, parseMonthInput } from '../domain/input.js';
import { ValidationError } from '../domain/validation-error.js';
import { day, joined, Message, t, verbatim, type Text } from '../i18n/message.js';
import type { FlagSpec, FlagTable, FlagValues } from './spec.js';

/** The flag a camelCase option key came from: perPage → --per-page. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** A problem with a flag's value, in fisco's words: the Message rides on the issue, its English is zod's message. */
function problem(ctx: { addIssue: (issue: { code: 'custom'; message: string; params: { text: Text } }) => void }, text: Text): void {
  ctx.addIssue({ code: 'custom', message: String(text), params: { text } });
}

/** The words of a zod issue: fisco's Message when it carries one; zod's own (a type mismatch) otherwise. */
function issueText(issue: z.core.$ZodIssue): Text {
  const text = (issue as { params?: { text?: unknown } }).params?.text;
  if (text instanceof Message || typeof text === 'string') return text;
  return issue.code === 'invalid_type' ? t`is not a value this flag takes` : verbatim(issue.message);
}

/** A flag read by one of the domain's parsers (src/domain/input.ts and dates.ts): its ValidationError becomes the flag's problem. */
function fromParser(parse: (value: string, field: string) => unknown, key: string) {
  return z.string().transform((value, ctx) => {
    try {
      return parse(value, flagName(key));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      problem(ctx, error.detail);
      return z.NEVER;
    }
  });
}

/** An instant, or a date (YYYY-MM-DD or dd/mm/yyyy: its UTC midnight). */
function parseInstant(value: string, field: string): string {
  return /^\d{1,2}[/.]\d{1,2}[/.]\d{4}$/.test(value.trim()) ? assertInstant(parseDateInput(value, field), field) : assertInstant(value, field);
}

/** 0..1 from what a person typed ("0.8", "0,8", "1"). */
function parseConfidence(raw: string, field: string): number {
  const text = raw.trim().replace(',', '.');
  if (!/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(text)) throw new ValidationError(field, t`'${raw}' is not a confidence from 0 to 1 (like 0.8)`);
  return Number(text);
}

/** A year of issue: four digits. */
function parseYear(value: string, field: string): string {
  if (!/^\d{4}$/.test(value.trim())) throw new ValidationError(field, t`'${value}' is not a year (four digits, like 2026)`);
  return value.trim();
}

/** A whole number of seconds. */
function parseSeconds(value: string, field: string): number {
  if (!/^\d+$/.test(value)) throw new ValidationError(field, t`'${value}' is not a whole number of seconds`);
  return Number(value);
}

/** A file to be written: its folder must exist, and it must not be a folder itself. */
function checkFileToWrite(path: string, field: string): string {
  const folder = dirname(resolve(path));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new ValidationError(field, t`the folder ${folder} does not exist`);
  if (existsSync(path) && statSync(path).isDirectory()) throw new ValidationError(field, t`${path} is a folder`);
  return path;
}

/** "did you mean `ready`? " for a value that differs from an allowed one only in case. */
function meant(value: string, allowed: readonly string[]): Text {
  const same = allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
  return same === undefined ? '' : t`did you mean \`${same}\`? `;
}

/** A comma list whose every element must be one of `allowed`. */
function enumListSchema(allowed: readonly string[]) {
  return z.string().transform((value, ctx) => {
    const items = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = items.find((item) => !allowed.includes(item));
    if (bad !== undefined || items.length === 0) {
      const list = allowed.join(', ');
      problem(
        ctx,
        bad === undefined ? t`empty list; use a comma list of ${list}` : t`'${bad}' is not allowed; ${meant(bad, allowed)}use a comma list of ${list}`,
      );
      return z.NEVER;
    }
    return items;
  });
}

function enumSchema(allowed: readonly string[]) {
  return z.string().superRefine((value, ctx) => {
    if (!allowed.includes(value)) problem(ctx, t`${meant(value, allowed)}use one of ${allowed.join(', ')}`);
  });
}

function stringSchema(spec: FlagSpec): z.ZodType {
  const value = spec.trim ? z.string().trim() : z.string();
  return value.superRefine((text, ctx) => {
    if (!spec.allowEmpty && text.length === 0) problem(ctx, spec.empty ?? t`must not be empty`);
    else if (spec.maxLength !== undefined && text.length > spec.maxLength) problem(ctx, t`at most ${spec.maxLength} characters`);
    else if (spec.pattern && !spec.pattern.test(text)) problem(ctx, spec.invalid ?? t`is not a value this flag takes`);
  });
}

function intSchema(spec: FlagSpec): z.ZodType {
  const { min, max } = spec;
  const pattern = spec.pattern ?? (spec.decimal ? /^\d+(\.\d+)?$/ : /^\d+$/);
  return z.union([z.string(), z.number()]).transform((given, ctx) => {
    const text = String(given);
    const n = Number(text);
    if (!pattern.test(text)) problem(ctx, spec.invalid ?? t`must be a whole number (0 or more)`);
    else if ((min !== undefined && n < min) || (max !== undefined && n > max)) problem(ctx, spec.range ?? spec.invalid ?? t`is out of range`);
    else return n;
    return z.NEVER;
  });
}

function valueSchema(key: string, spec: FlagSpec): z.ZodType {
  switch (spec.kind) {
    case 'boolean':
      return z.boolean();
    case 'list':
      return z.array(
        spec.allowEmpty ? z.string() : z.string().superRefine((text, ctx) => (text.length === 0 ? problem(ctx, t`must not be empty`) : undefined)),
      );
    case 'int':
      return intSchema(spec);
    case 'amount':
      return fromParser((value, field) => parseAmountInput(value, field, { allowZero: spec.allowZero, allowNegative: spec.allowNegative }), key);
    case 'date':
      return fromParser(parseDateInput, key);
    case 'instant':
      return fromParser(parseInstant, key);
    case 'month':
      return fromParser(parseMonthInput, key);
    case 'confidence':
      return fromParser(parseConfidence, key);
    case 'fileToWrite':
      return fromParser(checkFileToWrite, key);
    case 'year':
      return fromParser(parseYear, key);
    case 'seconds':
      return fromParser(parseSeconds, key);
    case 'choice': {
      const choices = spec.choices ?? [];
      return z.string().superRefine((value, ctx) => (choices.includes(value) ? undefined : problem(ctx, t`must be one of ${choices.join(', ')}`)));
    }
    case 'enum':
      return enumSchema(spec.choices ?? []);
    case 'enumList':
      return enumListSchema(spec.choices ?? []);
    case 'string':
      return stringSchema(spec);
  }
}

/**
 * The strict zod schema of the table's flags named in `keys` (a run's given flags; every flag of
 * the table without it). Every flag is optional, so a schema of the given ones reads a run exactly
 * as the whole table's would, and a key the table lacks is still refused; it spares building a
 * schema for each of the thirty flags a list command has when a run gives two (src/flags/parse.ts
 * runs once a run: docs/performance.md).
 */
export function flagSchema<T extends FlagTable>(table: T, keys: readonly string[] = Object.keys(table)): z.ZodType<FlagValues<T>> {
  const shape: Record<string, z.ZodType> = {};
  // Required flags are checked beside the others in parseFlags (all problems at once).
  for (const key of keys) if (Object.hasOwn(table, key)) shape[key] = valueSchema(key, table[key]!).optional();
  return z.strictObject(shape) as unknown as z.ZodType<FlagValues<T>>;
}

/**
 * Validates options with a zod schema. Every problem is reported at once, each line naming its
 * flag and what is allowed (exit 2, nothing sent); `earlier` are problems found before it.
 */
export function parseOptions<S extends z.ZodType>(schema: S, options: Record<string, unknown>, earlier: readonly Text[] = []): z.infer<S> {
  // Parsed once a run: zod's compiled parser would cost more to build than it saves (src/api/decode.ts).
  const result = schema.safeParse(options, { jitless: true });
  if (result.success && earlier.length === 0) return result.data;
  const issues = result.success ? [] : result.error.issues;
  const lines: Text[] = [
    ...earlier,
    ...issues.flatMap((issue): Text[] => {
      if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => t`${flagName(key)}: is not an option of this command`);
      const key = issue.path.length ? String(issue.path[0]) : '';
      return [key ? joined([flagName(key), issueText(issue)], ': ') : issueText(issue)];
    }),
  ];
  const seen = new Set<string>();
  const unique = lines.filter((line) => !seen.has(String(line)) && Boolean(seen.add(String(line))));
  if (unique.length === 1) throw new UsageError(unique[0]);
  throw new UsageError(t`${unique.length} problems with the options, nothing was sent:`, unique);
}

/** Parses what commander gathered for a table: typed by the table, every problem at once (exit 2, nothing sent). */
export function parseFlags<T extends FlagTable>(table: T, raw: Record<string, unknown>): FlagValues<T> {
  const missing = Object.entries(table)
    .filter(([key, spec]) => spec.required && raw[key] === undefined)
    .map(([key, spec]) => joined([flagName(key), typeof spec.required === 'boolean' ? t`is required` : spec.required], ': '));
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined));
  return parseOptions(flagSchema(table, Object.keys(given)), given, missing);
}

/** A date (or month) range given by two flags must not run backwards: nothing is sent then. */
export function checkRange(from: string | undefined, to: string | undefined, fromFlag: string, toFlag: string): void {
  if (from && to && from > to) throw new UsageError(t`${fromFlag} ${day(from)} is after ${toFlag} ${day(to)}`);
}

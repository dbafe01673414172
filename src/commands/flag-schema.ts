/**
 * The strict schema of a verb's flag table (flags.ts), loaded by the verb when it runs: unknown
 * keys are refused, every problem is reported at once with its flag, and what comes out is typed
 * from the table (FlagValues), so no verb casts its options.
 */
import * as z from '../api/zod.js';
import { parseAmountInput, parseDateInput } from '../domain/input.js';
import { ValidationError } from '../domain/validation-error.js';
import { flagName, parseOptions } from './options.js';
import { enumListOption, enumOption, instantOption, monthOption } from './filters.js';
import type { FlagSpec, FlagTable, FlagValues } from './flags.js';

function fromParser(parse: (value: string, field: string) => string, key: string) {
  return z.string().transform((value, ctx) => {
    try {
      return parse(value, flagName(key));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      ctx.addIssue({ code: 'custom', message: String(error.detail) });
      return z.NEVER;
    }
  });
}

function stringSchema(spec: FlagSpec): z.ZodType {
  let value = spec.trim ? z.string().trim() : z.string();
  if (!spec.allowEmpty) value = value.min(1, spec.empty ?? 'must not be empty');
  if (spec.maxLength !== undefined) value = value.max(spec.maxLength, `at most ${spec.maxLength} characters`);
  if (spec.pattern) value = value.regex(spec.pattern, spec.invalid);
  return value;
}

function intSchema(spec: FlagSpec): z.ZodType {
  const { min, max } = spec;
  const number = z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(
      z
        .string()
        .regex(spec.pattern ?? (spec.decimal ? /^\d+(\.\d+)?$/ : /^\d+$/), spec.invalid ?? 'must be a whole number (0 or more)')
        .transform(Number),
    );
  if (min === undefined && max === undefined) return number;
  return number.refine((n) => (min === undefined || n >= min) && (max === undefined || n <= max), spec.range ?? spec.invalid);
}

function valueSchema(key: string, spec: FlagSpec): z.ZodType {
  switch (spec.kind) {
    case 'boolean':
      return z.boolean();
    case 'list':
      return z.array(spec.allowEmpty ? z.string() : z.string().min(1, 'must not be empty'));
    case 'int':
      return intSchema(spec);
    case 'amount':
      return fromParser((value, field) => parseAmountInput(value, field, { allowZero: spec.allowZero }), key);
    case 'date':
      return fromParser(parseDateInput, key);
    case 'instant':
      return instantOption;
    case 'month':
      return monthOption;
    case 'choice': {
      const choices = spec.choices ?? [];
      return z.string().refine((value) => choices.includes(value), `must be one of ${choices.join(', ')}`);
    }
    case 'enum':
      return enumOption(spec.choices ?? []);
    case 'enumList':
      return enumListOption(spec.choices ?? []);
    case 'string':
      return stringSchema(spec);
  }
}

const cache = new WeakMap<FlagTable, z.ZodType>();

/** The table's strict zod schema (built once per table). */
export function flagSchema<T extends FlagTable>(table: T): z.ZodType<FlagValues<T>> {
  let schema = cache.get(table);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, spec] of Object.entries(table)) {
      const value = valueSchema(key, spec);
      // Required flags are checked beside the others in parseFlags (all problems at once).
      shape[key] = value.optional();
    }
    schema = z.strictObject(shape);
    cache.set(table, schema);
  }
  return schema as z.ZodType<FlagValues<T>>;
}

/** Parses what commander gathered for a verb: typed by the table, every problem at once (exit 2, nothing sent). */
export function parseFlags<T extends FlagTable>(table: T, raw: Record<string, unknown>): FlagValues<T> {
  const missing = Object.entries(table)
    .filter(([key, spec]) => spec.required && raw[key] === undefined)
    .map(([key, spec]) => `${flagName(key)}: ${typeof spec.required === 'string' ? spec.required : 'is required'}`);
  return parseOptions(flagSchema(table), raw, missing);
}

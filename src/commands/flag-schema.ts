/**
 * The strict schema of a verb's flag table (flags.ts), loaded by the verb when it runs: unknown
 * keys are refused, every problem is reported at once with its flag, and what comes out is typed
 * from the table (FlagValues), so no verb casts its options.
 */
import * as z from '../api/zod.js';
import { parseAmountInput, parseDateInput } from '../domain/input.js';
import { ValidationError } from '../domain/validation-error.js';
import { flagName, parseOptions } from './options.js';
import type { FlagSpec, FlagTable, FlagValues } from './flags.js';

function fromParser(parse: (value: string, field: string) => string, key: string) {
  return z.string().transform((value, ctx) => {
    try {
      return parse(value, flagName(key));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.detail });
      return z.NEVER;
    }
  });
}

function valueSchema(key: string, spec: FlagSpec): z.ZodType {
  switch (spec.kind) {
    case 'boolean':
      return z.boolean();
    case 'list':
      return z.array(z.string().min(1, 'must not be empty'));
    case 'int':
      return z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d+$/, 'must be a whole number (0 or more)').transform(Number));
    case 'amount':
      return fromParser((value, field) => parseAmountInput(value, field, { allowZero: spec.allowZero }), key);
    case 'date':
      return fromParser(parseDateInput, key);
    case 'choice': {
      const choices = spec.choices ?? [];
      return z.string().refine((value) => choices.includes(value), `must be one of ${choices.join(', ')}`);
    }
    case 'string':
      return z.string().min(1, 'must not be empty');
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
    .map(([key]) => `${flagName(key)}: is required`);
  return parseOptions(flagSchema(table), raw, missing);
}

/**
 * Query-parameter and body validation for route modules. Every helper answers 422
 * validation_error naming the parameter when the value is malformed, and returns undefined
 * when the parameter is absent (or empty).
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, validationError, type ErrorShape } from './errors.js';
import { isDate, isMonth, parseInstant } from './time.js';

function raw(c: Context, name: string): string | undefined {
  const value = c.req.query(name);
  return value === undefined || value === '' ? undefined : value;
}

/** An ISO-8601 instant (or date, read as midnight Europe/Rome). */
export function queryInstant(c: Context, name: string, shape?: ErrorShape): Date | undefined {
  const value = raw(c, name);
  if (value === undefined) return undefined;
  const instant = parseInstant(value);
  if (!instant) throw validationError(`${name} must be an ISO-8601 instant, e.g. 2025-01-31T00:00:00+01:00`, name, shape);
  return instant;
}

/** A date YYYY-MM-DD. */
export function queryDate(c: Context, name: string, shape?: ErrorShape): string | undefined {
  const value = raw(c, name);
  if (value !== undefined && !isDate(value)) throw validationError(`${name} must be a date YYYY-MM-DD`, name, shape);
  return value;
}

/** A month YYYY-MM. */
export function queryMonth(c: Context, name: string, shape?: ErrorShape): string | undefined {
  const value = raw(c, name);
  if (value !== undefined && !isMonth(value)) throw validationError(`${name} must be a month YYYY-MM`, name, shape);
  return value;
}

/** true / false (also 1 / 0). */
export function queryBoolean(c: Context, name: string, shape?: ErrorShape): boolean | undefined {
  const value = raw(c, name);
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw validationError(`${name} must be true or false`, name, shape);
}

/** One value of `allowed`. */
export function queryEnum<T extends string>(c: Context, name: string, allowed: readonly T[], shape?: ErrorShape): T | undefined {
  const value = raw(c, name);
  if (value !== undefined && !allowed.includes(value as T)) {
    throw validationError(`${name} must be one of ${allowed.join(', ')}`, name, shape);
  }
  return value as T | undefined;
}

/** A comma-separated subset of `allowed` (duplicates removed). */
export function queryEnumList<T extends string>(c: Context, name: string, allowed: readonly T[], shape?: ErrorShape): T[] | undefined {
  const value = raw(c, name);
  if (value === undefined) return undefined;
  const items = [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
  const bad = items.filter((s) => !allowed.includes(s as T));
  if (bad.length > 0 || items.length === 0) {
    throw validationError(`${name} must be a comma-separated list of ${allowed.join(', ')}`, name, shape);
  }
  return items as T[];
}

/**
 * Parses a JSON body with a zod schema. Malformed JSON or a schema violation answers 422
 * validation_error whose message names the first offending field; `errors` lists them all
 * ({ field, message }) in the v1 shape, or ({ message }) in the legacy shape.
 */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S, shape: ErrorShape = 'v1'): Promise<z.infer<S>> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw validationError('The request body must be a JSON object', undefined, shape);
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return { field, message: field === '' ? issue.message : `${field}: ${issue.message}` };
  });
  const first = issues[0] ?? { field: '', message: 'Invalid request body' };
  const errors = shape === 'legacy' ? issues.map((i) => ({ message: i.message })) : issues;
  throw new ApiError(422, 'validation_error', first.message, { errors }, shape);
}

import * as z from '../api/zod.js';
import { UsageError } from '../errors.js';
import { ValidationError } from '../domain/validation-error.js';
import { assertInstant } from '../domain/dates.js';
import { parseDateInput, parseMonthInput } from '../domain/input.js';

/** zod wrappers around the domain validators, for flags shared by several list commands. */
function fromAssert(assert: (value: string, field: string) => string) {
  return z.string().transform((value, ctx) => {
    try {
      return assert(value, 'value');
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: String(error instanceof ValidationError ? error.detail : error) });
      return z.NEVER;
    }
  });
}

/** An instant, or a date (YYYY-MM-DD or dd/mm/yyyy: its UTC midnight). */
export const instantOption = fromAssert((value, field) =>
  /^\d{1,2}[/.]\d{1,2}[/.]\d{4}$/.test(value.trim()) ? assertInstant(parseDateInput(value, field), field) : assertInstant(value, field),
);
/** A date as a person types it: YYYY-MM-DD or dd/mm/yyyy (src/domain/input.ts, the one parser). */
export const dateOption = fromAssert(parseDateInput);
/** A month: YYYY-MM or mm/yyyy. */
export const monthOption = fromAssert(parseMonthInput);

/** "did you mean `ready`?" for a value that differs from an allowed one only in case. */
function meant(value: string, allowed: readonly string[]): string {
  const same = allowed.find((a) => a.toLowerCase() === value.trim().toLowerCase());
  return same === undefined ? '' : `did you mean \`${same}\`? `;
}

/** A comma list whose every element must be one of `allowed`. */
export function enumListOption(allowed: readonly string[]) {
  return z.string().transform((value, ctx) => {
    const items = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = items.find((item) => !allowed.includes(item));
    if (bad !== undefined || items.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad === undefined ? 'empty list' : `'${bad}' is not allowed`}; ${bad === undefined ? '' : meant(bad, allowed)}use a comma list of ${allowed.join(', ')}`,
      });
      return z.NEVER;
    }
    return items;
  });
}

export function enumOption(allowed: readonly string[]) {
  return z.string().superRefine((value, ctx) => {
    if (!allowed.includes(value)) ctx.addIssue({ code: 'custom', message: `${meant(value, allowed)}use one of ${allowed.join(', ')}` });
  });
}

/** A date (or month) range given by two flags must not run backwards: nothing is sent then. */
export function checkRange(from: string | undefined, to: string | undefined, fromFlag: string, toFlag: string): void {
  if (from && to && from > to) throw new UsageError(`${fromFlag} ${from} is after ${toFlag} ${to}`);
}

import * as z from './zod.js';
import { normalizeAmount } from '../domain/money.js';
import { positional } from '../domain/json-number.js';

/**
 * The client boundary for money: the API sends amounts sometimes as JSON numbers, sometimes as
 * strings (the service's API document, General conventions 3). Every resource module passes its records through
 * this with the list of its amount fields (dotted), so commands only ever see "1234.50".
 */
export function normalizeAmounts<T>(record: T, fields: readonly string[]): T {
  if (record === null || typeof record !== 'object') return record;
  const copy = structuredClone(record) as Record<string, unknown>;
  for (const field of fields) {
    const parts = field.split('.');
    let target: Record<string, unknown> | undefined = copy;
    for (const part of parts.slice(0, -1)) {
      const next: unknown = target?.[part];
      target = next && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
    }
    const key = parts[parts.length - 1];
    if (target && key in target) target[key] = normalizeAmount(target[key]);
  }
  return copy as T;
}

/**
 * The schema of an amount as the contract types it ("decimal": a JSON number or a decimal string),
 * normalised to a two-decimal string. Anything else fails decoding (exit 8), never reaches a command.
 */
export const amount = z.union([z.number(), z.string()]).transform((value, ctx) => {
  // An amount fisco would round to print or sum (`100.125`) is refused, never silently changed.
  const text = typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0) ? positional(value) : String(value).trim();
  if (/^-?\d+\.\d{2}\d*[1-9]\d*$/.test(text) && /\.\d{3,}$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: `the amount ${text.slice(0, 40)} has more than two decimals; fisco does not round amounts` });
    return z.NEVER;
  }
  try {
    return normalizeAmount(value) as string;
  } catch {
    ctx.addIssue({ code: 'custom', message: `not an amount: ${JSON.stringify(value).slice(0, 40)}` });
    return z.NEVER;
  }
});

/** An amount that may be null (an absent value is an explicit null in the contract). */
export const nullableAmount = amount.nullable();

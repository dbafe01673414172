import * as z from './zod.js';
import { normalizeAmount } from '../domain/money.js';

/**
 * The client boundary for money: the API sends amounts sometimes as JSON numbers, sometimes as
 * strings (the service's API document, General conventions 3), and a real service sends float noise
 * (`0.30000000000000004`) and, on some records, digits past the cent. Every amount field of every
 * resource is decoded by the one rule of normalizeAmount (src/domain/money.ts): noise within a
 * millionth of a cent is that cent, real digits are kept exactly as sent and never rounded.
 * `normalizeAmounts` applies it to the listed (dotted) fields of a record whose shape is not in
 * the contract (the F24 detail).
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
 * The schema of an amount as the contract types it ("decimal": a JSON number, a decimal string, or
 * an integer beyond 2^53 that the answer parser kept exactly), decoded by the one rule. Only what is
 * not an amount at all fails decoding (exit 8): a real third decimal never stops a page.
 */
export const amount = z.unknown().transform((value, ctx) => {
  if (value === null || value === undefined) {
    ctx.addIssue({ code: 'custom', message: `expected an amount, received ${String(value)}` });
    return z.NEVER;
  }
  try {
    return normalizeAmount(value) as string;
  } catch {
    const text = typeof value === 'bigint' ? String(value) : (JSON.stringify(value) ?? String(value));
    ctx.addIssue({ code: 'custom', message: `not an amount: ${text.slice(0, 40)}` });
    return z.NEVER;
  }
});

/** An amount that may be null (an absent value is an explicit null in the contract). */
export const nullableAmount = amount.nullable();

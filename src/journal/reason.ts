/**
 * Reasons are data: a step skipped, refused or waiting carries a code and its parameters, never a
 * sentence to be parsed back. Summaries group by `code`; the words are the job's (a t`…` Message per
 * code, rendered in the run's language at the edge). The journal keeps the reason as it is.
 */
export interface Reason {
  /** Stable, machine-read: `residue-changed`, `invoice-closed`… */
  readonly code: string;
  /** What the words need (numbers, amounts as decimal strings, keys). */
  readonly params: Readonly<Record<string, string | number>>;
}

export function reason(code: string, params: Record<string, string | number> = {}): Reason {
  return { code, params };
}

export function isReason(value: unknown): value is Reason {
  if (typeof value !== 'object' || value === null) return false;
  const { code, params } = value as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof params === 'object' &&
    params !== null &&
    !Array.isArray(params) &&
    Object.values(params).every((v) => typeof v === 'string' || typeof v === 'number')
  );
}

/** Reasons by code, in the order each code first appears. */
export function byCode(reasons: Iterable<Reason>): Map<string, Reason[]> {
  const out = new Map<string, Reason[]>();
  for (const r of reasons) out.set(r.code, [...(out.get(r.code) ?? []), r]);
  return out;
}

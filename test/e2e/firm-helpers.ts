import Big from 'big.js';
import type { Harness } from './harness.js';

/** The three seeded companies every firm test relies on (the firm may manage more). */
export const COMPANY_IDS = ['acc_rossi', 'acc_verdi', 'acc_neri'] as const;
/** Select exactly those, for tests that need every company to succeed. */
export const THREE = ['--accounts', COMPANY_IDS.join(',')];

/** Every company the firm token manages, in its order (from the emulator, not from fisco). */
export async function firmCompanies(h: Harness): Promise<string[]> {
  return (await apiList<{ id: string }>(h, 'demo-firm-bianchi', '/v1/accounts', {})).map((a) => a.id);
}

/** The emulator's request log since `mark`, with each request's query (to prove account_id was sent). */
export function requestsSince(h: Harness, from: number) {
  return h.emulator.store.requests.filter((r) => r.seq > from).map((r) => ({ method: r.method, path: r.path, query: r.query, status: r.status }));
}

export function lastSeq(h: Harness): number {
  return h.emulator.store.requests.at(-1)?.seq ?? 0;
}

/** Reads a list straight from the emulator's HTTP API (every page), independently of fisco. */
export async function apiList<T = any>(h: Harness, token: string, path: string, query: Record<string, string>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const url = new URL(h.emulator.url + path);
    for (const [k, v] of Object.entries({ ...query, page: String(page), per_page: '100' })) url.searchParams.set(k, v);
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data: T[]; meta: { next_page: number | null } };
    items.push(...body.data);
    if (body.meta?.next_page == null) return items;
  }
}

export async function apiGet<T = any>(h: Harness, token: string, path: string, query: Record<string, string>): Promise<T> {
  const url = new URL(h.emulator.url + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return (await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
}

/** Sum of amounts that may arrive as JSON numbers or strings, through their text (never float arithmetic). */
export function total(values: readonly (string | number | null | undefined)[]): string {
  return values.reduce<Big>((acc, v) => acc.plus(new Big(String(v ?? 0))), new Big(0)).toFixed(2);
}

import type { ApiClient } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';

/** The Client fields of api-spec.md; a service may send more (they follow in CSV). */
export const CLIENT_FIELDS = ['id', 'name', 'piva', 'codice_fiscale', 'sdi', 'pec', 'address', 'cap', 'city', 'province', 'country', 'created_at'] as const;

/** A Client of api-spec.md (GET /clients). */
export interface Client {
  id: number;
  name: string;
  piva: string | null;
  codice_fiscale: string | null;
  sdi: string | null;
  pec: string | null;
  address: string | null;
  cap: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  created_at: string;
  [extra: string]: unknown;
}

/** The body of POST /clients/store/manual: `name` and the optional nullable fields of the spec. */
export interface ManualClient {
  name: string;
  domain?: string;
  email?: string;
  phone?: string;
  address?: string;
  cap?: string;
  city?: string;
  province?: string;
  country?: string;
  piva?: string;
  sdi?: string;
  pec?: string;
}

export function listClients(client: ApiClient, filters: { q?: string }, pages: PaginateOptions) {
  return paginate<Client>(client, '/clients', filters, pages);
}

/** GET /clients?q= — one page of clients matching a name or VAT number (the invoice wizard's picker). */
export async function searchClients(client: ApiClient, q: string | undefined, perPage = 20): Promise<Client[]> {
  const page = await client.get<{ data: Client[] }>('/clients', { q: q || undefined, per_page: perPage });
  return Array.isArray(page?.data) ? page.data : [];
}

/** The client with this id, by walking GET /clients (the spec has no GET /clients/{id}). */
export async function findClientById(client: ApiClient, id: number): Promise<Client | undefined> {
  for await (const c of listClients(client, {}, { all: true })) if (c.id === id) return c;
  return undefined;
}

export async function addClientByVat(client: ApiClient, piva: string): Promise<Record<string, unknown>> {
  return (await client.post<{ data: Record<string, unknown> }>('/clients/store/automatic', { piva })).data;
}

export async function addClientManually(client: ApiClient, body: ManualClient): Promise<Record<string, unknown>> {
  return (await client.post<{ data: Record<string, unknown> }>('/clients/store/manual', body)).data;
}

/**
 * The existing client a 409 carries. The spec leaves the body's shape open, so look where a
 * service would put it: `data`, `client`, `existing`, or inside `error`.
 */
export function existingClientOf(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const error = record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : {};
  for (const candidate of [record.data, record.client, record.existing, error.client, error.existing, error.data]) {
    if (candidate && typeof candidate === 'object' && !Array.isArray(candidate)) return candidate as Record<string, unknown>;
  }
  return 'name' in record && ('id' in record || 'piva' in record) ? record : undefined;
}

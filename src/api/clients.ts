import * as z from './zod.js';
import type { ApiClient } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { listPage } from './schemas.js';
import { t } from '../i18n/message.js';

/** The Client fields of the service's API document; a service may send more (they follow in CSV). */
export const CLIENT_FIELDS = ['id', 'name', 'piva', 'codice_fiscale', 'sdi', 'pec', 'address', 'cap', 'city', 'province', 'country', 'created_at'] as const;

/** A Client of the service's API document (GET /clients); what fisco reads of it is checked, the rest passes through. */
export const clientSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  piva: z.string().nullable().optional(),
  codice_fiscale: z.string().nullable().optional(),
  sdi: z.string().nullable().optional(),
  pec: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  cap: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  province: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
});
export type Client = z.infer<typeof clientSchema>;

/** The `data` of a client creation (201): automatic gives name, piva, city; manual gives id, name, email. */
const createdClient = z.looseObject({ data: z.looseObject({ id: z.union([z.number(), z.string()]).optional(), name: z.string() }) });
const SEE_CLIENT = t`See it with: fisco clients list --search NAME`;

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
  return paginate(client, '/clients', filters, pages, clientSchema);
}

/** GET /clients?q= — one page of clients matching a name or VAT number (the invoice wizard's picker). */
export async function searchClients(client: ApiClient, q: string | undefined, perPage = 20): Promise<Client[]> {
  const page = await client.get('/clients', { q: q || undefined, per_page: perPage }, listPage(clientSchema));
  return page.data;
}

/** The client with this id, by walking GET /clients (the spec has no GET /clients/{id}). */
export async function findClientById(client: ApiClient, id: number): Promise<Client | undefined> {
  for await (const c of listClients(client, {}, { all: true })) if (c.id === id) return c;
  return undefined;
}

export async function addClientByVat(client: ApiClient, piva: string): Promise<Record<string, unknown>> {
  return (await client.post('/clients/store/automatic', { piva }, { schema: createdClient, seeWith: SEE_CLIENT })).data;
}

export async function addClientManually(client: ApiClient, body: ManualClient): Promise<Record<string, unknown>> {
  return (await client.post('/clients/store/manual', body, { schema: createdClient, seeWith: SEE_CLIENT })).data;
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

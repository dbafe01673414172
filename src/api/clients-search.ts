import type { ApiClient } from './client.js';
import { paginate } from './paginate.js';

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
}

/** GET /clients?q= — search on name or VAT number (the invoice wizard's client picker). */
export async function searchClients(client: ApiClient, q: string | undefined, perPage = 20): Promise<Client[]> {
  const page = await client.get<{ data: Client[] }>('/clients', { q: q || undefined, per_page: perPage });
  return Array.isArray(page?.data) ? page.data : [];
}

/** The client with this id, by walking GET /clients (the spec has no GET /clients/{id}). */
export async function findClientById(client: ApiClient, id: number): Promise<Client | undefined> {
  for await (const c of paginate<Client>(client, '/clients', {}, { all: true })) if (c.id === id) return c;
  return undefined;
}

import type { ApiClient } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { integerPathSegment } from './path.js';

/** The Webhook subscription fields of api-spec.md that a list carries (never the secret). */
export const HOOK_FIELDS = ['id', 'name', 'target_url', 'events', 'source', 'is_active'] as const;

/** A Webhook subscription of api-spec.md (`secret` only in the creation response). */
export interface Hook {
  id: string;
  name: string;
  target_url: string;
  events: string[];
  source: 'zapier' | 'n8n' | 'custom';
  is_active: boolean;
  secret?: string;
  secret_note?: string;
}

export interface NewHook {
  target_url: string;
  events: string[];
  name?: string;
  source?: 'zapier' | 'n8n' | 'custom';
}

/** Secrets never leave this module except from createHook: a list is stripped defensively. */
function withoutSecret({ secret: _secret, secret_note: _note, ...rest }: Hook): Hook {
  return rest;
}

/** GET /v1/hooks: every subscription (no pagination envelope; the list flags apply locally), never a secret. */
export function listHooks(client: ApiClient, pages: PaginateOptions = {}) {
  return paginate<Hook>(client, '/v1/hooks', {}, pages, (item) => withoutSecret(item as Hook));
}

/**
 * POST /v1/hooks. The service updates an existing ACTIVE subscription with the same URL and
 * source instead of creating one: it answers 200 without a secret (a creation is 201 with one).
 */
export async function createHook(client: ApiClient, hook: NewHook): Promise<{ hook: Hook; created: boolean }> {
  const response = await client.request<{ data: Hook }>('POST', '/v1/hooks', { body: hook });
  const data = response.body.data;
  return { hook: data, created: response.status === 201 && typeof data.secret === 'string' };
}

/** DELETE /v1/hooks/{id}: the subscription is turned off (inactive), not erased. */
export async function deleteHook(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/v1/hooks/${integerPathSegment(id, 'ID', 'a subscription id')}`);
}

import * as z from './zod.js';
import type { ApiClient } from './client.js';
import { OutcomeUnknownError } from '../errors.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { wrapped } from './schemas.js';
import { integerPathSegment } from './path.js';
import { t } from '../i18n/message.js';

/** The Webhook subscription fields of the service's API document that a list carries (never the secret). */
export const HOOK_FIELDS = ['id', 'name', 'target_url', 'events', 'source', 'is_active'] as const;

/** A Webhook subscription of the service's API document (`secret` only in the creation response). */
export const hookSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().nullable().optional(),
  target_url: z.string(),
  events: z.array(z.string()),
  source: z.string().nullable().optional(),
  is_active: z.boolean().optional(),
  secret: z.string().optional(),
  secret_note: z.string().optional(),
});
export type Hook = z.infer<typeof hookSchema>;

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
  return paginate(client, '/v1/hooks', {}, pages, hookSchema.transform(withoutSecret), 'optional');
}

/**
 * POST /v1/hooks. The service updates an existing ACTIVE subscription with the same URL and
 * source instead of creating one: it answers 200 without a secret (a creation is 201 with one).
 */
export async function createHook(client: ApiClient, hook: NewHook): Promise<{ hook: Hook; created: boolean }> {
  let response: { status: number; body: { data: Hook } };
  try {
    response = await client.request('POST', '/v1/hooks', { body: hook, schema: wrapped(hookSchema), seeWith: t`See it with: fisco hooks list.` });
  } catch (error) {
    if (error instanceof OutcomeUnknownError && error.answered !== undefined) {
      // The subscription probably exists now, but its secret (shown only in this answer) is lost.
      error.hints.splice(
        0,
        error.hints.length,
        t`The subscription was probably created or updated, but its secret could not be read and is never shown again.`,
        t`Check with \`fisco hooks list\`; if it is there, replace it: \`fisco hooks delete ID\`, then run this \`fisco hooks create\` again.`,
      );
    }
    throw error;
  }
  const data = response.body.data;
  client.redactor.add(data.secret);
  return { hook: data, created: response.status === 201 && typeof data.secret === 'string' };
}

/** DELETE /v1/hooks/{id}: the subscription is turned off (inactive), not erased. */
export async function deleteHook(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/v1/hooks/${integerPathSegment(id, 'ID', t`a subscription id`)}`, { seeWith: t`See it with: fisco hooks list (it shows as inactive).` });
}

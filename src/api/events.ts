import * as z from './zod.js';
import type { ApiClient } from './client.js';
import { wrapped } from './schemas.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { ApiError } from '../errors.js';
import { pathSegment } from './path.js';
import { t } from '../i18n/message.js';

/** The Event catalog entry fields of the service's API document. */
export const EVENT_FIELDS = ['key', 'label', 'description', 'category'] as const;

/** An Event catalog entry of the service's API document. */
export const eventSchema = z.looseObject({
  key: z.string(),
  label: z.string(),
  description: z.string().nullable().optional(),
  category: z.string().nullable().optional(),
});
export type EventCatalogEntry = z.infer<typeof eventSchema>;

/** The Event delivery envelope of the service's API document. */
export const envelopeSchema = z.looseObject({
  event: z.string(),
  delivery_id: z.string(),
  occurred_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof envelopeSchema>;

/** GET /v1/events: the whole catalog (no pagination envelope; the list flags apply locally). */
export function listEvents(client: ApiClient, pages: PaginateOptions = {}) {
  return paginate(client, '/v1/events', {}, pages, eventSchema, 'optional');
}

/** GET /v1/events/{event}/sample; an unknown key is a 404 whose message lists the valid keys. */
export async function getEventSample(client: ApiClient, key: string): Promise<EventEnvelope> {
  try {
    return (await client.get(`/v1/events/${pathSegment(key, 'KEY')}/sample`, undefined, wrapped(envelopeSchema))).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) error.hints.push(t`\`fisco events list\` shows every event key with its label.`);
    throw error;
  }
}

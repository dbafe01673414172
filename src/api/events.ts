import type { ApiClient } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { ApiError } from './errors.js';
import { pathSegment } from './path.js';

/** The Event catalog entry fields of api-spec.md. */
export const EVENT_FIELDS = ['key', 'label', 'description', 'category'] as const;

/** An Event catalog entry of api-spec.md. */
export interface EventCatalogEntry {
  key: string;
  label: string;
  description: string;
  category: string;
}

/** The Event delivery envelope of api-spec.md. */
export interface EventEnvelope {
  event: string;
  delivery_id: string;
  occurred_at: string;
  data: Record<string, unknown>;
}

/** GET /v1/events: the whole catalog (no pagination envelope; the list flags apply locally). */
export function listEvents(client: ApiClient, pages: PaginateOptions = {}) {
  return paginate<EventCatalogEntry>(client, '/v1/events', {}, pages);
}

/** GET /v1/events/{event}/sample; an unknown key is a 404 whose message lists the valid keys. */
export async function getEventSample(client: ApiClient, key: string): Promise<EventEnvelope> {
  try {
    return (await client.get<{ data: EventEnvelope }>(`/v1/events/${pathSegment(key, 'KEY')}/sample`)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) error.hints.push('`fisco events list` shows every event key with its label.');
    throw error;
  }
}

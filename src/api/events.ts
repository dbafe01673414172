import type { ApiClient } from './client.js';
import { ApiError } from './errors.js';

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

export async function listEvents(client: ApiClient): Promise<EventCatalogEntry[]> {
  return (await client.get<{ data: EventCatalogEntry[] }>('/v1/events')).data ?? [];
}

/** GET /v1/events/{event}/sample; an unknown key is a 404 whose message lists the valid keys. */
export async function getEventSample(client: ApiClient, key: string): Promise<EventEnvelope> {
  try {
    return (await client.get<{ data: EventEnvelope }>(`/v1/events/${encodeURIComponent(key)}/sample`)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) error.hints.push('`fisco events list` shows every event key with its label.');
    throw error;
  }
}

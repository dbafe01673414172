/**
 * Sending a delivery as the service does: `sendDelivery` signs a sample envelope with a fresh
 * delivery_id and timestamp (`hooks trigger`); `postRaw` posts bytes with given headers
 * (also the forwarder of `hooks listen`).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { signDelivery } from './signature.js';

export interface PostResult {
  status: number;
  durationMs: number;
  /** The start of the receiver's answer, for messages. */
  bodyExcerpt: string;
}

export async function postRaw(url: string, headers: Record<string, string>, body: Buffer | string, timeoutMs = 10_000): Promise<PostResult> {
  const agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const started = Date.now();
  try {
    const response = await request(url, { method: 'POST', headers, body, dispatcher: agent });
    const text = await response.body.text().catch(() => '');
    return { status: response.statusCode, durationMs: Date.now() - started, bodyExcerpt: text.slice(0, 200) };
  } finally {
    await agent.close().catch(() => undefined);
  }
}

export interface SentDelivery extends PostResult {
  deliveryId: string;
  timestamp: string;
}

/** Posts `envelope` to `url` with a new delivery_id and occurred_at, signed now with `secret`. */
export async function sendDelivery(url: string, secret: string, envelope: { event: string; data: unknown }, timeoutMs?: number): Promise<SentDelivery> {
  const deliveryId = randomUUID();
  const now = new Date();
  const body = JSON.stringify({ event: envelope.event, delivery_id: deliveryId, occurred_at: now.toISOString(), data: envelope.data });
  const signed = signDelivery(secret, now, body);
  const result = await postRaw(url, { 'content-type': 'application/json', 'user-agent': 'fisco-hooks-trigger', ...signed }, body, timeoutMs);
  return { ...result, deliveryId, timestamp: signed['X-Service-Timestamp'] };
}

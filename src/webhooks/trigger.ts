/**
 * Sending a delivery as the service does: `sendDelivery` signs a sample envelope with a fresh
 * delivery_id and timestamp (`hooks trigger`); `postRaw` posts bytes with given headers
 * (also the forwarder of `hooks listen`).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { signDelivery } from './signature.js';
import { TimeoutError } from '../errors.js';
import { decimal, t } from '../i18n/message.js';

export interface PostResult {
  status: number;
  durationMs: number;
  /** The start of the receiver's answer, for messages. */
  bodyExcerpt: string;
}

/** The deadline of a delivery when the run sets none (--timeout, FISCO_TIMEOUT): a receiver answers in seconds. */
export const DEFAULT_POST_TIMEOUT_MS = 10_000;

/** The most of a receiver's answer read: its start is all a message shows. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One POST whose whole conversation — connection, headers and the answer's body — ends within
 * `timeoutMs` (a receiver that trickles its answer is cut at the deadline, not waited on): an
 * error saying so, after which nothing of it is left open.
 */
export async function postRaw(url: string, headers: Record<string, string>, body: Buffer | string, timeoutMs = DEFAULT_POST_TIMEOUT_MS): Promise<PostResult> {
  const agent = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const deadline = AbortSignal.timeout(timeoutMs);
  const started = Date.now();
  try {
    const response = await request(url, { method: 'POST', headers, body, dispatcher: agent, signal: deadline });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        if (size < MAX_ANSWER_BYTES) chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
    } catch (error) {
      if (deadline.aborted) throw error;
    }
    return { status: response.statusCode, durationMs: Date.now() - started, bodyExcerpt: Buffer.concat(chunks).toString('utf8').slice(0, 200) };
  } catch (error) {
    if (deadline.aborted) throw new TimeoutError(t`no complete answer within ${decimal(timeoutMs / 1000)} s (--timeout)`, error);
    throw error;
  } finally {
    await agent.destroy().catch(() => undefined);
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

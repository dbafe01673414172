/**
 * The webhook delivery engine (the service's API document "Events", delivery rules; "Webhook subscription"
 * states). Every event recorded with recordEvent() — by any resource, for any key — goes to each
 * ACTIVE subscription of that company that chose the key:
 *
 * - one delivery per (event, subscription), with its own `delivery_id` (UUID) kept across retries;
 *   body: the envelope `{ event, delivery_id, occurred_at, data }`, sent byte for byte as signed;
 * - headers X-Service-Signature / X-Service-Timestamp from src/webhooks/signature.ts (hex over
 *   Unix seconds of the REAL clock: a receiver compares with its own clock, not the emulator's
 *   virtual date; `occurred_at` follows the virtual clock like every other instant);
 * - 2xx: delivered, the subscription's consecutive-failure count goes back to 0;
 * - 410 Gone: the subscription is cancelled (removed: never listed again), nothing more is sent;
 * - anything else (other status, network error, timeout): a failure; the count goes up, and at
 *   20 the subscription turns inactive; otherwise the attempt is retried after the next wait of
 *   `settings.webhookDelivery.retryDelaysMs` (the spec shows no schedule; default 1 s, 5 s, 30 s);
 * - each attempt is recorded in `store.deliveries` (the last DELIVERY_LOG_LIMIT deliveries);
 * - one attempt at a time per subscription (a lane), in event order: the 20-failure rule then
 *   stops deliveries exactly at the 20th failure, with none still in flight.
 *
 * Timers and sockets are released on close() and reset().
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createHmac } from 'node:crypto';
import { freshUuid } from './rng.js';
import { onEvent, type DeliveryRecord, type DomainEvent, type HookRecord } from './store.js';
import { formatInstant } from './time.js';
import type { EmulatorContext, WebhookDeliverySettings } from './types.js';

export const DEFAULT_DELIVERY_SETTINGS: WebhookDeliverySettings = { retryDelaysMs: [1_000, 5_000, 30_000], timeoutMs: 10_000 };
/** The service's API document, "Limits": consecutive delivery failures before a subscription is turned off. */
export const FAILURES_BEFORE_OFF = 20;
export const DELIVERY_LOG_LIMIT = 1000;

interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
}

export function startDeliveryEngine(ctx: EmulatorContext): void {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<() => void>();
  let stopped = false;

  const lanes = new Map<number, { busy: boolean; waiting: Array<() => Promise<void>> }>();
  const enqueue = (hookId: number, job: () => Promise<void>): void => {
    let lane = lanes.get(hookId);
    if (!lane) lanes.set(hookId, (lane = { busy: false, waiting: [] }));
    lane.waiting.push(job);
    if (lane.busy) return;
    lane.busy = true;
    void (async () => {
      for (let next = lane.waiting.shift(); next; next = lane.waiting.shift())
        await next().catch((error: unknown) => ctx.log(`webhook delivery failed unexpectedly: ${String(error)}`));
      lane.busy = false;
    })();
  };

  const cancelAll = (): void => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const lane of lanes.values()) lane.waiting.length = 0;
    lanes.clear();
    for (const abort of inFlight) abort();
    inFlight.clear();
  };
  ctx.onClose(() => {
    stopped = true;
    cancelAll();
  });
  ctx.onReset(cancelAll);

  const later = (ms: number, fn: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const send = (hook: HookRecord, body: string): Promise<AttemptOutcome> =>
    new Promise((resolve) => {
      const url = new URL(hook.target_url);
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'fisco-emulator-webhooks/1',
        ...signature(hook.secret, Math.floor(Date.now() / 1000), body),
      };
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: 'POST', headers, agent: false });
      let settled = false;
      const finish = (outcome: AttemptOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timeout);
        inFlight.delete(abort);
        resolve(outcome);
      };
      const abort = (): void => {
        request.destroy();
        finish({ statusCode: null, error: 'aborted' });
      };
      const timeout = setTimeout(() => {
        request.destroy();
        finish({ statusCode: null, error: `no answer within ${ctx.settings.webhookDelivery.timeoutMs} ms` });
      }, ctx.settings.webhookDelivery.timeoutMs);
      inFlight.add(abort);
      request.on('response', (response: IncomingMessage) => {
        response.resume();
        finish({ statusCode: response.statusCode ?? null, error: null });
      });
      request.on('error', (error) => finish({ statusCode: null, error: error.message }));
      request.end(body);
    });

  /** The delivery's record and its hook as the state has them now (another process's write may have replaced the objects). */
  const current = (record: DeliveryRecord): { entry: DeliveryRecord; hook: HookRecord | undefined } => ({
    entry: ctx.store.deliveries.find((d) => d.id === record.id) ?? record,
    hook: ctx.store.hooks.find((h) => h.id === record.hookId && h.accountId === record.accountId),
  });

  /** What an attempt's answer does to the delivery and its hook (a change of the state); the wait before the next attempt, if any. */
  const settle = (record: DeliveryRecord, outcome: AttemptOutcome, durationMs: number): number | undefined => {
    const { entry, hook } = current(record);
    entry.attempts.push({ at: formatInstant(ctx.clock.now()), statusCode: outcome.statusCode, error: outcome.error, durationMs });
    const now = ctx.clock.nowIso();
    if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) {
      entry.status = 'delivered';
      entry.deliveredAt = now;
      if (hook) hook.consecutiveFailures = 0;
      return undefined;
    }
    if (!hook) {
      entry.status = 'cancelled';
      return undefined;
    }
    if (outcome.statusCode === 410) {
      entry.status = 'cancelled';
      if (hook.state === 'active') setState(hook, 'cancelled', 'gone', now);
      ctx.log(`webhook ${hook.id}: ${hook.target_url} answered 410 Gone; subscription cancelled`);
      return undefined;
    }
    hook.consecutiveFailures += 1;
    if (hook.consecutiveFailures >= FAILURES_BEFORE_OFF) {
      entry.status = 'failed';
      if (hook.state === 'active') setState(hook, 'inactive', 'failures', now);
      ctx.log(`webhook ${hook.id}: ${FAILURES_BEFORE_OFF} consecutive failures; subscription turned off`);
      return undefined;
    }
    const wait = ctx.settings.webhookDelivery.retryDelaysMs[entry.attempts.length - 1];
    if (wait === undefined) entry.status = 'failed';
    return wait;
  };

  // Every change an attempt makes (cancelled before it, its outcome after) is a write of the state
  // under its lock (ctx.change), never a change of a copy another process may have written over.
  const attempt = async (record: DeliveryRecord, body: string): Promise<void> => {
    if (stopped) return;
    const hook = await ctx.change(() => {
      const { entry, hook } = current(record);
      if (hook && hook.state === 'active') return { ...hook };
      entry.status = 'cancelled';
      return undefined;
    });
    if (!hook || stopped) return;
    const started = Date.now();
    const outcome = await send(hook, body);
    if (stopped || outcome.error === 'aborted') return;
    const wait = await ctx.change(() => settle(record, outcome, Date.now() - started));
    if (wait !== undefined) later(wait, () => enqueue(record.hookId, () => attempt(record, body)));
  };

  onEvent(ctx.store, (event: DomainEvent) => {
    if (stopped) return;
    const hooks = ctx.store.hooks.filter((h) => h.state === 'active' && h.accountId === event.accountId && h.events.includes(event.key));
    for (const hook of hooks) {
      const deliveryId = freshUuid();
      const body = JSON.stringify({ event: event.key, delivery_id: deliveryId, occurred_at: event.occurredAt, data: event.data });
      const record: DeliveryRecord = {
        id: deliveryId,
        hookId: hook.id,
        eventId: event.id,
        event: event.key,
        accountId: event.accountId,
        targetUrl: hook.target_url,
        status: 'pending',
        attempts: [],
        deliveredAt: null,
      };
      const log = ctx.store.deliveries;
      log.push(record);
      if (log.length > DELIVERY_LOG_LIMIT) log.splice(0, log.length - DELIVERY_LOG_LIMIT);
      // After the recording request has answered: the service's own write never waits on a receiver.
      later(0, () => enqueue(hook.id, () => attempt(record, body)));
    }
  });
}

export function setState(hook: HookRecord, state: HookRecord['state'], reason: string, now: string): void {
  hook.state = state;
  hook.stateReason = reason;
  hook.updatedAt = now;
}

/**
 * The service's signature of a delivery (the API document's delivery rule 2; the emulator's reading
 * of what it leaves open, docs/emulator.md): HMAC-SHA256 with the subscription's secret over the Unix
 * seconds, a dot and the raw body, in hex. Written here, apart from fisco's verifier
 * (src/webhooks/signature.ts), so that a mistake in one is caught by the other.
 */
function signature(secret: string, seconds: number, body: string): Record<string, string> {
  const digest = createHmac('sha256', secret).update(`${seconds}.`).update(body).digest('hex');
  return { 'X-Service-Signature': `sha256=${digest}`, 'X-Service-Timestamp': String(seconds) };
}

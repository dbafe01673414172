/**
 * The local receiver of `fisco hooks listen` (node:http on 127.0.0.1): verifies each delivery's
 * signature and timestamp, answers 200 (or 401 for a bad signature), drops a replayed
 * delivery_id seen within the tolerance window (still 200, so the sender stops retrying), and
 * optionally forwards the raw body with its headers to a local URL. With a forward, the sender
 * gets its answer only once the forward is done: 200 when the local URL answered 2xx, else 502,
 * so the service retries instead of the delivery being lost (and the retry is not taken for a
 * duplicate: only forwarded deliveries count as seen).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postRaw, type PostResult } from './trigger.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyDelivery, type VerifyFailureReason, type VerifyResult } from './signature.js';
import { integer, type Message, t, type Text } from '../i18n/message.js';

export const MAX_BODY_BYTES = 1024 * 1024;
/** The status the sender gets when the forward failed: a 5xx, which the service retries. */
export const FORWARD_FAILED_STATUS = 502;
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect']);

export interface ReceivedDelivery {
  receivedAt: Date;
  event: string;
  deliveryId: string;
  occurredAt: unknown;
  data: unknown;
  secretIndex: number;
}

export interface ListenerEvents {
  delivery(delivery: ReceivedDelivery): void;
  rejected(reason: VerifyFailureReason | 'not_an_envelope' | 'too_large', message: Text): void;
  duplicate(deliveryId: string, event: string): void;
  /** The forward's outcome; `ok` is false for an error or a non-2xx answer (the sender then gets 502). */
  forwarded(deliveryId: string, result: PostResult | Error, ok: boolean): void;
}

export interface ListenerOptions {
  port: number;
  host?: string;
  secrets: string[];
  toleranceSeconds: number;
  forwardTo?: string;
  /** The deadline of each forward (--timeout; trigger.ts's default without one). */
  forwardTimeoutMs?: number;
  /** Stop after this many accepted deliveries (duplicates and rejections do not count). */
  maxDeliveries?: number;
  events: ListenerEvents;
  now?: () => number;
}

export interface RunningListener {
  url: string;
  /** Settles when the listener stopped (close(), or maxDeliveries reached). */
  done: Promise<void>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

function answer(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(`${JSON.stringify(body)}\n`);
}

export async function startListener(options: ListenerOptions): Promise<RunningListener> {
  const listener = new Listener(options);
  const server = createServer((req, res) => {
    listener.handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) answer(res, 500, { error: 'listener_error', message: error instanceof Error ? error.message : String(error) });
    });
  });
  listener.server = server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  return { url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`, done: listener.done, close: () => listener.close() };
}

/** A delivery's envelope: what the service signs. */
type Envelope = { event: string; delivery_id: string } & Record<string, unknown>;

/** A verified delivery's envelope, or the request was refused (and answered). */
type Verified = { ok: true; envelope: Envelope; secretIndex: number } | { ok: false };

/** One receiver's state: the deliveries seen within the tolerance, the forwards under way, how many were accepted. */
class Listener {
  server?: ReturnType<typeof createServer>;
  readonly done: Promise<void>;
  private readonly now: () => number;
  private readonly seen = new Map<string, number>();
  private readonly forwards = new Set<Promise<void>>();
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private accepted = 0;
  private resolveDone!: () => void;
  private closing?: Promise<void>;

  constructor(private readonly options: ListenerOptions) {
    this.now = options.now ?? Date.now;
    this.done = new Promise<void>((resolve) => (this.resolveDone = resolve));
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      return answer(res, 405, { error: 'method_not_allowed', message: 'deliveries are POST requests' });
    }
    const body = await readBody(req);
    if (body === null) {
      this.options.events.rejected('too_large', t`a body over ${integer(MAX_BODY_BYTES)} bytes`);
      return answer(res, 413, { error: 'too_large' });
    }
    const verified = this.verify(req, res, body);
    if (!verified.ok) return;
    const { envelope, secretIndex } = verified;
    this.forget();
    const id = envelope.delivery_id;
    // The same delivery again while its forward is under way: it gets the same answer.
    const pending = this.inFlight.get(id);
    if (this.seen.has(id) || pending) {
      if (pending && !(await pending)) return answer(res, FORWARD_FAILED_STATUS, { error: 'forward_failed' });
      this.options.events.duplicate(id, envelope.event);
      return answer(res, 200, { received: true, duplicate: true });
    }
    if (this.options.forwardTo && !(await this.forwarded(req, res, body, id))) return;
    this.seen.set(id, this.now());
    this.accepted += 1;
    const last = this.options.maxDeliveries !== undefined && this.accepted >= this.options.maxDeliveries;
    if (last) res.once('finish', () => void this.close());
    answer(res, 200, { received: true });
    this.options.events.delivery({
      receivedAt: new Date(this.now()),
      event: envelope.event,
      deliveryId: id,
      occurredAt: envelope.occurred_at,
      data: envelope.data,
      secretIndex,
    });
  }

  /** The signature and timestamp checked, the body a JSON envelope with event and delivery_id; otherwise answered here. */
  private verify(req: IncomingMessage, res: ServerResponse, body: Buffer): Verified {
    const result = verifyDelivery({
      secrets: this.options.secrets,
      signature: header(req, SIGNATURE_HEADER),
      timestamp: header(req, TIMESTAMP_HEADER),
      rawBody: body,
      toleranceSeconds: this.options.toleranceSeconds,
      now: this.now(),
    });
    if (!result.ok) {
      this.options.events.rejected(result.reason, verifyFailureText(result));
      answer(res, 401, { error: result.reason, message: result.message });
      return { ok: false };
    }
    let envelope: Record<string, unknown>;
    try {
      envelope = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      envelope = {};
    }
    if (typeof envelope?.event !== 'string' || typeof envelope.delivery_id !== 'string') {
      this.options.events.rejected('not_an_envelope', t`signed, but not a JSON envelope with event and delivery_id`);
      answer(res, 400, { error: 'not_an_envelope' });
      return { ok: false };
    }
    return { ok: true, envelope: envelope as Envelope, secretIndex: result.secretIndex };
  }

  /** The delivery forwarded to the local URL; false when it failed (answered here with FORWARD_FAILED_STATUS). */
  private async forwarded(req: IncomingMessage, res: ServerResponse, body: Buffer, id: string): Promise<boolean> {
    let settle!: (ok: boolean) => void;
    this.inFlight.set(id, new Promise<boolean>((resolve) => (settle = resolve)));
    const outcome = await this.forward(req, body);
    const ok = !(outcome instanceof Error) && outcome.status >= 200 && outcome.status < 300;
    settle(ok);
    this.inFlight.delete(id);
    this.options.events.forwarded(id, outcome, ok);
    if (ok) return true;
    const why = outcome instanceof Error ? outcome.message : `it answered ${outcome.status}`;
    answer(res, FORWARD_FAILED_STATUS, { error: 'forward_failed', message: `forwarding to the local URL failed: ${why}` });
    return false;
  }

  private forward(req: IncomingMessage, body: Buffer): Promise<PostResult | Error> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const pending = postRaw(this.options.forwardTo!, headers, body, this.options.forwardTimeoutMs).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
    const tracked = pending.then(() => undefined);
    this.forwards.add(tracked);
    void tracked.finally(() => this.forwards.delete(tracked));
    return pending;
  }

  private forget(): void {
    const horizon = this.now() - this.options.toleranceSeconds * 1000;
    for (const [id, at] of this.seen) if (at < horizon) this.seen.delete(id);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.server?.close();
      this.server?.closeIdleConnections();
      while (this.forwards.size > 0) await Promise.allSettled([...this.forwards]);
      this.server?.closeAllConnections();
      this.resolveDone();
    })();
    return this.closing;
  }
}

/**
 * Why a delivery failed verification, in the run's language (the library's `message` is English,
 * for the receivers that import it): from the reason and what was measured.
 */
export function verifyFailureText(result: Extract<VerifyResult, { ok: false }>): Message {
  const tolerance = result.toleranceSeconds ?? 0;
  switch (result.reason) {
    case 'malformed_timestamp':
      return t`the timestamp '${result.timestamp ?? ''}' is neither Unix seconds nor ISO-8601 with an offset`;
    case 'malformed_signature':
      return t`no sha256=<hex or base64 digest of 32 bytes> found in the signature`;
    case 'bad_signature':
      return t`the signature does not match the body and timestamp under any of the secrets`;
    case 'stale_timestamp':
      return t`the timestamp is ${result.skewSeconds ?? 0} s old, more than the tolerance of ${tolerance} s (a replay?)`;
    case 'future_timestamp':
      return t`the timestamp is ${-(result.skewSeconds ?? 0)} s in the future, more than the tolerance of ${tolerance} s (check the clocks)`;
  }
}

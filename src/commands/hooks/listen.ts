import { FiscoError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { FORWARD_FAILED_STATUS, startListener, type ReceivedDelivery } from '../../webhooks/listen.js';
import type { PostResult } from '../../webhooks/trigger.js';
import type { LISTEN_FLAGS } from './flags.js';
import { parseUrlFlag, readSecrets, DEFAULT_TOLERANCE_SECONDS } from './secrets.js';
import { t } from '../../i18n/message.js';

export const DEFAULT_PORT = 8787;
const PAYLOAD_WIDTH = 120;

function compact(data: unknown): string {
  const text = JSON.stringify(data) ?? 'null';
  return text.length > PAYLOAD_WIDTH ? `${text.slice(0, PAYLOAD_WIDTH - 1)}…` : text;
}

/**
 * One line a delivery on stdout, as it arrives: `time  event  delivery_id  payload` on a
 * terminal, a JSON object a line with -o ndjson or -o json (a stream cannot be one JSON array).
 */
export async function run(_args: string[], options: FlagValues<typeof LISTEN_FLAGS>, factory: Factory): Promise<void> {
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
  const secrets = await readSecrets(options, factory);
  const forwardTo = options.forwardTo === undefined ? undefined : parseUrlFlag('--forward-to', options.forwardTo, true).toString();
  const out = factory.output;
  const machine = out.format !== 'table';

  const print = (d: ReceivedDelivery): void => {
    if (machine) {
      out.data(
        `${JSON.stringify({ received_at: d.receivedAt.toISOString(), event: d.event, delivery_id: d.deliveryId, occurred_at: d.occurredAt, data: d.data })}\n`,
      );
    } else {
      out.data(`${d.receivedAt.toISOString()}  ${d.event}  ${d.deliveryId}  ${compact(d.data)}\n`);
    }
  };

  let listener;
  try {
    listener = await startListener({
      port: options.port ?? DEFAULT_PORT,
      secrets,
      toleranceSeconds: tolerance,
      forwardTo,
      forwardTimeoutMs: factory.timeoutMs(),
      maxDeliveries: options.maxDeliveries,
      events: {
        delivery: print,
        rejected: (reason, message) =>
          out.warn(t`rejected a delivery (${reason}): ${message}; answered ${reason === 'not_an_envelope' ? 400 : reason === 'too_large' ? 413 : 401}`),
        duplicate: (id, event) => out.info(t`duplicate delivery ${id} (${event}) ignored; answered 200`),
        forwarded: (id, result, ok) =>
          ok
            ? out.info(t`forwarded ${id} to ${forwardTo}: ${(result as PostResult).status} in ${(result as PostResult).durationMs} ms`)
            : out.warn(
                t`forwarding ${id} to ${forwardTo} failed (${result instanceof FiscoError ? result.text : result instanceof Error ? result.message : t`it answered ${result.status}`}); answered the sender ${FORWARD_FAILED_STATUS} so the service retries it`,
              ),
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new UsageError(t`--port: ${options.port ?? DEFAULT_PORT} on 127.0.0.1 is already in use; pick another (0 picks a free one)`);
    throw error;
  }
  out.info(t`listening on ${listener.url} (signatures checked, tolerance ${tolerance} s${forwardTo ? t`, forwarding to ${forwardTo}` : ''}); Ctrl-C stops`);
  const stopListening = factory.io.onInterrupt(() => void listener.close());
  try {
    await listener.done;
  } finally {
    stopListening();
  }
}

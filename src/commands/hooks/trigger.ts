import { FiscoError, ExitCode, NetworkError } from '../../errors.js';
import { getEventSample } from '../../api/events.js';
import type { Context } from '../../context.js';
import { sendDelivery } from '../../webhooks/trigger.js';
import { parseFlags } from '../../flags/parse.js';
import { TRIGGER_FLAGS } from './trigger.flags.js';
import { parseUrlFlag, readSecrets } from './secrets.js';

/** Prints `{ event, delivery_id, to, status, duration_ms }`; a receiver's non-2xx answer exits 6. */
export async function run([key]: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(TRIGGER_FLAGS, raw);
  const to = parseUrlFlag('--to', options.to).toString();
  const [secret] = await readSecrets(options, context);
  const client = await context.client();
  const sample = await getEventSample(client, key);
  let sent;
  try {
    sent = await sendDelivery(to, secret!, sample);
  } catch (error) {
    throw new NetworkError(`could not deliver to ${to}: ${error instanceof Error ? error.message : String(error)}`, error, [
      'Is the receiver running? `fisco hooks listen` is one.',
    ]);
  }
  await context.output.item({ event: sample.event, delivery_id: sent.deliveryId, to, status: sent.status, duration_ms: sent.durationMs });
  const summary = `${sample.event} delivery ${sent.deliveryId}: ${to} answered ${sent.status} in ${sent.durationMs} ms`;
  if (sent.status >= 200 && sent.status < 300) {
    context.output.success(summary);
    return;
  }
  throw new FiscoError(`the receiver rejected the delivery: ${summary}${sent.bodyExcerpt ? ` (${sent.bodyExcerpt.trim()})` : ''}`, ExitCode.rejected, [
    sent.status === 401
      ? 'A 401 usually means the receiver checks with another secret, or reads a re-serialised body.'
      : 'Receivers must answer 2xx within a few seconds.',
  ]);
}

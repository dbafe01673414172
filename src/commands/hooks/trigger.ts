import { FiscoError, ExitCode, NetworkError } from '../../errors.js';
import { getEventSample } from '../../api/events.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { sendDelivery } from '../../webhooks/trigger.js';
import type { TRIGGER_FLAGS } from './flags.js';
import { parseUrlFlag, readSecrets } from './secrets.js';
import { t } from '../../i18n/message.js';

/** Prints `{ event, delivery_id, to, status, duration_ms }`; a receiver's non-2xx answer exits 6. */
export async function run([key]: string[], options: FlagValues<typeof TRIGGER_FLAGS>, factory: Factory): Promise<void> {
  const to = parseUrlFlag('--to', options.to).toString();
  const [secret] = await readSecrets(options, factory);
  const client = await factory.client();
  const sample = await getEventSample(client, key);
  let sent;
  try {
    sent = await sendDelivery(to, secret!, sample, factory.timeoutMs());
  } catch (error) {
    throw new NetworkError(
      t`could not deliver to ${to}: ${error instanceof FiscoError ? error.text : error instanceof Error ? error.message : String(error)}`,
      error,
      [t`Is the receiver running? \`fisco hooks listen\` is one.`],
    );
  }
  await factory.output.item({ event: sample.event, delivery_id: sent.deliveryId, to, status: sent.status, duration_ms: sent.durationMs });
  const summary = t`${sample.event} delivery ${sent.deliveryId}: ${to} answered ${sent.status} in ${sent.durationMs} ms`;
  if (sent.status >= 200 && sent.status < 300) {
    factory.output.success(summary);
    return;
  }
  throw new FiscoError(t`the receiver rejected the delivery: ${summary}${sent.bodyExcerpt ? t` (${sent.bodyExcerpt.trim()})` : ''}`, ExitCode.rejected, [
    sent.status === 401
      ? t`A 401 usually means the receiver checks with another secret, or reads a re-serialised body.`
      : t`Receivers must answer 2xx within a few seconds.`,
  ]);
}

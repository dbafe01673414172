import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import type { EMULATOR_FLAGS } from './flags.js';
import { t } from '../../i18n/message.js';

export async function run(_args: string[], options: FlagValues<typeof EMULATOR_FLAGS>, factory: Factory): Promise<void> {
  const { startEmulator } = await import('../../emulator/index.js');
  const emulator = await startEmulator({
    host: options.host,
    port: options.port,
    stateFile: options.state,
    today: options.today,
    seed: options.seed,
    rateLimit: { limit: options.rateLimit, windowMs: options.rateWindow },
    faults: { latencyMs: options.latency, errorRate: options.errorRate, dropRate: options.dropRate },
    allowHttpHooks: options.allowHttpHooks,
    quirks: options.quirks,
    sizes: { invoices: options.invoices, f24s: options.f24s, expenses: options.expenses, clients: options.clients, deadlines: options.deadlines },
  });
  const out = factory.output;
  if (out.format === 'table') {
    out.data(`fisco emulator listening\n  production  ${emulator.url}\n  sandbox     ${emulator.sandboxUrl}\n\nTokens:\n`);
    for (const token of emulator.tokens) out.data(`  ${token.token.padEnd(26)} ${token.environment.padEnd(11)} ${token.description}\n`);
    out.data(`\nTry: FISCO_BASE_URL=${emulator.url} FISCO_TOKEN=${emulator.tokens[0].token} fisco whoami\n`);
  } else {
    await out.item({ url: emulator.url, sandbox_url: emulator.sandboxUrl, tokens: emulator.tokens });
  }
  out.info(t`Press Ctrl-C to stop.`);
  await new Promise<void>((resolve) => factory.io.onInterrupt(() => resolve()));
  await emulator.close();
}

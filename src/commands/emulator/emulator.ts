import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { UsageError } from '../../errors.js';
import type { EMULATOR_FLAGS } from './flags.js';
import { t } from '../../i18n/message.js';

export async function run(_args: string[], options: FlagValues<typeof EMULATOR_FLAGS>, factory: Factory): Promise<void> {
  const emulator = await listening(options);
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

/**
 * The emulator, listening. A port it cannot take is the user's choice to change, not a bug: exit 2
 * (as `hooks listen` says it), naming the port and what to do.
 */
async function listening(options: FlagValues<typeof EMULATOR_FLAGS>) {
  const { startEmulator } = await import('../../emulator/index.js');
  try {
    return await startEmulator({
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
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const [port, host] = [options.port ?? 0, options.host ?? '127.0.0.1'];
    if (code === 'EADDRINUSE')
      throw new UsageError(t`--port: ${port} on ${host} is already in use (another emulator or program listens there); nothing was started`, [
        t`Pick another port with --port, or --port 0 for a free one (the address is printed).`,
      ]);
    if (code === 'EACCES')
      throw new UsageError(t`--port: ${port} on ${host} needs privileges this user lacks (ports below 1024); nothing was started`, [
        t`Pick a port from 1024 up with --port, or --port 0 for a free one (the address is printed).`,
      ]);
    throw error;
  }
}

import * as z from '../../api/zod.js';
import type { Context } from '../../context.js';
import { dateOption } from '../filters.js';
import { parseOptions } from '../options.js';

const number = (what: string, min: number, max: number, integer = true) =>
  z
    .string()
    .regex(integer ? /^\d+$/ : /^\d+(\.\d+)?$/, `must be a ${integer ? 'whole ' : ''}number from ${min} to ${max} (${what})`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be from ${min} to ${max} (${what})`);

const schema = z.object({
  port: number('port', 0, 65535),
  host: z
    .string()
    .refine((h) => h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h), 'must be a loopback address (127.x.x.x, ::1 or localhost)'),
  state: z.string().optional(),
  today: dateOption.optional(),
  seed: number('seed', 0, 2 ** 31).optional(),
  rateLimit: number('requests', 1, 1_000_000),
  rateWindow: number('milliseconds', 1, 86_400_000),
  latency: number('milliseconds', 0, 60_000),
  errorRate: number('fraction', 0, 1, false),
  dropRate: number('fraction', 0, 1, false),
  allowHttpHooks: z.boolean().optional(),
  invoices: number('invoices', 0, 1_000_000).optional(),
  f24s: number('F24 forms', 0, 1_000_000).optional(),
  expenses: number('expenses', 0, 1_000_000).optional(),
  clients: number('clients', 0, 1_000_000).optional(),
  deadlines: number('deadlines', 0, 1_000_000).optional(),
});

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
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
    sizes: { invoices: options.invoices, f24s: options.f24s, expenses: options.expenses, clients: options.clients, deadlines: options.deadlines },
  });
  const out = context.output;
  if (out.format === 'table') {
    out.data(`fisco emulator listening\n  production  ${emulator.url}\n  sandbox     ${emulator.sandboxUrl}\n\nTokens:\n`);
    for (const token of emulator.tokens) out.data(`  ${token.token.padEnd(26)} ${token.environment.padEnd(11)} ${token.description}\n`);
    out.data(`\nTry: FISCO_BASE_URL=${emulator.url} FISCO_TOKEN=${emulator.tokens[0].token} fisco whoami\n`);
  } else {
    await out.item({ url: emulator.url, sandbox_url: emulator.sandboxUrl, tokens: emulator.tokens });
  }
  out.info('Press Ctrl-C to stop.');
  await new Promise<void>((resolve) => context.onInterrupt(() => resolve()));
  await emulator.close();
}

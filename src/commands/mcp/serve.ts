import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { t } from '../../i18n/message.js';
import { serveMcp } from '../../mcp/server.js';
import type { VerbTree } from '../verb.js';
import type { MCP_FLAGS } from './flags.js';

export async function run(_args: string[], options: FlagValues<typeof MCP_FLAGS>, factory: Factory, tree: VerbTree): Promise<void> {
  if (options.allowSend && !options.allowWrites) throw new UsageError(t`--allow-send needs --allow-writes: sending is a write`);
  let offline: Promise<Factory> | undefined;
  const twin = () => (offline ??= factory.offlineRun());
  try {
    await serveMcp(factory, {
      allowWrites: Boolean(options.allowWrites),
      allowSend: Boolean(options.allowSend),
      run: (call, on) => tree.run(call.path, call.args ?? [], call.flags ?? {}, on),
      offline: twin,
    });
  } finally {
    if (offline) await (await offline).close();
  }
}

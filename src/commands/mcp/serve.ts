import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { t } from '../../i18n/message.js';
import type { VerbCall, VerbRunner } from '../../mcp/call.js';
import { serveMcp } from '../../mcp/server.js';
import { COMMANDS } from '../index.js';
import { runVerb } from '../runner.js';
import { offlinePaths, type CommandRecord, type VerbModule, type VerbRecord } from '../verb.js';
import type { MCP_FLAGS } from './index.js';

function recordAt(path: readonly string[]): VerbRecord {
  let records: readonly CommandRecord[] = COMMANDS;
  let found: CommandRecord | undefined;
  for (const name of path) {
    found = records.find((record) => record.name === name);
    records = found?.verbs ?? [];
  }
  // eslint-disable-next-line no-restricted-syntax -- a bug in fisco (a tool naming no command), never a message for a person
  if (found?.kind !== 'verb') throw new Error(`no verb at ${path.join(' ')}`);
  return found;
}

/** The flags as commander hands them: a flag not given takes its table's default (as commander's option.default does). */
function withDefaults(record: VerbRecord, flags: Record<string, unknown>): Record<string, unknown> {
  const given = { ...flags };
  for (const [key, spec] of Object.entries(record.flags)) if (given[key] === undefined && spec.default !== undefined) given[key] = spec.default;
  return given;
}

/** A tool call as the runner runs the command it stands for: its record's flags table and scope. */
const runner: VerbRunner = async (call: VerbCall, factory: Factory) => {
  const record = recordAt(call.path);
  const verb = (await record.load()) as VerbModule;
  await runVerb(
    { record, verb, path: call.path.join(' '), offlineReads: () => offlinePaths(COMMANDS) },
    [...(call.args ?? [])],
    withDefaults(record, call.flags ?? {}),
    factory,
  );
};

export async function run(_args: string[], options: FlagValues<typeof MCP_FLAGS>, factory: Factory): Promise<void> {
  if (options.allowSend && !options.allowWrites) throw new UsageError(t`--allow-send needs --allow-writes: sending is a write`);
  let offline: Promise<Factory> | undefined;
  const twin = () => (offline ??= factory.offlineRun());
  try {
    await serveMcp(factory, { allowWrites: Boolean(options.allowWrites), allowSend: Boolean(options.allowSend), run: runner, offline: twin });
  } finally {
    if (offline) await (await offline).close();
  }
}

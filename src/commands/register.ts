/**
 * The command tree, built from the records (verb.ts): each record becomes a commander command with
 * its arguments, the options of its flag table, its help text and an action that runs it through
 * the runner. The records stay attached to their commands (`recordOf`), so help, completion and
 * the parity test read the record a command was built from.
 */
import { Argument, type Command } from 'commander';
import { offerValues } from '../completion/values.js';
import { addFlags } from '../flags/commander.js';
import { examples } from '../help/examples.js';
import { verbAction } from './runner.js';
import type { CommandRecord, VerbRecord } from './verb.js';

const records = new WeakMap<Command, CommandRecord>();

/** The record `command` was built from; undefined for the program itself. */
export function recordOf(command: Command): CommandRecord | undefined {
  return records.get(command);
}

/** What `--help` shows after the flags: the record's text, its notes and its examples. */
export function helpAfter(record: VerbRecord): string | undefined {
  const shown = record.examples?.length ? examples([...record.examples], [...(record.notes ?? [])]) : undefined;
  if (record.help !== undefined && shown !== undefined) return `${record.help}\n${shown}`;
  return record.help ?? shown;
}

/** Adds `record` (and what is under it) to `parent`. */
export function register(parent: Command, record: CommandRecord): Command {
  const command = parent.command(record.name).description(record.description);
  records.set(command, record);
  if (record.kind === 'noun') {
    for (const verb of record.verbs) register(command, verb);
    return command;
  }
  for (const arg of record.args ?? []) {
    const argument = new Argument(arg.name, arg.description);
    if (arg.choices) argument.choices(arg.choices);
    if (arg.complete) offerValues(argument, arg.complete);
    command.addArgument(argument);
  }
  addFlags(command, record.flags);
  const after = helpAfter(record);
  if (after !== undefined) command.addHelpText('after', after);
  if (record.fromParent?.length) command.hook('preAction', (_parent, self) => takeFromParent(self, record.fromParent!));
  command.action(verbAction(record));
  for (const verb of record.verbs ?? []) register(command, verb);
  return command;
}

/**
 * The parent's flags typed before this verb (`fisco emulator --quirks statement`): commander fills
 * the parent's, so they are handed down when the verb's own is not given.
 */
function takeFromParent(command: Command, names: readonly string[]): void {
  for (const name of names) {
    const parent = command.parent?.getOptionValue(name) as unknown;
    if (command.getOptionValue(name) === undefined && parent !== undefined) command.setOptionValue(name, parent);
  }
}

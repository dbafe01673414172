/**
 * The command tree, built from the records (verb.ts): each record becomes a commander command with
 * its arguments, the options of its flag table, its help text and an action that runs it through
 * the runner. The records stay attached to their commands (`recordOf`), so help, completion and
 * the parity test read the record a command was built from.
 */
import { Argument, type Command } from 'commander';
import { offerValues } from '../completion/values.js';
import { addFlags } from '../flags/commander.js';
import { examples, translatedLines } from '../help/examples.js';
import { helpWordsOf, type HelpWords } from '../help/format.js';
import { verbAction } from './runner.js';
import type { CommandRecord, VerbRecord } from './verb.js';

const records = new WeakMap<Command, CommandRecord>();

/** The record `command` was built from; undefined for the program itself. */
export function recordOf(command: Command): CommandRecord | undefined {
  return records.get(command);
}

/**
 * A command's description says what it does for the person; the service's request it makes, when
 * the record names one at the end of its description (`list invoices (GET /v1/invoices)`), goes to
 * a "Service:" line of its own help.
 */
export function describe(description: string): { what: string; service?: string } {
  const m = / \(((?:GET|POST|PUT|PATCH|DELETE) [^()]*)\)/.exec(description);
  return m ? { what: description.slice(0, m.index) + description.slice(m.index + m[0].length), service: m[1]! } : { what: description };
}

/** What `--help` shows after the flags: the service's request, the record's text, its notes and its examples, in the help's language. */
export function helpAfter(record: VerbRecord, words: HelpWords = (english) => english): string | undefined {
  const { service } = describe(record.description);
  const help = [
    // The requests themselves as the service names them; only the word between two of them is the help's.
    service === undefined ? undefined : `\n${words('Service:')} ${service.split(' or ').join(` ${words('or')} `)}`,
    record.help === undefined ? undefined : translatedLines(record.help, words),
  ]
    .filter((part) => part !== undefined)
    .join('\n');
  const shown = record.examples?.length ? examples([...record.examples], [...(record.notes ?? [])], words) : undefined;
  if (help !== '' && shown !== undefined) return `${help}\n${shown}`;
  return help !== '' ? help : shown;
}

/** Adds `record` (and what is under it) to `parent`. */
export function register(parent: Command, record: CommandRecord): Command {
  const command = parent.command(record.name).description(describe(record.description).what);
  records.set(command, record);
  if (record.kind === 'noun') {
    for (const verb of record.verbs) register(command, verb);
    return command;
  }
  return verbCommand(command, record);
}

/**
 * Adds the commands of one path (a noun and one of its verbs, or a verb) to `parent`: each as
 * register() adds it, the noun with that verb only. What a run that names its command needs
 * (commandPath in ./index.ts); the rest of the tree is not built.
 */
export function registerPath(parent: Command, [record, ...rest]: readonly CommandRecord[]): void {
  if (!record) return;
  if (record.kind !== 'noun' || rest.length === 0) {
    register(parent, record);
    return;
  }
  const command = parent.command(record.name).description(describe(record.description).what);
  records.set(command, record);
  registerPath(command, rest);
}

/** A verb's arguments, flags, help and action on its command (register). */
function verbCommand(command: Command, record: VerbRecord): Command {
  for (const arg of record.args ?? []) {
    const argument = new Argument(arg.name, arg.description);
    if (arg.choices) argument.choices(arg.choices);
    if (arg.complete) offerValues(argument, arg.complete);
    command.addArgument(argument);
  }
  addFlags(command, record.flags);
  if (helpAfter(record) !== undefined) command.addHelpText('after', ({ command: shown }) => helpAfter(record, helpWordsOf(shown)) ?? '');
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

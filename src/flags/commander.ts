/**
 * The commander options of a flag table (spec.ts): registration reads the table without the verb.
 * This module imports no zod and no verb code: it is on the start-up path of every command.
 */
import { Option, type Command } from 'commander';
import { offerValues, words } from '../completion/values.js';
import { attributeName, type FlagTable } from './spec.js';

/** Commander's value parser for a repeatable flag (`--item a --item b` → ['a', 'b']). */
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Adds the table's options to `command`. A key that is not the flag's attribute name is a bug caught at registration. */
export function addFlags(command: Command, table: FlagTable): Command {
  for (const [key, spec] of Object.entries(table)) {
    if (attributeName(spec.flag) !== key)
      throw new Error(`flag table of ${command.name()}: key ${key} does not match ${spec.flag} (${attributeName(spec.flag)})`);
    const option = new Option(spec.flag, spec.description);
    if (spec.kind === 'list') option.argParser(collect);
    if (spec.kind === 'choice' && spec.choices) option.choices(spec.choices);
    if (spec.default !== undefined) option.default(spec.default);
    if (spec.hidden) option.hideHelp();
    if (spec.mandatory) option.makeOptionMandatory();
    const offered =
      spec.complete ?? (spec.choices && (spec.kind === 'enum' || spec.kind === 'enumList') ? words(spec.choices, spec.kind === 'enumList') : undefined);
    if (offered) offerValues(option, offered);
    command.addOption(option);
  }
  return command;
}

/**
 * One declaration per flag. A verb's flags are a data-only table (`<verb>.flags.ts`) that
 * registration reads without loading the verb: from it come the commander option (here), the
 * completion values (commander's choices) and the help line; the verb parses what commander
 * gathered with the strict schema built from the same table (`flag-schema.ts`), whose inferred
 * type is what `run` receives. A flag renamed in the table is renamed everywhere at once.
 *
 * This module imports no zod and no verb code: it is on the start-up path of every command.
 */
import { Option, type Command } from 'commander';

export type FlagKind = 'boolean' | 'string' | 'list' | 'int' | 'amount' | 'date' | 'choice';

export interface FlagSpec {
  /** Commander syntax: '--fee-tolerance <amount>', '-y, --yes', '--resolve <ref=outcome>'. */
  readonly flag: string;
  /** 'list' is repeatable (string[]); 'amount' and 'date' are read by src/domain/input.ts; 'int' is a whole number ≥ 0. */
  readonly kind: FlagKind;
  readonly description: string;
  /** The allowed values of a 'choice' (also offered by the completions). */
  readonly choices?: readonly string[];
  readonly default?: string | boolean;
  readonly hidden?: boolean;
  /** Checked with every other problem, after parsing (not by commander, which stops at the first). */
  readonly required?: boolean;
  /** 'amount': zero is allowed (a tolerance); otherwise an amount must be greater than zero. */
  readonly allowZero?: boolean;
}

/** Keyed by commander's attribute name for the flag (camelCase of the long name, without `no-`). */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** Identity, for inference: `export const MATCH_FLAGS = defineFlags({ ... })`. */
export function defineFlags<const T extends FlagTable>(table: T): T {
  return table;
}

type ValueOf<S extends FlagSpec> = S['kind'] extends 'boolean'
  ? boolean
  : S['kind'] extends 'list'
    ? string[]
    : S['kind'] extends 'int'
      ? number
      : S['kind'] extends 'choice'
        ? S['choices'] extends readonly (infer C extends string)[]
          ? C
          : string
        : string;

type Present<S extends FlagSpec> = S extends { required: true } ? true : S extends { default: string | boolean } ? true : false;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** What a verb's `run` receives for a table: required and defaulted flags present, the others optional. */
export type FlagValues<T extends FlagTable> = Simplify<
  { -readonly [K in keyof T as Present<T[K]> extends true ? K : never]: ValueOf<T[K]> } & {
    -readonly [K in keyof T as Present<T[K]> extends true ? never : K]?: ValueOf<T[K]>;
  }
>;

/** Commander's attribute name for a flag: '--fee-tolerance <a>' → feeTolerance, '--no-input' → input. */
export function attributeName(flag: string): string {
  const long = flag.split(/[ ,|]+/).find((part) => part.startsWith('--'));
  if (!long) throw new Error(`flag table: ${flag} has no long name`);
  return long
    .slice(2)
    .replace(/^no-/, '')
    .replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Adds the table's options to `command`. A key that is not the flag's attribute name is a bug caught at registration. */
export function addFlags(command: Command, table: FlagTable): Command {
  for (const [key, spec] of Object.entries(table)) {
    if (attributeName(spec.flag) !== key)
      throw new Error(`flag table of ${command.name()}: key ${key} does not match ${spec.flag} (${attributeName(spec.flag)})`);
    const option = new Option(spec.flag, spec.description);
    if (spec.kind === 'list') option.argParser(collect);
    if (spec.choices) option.choices(spec.choices);
    if (spec.default !== undefined) option.default(spec.default);
    if (spec.hidden) option.hideHelp();
    command.addOption(option);
  }
  return command;
}

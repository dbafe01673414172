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
import { offerValues } from '../completion/values.js';

export type FlagKind = 'boolean' | 'string' | 'list' | 'int' | 'amount' | 'date' | 'instant' | 'month' | 'choice' | 'enum' | 'enumList';

export interface FlagSpec {
  /** Commander syntax: '--fee-tolerance <amount>', '-y, --yes', '--resolve <ref=outcome>'. */
  readonly flag: string;
  /**
   * 'list' is repeatable (string[]); 'amount' and 'date' are read by src/domain/input.ts; 'instant'
   * is a date or an ISO-8601 instant, 'month' YYYY-MM or mm/yyyy; 'int' is a whole number (see
   * min/max); 'choice' is checked by commander (and offered by the completions); 'enum' is one of
   * `choices` and 'enumList' a comma list of them, both checked with every other problem, with a
   * "did you mean" for a value that differs only in case.
   */
  readonly kind: FlagKind;
  readonly description: string;
  /** The allowed values of a 'choice', 'enum' or 'enumList' (commander's choices for a 'choice' only). */
  readonly choices?: readonly string[];
  readonly default?: string | boolean;
  readonly hidden?: boolean;
  /** Checked with every other problem, after parsing (not by commander, which stops at the first); a string is the message. */
  readonly required?: true | string;
  /** Refused by commander before the verb runs (commander's requiredOption). */
  readonly mandatory?: boolean;
  /** 'amount': zero is allowed (a tolerance); otherwise an amount must be greater than zero. */
  readonly allowZero?: boolean;
  /** 'string' and 'list': an empty value is passed on (the verb judges it); otherwise refused with `empty`. */
  readonly allowEmpty?: boolean;
  /** 'string': the message for an empty value (default 'must not be empty'); with `trim`, blanks count as empty. */
  readonly empty?: string;
  readonly trim?: boolean;
  /** 'string': at most this many characters ('at most N characters'). */
  readonly maxLength?: number;
  /** 'string' (and 'int', instead of its digits): the whole value must match; `invalid` says what is allowed. */
  readonly pattern?: RegExp;
  /** 'int': the bounds, and the messages for a value that is not a number (`invalid`) and one out of bounds (`range`). */
  readonly min?: number;
  readonly max?: number;
  readonly invalid?: string;
  readonly range?: string;
  /** 'int': a decimal number is allowed (a fraction). */
  readonly decimal?: boolean;
}

/** Keyed by commander's attribute name for the flag (camelCase of the long name, without `no-`). */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** Identity, for inference: `export const MATCH_FLAGS = defineFlags({ ... })`. */
export function defineFlags<const T extends FlagTable>(table: T): T {
  return table;
}

type Choice<S extends FlagSpec> = S['choices'] extends readonly (infer C extends string)[] ? C : string;

type ValueOf<S extends FlagSpec> = S['kind'] extends 'boolean'
  ? boolean
  : S['kind'] extends 'list'
    ? string[]
    : S['kind'] extends 'int'
      ? number
      : S['kind'] extends 'choice' | 'enum'
        ? Choice<S>
        : S['kind'] extends 'enumList'
          ? Choice<S>[]
          : string;

type Present<S extends FlagSpec> = S extends { required: true | string }
  ? true
  : S extends { mandatory: true }
    ? true
    : S extends { default: string | boolean }
      ? true
      : false;

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

/** Commander's value parser for a repeatable flag (`--item a --item b` → ['a', 'b']). */
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** A flag whose text goes to the verb as typed, empty too (the verb checks it, naming the flag). */
export const text = (flag: string, description: string) => ({ flag, kind: 'string', allowEmpty: true, description }) as const;

/** A verb with no flags of its own: its table is empty, so any option key is refused. */
export const NO_FLAGS = defineFlags({});

// The table each command was registered with (read by the parity test and nothing else at run time).
const tables = new WeakMap<Command, FlagTable>();

/** The table `addFlags` gave `command`, if any. */
export function flagTableOf(command: Command): FlagTable | undefined {
  return tables.get(command);
}

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
    if (spec.choices && (spec.kind === 'enum' || spec.kind === 'enumList'))
      offerValues(option, { kind: 'words', words: spec.choices, list: spec.kind === 'enumList' });
    command.addOption(option);
  }
  const earlier = tables.get(command);
  tables.set(command, earlier ? { ...earlier, ...table } : table);
  return command;
}

/**
 * One declaration per flag. A verb's flags are a data-only table in its record
 * (src/commands/verb.ts) that registration reads without loading the verb: from it come the
 * commander option (commander.ts), the completion values and the help line; the runner parses what
 * commander gathered with the strict schema built from the same table (parse.ts), whose inferred
 * type is what the verb's `run` receives. A flag renamed in the table is renamed everywhere at once.
 *
 * This module imports nothing but a type: it is on the start-up path of every command.
 */
import type { ValueSpec } from '../completion/values.js';
import type { Text } from '../i18n/message.js';

export type FlagKind =
  | 'boolean'
  | 'string'
  | 'list'
  | 'int'
  | 'amount'
  | 'date'
  | 'instant'
  | 'month'
  | 'confidence'
  | 'fileToWrite'
  | 'year'
  | 'seconds'
  | 'choice'
  | 'enum'
  | 'enumList';

export interface FlagSpec {
  /** Commander syntax: '--fee-tolerance <amount>', '-y, --yes', '--resolve <ref=outcome>'. */
  readonly flag: string;
  /**
   * 'list' is repeatable (string[]); 'amount' and 'date' are read by src/domain/input.ts; 'instant'
   * is a date or an ISO-8601 instant, 'month' YYYY-MM or mm/yyyy; 'int' is a whole number (see
   * min/max); 'confidence' is a number from 0 to 1 (0,8 too); 'fileToWrite' a path whose folder
   * exists and which is not a folder; 'year' four digits; 'seconds' a whole number of seconds; 'choice' is checked by commander (and offered by the completions); 'enum' is one of
   * `choices` and 'enumList' a comma list of them, both checked with every other problem, with a
   * "did you mean" for a value that differs only in case.
   */
  readonly kind: FlagKind;
  readonly description: string;
  /** The allowed values of a 'choice', 'enum' or 'enumList' (commander's choices for a 'choice' only). */
  readonly choices?: readonly string[];
  readonly default?: string | boolean;
  /** What the value completes to (a file, a folder, profile names, words), when not the allowed values of an 'enum' flag. */
  readonly complete?: ValueSpec;
  readonly hidden?: boolean;
  /** Checked with every other problem, after parsing (not by commander, which stops at the first); a string is the message. */
  readonly required?: true | Text;
  /** Refused by commander before the verb runs (commander's requiredOption). */
  readonly mandatory?: boolean;
  /** 'amount': zero is allowed (a tolerance); otherwise an amount must be greater than zero. */
  readonly allowZero?: boolean;
  /** 'amount': a negative amount is allowed too (a balance: an overdrawn account). */
  readonly allowNegative?: boolean;
  /** 'string' and 'list': an empty value is passed on (the verb judges it); otherwise refused with `empty`. */
  readonly allowEmpty?: boolean;
  /** 'string': the message for an empty value (default 'must not be empty'); with `trim`, blanks count as empty. */
  readonly empty?: Text;
  readonly trim?: boolean;
  /** 'string': at most this many characters ('at most N characters'). */
  readonly maxLength?: number;
  /** 'string' (and 'int', instead of its digits): the whole value must match; `invalid` says what is allowed. */
  readonly pattern?: RegExp;
  /** 'int': the bounds, and the messages for a value that is not a number (`invalid`) and one out of bounds (`range`). */
  readonly min?: number;
  readonly max?: number;
  readonly invalid?: Text;
  readonly range?: Text;
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
    : S['kind'] extends 'int' | 'confidence' | 'seconds'
      ? number
      : S['kind'] extends 'choice' | 'enum'
        ? Choice<S>
        : S['kind'] extends 'enumList'
          ? Choice<S>[]
          : string;

type Present<S extends FlagSpec> = S extends { required: true | Text }
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

/** A flag whose text goes to the verb as typed, empty too (the verb checks it, naming the flag). */
export const text = (flag: string, description: string) => ({ flag, kind: 'string', allowEmpty: true, description }) as const;

/** A verb with no flags of its own: its table is empty, so any option key is refused. */
export const NO_FLAGS = defineFlags({});

/**
 * One record per verb: everything about a verb is declared once, in data (its name, arguments,
 * flags, scope, help and examples) with a `load` that imports its implementation only when it runs.
 * Registration (register.ts), the runner (runner.ts), help, completion and the parity test read
 * these records and nothing else. A noun (`fisco invoice`) is a record of its verbs.
 *
 * This module imports no verb code: it is on the start-up path of every command.
 */
import type { ValueSpec } from '../completion/values.js';
import type { Factory } from '../factory/factory.js';
import type { FlagTable, FlagValues } from '../flags/spec.js';

/**
 * How a verb meets the companies of a token (docs/firm.md):
 *
 * - `company`: writes to or acts on one company; `--all-accounts` and `--accounts` are refused
 *   (writes never fan out); a company named (flag, FISCO_ACCOUNT, profile) is checked against the token's.
 * - `companies`: reads one company's data; with `--all-accounts` / `--accounts` it runs once per
 *   company (fan-out); with a firm token and no company named, a list reads every company and a
 *   single read is refused.
 * - `firm`: takes the companies itself (overview, export, …): `--account` is a selection of one.
 * - `token`: the answer does not depend on the company (the company list, the event catalog): it runs once.
 * - `routed`: a write over the token's companies, each statement or letter going to its own
 *   company (bank match and apply, dunning send): the fan-out flags are refused, `--demo` gives it
 *   the firm's token.
 * - `credentials`: works on the stored credentials, not on a company's data (auth login, auth
 *   status): the fan-out flags are refused.
 * - `service`: sends what it is told (`fisco api`): the fan-out flags are refused and the company
 *   is sent as named, the service's answer shown as it is.
 * - `local`: never talks to the service (profiles, completion, local webhook tools, the emulator):
 *   the fan-out flags are refused and `--offline` changes nothing.
 */
export type Scope = 'company' | 'companies' | 'firm' | 'token' | 'routed' | 'credentials' | 'service' | 'local';

/** A positional argument: commander's syntax (`<file>`, `[id...]`) and its help line. */
export interface ArgSpec {
  readonly name: string;
  readonly description: string;
  readonly choices?: readonly string[];
  /** What the value completes to (a file, profile names, event keys, words). */
  readonly complete?: ValueSpec;
}

/** Runs another verb of the tree by its path, as the command line would (runner.ts; `fisco mcp`'s tools). */
export interface VerbTree {
  run(path: readonly string[], args: readonly string[], flags: Record<string, unknown>, factory: Factory): Promise<void>;
}

/** What a verb's module exports: `run` takes the parsed arguments and flags, the run's Factory and (for the few that need it) the tree. */
export interface VerbModule<O = Record<string, unknown>> {
  // A property, not a method: its parameters are checked strictly, so a verb's options type must be its table's.
  readonly run: (args: string[], options: O, factory: Factory, tree: VerbTree) => Promise<void>;
}

interface VerbFields {
  readonly kind: 'verb';
  readonly name: string;
  readonly description: string;
  readonly args?: readonly ArgSpec[];
  readonly scope: Scope;
  /** Answered from the mirror with `--offline` (docs/mirror.md); otherwise refused offline unless `local`. */
  readonly offline?: boolean;
  /** Text after the flags in `--help`, before the notes and examples. */
  readonly help?: string;
  /** Plain lines before the examples. */
  readonly notes?: readonly string[];
  /** One shell line each, run as written by test/e2e/examples.test.ts. */
  readonly examples?: readonly string[];
  /** Flags of the parent verb that this one takes when typed before it (`fisco emulator --quirks statement`). */
  readonly fromParent?: readonly string[];
  /** Verbs under this one (`fisco emulator statement`). */
  readonly verbs?: readonly VerbRecord[];
}

/** A verb as defineVerb declares it: its flags type what its module's `run` receives. */
export interface TypedVerbRecord<T extends FlagTable> extends VerbFields {
  /** Its flags, from which come the commander options, the completions and the strict schema the runner parses with. */
  readonly flags: T;
  load(): Promise<VerbModule<FlagValues<NoInfer<T>>>>;
}

/** A verb as registration and the runner hold it, whatever its flags (the runner parses with them). */
export interface VerbRecord extends VerbFields {
  readonly flags: FlagTable;
  load(): Promise<VerbModule<never>>;
}

/** A noun: a group of verbs with nothing to run of its own. */
export interface NounRecord {
  readonly kind: 'noun';
  readonly name: string;
  readonly description: string;
  readonly verbs: readonly VerbRecord[];
}

export type CommandRecord = VerbRecord | NounRecord;

/** Declares a verb (identity, for inference: the flags type what `run` receives). */
export function defineVerb<const T extends FlagTable>(record: Omit<TypedVerbRecord<T>, 'kind'>): TypedVerbRecord<T> {
  return { kind: 'verb', ...record };
}

export function defineNoun(record: Omit<NounRecord, 'kind'>): NounRecord {
  return { kind: 'noun', ...record };
}

/** A list verb: it takes the pagination flags (LIST_FLAGS); with a firm token and no company named it reads every company. */
export function isList(record: VerbRecord): boolean {
  return 'perPage' in record.flags;
}

/** The paths `--offline` answers (records with `offline: true`), as a person types them, in help's order. */
export function offlinePaths(records: readonly CommandRecord[], parent: readonly string[] = []): string[] {
  return records.flatMap((record) => {
    const path = [...parent, record.name];
    const own = record.kind === 'verb' && record.offline ? [path.join(' ')] : [];
    return [...own, ...offlinePaths(record.verbs ?? [], path)];
  });
}

/**
 * Runs a verb from its record (verb.ts): the run's Factory made by main(), the verb's module
 * imported only now (so `--help` and `--version` never load the client, the prompts or the
 * tables), its flags parsed with its record's table, and the record's scope applied: once, once
 * per company (`--all-accounts`, `--accounts`, or a firm token with no company named), or refused.
 */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { Factory } from '../factory/factory.js';
import { parseFlags } from '../flags/parse.js';
import { selectionOf } from '../portfolio/select.js';
import { isList, type CommandRecord, type VerbModule, type VerbRecord, type VerbTree } from './verb.js';
import { t } from '../i18n/message.js';

/** What main() hands the runner for its program: the maker of a run's Factory, and the tree's offline reads (for the refusal's hint). */
export interface RunSetup {
  /** The Factory of the run of `record` (its record says which demo token it needs). */
  make(command: Command, record: VerbRecord): Promise<Factory>;
  /** The paths `--offline` answers, as a person types them. */
  offlineReads(): string[];
  /** The command tree (`fisco mcp` runs its verbs as tools). */
  records(): readonly CommandRecord[];
}

// Per program (one per main() call), so that several runs in one process never share a Factory.
const setups = new WeakMap<Command, RunSetup>();

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/** cli.ts installs the setup once per program; every action makes its run's Factory through it. */
export function setRunSetup(program: Command, setup: RunSetup): void {
  setups.set(program, setup);
}

/** A commander action that runs `record`'s verb. */
export function verbAction(record: VerbRecord) {
  return async (...params: unknown[]): Promise<void> => {
    const command = params[params.length - 1] as Command;
    const args = params.slice(0, -2).flatMap((value) => (Array.isArray(value) ? value : value === undefined ? [] : [value])) as string[];
    const setup = setups.get(rootOf(command));
    if (!setup) throw new TypeError('no run setup: run commands through main()');
    const [factory, verb] = await Promise.all([setup.make(command, record), record.load()]);
    try {
      await runVerb(
        { record, verb: verb as VerbModule, path: commandPath(command), offlineReads: setup.offlineReads, tree: treeOf(setup) },
        args,
        command.opts(),
        factory,
      );
    } finally {
      await factory.close();
    }
  };
}

/** `--offline` (or FISCO_OFFLINE) with a write, or a read the mirror cannot answer: exit 2 before anything else. */
function refuseOffline(record: VerbRecord, path: string, answered: () => string[]): void {
  if (record.offline || record.scope === 'local') return;
  throw new UsageError(
    t`--offline: \`fisco ${path}\` is not answered offline: it writes to the service, or needs what the mirror does not keep (files, payment methods, webhooks, the service's raw answers); nothing was sent`,
    [
      t`Offline, fisco answers: ${answered()
        .filter((p) => p !== 'sync')
        .join(', ')} and sync --status. Without --offline (and FISCO_OFFLINE unset) it asks the service.`,
    ],
  );
}

/** The verb about to run: its record, its module, its path as typed, the tree's offline reads, and the tree. */
interface Running {
  record: VerbRecord;
  verb: VerbModule;
  path: string;
  offlineReads: () => string[];
  tree: VerbTree;
}

/**
 * The tree as a verb may run it (`fisco mcp`'s tools): a verb by its path, its flags as commander
 * hands them (a flag not given takes its table's default), under the same rules as from the
 * command line (scope, --offline, the flags' schema).
 */
function treeOf(setup: RunSetup): VerbTree {
  const tree: VerbTree = {
    async run(path, args, flags, factory) {
      let records = setup.records();
      let found: CommandRecord | undefined;
      for (const name of path) {
        found = records.find((record) => record.name === name);
        records = found?.verbs ?? [];
      }
      // eslint-disable-next-line no-restricted-syntax -- a bug in fisco (a path naming no verb), never a message for a person
      if (found?.kind !== 'verb') throw new Error(`no verb at ${path.join(' ')}`);
      const record = found;
      const given = { ...flags };
      for (const [key, spec] of Object.entries(record.flags)) if (given[key] === undefined && spec.default !== undefined) given[key] = spec.default;
      const verb = (await record.load()) as VerbModule;
      await runVerb({ record, verb, path: path.join(' '), offlineReads: setup.offlineReads, tree }, [...args], given, factory);
    },
  };
  return tree;
}

/** Runs the verb once, or once per company with --all-accounts / --accounts (reads only). */
async function runVerb({ record, verb, path, offlineReads, tree }: Running, args: string[], raw: Record<string, unknown>, factory: Factory): Promise<void> {
  if (factory.offline) refuseOffline(record, path, offlineReads);
  const { scope } = record;
  const selection = selectionOf(factory.globals);
  if (selection && (scope === 'company' || scope === 'routed' || scope === 'credentials' || scope === 'service' || scope === 'local')) {
    const flag = selection.kind === 'all' ? '--all-accounts' : '--accounts';
    throw new UsageError(
      t`${flag} cannot be used with \`fisco ${path}\`: it writes or acts on one company, and writes never fan out; name the company with --account ID`,
    );
  }
  const options = parseFlags(record.flags, raw);
  const run = (on: Factory) => verb.run(args, options, on, tree);
  if (scope === 'token' || scope === 'firm' || scope === 'credentials' || scope === 'service' || scope === 'local') return run(factory);
  if (scope === 'company' || scope === 'routed') return run(factory.checkingClient({ run: async () => void (await factory.company()), lazy: false }));
  if (!selection) return runNamingCompanies(record, path, options, run, factory);
  const { fanOutVerb } = await import('../portfolio/fanout.js');
  notePerCompanyLimit(options, factory);
  return fanOutVerb(run, factory, selection);
}

/**
 * Over several companies `--limit N` (like `--page`) applies to each company's list, so each
 * company shows its first N: a table says so on stderr, a machine format carries `account_id`.
 */
function notePerCompanyLimit(options: Record<string, unknown>, factory: Factory): void {
  if (!/^\d+$/.test(String(options.limit ?? '')) || factory.output.format !== 'table') return;
  factory.output.info(t`--limit ${String(options.limit)} applies to each company: up to ${String(options.limit)} rows per company.`);
}

/** Thrown when the token turns out to be a firm's and no company was named (caught below). */
class FirmTokenWithoutCompany extends Error {}

/** How to say which company, in every message that refuses a firm-wide read. */
export const WHICH_COMPANY_HINTS = [
  t`--account ID          one company (also FISCO_ACCOUNT, or a profile's default company)`,
  t`--accounts ID,ID,…    several companies, each record naming its company`,
  t`--all-accounts        every company of the token, each record naming its company`,
  t`\`fisco accounts list\` shows the ids.`,
];

/**
 * A read of one company's data with no company named (README "Firm tokens"): with a firm token a
 * list reads every company by name (each record carries account_id and company; tables get a
 * Company column), and a single-resource read (expenses summary, f24 get) is refused: its figure
 * would be the firm's, shown as if it were one company's. The token is asked about only when the
 * verb is about to send (a list: at its first request, after --fields and the other output checks;
 * a single read: when it takes its client, after checking its arguments), so a bad flag is still
 * exit 2 with nothing sent. A company named (flag, FISCO_ACCOUNT, profile) is checked against the
 * token's companies at the same moment.
 */
async function runNamingCompanies(
  record: VerbRecord,
  path: string,
  options: Record<string, unknown>,
  run: (factory: Factory) => Promise<void>,
  factory: Factory,
): Promise<void> {
  let asked: Promise<void> | undefined;
  const check = () =>
    (asked ??= (async () => {
      if (await factory.namedAccount()) return void (await factory.company());
      const { isFirmToken } = await import('../portfolio/token-kind.js');
      if (await isFirmToken(factory)) throw new FirmTokenWithoutCompany();
    })());
  const list = isList(record);
  try {
    await run(factory.checkingClient({ run: check, lazy: list }));
  } catch (error) {
    if (!(error instanceof FirmTokenWithoutCompany)) throw error;
    if (list) {
      if (factory.output.format === 'table')
        factory.output.info(t`A firm token and no company named: every company is read, each row naming its company (--account ID for one).`);
      const { fanOutVerb } = await import('../portfolio/fanout.js');
      notePerCompanyLimit(options, factory);
      return fanOutVerb(run, factory, { kind: 'all' });
    }
    throw new UsageError(
      t`\`fisco ${path}\` reads one company and this token manages several (a firm token): say which company; nothing was read`,
      WHICH_COMPANY_HINTS,
    );
  }
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { Context } from '../context.js';
import { isList, scopeOf } from '../portfolio/scope.js';
import type { VerbModule } from './verb.js';
import { selectionOf } from '../portfolio/select.js';

export type ContextFactory = (command: Command) => Promise<Context>;

// Per program (one per main() call), so that several runs in one process never share a context.
const factories = new WeakMap<Command, ContextFactory>();

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/** cli.ts installs the factory once per program; every action builds its context through it. */
export function setContextFactory(program: Command, next: ContextFactory): void {
  factories.set(program, next);
}

/**
 * A commander action that imports the verb's implementation only when that verb runs, so
 * `--help` and `--version` never load the client, the prompts or the tables.
 */
export function lazy(load: () => Promise<VerbModule>) {
  return async (...params: unknown[]): Promise<void> => {
    const command = params[params.length - 1] as Command;
    const options = command.opts();
    const args = params.slice(0, -2).flatMap((value) => (Array.isArray(value) ? value : value === undefined ? [] : [value])) as string[];
    const factory = factories.get(rootOf(command));
    if (!factory) throw new Error('no context factory: run commands through main()');
    const [context, verb] = await Promise.all([factory(command), load()]);
    try {
      await runVerb(verb, command, args, options, context);
    } finally {
      await context.close();
    }
  };
}

/** The reads `--offline` answers from the mirror (docs/mirror.md); `sync` itself only with --status (checked there). */
const OFFLINE_READS = new Set([
  'accounts list',
  'accounts get',
  'clients list',
  'invoice list',
  'invoice get',
  'cost-centers list',
  'expenses list',
  'expenses summary',
  'f24 list',
  'f24 get',
  'deadlines list',
  'deadlines export',
  'overview',
  'receivables',
  'cash',
  'whoami',
  'search',
  'sync',
]);
/** Commands that never talk to the service: --offline changes nothing for them. */
const LOCAL_ONLY = new Set([
  'auth list',
  'auth use',
  'auth logout',
  'auth token',
  'completion',
  'hooks verify',
  'hooks listen',
  'emulator',
  'emulator statement',
]);

/** `--offline` (or FISCO_OFFLINE) with a write, or a read the mirror cannot answer: exit 2 before anything else. */
function refuseOffline(command: Command): void {
  const path = commandPath(command);
  if (OFFLINE_READS.has(path) || LOCAL_ONLY.has(path)) return;
  throw new UsageError(
    `--offline: \`fisco ${path}\` is not answered offline: it writes to the service, or needs what the mirror does not keep (files, payment methods, webhooks, the service's raw answers); nothing was sent`,
    [
      `Offline, fisco answers: ${[...OFFLINE_READS].filter((p) => p !== 'sync').join(', ')}, sync --status and api GET. Without --offline (and FISCO_OFFLINE unset) it asks the service.`,
    ],
  );
}

/** Runs the verb once, or once per company with --all-accounts / --accounts (reads only). */
async function runVerb(verb: VerbModule, command: Command, args: string[], options: Record<string, unknown>, context: Context): Promise<void> {
  if (context.offline) refuseOffline(command);
  const scope = scopeOf(command, verb);
  if (scope === 'portfolio') context.portfolioCommand = true;
  const selection = selectionOf(context.globals);
  if (!selection && scope === 'companies') return runNamingCompanies(verb, command, args, options, context);
  if (!selection || scope === 'token' || scope === 'portfolio') return verb.run(args, options, context);
  if (scope === 'companies') {
    const { fanOutVerb } = await import('../portfolio/fanout.js');
    notePerCompanyLimit(options, context);
    return fanOutVerb((company) => verb.run(args, options, company), context, selection);
  }
  const flag = selection.kind === 'all' ? '--all-accounts' : '--accounts';
  throw new UsageError(
    `${flag} cannot be used with \`fisco ${commandPath(command)}\`: it writes or acts on one company, and writes never fan out; name the company with --account ID`,
  );
}

/**
 * Over several companies `--limit N` (like `--page`) applies to each company's list, so each
 * company shows its first N: a table says so on stderr, a machine format carries `account_id`.
 */
function notePerCompanyLimit(options: Record<string, unknown>, context: Context): void {
  if (!/^\d+$/.test(String(options.limit ?? '')) || context.output.format !== 'table') return;
  context.output.info(`--limit ${String(options.limit)} applies to each company: up to ${String(options.limit)} rows per company.`);
}

/** Thrown when the token turns out to be a firm's and no company was named (caught below). */
class FirmTokenWithoutCompany extends Error {}

/** How to say which company, in every message that refuses a firm-wide read. */
export const WHICH_COMPANY_HINTS = [
  "--account ID          one company (also FISCO_ACCOUNT, or a profile's default company)",
  '--accounts ID,ID,…    several companies, each record naming its company',
  '--all-accounts        every company of the token, each record naming its company',
  '`fisco accounts list` shows the ids.',
];

/**
 * A read of one company's data with no company named (README "Firm tokens"): with a firm token a
 * list reads every company by name (each record carries account_id and company; tables get a
 * Company column), and a single-resource read (expenses summary, f24 get) is refused: its figure
 * would be the firm's, shown as if it were one company's. The token is asked about only when the
 * verb is about to send (a list: at its first request, after --fields and the other output checks;
 * a single read: when it takes its client, after checking its arguments), so a bad flag is still
 * exit 2 with nothing sent.
 */
async function runNamingCompanies(verb: VerbModule, command: Command, args: string[], options: Record<string, unknown>, context: Context): Promise<void> {
  const client = context.client;
  const real = () => client.call(context);
  let asked: Promise<void> | undefined;
  const check = () =>
    (asked ??= (async () => {
      if ((await context.credentials()).accountId) return;
      const { isFirmToken } = await import('../portfolio/token-kind.js');
      if (await isFirmToken(context, real)) throw new FirmTokenWithoutCompany();
    })());
  const list = isList(command);
  context.client = async () => {
    // A bad -o or --csv-dialect is exit 2 before anything is sent, as it was before this check.
    void context.output;
    const api = await real();
    if (!list) {
      await check();
      return api;
    }
    // The one client (same pool and pacers) whose first request waits for the check.
    return api.withBeforeSend(check);
  };
  try {
    await verb.run(args, options, context);
  } catch (error) {
    if (!(error instanceof FirmTokenWithoutCompany)) throw error;
    context.client = client;
    if (isList(command)) {
      if (context.output.format === 'table')
        context.output.info('A firm token and no company named: every company is read, each row naming its company (--account ID for one).');
      const { fanOutVerb } = await import('../portfolio/fanout.js');
      notePerCompanyLimit(options, context);
      return fanOutVerb((company) => verb.run(args, options, company), context, { kind: 'all' });
    }
    throw new UsageError(
      `\`fisco ${commandPath(command)}\` reads one company and this token manages several (a firm token): say which company; nothing was read`,
      WHICH_COMPANY_HINTS,
    );
  } finally {
    context.client = client;
  }
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

import type { Command } from 'commander';
import { UsageError } from '../api/errors.js';
import type { Context } from '../context.js';
import { scopeOf } from '../portfolio/scope.js';
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

/** Runs the verb once, or once per company with --all-accounts / --accounts (reads only). */
async function runVerb(verb: VerbModule, command: Command, args: string[], options: Record<string, unknown>, context: Context): Promise<void> {
  const scope = scopeOf(command, verb);
  if (scope === 'portfolio') context.portfolioCommand = true;
  const selection = selectionOf(context.globals);
  if (!selection || scope === 'token' || scope === 'portfolio') return verb.run(args, options, context);
  if (scope === 'companies') {
    const { fanOutVerb } = await import('../portfolio/fanout.js');
    return fanOutVerb(verb, args, options, context, selection);
  }
  const flag = selection.kind === 'all' ? '--all-accounts' : '--accounts';
  throw new UsageError(`${flag} cannot be used with \`fisco ${commandPath(command)}\`: it writes or acts on one company, and writes never fan out; name the company with --account ID`);
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

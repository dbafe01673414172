import type { Command } from 'commander';
import type { Context } from '../context.js';

/** What a verb file exports: parse its options, call the client through the context, render. */
export interface VerbModule {
  run(args: string[], options: Record<string, unknown>, context: Context): Promise<void>;
}

export type ContextFactory = (command: Command) => Promise<Context>;

let factory: ContextFactory | undefined;

/** cli.ts installs the factory once; every action builds its context through it. */
export function setContextFactory(next: ContextFactory): void {
  factory = next;
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
    const [context, verb] = await Promise.all([factory!(command), load()]);
    try {
      await verb.run(args, options, context);
    } finally {
      await context.close();
    }
  };
}

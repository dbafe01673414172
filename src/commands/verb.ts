import type { Context } from '../context.js';
import type { PortfolioScope } from '../portfolio/scope.js';

/** What a verb file exports: parse its options, call the client through the context, render. */
export interface VerbModule {
  run(args: string[], options: Record<string, unknown>, context: Context): Promise<void>;
  /** How the verb meets --all-accounts / --accounts (see portfolio/scope.ts); none: refused. */
  portfolio?: PortfolioScope;
}

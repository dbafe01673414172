/**
 * How a verb meets `--all-accounts` / `--accounts` (tiny: loaded at start-up by the declarations).
 *
 * - `companies`: a read of ONE company's data; with the flags it runs once per company (fan-out).
 *   Every list command is this by default (`addListFlags` marks it).
 * - `token`: the answer does not depend on the company (the company list, the event catalog):
 *   it runs once; the flags change nothing.
 * - `portfolio`: the verb takes the companies itself (`overview`, `export`, `deadlines export`).
 *
 * A verb with no scope writes or acts on one company: the flags are refused (exit 2), since
 * writes never fan out. A verb module may declare its scope with `export const portfolio = …`.
 */
import type { Command } from 'commander';

export type PortfolioScope = 'companies' | 'token' | 'portfolio';

const declared = new WeakMap<Command, PortfolioScope>();
const lists = new WeakSet<Command>();

export function markScope(command: Command, scope: PortfolioScope): Command {
  declared.set(command, scope);
  return command;
}

/** A list command (addListFlags): with a firm token and no company named it reads every company. */
export function markList(command: Command): Command {
  lists.add(command);
  return command;
}

export function isList(command: Command): boolean {
  return lists.has(command);
}

/** The scope declared when the command was registered (what help can know without loading the verb). */
export function declaredScope(command: Command): PortfolioScope | undefined {
  return declared.get(command);
}

/** The verb module's own declaration wins over the one made on its command. */
export function scopeOf(command: Command, verb: { portfolio?: PortfolioScope }): PortfolioScope | undefined {
  return verb.portfolio ?? declared.get(command);
}

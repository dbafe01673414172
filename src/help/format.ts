/**
 * How `--help` is laid out. A command leads with what it does and what it offers: the
 * subcommands of a group (`fisco invoice --help`) come right after its description, before any
 * flag, and a group lists no global flags (it runs nothing): one line points to `fisco help
 * flags`, where they are explained. A command that runs keeps its own flags, then the global ones.
 */
import { Help, type Command, type HelpConfiguration, type Option } from 'commander';
import { declaredScope } from '../portfolio/scope.js';

/** The line a group's help shows instead of the global flags. */
export const GLOBAL_FLAGS_POINTER = 'Global flags (-o, --fields, --account, --all-accounts, …): fisco help flags';

/** A command with subcommands and nothing to run itself (`fisco invoice`); not the program. */
function isGroup(command: Command): boolean {
  const runs = (command as unknown as { _actionHandler?: unknown })._actionHandler != null;
  return command.parent !== null && command.commands.length > 0 && !runs;
}

/**
 * The global flags a command that runs lists under "Global Options" (like gh's inherited flags):
 * all but --version; a command that writes or acts on one company (no scope: writes never fan
 * out) leaves out --all-accounts and --accounts, which it refuses. A group lists none.
 */
function inheritedFlags(command: Command): Option[] {
  if (isGroup(command)) return [];
  const flags: Option[] = [];
  for (let ancestor = command.parent; ancestor; ancestor = ancestor.parent) flags.push(...ancestor.options.filter((o) => !o.hidden && o.long !== '--version'));
  const leaf = command.commands.length === 0;
  if (!leaf || declaredScope(command) !== undefined) return flags;
  return flags.filter((o) => o.long !== '--all-accounts' && o.long !== '--accounts');
}

const ORDER = ['Arguments:', 'Commands:', 'Options:', 'Global Options:'];

/** Commander's help with its sections reordered: arguments and subcommands before any flag. */
function formatHelp(this: Help, command: Command, helper: Help): string {
  const text = Help.prototype.formatHelp.call(this, command, helper);
  const blocks = text.split('\n\n');
  const rank = (block: string) => ORDER.indexOf(block.split('\n')[0]!);
  const head = blocks.filter((b) => rank(b) < 0);
  const sections = blocks.filter((b) => rank(b) >= 0).sort((a, b) => rank(a) - rank(b));
  if (isGroup(command)) sections.push(GLOBAL_FLAGS_POINTER);
  return [...head.filter((b) => b.trim() !== ''), ...sections.map((b) => b.replace(/\n+$/, ''))].join('\n\n') + '\n';
}

/** The help configuration of the program (every command inherits it). */
export function helpConfiguration(): HelpConfiguration {
  return {
    showGlobalOptions: true,
    visibleGlobalOptions: (command: Command) => inheritedFlags(command),
    formatHelp,
  };
}

/** `fisco help flags`: every global flag with what it does, as the program's own help lists them. */
export function globalFlagsText(program: Command): string {
  const help = program.createHelp();
  const options = help.visibleOptions(program).filter((o) => o.long !== '--help' && o.long !== '--version');
  const width = Math.max(...options.map((o) => help.optionTerm(o).length));
  const lines = options.map((o) => help.formatItem(help.optionTerm(o), width, help.optionDescription(o), help));
  return `Global flags (before or after the command: fisco -o json invoice list, fisco invoice list -o json)

${lines.join('\n')}

Precedence: flag > environment (FISCO_TOKEN, FISCO_PROFILE, FISCO_ENV, FISCO_BASE_URL, FISCO_ACCOUNT,
FISCO_TIMEOUT, FISCO_PAGER, FISCO_CSV_DIALECT, COLUMNS) > the active profile.
`;
}

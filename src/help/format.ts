/**
 * How `--help` is laid out. A command leads with what it does and what it offers: the
 * subcommands of a group (`fisco invoice --help`) come right after its description, before any
 * flag, and a group lists no global flags (it runs nothing): one line points to `fisco help
 * flags`, where they are explained. A command that runs keeps its own flags, then the global ones.
 */
import { Help, type Argument, type Command, type HelpConfiguration, type Option } from 'commander';

/**
 * The words of help in the run's language: English text → its translation, the text itself when
 * there is none (src/help/words-it.ts; English is the identity). Help is built in one language per
 * run (and per file: dist/help.json, dist/help.it.json), never mixed.
 */
export type HelpWords = (english: string) => string;

export const ENGLISH_HELP: HelpWords = (english) => english;

/** The help words of the program `command` belongs to (its help configuration carries them). */
export function helpWordsOf(command: Command): HelpWords {
  return (command.configureHelp() as { words?: HelpWords }).words ?? ENGLISH_HELP;
}

/** What help needs to know of a command that commander does not say (cli.ts reads it from the command's record). */
export interface CommandFacts {
  /** The command runs a verb (`fisco emulator` does; `fisco invoice` only groups its verbs). */
  runs(command: Command): boolean;
  /** The verb takes --all-accounts and --accounts (a read of one company's data, or one over the firm, or the token's). */
  takesCompanies(command: Command): boolean;
}

/** The line a group's help shows instead of the global flags. */
export const GLOBAL_FLAGS_POINTER = 'Global flags (-o, --fields, --account, --all-accounts, …): fisco help flags';

/** A command with subcommands and nothing to run itself (`fisco invoice`); not the program. */
function isGroup(command: Command, facts: CommandFacts): boolean {
  return command.parent !== null && command.commands.length > 0 && !facts.runs(command);
}

/**
 * The global flags a command that runs lists under "Global Options" (like gh's inherited flags):
 * all but --version; a command that writes or acts on one company (no scope: writes never fan
 * out) leaves out --all-accounts and --accounts, which it refuses. A group lists none.
 */
function inheritedFlags(command: Command, facts: CommandFacts): Option[] {
  if (isGroup(command, facts)) return [];
  const flags: Option[] = [];
  for (let ancestor = command.parent; ancestor; ancestor = ancestor.parent) flags.push(...ancestor.options.filter((o) => !o.hidden && o.long !== '--version'));
  const leaf = command.commands.length === 0;
  if (!leaf || facts.takesCompanies(command)) return flags;
  return flags.filter((o) => o.long !== '--all-accounts' && o.long !== '--accounts');
}

const ORDER = ['Arguments:', 'Commands:', 'Options:', 'Global Options:'];

/** Commander's help with its sections reordered: arguments and subcommands before any flag; its titles in the help's language. */
function formatHelp(facts: CommandFacts, words: HelpWords, help: Help, command: Command, helper: Help): string {
  const text = Help.prototype.formatHelp
    .call(help, command, helper)
    .replace(/\[options\]/g, words('[options]'))
    .replace(/\[command\]/g, words('[command]'));
  const blocks = text.split('\n\n');
  const rank = (block: string) => ORDER.indexOf(block.split('\n')[0]!);
  const head = blocks.filter((b) => rank(b) < 0).map((b) => b.replace(/^Usage:/, words('Usage:')));
  const sections = blocks
    .filter((b) => rank(b) >= 0)
    .sort((a, b) => rank(a) - rank(b))
    .map((b) => b.replace(/^[^\n]+/, (title) => words(title)));
  if (isGroup(command, facts)) sections.push(words(GLOBAL_FLAGS_POINTER));
  return [...head.filter((b) => b.trim() !== ''), ...sections.map((b) => b.replace(/\n+$/, ''))].join('\n\n') + '\n';
}

/** The help configuration of the program (every command inherits it), in the language of `words`. */
export function helpConfiguration(facts: CommandFacts, words: HelpWords = ENGLISH_HELP): HelpConfiguration & { words: HelpWords } {
  return {
    words,
    showGlobalOptions: true,
    visibleGlobalOptions: (command: Command) => inheritedFlags(command, facts),
    formatHelp(this: Help, command: Command, helper: Help) {
      return formatHelp(facts, words, this, command, helper);
    },
    commandDescription: (command: Command) => words(command.description()),
    subcommandDescription: (command: Command) => words(command.summary() || command.description()),
    argumentDescription(this: Help, argument: Argument) {
      return extrasIn(
        words,
        withDescription(argument, words, () => Help.prototype.argumentDescription.call(this, argument)),
      );
    },
    optionDescription(this: Help, option: Option) {
      return extrasIn(
        words,
        withDescription(option, words, () => Help.prototype.optionDescription.call(this, option)),
      );
    },
  };
}

/** Commander's "(choices: …, default: …)" after a description, each title in the help's language. */
function extrasIn(words: HelpWords, text: string): string {
  return text.replace(/(\(|, )(default|choices): /g, (_all, before: string, what: string) => `${before}${words(`${what}:`)} `);
}

/** Commander's own rendering of an option's or argument's line (defaults, choices) around its description in the help's language. */
function withDescription(item: { description: string }, words: HelpWords, render: () => string): string {
  const english = item.description;
  item.description = words(english);
  try {
    return render();
  } finally {
    item.description = english;
  }
}

/** `fisco help flags`: every global flag with what it does, as the program's own help lists them. */
export function globalFlagsText(program: Command): string {
  const words = helpWordsOf(program);
  const help = program.createHelp();
  const options = help.visibleOptions(program).filter((o) => o.long !== '--help' && o.long !== '--version');
  const width = Math.max(...options.map((o) => help.optionTerm(o).length));
  const lines = options.map((o) => help.formatItem(help.optionTerm(o), width, help.optionDescription(o), help));
  return `${words('Global flags (before or after the command: fisco -o json invoice list, fisco invoice list -o json)')}

${lines.join('\n')}

${words('Precedence: flag > environment (FISCO_TOKEN, FISCO_PROFILE, FISCO_ENV, FISCO_BASE_URL, FISCO_ACCOUNT,')}
${words('FISCO_TIMEOUT, FISCO_PAGER, FISCO_CSV_DIALECT, COLUMNS) > the active profile.')}
`;
}

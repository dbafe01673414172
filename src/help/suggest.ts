import type { Command, Option } from 'commander';
import { optionsInScope, walk } from '../completion/complete.js';
import { t, type Message } from '../i18n/message.js';
import { orList } from './commander-errors.js';

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length];
}

/**
 * The flags of the command on `argv` (its own, then the global ones) nearest to an unknown flag:
 * those sharing a word with it (`--status` → `--sdi-status`, `--payment-status`) or a typo away.
 */
export function nearestFlags(program: Command, words: readonly string[], unknown: string): { flags: string[]; path: string[] } {
  const { chain, path } = walk(
    program,
    words.filter((w) => w !== unknown),
  );
  const name = unknown.replace(/^-+/, '').split('=')[0];
  const parts = new Set(name.split('-').filter((p) => p.length > 2));
  const scored: { flag: string; score: number }[] = [];
  for (const option of optionsInScope(chain)) {
    if (!option.long) continue;
    const long = option.long.slice(2);
    const shared = long.split('-').some((p) => parts.has(p)) || (name.length > 2 && long.includes(name));
    const typo = distance(name, long);
    if (shared || typo <= Math.max(1, Math.floor(name.length / 3))) scored.push({ flag: option.long, score: shared ? typo - 100 : typo });
  }
  return {
    flags: scored
      .sort((a, b) => a.score - b.score)
      .slice(0, 3)
      .map((s) => s.flag),
    path,
  };
}

/** The hint line for an unknown flag, or none when nothing is near. */
export function unknownFlagHint(program: Command, words: readonly string[], unknown: string): Message | undefined {
  const { flags, path } = nearestFlags(program, words, unknown);
  if (flags.length === 0) return undefined;
  return t`Did you mean ${orList(flags)}? (${`fisco ${[...path, '--help'].join(' ')}`} lists every flag)`;
}

/**
 * `fisco help A B` (and `fisco A help B`) as `fisco A B --help`, so help shows the leaf command
 * rather than commander's first-level help. Help for a command that does not exist (`fisco invoce
 * --help`) is not the parent's help with exit 0: the help flag is dropped, so the run ends as any
 * unknown command does (did you mean…, exit 2). Returns argv unchanged otherwise.
 */
export function rewriteHelp(program: Command, argv: string[], runs: (command: Command) => boolean): string[] {
  const words = argv.slice(2);
  let command = program;
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'help' && command.commands.length > 0 && !command.commands.some((c) => c.name() === 'help')) {
      return unknownCommandHelp(program, [...argv.slice(0, 2), ...words.slice(0, i), ...words.slice(i + 1), '--help'], runs);
    }
    const sub = command.commands.find((c) => c.name() === words[i]);
    if (!sub) return unknownCommandHelp(program, argv, runs);
    command = sub;
  }
  return argv;
}

const HELP_FLAGS = new Set(['--help', '-h']);

/** The option `word` names on `command` or an ancestor (`--account=x` included), if any. */
function optionOf(command: Command, word: string): Option | undefined {
  const name = word.split('=')[0];
  for (let at: Command | null = command; at; at = at.parent) {
    const found = at.options.find((o) => o.long === name || o.short === name);
    if (found) return found;
  }
  return undefined;
}

/** argv without its help flag when the words before it name a command that does not exist; else argv. */
function unknownCommandHelp(program: Command, argv: string[], runs: (command: Command) => boolean): string[] {
  const words = argv.slice(2);
  if (!words.some((w) => HELP_FLAGS.has(w))) return argv;
  let command = program;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') break;
    if (word.startsWith('-')) {
      const option = optionOf(command, word);
      if (option && (option.required || option.optional) && !word.includes('=')) i++;
      continue;
    }
    // A command that runs takes its words as arguments (`invoice get 42/2026`); so does one with no subcommands.
    if (command.commands.length === 0 || runs(command)) return argv;
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!sub) return [...argv.slice(0, 2), ...words.filter((w) => !HELP_FLAGS.has(w))];
    command = sub;
  }
  return argv;
}

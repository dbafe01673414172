import { Help, type Command, type Option } from 'commander';
import { EVENT_KEY_VALUES, offeredValues, type ValueSpec } from './values.js';

/**
 * The engine behind the hidden `fisco __complete WORD… CURRENT` (as gh and cobra do it): the shell
 * scripts in completions/ only pass the words typed so far and show what comes back, so they stay
 * small and always match the command tree. No client, no network: values come from the tree, the
 * table in values.ts and, for profile names, the profile file read as plain JSON.
 *
 * Protocol: one candidate a line (`value` or `value<TAB>description`), then one directive line:
 * `:none` (only these), `:file` (complete file names), `:dir` (complete folder names).
 */
export type Directive = 'none' | 'file' | 'dir';

export interface Candidate {
  value: string;
  description?: string;
}

export interface Completion {
  candidates: Candidate[];
  directive: Directive;
}

export interface CompleteSources {
  /** Names of the stored profiles; [] when there is no store or it cannot be read. */
  profiles(): string[];
}

const help = new Help();

function takesValue(option: Option): boolean {
  return Boolean(option.required || option.optional);
}

function summary(text: string): string | undefined {
  const line = text.split('\n')[0].replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  return line.length > 70 ? `${line.slice(0, 69)}…` : line;
}

/** The options that hold at a command: its own, then those of every ancestor (globals). */
export function optionsInScope(chain: Command[]): Option[] {
  const seen = new Set<string>();
  const out: Option[] = [];
  for (const command of [...chain].reverse()) {
    for (const option of help.visibleOptions(command)) {
      const key = option.long ?? option.short ?? option.flags;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(option);
    }
  }
  return out;
}

function findOption(chain: Command[], flag: string): Option | undefined {
  for (const command of [...chain].reverse()) {
    const found = command.options.find((o) => o.long === flag || o.short === flag);
    if (found) return found;
  }
  return undefined;
}

/**
 * What the value of `option` completes to, as its record's flag table says (its `complete`, or the
 * allowed values of an 'enum' flag, or an 'enumList' comma list); commander's choices come after.
 */
export function flagValueSpec(option: Option): ValueSpec | undefined {
  return offeredValues(option);
}

function valuesOf(spec: ValueSpec | undefined, choices: readonly string[] | undefined, current: string, prefix: string, sources: CompleteSources): Completion {
  if (!spec && choices) spec = { kind: 'words', words: choices };
  if (!spec) return { candidates: [], directive: 'none' };
  if (spec.kind === 'file') return { candidates: [], directive: 'file' };
  if (spec.kind === 'dir') return { candidates: [], directive: 'dir' };
  const list = spec.kind === 'profiles' ? sources.profiles() : spec.kind === 'events' ? EVENT_KEY_VALUES : spec.words;
  const isList = spec.kind !== 'profiles' && Boolean(spec.list);
  const cut = isList ? current.lastIndexOf(',') + 1 : 0;
  const head = current.slice(0, cut);
  const partial = current.slice(cut);
  const used = new Set(head.split(',').filter(Boolean));
  const candidates = list.filter((word) => word.startsWith(partial) && !used.has(word)).map((word) => ({ value: `${prefix}${head}${word}` }));
  return { candidates, directive: 'none' };
}

export interface Walked {
  /** The program, then each subcommand named on the line. */
  chain: Command[];
  path: string[];
  /** The option whose value the next word is. */
  expecting?: Option;
  positionals: number;
  onlyPositionals: boolean;
}

/** Follows typed words through the tree as commander would: subcommands, options and their values, positionals. */
export function walk(program: Command, typed: readonly string[]): Walked {
  const chain: Command[] = [program];
  const path: string[] = [];
  let expecting: Option | undefined;
  let positionals = 0;
  let onlyPositionals = false;
  for (const word of typed) {
    const command = chain[chain.length - 1];
    if (expecting) {
      expecting = undefined;
      continue;
    }
    if (!onlyPositionals && word === '--') {
      onlyPositionals = true;
      continue;
    }
    if (!onlyPositionals && word.startsWith('-') && word.length > 1) {
      if (word.includes('=')) continue;
      const option = findOption(chain, word.startsWith('--') ? word : word.slice(0, 2));
      if (option && takesValue(option) && (word.startsWith('--') || word.length === 2)) expecting = option;
      continue;
    }
    const sub = positionals === 0 ? command.commands.find((c) => c.name() === word || c.aliases().includes(word)) : undefined;
    if (sub) {
      chain.push(sub);
      path.push(sub.name());
    } else {
      positionals++;
    }
  }
  return { chain, path, expecting, positionals, onlyPositionals };
}

/** Completes the last of `words` (what is typed after `fisco`, the word under the cursor last). */
export function complete(program: Command, words: string[], sources: CompleteSources): Completion {
  // `fisco help A B` names commands like the tree does.
  if (words[0] === 'help' && words.length > 1 && !words[words.length - 1].startsWith('-')) return complete(program, words.slice(1), sources);
  const typed = words.length ? words.slice(0, -1) : [];
  const current = words.length ? words[words.length - 1] : '';
  const { chain, expecting, positionals, onlyPositionals } = walk(program, typed);
  const command = chain[chain.length - 1];

  if (expecting) return valuesOf(flagValueSpec(expecting), expecting.argChoices, current, '', sources);
  if (!onlyPositionals && current.startsWith('--') && current.includes('=')) {
    const flag = current.slice(0, current.indexOf('='));
    const option = findOption(chain, flag);
    if (!option || !takesValue(option)) return { candidates: [], directive: 'none' };
    return valuesOf(flagValueSpec(option), option.argChoices, current.slice(flag.length + 1), `${flag}=`, sources);
  }
  if (!onlyPositionals && current.startsWith('-')) {
    const short = /^-[^-]?$/.test(current) && current !== '-';
    const candidates: Candidate[] = [];
    for (const option of optionsInScope(chain)) {
      const flag = short ? option.short : option.long;
      if (flag && flag.startsWith(current)) candidates.push({ value: flag, description: summary(option.description) });
    }
    return { candidates, directive: 'none' };
  }
  const subcommands = help.visibleCommands(command).filter((c) => c.name() !== 'help' || command === program);
  if (subcommands.length > 0 && positionals === 0) {
    const candidates = subcommands.filter((c) => c.name().startsWith(current)).map((c) => ({ value: c.name(), description: summary(c.description()) }));
    return { candidates, directive: 'none' };
  }
  const args = command.registeredArguments;
  if (args.length === 0) return { candidates: [], directive: 'none' };
  const index = Math.min(positionals, args.length - 1);
  if (positionals >= args.length && !args[index].variadic) return { candidates: [], directive: 'none' };
  return valuesOf(offeredValues(args[index]), args[index].argChoices, current, '', sources);
}

/** The protocol's text: candidates a line, then the directive. */
export function formatCompletion(result: Completion): string {
  const lines = result.candidates.map((c) => (c.description ? `${c.value}\t${c.description}` : c.value));
  return `${[...lines, `:${result.directive}`].join('\n')}\n`;
}

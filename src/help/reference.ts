import { Help, type Command } from 'commander';
import { leaves } from './examples.js';

/**
 * The generated parts of the documentation (`npm run docs:commands` rewrites them between their
 * markers; tests keep the files equal to them): the command reference of docs/commands.md, from
 * the command tree, and the demo tokens of docs/emulator.md, from the emulator itself.
 */
export const REFERENCE_START = '<!-- command-reference:start -->';
export const REFERENCE_END = '<!-- command-reference:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

export function commandReference(program: Command): string {
  const help = new Help();
  const rows = leaves(program).map(({ path, command }) => {
    const args = command.registeredArguments.map((a) => (a.required ? `<${a.name()}${a.variadic ? '…' : ''}>` : `[${a.name()}${a.variadic ? '…' : ''}]`));
    const flags = help
      .visibleOptions(command)
      .filter((o) => o.long !== '--help')
      .map((o) => `\`${o.long ?? o.short}\``);
    return `| \`fisco ${[...path, ...args].join(' ')}\` | ${cell(command.description())} | ${flags.join(' ') || '—'} |`;
  });
  const globals = help
    .visibleOptions(program)
    .filter((o) => o.long !== '--help' && o.long !== '--version')
    .map((o) => `\`${o.flags}\``)
    .join(', ');
  return [
    REFERENCE_START,
    '<!-- generated from the command tree by `npm run docs:commands`; a test keeps it current -->',
    '',
    '| command | what it does | flags |',
    '|---|---|---|',
    ...rows,
    '',
    `Global options, accepted by every command: ${globals}.`,
    '',
    REFERENCE_END,
  ].join('\n');
}

/** `text` with the section between `reference`'s own first and last lines (its markers) replaced by it. */
function withSection(text: string, reference: string, file: string): string {
  const lines = reference.split('\n');
  const [startMarker, endMarker] = [lines[0], lines[lines.length - 1]];
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`${file} has no ${startMarker} … ${endMarker} markers`);
  return `${text.slice(0, start)}${reference}${text.slice(end + endMarker.length)}`;
}

/** docs/commands.md with its reference section replaced by `reference`. */
export function withReference(doc: string, reference: string): string {
  return withSection(doc, reference, 'docs/commands.md');
}

export const DEMO_TOKENS_START = '<!-- demo-tokens:start -->';
export const DEMO_TOKENS_END = '<!-- demo-tokens:end -->';

/** The emulator's demo tokens as a table (what `fisco emulator` prints, from its seed). */
export function demoTokensTable(tokens: readonly { token: string; environment: string; description: string }[]): string {
  return [
    DEMO_TOKENS_START,
    "<!-- generated from the emulator's seed by `npm run docs:commands`; a test keeps it current -->",
    '',
    '| demo token | environment | what it is |',
    '|---|---|---|',
    ...tokens.map((t) => `| \`${t.token}\` | ${t.environment} | ${cell(t.description)} |`),
    '',
    DEMO_TOKENS_END,
  ].join('\n');
}

/** docs/emulator.md with its demo tokens section replaced by `table`. */
export function withDemoTokens(doc: string, table: string): string {
  return withSection(doc, table, 'docs/emulator.md');
}

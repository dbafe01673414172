import { Help, type Command } from 'commander';
import { leaves } from './examples.js';

/**
 * The README's command reference, generated from the command tree (`npm run docs:commands`
 * rewrites it between its markers; a unit test keeps the README equal to it).
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

/** The README with its reference section replaced by `reference`. */
export function withReference(readme: string, reference: string): string {
  const start = readme.indexOf(REFERENCE_START);
  const end = readme.indexOf(REFERENCE_END);
  if (start < 0 || end < start) throw new Error('README.md has no command-reference markers');
  return `${readme.slice(0, start)}${reference}${readme.slice(end + REFERENCE_END.length)}`;
}

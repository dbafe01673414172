/**
 * Help in Italian to the last word (issue 41, point 7): every command path's `--help` in an Italian
 * run (LANG=it_IT.UTF-8, through bin/fisco.js as a person runs it), `fisco help flags`, `help formats`,
 * `help exit-codes` and every topic hold no English word of fisco's own, by the same scan as the
 * tables (test/e2e/english-words.ts). Set aside first, as words no one translates: flag names,
 * command and argument names (the first column of "Comandi:" and "Argomenti:"), placeholders
 * (<file>, [opzioni]), example command lines (not their `# comments`), the API request of the
 * "Servizio:" line, paths, file names and `code`. The paths walked are those of dist/help.json,
 * which the build writes from the command tree itself (every path, hidden ones included).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN } from './harness.js';
import { englishWords } from './english-words.js';
import { TOPICS } from '../../src/help/topics.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PATHS = Object.keys(JSON.parse(readFileSync(join(ROOT, 'dist', 'help.json'), 'utf8')) as Record<string, string>).map((key) =>
  key === '' ? [] : key.split(' '),
);

/** "date" is Italian too (le date): the scan of Italian prose leaves it. */
const ALSO_ITALIAN = ['date'];
/** Help's own English words besides the scan's list: commander's titles and the words of a note. */
const HELP_WORDS = /\b(default|choices|always|empty|only|when|each|every|its|their|which|or|an|than|then|but|must|may|can|if|else|unless)\b/gi;

/** The English words left in a help text: the scan's, then help's own. */
const english = (text: string) => {
  const prose = helpProse(text);
  return [
    ...englishWords(prose, [], ALSO_ITALIAN),
    ...new Set(prose.replace(/«[^»]*»|`[^`]*`|'[^'\n]*'|"[^"\n]*"|\bfisco( [a-z-]+)+|\S*\/\S*|--?[\w-]+/g, ' ').match(HELP_WORDS) ?? []),
  ];
};

const italian = async (args: string[]) => {
  const result = await execa('node', [BIN, ...args], {
    reject: false,
    env: { LANG: 'it_IT.UTF-8', LC_ALL: '', LC_MESSAGES: '', FISCO_LANG: '', FISCO_CONFIG_DIR: join(ROOT, 'test', 'no-such-config') },
    extendEnv: true,
  });
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
};

/** What a person reads as prose: help without the names and code a person types as they are. */
export function helpProse(text: string): string {
  let section = '';
  return text
    .split('\n')
    .map((line) => {
      if (/^\S.*:$/.test(line)) section = line;
      // An example is run as written; only its `# comment` is prose.
      if (/^\s*\$ /.test(line)) return /\s#\s(.+)$/.exec(line)?.[1] ?? '';
      // The first column of a command or argument row is a name: `  pay [opzioni] <invoice>   registra…`.
      if ((section === 'Comandi:' || section === 'Argomenti:') && /^ {2}\S/.test(line)) line = line.replace(/^ {2}\S.*?( {2,}|$)/, ' ');
      return line
        .replace(/<[^>\s]*>/g, ' ')
        .replace(/\[[^\]\s]*\]/g, ' ')
        .replace(/\b\w+(\.\w+)+\b/g, ' ');
    })
    .join('\n');
}

describe('Italian help: no English word of its own', () => {
  it('walks every command path the build knows', () => {
    expect(PATHS).toContainEqual([]);
    expect(PATHS).toContainEqual(['dunning', 'send']);
    expect(PATHS.length).toBeGreaterThan(60);
  });

  it.each(PATHS.map((path) => [path.join(' ') || '(program)', path]))('fisco %s --help', async (_name, path) => {
    const result = await italian([...(path as string[]), '--help']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Uso: fisco/);
    expect(english(result.stdout).join(' '), result.stdout).toBe('');
  });

  it.each([['flags'], ...Object.keys(TOPICS).map((topic) => [topic])])('fisco help %s', async (topic) => {
    const result = await italian(['help', topic as string]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(100);
    expect(english(result.stdout).join(' '), result.stdout).toBe('');
  });

  it('the scan sees an untranslated description, and leaves names, placeholders and examples', () => {
    expect(englishWords(helpProse('Opzioni:\n  --out <dir>   where the letters are written\n'), [])).toEqual(['the', 'are']);
    expect(english('Opzioni:\n  --env <environment>   ambiente (valori: "a", "b", default: "a")\n')).toEqual(['default']);
    expect(
      englishWords(helpProse('Comandi:\n  pay [opzioni] <invoice>   registra un incasso\n\nEsempi:\n  $ fisco invoice list --all\n'), [], ALSO_ITALIAN),
    ).toEqual([]);
  });
});

import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { extractExamples, helpText, leaves } from '../../src/help/examples.js';
import { runInProcess, type RunResult } from './harness.js';
import { bare, bashIn, DOCS, examplesWorld, helpExamples, ROOT, shellBlocks, SKIPPED, skipReason, tokenFor } from './examples-world.js';

/**
 * Every example that `--help` shows (taken from the built command tree, so a new command's
 * examples are picked up) runs here, as written, against the emulator, and ends with exit 0. They
 * run in order in one folder, so one may use a file an earlier one wrote. An example that is one
 * plain `fisco` command (words and quotes, nothing bash would expand, redirect or pipe) runs
 * through main() in this process, with the words bash gives it (one bash run checks that they
 * are), the same environment and that folder as its working directory; the others run in bash
 * through the built bin. (The documentation's blocks: examples-docs.test.ts; the workflows:
 * examples-workflows.test.ts.)
 */
const world = examplesWorld();

function runScript(script: string, folder: string) {
  mkdirSync(folder, { recursive: true });
  return bashIn(world, script, folder, scriptEnv(script), 60_000);
}

/** The environment of a help example: the world's, with the token it needs, the emulator and one profile folder for all. */
const scriptEnv = (script: string) => ({
  ...world.env,
  FISCO_TOKEN: tokenFor(script),
  FISCO_BASE_URL: world.h.emulator.url,
  FISCO_CONFIG_DIR: join(world.work, 'config-help'),
});

/**
 * The words bash passes to `fisco` for an example that is one plain fisco command: words, single
 * quotes, and double quotes holding nothing bash expands. Anything else (a pipe, a redirection, a
 * list, `$`, a glob, a brace, a tilde, an assignment before the command) is undefined: bash runs it.
 */
function plainWords(line: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) return undefined;
      const quoted = line.slice(i + 1, end);
      if (c === '"' && /[$`\\!]/.test(quoted)) return undefined;
      word = (word ?? '') + quoted;
      i = end;
    } else if (c === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (/[|&;<>()$`\\*?~{}[\]!#\t\n]/.test(c)) return undefined;
    else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words[0] === 'fisco' ? words.slice(1) : undefined;
}

/** What bash passes to `fisco` for each of `lines` (one bash run): proves plainWords reads them as bash does. */
async function bashWords(lines: string[]): Promise<string[][]> {
  const script = `fisco() { for word in "$@"; do printf '%s\\0' "$word"; done; printf '\\1\\0'; }\n${lines.join('\n')}\n`;
  const result = await execa('bash', ['-c', script], { extendEnv: false, env: { PATH: process.env.PATH ?? '' }, reject: false, input: '' });
  expect(result.exitCode, result.stderr).toBe(0);
  const out: string[][] = [[]];
  for (const word of String(result.stdout).split('\0').slice(0, -1)) {
    if (word === '\u0001') out.push([]);
    else out[out.length - 1].push(word);
  }
  return out.slice(0, -1);
}

/** A plain example through main() in this process, in `folder`, with the environment runScript gives bash. */
async function runWords(words: string[], script: string, folder: string): Promise<RunResult> {
  mkdirSync(folder, { recursive: true });
  const back = process.cwd();
  // Relative paths of the example (`--dir ./fatture`, `--from invoice.json`) are the folder's, as in bash.
  process.chdir(folder);
  try {
    return await runInProcess(words, scriptEnv(script), '', 60_000);
  } finally {
    process.chdir(back);
  }
}

describe('help', () => {
  const program = buildProgram();
  const commands = leaves(program);

  it('every leaf command has a one-line summary and at least one example; the root has examples too', () => {
    expect(commands.length).toBeGreaterThanOrEqual(36);
    for (const { path, command } of commands) {
      const name = path.join(' ');
      expect(command.description().trim(), name).not.toBe('');
      expect(command.description(), name).not.toContain('\n');
      expect(extractExamples(helpText(command)).length, `${name} has an example`).toBeGreaterThan(0);
      for (const example of extractExamples(helpText(command))) expect(example, name).toMatch(/\bfisco\b/);
    }
    expect(extractExamples(helpText(program)).length).toBeGreaterThan(0);
  });

  it('every example in --help runs against the emulator and exits 0', async () => {
    const failures: string[] = [];
    let ran = 0;
    const examples = helpExamples();
    const plain = examples.map(({ example }) => plainWords(bare(example)));
    // The words main() gets are the words bash would give the bin.
    const lines = examples.filter((_, i) => plain[i]).map(({ example }) => bare(example));
    expect(await bashWords(lines)).toEqual(plain.filter((words) => words !== undefined));
    // Both ways stay in use: some examples through main(), some in bash through the built bin.
    expect(lines.length).toBeGreaterThan(30);
    expect(examples.length - lines.length).toBeGreaterThan(20);
    for (const [index, { path, example }] of examples.entries()) {
      if (skipReason(bare(example))) continue;
      // FISCO_TEST_SPAWN=1 (harness.ts) runs every one as a process.
      const words = process.env.FISCO_TEST_SPAWN ? undefined : plain[index];
      const result = words ? await runWords(words, example, join(world.work, 'help')) : await runScript(example, join(world.work, 'help'));
      ran++;
      if (result.exitCode !== 0)
        failures.push(`fisco ${path.join(' ')} --help: ${example}\n  exit ${result.exitCode}: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(60);
  }, 600_000);
});

describe('the skip list', () => {
  it('uses every entry (none is stale): each skips a help example or a line of the documentation', () => {
    for (const { example } of helpExamples()) skipReason(bare(example));
    for (const file of DOCS) shellBlocks(readFileSync(join(ROOT, file), 'utf8'));
    expect(SKIPPED.filter((s) => !s.used).map((s) => s.reason)).toEqual([]);
  });
});

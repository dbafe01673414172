import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOCATION_METHODS } from '../../src/api/expenses.js';
import { DEADLINE_TYPES } from '../../src/api/deadlines.js';
import { F24_STATUSES } from '../../src/api/f24.js';
import { fiscoOnPath } from './fisco-on-path.js';
import { harness, TOKENS, type Harness } from './harness.js';
import { need } from './system-programs.js';

/**
 * The completion scripts of completions/ driven in the real shells: bash with bash-completion
 * (COMP_WORDS as readline splits them, then the registered function), zsh in a pseudo-terminal
 * (zsh/zpty, TAB pressed, matches reported by the completion system) and fish (`complete -C`).
 * Each shell runs a `fisco` on PATH that is the built bin, whose hidden `__complete` answers.
 * A shell that is not installed skips its test, naming the package to install (system-programs.ts).
 */
const COMPLETIONS = fileURLToPath(new URL('../../completions/', import.meta.url));
const ZSH_CAPTURE = fileURLToPath(new URL('./shells/zsh-capture.zsh', import.meta.url));

let h: Harness;
let work: string;
let env: Record<string, string>;
const PROFILES = ['rossi-consulting-srl-production', 'rossi-consulting-srl-sandbox'];

beforeAll(async () => {
  h = await harness();
  // Two stored profiles, made the way a user makes them.
  const prod = await h.run(['auth', 'login', '--with-token', '--base-url', h.emulator.url], { token: null, baseUrl: null, input: `${TOKENS.prod}\n` });
  expect(prod.exitCode, prod.stderr).toBe(0);
  const sandbox = await h.run(['auth', 'login', '--with-token', '--env', 'sandbox', '--base-url', `${h.emulator.url}/sandbox`], {
    token: null,
    baseUrl: null,
    input: `${TOKENS.sandbox}\n`,
  });
  expect(sandbox.exitCode, sandbox.stderr).toBe(0);
  work = mkdtempSync(join(tmpdir(), 'fisco-completion-'));
  const bin = fiscoOnPath(work);
  mkdirSync(join(work, 'files', 'reports'), { recursive: true });
  writeFileSync(join(work, 'files', 'body.json'), '{}');
  env = {
    PATH: `${bin}:${process.env.PATH}`,
    HOME: work,
    XDG_CONFIG_HOME: join(work, 'config'),
    XDG_DATA_HOME: join(work, 'data'),
    FISCO_CONFIG_DIR: join(h.home, 'fisco-config'),
    TERM: 'xterm',
  };
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Case {
  line: string;
  /** The exact set of values offered. */
  want: readonly string[];
}

function cases(): Case[] {
  const files = join(work, 'files');
  return [
    { line: 'fisco inv', want: ['invoice'] },
    { line: 'fisco f24 ', want: ['download', 'get', 'list'] },
    { line: 'fisco f24 list --st', want: ['--status'] },
    // fish used to offer one noun's flags to another: --payment-status belongs to invoice list only.
    { line: 'fisco f24 list --pay', want: [] },
    { line: 'fisco f24 list --status ', want: F24_STATUSES },
    { line: 'fisco invoice list --payment-status paid,u', want: ['paid,unpaid'] },
    { line: 'fisco -o ', want: ['csv', 'json', 'ndjson', 'table'] },
    { line: 'fisco --output=n', want: ['ndjson'] },
    { line: 'fisco deadlines list --type ', want: DEADLINE_TYPES },
    { line: 'fisco expenses list --method ', want: ALLOCATION_METHODS },
    { line: 'fisco hooks create --event payment.', want: ['payment.failed', 'payment.overdue', 'payment.received'] },
    { line: 'fisco events sample invoice.', want: ['invoice.created', 'invoice.sent'] },
    { line: 'fisco -p ', want: PROFILES },
    { line: 'fisco auth use rossi', want: PROFILES },
    { line: `fisco f24 download --dir ${files}/`, want: ['reports'] },
    { line: `fisco invoice create --from ${files}/`, want: ['body.json', 'reports'] },
    { line: 'fisco help invoice l', want: ['list'] },
  ];
}

/** What a shell offered, as bare values: descriptions, `--flag=` prefixes, folders and trailing slashes dropped. */
function normalise(lines: string[], line: string): string[] {
  const paths = line.includes(work);
  const values = lines
    .map((l) => l.split('\t')[0].trim())
    .filter(Boolean)
    .map((v) => v.replace(/^--[\w-]+=/, ''))
    .map((v) => (paths ? basename(v.replace(/\/+$/, '')) : v));
  return [...new Set(values)].sort();
}

function blocks(stdout: string): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  for (const line of stdout.split('\n')) {
    if (line === '<END>') {
      out.push(current);
      current = [];
    } else current.push(line);
  }
  return out;
}

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** COMP_WORDS as readline splits a line: at blanks, and `=` (in COMP_WORDBREAKS) as a word of its own. */
function compWords(line: string): string[] {
  const words = line.split(' ').flatMap((w) => w.split(/(=)/).filter((part, i, all) => part !== '' || i === all.length - 1));
  return words;
}

function check(shell: string, stdout: string): void {
  const list = cases();
  const got = blocks(stdout);
  expect(got.length, `${shell} answered every line`).toBe(list.length);
  list.forEach((c, i) => expect(normalise(got[i], c.line), `${shell}: ${c.line}`).toEqual([...c.want].sort()));
}

describe('completion in the real shells', () => {
  it('bash with bash-completion completes subcommands, per-command flags, values, profiles and paths', async (context) => {
    const bashCompletion = await need(context, 'bash-completion');
    const script = [
      `source ${quote(bashCompletion)}`,
      `source ${quote(join(COMPLETIONS, 'fisco.bash'))}`,
      't() { COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _fisco; printf "%s\\n" "${COMPREPLY[@]}"; echo "<END>"; }',
      ...cases().map((c) => `t ${quote(c.line)} ${compWords(c.line).map(quote).join(' ')}`),
    ].join('\n');
    const result = await execa('bash', ['-c', script], { env, extendEnv: false, reject: false, timeout: 120_000 });
    expect(result.stderr).toBe('');
    check('bash', result.stdout);
  }, 150_000);

  it('zsh completes the same lines at a real prompt (TAB in a pseudo-terminal)', async (context) => {
    const zsh = await need(context, 'zsh');
    const result = await execa(zsh, ['-f', ZSH_CAPTURE, COMPLETIONS, ...cases().map((c) => c.line)], {
      env,
      extendEnv: false,
      reject: false,
      timeout: 150_000,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    check('zsh', result.stdout);
  }, 180_000);

  it('fish completes the same lines (complete -C)', async (context) => {
    const fish = await need(context, 'fish');
    const script = [`source ${quote(join(COMPLETIONS, 'fisco.fish'))}`, ...cases().map((c) => `complete -C ${quote(c.line)}; echo '<END>'`)].join('\n');
    const result = await execa(fish, ['--no-config', '-c', script], { env, extendEnv: false, reject: false, timeout: 120_000 });
    expect(result.stderr).toBe('');
    check('fish', result.stdout);
  }, 150_000);
});

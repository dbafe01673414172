import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { extractExamples, helpText, leaves } from '../../src/help/examples.js';
import { fiscoOnPath } from './fisco-on-path.js';
import { harness, TOKENS, type Harness } from './harness.js';

/**
 * Every example that `--help` shows (taken from the built command tree, so a new command's
 * examples are picked up) and every command line in the README's shell blocks runs here, as
 * written, in bash, against the emulator, and must end with exit 0. The hosts the texts use as
 * placeholders are pointed at the emulator; the environment gives the tokens the texts name
 * ($TOKEN, $SANDBOX_TOKEN, $FIRM_TOKEN). Examples are run in order in one folder, so one may use
 * a file an earlier one wrote.
 */
const SKIPPED: { match: (line: string) => boolean; reason: string; used?: boolean }[] = [
  { match: (l) => l === 'fisco invoice create', reason: 'the guided flow needs a terminal; test/e2e/invoice-guided.test.ts drives it in a pseudo-terminal' },
  { match: (l) => l === 'fisco auth login --base-url https://api.example.it', reason: 'prompts for the token (hidden); the --with-token forms beside it run here' },
  { match: (l) => l.startsWith('fisco emulator '), reason: 'serves until Ctrl-C; test/e2e/emulator-command.test.ts starts and stops it' },
  { match: (l) => l.startsWith('fisco hooks listen'), reason: 'waits for deliveries; test/e2e/webhooks.test.ts delivers to it' },
  { match: (l) => l.startsWith('fisco hooks trigger'), reason: 'needs a receiver listening; test/e2e/webhooks.test.ts triggers into hooks listen' },
  { match: (l) => l.startsWith('fisco hooks verify'), reason: "needs a real delivery's signature and timestamp; test/e2e/webhooks.test.ts verifies real and forged ones" },
  { match: (l) => /^npm (install|ci|test|pack|run)\b/.test(l), reason: 'packs, installs, builds or tests this project itself (test/e2e/package.test.ts installs the packed tarball)' },
];

function skipReason(line: string): string | undefined {
  const entry = SKIPPED.find((s) => s.match(line));
  if (entry) entry.used = true;
  return entry?.reason;
}

/** The command without its trailing `# comment`. */
const bare = (line: string) => line.replace(/\s+#\s[^'"]*$/, '').trim();

/** One emulator for the help examples and one for the README's, so their writes never collide. */
let h: Harness;
let helpEmulator: Harness;
let readmeEmulator: Harness;
let work: string;
let env: Record<string, string>;

beforeAll(async () => {
  [helpEmulator, readmeEmulator] = await Promise.all([harness(), harness()]);
  h = helpEmulator;
  work = mkdtempSync(join(tmpdir(), 'fisco-examples-'));
  const bin = fiscoOnPath(work);
  env = {
    PATH: `${bin}:${process.env.PATH}`,
    HOME: join(work, 'home'),
    FISCO_DATA_DIR: join(work, 'data'),
    FISCO_TOKEN: TOKENS.prod,
    FISCO_RETRY_BASE_MS: '20',
    TOKEN: TOKENS.prod,
    SANDBOX_TOKEN: TOKENS.sandbox,
    FIRM_TOKEN: TOKENS.firm,
    NO_COLOR: '1',
    TZ: 'Europe/Rome',
  };
  mkdirSync(env.HOME);
}, 60_000);

afterAll(async () => {
  await Promise.all([helpEmulator?.close(), readmeEmulator?.close()]);
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The placeholder hosts of the texts, pointed at the emulator. */
function onEmulator(script: string): string {
  return script
    .replaceAll('https://api.example.it', h.emulator.url)
    .replaceAll('https://sandbox.example.it', `${h.emulator.url}/sandbox`)
    .replaceAll('http://127.0.0.1:4010', h.emulator.url);
}

/** A firm's examples (`--accounts`, `--all-accounts`) speak of the firm's companies: they run with the firm token, as --demo does. */
const tokenFor = (script: string) => (/--all-accounts|--accounts[ =]/.test(script) ? TOKENS.firm : TOKENS.prod);

async function runScript(script: string, folder: string) {
  mkdirSync(folder, { recursive: true });
  return execa('bash', ['-c', `set -eo pipefail\ntrap 'echo "failed: $BASH_COMMAND" >&2' ERR\n${onEmulator(script)}`], {
    cwd: folder,
    env: { ...env, FISCO_TOKEN: tokenFor(script), FISCO_BASE_URL: h.emulator.url, FISCO_CONFIG_DIR: join(work, h === readmeEmulator ? 'config-readme' : 'config-help') },
    extendEnv: false,
    reject: false,
    input: '',
    timeout: 60_000,
  });
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
    const all = [{ path: [] as string[], command: program }, ...commands];
    const failures: string[] = [];
    let ran = 0;
    for (const { path, command } of all) {
      for (const example of extractExamples(helpText(command))) {
        if (skipReason(bare(example))) continue;
        const result = await runScript(example, join(work, 'help'));
        ran++;
        if (result.exitCode !== 0) failures.push(`fisco ${path.join(' ')} --help: ${example}\n  exit ${result.exitCode}: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(60);
  }, 600_000);
});

describe('README', () => {
  /** Each ```sh block as a script: continuation lines joined, skipped lines kept as comments. */
  function blocks(): { script: string; lines: string[] }[] {
    const text = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const out: { script: string; lines: string[] }[] = [];
    for (const match of text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)) {
      const joined = match[1].replace(/\\\n\s*/g, ' ');
      const lines: string[] = [];
      const script = joined
        .split('\n')
        .map((line) => {
          const command = bare(line);
          if (!command || command.startsWith('#')) return line;
          if (skipReason(command)) return `# skipped: ${line}`;
          lines.push(command);
          return line;
        })
        .join('\n');
      out.push({ script, lines });
    }
    return out;
  }

  it('every command line of its shell blocks runs against the emulator and exits 0', async () => {
    h = readmeEmulator;
    const all = blocks();
    expect(all.length).toBeGreaterThan(3);
    const failures: string[] = [];
    for (const [index, block] of all.entries()) {
      if (block.lines.length === 0) continue;
      // A fresh emulator state is not needed, but a fresh folder per block keeps files apart.
      const result = await runScript(block.script, join(work, `readme-${index}`));
      if (result.exitCode !== 0) failures.push(`block ${index + 1} (${block.lines[0]} …): exit ${result.exitCode}: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('uses every entry of the skip list (none is stale)', () => {
    expect(SKIPPED.filter((s) => !s.used).map((s) => s.reason)).toEqual([]);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { extractExamples, helpText, leaves } from '../../src/help/examples.js';
import { fiscoOnPath } from './fisco-on-path.js';
import { harness, TOKENS, type Harness } from './harness.js';
import { DOCS, ROOT } from './doc-pages.js';

export { DOCS, ROOT };

/**
 * What the tests of the texts share (examples.test.ts: every example of --help and the skip list;
 * examples-docs.test.ts: every shell block of the README and docs/; the workflows of examples/ are
 * in examples-workflows.test.ts): the skip list, the reading of a line, and a world of one
 * emulator, a folder and the environment the texts run in. Three files, so that they run at the
 * same time.
 *
 * The hosts the texts use as placeholders are pointed at the emulator; the environment gives the
 * tokens the texts name ($TOKEN, $SANDBOX_TOKEN, $FIRM_TOKEN).
 */
export const SKIPPED: { match: (line: string) => boolean; reason: string; used?: boolean }[] = [
  { match: (l) => l === 'fisco invoice create', reason: 'the guided flow needs a terminal; test/e2e/invoice-guided.test.ts drives it in a pseudo-terminal' },
  {
    match: (l) => l === 'fisco auth login --base-url https://api.example.it',
    reason: 'prompts for the token (hidden); the --with-token forms beside it run here',
  },
  { match: (l) => l.startsWith('fisco emulator '), reason: 'serves until Ctrl-C; test/e2e/emulator-command.test.ts starts and stops it' },
  { match: (l) => l.startsWith('fisco hooks listen'), reason: 'waits for deliveries; test/e2e/webhooks.test.ts delivers to it' },
  { match: (l) => l.startsWith('fisco hooks trigger'), reason: 'needs a receiver listening; test/e2e/webhooks.test.ts triggers into hooks listen' },
  {
    match: (l) => l.startsWith('fisco hooks verify'),
    reason: "needs a real delivery's signature and timestamp; test/e2e/webhooks.test.ts verifies real and forged ones",
  },
  {
    match: (l) => l.startsWith('fisco dunning send '),
    reason: 'needs an SMTP server; test/e2e/dunning.test.ts sends plans to a real one on 127.0.0.1 (smtp-server), once, killed and resumed',
  },
  {
    match: (l) => l.includes('db.studio.lan') || /^create(user|db) /.test(l),
    reason: "needs a firm's PostgreSQL server; test/e2e/mirror-postgres.test.ts runs the shared mirror against a real one",
  },
  {
    match: (l) => l.startsWith('sha256sum --check SHA256SUMS && install '),
    reason: "installs the single executable into the home folder; test/e2e/executable.test.ts runs the README's line on a built one",
  },
  {
    match: (l) => /^(echo "\$FISCO_EXECUTABLE_SHA256 |curl |chmod \+x "\$dir\/fisco")/.test(l),
    reason: "a CI job's fetch of the executable; test/e2e/examples-workflows.test.ts runs the workflow that does it, and executable.test.ts the action",
  },
  {
    match: (l) => /^npm (install|ci|test|pack|run)\b/.test(l),
    reason: 'packs, installs, builds or tests this project itself (test/e2e/package.test.ts installs the packed tarball)',
  },
];

export function skipReason(line: string): string | undefined {
  const entry = SKIPPED.find((s) => s.match(line));
  if (entry) entry.used = true;
  return entry?.reason;
}

/** The command without its trailing `# comment`. */
export const bare = (line: string) => line.replace(/\s+#\s[^'"]*$/, '').trim();
/** The exit code a line's comment documents (`# exit 11: …`), else 0. */
export const documentedExit = (line: string) => Number(/\s#\s+exit (\d+)\b[^'"]*$/.exec(line)?.[1] ?? 0);

/** A firm's examples (`--accounts`, `--all-accounts`) speak of the firm's companies: they run with the firm token, as --demo does. */
export const tokenFor = (script: string) => (/--all-accounts|--accounts[ =]/.test(script) ? TOKENS.firm : TOKENS.prod);

/** Every example of --help, with its command's path, in the order help lists them (the program's first). */
export function helpExamples(): { path: string[]; example: string }[] {
  const program = buildProgram();
  return [{ path: [] as string[], command: program }, ...leaves(program)].flatMap(({ path, command }) =>
    extractExamples(helpText(command)).map((example) => ({ path, example })),
  );
}

/** Each ```sh block of a Markdown file as a script: continuation lines joined, skipped lines kept as comments, a documented exit code checked. */
export function shellBlocks(text: string): { script: string; lines: string[] }[] {
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
        const code = documentedExit(line);
        if (code === 0) return line;
        // The documented code, and no other, lets the script go on.
        return `__status=0; ${command} || __status=$?\nif [ "$__status" -ne ${code} ]; then echo "exit $__status where the text documents ${code}: ${command.replace(/["$`\\]/g, '\\$&')}" >&2; exit 1; fi`;
      })
      .join('\n');
    out.push({ script, lines });
  }
  return out;
}

/** One emulator, a folder and the environment the texts run in; made before the file's tests, removed after. */
export interface ExamplesWorld {
  h: Harness;
  work: string;
  env: Record<string, string>;
}

export function examplesWorld(): ExamplesWorld {
  const world = {} as ExamplesWorld;
  beforeAll(async () => {
    // A high rate limit: the texts are a hundred commands against one emulator, and pacing is not what is tested here
    // (faults.test.ts, list-robustness and f24 prove it); with the service's 120 a minute, the examples that come last
    // (export's PDFs) would spend half a minute waiting for the window.
    world.h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
    world.work = mkdtempSync(join(tmpdir(), 'fisco-examples-'));
    const bin = fiscoOnPath(world.work);
    world.env = {
      PATH: `${bin}:${process.env.PATH}`,
      HOME: join(world.work, 'home'),
      FISCO_DATA_DIR: join(world.work, 'data'),
      FISCO_TOKEN: TOKENS.prod,
      FISCO_RETRY_BASE_MS: '20',
      TOKEN: TOKENS.prod,
      SANDBOX_TOKEN: TOKENS.sandbox,
      FIRM_TOKEN: TOKENS.firm,
      NO_COLOR: '1',
      TZ: 'Europe/Rome',
    };
    mkdirSync(world.env.HOME);
  }, 60_000);
  afterAll(async () => {
    await world.h?.close();
    if (world.work) rmSync(world.work, { recursive: true, force: true });
  });
  return world;
}

/** A script in bash (`set -eo pipefail`, the failing command named), in `folder`, with the placeholder hosts pointed at the emulator. */
export function bashIn(world: ExamplesWorld, script: string, folder: string, env: Record<string, string>, timeout: number) {
  const url = world.h.emulator.url;
  const text = script
    .replaceAll('https://api.example.it', url)
    .replaceAll('https://sandbox.example.it', `${url}/sandbox`)
    .replaceAll('http://127.0.0.1:4010', url);
  return execa('bash', ['-c', `set -eo pipefail\ntrap 'echo "failed: $BASH_COMMAND" >&2' ERR\n${text}`], {
    cwd: folder,
    env,
    extendEnv: false,
    reject: false,
    input: '',
    timeout,
  });
}

/**
 * The documentation in two parts, each in its own file with its own emulator, so that they run at
 * the same time (examples-docs.test.ts: the README and docs/bank.md, whose blocks are mostly
 * `--demo` runs; examples-docs-pages.test.ts: every other page). Together they are DOCS.
 */
const FIRST_PART = ['README.md', 'docs/bank.md'];
export const docsPart = (part: 1 | 2) => DOCS.filter((file) => FIRST_PART.includes(file) === (part === 1));

/** A documentation block in a fresh folder whose HOME is empty: fisco finds no profile and no data folder of a previous block. */
export function runDocBlock(world: ExamplesWorld, script: string, folder: string) {
  const home = join(folder, 'home');
  mkdirSync(home, { recursive: true });
  const { FISCO_DATA_DIR: _data, ...rest } = world.env;
  return bashIn(world, script, folder, { ...rest, HOME: home, FISCO_TOKEN: tokenFor(script), FISCO_BASE_URL: world.h.emulator.url }, 120_000);
}

/** Runs every shell block of `files`, each in its own folder: the blocks that failed, and how many ran. */
export async function runDocs(world: ExamplesWorld, files: string[]): Promise<{ failures: string[]; ran: number }> {
  const failures: string[] = [];
  let ran = 0;
  for (const file of files) {
    const all = shellBlocks(readFileSync(join(ROOT, file), 'utf8'));
    for (const [index, block] of all.entries()) {
      if (block.lines.length === 0) continue;
      const result = await runDocBlock(world, block.script, join(world.work, 'docs', file.replace(/\W+/g, '-'), `block-${index + 1}`));
      ran++;
      if (result.exitCode !== 0)
        failures.push(`${file} block ${index + 1} (${block.lines[0]} …): exit ${result.exitCode}: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    }
  }
  return { failures, ran };
}

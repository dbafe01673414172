import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { extractExamples, helpText, leaves } from '../../src/help/examples.js';
import { fiscoOnPath } from './fisco-on-path.js';
import { harness, runInProcess, TOKENS, type Harness, type RunResult } from './harness.js';

/**
 * Every example that `--help` shows (taken from the built command tree, so a new command's
 * examples are picked up), every shell block of the README and of docs/, and every `run:` step
 * of the workflows in examples/ run here, as written, in bash, against the emulator.
 *
 * - Help examples end with exit 0; they run in order in one folder, so one may use a file an
 *   earlier one wrote. An example that is one plain `fisco` command (words and quotes, nothing
 *   bash would expand, redirect or pipe) runs through main() in this process, with the words bash
 *   gives it (one bash run checks that they are), the same environment and that folder as its
 *   working directory; the others run in bash through the built bin.
 * - A shell block of the documentation runs as one script in a fresh folder with an empty HOME
 *   (no profile, no data folder: fisco's own defaults under that HOME). Each line ends with exit 0
 *   unless its comment documents another code (`fisco --demo overview   # exit 11: …`).
 * - A workflow's `run:` steps run in order, as GitHub runs them (`bash -eo pipefail`), in a fresh
 *   folder with an empty HOME holding the release tarball the workflow installs from, with
 *   `${{ secrets.* }}`, `${{ vars.* }}` and `${{ steps.*.outputs.* }}` filled in; every step ends
 *   with exit 0 and the files the artifact uploads exist.
 *
 * The hosts the texts use as placeholders are pointed at the emulator; the environment gives the
 * tokens the texts name ($TOKEN, $SANDBOX_TOKEN, $FIRM_TOKEN).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SKIPPED: { match: (line: string) => boolean; reason: string; used?: boolean }[] = [
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
    match: (l) => /^npm (install|ci|test|pack|run)\b/.test(l),
    reason: 'packs, installs, builds or tests this project itself (test/e2e/package.test.ts installs the packed tarball)',
  },
];

function skipReason(line: string): string | undefined {
  const entry = SKIPPED.find((s) => s.match(line));
  if (entry) entry.used = true;
  return entry?.reason;
}

/** The command without its trailing `# comment`. */
const bare = (line: string) => line.replace(/\s+#\s[^'"]*$/, '').trim();
/** The exit code a line's comment documents (`# exit 11: …`), else 0. */
const documentedExit = (line: string) => Number(/\s#\s+exit (\d+)\b[^'"]*$/.exec(line)?.[1] ?? 0);

/** One emulator for the help examples and one for the documentation's, so their writes never collide. */
let h: Harness;
let helpEmulator: Harness;
let readmeEmulator: Harness;
let work: string;
let env: Record<string, string>;

beforeAll(async () => {
  // A high rate limit: the examples are a hundred commands against one emulator, and pacing is not what is tested here
  // (test/e2e/faults.test.ts, list-robustness and f24 prove it); with the service's 120 a minute, the examples that come
  // last (export's PDFs) would spend half a minute waiting for the window.
  const unpaced = { rateLimit: { limit: 100_000, windowMs: 60_000 } };
  [helpEmulator, readmeEmulator] = await Promise.all([harness(unpaced), harness(unpaced)]);
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
    env: { ...env, FISCO_TOKEN: tokenFor(script), FISCO_BASE_URL: h.emulator.url, FISCO_CONFIG_DIR: join(work, 'config-help') },
    extendEnv: false,
    reject: false,
    input: '',
    timeout: 60_000,
  });
}

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
    return await runInProcess(words, { ...env, FISCO_TOKEN: tokenFor(script), FISCO_BASE_URL: h.emulator.url, FISCO_CONFIG_DIR: join(work, 'config-help') }, '', 60_000);
  } finally {
    process.chdir(back);
  }
}

/** A documentation block in a fresh folder whose HOME is empty: fisco finds no profile and no data folder of a previous block. */
async function runDocBlock(script: string, folder: string) {
  const home = join(folder, 'home');
  mkdirSync(home, { recursive: true });
  const { FISCO_DATA_DIR: _data, ...rest } = env;
  return execa('bash', ['-c', `set -eo pipefail\ntrap 'echo "failed: $BASH_COMMAND" >&2' ERR\n${onEmulator(script)}`], {
    cwd: folder,
    env: { ...rest, HOME: home, FISCO_TOKEN: tokenFor(script), FISCO_BASE_URL: h.emulator.url },
    extendEnv: false,
    reject: false,
    input: '',
    timeout: 120_000,
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
    const examples = all.flatMap(({ path, command }) => extractExamples(helpText(command)).map((example) => ({ path, example })));
    const plain = examples.map(({ example }) => plainWords(bare(example)));
    // The words main() gets are the words bash would give the bin.
    const lines = examples.filter((_, i) => plain[i]).map(({ example }) => bare(example));
    expect(await bashWords(lines)).toEqual(plain.filter((words) => words !== undefined));
    // Both ways stay in use: some examples through main(), some in bash through the built bin.
    expect(lines.length).toBeGreaterThan(30);
    expect(examples.length - lines.length).toBeGreaterThan(20);
    for (const [index, { path, example }] of examples.entries()) {
      if (skipReason(bare(example))) continue;
      const words = plain[index];
      const result = words ? await runWords(words, example, join(work, 'help')) : await runScript(example, join(work, 'help'));
      ran++;
      if (result.exitCode !== 0)
        failures.push(`fisco ${path.join(' ')} --help: ${example}\n  exit ${result.exitCode}: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(60);
  }, 600_000);
});

/** The documentation: the README and every page of docs/. */
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

/** Each ```sh block of a Markdown file as a script: continuation lines joined, skipped lines kept as comments, a documented exit code checked. */
function shellBlocks(text: string): { script: string; lines: string[] }[] {
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

describe('the documentation: README.md and docs/', () => {
  it('every shell block runs against the emulator in a fresh folder with an empty HOME, each line with its documented exit code', async () => {
    h = readmeEmulator;
    const failures: string[] = [];
    let ran = 0;
    for (const file of DOCS) {
      const all = shellBlocks(readFileSync(join(ROOT, file), 'utf8'));
      for (const [index, block] of all.entries()) {
        if (block.lines.length === 0) continue;
        const result = await runDocBlock(block.script, join(work, 'docs', file.replace(/\W+/g, '-'), `block-${index + 1}`));
        ran++;
        if (result.exitCode !== 0)
          failures.push(`${file} block ${index + 1} (${block.lines[0]} …): exit ${result.exitCode}: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(10);
  }, 900_000);

  it('documents a non-zero exit code only where the line really ends with it (the check itself fails otherwise)', async () => {
    h = readmeEmulator;
    const [wrong] = shellBlocks('```sh\nfisco whoami   # exit 11: never\n```\n');
    const result = await runDocBlock(wrong.script, join(work, 'docs', 'self-check'));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('exit 0 where the text documents 11: fisco whoami');
  });
});

/** A GitHub Actions workflow as far as these tests need it: the job's env and its steps. */
interface Step {
  name: string;
  id?: string;
  uses?: string;
  run?: string;
  with: Record<string, string>;
}

/** Reads the one job of a workflow of examples/: a small reader for the shape those files have (block scalars for run: and path:). */
function readWorkflow(text: string): { name: string; env: Record<string, string>; nodeVersions: string[]; steps: Step[] } {
  const lines = text.split('\n');
  const env: Record<string, string> = {};
  const steps: Step[] = [];
  const indent = (l: string) => l.length - l.trimStart().length;
  const value = (v: string) =>
    v
      .trim()
      .replace(/^'(.*)'$/, '$1')
      .replace(/^"(.*)"$/, '$1');
  let name = '';
  let i = 0;
  /** A block scalar (`|`) starting after line i: its lines, dedented. */
  const block = (parent: number): string => {
    const body: string[] = [];
    while (i + 1 < lines.length && (lines[i + 1].trim() === '' || indent(lines[i + 1]) > parent)) body.push(lines[++i]);
    while (body.length && body[body.length - 1].trim() === '') body.pop();
    const cut = Math.min(...body.filter((l) => l.trim()).map(indent));
    return body.map((l) => l.slice(cut)).join('\n');
  };
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (/^name:/.test(line)) name = value(line.slice(5));
    if (/^ {4}env:\s*$/.test(line)) {
      while (i + 1 < lines.length && indent(lines[i + 1]) > 4 && lines[i + 1].trim()) {
        const [key, ...v] = lines[++i].trim().split(':');
        env[key] = value(v.join(':'));
      }
    }
    const item = /^( *)- (.*)$/.exec(line);
    if (item && lines.slice(0, i).some((l) => /^ {4}steps:/.test(l))) {
      const base = item[1].length;
      const step: Step = { name: '', with: {} };
      let first = true;
      let keyLine = item[2];
      for (;;) {
        const pair = /^([\w-]+):\s*(.*)$/.exec(keyLine.trim());
        if (pair) {
          const [, key, raw] = pair;
          const keyIndent = first ? base + 2 : indent(lines[i]);
          if (key === 'with') {
            const withIndent = keyIndent;
            while (i + 1 < lines.length && indent(lines[i + 1]) > withIndent && lines[i + 1].trim()) {
              const w = /^([\w-]+):\s*(.*)$/.exec(lines[++i].trim());
              if (w) w[2].trim() === '|' ? (step.with[w[1]] = block(indent(lines[i]))) : (step.with[w[1]] = value(w[2]));
            }
          } else if (key === 'run') step.run = raw.trim() === '|' ? block(keyIndent) : raw.trim();
          else if (key === 'name') step.name = value(raw);
          else if (key === 'id') step.id = value(raw);
          else if (key === 'uses') step.uses = value(raw);
        }
        first = false;
        const next = lines[i + 1];
        if (next === undefined || !next.trim() || next.trim().startsWith('#') || indent(next) <= base) break;
        keyLine = lines[++i];
      }
      steps.push(step);
    }
  }
  const nodeVersions = steps.filter((s) => s.uses?.startsWith('actions/setup-node')).map((s) => s.with['node-version']);
  return { name, env, nodeVersions, steps };
}

/** The machine's npm configuration and TLS trust, for an npm run with an empty HOME and no inherited environment. */
function machineNpm(): Record<string, string> {
  const keep = ['NODE_EXTRA_CA_CERTS', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy', 'npm_config_registry', 'npm_config_cafile'];
  const out: Record<string, string> = Object.fromEntries(keep.flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])));
  out.npm_config_userconfig = process.env.npm_config_userconfig ?? join(homedir(), '.npmrc');
  return out;
}

/** The emulator's date: today in Rome, so the workflows' "last month" (from `date`) has its data. */
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe('the workflows of examples/', () => {
  const files = readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.yml'))
    .sort();
  let emulator: Harness;
  let tarballs: string;
  let tarball: string;

  beforeAll(async () => {
    // A high rate limit: the firm's month-end is more requests than a minute's allowance, and pacing is not what is tested here.
    emulator = await harness({ today: romeToday(), rateLimit: { limit: 100_000, windowMs: 60_000 } });
    // The release tarball, as the Install section makes it (dist/ is already built: no prepack).
    tarballs = mkdtempSync(join(tmpdir(), 'fisco-tarball-'));
    const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tarballs], { cwd: ROOT });
    tarball = (JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string }[])[0].filename;
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    if (tarballs) rmSync(tarballs, { recursive: true, force: true });
  });

  it('there are workflows, each on Node 22 or 24, installing the release tarball (fisco is not on the npm registry)', () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const workflow = readWorkflow(readFileSync(join(ROOT, 'examples', file), 'utf8'));
      expect(workflow.nodeVersions, file).not.toEqual([]);
      for (const version of workflow.nodeVersions) expect(['22', '24'], file).toContain(version);
      const runs = workflow.steps.map((s) => s.run ?? '').join('\n');
      expect(runs, file).toContain(`npm install --global ./vendor/${tarball}`);
      expect(runs, file).not.toMatch(/npm install (-g|--global) fisco\b/);
      // The checkout that holds the tarball comes before the install.
      const checkout = workflow.steps.findIndex((s) => s.uses?.startsWith('actions/checkout'));
      const install = workflow.steps.findIndex((s) => s.run?.includes('npm install'));
      expect(checkout, file).toBeGreaterThanOrEqual(0);
      expect(checkout, file).toBeLessThan(install);
    }
  });

  for (const file of readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.yml'))
    .sort()) {
    it(`${file}: every run: step, in order, in a fresh folder with an empty HOME, ends with exit 0; the artifact's files exist`, async () => {
      const workflow = readWorkflow(readFileSync(join(ROOT, 'examples', file), 'utf8'));
      const folder = mkdtempSync(join(tmpdir(), `fisco-workflow-${workflow.name}-`));
      try {
        const home = join(folder, 'home');
        mkdirSync(home);
        const repo = join(folder, 'repo');
        mkdirSync(join(repo, 'vendor'), { recursive: true });
        copyFileSync(join(tarballs, tarball), join(repo, 'vendor', tarball));
        const prefix = join(folder, 'prefix');
        const output = join(folder, 'github-output');
        const secrets: Record<string, string> = { FISCO_TOKEN: TOKENS.prod, FISCO_FIRM_TOKEN: TOKENS.firm };
        const vars: Record<string, string> = { FISCO_BASE_URL: emulator.emulator.url, FISCO_ACCOUNT: '' };
        const outputs: Record<string, Record<string, string>> = {};
        const expand = (text: string) =>
          text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => {
            const [kind, ...rest] = expression.split('.');
            if (kind === 'secrets') return secrets[rest[0]] ?? '';
            if (kind === 'vars') return vars[rest[0]] ?? '';
            if (kind === 'steps' && rest[1] === 'outputs') return outputs[rest[0]]?.[rest[2]] ?? '';
            throw new Error(`${file}: no value for \${{ ${expression} }}`);
          });
        const jobEnv = Object.fromEntries(Object.entries(workflow.env).map(([k, v]) => [k, expand(v)]));
        expect(jobEnv.FISCO_TOKEN, 'the job gets its token from a secret').toMatch(/^demo-/);
        const stepsRun: string[] = [];
        const logs: string[] = [];
        for (const step of workflow.steps) {
          if (!step.run) continue;
          writeFileSync(output, '');
          const result = await execa('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expand(step.run)], {
            cwd: repo,
            env: {
              PATH: `${join(prefix, 'bin')}:${process.env.PATH}`,
              HOME: home,
              ...jobEnv,
              GITHUB_OUTPUT: output,
              GITHUB_STEP_SUMMARY: join(folder, 'step-summary'),
              CI: 'true',
              NO_COLOR: '1',
              FISCO_RETRY_BASE_MS: '20',
              // npm: the global install goes to this job's prefix, from the machine's package cache, with the machine's npm
              // settings and certificates (as a runner's npm has its own): a global install reads the full metadata of
              // fisco's dependencies, which `npm ci` does not cache, so on a fresh machine it asks the registry. Without
              // the machine's CA bundle and npmrc (HOME is the job's empty one, the environment is not inherited),
              // every such request failed TLS behind an intercepting proxy and npm retried with back-off for minutes.
              ...machineNpm(),
              npm_config_prefix: prefix,
              npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
              npm_config_prefer_offline: 'true',
              npm_config_audit: 'false',
              npm_config_fund: 'false',
              npm_config_update_notifier: 'false',
            },
            extendEnv: false,
            reject: false,
            input: '',
            timeout: 180_000,
          });
          stepsRun.push(step.name || step.run.split('\n')[0]);
          logs.push(`${step.name}:\n${result.stdout}\n${result.stderr}`);
          expect(result.exitCode, `${file}, step "${step.name || step.run}":\n${result.stderr.trim().split('\n').slice(-5).join('\n')}`).toBe(0);
          if (step.id)
            outputs[step.id] = Object.fromEntries(
              readFileSync(output, 'utf8')
                .split('\n')
                .filter(Boolean)
                .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
            );
          if (step.run.includes('npm install --global')) {
            // fisco is now the one the job installed.
            const which = await execa('bash', ['-c', 'command -v fisco'], {
              env: { PATH: `${join(prefix, 'bin')}:${process.env.PATH}` },
              extendEnv: false,
              reject: false,
            });
            expect(which.stdout.trim()).toBe(join(prefix, 'bin', 'fisco'));
          }
        }
        expect(stepsRun.length, file).toBeGreaterThanOrEqual(3);
        // What the artifact uploads is there (if-no-files-found: error would fail the job otherwise).
        const upload = workflow.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
        expect(upload, `${file} uploads an artifact`).toBeDefined();
        for (const path of upload!.with.path
          .split('\n')
          .map((p) => p.trim())
          .filter(Boolean)) {
          expect(existsSync(join(repo, path)), `${file}: the artifact's ${path}`).toBe(true);
        }
        // A step that went on after exit 11 said so on the run.
        for (const [index, step] of workflow.steps.filter((s) => s.run).entries()) {
          if (/-eq 11/.test(step.run!)) expect(logs[index], `${file}: "${step.name}" reports exit 11`).toMatch(/::warning[^:]*::.*exit 11/);
        }
        if (file === 'month-end.yml') {
          const results = JSON.parse(readFileSync(join(repo, 'export-result.json'), 'utf8')) as { result: string }[];
          expect(results.filter((r) => r.result === 'exported').length).toBeGreaterThan(0);
          expect(readdirSync(join(repo, 'month-end')).length).toBe(1);
          expect(relative(repo, join(repo, 'month-end', readdirSync(join(repo, 'month-end'))[0]))).toMatch(/^month-end\/\d{4}-\d{2}$/);
        }
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }, 400_000);
  }
});

describe('the skip list', () => {
  it('uses every entry (none is stale)', () => {
    expect(SKIPPED.filter((s) => !s.used).map((s) => s.reason)).toEqual([]);
  });
});

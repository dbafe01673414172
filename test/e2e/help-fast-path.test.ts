import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, harness, runMain, type Harness } from './harness.js';
import { spawnPty } from './pty.js';

/**
 * bin/fisco.js answers help from dist/help.json (written by the build) without loading the
 * bundled CLI. Here every command path's fast answer is compared byte for byte with what the
 * bundled CLI's main() prints for the same words, the help forms rewriteHelp maps are checked
 * to give the same text, and a preload records what the process loaded: the fast path loads no
 * ES module and requires nothing but the launcher, while everything else still reaches the CLI.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TEXTS = JSON.parse(readFileSync(join(ROOT, 'dist', 'help.json'), 'utf8')) as Record<string, string>;
const PATHS = Object.keys(TEXTS).map((key) => (key === '' ? [] : key.split(' ')));

let work: string;
let preload: string;
let env: Record<string, string>;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'fisco-help-'));
  // Records, at exit, which CommonJS files were required and which files were read.
  preload = join(work, 'record-loads.cjs');
  writeFileSync(
    preload,
    // Files read outside require() (dist/help.json by the launcher) are recorded too.
    `const fs = require('node:fs'); const read = fs.readFileSync; const reads = [];
    fs.readFileSync = function (path, ...rest) { reads.push(String(path)); return read.call(this, path, ...rest); };
    process.on('exit', () => fs.writeFileSync(process.env.LOAD_RECORD, JSON.stringify({
      required: Object.keys(require.cache),
      reads,
    })));\n`,
  );
  env = {
    PATH: process.env.PATH ?? '',
    HOME: join(work, 'home'),
    FISCO_CONFIG_DIR: join(work, 'config'),
    FISCO_DATA_DIR: join(work, 'data'),
    TZ: 'Europe/Rome',
  };
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Run {
  stdout: string;
  stderr: string;
  exitCode: number;
}

const exec = async (file: string, args: string[], extra: Record<string, string> = {}, nodeFlags: string[] = []): Promise<Run> => {
  const r = await execa('node', [...nodeFlags, file, ...args], {
    env: { ...env, ...extra },
    extendEnv: false,
    reject: false,
    input: '',
    timeout: 20_000,
    stripFinalNewline: false,
  });
  return { stdout: String(r.stdout), stderr: String(r.stderr), exitCode: r.exitCode ?? -1 };
};
const fast = (args: string[], extra?: Record<string, string>) => exec(BIN, args, extra);
/** The bundled CLI's main() on the same words, as the launcher calls it, in this process (its output is not a terminal). */
const full = async (args: string[], extra: Record<string, string> = {}): Promise<Run> => {
  const bundle = createRequire(import.meta.url)(join(ROOT, 'dist', 'cli.cjs')) as { main: Parameters<typeof runMain>[0] };
  return runMain(bundle.main, args, { ...env, ...extra }, '', 20_000);
};

let recordCount = 0;
/** Runs the bin with the preload; returns its output and whether the bundled CLI was loaded. */
async function traced(args: string[], extra: Record<string, string> = {}, bin = BIN): Promise<Run & { bundleLoaded: boolean; required: string[] }> {
  const record = join(work, `loads-${recordCount++}.json`);
  const run = await exec(bin, args, { ...extra, LOAD_RECORD: record }, ['--require', preload]);
  const loads = JSON.parse(readFileSync(record, 'utf8')) as Loads;
  return { ...run, required: loads.required, bundleLoaded: bundleLoaded(loads) };
}

interface Loads {
  required: string[];
  reads: string[];
}

function bundleLoaded(loads: Loads): boolean {
  // Not Node's ES module loader: Node 24 loads it at start-up for a CommonJS entry too.
  return [...loads.required, ...loads.reads].some((file) => file.includes(`${sep}dist${sep}`) && !/help(\.it)?\.json$/.test(file));
}

/**
 * The CLI's main() from the sources, in this process: the bundle's own import()s (the Italian words
 * of help, dist/vendor/help-it.cjs) are given by the launcher, which the fast-path comparison must not use.
 */
const source = async (args: string[], extra: Record<string, string> = {}): Promise<Run> => {
  const { main } = await import('../../src/cli.js');
  return runMain(main, args, { ...env, ...extra }, '', 20_000);
};

const TEXTS_IT = JSON.parse(readFileSync(join(ROOT, 'dist', 'help.it.json'), 'utf8')) as Record<string, string>;

describe('help in the run language (issue 41, point 7): Italian from dist/help.it.json, as fast as English', () => {
  const ITALIAN = { LANG: 'it_IT.UTF-8' };

  it('has every command path English has', () => {
    expect(Object.keys(TEXTS_IT).sort()).toEqual(Object.keys(TEXTS).sort());
  });

  it.each(PATHS.map((path) => [path.join(' ') || '(program)', path]))(
    'fisco %s --help in Italian: the launcher answers without the CLI, with the CLI bytes; what the command does and the frame are Italian',
    async (_, path) => {
      const args = [...(path as string[]), '--help'];
      const [quick, slow] = await Promise.all([traced(args, ITALIAN), source(args, ITALIAN)]);
      expect(quick.bundleLoaded).toBe(false);
      expect(slow.exitCode).toBe(0);
      expect({ stdout: quick.stdout, stderr: quick.stderr, exitCode: quick.exitCode }).toEqual(slow);
      expect(quick.stdout).toBe(TEXTS_IT[(path as string[]).join(' ')]);
      // The frame and the description (the text before the first section) hold no English of fisco's own.
      const [usage, ...rest] = quick.stdout.split('\n\n');
      expect(usage).toMatch(/^Uso: fisco/);
      const description = rest[0]!.startsWith('Comandi:') || rest[0]!.startsWith('Opzioni:') || rest[0]!.startsWith('Argomenti:') ? '' : rest[0]!;
      const commands = rest.find((block) => block.startsWith('Comandi:')) ?? '';
      for (const text of [description, commands]) {
        expect(text, quick.stdout).not.toMatch(/\b(the|of|to|and|with|each|every|its|their|that|from)\b/);
        expect(text, quick.stdout).not.toMatch(/\((GET|POST|PUT|PATCH|DELETE) \//);
      }
      expect(quick.stdout).not.toMatch(/^(Usage|Options|Commands|Arguments|Global Options|Examples|Service):/m);
      if (TEXTS[(path as string[]).join(' ')]!.includes('\nService: ')) expect(quick.stdout).toMatch(/^Servizio: (GET|POST|PUT|PATCH|DELETE) \//m);
    },
  );

  it('follows FISCO_LANG and the profile over the locale, as the CLI does', async () => {
    expect((await fast(['--help'], { FISCO_LANG: 'it' })).stdout).toBe(TEXTS_IT['']);
    expect((await fast(['--help'], { FISCO_LANG: 'en', ...ITALIAN })).stdout).toBe(TEXTS['']);
    const config = join(work, 'config-it');
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, 'config.json'), JSON.stringify({ active: 'p', profiles: { p: { lang: 'it' } } }));
    const profiled = await traced(['invoice', '--help'], { FISCO_CONFIG_DIR: config });
    expect(profiled.bundleLoaded).toBe(false);
    expect(profiled.stdout).toBe(TEXTS_IT['invoice']);
    expect((await source(['invoice', '--help'], { FISCO_CONFIG_DIR: config })).stdout).toBe(TEXTS_IT['invoice']);
  });

  it('help exit-codes and help formats in Italian', async () => {
    const codes = await source(['help', 'exit-codes'], ITALIAN);
    expect(codes.stdout).toMatch(/^Codici di uscita/);
    expect(codes.stdout).not.toMatch(/\b(the|of|and|with|success|failure)\b/);
    const formats = await source(['help', 'formats'], ITALIAN);
    expect(formats.stdout).toMatch(/^Formati/);
    expect(formats.stdout).toContain('Dialetti CSV');
    const flags = await source(['help', 'flags'], ITALIAN);
    expect(flags.stdout).toMatch(/^Opzioni globali/);
    expect((await source(['help', 'formats'])).stdout).toMatch(/^Formats/);
  });
});

describe('help served by the launcher', () => {
  it('the generated file has the program and every command path', () => {
    expect(PATHS).toContainEqual([]);
    expect(PATHS).toContainEqual(['invoice']);
    expect(PATHS).toContainEqual(['invoice', 'list']);
    expect(PATHS.length).toBeGreaterThan(40);
  });

  it.each(PATHS.map((path) => [path.join(' ') || '(program)', path]))('fisco %s --help: the same bytes and exit code as the bundled CLI', async (_, path) => {
    const [quick, slow] = await Promise.all([fast([...(path as string[]), '--help']), full([...(path as string[]), '--help'])]);
    expect(slow.exitCode).toBe(0);
    expect(slow.stderr).toBe('');
    expect(quick).toEqual(slow);
    expect(quick.stdout).toBe(TEXTS[(path as string[]).join(' ')]);
  });

  it('the help forms rewriteHelp maps print what --help prints', async () => {
    const forms: [string[], string][] = [
      [['help', 'invoice', 'list'], 'invoice list'],
      [['invoice', 'help', 'list'], 'invoice list'],
      [['invoice', 'list', '-h'], 'invoice list'],
      [['help', 'invoice', 'list', '--help'], 'invoice list'],
      [['invoice', 'help'], 'invoice'],
      [['help', 'invoice'], 'invoice'],
      [['help'], ''],
      [['-h'], ''],
      [['help', '--help'], ''],
    ];
    for (const [args, key] of forms) {
      const run = await traced(args);
      expect(run.bundleLoaded, args.join(' ')).toBe(false);
      expect(run, args.join(' ')).toMatchObject({ stdout: TEXTS[key], stderr: '', exitCode: 0 });
      expect(await full(args), args.join(' ')).toEqual({ stdout: run.stdout, stderr: run.stderr, exitCode: run.exitCode });
    }
    expect((await fast(['help', 'invoice', 'list'])).stdout).toBe((await fast(['invoice', 'list', '--help'])).stdout);
  });

  it('does not read or load the bundled CLI or commander', async () => {
    for (const args of [['--help'], ['invoice', 'list', '--help']]) {
      const run = await traced(args);
      expect(run.exitCode).toBe(0);
      expect(run.bundleLoaded).toBe(false);
      expect(run.required).toEqual([preload, BIN]);
    }
    // The recorder does see the bundle when it is loaded.
    expect((await traced(['invoice', 'list', '--debug', '--help'])).bundleLoaded).toBe(true);
  });

  it('anything else goes to the bundled CLI, with its output unchanged', async () => {
    const others = [
      ['invoice'],
      ['invoice', 'list', '--debug', '--help'],
      ['--help', 'invoice'],
      ['--demo', '--help'],
      ['--', '--help'],
      ['bogus', '--help'],
      ['help', 'bogus'],
      ['invoice', 'bogus', '--help'],
      ['invoice', 'list', 'help'],
      ['whoami', 'help'],
      ['invoice list', '--help'],
      ['', '--help'],
      ['constructor', '--help'],
    ];
    for (const args of others) {
      const run = await traced(args);
      expect(run.bundleLoaded, args.join(' ')).toBe(true);
      expect(await full(args), args.join(' ')).toEqual({ stdout: run.stdout, stderr: run.stderr, exitCode: run.exitCode });
    }
    // Forced colours: commander would not strip styling, so the CLI answers (the same text today).
    const forced = await traced(['invoice', 'list', '--help'], { FORCE_COLOR: '1' });
    expect(forced.bundleLoaded).toBe(true);
    expect(forced.stdout).toBe(TEXTS['invoice list']);
  });

  it('without dist/help.json the bundled CLI answers', async () => {
    const copy = join(work, 'package');
    mkdirSync(join(copy, 'bin'), { recursive: true });
    mkdirSync(join(copy, 'dist'));
    for (const file of ['bin/fisco.js', 'bin/package.json', 'package.json']) copyFileSync(join(ROOT, file), join(copy, file));
    symlinkSync(join(ROOT, 'dist', 'cli.cjs'), join(copy, 'dist', 'cli.cjs'));
    const run = await traced(['invoice', 'list', '--help'], {}, join(copy, 'bin', 'fisco.js'));
    expect(run.bundleLoaded).toBe(true);
    expect(run).toMatchObject({ stdout: TEXTS['invoice list'], stderr: '', exitCode: 0 });
  });

  it('on a terminal the bundled CLI answers (commander wraps to its width)', async () => {
    const record = join(work, 'loads-tty.json');
    const session = spawnPty('node', ['--require', preload, BIN, 'invoice', 'list', '--help'], { ...env, LOAD_RECORD: record });
    try {
      await session.expect('Examples:');
      expect(await session.exit()).toBe(0);
    } finally {
      session.kill();
    }
    expect(bundleLoaded(JSON.parse(readFileSync(record, 'utf8')) as Loads)).toBe(true);
  });
});

describe('commands still run', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('whoami and invoice list against the emulator', async () => {
    const whoami = await h.run(['whoami'], { spawn: true });
    expect(whoami.exitCode, whoami.stderr).toBe(0);
    expect(JSON.parse(whoami.stdout).company.name).toMatch(/Rossi/);
    const list = await h.run(['invoice', 'list', '--limit', '2'], { spawn: true });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toHaveLength(2);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { execa, type Options } from 'execa';
import type { MainIO } from '../../src/cli.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { recordOutputs, recordSecrets, type SecretRecord } from './sweep.js';
import { crashEnv } from './crash-env.js';

export const BIN = fileURLToPath(new URL('../../bin/fisco.js', import.meta.url));
/** The reference date of every e2e run, so seeded data and date logic are reproducible. */
export const TODAY = '2026-11-20';

export const TOKENS = {
  prod: 'demo-prod-rossi',
  sandbox: 'demo-sandbox-rossi',
  firm: 'demo-firm-bianchi',
  readonly: 'demo-readonly-invoices',
  expired: 'demo-expired',
} as const;

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface RunOptions {
  token?: string | null;
  env?: Record<string, string | undefined>;
  input?: string;
  baseUrl?: string | null;
  timeout?: number;
  /** A real process (the launcher, signals, exit paths); otherwise main() runs in this process. */
  spawn?: boolean;
  /**
   * The run's language (FISCO_LANG). Default: none, with the C locale, so English. Every run is
   * strict (FISCO_I18N_STRICT=1): an Italian message without its translation fails the command.
   */
  lang?: 'it' | 'en';
}

export interface Harness {
  emulator: RunningEmulator;
  /** A fresh profile/data folder per harness, so tests never touch the user's own. */
  home: string;
  /**
   * Runs fisco with `args` against the emulator: in-process through main() (fast), or as the built
   * bin in a child process when `spawn` is set or the run needs a process of its own (a kill -9
   * test's FISCO_TEST_CRASH_AT).
   */
  run(args: string[], options?: RunOptions): Promise<RunResult>;
  /** The requests the emulator received since `mark()` (method and path), to prove what was or wasn't sent. */
  mark(): () => { method: string; path: string; status: number | null }[];
  close(): Promise<void>;
}

/** Starts an emulator on 127.0.0.1 and returns a runner that spawns the built bin against it. */
export async function harness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, today: TODAY, quiet: true, ...options });
  const home = mkdtempSync(join(tmpdir(), 'fisco-e2e-'));
  // The secrets sweep: every token and webhook secret this emulator hands out, recorded once.
  const known = new Set<string>();
  const noteSecrets = () => {
    const fresh: SecretRecord[] = [
      ...emulator.tokens.map((t) => ({ kind: 'token' as const, value: t.token })),
      ...emulator.store.hooks.map((hook) => ({ kind: 'webhook-secret' as const, value: hook.secret })),
    ].filter((s) => typeof s.value === 'string' && !known.has(s.value));
    for (const s of fresh) known.add(s.value);
    recordSecrets(fresh);
  };
  noteSecrets();
  return {
    emulator,
    home,
    async run(args, opts = {}) {
      const env: Record<string, string | undefined> = {
        PATH: process.env.PATH,
        HOME: home,
        XDG_CONFIG_HOME: join(home, 'config'),
        XDG_DATA_HOME: join(home, 'data'),
        FISCO_CONFIG_DIR: join(home, 'fisco-config'),
        FISCO_DATA_DIR: join(home, 'fisco-data'),
        FISCO_RETRY_BASE_MS: '20',
        NO_COLOR: '1',
        TZ: 'Europe/Rome',
        // A developer's locale never changes the suite; a test asks for Italian with `lang: 'it'`.
        LANG: 'C',
        FISCO_I18N_STRICT: '1',
      };
      if (opts.lang) env.FISCO_LANG = opts.lang;
      if (opts.token !== null) env.FISCO_TOKEN = opts.token ?? TOKENS.prod;
      if (opts.baseUrl !== null) env.FISCO_BASE_URL = opts.baseUrl ?? emulator.url;
      Object.assign(env, opts.env);
      let result: RunResult;
      if (opts.spawn || env.FISCO_TEST_CRASH_AT || process.env.FISCO_TEST_SPAWN) {
        const execOptions: Options = {
          env: crashEnv(env) as Record<string, string>,
          extendEnv: false,
          reject: false,
          input: opts.input ?? '',
          timeout: opts.timeout ?? 20_000,
          stripFinalNewline: false,
        };
        const child = await execa('node', [BIN, ...args], execOptions);
        result = { stdout: String(child.stdout), stderr: String(child.stderr), exitCode: child.exitCode ?? -1 };
      } else {
        result = await runInProcess(args, env, opts.input ?? '', opts.timeout ?? 20_000);
      }
      noteSecrets();
      recordOutputs(args, { stdout: result.stdout, stderr: result.stderr });
      return result;
    },
    mark() {
      const from = emulator.store.requests.at(-1)?.seq ?? 0;
      return () => emulator.store.requests.filter((r) => r.seq > from).map((r) => ({ method: r.method, path: r.path, status: r.status }));
    },
    async close() {
      noteSecrets();
      await emulator.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export function parseJson<T = any>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`not JSON: ${text.slice(0, 500)}`);
  }
}

/** A stream that keeps what is written to it, as a pipe would carry it (not a terminal). */
class Capture extends Writable {
  text = '';
  readonly isTTY = false;
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    callback();
  }
}

/** main() in this process, with its own env, a stdin holding `input`, and captured stdout/stderr. */
export async function runInProcess(args: string[], env: Record<string, string | undefined>, input: string, timeoutMs: number): Promise<RunResult> {
  const { main } = await import('../../src/cli.js');
  return runMain(main, args, env, input, timeoutMs);
}

/** A main() (the sources', or the built bundle's dist/cli.cjs) run in this process as runInProcess does. */
export async function runMain(
  main: (argv: string[], io: MainIO) => Promise<number>,
  args: string[],
  env: Record<string, string | undefined>,
  input: string,
  timeoutMs: number,
): Promise<RunResult> {
  const stdout = new Capture();
  const stderr = new Capture();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<number>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`fisco ${args.join(' ')}: still running after ${timeoutMs} ms (in-process)`)), timeoutMs);
  });
  try {
    const exitCode = await Promise.race([
      main(['node', 'fisco', ...args], {
        env,
        stdin: () => Object.assign(Readable.from(input ? [Buffer.from(input)] : []), { isTTY: false }),
        stdout,
        stderr,
      }),
      timeout,
    ]);
    return { stdout: stdout.text, stderr: stderr.text, exitCode };
  } finally {
    clearTimeout(timer);
  }
}

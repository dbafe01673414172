import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type Options } from 'execa';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { recordOutputs, recordSecrets, type SecretRecord } from './sweep.js';

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

export interface Harness {
  emulator: RunningEmulator;
  /** A fresh profile/data folder per harness, so tests never touch the user's own. */
  home: string;
  run(args: string[], options?: { token?: string | null; env?: Record<string, string | undefined>; input?: string; baseUrl?: string | null; timeout?: number }): Promise<RunResult>;
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
      };
      if (opts.token !== null) env.FISCO_TOKEN = opts.token ?? TOKENS.prod;
      if (opts.baseUrl !== null) env.FISCO_BASE_URL = opts.baseUrl ?? emulator.url;
      Object.assign(env, opts.env);
      const execOptions: Options = { env: env as Record<string, string>, extendEnv: false, reject: false, input: opts.input ?? '', timeout: opts.timeout ?? 20_000, stripFinalNewline: false };
      const result = await execa('node', [BIN, ...args], execOptions);
      const stdout = String(result.stdout);
      const stderr = String(result.stderr);
      noteSecrets();
      recordOutputs(args, { stdout, stderr });
      return { stdout, stderr, exitCode: result.exitCode ?? -1 };
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

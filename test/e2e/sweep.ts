/**
 * The secrets sweep (issue 8): every stdout and stderr the e2e suite captures — `harness.run`
 * and pseudo-terminal sessions — is recorded, with every demo token and webhook secret the
 * emulators handed out; after the whole run the globalSetup teardown (sweep-setup.ts) scans the
 * outputs for the secrets. Only what the product rules allow (docs/reliability.md, Secrets) may hold one: `auth token`'s stdout, the
 * creation output (stdout) of `hooks create`, and `fisco emulator`, which prints the demo tokens.
 *
 * Vitest runs test files in forked workers: each worker appends JSON lines to files of its own
 * (named after its pid) in one run folder that the globalSetup creates and passes by `provide`.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    sweepDir: string;
  }
}

export type SecretKind = 'token' | 'webhook-secret';

export interface OutputRecord {
  /** The command line after `fisco` (or the pty command), for the report and the allow-list. */
  args: string[];
  stream: 'stdout' | 'stderr' | 'terminal';
  text: string;
  test?: string;
}

export interface SecretRecord {
  kind: SecretKind;
  value: string;
}

export interface Leak {
  args: string[];
  stream: OutputRecord['stream'];
  kind: SecretKind;
  test?: string;
  excerpt: string;
}

function sweepDir(): string | undefined {
  try {
    return inject('sweepDir');
  } catch {
    return undefined;
  }
}

function currentTest(): string | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const state = (globalThis as any).expect?.getState?.();
    return state ? `${state.testPath ?? ''} › ${state.currentTestName ?? ''}` : undefined;
  } catch {
    return undefined;
  }
}

/** Records captured outputs (empty ones are skipped). */
export function recordOutputs(args: string[], outputs: Partial<Record<OutputRecord['stream'], string>>): void {
  const dir = sweepDir();
  if (!dir) return;
  const test = currentTest();
  const lines = Object.entries(outputs)
    .filter(([, text]) => text)
    .map(([stream, text]) => JSON.stringify({ args, stream: stream as OutputRecord['stream'], text: text!, test } satisfies OutputRecord));
  if (lines.length > 0) appendFileSync(join(dir, `outputs-${process.pid}.jsonl`), `${lines.join('\n')}\n`);
}

/** Records secrets an emulator handed out. */
export function recordSecrets(secrets: SecretRecord[]): void {
  const dir = sweepDir();
  if (!dir || secrets.length === 0) return;
  appendFileSync(join(dir, `secrets-${process.pid}.jsonl`), `${secrets.map((s) => JSON.stringify(s)).join('\n')}\n`);
}

const has = (args: string[], a: string, b: string) => args.some((word, i) => word === a && args[i + 1] === b);

/** The product rules: the token only from `auth token` (and `fisco emulator`'s listing); a webhook secret only in the one creation output of `hooks create`. */
export function allowed(record: Pick<OutputRecord, 'args' | 'stream'>, kind: SecretKind): boolean {
  if (record.stream !== 'stdout') return false;
  // `fisco api --show-secrets`: the explicit raw flag of issue 22 (#9) prints the answer as it came.
  if (record.args.includes('api') && record.args.includes('--show-secrets')) return true;
  if (kind === 'token') return has(record.args, 'auth', 'token') || record.args.includes('emulator');
  return has(record.args, 'hooks', 'create');
}

/** Every output holding a secret it may not hold. */
export function findLeaks(outputs: OutputRecord[], secrets: SecretRecord[]): Leak[] {
  const unique = [...new Map(secrets.filter((s) => s.value.length >= 6).map((s) => [s.value, s])).values()];
  const leaks: Leak[] = [];
  for (const output of outputs) {
    // The creation output of `hooks create` may hold its own secret: one, never another hook's too.
    const hookSecrets = unique.filter((s) => s.kind === 'webhook-secret' && output.text.includes(s.value));
    for (const secret of unique) {
      const at = output.text.indexOf(secret.value);
      if (at < 0 || (allowed(output, secret.kind) && !(secret.kind === 'webhook-secret' && hookSecrets.length > 1))) continue;
      const excerpt = output.text
        .slice(Math.max(0, at - 60), at + secret.value.length + 60)
        .split(secret.value)
        .join(`<${secret.kind}>`);
      leaks.push({ args: output.args, stream: output.stream, kind: secret.kind, test: output.test, excerpt });
    }
  }
  return leaks;
}

function readJsonLines<T>(dir: string, prefix: string): T[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T),
    );
}

/** Reads a run folder: what was captured and what was handed out. */
export function readRun(dir: string): { outputs: OutputRecord[]; secrets: SecretRecord[] } {
  return { outputs: readJsonLines<OutputRecord>(dir, 'outputs-'), secrets: readJsonLines<SecretRecord>(dir, 'secrets-') };
}

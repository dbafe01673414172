/**
 * A standard output that refuses data (audit finding 13): `> /dev/full` (Linux: every write fails
 * with ENOSPC) is one line naming standard output and the cause, exit 12 (a local write that
 * failed), never a stack trace — on every path: the launcher's own answers (--version, help from
 * dist/help.json, the mirror's fast path) and the CLI's (a list streamed by the output layer, a
 * record, commander's help, a help topic). A reader that closes the pipe early is still a quiet stop.
 */
import { execa } from 'execa';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binEnv } from './batch-helpers.js';
import { BIN, harness, TOKENS, type Harness } from './harness.js';

const FULL = '/dev/full';
const LINE = 'fisco: cannot write to standard output (ENOSPC: no space left on device)\n';

let h: Harness;
let data: string;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
  data = mkdtempSync(join(h.home, 'full-'));
  const sync = await execa('node', [BIN, 'sync'], { env: binEnv(h, TOKENS.prod, { FISCO_DATA_DIR: data }), extendEnv: false, reject: false, input: '' });
  expect(sync.exitCode, String(sync.stderr)).toBe(0);
}, 90_000);
afterAll(async () => h.close());

/** The built bin with its stdout on /dev/full (the descriptor itself: a file or device, written at once), its exit code and stderr. */
async function intoFull(args: string[], extra: Record<string, string> = {}, token: string = TOKENS.prod) {
  const full = openSync(FULL, 'w');
  try {
    const child = spawn('node', [BIN, ...args], {
      env: binEnv(h, token, { FISCO_DATA_DIR: data, ...extra }),
      stdio: ['ignore', full, 'pipe'],
      timeout: 30_000,
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    return { exitCode, stderr };
  } finally {
    closeSync(full);
  }
}

describe.runIf(existsSync(FULL))('a full disk on stdout', () => {
  it('the launcher’s own answers: --version, help, the mirror’s fast path (search, --offline invoice list)', async () => {
    for (const args of [['--version'], ['--help'], ['invoice', 'list', '--help'], ['search', 'zeta'], ['--offline', 'invoice', 'list']]) {
      const result = await intoFull(args);
      expect({ args, exitCode: result.exitCode, stderr: result.stderr }).toEqual({ args, exitCode: 12, stderr: LINE });
    }
  });

  it('the CLI’s: a list online, the demo, offline, a record, every format; the same search through the CLI', async () => {
    const runs: [string[], Record<string, string>?][] = [
      [['invoice', 'list']],
      [['invoice', 'list', '--all', '-o', 'ndjson']],
      [['--account', 'acc_rossi', 'invoice', 'list', '-o', 'csv'], {}],
      [['invoice', 'list', '-o', 'table']],
      [['whoami']],
      [['search', 'zeta'], { FISCO_NO_FAST_PATH: '1' }],
      [['--offline', 'invoice', 'list'], { FISCO_NO_FAST_PATH: '1' }],
      [['--demo', 'invoice', 'list']],
      [['help', 'exit-codes']],
      [['completion', 'bash']],
    ];
    for (const [args, extra] of runs) {
      const result = await intoFull(args, extra);
      expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(12);
      // One line naming standard output and the cause (a list may add how much it had written), no stack trace.
      expect(result.stderr, args.join(' ')).toMatch(/^fisco: cannot write to standard output \(ENOSPC: no space left on device\)( \(after .*\))?$/m);
      expect(result.stderr, args.join(' ')).not.toMatch(/^\s+at |Error:|bug in fisco/m);
    }
  });

  it('in the run’s language', async () => {
    const result = await intoFull(['--lang', 'it', '--demo', 'invoice', 'list']);
    expect(result.exitCode).toBe(12);
    expect(result.stderr).toMatch(/^fisco: impossibile scrivere sullo standard output \(ENOSPC: no space left on device\)/m);
  });

  it('a reader that stops early is still a quiet stop (exit 0, nothing said of it), on the fast path and the help', async () => {
    for (const command of [`node '${BIN}' search zeta --all -o ndjson | head -c 1`, `node '${BIN}' --help | head -1`]) {
      const result = await execa('bash', ['--norc', '--noprofile', '-c', `set -o pipefail; ${command}`], {
        env: binEnv(h, TOKENS.prod, { FISCO_DATA_DIR: data }),
        extendEnv: false,
        reject: false,
      });
      expect(result.exitCode, command).toBe(0);
      // Nothing said of it: the search's own note of how old the mirror is, at most.
      expect(result.stderr, command).toMatch(/^(offline: as of .*)?$/);
    }
  });
});

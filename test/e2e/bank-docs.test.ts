import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fiscoOnPath } from './fisco-on-path.js';

/**
 * Every command line of the shell blocks of docs/bank.md runs here, as written, in bash, on the
 * demo data (`--demo`, offline), and must end with exit 0. (The README's blocks run in examples.test.ts.)
 */
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'fisco-bank-docs-'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

it('every shell block of docs/bank.md runs on the demo data and exits 0', async () => {
  const text = readFileSync(new URL('../../docs/bank.md', import.meta.url), 'utf8');
  const blocks = [...text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  const bin = fiscoOnPath(work);
  const failures: string[] = [];
  for (const [index, block] of blocks.entries()) {
    const folder = join(work, `block-${index}`);
    mkdirSync(folder);
    const result = await execa('bash', ['-c', `set -eo pipefail\ntrap 'echo "failed: $BASH_COMMAND" >&2' ERR\n${block}`], {
      cwd: folder,
      env: {
        PATH: `${bin}:${process.env.PATH}`,
        HOME: folder,
        FISCO_DATA_DIR: join(work, 'data'),
        FISCO_CONFIG_DIR: join(work, 'config'),
        NO_COLOR: '1',
        TZ: 'Europe/Rome',
      },
      extendEnv: false,
      reject: false,
      input: '',
      timeout: 60_000,
    });
    if (result.exitCode !== 0) failures.push(`block ${index + 1}: exit ${result.exitCode}: ${String(result.stderr).trim().split('\n').slice(-3).join(' | ')}`);
    else expect(String(result.stdout) + String(result.stderr), `block ${index + 1} printed something`).not.toBe('');
  }
  expect(failures).toEqual([]);
}, 300_000);

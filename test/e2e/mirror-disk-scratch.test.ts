import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, it } from 'vitest';
import { harness, TOKENS, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

it('scratch', async () => {
  const data = join(h.home, 'disk');
  mkdirSync(data);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=200k', 'tmpfs', data]);
  try {
    const env = { FISCO_DATA_DIR: data };
    const s = await h.run(['sync'], { token: TOKENS.prod, env, timeout: 60_000 });
    console.log('FULL', s.exitCode, s.stderr);
    execFileSync('umount', [data]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=20m', 'tmpfs', data]);
    const s2 = await h.run(['sync'], { token: TOKENS.prod, env, timeout: 60_000 });
    console.log('OK', s2.exitCode, s2.stderr.slice(0, 300), readdirSync(join(data, 'mirror')));
    execFileSync('mount', ['-o', 'remount,ro', data]);
    const s3 = await h.run(['sync'], { token: TOKENS.prod, env, timeout: 60_000 });
    console.log('RO sync', s3.exitCode, s3.stderr);
    const r = await h.run(['--offline', 'invoice', 'list', '-o', 'json'], { token: TOKENS.prod, env });
    console.log('RO read', r.exitCode, r.stderr, r.stdout.length);
    const r2 = await h.run(['--offline', 'invoice', 'list', '--per-page', '3'], { token: TOKENS.prod, env });
    console.log('RO read2', r2.exitCode, r2.stderr, r2.stdout.length);
  } finally {
    execFileSync('umount', ['-l', data]);
  }
}, 120_000);

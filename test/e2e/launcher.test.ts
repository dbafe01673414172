// bin/fisco.js compiles dist/cli.cjs with a V8 code cache kept in a folder only this user can
// write (os.tmpdir()/fisco-code-cache-UID). These tests give each run its own TMPDIR.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, type Harness } from './harness.js';

let h: Harness;
const roots: string[] = [];
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function freshTmp(): { tmp: string; cacheDir: string } {
  const tmp = mkdtempSync(join(tmpdir(), 'fisco-launcher-'));
  roots.push(tmp);
  return { tmp, cacheDir: join(tmp, `fisco-code-cache-${process.getuid?.() ?? 'user'}`) };
}

const buildId = /^\/\/fisco-build ([0-9a-f]+)\n/.exec(readFileSync(new URL('../../dist/cli.cjs', import.meta.url), 'utf8'))?.[1];
const cacheName = `${buildId}-${process.version}-${process.arch}.bin`;

async function list(tmp: string, env: Record<string, string> = {}) {
  const result = await h.run(['invoice', 'list', '-o', 'json'], { env: { TMPDIR: tmp, ...env }, spawn: true });
  expect(result.exitCode, result.stderr).toBe(0);
  return parseJson<{ id: string }[]>(result.stdout).map((i) => i.id);
}

describe('the code cache of dist/cli.cjs', () => {
  it('is written by the first run, whole and private, and used as it is by the next', async () => {
    expect(buildId).toMatch(/^[0-9a-f]{16}$/);
    const { tmp, cacheDir } = freshTmp();
    const first = await list(tmp);
    expect(first.length).toBeGreaterThan(0);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(cacheDir)).toEqual([cacheName]);
    const file = join(cacheDir, cacheName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = readFileSync(file);
    expect(written.length).toBeGreaterThan(10_000);
    const { mtimeMs, ino } = statSync(file);

    expect(await list(tmp)).toEqual(first);
    // Accepted by V8, so not rewritten.
    expect(statSync(file)).toMatchObject({ mtimeMs, ino });
    expect(readFileSync(file).equals(written)).toBe(true);
  });

  it('is replaced when V8 rejects it (damaged, or from another Node), and the command runs all the same', async () => {
    const { tmp, cacheDir } = freshTmp();
    const expected = await list(tmp);
    const file = join(cacheDir, cacheName);
    writeFileSync(file, Buffer.alloc(4096, 7));
    expect(await list(tmp)).toEqual(expected);
    const rewritten = readFileSync(file);
    expect(rewritten.equals(Buffer.alloc(4096, 7))).toBe(false);
    expect(rewritten.length).toBeGreaterThan(10_000);
    expect(readdirSync(cacheDir)).toEqual([cacheName]);
  });

  it('is neither read nor written in a folder others can write', async () => {
    const { tmp, cacheDir } = freshTmp();
    mkdirSync(cacheDir);
    chmodSync(cacheDir, 0o777);
    const planted = join(cacheDir, cacheName);
    writeFileSync(planted, 'not a code cache');
    expect((await list(tmp)).length).toBeGreaterThan(0);
    expect(readFileSync(planted, 'utf8')).toBe('not a code cache');
    expect(readdirSync(cacheDir)).toEqual([cacheName]);
  });

  it('is not kept at all with FISCO_NO_CODE_CACHE set', async () => {
    const { tmp, cacheDir } = freshTmp();
    expect((await list(tmp, { FISCO_NO_CODE_CACHE: '1' })).length).toBeGreaterThan(0);
    expect(existsSync(cacheDir)).toBe(false);
  });

  it('reports errors at the bundle’s own lines and columns', async () => {
    const { tmp } = freshTmp();
    const result = await h.run(['f24', 'get', 'not/an/id', '--debug'], { env: { TMPDIR: tmp }, spawn: true });
    expect(result.exitCode).toBe(2);
    const frame = /at pathSegment \(.*dist\/cli\.cjs:(\d+):(\d+)\)/.exec(result.stderr);
    expect(frame, result.stderr).not.toBeNull();
    const line = readFileSync(new URL('../../dist/cli.cjs', import.meta.url), 'utf8').split('\n')[Number(frame![1]) - 1];
    // The frame points into pathSegment’s own body, at the error it throws.
    expect(line.slice(0, Number(frame![2]) - 1)).toMatch(/function pathSegment\(/);
    expect(line.slice(Number(frame![2]) - 1)).toMatch(/^new UsageError\(/);
  });
});

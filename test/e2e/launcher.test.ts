// bin/fisco.js requires dist/cli.cjs with Node's own compile cache on, kept in a folder only this
// user can write (os.tmpdir()/fisco-compile-cache-UID). These tests give each run its own TMPDIR.
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
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
  return { tmp, cacheDir: join(tmp, `fisco-compile-cache-${process.getuid?.() ?? 'user'}`) };
}

/** Every file under `dir`, by its path relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

async function list(tmp: string, env: Record<string, string> = {}) {
  const result = await h.run(['invoice', 'list', '-o', 'json'], { env: { TMPDIR: tmp, ...env }, spawn: true });
  expect(result.exitCode, result.stderr).toBe(0);
  return parseJson<{ id: string }[]>(result.stdout).map((i) => i.id);
}

describe("Node's compile cache of dist/cli.cjs", () => {
  it('is written by the first run in a private folder, and used as it is by the next', async () => {
    const { tmp, cacheDir } = freshTmp();
    const first = await list(tmp);
    expect(first.length).toBeGreaterThan(0);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    const files = filesUnder(cacheDir);
    expect(files.length).toBeGreaterThan(0);
    const big = files.map((file) => join(cacheDir, file)).filter((file) => statSync(file).size > 10_000);
    expect(big.length, files.join(', ')).toBeGreaterThan(0);
    const before = big.map((file) => ({ file, ...statSync(file), bytes: readFileSync(file) }));

    expect(await list(tmp)).toEqual(first);
    // Accepted by V8, so not rewritten.
    expect(filesUnder(cacheDir)).toEqual(files);
    for (const { file, mtimeMs, ino, bytes } of before) {
      expect(statSync(file)).toMatchObject({ mtimeMs, ino });
      expect(readFileSync(file).equals(bytes)).toBe(true);
    }
  });

  it('is replaced when it is damaged, and the command runs all the same', async () => {
    const { tmp, cacheDir } = freshTmp();
    const expected = await list(tmp);
    const files = filesUnder(cacheDir).map((file) => join(cacheDir, file));
    for (const file of files) writeFileSync(file, Buffer.alloc(4096, 7));
    expect(await list(tmp)).toEqual(expected);
    const rewritten = files.filter((file) => !readFileSync(file).equals(Buffer.alloc(4096, 7)));
    expect(rewritten.length).toBeGreaterThan(0);
  });

  it('is neither read nor written in a folder others can write', async () => {
    // Where a cache would be, learnt from a private folder, then planted in a folder anybody can write.
    const good = freshTmp();
    await list(good.tmp);
    const { tmp, cacheDir } = freshTmp();
    cpSync(good.cacheDir, cacheDir, { recursive: true });
    chmodSync(cacheDir, 0o777);
    const planted = filesUnder(cacheDir);
    expect(planted.length).toBeGreaterThan(0);
    for (const file of planted) writeFileSync(join(cacheDir, file), 'not a code cache');
    expect((await list(tmp)).length).toBeGreaterThan(0);
    expect(filesUnder(cacheDir)).toEqual(planted);
    for (const file of planted) expect(readFileSync(join(cacheDir, file), 'utf8')).toBe('not a code cache');
  });

  it('is not kept in a folder that is not a folder, and the command runs all the same', async () => {
    const { tmp, cacheDir } = freshTmp();
    writeFileSync(cacheDir, 'a file');
    expect((await list(tmp)).length).toBeGreaterThan(0);
    expect(readFileSync(cacheDir, 'utf8')).toBe('a file');
  });

  it('is not kept at all with FISCO_NO_CODE_CACHE set', async () => {
    const { tmp, cacheDir } = freshTmp();
    expect((await list(tmp, { FISCO_NO_CODE_CACHE: '1' })).length).toBeGreaterThan(0);
    expect(existsSync(cacheDir)).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("leaves Node's own NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE, when set, to the user", async () => {
    const { tmp, cacheDir } = freshTmp();
    const own = join(tmp, 'own-cache');
    mkdirSync(own, { mode: 0o700 });
    expect((await list(tmp, { NODE_COMPILE_CACHE: own })).length).toBeGreaterThan(0);
    expect(filesUnder(own).length).toBeGreaterThan(0);
    expect(existsSync(cacheDir)).toBe(false);
    expect((await list(tmp, { NODE_DISABLE_COMPILE_CACHE: '1' })).length).toBeGreaterThan(0);
    expect(readdirSync(tmp)).toEqual(['own-cache']);
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

  it('imports what lives beside the bundle on use: the demo emulator (dist/emulator/index.js)', async () => {
    const { tmp } = freshTmp();
    const result = await h.run(['--demo', 'invoice', 'list', '-o', 'json'], { env: { TMPDIR: tmp }, token: null, baseUrl: null, spawn: true });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(parseJson<unknown[]>(result.stdout).length).toBeGreaterThan(0);
  });
});

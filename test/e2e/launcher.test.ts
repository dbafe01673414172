// bin/fisco.js compiles dist/cli.cjs, dist/offline.cjs (the mirror's fast path) and the bundles the
// CLI imports on use (dist/emulator/index.cjs, dist/vendor/*.cjs) with a V8 code cache written after
// the command ran, in a folder only this user can write (os.tmpdir()/fisco-code-cache-UID). These
// tests give each run its own TMPDIR.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binEnv } from './batch-helpers.js';
import { BIN, harness, parseJson, TOKENS, type Harness } from './harness.js';

let h: Harness;
const roots: string[] = [];
beforeAll(async () => {
  // A sync of every company (the fast path's tests below) within the test's time.
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
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

const idOf = (bundle: string) => /^\/\/fisco-build ([0-9a-f]+)\n/.exec(readFileSync(new URL(`../../dist/${bundle}.cjs`, import.meta.url), 'utf8'))?.[1];
const buildId = idOf('cli');
/** The CLI's code cache of the command these tests run (`invoice list`, `--demo invoice list`): one per noun (bin/fisco.js commandKey). */
const cacheName = `cli-${buildId}-${process.version}-${process.arch}.invoice.bin`;
const offlineId = idOf('offline');
/** The fast path's code cache of a search: one per read, as the CLI's are per noun (bin/fisco.js loadBundle). */
const offlineCacheName = `offline-${offlineId}-${process.version}-${process.arch}.search.bin`;

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

describe('what loading dist/cli.cjs costs', () => {
  // node:crypto (OpenSSL's start, ~3 ms), node:http2 and node:tls are loaded where a command uses
  // them, not by the bundle's top level: every command would pay for them (a lock's takeover hashing
  // a dead lock's text once loaded node:crypto for all of them).
  it('loads neither node:crypto, node:http2 nor node:tls', async () => {
    const probe = `require(${JSON.stringify(new URL('../../dist/cli.cjs', import.meta.url).pathname)}); process.stdout.write(JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (crypto|http2|tls)$/.test(m))))`;
    const { tmp } = freshTmp();
    const file = join(tmp, 'probe.cjs');
    writeFileSync(file, probe);
    const run = await execa(process.execPath, [file], { reject: false });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});

describe('the code cache of dist/cli.cjs', () => {
  it('is written by the first run, whole and private, and used as it is by the next', async () => {
    expect(buildId).toMatch(/^[0-9a-f]{16}$/);
    const { tmp, cacheDir } = freshTmp();
    const first = await list(tmp);
    expect(first.length).toBeGreaterThan(0);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(cacheDir)).toContain(cacheName);
    const file = join(cacheDir, cacheName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = readFileSync(file);
    // The functions the command ran are in it, not only the bundle's top level.
    expect(written.length).toBeGreaterThan(500_000);
    const { mtimeMs, ino } = statSync(file);
    const files = filesUnder(cacheDir);

    expect(await list(tmp)).toEqual(first);
    // Accepted by V8, so not rewritten; nothing else written either.
    expect(statSync(file)).toMatchObject({ mtimeMs, ino });
    expect(readFileSync(file).equals(written)).toBe(true);
    expect(filesUnder(cacheDir)).toEqual(files);
  });

  it('is replaced when V8 rejects it (damaged, or from another Node), and the command runs all the same', async () => {
    const { tmp, cacheDir } = freshTmp();
    const expected = await list(tmp);
    const file = join(cacheDir, cacheName);
    writeFileSync(file, Buffer.alloc(4096, 7));
    expect(await list(tmp)).toEqual(expected);
    const rewritten = readFileSync(file);
    expect(rewritten.equals(Buffer.alloc(4096, 7))).toBe(false);
    expect(rewritten.length).toBeGreaterThan(500_000);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('is one per command noun: another command writes its own and leaves the first as it was', async () => {
    const { tmp, cacheDir } = freshTmp();
    await list(tmp);
    const first = statSync(join(cacheDir, cacheName));
    const clients = await h.run(['clients', 'list', '-o', 'json'], { env: { TMPDIR: tmp }, spawn: true });
    expect(clients.exitCode, clients.stderr).toBe(0);
    expect(
      readdirSync(cacheDir)
        .filter((name) => name.startsWith('cli-'))
        .sort(),
    ).toEqual([cacheName, cacheName.replace('.invoice.bin', '.clients.bin')].sort());
    expect(statSync(join(cacheDir, cacheName))).toMatchObject({ mtimeMs: first.mtimeMs, ino: first.ino });
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

  it('keeps a code cache of what the bundle imports on use (the emulator, dist/emulator/index.cjs) beside its own, used as it is by the next run', async () => {
    const { tmp, cacheDir } = freshTmp();
    const demo = ['--demo', 'invoice', 'list', '-o', 'json'];
    const run = async (env: Record<string, string> = {}) => {
      const result = await h.run(demo, { env: { TMPDIR: tmp, ...env }, token: null, baseUrl: null, spawn: true });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(parseJson<unknown[]>(result.stdout).length).toBeGreaterThan(0);
    };
    await run();
    const emulatorId = idOf('emulator/index');
    expect(emulatorId).toMatch(/^[0-9a-f]{16}$/);
    const emulatorCache = `emulator-index-${emulatorId}-${process.version}-${process.arch}.bin`;
    // Both in the private folder, and nothing in Node's default one (TMPDIR/node-compile-cache).
    expect(readdirSync(tmp)).toEqual([`fisco-code-cache-${process.getuid?.() ?? 'user'}`]);
    expect(filesUnder(cacheDir)).toEqual([cacheName, emulatorCache].sort());
    const file = join(cacheDir, emulatorCache);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { mtimeMs, ino } = statSync(file);
    await run();
    // Accepted by V8, so not rewritten.
    expect(statSync(file)).toMatchObject({ mtimeMs, ino });
    rmSync(cacheDir, { recursive: true });
    await run({ FISCO_NO_CODE_CACHE: '1' });
    expect(readdirSync(tmp)).toEqual([]);
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

describe('the code cache of dist/offline.cjs (the mirror’s fast path)', () => {
  let data: string;
  beforeAll(async () => {
    data = mkdtempSync(join(h.home, 'launcher-mirror-'));
    const sync = await execa('node', [BIN, 'sync'], { env: binEnv(h, TOKENS.firm, { FISCO_DATA_DIR: data }), extendEnv: false, reject: false, input: '' });
    expect([0, 11], sync.stderr).toContain(sync.exitCode);
  }, 60_000);

  /** `fisco search zeta trasporti` with stdout a pipe: the fast path answers it, from the mirror. */
  async function search(tmp: string, env: Record<string, string> = {}) {
    const result = await execa('node', [BIN, 'search', 'zeta', 'trasporti', '-o', 'json'], {
      env: binEnv(h, TOKENS.firm, { FISCO_DATA_DIR: data, TMPDIR: tmp, ...env }),
      extendEnv: false,
      reject: false,
      input: '',
    });
    expect(result.exitCode, result.stderr).toBe(0);
    return { hits: parseJson<{ id: string }[]>(result.stdout), stderr: result.stderr };
  }

  it('is written by the first answer in the private folder, and used as it is by the next; Node’s shared folder is never used', async () => {
    expect(offlineId).toMatch(/^[0-9a-f]{16}$/);
    const { tmp, cacheDir } = freshTmp();
    const first = await search(tmp);
    expect(first.hits.length).toBeGreaterThan(0);
    // Only the fast path's cache: the CLI was not loaded, and nothing is in Node's default folder (TMPDIR/node-compile-cache).
    expect(readdirSync(tmp)).toEqual([`fisco-code-cache-${process.getuid?.() ?? 'user'}`]);
    expect(readdirSync(cacheDir)).toEqual([offlineCacheName]);
    const file = join(cacheDir, offlineCacheName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = readFileSync(file);
    const { mtimeMs, ino } = statSync(file);

    expect(await search(tmp)).toEqual(first);
    expect(statSync(file)).toMatchObject({ mtimeMs, ino });
    expect(readFileSync(file).equals(written)).toBe(true);
    expect(readdirSync(cacheDir)).toEqual([offlineCacheName]);
  });

  it('is one per read: an offline list writes its own and leaves the search’s as it was', async () => {
    const { tmp, cacheDir } = freshTmp();
    await search(tmp);
    const first = statSync(join(cacheDir, offlineCacheName));
    const list = await execa('node', [BIN, '--offline', '--account', 'acc_rossi', 'invoice', 'list', '-o', 'json'], {
      env: binEnv(h, TOKENS.firm, { FISCO_DATA_DIR: data, TMPDIR: tmp }),
      extendEnv: false,
      reject: false,
      input: '',
    });
    expect(list.exitCode, list.stderr).toBe(0);
    expect(parseJson<{ id: string }[]>(list.stdout).length).toBeGreaterThan(0);
    // The fast path answered it (the CLI's cache would be cli-…): a cache of its own beside the search's.
    expect(readdirSync(cacheDir).sort()).toEqual([offlineCacheName, offlineCacheName.replace('.search.bin', '.invoice.bin')].sort());
    expect(statSync(join(cacheDir, offlineCacheName))).toMatchObject({ mtimeMs: first.mtimeMs, ino: first.ino });
  });

  it('is replaced when V8 rejects it, and the answer is the same', async () => {
    const { tmp, cacheDir } = freshTmp();
    const expected = await search(tmp);
    const file = join(cacheDir, offlineCacheName);
    writeFileSync(file, Buffer.alloc(2048, 7));
    expect(await search(tmp)).toEqual(expected);
    expect(readFileSync(file).equals(Buffer.alloc(2048, 7))).toBe(false);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('is neither read nor written in a folder others can write, nor with FISCO_NO_CODE_CACHE', async () => {
    const expected = await search(freshTmp().tmp);
    expect(expected.hits.length).toBeGreaterThan(0);
    const { tmp, cacheDir } = freshTmp();
    mkdirSync(cacheDir);
    chmodSync(cacheDir, 0o777);
    const planted = join(cacheDir, offlineCacheName);
    writeFileSync(planted, 'not a code cache');
    expect(await search(tmp)).toEqual(expected);
    expect(readFileSync(planted, 'utf8')).toBe('not a code cache');
    expect(readdirSync(cacheDir)).toEqual([offlineCacheName]);

    const none = freshTmp();
    expect(await search(none.tmp, { FISCO_NO_CODE_CACHE: '1' })).toEqual(expected);
    expect(readdirSync(none.tmp)).toEqual([]);
  });
});

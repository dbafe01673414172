/**
 * fisco needs Node.js 22.13 or later (package.json's engines; the mirror's node:sqlite). Started on an
 * older Node, the launcher says so in one line and exits 2 before it loads anything: the bundle, the
 * help texts, even package.json. Tried with the Node versions' own reports changed by a preload (every
 * machine), and with a real older Node when one is on PATH (CI's machine Node 20, behind Node 22).
 */
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, execaSync } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/fisco.js');
const dir = mkdtempSync(join(tmpdir(), 'fisco-node-floor-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A preload that makes this Node report `version`, and records every module loaded after it. */
function pretend(version: string): { preload: string; loaded: string } {
  const preload = join(dir, `pretend-${version}.cjs`);
  const loaded = join(dir, `loaded-${version}.txt`);
  writeFileSync(
    preload,
    [
      `Object.defineProperty(process, 'versions', { value: { ...process.versions, node: ${JSON.stringify(version)} } });`,
      `const Module = require('node:module'); const fs = require('node:fs'); const load = Module._load;`,
      `Module._load = function (request, ...rest) { fs.appendFileSync(${JSON.stringify(loaded)}, request + '\\n'); return load.call(this, request, ...rest); };`,
      `const read = fs.readFileSync; fs.readFileSync = function (file, ...rest) { fs.appendFileSync(${JSON.stringify(loaded)}, 'read ' + String(file) + '\\n'); return read.call(this, file, ...rest); };`,
    ].join('\n'),
  );
  return { preload, loaded };
}

const readLoaded = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

describe('the Node.js floor (22.13)', () => {
  it('package.json says 22.13 or later', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=22.13');
  });

  for (const version of ['20.20.2', '22.12.0', '18.0.0']) {
    it(`on Node ${version}: one line naming the version needed, exit 2, nothing loaded`, async () => {
      const { preload, loaded } = pretend(version);
      for (const args of [['invoice', 'list'], ['--version'], ['invoice', 'list', '--help'], []]) {
        const result = await execa('node', ['--require', preload, BIN, ...args], { reject: false, stdin: 'ignore' });
        expect(result.exitCode).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(`fisco: needs Node.js 22.13 or later; this is Node.js ${version} (https://nodejs.org)`);
      }
      // Nothing of fisco's was read or required: not the bundle, not the help texts, not package.json.
      expect(readLoaded(loaded).filter((line) => /dist|package\.json|help\.json/.test(line))).toEqual([]);
    });
  }

  for (const version of ['22.13.0', '22.23.3', '24.0.0', '26.1.0']) {
    it(`on Node ${version} it runs`, async () => {
      const { preload } = pretend(version);
      const result = await execa('node', ['--require', preload, BIN, '--version'], { reject: false, stdin: 'ignore' });
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/^\d+\.\d+\.\d+$/);
    });
  }

  it('a real older Node on PATH, when there is one, gets the same line', async (context) => {
    const older = olderNodeOnPath();
    if (!older) {
      context.skip();
      return;
    }
    const result = await execa(older.path, [BIN, 'invoice', 'list'], { reject: false, stdin: 'ignore' });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`fisco: needs Node.js 22.13 or later; this is Node.js ${older.version} (https://nodejs.org)`);
  });
});

/** The first `node` on PATH older than 22.13, if any (CI: the machine's Node 20 behind Node 22). */
function olderNodeOnPath(): { path: string; version: string } | undefined {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(folder, 'node');
    try {
      accessSync(path, constants.X_OK);
    } catch {
      continue;
    }
    const version = execaSync(path, ['-p', 'process.versions.node'], { reject: false }).stdout.trim();
    const [major, minor] = version.split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 13)) return { path, version };
  }
  return undefined;
}

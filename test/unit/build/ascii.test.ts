// The bundles bin/fisco.js compiles are ASCII only (scripts/bundle.mjs, asciiSource): the build
// writes every other character of the sources as a \u escape, which must mean the same to the code.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/fisco.js', import.meta.url));
// What bin/fisco.js compiles: the CLI, the fast path and its PostgreSQL reader, and what the CLI loads apart.
const bundles = ['cli.cjs', 'offline.cjs', 'offline-pg.cjs', ...readdirSync(`${DIST}vendor`).map((f) => `vendor/${f}`), 'emulator/index.cjs'];

describe('the bundles in ASCII', () => {
  it('holds no character outside ASCII in any bundle the launcher compiles', () => {
    expect(bundles).toContain('vendor/catalogue-it.cjs');
    for (const bundle of bundles) {
      const text = readFileSync(`${DIST}${bundle}`, 'utf8');
      const at = text.search(/[^\x00-\x7f]/);
      expect(at < 0 ? '' : text.slice(Math.max(0, at - 40), at + 10), bundle).toBe('');
    }
  });

  it('says and reads what the sources wrote outside ASCII: a message’s dash, a regular expression’s euro sign', () => {
    const home = mkdtempSync(join(tmpdir(), 'fisco-ascii-home-'));
    const env = { ...process.env, HOME: home, FISCO_CONFIG_DIR: join(home, 'config'), FISCO_DATA_DIR: join(home, 'data'), NO_COLOR: '1', FISCO_LANG: 'en' };
    // t`… (this was ${first}–${last} of …)` in the built CLI.
    const listed = spawnSync(process.execPath, [BIN, '--demo', 'invoice', 'list', '--per-page', '2', '-o', 'json'], { env, encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stderr).toMatch(/\(this was 1–2 of \d+\)/);
    // /[\s\u00a0€]+/ in the amount's parser: the euro sign is dropped, a dollar sign is not.
    const euro = spawnSync(process.execPath, [BIN, '--demo', 'invoice', 'pay', '48/2026', '--amount', '100,505 €'], { env, encoding: 'utf8' });
    const dollar = spawnSync(process.execPath, [BIN, '--demo', 'invoice', 'pay', '48/2026', '--amount', '100,505 $'], { env, encoding: 'utf8' });
    expect([euro.status, euro.stderr]).toEqual([2, "fisco: --amount: '100,505' has three decimals: an amount has at most two (100,50 or 100,51?)\n"]);
    expect([dollar.status, dollar.stderr]).toEqual([2, expect.stringContaining("'100,505$' is not an amount")]);
    rmSync(home, { recursive: true, force: true });
  });

  it('stops the build on a String.raw template holding such a character (its raw text would change)', () => {
    const probe = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { commonJs } from ${JSON.stringify(new URL('../../../scripts/bundle.mjs', import.meta.url).href)};
         import { mkdtempSync, writeFileSync } from 'node:fs'; import { join } from 'node:path'; import { tmpdir } from 'node:os';
         import { rmSync } from 'node:fs';
         const dir = mkdtempSync(join(tmpdir(), 'fisco-ascii-'));
         writeFileSync(join(dir, 'raw.ts'), 'export const p = String.raw\`€\\\\d\`;');
         try { await commonJs(join(dir, 'raw.ts'), join(dir, 'out.cjs')); console.log('built'); } catch (error) { console.log(String(error.message).includes('String.raw') ? 'stopped' : error.message); }
         rmSync(dir, { recursive: true, force: true });`,
      ],
      { encoding: 'utf8' },
    );
    expect(probe.trim()).toBe('stopped');
  });
});

import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashIn, DOCS, examplesWorld, ROOT, shellBlocks, tokenFor } from './examples-world.js';

/**
 * Every shell block of the README and of docs/ runs here, as written, in bash, against the
 * emulator, as one script in a fresh folder with an empty HOME (no profile, no data folder:
 * fisco's own defaults under that HOME). Each line ends with exit 0 unless its comment documents
 * another code (`fisco --demo overview   # exit 11: …`).
 */
const world = examplesWorld();

/** A documentation block in a fresh folder whose HOME is empty: fisco finds no profile and no data folder of a previous block. */
function runDocBlock(script: string, folder: string) {
  const home = join(folder, 'home');
  mkdirSync(home, { recursive: true });
  const { FISCO_DATA_DIR: _data, ...rest } = world.env;
  return bashIn(world, script, folder, { ...rest, HOME: home, FISCO_TOKEN: tokenFor(script), FISCO_BASE_URL: world.h.emulator.url }, 120_000);
}

describe('the documentation: README.md and docs/', () => {
  it('every shell block runs against the emulator in a fresh folder with an empty HOME, each line with its documented exit code', async () => {
    const failures: string[] = [];
    let ran = 0;
    for (const file of DOCS) {
      const all = shellBlocks(readFileSync(join(ROOT, file), 'utf8'));
      for (const [index, block] of all.entries()) {
        if (block.lines.length === 0) continue;
        const result = await runDocBlock(block.script, join(world.work, 'docs', file.replace(/\W+/g, '-'), `block-${index + 1}`));
        ran++;
        if (result.exitCode !== 0)
          failures.push(`${file} block ${index + 1} (${block.lines[0]} …): exit ${result.exitCode}: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(10);
  }, 900_000);

  it('documents a non-zero exit code only where the line really ends with it (the check itself fails otherwise)', async () => {
    const [wrong] = shellBlocks('```sh\nfisco whoami   # exit 11: never\n```\n');
    const result = await runDocBlock(wrong.script, join(world.work, 'docs', 'self-check'));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('exit 0 where the text documents 11: fisco whoami');
  });
});

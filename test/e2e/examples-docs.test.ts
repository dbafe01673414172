import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsPart, examplesWorld, runDocBlock, runDocs, shellBlocks } from './examples-world.js';

/**
 * Every shell block of the documentation runs here, as written, in bash, against the emulator,
 * as one script in a fresh folder with an empty HOME (no profile, no data folder: fisco's own
 * defaults under that HOME). Each line ends with exit 0 unless its comment documents another code
 * (`fisco --demo overview   # exit 11: …`). This file: the README and docs/bank.md; the other
 * pages: examples-docs-pages.test.ts.
 */
const world = examplesWorld();

describe('the documentation: README.md and docs/bank.md', () => {
  it('every shell block runs against the emulator in a fresh folder with an empty HOME, each line with its documented exit code', async () => {
    const { failures, ran } = await runDocs(world, docsPart(1));
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(5);
  }, 900_000);

  it('documents a non-zero exit code only where the line really ends with it (the check itself fails otherwise)', async () => {
    const [wrong] = shellBlocks('```sh\nfisco whoami   # exit 11: never\n```\n');
    const result = await runDocBlock(world, wrong.script, join(world.work, 'docs', 'self-check'));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('exit 0 where the text documents 11: fisco whoami');
  });
});

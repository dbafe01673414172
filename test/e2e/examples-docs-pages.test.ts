import { describe, expect, it } from 'vitest';
import { docsPart, examplesWorld, runDocs } from './examples-world.js';

/** Every shell block of the pages of docs/ but bank.md, as examples-docs.test.ts runs the README's (see there). */
const world = examplesWorld();

describe('the documentation: docs/ (but bank.md)', () => {
  it('every shell block runs against the emulator in a fresh folder with an empty HOME, each line with its documented exit code', async () => {
    const { failures, ran } = await runDocs(world, docsPart(2));
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(5);
  }, 900_000);
});

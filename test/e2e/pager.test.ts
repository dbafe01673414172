import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, harness, type Harness } from './harness.js';
import { processEnv } from './process-env.js';
import { spawnPty } from './pty.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

// A "pager" that marks every line it shows, so the screen tells whether the table went through it.
const env = () => processEnv(h, { FISCO_CONFIG_DIR: `${h.home}/pager-cfg`, FISCO_PAGER: 'sed s/^/PAGED:/' });

describe('tables on a terminal and the pager', () => {
  it('a table taller than the screen goes through FISCO_PAGER', async () => {
    const session = spawnPty('node', [BIN, 'invoice', 'list', '--all'], env());
    await session.expect(/PAGED:Number\s+Date/);
    expect(await session.exit()).toBe(0);
    const paged = session
      .screen()
      .split('\n')
      .filter((line) => line.startsWith('PAGED:'));
    expect(paged.length).toBeGreaterThan(24);
    // The rows themselves went through it (fitted to COLUMNS, 120 here: the invoice number, the key, is on each).
    expect(paged.filter((line) => /^PAGED:\d+\/2026\s/.test(line)).length).toBeGreaterThan(24);
  });

  it('--no-pager writes the same table straight to the terminal', async () => {
    const session = spawnPty('node', [BIN, '--no-pager', 'invoice', 'list', '--all'], env());
    await session.expect(/Number\s+Date/);
    expect(await session.exit()).toBe(0);
    expect(session.screen()).not.toContain('PAGED:');
    expect(
      session
        .screen()
        .split('\n')
        .filter((line) => /^\d+\/2026\s/.test(line)).length,
    ).toBeGreaterThan(24);
  });

  it('a table that fits the screen starts no pager', async () => {
    const session = spawnPty('node', [BIN, 'invoice', 'list', '--limit', '3'], env());
    await session.expect(/Number\s+Date/);
    expect(await session.exit()).toBe(0);
    expect(session.screen()).not.toContain('PAGED:');
  });
});

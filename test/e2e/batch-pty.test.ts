/**
 * `invoice batch --send` on a real pseudo-terminal (test/e2e/pty.ts): the count must be typed
 * back (`send 3`); anything else sends nothing (exit 10). Every keystroke waits for its prompt.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, type Harness } from './harness.js';
import { harnessFolders, processEnv } from './process-env.js';
import { KEY, spawnPty } from './pty.js';
import { batchHarness, creationPosts, csvIt, invoicesPerRecord, oncePerRecord, records } from './batch-helpers.js';

let h: Harness;
let dir: string;
beforeAll(async () => {
  ({ h, dir } = await batchHarness());
});
afterAll(async () => h.close());

function start(args: string[]) {
  return spawnPty('node', [BIN, 'invoice', 'batch', ...args], processEnv(h, harnessFolders(h)));
}
const lastSeq = () => h.emulator.store.requests.at(-1)?.seq ?? 0;

describe('invoice batch --send on a terminal', () => {
  it('a plain "y" is not a confirmation: nothing is sent, exit 10', async () => {
    const recs = records(3, { prefix: 'P' });
    const file = join(dir, 'p.csv');
    writeFileSync(file, csvIt(recs));
    const from = lastSeq();
    const session = start([file, '--send']);
    await session.expect('SEND 3 invoices to the SDI (irreversible)');
    await session.expect('Type "send 3" to transmit them');
    session.send(`y${KEY.enter}`);
    expect(await session.exit()).toBe(10);
    expect(session.screen()).toContain('nothing was sent');
    expect(creationPosts(h, from)).toHaveLength(0);
  }, 60_000);

  it('the count typed back sends them, with progress on the terminal', async () => {
    const recs = records(3, { prefix: 'Q' });
    const file = join(dir, 'q.csv');
    writeFileSync(file, csvIt(recs));
    const session = start([file, '--send']);
    await session.expect('Type "send 3" to transmit them');
    session.send(`send 3${KEY.enter}`);
    expect(await session.exit()).toBe(0);
    expect(session.screen()).toMatch(/3\/3 · Rossi Consulting S\.r\.l\. · ref Q-0003/);
    expect(session.screen()).toContain('3 of 3 created and sent to the SDI');
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
  }, 60_000);

  it('Ctrl-C during the run finishes the request in flight and exits 130 saying what was done; the re-run completes', async () => {
    const recs = records(6, { prefix: 'I' });
    const file = join(dir, 'i.csv');
    writeFileSync(file, csvIt(recs));
    h.emulator.setFaults({ latencyMs: 150 });
    try {
      const session = start([file, '--draft']);
      await session.expect(/2\/6 · Rossi Consulting S\.r\.l\. · ref I-0002/);
      session.send(KEY.ctrlC);
      expect(await session.exit()).toBe(130);
      expect(session.screen()).toMatch(/interrupted by Ctrl-C after the write in flight: \d of 6 created as drafts/);
      const made = Object.values(invoicesPerRecord(h, recs)).reduce((a, b) => a + b, 0);
      expect(made).toBeGreaterThanOrEqual(2);
      expect(made).toBeLessThan(6);
    } finally {
      h.emulator.setFaults({ latencyMs: 0 });
    }
    const rerun = await h.run(['invoice', 'batch', file, '--draft']);
    expect(rerun.exitCode).toBe(0);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
  }, 60_000);
});

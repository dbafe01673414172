/**
 * The mirror under a killed sync and two syncs at once, through the built bin: kill -9 at several
 * points of a sync leaves the company being synced exactly as before (the companies committed
 * before it keep their new state), the next sync completes it; a second sync while one runs is
 * exit 2 naming the process, and the file stays sound. No ExperimentalWarning reaches stderr on the
 * Node that runs the suite (CI runs it on Node 22 and 24).
 */
import { execa } from 'execa';
import { mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlite } from '../../src/mirror/sqlite.js';
import { binEnv, spawnBin, until } from './batch-helpers.js';
import { BIN, harness, TOKENS, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

const TWO = ['--accounts', 'acc_rossi,acc_verdi'];

/** The lock files in a data folder's mirror folder. */
function locks(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'mirror')).filter((name) => name.includes('.lock'));
  } catch {
    return [];
  }
}

/** The records of each company as the mirror holds them (signed links set aside), read without changing the file. */
function snapshot(dataDir: string): Map<string, string> {
  const dir = join(dataDir, 'mirror');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite'))!;
  const { DatabaseSync } = sqlite();
  const db = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    const rows = db
      .prepare('SELECT c.account_id, r.kind, r.id, r.json FROM records r JOIN companies c ON c.cid = r.cid ORDER BY c.account_id, r.kind, r.id')
      .all() as {
      account_id: string;
      kind: number;
      id: string;
      json: string;
    }[];
    const byCompany = new Map<string, string>();
    for (const r of rows)
      byCompany.set(r.account_id, `${byCompany.get(r.account_id) ?? ''}${r.kind} ${r.id} ${r.json.replace(/expires=\d+&signature=[0-9a-f]+/g, '…')}\n`);
    return byCompany;
  } finally {
    db.close();
  }
}

/** One euro paid on an open invoice of the company (the same one each time: its residue is far above one euro). */
async function payOne(accountId: string): Promise<void> {
  const invoice = h.emulator.store.invoices.find(
    (i) =>
      i.accountId === accountId &&
      i.direction === 'outbound' &&
      ['delivered', 'accepted'].includes(i.sdi_status) &&
      i.tipo_documento === 'TD01' &&
      Number(i.total_amount) - Number(i.amount_paid) > 20,
  )!;
  const response = await fetch(`${h.emulator.url}/fatture/${invoice.uuid}/pagamenti?account_id=${accountId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.firm}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1 }),
  });
  expect(response.status).toBe(201);
}

const syncIn = (dataDir: string, args: string[] = [], extra: Record<string, string> = {}) =>
  spawnBin(h, ['sync', ...TWO, ...args, '-o', 'json'], TOKENS.firm, { FISCO_DATA_DIR: dataDir, ...extra });

describe('a sync killed at any point, two syncs at once', () => {
  it('kill -9 leaves the company being synced exactly as before; companies committed earlier are kept; the next sync completes it', async () => {
    const data = mkdtempSync(join(h.home, 'crash-'));
    expect((await syncIn(data)).exitCode).toBe(0);
    // Each crash point below follows a change on the service in both companies, so the killed sync had work to do.
    const points: [crash: string, rossiKept: boolean][] = [
      ['sync-put:1:3', false], // during the first company
      ['sync-commit:1', false], // all of the first company read, not committed
      ['sync-put:2:5', true], // the first committed, during the second
      ['sync-commit:2', true], // the first committed, the second read but not committed
    ];
    for (const [crash, rossiKept] of points) {
      await payOne('acc_rossi');
      await payOne('acc_verdi');
      const before = snapshot(data);
      const killed = await syncIn(data, [], { FISCO_TEST_CRASH_AT: crash });
      expect(killed.signal, crash).toBe('SIGKILL');
      const after = snapshot(data);
      expect(after.get('acc_verdi') === before.get('acc_verdi'), `${crash}: acc_verdi unchanged`).toBe(true);
      expect(after.get('acc_rossi') === before.get('acc_rossi'), `${crash}: acc_rossi unchanged`).toBe(!rossiKept);
    }
    // A full sync killed halfway through the second company: the same.
    await payOne('acc_verdi');
    const beforeFull = snapshot(data);
    const full = await syncIn(data, ['--full'], { FISCO_TEST_CRASH_AT: 'sync-put:2:20' });
    expect(full.signal).toBe('SIGKILL');
    expect(snapshot(data).get('acc_verdi')).toBe(beforeFull.get('acc_verdi'));
    // The next sync completes what every killed one left: the mirror equals one made from scratch now.
    const resumed = await syncIn(data);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const fresh = mkdtempSync(join(h.home, 'fresh-'));
    expect((await syncIn(fresh)).exitCode).toBe(0);
    expect(snapshot(data)).toEqual(snapshot(fresh));
  }, 120_000);

  /** A mirror synced, then one payment on each of two companies (not synced yet), and a slow service: a sync to interrupt. */
  async function syncedThenPaid(prefix: string) {
    const data = mkdtempSync(join(h.home, prefix));
    expect((await syncIn(data)).exitCode).toBe(0);
    await payOne('acc_rossi');
    await payOne('acc_verdi');
    const before = snapshot(data);
    h.emulator.setFaults({ latencyMs: 150 });
    return { data, before };
  }

  it('Ctrl-C: exit 130, the companies committed were named on stderr as they were, the one being synced is left as it was', async () => {
    const { data, before } = await syncedThenPaid('interrupt-');
    try {
      const child = syncIn(data);
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await until(() => /Rossi Consulting S\.r\.l\. \(acc_rossi\): \d+ new, 1 changed/.test(stderr), 'the first company committed', 60_000);
      child.kill('SIGINT');
      const done = await child;
      expect(done.exitCode).toBe(130);
      expect(String(done.stderr)).toMatch(/fisco: interrupted/);
      // The run let go of its lock: nothing is left naming a dead process.
      expect(locks(data)).toEqual([]);
      expect(String(done.stderr)).not.toMatch(/Verdi Costruzioni S\.p\.A\. \(acc_verdi\): \d+ new/);
    } finally {
      h.emulator.setFaults({ latencyMs: 0 });
    }
    const after = snapshot(data);
    expect(after.get('acc_rossi')).not.toBe(before.get('acc_rossi'));
    expect(after.get('acc_verdi')).toBe(before.get('acc_verdi'));
  }, 120_000);

  it('SIGTERM: exit 143, the lock released, the mirror as it was; the next sync runs', async () => {
    const { data, before } = await syncedThenPaid('terminate-');
    try {
      const child = syncIn(data);
      await until(() => locks(data).length > 0, 'the sync to take the lock');
      child.kill('SIGTERM');
      const done = await child;
      expect(done.exitCode).toBe(143);
      expect(String(done.stderr)).toMatch(/fisco: terminated/);
      expect(locks(data)).toEqual([]);
    } finally {
      h.emulator.setFaults({ latencyMs: 0 });
    }
    expect(snapshot(data).get('acc_verdi')).toBe(before.get('acc_verdi'));
    expect((await syncIn(data)).exitCode).toBe(0);
  }, 120_000);

  it('a second sync while one runs is exit 2 naming the process holding the mirror; the file stays sound', async () => {
    const data = mkdtempSync(join(h.home, 'twice-'));
    h.emulator.setFaults({ latencyMs: 150 });
    try {
      const first = syncIn(data);
      await until(() => {
        try {
          return readdirSync(join(data, 'mirror')).some((name) => name.endsWith('.sync.lock'));
        } catch {
          return false;
        }
      }, 'the first sync to take the lock');
      const second = await syncIn(data);
      expect(second.exitCode).toBe(2);
      expect(second.stderr).toMatch(/the mirror .*\.sqlite is in use by fisco process \d+ on .*, since /);
      const done = await first;
      expect(done.exitCode, done.stderr).toBe(0);
    } finally {
      h.emulator.setFaults({ latencyMs: 0 });
    }
    expect(snapshot(data).size).toBe(2);
    expect((await syncIn(data)).exitCode).toBe(0);
  }, 120_000);

  it('no ExperimentalWarning (nor any other warning) on stderr: sync, an offline read, search', async () => {
    const data = mkdtempSync(join(h.home, 'warn-'));
    const env = binEnv(h, TOKENS.prod, { FISCO_DATA_DIR: data });
    for (const args of [['sync'], ['--offline', 'invoice', 'list', '--limit', '2'], ['search', 'zeta']]) {
      const result = await execa(process.execPath, [BIN, ...args], { env, extendEnv: false, reject: false, input: '' });
      expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      // The emulator's date is pinned (harness TODAY), so its Date header is days from this machine's clock and sync says so (mirror-damaged.test.ts): that line is fisco's own.
      const stderr = result.stderr
        .split('\n')
        .filter((line) => !line.startsWith("warning: the service's clock (its Date header)"))
        .join('\n');
      expect(stderr).not.toMatch(/Warning|experimental/i);
    }
    // The check is on the Node this suite runs on; CI runs the suite on Node 22 (which would print it) and on 24.
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  }, 60_000);
});

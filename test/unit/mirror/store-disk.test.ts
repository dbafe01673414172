/**
 * A full or read-only disk at the storage boundary (issue 38, point 4), with SQLite's own error
 * codes, not mocks: `PRAGMA max_page_count` makes the mirror's connection raise SQLITE_FULL as a
 * full disk does, `PRAGMA query_only` SQLITE_READONLY as a read-only file does. Either is the
 * mirror's own error (MirrorUnwritableError, exit 2: the file and the cause in one line), the
 * company's transaction leaves the mirror as it was, and the mirror reads on.
 * test/e2e/mirror-disk.test.ts runs the same on a real full and read-only file system.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KIND } from '../../../src/mirror/kinds.js';
import { Mirror, MirrorUnwritableError } from '../../../src/mirror/store.js';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-mirror-disk-'));
  path = join(dir, 'mirror', 'p-production.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ACCOUNT = { id: 'acc_a', json: '{"id":"acc_a","name":"Alfa S.r.l."}', pos: 0 };
const CLOCK = { serviceMs: Date.parse('2026-11-20T10:00:00Z'), localMs: Date.parse('2026-11-20T10:00:00Z') };
const invoice = (id: number) => ({ id: String(id), number: `${id}/2026`, issue_date: '2026-11-01', notes: 'x'.repeat(2000) });

/** A mirror holding one company with `count` invoices, committed. */
function filled(count: number): Mirror {
  const mirror = Mirror.open(path, { create: true })!;
  const writer = mirror.beginSync(ACCOUNT, CLOCK, true);
  for (let id = 1; id <= count; id++) writer.put(KIND.invoice, invoice(id), JSON.stringify(invoice(id)), { part: 0 });
  writer.commit({});
  return mirror;
}

const held = (mirror: Mirror) => mirror.count({ cids: [mirror.company('acc_a')!.cid], kind: KIND.invoice, part: 0 });

describe('a full disk (SQLITE_FULL) while a sync writes', () => {
  it('is MirrorUnwritableError naming the file and "the disk is full"; the company keeps its previous state and reads on', () => {
    const mirror = filled(3);
    const pages = (mirror.one<{ page_count: number }>('PRAGMA page_count') as { page_count: number }).page_count;
    mirror.exec(`PRAGMA max_page_count = ${pages}`);
    const writer = mirror.beginSync(ACCOUNT, CLOCK, false);
    let failure: unknown;
    try {
      for (let id = 4; id <= 200; id++) writer.put(KIND.invoice, invoice(id), JSON.stringify(invoice(id)), { part: 0 });
      writer.commit({});
    } catch (error) {
      failure = error;
      writer.rollback();
    }
    expect(failure).toBeInstanceOf(MirrorUnwritableError);
    expect((failure as MirrorUnwritableError).exitCode).toBe(2);
    expect((failure as Error).message).toBe(`the mirror ${path} cannot be written: the disk is full; nothing was changed, it keeps its previous state`);
    expect((failure as MirrorUnwritableError).code).toBe('SQLITE_FULL');
    expect(held(mirror)).toBe(3);
    mirror.close();
    const again = Mirror.open(path)!;
    expect(held(again)).toBe(3);
    again.close();
  });
});

describe('a read-only file (SQLITE_READONLY)', () => {
  it('is MirrorUnwritableError naming the file and "read-only", from the first write; the mirror reads on', () => {
    const mirror = filled(2);
    mirror.exec('PRAGMA query_only = 1');
    expect(() => mirror.setMeta('me', '{}')).toThrow(MirrorUnwritableError);
    expect(() => mirror.beginSync(ACCOUNT, CLOCK, false)).toThrow(
      `the mirror ${path} cannot be written: it is read-only (SQLITE_READONLY); nothing was changed, it keeps its previous state`,
    );
    expect(held(mirror)).toBe(2);
    mirror.close();
  });
});

/**
 * A journal line that does not reach the disk whole (a full disk, a short write) is an error before
 * the request it announces is sent: injected through the journal's line writer (OpenOptions.writeLine),
 * never a real full disk.
 */
import { mkdtempSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, JournalError, journalPath } from '../../../src/journal/journal.js';
import { readSeal } from '../../../src/journal/seal.js';
import { runJournaled } from '../../../src/journal/run.js';
import { ExitCode, LocalWriteError } from '../../../src/errors.js';

/** The next journal line whose text matches `line` fails: ENOSPC, or written short (`short` bytes reach the file). */
const fault = { line: undefined as RegExp | undefined, short: undefined as number | undefined };

/** The journal's line writer (OpenOptions.writeLine) with the fault injected. */
function writeLine(fd: number, bytes: Uint8Array): number {
  if (fault.line?.test(Buffer.from(bytes).toString('utf8'))) {
    fault.line = undefined;
    if (fault.short === undefined) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    return writeSync(fd, bytes.subarray(0, fault.short));
  }
  return writeSync(fd, bytes);
}

const HEADER = { kind: 'batch', id: 'b1', profile: 'default', account: 'acc_rossi' } as const;
let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-journal-write-'));
  path = journalPath(dir, 'batch', ['default', 'b1']);
  fault.line = undefined;
  fault.short = undefined;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const steps = (...keys: string[]) => keys.map((key) => ({ key, hash: `hash-${key}`, item: key }));

/** Runs A, B, C with the fault armed on `line`; what was sent, and the error the run ended with. */
async function runWithFault(line: RegExp, short?: number): Promise<{ sent: string[]; error: unknown; text: string }> {
  const journal = await Journal.open(path, HEADER, { writeLine });
  const sent: string[] = [];
  fault.line = line;
  fault.short = short;
  const error = await runJournaled(
    journal,
    steps('A', 'B', 'C'),
    {
      lookup: async () => new Map(),
      send: async (step) => {
        sent.push(step.key);
        return { state: 'done', result: { id: `id-${step.key}` } };
      },
    },
    { timeoutMs: 100 },
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  await journal.close();
  return { sent, error, text: readFileSync(path, 'utf8') };
}

/** The journal as the next run opens it: it opens (not damaged), and its entries. */
async function reopened() {
  const again = await Journal.open(path, HEADER);
  const entries = again.entries().map((e) => [e.key, e.state]);
  await again.close();
  return entries;
}

describe('a journal line not written whole', () => {
  it("a full disk (ENOSPC) on a request's 'sending' line: that request is not sent, nor any after it; exit 2 naming the journal and the cause", async () => {
    const { sent, error, text } = await runWithFault(/"key":"B","state":"sending"/);
    expect(sent).toEqual(['A']);
    expect(error).toBeInstanceOf(JournalError);
    expect((error as JournalError).exitCode).toBe(ExitCode.usage);
    expect(String((error as Error).message)).toBe(
      `cannot write the journal ${path}: the disk is full (ENOSPC); the request it was to announce was not sent, nor anything after it`,
    );
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('"key":"B"');
    expect(await reopened()).toEqual([['A', 'done']]);
  });

  it('a short write: the part written is cut off again, nothing is sent, and the journal opens whole', async () => {
    const { sent, error, text } = await runWithFault(/"key":"A","state":"sending"/, 40);
    expect(sent).toEqual([]);
    expect(error).toBeInstanceOf(JournalError);
    expect(String((error as Error).message)).toMatch(
      new RegExp(
        `^cannot write the journal ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the line was written short \\(40 of \\d+ bytes\\); the request it was to announce was not sent`,
      ),
    );
    expect(text.split('\n').filter(Boolean)).toHaveLength(1); // the header alone
    expect(readSeal(path)?.seq).toBe(0);
    expect(await reopened()).toEqual([]);
  });

  it("after the request: its 'done' line failing is exit 12 (carried out, still in flight in the journal); nothing more is sent, and the next run looks it up", async () => {
    const { sent, error } = await runWithFault(/"key":"A","state":"done"/);
    expect(sent).toEqual(['A']);
    expect(error).toBeInstanceOf(LocalWriteError);
    expect((error as LocalWriteError).exitCode).toBe(ExitCode.localWrite);
    expect(String((error as Error).message)).toContain(`cannot write the journal ${path}: the disk is full (ENOSPC); the request was carried out`);
    expect(await reopened()).toEqual([['A', 'sending']]);
  });

  it('a journal that failed a line takes no other', async () => {
    const journal = await Journal.open(path, HEADER, { writeLine });
    fault.line = /"key":"A"/;
    await expect(journal.write({ key: 'A', state: 'sending' })).rejects.toThrow(/the disk is full/);
    await expect(journal.write({ key: 'B', state: 'sending' })).rejects.toThrow(/the disk is full/);
    await journal.close();
    expect(await reopened()).toEqual([]);
  });
});

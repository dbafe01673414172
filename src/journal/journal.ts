/**
 * The one crash-safe journal (bank apply, batch invoicing): an append-only file of JSON lines,
 * each flushed to disk (fsync) before the write request it announces is sent, locked between
 * processes, keyed by what it protects. A re-run reads it back and knows, per record, whether
 * its write was done, refused, never sent, or in flight when the last run died.
 *
 *   line 1: { "journal": "fisco", "version": 1, "kind", "id", "profile", "account"?, "created" }
 *   then  : { "key", "state", "at", "hash"?, "result"?, "message"?, "context"? }   (latest per key wins)
 *
 * A crash can only tear the LAST line (appends are sequential); such a line is dropped on open.
 * The lock is a file holding the owner's pid: a lock left by a dead process on this host is taken
 * over at once, so a run after kill -9 never waits; a live owner is waited for, within a bound.
 */
import { closeSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { ExitCode, FiscoError } from '../errors.js';

export type JournalState = 'sending' | 'done' | 'refused' | 'unknown' | 'absent' | 'skipped';
const STATES: readonly JournalState[] = ['sending', 'done', 'refused', 'unknown', 'absent', 'skipped'];

export interface JournalEntry {
  /** The record's identity (batch: the ref; bank: movement key + '>' + invoice uuid). */
  key: string;
  state: JournalState;
  /** ISO instant, set by write(). */
  at: string;
  /** sha256 of the request body: a record changed since it was journaled is detected on a re-run. */
  hash?: string;
  /** done: what the service returned (id, url, payment id…). */
  result?: Record<string, unknown>;
  /** refused / unknown / skipped / absent: the service's message or the cause. */
  message?: string;
  /** What settling needs later (a reconciliation snapshot, amount_paid before…). */
  context?: Record<string, unknown>;
}

export interface JournalHeader {
  kind: 'bank' | 'batch';
  id: string;
  profile: string;
  account?: string;
}

/** A journal that cannot be used: corrupt, another batch's, or locked by a live fisco. Nothing was sent. */
export class JournalError extends FiscoError {
  constructor(message: string, hints: string[] = []) {
    super(message, ExitCode.usage, hints);
  }
}

const DEFAULT_LOCK_TIMEOUT_MS = 10_000;

/** `<dataDir>/journals/<kind>/<part>/…/<last part>.jsonl`, each part made file-name safe (and unique: a changed name gets a hash). */
export function journalPath(dataDir: string, kind: 'bank' | 'batch', parts: string[]): string {
  const safe = parts.map((part) => {
    const cleaned = part.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
    if (cleaned === part && cleaned !== '') return cleaned;
    const digest = createHash('sha256').update(part).digest('hex').slice(0, 10);
    return `${cleaned.slice(0, 60) || '_'}-${digest}`;
  });
  const last = safe.pop() ?? 'journal';
  return join(dataDir, 'journals', kind, ...safe, `${last}.jsonl`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

interface LockOwner {
  pid: number;
  host: string;
  at: string;
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockPath, 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock file or throws JournalError (exit 2) after `timeoutMs`, naming `what` ("the journal
 * PATH", "the mirror PATH") and the process holding it; returns its release. Also the mirror's sync lock.
 */
export function takeLock(lockPath: string, what: string, timeoutMs: number): () => void {
  const deadline = Date.now() + timeoutMs;
  const me: LockOwner = { pid: process.pid, host: hostname(), at: new Date().toISOString() };
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new JournalError(`cannot lock ${what} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    const owner = readOwner(lockPath);
    let stale = owner !== undefined && owner.host === me.host && !isAlive(owner.pid);
    if (owner === undefined) {
      // Unreadable: a lock being written this instant, or left half-written by a crash long ago.
      try {
        stale = Date.now() - statSync(lockPath).mtimeMs > 10_000;
      } catch {
        continue; // gone meanwhile: try again
      }
    }
    if (stale) {
      // Moved aside, not deleted: of two processes that both found it stale, one wins the rename.
      const aside = `${lockPath}.stale.${process.pid}`;
      try {
        renameSync(lockPath, aside);
        rmSync(aside, { force: true });
      } catch {
        /* another process took it over first */
      }
      continue;
    }
    if (Date.now() >= deadline) {
      const who = owner ? `fisco process ${owner.pid} on ${owner.host}, since ${owner.at}` : 'another fisco';
      throw new JournalError(`${what} is in use by ${who}; waited ${Math.round(timeoutMs / 1000)} s and sent nothing`, [
        'Run the command again when the other one has finished.',
      ]);
    }
    sleep(25 + Math.floor(Math.random() * 50));
  }
}

function describe(header: JournalHeader): string {
  return `${header.kind} ${header.id} of profile ${header.profile}${header.account ? `, company ${header.account}` : ''}`;
}

function checkEntry(raw: unknown): JournalEntry | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const e = raw as Record<string, unknown>;
  if (typeof e.key !== 'string' || !STATES.includes(e.state as JournalState) || typeof e.at !== 'string') return undefined;
  if (e.hash !== undefined && typeof e.hash !== 'string') return undefined;
  if (e.message !== undefined && typeof e.message !== 'string') return undefined;
  for (const field of ['result', 'context'] as const) {
    if (e[field] !== undefined && (typeof e[field] !== 'object' || e[field] === null || Array.isArray(e[field]))) return undefined;
  }
  return e as unknown as JournalEntry;
}

export class Journal {
  private readonly latest = new Map<string, JournalEntry>();
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly release: () => void,
  ) {}

  static async open(path: string, header: JournalHeader, options: { lockTimeoutMs?: number } = {}): Promise<Journal> {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const release = takeLock(`${path}.lock`, `the journal ${path}`, options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS);
    let fd: number | undefined;
    try {
      fd = openSync(path, 'a+', 0o600);
      const journal = new Journal(path, fd, release);
      journal.load(header);
      return journal;
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      release();
      throw error;
    }
  }

  private load(header: JournalHeader): void {
    const text = readFileSync(this.path, 'utf8');
    const expected = { journal: 'fisco', version: 1, kind: header.kind, id: header.id, profile: header.profile, account: header.account ?? null };
    if (text === '') {
      this.append({ ...expected, created: new Date().toISOString() });
      return;
    }
    const complete = text.endsWith('\n');
    const lines = text.split('\n');
    if (complete) lines.pop();
    let good = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const torn = i === lines.length - 1 && !complete;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      if (i === 0) {
        if (torn && parsed === undefined) {
          // The header itself was being written when the process died: nothing else can follow it.
          ftruncateSync(this.fd, 0);
          this.append({ ...expected, created: new Date().toISOString() });
          return;
        }
        this.checkHeader(parsed, expected, header);
      } else {
        const entry = checkEntry(parsed);
        if (!entry) {
          if (torn) {
            // The tail of an append a crash interrupted: it announced nothing (a request waits
            // for its entry's fsync), so it is dropped.
            ftruncateSync(this.fd, good);
            return;
          }
          throw new JournalError(`the journal ${this.path} is corrupt at line ${i + 1}; fisco left it unchanged and sent nothing`, [
            'Check on the service what that line recorded before moving the file away.',
          ]);
        }
        this.latest.delete(entry.key);
        this.latest.set(entry.key, entry);
      }
      good += Buffer.byteLength(line, 'utf8') + 1;
    }
    if (!complete) this.raw('\n');
  }

  private checkHeader(parsed: unknown, expected: Record<string, unknown>, header: JournalHeader): void {
    const h = parsed as Record<string, unknown> | undefined;
    if (!h || typeof h !== 'object' || h.journal !== 'fisco' || h.version !== 1) {
      throw new JournalError(`${this.path} is not a fisco journal (line 1); fisco left it unchanged and sent nothing`, [
        'Move it away only after checking on the service what it recorded.',
      ]);
    }
    if (h.kind !== expected.kind || h.id !== expected.id || h.profile !== expected.profile || (h.account ?? null) !== expected.account) {
      const theirs = describe({ kind: h.kind as 'bank', id: String(h.id), profile: String(h.profile), account: (h.account as string | null) ?? undefined });
      throw new JournalError(`the journal ${this.path} belongs to ${theirs}, not to ${describe(header)}; fisco left it unchanged and sent nothing`);
    }
  }

  private raw(text: string): void {
    writeSync(this.fd, text);
    fsyncSync(this.fd);
  }

  private append(value: unknown): void {
    this.raw(`${JSON.stringify(value)}\n`);
  }

  /** The latest entry of `key`. */
  get(key: string): JournalEntry | undefined {
    return this.latest.get(key);
  }

  /** The latest entry per key, in the order their keys were last written. */
  entries(): JournalEntry[] {
    return [...this.latest.values()];
  }

  /** Entries whose write may or may not have happened: 'sending' or 'unknown'. */
  inFlight(): JournalEntry[] {
    return this.entries().filter((e) => e.state === 'sending' || e.state === 'unknown');
  }

  /** Appends one entry and flushes it to disk before resolving. */
  async write(entry: Omit<JournalEntry, 'at'>): Promise<void> {
    if (this.closed) throw new Error(`journal ${this.path} is closed`);
    const full: JournalEntry = { key: entry.key, state: entry.state, at: new Date().toISOString() };
    if (entry.hash !== undefined) full.hash = entry.hash;
    if (entry.result !== undefined) full.result = entry.result;
    if (entry.message !== undefined) full.message = entry.message;
    if (entry.context !== undefined) full.context = entry.context;
    this.append(full);
    this.latest.delete(full.key);
    this.latest.set(full.key, full);
  }

  /** Releases the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    this.release();
  }
}

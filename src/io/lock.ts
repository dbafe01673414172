/**
 * The one lock between processes: the journals of irreversible writes, the profile store and the
 * emulator's state file all take it. A lock is a file that names its owner (pid, the process's
 * start time, host, a nonce), created whole in one step: written to a temporary file, then
 * `link`ed to the lock's name, which fails when the lock exists. So a lock file is never seen
 * half-written, and one that is empty or unreadable (a disk that lost it) is dead, unless it was
 * made within UNWRITTEN_LOCK_MS: on a file system without hard links a lock is created empty, then
 * written, and its owner may be between the two.
 *
 * A lock whose owner is gone (no such process on this host, or the pid now belongs to a process
 * that started later) is taken over exactly once: the taker first claims that very lock, creating
 * `<lock>.break-<digest of the dead lock's text>` the same way (one process wins it, and as a lock's
 * text holds a nonce, each dead lock has a claim of its own: no other process may remove it
 * meanwhile); then it checks that the lock still holds the text it found dead, moves it aside to a
 * name of its own (one step: whatever stands at the lock's name at that instant), checks the moved
 * file again, removes it, and lets go of its claim. A file that is not the dead one (another
 * owner's lock, made meanwhile) is linked back in place, never removed. A claim whose taker died is
 * taken over the same way. Every other process waits for the new owner.
 *
 * Waiting never blocks the event loop (a timer between attempts), so Ctrl-C ends a waiting run at
 * once; a wait past `timeoutMs` is a LockBusyError naming the owner. Imports only node built-ins:
 * the emulator uses it too.
 */
import { closeSync, existsSync, linkSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { moveFileSync, NO_HARD_LINKS, temporaryBeside } from './durable.js';
import { instant, type Message, t } from '../i18n/message.js';

export interface LockOwner {
  pid: number;
  host: string;
  /** The process's start time (Linux: clock ticks since boot), to tell a reused pid from the owner. */
  started?: string;
  nonce: string;
  at: string;
}

/** The lock is held by a live process and the wait ran out. */
export class LockBusyError extends Error {
  /** The message in the run's language (errorText). */
  readonly text: Message;

  constructor(
    readonly path: string,
    readonly owner: LockOwner | undefined,
    readonly waitedMs: number,
  ) {
    const text = t`${path} is held by ${describeOwner(owner)}`;
    super(String(text));
    this.text = text;
  }
}

/** The wait was abandoned (Ctrl-C): nothing is held. */
export class LockAbortedError extends Error {
  readonly text = t`the wait for the lock was abandoned`;

  constructor() {
    super('the wait for the lock was abandoned');
  }
}

export interface LockOptions {
  /** How long to wait for a live owner; 0 tries once. */
  timeoutMs: number;
  /** Ends the wait at once (Ctrl-C). */
  signal?: AbortSignal;
  /** Reads a lock file's text: node's readFileSync (a test makes another process act between a read and what follows it). */
  read?: (path: string) => string;
}

export interface HeldLock {
  readonly path: string;
  /** Removes the lock when it is still this one (never another process's). Idempotent. */
  release(): void;
}

export function describeOwner(owner: LockOwner | undefined): Message {
  return owner ? t`process ${owner.pid} on ${owner.host}, since ${instant(owner.at)}` : t`another process`;
}

let ownStart: string | undefined | null = null;

/** A process's start time from /proc (Linux); undefined where there is none. */
function startOf(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function me(): LockOwner {
  if (ownStart === null) ownStart = startOf('self');
  return {
    pid: process.pid,
    host: hostname(),
    ...(ownStart ? { started: ownStart } : {}),
    nonce: Math.random().toString(36).slice(2, 12),
    at: new Date().toISOString(),
  };
}

type Read = (path: string) => string;
const readText: Read = (path) => readFileSync(path, 'utf8');

/** The lock's text, or undefined when there is no lock file. */
function readRaw(path: string, read: Read = readText): string | undefined {
  try {
    return read(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return ''; // unreadable: as dead as an empty one
  }
}

function parseOwner(raw: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(raw) as LockOwner;
    return typeof owner === 'object' && owner !== null && Number.isInteger(owner.pid) && typeof owner.host === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the owner is certainly gone: unreadable, or no such process on this host (or the pid reused since). */
export function isDead(owner: LockOwner | undefined): boolean {
  if (owner === undefined) return true;
  if (owner.host !== hostname()) return false; // another machine's process: cannot tell, so it is alive
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return true;
  }
  const started = owner.started === undefined ? undefined : startOf(owner.pid);
  return started !== undefined && started !== owner.started;
}

/**
 * How long a lock (or breaker) file that names no owner may be its owner writing it: a file system
 * without hard links creates it empty, then writes it (createExclusive). Past this it was left so
 * by a crash, or a disk that lost it, and is dead.
 */
export const UNWRITTEN_LOCK_MS = 5_000;

/** Whether the lock file at `path`, read as `raw`, is dead: its owner gone, or naming none and not just made. */
function isDeadFile(path: string, raw: string): boolean {
  const owner = parseOwner(raw);
  if (owner) return isDead(owner);
  try {
    // A folder is an earlier fisco's lock (proper-lockfile's): never one being written.
    const stat = statSync(path);
    return stat.isDirectory() || Date.now() - stat.mtimeMs > UNWRITTEN_LOCK_MS;
  } catch {
    return true; // gone, or not even its times can be read
  }
}

/** Creates `path` holding `text`, whole, only when it does not exist. */
function createExclusive(path: string, text: string): boolean {
  const temporary = temporaryBeside(path, 'new');
  try {
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temporary, path);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (!NO_HARD_LINKS.has(code ?? '')) throw error;
    }
  } finally {
    rmSync(temporary, { force: true });
  }
  // A file system without hard links: created empty, then written (an instant when it looks empty).
  try {
    const fd = openSync(path, 'wx', 0o600);
    writeSync(fd, text);
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes `path` when it holds `raw`: for a file only its owner removes (its own lock, its own claim). */
function removeIf(path: string, raw: string): void {
  if (readRaw(path) === raw) rmSync(path, { force: true });
}

/** The claim on taking over the dead lock file whose text is `raw`: a name of its own per dead lock. */
export function claimPath(path: string, raw: string): string {
  // node:crypto loaded here, when a dead lock is taken over, not by every command that imports this (~3 ms at start).
  const { createHash } = process.getBuiltinModule('node:crypto');
  return `${path}.break-${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
}

/**
 * Removes the dead lock `raw` at `path` (its claim held): moved aside in one step, then checked, so
 * that a file made meanwhile at `path` (another owner's lock) is never what is removed: it is put
 * back in place (linked: it never replaces a file made at `path` since).
 */
function removeDead(path: string, raw: string, read: Read): void {
  if (readRaw(path, read) !== raw) return; // released, or already taken over
  const aside = temporaryBeside(path, 'dead');
  try {
    moveFileSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  // recursive: a folder in its place is the lock of an earlier fisco (proper-lockfile's, empty), as dead as any.
  if (readRaw(aside, read) === raw) return rmSync(aside, { force: true, recursive: true });
  try {
    linkSync(aside, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (!NO_HARD_LINKS.has(code)) {
      // Yet another lock was made in its place meanwhile (only a process that ignored the claim could have let it): that one stands.
      if (code === 'EEXIST') return rmSync(aside, { force: true, recursive: true });
      throw error;
    }
    if (!existsSync(path)) moveFileSync(aside, path);
  }
  rmSync(aside, { force: true, recursive: true });
}

/**
 * Takes over the lock `raw` found dead, once: under its own claim (claimPath), which one process
 * wins; a claim whose taker died is taken over first, the same way. False while a live process
 * holds the claim (it is taking the lock over: wait for the new owner).
 */
function breakDead(path: string, raw: string, read: Read): boolean {
  const claim = claimPath(path, raw);
  const mine = `${JSON.stringify(me())}\n`;
  if (!createExclusive(claim, mine)) {
    const other = readRaw(claim, read);
    if (other === undefined) return true; // let go meanwhile: look again
    if (isDeadFile(claim, other)) return breakDead(claim, other, read);
    return false;
  }
  try {
    removeDead(path, raw, read);
  } finally {
    removeIf(claim, mine);
  }
  return true;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LockAbortedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LockAbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const held = new Set<HeldLock>();

/** Takes the lock at `path`, waiting (without blocking) for a live owner up to `timeoutMs`. */
export async function acquireLock(path: string, options: LockOptions): Promise<HeldLock> {
  const started = Date.now();
  for (;;) {
    if (options.signal?.aborted) throw new LockAbortedError();
    const text = `${JSON.stringify(me())}\n`;
    if (createExclusive(path, text)) {
      const lock: HeldLock = {
        path,
        release() {
          if (!held.delete(lock)) return;
          removeIf(path, text);
        },
      };
      held.add(lock);
      return lock;
    }
    const raw = readRaw(path, options.read);
    if (raw === undefined) continue; // released meanwhile: try again at once
    const owner = parseOwner(raw);
    if (isDeadFile(path, raw) && breakDead(path, raw, options.read ?? readText)) continue;
    const waited = Date.now() - started;
    if (waited >= options.timeoutMs) throw new LockBusyError(path, owner, waited);
    await sleep(Math.min(15 + Math.floor(Math.random() * 35), Math.max(1, options.timeoutMs - waited)), options.signal);
  }
}

/** Lets go of every lock this process holds: for a process about to exit at once (Ctrl-C with nothing to finish). */
export function releaseHeldLocks(): void {
  for (const lock of [...held]) lock.release();
}

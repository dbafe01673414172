/**
 * The one crash-safe journal (bank apply, batch invoicing, invoice create, dunning send): an append-only file of
 * chained JSON lines (format.ts), each flushed to disk (fsync) before the write request it
 * announces is sent, sealed after every line (seal.ts), locked between processes (src/io/lock.ts),
 * keyed by what it protects. A re-run reads it back and knows, per record, whether its write was
 * done, refused, never sent, or in flight when the last run died.
 *
 * Opening for writing checks the whole chain and the seal: a journal cut, emptied, deleted, with
 * lines lost or edited stops the run (exit 2, naming the line) unless `rebuild`
 * (`--rebuild-from-service`): then the verified lines are kept, the damaged file is moved aside,
 * and the run's lookup settles the rest from the service. A crash can only tear the LAST line (an
 * append the seal never covered): it is dropped. A journal of an earlier fisco (version 1, no
 * chain) is read as it is and rewritten in the checked format on first open for writing.
 *
 * Read-only users (`--status`, `bank match`) use readJournal(): no lock, no write, no truncation.
 */
import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ExitCode, FiscoError, LocalWriteError } from '../errors.js';
import { fsyncDirSync, mkdirDurableSync, moveFileSync, writeFileDurableSync } from '../io/durable.js';
import { acquireLock, describeOwner, LockBusyError, type HeldLock } from '../io/lock.js';
import {
  chainedLine,
  describeHeader,
  entryFields,
  foreignHeader,
  headerLine,
  lineHash,
  parseJournal,
  type Damage,
  type JournalEntry,
  type JournalHeader,
  type ParsedLine,
} from './format.js';
import { readSeal, SealWriter, sealExists, sealPath, type Seal } from './seal.js';
import { t, verbatim, type Text } from '../i18n/message.js';

export type { JournalEntry, JournalHeader, JournalKind, JournalState } from './format.js';
export { journalPath } from './path.js';

/** A journal that cannot be used: another batch's, not a journal, or locked by a live fisco. Nothing was sent. */
export class JournalError extends FiscoError {
  constructor(message: Text, hints: Text[] = []) {
    super(message, ExitCode.usage, hints);
  }
}

/** A journal whose chain or seal shows damage: nothing was sent; `--rebuild-from-service` rebuilds it. */
export class JournalDamagedError extends JournalError {
  constructor(
    readonly path: string,
    readonly damage: Damage,
  ) {
    super(t`the journal ${path} is damaged at line ${damage.line}: ${damage.why}; fisco left it unchanged and sent nothing`, [
      t`Run the same command again with --rebuild-from-service: the verified lines are kept, the damaged file is kept beside it,`,
      t`and every record the journal does not show as settled is looked up on the service before anything is sent (never twice).`,
    ]);
  }
}

/**
 * A journal line that could not be written whole (a full disk: ENOSPC, EDQUOT; a short write; an
 * I/O error): the run stops at once, and the journal takes no line after it (the part written is
 * cut off). A request's 'sending' line (or any line but an outcome 'done'): its request was not
 * sent, nor anything after it: exit 2, as for a mirror that cannot be written. A 'done' line: the
 * write was carried out but the journal still shows it in flight: exit 12, the next run looks it
 * up on the service first.
 */
export function journalUnwritable(path: string, cause: Text, code: string | undefined, line: 'sending' | 'done' | 'other'): FiscoError {
  const hint = t`Make room (or repair the disk) and run the same command again: what the journal shows in flight is looked up on the service first, never sent twice.`;
  if (line === 'done')
    return new LocalWriteError(
      t`cannot write the journal ${path}: ${cause}; the request was carried out but the journal still shows it in flight; fisco sent nothing more`,
      [hint],
      code,
    );
  return new JournalError(
    line === 'sending'
      ? t`cannot write the journal ${path}: ${cause}; the request it was to announce was not sent, nor anything after it`
      : t`cannot write the journal ${path}: ${cause}; fisco sent nothing more`,
    [hint],
  );
}

/** What kept a line from being written, in words. */
function unwrittenCause(error: unknown): { cause: Text; code?: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return { cause: t`the disk is full (${code})`, code };
  return { cause: code ? t`the file system refused it (${code})` : verbatim(String((error as Error | undefined)?.message ?? error)), code };
}

const DEFAULT_LOCK_TIMEOUT_MS = 10_000;

/** What a journal holds, as read: the latest entry per key and the notes. */
export class JournalRecords {
  protected readonly latest = new Map<string, JournalEntry>();
  protected readonly notes = new Map<string, Record<string, unknown>>();

  protected take(line: ParsedLine): void {
    if (line.entry) {
      this.latest.delete(line.entry.key);
      this.latest.set(line.entry.key, line.entry);
    } else if (line.note) this.notes.set(line.note.name, line.note.value);
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

  /** A note written by `note()` (what a lookup needs later), or undefined. */
  noteOf(name: string): Record<string, unknown> | undefined {
    return this.notes.get(name);
  }

  /** Nothing of its batch: no entry and no note (a first run, or a run after the journal and its seal were both lost). */
  isBlank(): boolean {
    return this.latest.size === 0 && this.notes.size === 0;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new JournalError(t`cannot read the journal ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function notAJournal(path: string): JournalError {
  return new JournalError(t`${path} is not a fisco journal (line 1); fisco left it unchanged and sent nothing`, [
    t`Move it away only after checking on the service what it recorded.`,
  ]);
}

/** The damage a seal shows on a journal whose own chain holds: lines lost at the end, or the last sealed line edited. */
function sealDamage(lines: readonly ParsedLine[], headerText: string, seal: Seal | undefined): Damage | undefined {
  if (!seal) return undefined;
  const count = lines.length;
  if (seal.seq > count)
    return { line: count + 2, why: t`the journal ends at line ${count + 1}, but its seal says line ${seal.seq + 1} was written: its last lines are lost` };
  const text = seal.seq === 0 ? headerText : lines[seal.seq - 1]!.text;
  if (lineHash(text) !== seal.hash) return { line: seal.seq + 1, why: t`it is not the line that was written (its seal holds another hash): it was edited` };
  return undefined;
}

export interface ReadJournal extends JournalRecords {
  /** Written by fisco before the chain (version 1): read as it is, unchecked. */
  readonly unchained: boolean;
  /** Damage found: the entries are those of the verified lines before it. */
  readonly damage?: Damage;
}

/**
 * The journal as it is, for a reader (`--status`, `bank match`): no lock, nothing written or cut.
 * Undefined when there is no journal and no seal says there was one.
 */
export function readJournal(path: string, header: JournalHeader): ReadJournal | undefined {
  const seal = readSeal(path); // before the file: a writer writes the line, then the seal
  const text = readText(path);
  const records = new (class extends JournalRecords {
    unchained = false;
    damage?: Damage;
    add(line: ParsedLine) {
      this.take(line);
    }
  })();
  if (text === undefined || text === '') {
    if (!seal || seal.seq === 0) return text === undefined ? undefined : records;
    records.damage = {
      line: 1,
      why:
        text === undefined
          ? t`the journal is missing, but its seal says ${seal.seq + 1} lines were written`
          : t`the journal is empty, but its seal says ${seal.seq + 1} lines were written`,
    };
    return records;
  }
  const parsed = parseJournal(text);
  if (!parsed) throw notAJournal(path);
  const foreign = foreignHeader(parsed.header, header);
  if (foreign) throw new JournalError(t`the journal ${path} belongs to ${foreign}, not to ${describeHeader(header)}`);
  for (const line of parsed.lines) records.add(line);
  records.unchained = parsed.version === 1;
  records.damage = parsed.damage ?? (parsed.version === 2 ? sealDamage(parsed.lines, parsed.headerText, seal) : undefined);
  return records;
}

export interface OpenOptions {
  lockTimeoutMs?: number;
  /** Ends the wait for the lock at once. */
  signal?: AbortSignal;
  /** `--rebuild-from-service`: a damaged journal is rebuilt from its verified lines instead of refused. */
  rebuild?: boolean;
  /** Told what a person should know: an earlier fisco's journal migrated, a rebuild, a lost seal written again. */
  warn?: (line: Text) => void;
  /** The lock of the same work under any profile name (path.ts sharedLockPath), taken before the journal's own. */
  sharedLock?: string;
  /** Writes a line's bytes at the end of the journal, returning how many were written: node's writeSync (a test gives one that fails, as a full disk does). */
  writeLine?: (fd: number, bytes: Uint8Array) => number;
}

/** What opening found, for the run: when it began, and whether it was rebuilt (records not settled may have been in flight until `lastAt`). */
interface Prepared {
  created: string;
  lines: ParsedLine[];
  rebuilt?: { aside?: string; lastAt?: string };
}

export class Journal extends JournalRecords {
  private seq: number;
  private prev: string;
  private closed = false;
  /** A line that could not be written whole: every later write is refused with the same error. */
  private broken?: FiscoError;
  /** When the batch (or company's journal) began: its header's `created`. */
  readonly began: string;
  /** Set when this run rebuilt a damaged journal (--rebuild-from-service). */
  readonly rebuilt?: { aside?: string; lastAt?: string };

  private constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly seal: SealWriter,
    private readonly lock: HeldLock,
    prepared: Prepared,
    headerText: string,
    private readonly writeLine: (fd: number, bytes: Uint8Array) => number,
  ) {
    super();
    this.began = prepared.created;
    this.rebuilt = prepared.rebuilt;
    this.seq = prepared.lines.length;
    this.prev = lineHash(prepared.lines.at(-1)?.text ?? headerText);
    for (const line of prepared.lines) this.take(line);
  }

  static async open(path: string, header: JournalHeader, options: OpenOptions = {}): Promise<Journal> {
    mkdirDurableSync(dirname(path));
    const lock = await takeLocks(path, header, options);
    let fd: number | undefined;
    let seal: SealWriter | undefined;
    try {
      const prepared = prepare(path, header, options);
      fd = openSync(path, 'a', 0o600);
      seal = SealWriter.open(path);
      const headerText = readFileSync(path, 'utf8').split('\n', 1)[0]!;
      return new Journal(path, fd, seal, lock, prepared, headerText, options.writeLine ?? ((fd, bytes) => writeSync(fd, bytes)));
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      seal?.close();
      lock.release();
      throw error;
    }
  }

  /**
   * Writes one line, whole, flushed, then the seal. A line written short or refused (a full disk)
   * is cut off again and is an error (journalUnwritable) before anything it announces is sent;
   * the journal takes no line after it.
   */
  private append(fields: Record<string, unknown>, at: string, line: 'sending' | 'done' | 'other'): void {
    // eslint-disable-next-line no-restricted-syntax -- a bug in fisco (a write after close), never a message for a person
    if (this.closed) throw new Error(`journal ${this.path} is closed`);
    if (this.broken) throw this.broken;
    const text = chainedLine(this.seq + 1, this.prev, fields);
    const bytes = Buffer.from(`${text}\n`, 'utf8');
    let size: number | undefined;
    let lineDone = false;
    let failure: { cause: Text; code?: string };
    try {
      size = fstatSync(this.fd).size;
      const written = this.writeLine(this.fd, bytes);
      if (written === bytes.length) {
        fsyncSync(this.fd);
        lineDone = true;
        this.seq += 1;
        this.prev = lineHash(text);
        this.seal.write({ seq: this.seq, hash: this.prev, began: this.began, at });
        return;
      }
      failure = { cause: t`the line was written short (${written} of ${bytes.length} bytes)` };
    } catch (error) {
      failure = unwrittenCause(error);
    }
    // The part of the line written is cut off. A line whose seal failed stays: its seal may be on the disk
    // already, and a journal shorter than its seal is damaged (a re-open brings a seal behind up to the line).
    if (size !== undefined && !lineDone)
      try {
        ftruncateSync(this.fd, size);
        fsyncSync(this.fd);
      } catch {
        /* left torn: the next open drops a torn last line */
      }
    this.broken = journalUnwritable(this.path, failure.cause, failure.code, line);
    throw this.broken;
  }

  /** Appends one entry and flushes it (and the seal) to disk before resolving. A 'sending' entry records its instant as `sentAt`. */
  async write(entry: Omit<JournalEntry, 'at'>): Promise<void> {
    const full: JournalEntry = { ...entry, at: new Date().toISOString() };
    for (const key of Object.keys(full) as (keyof JournalEntry)[]) if (full[key] === undefined) delete full[key];
    if (full.state === 'sending' && full.sentAt === undefined) full.sentAt = full.at;
    this.append(entryFields(full), full.at, full.state === 'sending' || full.state === 'done' ? full.state : 'other');
    this.take({ seq: this.seq, text: '', entry: full });
  }

  /** Appends an entry of another journal as it was written (its instant kept): a journal moved into this one (moveJournal). */
  async copy(entry: JournalEntry): Promise<void> {
    this.append(entryFields(entry), entry.at, 'other');
    this.take({ seq: this.seq, text: '', entry });
  }

  /** Records what a later lookup needs (the invoices that matched before the first send), once per name. */
  async note(name: string, value: Record<string, unknown>): Promise<void> {
    const at = new Date().toISOString();
    this.append({ note: name, value, at }, at, 'other');
    this.notes.set(name, value);
  }

  /**
   * Until when a request of an earlier run may still reach the service although this journal does
   * not show it: the last line of a rebuilt journal, or the instant a batch whose journal and seal
   * were both lost was adopted (note `origin`, written by src/invoice/batch-origin.ts).
   */
  get inFlightUntil(): string | undefined {
    const adopted = this.noteOf('origin');
    return this.rebuilt?.lastAt ?? (adopted?.decision === 'adopt' && typeof adopted.at === 'string' ? adopted.at : undefined);
  }

  /** Releases the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    this.seal.close();
    this.lock.release();
  }

  /** Removes a journal whose every record is settled (the seal first: a crash between leaves a journal that only lacks its seal), then releases the lock. */
  async discard(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    this.seal.close();
    try {
      rmSync(sealPath(this.path), { force: true });
      rmSync(this.path, { force: true });
      fsyncDirSync(dirname(this.path));
    } finally {
      this.lock.release();
    }
  }
}

/**
 * Moves the journal at `from` to `to`, its header now `to`'s (a profile renamed by `auth login`,
 * src/journal/move.ts): both locked, the source checked whole (a damaged one is refused and stays),
 * then written at `to` re-chained with every line (their instants kept), sealed, and only then the
 * source removed (its seal first). A crash between leaves both, never neither. When `to` holds a
 * journal already (the new name did the same work), the entries and notes it lacks are added to it.
 */
export async function moveJournal(from: string, fromHeader: JournalHeader, to: string, toHeader: JournalHeader, options: OpenOptions = {}): Promise<void> {
  mkdirDurableSync(dirname(to));
  const source = await takeLock(`${from}.lock`, journalWords(from), options);
  try {
    const found = prepare(from, fromHeader, { ...options, rebuild: false });
    if (readText(to) === undefined && !sealExists(to)) writeFresh(to, toHeader, found.created, found.lines);
    else {
      const target = await Journal.open(to, toHeader, options);
      try {
        // Every line of what `to` lacks, in order (a record's history kept): never a record or note twice.
        const lacking = (line: ParsedLine) => (line.entry ? !target.get(line.entry.key) : !target.noteOf(line.note!.name));
        for (const line of found.lines.filter(lacking))
          if (line.entry) await target.copy(line.entry);
          else await target.note(line.note!.name, line.note!.value);
      } finally {
        await target.close();
      }
    }
    rmSync(sealPath(from), { force: true });
    rmSync(from, { force: true });
    fsyncDirSync(dirname(from));
  } finally {
    source.release();
  }
}

/** What a wait for a lock says: while waiting, and when it ran out. */
interface LockWords {
  /** What `cannot lock …` names. */
  name: string;
  waiting(owner: Text, seconds: number): Text;
  busy(owner: Text, seconds: number): Text;
}

const journalWords = (path: string): LockWords => ({
  name: path,
  waiting: (owner, s) => t`the journal ${path} is in use by fisco ${owner}: waiting for it (up to ${s} s)`,
  busy: (owner, s) => t`the journal ${path} is in use by fisco ${owner}; waited ${s} s and sent nothing`,
});

/** The shared lock (when given), then the journal's own: one held lock that releases both. */
async function takeLocks(path: string, header: JournalHeader, options: OpenOptions): Promise<HeldLock> {
  if (options.sharedLock === undefined) return takeLock(`${path}.lock`, journalWords(path), options);
  mkdirDurableSync(dirname(options.sharedLock));
  const work = `${header.kind} ${header.id}`;
  const shared = await takeLock(
    options.sharedLock,
    {
      name: options.sharedLock,
      waiting: (owner, s) =>
        t`the same work (${work}) is in progress in fisco ${owner}, perhaps under another profile name for this service: waiting for it (up to ${s} s)`,
      busy: (owner, s) =>
        t`the same work (${work}) is in progress in fisco ${owner}, perhaps under another profile name for this service; waited ${s} s and sent nothing`,
    },
    options,
  );
  try {
    const own = await takeLock(`${path}.lock`, journalWords(path), options);
    return {
      path: own.path,
      release() {
        own.release();
        shared.release();
      },
    };
  } catch (error) {
    shared.release();
    throw error;
  }
}

async function takeLock(lockPath: string, words: LockWords, options: OpenOptions): Promise<HeldLock> {
  const timeoutMs = options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  const seconds = Math.round(timeoutMs / 1000);
  try {
    try {
      return await acquireLock(lockPath, { timeoutMs: 0, signal: options.signal });
    } catch (error) {
      if (!(error instanceof LockBusyError) || timeoutMs === 0) throw error;
      // Held by a live fisco: said once, so a run that waits never looks stuck.
      options.warn?.(words.waiting(describeOwner(error.owner), seconds));
    }
    return await acquireLock(lockPath, { timeoutMs, signal: options.signal });
  } catch (error) {
    if (error instanceof LockBusyError)
      throw new JournalError(words.busy(describeOwner(error.owner), seconds), [t`Run the command again when the other one has finished.`]);
    if (error instanceof Error && 'code' in error)
      throw new JournalError(t`cannot lock the journal ${words.name} (${String((error as NodeJS.ErrnoException).code)})`);
    throw error;
  }
}

/** A new version-2 journal holding `lines` (re-chained), written whole and durably, with both seal slots. */
function writeFresh(path: string, header: JournalHeader, created: string, lines: readonly ParsedLine[]): ParsedLine[] {
  const texts = [headerLine(header, created)];
  const out: ParsedLine[] = [];
  for (const line of lines) {
    const fields = line.entry ? entryFields(line.entry) : { note: line.note!.name, value: line.note!.value, at: line.note!.at };
    const text = chainedLine(out.length + 1, lineHash(texts.at(-1)!), fields);
    texts.push(text);
    out.push({ ...line, seq: out.length + 1, text });
  }
  writeFileDurableSync(path, `${texts.join('\n')}\n`, { mode: 0o600 });
  const seal = SealWriter.open(path);
  try {
    const last = out.at(-1);
    seal.reset({ seq: out.length, hash: lineHash(texts.at(-1)!), began: created, at: last?.entry?.at ?? last?.note?.at ?? created });
  } finally {
    seal.close();
  }
  fsyncDirSync(dirname(path));
  return out;
}

/** Checks the journal on disk and leaves a verified version-2 file and seal: new, migrated, trimmed of a torn line, or rebuilt. */
function prepare(path: string, header: JournalHeader, options: OpenOptions): Prepared {
  const seal = readSeal(path);
  let text = readText(path);
  // Only a header was being written when an earlier fisco died (version 1 wrote it in place): nothing can follow it.
  if (text !== undefined && !text.includes('\n') && text.startsWith('{"journal"') && parseJournal(text) === undefined && !(seal && seal.seq > 0)) text = '';
  if (text === undefined || text === '') {
    if (seal && seal.seq > 0) {
      const why =
        text === undefined
          ? t`the journal is missing (deleted or moved), but its seal says ${seal.seq + 1} lines were written`
          : t`the journal is empty, but its seal says ${seal.seq + 1} lines were written`;
      return damaged(path, header, { line: 1, why }, { created: seal.began, lines: [], seal }, options);
    }
    const created = new Date().toISOString();
    return { created, lines: writeFresh(path, header, created, []) };
  }
  const parsed = parseJournal(text);
  if (!parsed) throw notAJournal(path);
  const foreign = foreignHeader(parsed.header, header);
  if (foreign) throw new JournalError(t`the journal ${path} belongs to ${foreign}, not to ${describeHeader(header)}; fisco left it unchanged and sent nothing`);
  const created = typeof parsed.header.created === 'string' ? parsed.header.created : (seal?.began ?? new Date().toISOString());
  const found = { created, lines: parsed.lines, seal };
  if (parsed.damage) return damaged(path, header, parsed.damage, found, options);
  if (parsed.version === 1) {
    options.warn?.(
      t`the journal ${path} was written by an earlier fisco, without the chain that shows damage: read as it is (${parsed.lines.length} lines) and rewritten in the checked format`,
    );
    return { created, lines: writeFresh(path, header, created, parsed.lines) };
  }
  if (parsed.torn && seal && seal.seq > parsed.lines.length)
    return damaged(path, header, { line: parsed.lines.length + 2, why: t`the line the seal covers last is cut short` }, found, options);
  const damage = sealDamage(parsed.lines, parsed.headerText, seal);
  if (damage) return damaged(path, header, damage, found, options);
  trimAndSeal(path, parsed, seal, created, options);
  return { created, lines: parsed.lines };
}

/** Drops a torn last line (a crash mid-append), ends the file with its newline, and brings the seal up to the last line. */
function trimAndSeal(path: string, parsed: NonNullable<ReturnType<typeof parseJournal>>, seal: Seal | undefined, created: string, options: OpenOptions): void {
  const size = statSync(path).size;
  // Torn: cut back to the verified lines. Or the last line lacks only its newline: add it.
  if (parsed.torn || size === parsed.goodBytes - 1) {
    const fd = openSync(path, 'r+');
    try {
      if (parsed.torn) ftruncateSync(fd, parsed.goodBytes);
      else writeSync(fd, '\n', size);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  const count = parsed.lines.length;
  if (seal && seal.seq === count) return;
  if (!seal && count > 0)
    options.warn?.(
      sealExists(path)
        ? t`the seal of the journal ${path} was unreadable: written again from its ${count + 1} lines`
        : t`the seal of the journal ${path} was missing: written again from its ${count + 1} lines`,
    );
  const writer = SealWriter.open(path);
  try {
    const last = parsed.lines.at(-1);
    const hash = lineHash(last?.text ?? parsed.headerText);
    const at = last?.entry?.at ?? last?.note?.at ?? created;
    if (seal) writer.write({ seq: count, hash, began: created, at });
    else writer.reset({ seq: count, hash, began: created, at });
  } finally {
    writer.close();
  }
  if (!seal) fsyncDirSync(dirname(path));
}

/** Damage: refused (exit 2), or with `rebuild` the verified lines kept in a fresh journal and the damaged file moved aside. */
function damaged(
  path: string,
  header: JournalHeader,
  damage: Damage,
  found: { created: string; lines: ParsedLine[]; seal?: Seal },
  options: OpenOptions,
): Prepared {
  if (!options.rebuild) throw new JournalDamagedError(path, damage);
  let aside: string | undefined;
  let lastAt = found.seal?.at;
  try {
    lastAt ??= statSync(path).mtime.toISOString();
    aside = `${path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    moveFileSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    aside = undefined;
  }
  const lines = writeFresh(path, header, found.created, found.lines);
  const verified = lines.length === 1 ? t`its 1 verified line` : t`its ${lines.length} verified lines`;
  options.warn?.(
    aside
      ? t`rebuilt the journal ${path} (damaged at line ${damage.line}: ${damage.why}) from ${verified}; the damaged file is kept as ${aside}; every record it does not show as settled is looked up on the service first`
      : t`rebuilt the journal ${path} (damaged at line ${damage.line}: ${damage.why}) from ${verified}; every record it does not show as settled is looked up on the service first`,
  );
  return { created: found.created, lines, rebuilt: { aside, lastAt } };
}

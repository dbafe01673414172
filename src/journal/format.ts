/**
 * The journal's file format (pure: text in, lines or the place of the damage out).
 *
 * Version 2, a chain: every line carries its sequence number and the hash of the line before it,
 *   line 1: { "journal": "fisco", "version": 2, "seq": 0, "kind", "id", "profile", "account", "created" }
 *   then  : { "seq": n, "prev": hash(line n), "key", "state", "at", "hash"?, "result"?, "message"?,
 *             "context"?, "sentAt"?, "timeoutMs"? }   (latest per key wins)
 *       or: { "seq": n, "prev": …, "note": NAME, "value": {…}, "at" }  (what a lookup needs later)
 * so a line removed, added or edited anywhere breaks the chain at the line after it; the seal
 * (seal.ts) covers the last line and the number of lines.
 *
 * Version 1 (fisco before the chain) has no seq and no prev: it is read as it is, unchained.
 */
import { createHash } from 'node:crypto';
import { type Message, t, type Text } from '../i18n/message.js';
import { isReason, type Reason } from './reason.js';

/** Every kind of journal (a profile's journals of each kind move with it when it is renamed: move.ts). */
export const JOURNAL_KINDS = ['bank', 'batch', 'create', 'dunning', 'pay', 'mcp'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];
export type JournalState = 'sending' | 'done' | 'refused' | 'unknown' | 'absent' | 'skipped';
export const STATES: readonly JournalState[] = ['sending', 'done', 'refused', 'unknown', 'absent', 'skipped'];
export const JOURNAL_VERSION = 2;

export interface JournalEntry {
  /** The record's identity (batch: the ref; bank: movement key + '>' + invoice uuid; create: the body's hash + attempt). */
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
  /**
   * Why, as data (src/journal/reason.ts): a skip, an unknown outcome, what a lookup found or did not
   * find (src/journal/words.ts words the engine's own codes); `message` is its English words.
   */
  reason?: Reason;
  /** What settling needs later (amount paid before, the lookup window…). */
  context?: Record<string, unknown>;
  /** When the request of this attempt was announced ('sending'); kept on every later entry of the attempt. */
  sentAt?: string;
  /** The overall deadline (ms) of that request, as the run that sent it had it (--timeout). */
  timeoutMs?: number;
}

export interface JournalHeader {
  kind: JournalKind;
  id: string;
  profile: string;
  account?: string;
}

export interface ParsedLine {
  seq: number;
  text: string;
  entry?: JournalEntry;
  note?: { name: string; value: Record<string, unknown>; at: string };
}

export interface Damage {
  /** 1-based line number where the file stops being trustworthy (the lines before it are verified). */
  line: number;
  why: Text;
}

export interface ParsedJournal {
  version: 1 | 2;
  /** The header line's fields. */
  header: Record<string, unknown>;
  headerText: string;
  /** Verified lines after the header, in order (up to the damage, when there is one). */
  lines: ParsedLine[];
  /** Bytes of the verified part, header included, each line with its newline (a torn last line is after them). */
  goodBytes: number;
  /** The last line was cut by a crash mid-append (it is not part of `lines`). */
  torn: boolean;
  damage?: Damage;
}

/** The chain's hash of one line's text (without its newline). */
export function lineHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An entry line's fields, checked; undefined when they are not an entry's. */
export function checkEntry(raw: Record<string, unknown>): JournalEntry | undefined {
  if (typeof raw.key !== 'string' || !STATES.includes(raw.state as JournalState) || typeof raw.at !== 'string') return undefined;
  for (const field of ['hash', 'message', 'sentAt'] as const) if (raw[field] !== undefined && typeof raw[field] !== 'string') return undefined;
  if (raw.reason !== undefined && !isReason(raw.reason)) return undefined;
  if (raw.timeoutMs !== undefined && (typeof raw.timeoutMs !== 'number' || !(raw.timeoutMs >= 0))) return undefined;
  for (const field of ['result', 'context'] as const) if (raw[field] !== undefined && !isPlainObject(raw[field])) return undefined;
  const entry: JournalEntry = { key: raw.key, state: raw.state as JournalState, at: raw.at };
  if (raw.hash !== undefined) entry.hash = raw.hash as string;
  if (raw.result !== undefined) entry.result = raw.result as Record<string, unknown>;
  if (raw.message !== undefined) entry.message = raw.message as string;
  if (raw.context !== undefined) entry.context = raw.context as Record<string, unknown>;
  if (raw.reason !== undefined) entry.reason = raw.reason as Reason;
  if (raw.sentAt !== undefined) entry.sentAt = raw.sentAt as string;
  if (raw.timeoutMs !== undefined) entry.timeoutMs = raw.timeoutMs as number;
  return entry;
}

/** One line of either version, checked: an entry or a note (undefined when it is neither). */
function lineOf(raw: unknown, seq: number, text: string): ParsedLine | undefined {
  if (!isPlainObject(raw)) return undefined;
  if (typeof raw.note === 'string') {
    if (!isPlainObject(raw.value) || typeof raw.at !== 'string') return undefined;
    return { seq, text, note: { name: raw.note, value: raw.value, at: raw.at } };
  }
  const entry = checkEntry(raw);
  return entry ? { seq, text, entry } : undefined;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What a header says it is: 1 or 2, or undefined when the line is not a fisco journal's header. */
export function headerVersion(header: unknown): 1 | 2 | undefined {
  if (!isPlainObject(header) || header.journal !== 'fisco') return undefined;
  if (header.version === 1) return 1;
  if (header.version === JOURNAL_VERSION && header.seq === 0) return 2;
  return undefined;
}

/**
 * Splits and checks a journal's text (not empty). Returns undefined when line 1 is not a fisco
 * journal's header. A last line without its newline that does not parse is a crash mid-append
 * (`torn`); anything else that does not parse, or does not follow the line before it, is damage.
 */
export function parseJournal(text: string): ParsedJournal | undefined {
  const complete = text.endsWith('\n');
  const raw = text.split('\n');
  if (complete) raw.pop();
  const header = tryJson(raw[0] ?? '');
  const version = headerVersion(header);
  if (version === undefined) return undefined;
  const out: ParsedJournal = { version, header: header as Record<string, unknown>, headerText: raw[0]!, lines: [], goodBytes: 0, torn: false };
  out.goodBytes = Buffer.byteLength(raw[0]!, 'utf8') + 1;
  let prev = lineHash(raw[0]!);
  for (let i = 1; i < raw.length; i++) {
    const textLine = raw[i]!;
    const last = i === raw.length - 1;
    const parsed = tryJson(textLine);
    const line = lineOf(parsed, i, textLine);
    if (!line) {
      if (last && !complete) out.torn = true;
      else out.damage = { line: i + 1, why: 'it is not a journal line' };
      break;
    }
    if (version === 2) {
      const fields = parsed as Record<string, unknown>;
      if (fields.seq !== i) {
        out.damage = { line: i + 1, why: t`it carries sequence number ${String(fields.seq)} where ${i} belongs: a line before it was removed or added` };
        break;
      }
      if (fields.prev !== prev) {
        // Line i (the one before) is not what was written, or lines after it were removed: it is not trusted either.
        if (i > 1) {
          const dropped = out.lines.pop()!;
          out.goodBytes -= Buffer.byteLength(dropped.text, 'utf8') + 1;
        }
        out.damage = { line: i, why: t`line ${i + 1} does not follow it: it was edited, or lines after it were removed` };
        break;
      }
      prev = lineHash(textLine);
    }
    out.lines.push(line);
    out.goodBytes += Buffer.byteLength(textLine, 'utf8') + 1;
  }
  return out;
}

/** A header's identity against the one expected; a description of whose it is when it differs. */
export function foreignHeader(header: Record<string, unknown>, expected: JournalHeader): Message | undefined {
  const same =
    header.kind === expected.kind &&
    header.id === expected.id &&
    header.profile === expected.profile &&
    (header.account ?? null) === (expected.account ?? null);
  if (same) return undefined;
  return describeHeader({
    kind: header.kind as JournalKind,
    id: String(header.id),
    profile: String(header.profile),
    account: (header.account as string | null) ?? undefined,
  });
}

export function describeHeader(header: JournalHeader): Message {
  return header.account
    ? t`${header.kind} ${header.id} of profile ${header.profile}, company ${header.account}`
    : t`${header.kind} ${header.id} of profile ${header.profile}`;
}

/** The header line of a new version-2 journal. */
export function headerLine(header: JournalHeader, created: string): string {
  return JSON.stringify({
    journal: 'fisco',
    version: JOURNAL_VERSION,
    seq: 0,
    kind: header.kind,
    id: header.id,
    profile: header.profile,
    account: header.account ?? null,
    created,
  });
}

/** The text of line `seq` after a line whose hash is `prev`. */
export function chainedLine(seq: number, prev: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ seq, prev, ...fields });
}

/** The fields an entry is written with (seq and prev are the chain's). */
export function entryFields(entry: JournalEntry): Record<string, unknown> {
  const out: Record<string, unknown> = { key: entry.key, state: entry.state, at: entry.at };
  if (entry.hash !== undefined) out.hash = entry.hash;
  if (entry.result !== undefined) out.result = entry.result;
  if (entry.message !== undefined) out.message = entry.message;
  if (entry.context !== undefined) out.context = entry.context;
  if (entry.reason !== undefined) out.reason = entry.reason;
  if (entry.sentAt !== undefined) out.sentAt = entry.sentAt;
  if (entry.timeoutMs !== undefined) out.timeoutMs = entry.timeoutMs;
  return out;
}

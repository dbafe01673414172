/**
 * Every failure fisco reports is one of these; cli.ts turns them into one message and the
 * exit code of docs/troubleshooting.md ("Exit codes"), in one place.
 */
import { Message, t, verbatim, type Text } from './i18n/message.js';
export const ExitCode = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  conflict: 5,
  rejected: 6,
  rateLimited: 7,
  network: 8,
  outcomeUnknown: 9,
  notConfirmed: 10,
  /** A run over several companies where some failed; the summary names them. */
  partial: 11,
  /** A local file or folder could not be written after the work was done; the message names the path. */
  localWrite: 12,
  /** Stopped by Ctrl-C (SIGINT), as shells report it (128 + 2). */
  interrupted: 130,
  /** Stopped by SIGTERM (128 + 15), with the same clean-up as Ctrl-C. */
  terminated: 143,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * A failure fisco reports: its message and hints are Messages (src/i18n/message.ts, rendered in the
 * run's language by cli.ts) or plain text that is not fisco's own. `message` stays the English
 * rendering, for logs, `--debug` stacks and code that reads it.
 */
export class FiscoError extends Error {
  private words: Text;

  constructor(
    message: Text,
    readonly exitCode: ExitCodeValue,
    readonly hints: Text[] = [],
  ) {
    super(String(message));
    this.words = message;
    this.name = new.target.name;
    // `message` is the English rendering of the words; code that assigns it replaces the words (English then).
    Object.defineProperty(this, 'message', {
      get: () => String(this.words),
      set: (text: string) => (this.words = text),
      enumerable: false,
      configurable: true,
    });
  }

  /** The message as a Message (or text), to render in the run's language. */
  get text(): Text {
    return this.words;
  }

  /** Changes the message (a note appended, a company named), in every language at once. */
  reword(change: (text: Text) => Text): this {
    this.words = change(this.words);
    return this;
  }
}

/**
 * A refusal in fisco's words that a caller frames (a statement's amount that a reader reports with
 * its file and line): not an exit code of its own, only the Message.
 */
export class WordedError extends Error {
  constructor(readonly text: Message) {
    super(String(text));
    this.name = 'WordedError';
  }
}

/**
 * The words of any error: its Message when it has one (a FiscoError, a WordedError, a
 * ValidationError), to render in the run's language; else its message (not fisco's words).
 */
export function errorText(error: unknown): Text {
  const text = (error as { text?: unknown } | null)?.text;
  if (text instanceof Message) return text;
  if (error instanceof FiscoError) return error.text;
  return error instanceof Error ? error.message : String(error);
}

/** Bad flags, bad values, missing input: nothing was sent. */
export class UsageError extends FiscoError {
  constructor(message: Text, hints: Text[] = []) {
    super(message, ExitCode.usage, hints);
  }
}

/** The profile store or another local configuration is unusable. */
export class ConfigError extends FiscoError {
  constructor(message: Text, hints: Text[] = []) {
    super(message, ExitCode.usage, hints);
  }
}

export class NotConfirmedError extends FiscoError {
  constructor(message: Text, hints: Text[] = []) {
    super(message, ExitCode.notConfirmed, hints);
  }
}

/** A write that may or may not have happened (exit 9); the message says how to check. */
export class OutcomeUnknownError extends FiscoError {
  constructor(
    message: Text,
    hints: Text[] = [],
    /** The HTTP status (2xx) of an answer that came but could not be read: the write was probably carried out. */
    readonly answered?: number,
    /** The HTTP status (3xx) of a redirect the write was answered with (never followed). */
    readonly redirect?: number,
  ) {
    super(message, ExitCode.outcomeUnknown, hints);
  }
}

/** A local file could not be written after the work was done (permission, disk full, a special file system). */
export class LocalWriteError extends FiscoError {
  constructor(
    message: Text,
    hints: Text[] = [],
    /** The file system's error code (ENOSPC, EACCES…), when one caused it. */
    readonly code?: string,
  ) {
    super(message, ExitCode.localWrite, hints);
  }
}

/**
 * Standard output refused data (a full disk: ENOSPC; a failing device: EIO): exit 12, in one line
 * naming it and the cause. A closed pipe (EPIPE) is not this: the reader stopped, fisco stops quietly.
 */
export function stdoutWriteError(error: unknown): LocalWriteError {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  // `ENOSPC: no space left on device, write`: the code and the system's words, without the call.
  const cause = typeof message === 'string' && code && message.startsWith(`${code}:`) ? message.replace(/, \w+$/, '') : (code ?? String(message ?? error));
  return new LocalWriteError(t`cannot write to standard output (${verbatim(cause)})`, [], code);
}

/** The error a stream holds from a write that failed (a file or device fails in the write call itself); never a closed pipe's. */
export function failedWrite(stream: NodeJS.WritableStream): Error | undefined {
  const errored = (stream as { errored?: Error | null }).errored ?? undefined;
  return errored && (errored as NodeJS.ErrnoException).code !== 'EPIPE' ? errored : undefined;
}

/** Stopped by a signal after finishing (or settling) the write in flight: 130 for SIGINT, 143 for SIGTERM. */
export class InterruptedError extends FiscoError {
  constructor(
    message: Text,
    readonly signal: 'SIGINT' | 'SIGTERM',
    hints: Text[] = [],
  ) {
    super(message, signal === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted, hints);
  }
}

/** Some companies of a run over several failed; the others are complete. The message is the summary. */
export class PartialError extends FiscoError {
  constructor(message: Text, hints: Text[] = []) {
    super(message, ExitCode.partial, hints);
  }
}

export class NetworkError extends FiscoError {
  constructor(
    message: Text,
    override readonly cause?: unknown,
    hints: Text[] = [],
  ) {
    super(message, ExitCode.network, hints);
  }
}

export interface ApiErrorInit {
  status: number;
  code?: string;
  message: Text;
  method: string;
  path: string;
  /** The parsed response body, for commands that need more than the message (409 existing client). */
  body?: unknown;
  retryAfterSeconds?: number;
  hints?: Text[];
}

/** A response from the service with a non-2xx status, whichever of the two error shapes it used. */
export class ApiError extends FiscoError {
  readonly status: number;
  readonly code?: string;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly retryAfterSeconds?: number;

  constructor(init: ApiErrorInit) {
    super(init.message, exitCodeForStatus(init.status), init.hints ?? []);
    this.status = init.status;
    this.code = init.code;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function exitCodeForStatus(status: number): ExitCodeValue {
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  if (status === 409) return ExitCode.conflict;
  if (status === 429) return ExitCode.rateLimited;
  if (status === 422 || status === 400) return ExitCode.rejected;
  if (status >= 500) return ExitCode.network;
  return ExitCode.unexpected;
}

/**
 * An answer that is not what the contract says: not JSON, truncated, HTML, empty, `null`, missing
 * `data`/`meta`, wrong types, a redirect. One class, exit 8, one line naming the request and a
 * short printable excerpt of what came back. A write's 2xx answer that cannot be read is not this
 * but an OutcomeUnknownError (exit 9, `answered`): whether it took effect is for the caller to check.
 * `accepted` stays false (kept for callers that still test it).
 */
export class UnexpectedAnswerError extends FiscoError {
  constructor(
    message: Text,
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly accepted: boolean,
    hints: Text[] = [],
  ) {
    super(message, ExitCode.network, hints);
  }
}

/** The per-request deadline (`--timeout`) or the retry budget of a read ran out. */
export class TimeoutError extends NetworkError {}

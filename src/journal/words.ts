/**
 * The write engine's words for a person: why a write's outcome is unknown, what a lookup found, and
 * a journal state, in the run's language. The journal keeps them as data (an entry's `reason`, a
 * code and its parameters: src/journal/reason.ts) beside their English `message`; what prints an
 * entry asks `entryWords` for its words, so an Italian run reads them in Italian and a journal
 * written before the reasons (a `message` only) still reads as it was written.
 *
 * ONE classifier of the errors that leave a write's outcome unknown (`unknownReason`) serves every
 * journaled write over the API (invoice create and batch, invoice pay, bank apply): each names the
 * kind of write it sent, which chooses its words.
 */
import { ApiError, OutcomeUnknownError, UnexpectedAnswerError } from '../errors.js';
import { enumValue, money, recalled, t, verbatim, type Formatted, type Message, type Text } from '../i18n/message.js';
import type { JournalEntry, JournalState } from './format.js';
import { reason, type Reason } from './reason.js';

/** What a journaled write sent: its words name it (an invoice created, a payment registered). */
export type WriteKind = 'invoice' | 'payment';

const UNKNOWN_CODES = ['answer-unreadable', 'redirected', 'connection-dropped', 'server-error'] as const;
type UnknownCode = (typeof UNKNOWN_CODES)[number];

/**
 * Why a write's outcome is unknown, as data: an answer 2xx that could not be read, a redirect, a
 * connection dropped after the request went, an answer 5xx. Undefined for an error that says the
 * write was not carried out (a refusal, a request never sent).
 */
export function unknownReason(error: unknown, write: WriteKind): Reason | undefined {
  if (error instanceof OutcomeUnknownError) {
    if (error.answered !== undefined) return reason('answer-unreadable', { write, status: error.answered });
    return reason(error.redirect !== undefined ? 'redirected' : 'connection-dropped', { write });
  }
  if (error instanceof ApiError && error.status >= 500) return reason('server-error', { write, status: error.status });
  if (error instanceof UnexpectedAnswerError && error.accepted) return reason('answer-unreadable', { write, status: error.status });
  return undefined;
}

/** The words of each unknown cause, by the kind of write. */
const CAUSES: Record<WriteKind, Record<UnknownCode, (status: string | number) => Message>> = {
  invoice: {
    'answer-unreadable': (status) => t`the service accepted the invoice (HTTP ${status}) but its answer could not be read`,
    redirected: () => t`the service answered the creation with a redirect`,
    'connection-dropped': () => t`the connection dropped after the invoice was sent`,
    'server-error': (status) => t`the service answered HTTP ${status} to the creation`,
  },
  payment: {
    'answer-unreadable': (status) => t`the service accepted the payment (HTTP ${status}) but its answer could not be read`,
    redirected: () => t`the service answered the payment with a redirect`,
    'connection-dropped': () => t`the connection dropped after the payment was sent`,
    'server-error': (status) => t`the service answered HTTP ${status} to the payment`,
  },
};

/** Why a write's outcome is unknown, in a few words of the run's language (--debug shows the whole answer); undefined as unknownReason. */
export function unknownCause(error: unknown, write: WriteKind): { reason: Reason; words: Message } | undefined {
  const why = unknownReason(error, write);
  return why && { reason: why, words: reasonWords(why)! };
}

/** A reason as the journal keeps it: the data, and its English words as the entry's `message`. */
export function journaled(r: Reason): { reason: Reason; message: string } {
  return { reason: r, message: String(reasonWords(r) ?? r.code) };
}

/** The lookup failed after a write whose outcome was unknown (`prior`: the journal's entry of that write). */
export function lookupFailed(prior: JournalEntry | undefined, error: string): Reason {
  // The cause's parameters are kept flat beside its code (a reason's parameters are strings and numbers).
  const cause: Record<string, string | number> = prior?.reason
    ? { cause: prior.reason.code, ...Object.fromEntries(Object.entries(prior.reason.params).map(([k, v]) => [`cause.${k}`, v])) }
    : prior?.message !== undefined
      ? { causeText: prior.message }
      : {};
  return reason('lookup-failed', { error, ...cause });
}

const str = (value: string | number | undefined) => String(value ?? '');
const amount = (value: string | number | undefined): Formatted | string =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? money(value) : str(value);

/** A reason the engine journaled, in the run's language; undefined for a code it did not write. */
export function reasonWords(r: Reason): Message | undefined {
  const p = r.params;
  if ((UNKNOWN_CODES as readonly string[]).includes(r.code)) {
    const words = CAUSES[p.write as WriteKind];
    return words?.[r.code as UnknownCode](p.status ?? '');
  }
  switch (r.code) {
    case 'not-found':
      return t`not found by the lookup of ${str(p.at)}`;
    case 'found':
      return t`found on the service by the lookup`;
    case 'found-after-unknown':
      return t`found by the lookup after an unknown outcome`;
    case 'found-without-line':
      return t`found on the service by the lookup (the journal had no line of it)`;
    case 'found-twin':
      return t`found by the lookup: one of ${p.count} identical records (${verbatim(str(p.names))})`;
    case 'residue-lower':
      return t`found by the lookup: the residue of invoice ${verbatim(str(p.number))} is ${amount(p.due)}, lower than the ${amount(p.seen)} the plan saw by exactly these payments`;
    case 'write-held':
      return t`the lookup found the write ${verbatim(str(p.write))} that ${verbatim(str(p.holder))} already holds: it cannot tell whose it is`;
    case 'lookup-failed': {
      const cause = typeof p.cause === 'string' ? reasonWords(reason(p.cause, paramsOf(p, 'cause.'))) : undefined;
      const said = typeof p.causeText === 'string' ? recalled(p.causeText) : undefined;
      return t`${cause ?? said ?? t`outcome unknown`}; looking it up failed too (${verbatim(str(p.error))})`;
    }
    case 'paid-rose':
      return t`found by the lookup: amount_paid rose from ${amount(p.before)} to ${amount(p.now)}`;
    case 'paid-moved': {
      const moved = t`amount_paid went from ${amount(p.before)} to ${amount(p.now)}, not by the ${amount(p.amount)} sent: check its payments`;
      return p.number === undefined ? moved : t`invoice ${verbatim(str(p.number))}: ${moved}`;
    }
    case 'letter-unconfirmed': {
      // An SMTP server cannot be asked whether a message went out (src/dunning/sender.ts).
      const cause = p.cause === undefined ? t`the run stopped while the letter was being sent` : recalled(str(p.cause));
      return t`${cause}: whether it went out cannot be looked up; check the sent folder or the PEC receipts, then --resolve ${verbatim(str(p.letter))}=sent or =absent`;
    }
    case 'no-longer-listed':
      return t`invoice ${verbatim(str(p.uuid))} is no longer listed`;
    case 'adopted':
      // An entry of an earlier journal (another profile's name), kept in this one (src/dunning/journal.ts adoptLegacy).
      return t`adopted from the journal of ${verbatim(str(p.profile))} (written ${str(p.at)})`;
    default:
      return undefined;
  }
}

function paramsOf(params: Reason['params'], prefix: string): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])));
}

/**
 * What an entry says (why it is unknown, refused, absent, found), in the run's language: its
 * reason's words when the engine wrote one it knows, else its message as written (a service's
 * words, a job's own), translated only where the catalogue holds those words whole.
 */
export function entryWords(entry: JournalEntry | undefined): Text | undefined {
  if (entry === undefined) return undefined;
  const words = entry.reason ? reasonWords(entry.reason) : undefined;
  if (words) return words;
  return entry.message === undefined ? undefined : recalled(entry.message);
}

/** A journal state (`sending`, `unknown`…) as the run's language words it. */
export const stateWord = (state: JournalState): Formatted => enumValue('journal.state', state);

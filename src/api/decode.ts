import type { z } from 'zod';
import { redactPatterns } from '../output/redact.js';
import { safeLine } from '../output/safe-text.js';
import { OutcomeUnknownError, UnexpectedAnswerError } from '../errors.js';
import { parseAnswerJson, TooDeepError } from '../domain/answer-json.js';
import { type Message, t, type Text } from '../i18n/message.js';

/** What came back from one exchange, as the client read it. */
export interface Answer {
  method: string;
  path: string;
  status: number;
  text: string;
  /** The contract answers this write 204 with no body (DELETE /v1/hooks/{id}): any other 2xx proves nothing. */
  noContent?: boolean;
}

export const DEBUG_HINT = t`\`--debug\` shows the whole answer`;

/** A short, printable excerpt of an answer for a one-line message (patterns redacted here; the run's secrets when it is printed). */
export function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max)}…` : flat;
  return safeLine(redactPatterns(cut));
}

/** What an unreadable body is, in a few words. */
function describeText(text: string, parseError: boolean): Message {
  if (text.trim() === '') return t`an empty body`;
  if (/^\s*<(!doctype|html|head|body|\?xml)/i.test(text)) return t`an HTML page ("${excerpt(text)}")`;
  if (parseError && /^\s*[[{"]/.test(text)) return t`truncated or malformed JSON ("${excerpt(text)}")`;
  return t`not JSON ("${excerpt(text)}")`;
}

function describeIssue(issue: z.core.$ZodIssue, text: string): Message {
  const where = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
  if (issue.path.length === 0 && text.trim() === 'null') return t`null instead of a JSON object`;
  // eslint-disable-next-line no-restricted-syntax -- zod's words, not fisco's
  if (/received undefined$/.test(issue.message)) return where ? t`no ${where} ("${excerpt(text)}")` : t`no body ("${excerpt(text)}")`;
  // zod's own words about the shape stay as zod writes them (English): the frame is fisco's.
  return t`${where || t`the body`}: ${issue.message.replace(/^Invalid input: /, '')} ("${excerpt(text)}")`;
}

/**
 * zod can compile an object schema into a function (`new Function`) on its first parse: that pays
 * back over the pages of an export, not for the one answer most commands read, and no code cache
 * keeps it. So a schema's first answer is checked without compiling, the next ones with.
 */
const decodedBefore = new WeakSet<z.ZodType>();

/**
 * Parses and checks a 2xx answer: JSON first, then the contract's schema for what fisco reads.
 * Whatever is not that becomes an UnexpectedAnswerError naming the request and what came back.
 * Without a schema (`fisco api`) any JSON is accepted. An empty body is accepted only for 204
 * and for DELETE, where the contract has none. A write the contract answers 204 with no body
 * (`noContent`) is done only when it is answered so: a 200 or 202 (accepted, maybe not yet done)
 * with or without a body is an unknown outcome, exit 9.
 */
export function decodeAnswer<T>(answer: Answer, schema?: z.ZodType<T>, seeWith?: Text): T {
  const { text, status, method } = answer;
  if (answer.noContent) {
    if (status === 204) return null as T;
    throw unexpected(answer, t`HTTP ${status} where the contract answers 204 with no body`, seeWith);
  }
  if (text.trim() === '' && (status === 204 || method === 'DELETE') && schema === undefined) return null as T;
  let value: unknown;
  try {
    value = parseAnswerJson(text);
  } catch (error) {
    if (error instanceof TooDeepError) throw unexpected(answer, t`an unusable answer: ${error.message}`, seeWith);
    throw unexpected(answer, describeText(text, true), seeWith);
  }
  if (!schema) return value as T;
  const result = schema.safeParse(value, { jitless: !decodedBefore.has(schema) });
  decodedBefore.add(schema);
  if (result.success) return result.data;
  throw unexpected(answer, describeIssue(result.error.issues[0]!, text), seeWith);
}

/**
 * The one error for an answer fisco cannot use. A write's 2xx answer that cannot be read (HTML, cut
 * short, empty, `null`, the wrong shape) is an unknown outcome, exit 9: the service probably acted,
 * but nothing in the answer proves it, so the message says how to check before repeating it.
 */
export function unexpected(answer: Answer, what: Text, seeWith?: Text): UnexpectedAnswerError | OutcomeUnknownError {
  const { method, path, status } = answer;
  if (method !== 'GET' && status >= 200 && status < 300) {
    return new OutcomeUnknownError(
      t`${method} ${path}: the service answered HTTP ${status}, but its answer cannot be read (${what}): the request was probably carried out, and fisco cannot tell; ${DEBUG_HINT}`,
      [seeWith ? t`Check whether it took effect before repeating it. ${seeWith}` : t`Check whether it took effect before repeating it.`],
      status,
    );
  }
  return new UnexpectedAnswerError(t`${method} ${path}: unexpected answer (HTTP ${status}, ${what}); ${DEBUG_HINT}`, method, path, status, false);
}

/**
 * The one place a value the user typed (an id, a uuid, an event key) becomes part of a request
 * path. It is checked first — empty, `/`, `.` or `..`, or a control character would change
 * which resource the request names (`invoice pay ..` would POST to `/pagamenti`) — and then
 * percent-encoded. A refused value is a usage error naming the argument: nothing is sent.
 */
import { safeLine } from '../output/safe-text.js';
import { UsageError } from '../errors.js';
import { t, type Message, type Text } from '../i18n/message.js';

// C0 and C1 controls, DEL, and the bidirectional overrides and isolates that reorder what a terminal shows.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Why `value` cannot name a resource in a path, or undefined when it can. */
export function pathSegmentProblem(value: string): Message | undefined {
  if (value.trim() === '') return t`cannot be empty`;
  if (value === '.' || value === '..') return t`cannot be '${value}'`;
  if (value.includes('/')) return t`cannot contain '/'`;
  if (CONTROL.test(value)) return t`cannot contain control characters`;
  return undefined;
}

/**
 * `value`, checked and percent-encoded for one path segment. `argument` is how the user knows
 * the value (`ID`, `UUID`, `KEY`, `--account`), named in the error.
 */
export function pathSegment(value: string, argument: string): string {
  const problem = pathSegmentProblem(value);
  if (problem)
    throw new UsageError(
      value.trim() === '' ? t`${argument}: ${problem}; nothing was sent` : t`${argument}: ${problem} (got '${safeLine(value)}'); nothing was sent`,
    );
  return encodeURIComponent(value);
}

/** An integer id (the service's API document: DELETE /v1/hooks/{id} takes an integer), checked and encoded. */
export function integerPathSegment(value: string, argument: string, what: Text): string {
  const segment = pathSegment(value, argument);
  if (!/^\d+$/.test(value)) throw new UsageError(t`${argument}: '${safeLine(value)}' is not ${what} (a whole number)`);
  return segment;
}

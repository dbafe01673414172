/**
 * What the value of a flag (or a positional argument) completes to. A record declares it once, with
 * its flag (`complete:` in the flag table, src/flags/spec.ts) or its argument (src/commands/verb.ts):
 * paths, profile names, event keys, words; the allowed values of an 'enum' or 'enumList' flag are
 * offered without saying, and commander's own `.choices()` come after. The constants below are the
 * allowed values of the flag tables too; they mirror the API constants (src/api/*.ts) and a unit
 * test keeps them equal. It imports only modules that import nothing (the natura codes, the event
 * keys), so `fisco __complete` stays fast.
 */
import { NATURE_CODES } from '../domain/nature-codes.js';
import { EVENT_KEYS } from '../webhooks/event-keys.js';

export type ValueSpec =
  { kind: 'words'; words: readonly string[]; list?: boolean } | { kind: 'file' } | { kind: 'dir' } | { kind: 'profiles' } | { kind: 'events'; list?: boolean };

/** What a flag's or an argument's value completes to, as a record declares it (`complete:` of a flag or an argument). */
export const words = (values: readonly string[], list = false): ValueSpec => ({ kind: 'words', words: values, list });
export const FILE: ValueSpec = { kind: 'file' };
export const DIR: ValueSpec = { kind: 'dir' };
export const PROFILES: ValueSpec = { kind: 'profiles' };
export const EVENT_KEY: ValueSpec = { kind: 'events' };
export const EVENT_KEY_LIST: ValueSpec = { kind: 'events', list: true };

export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export const CSV_DIALECTS = ['rfc', 'it'] as const;
export const SDI_STATUS_VALUES = ['queued', 'sent', 'delivered', 'accepted', 'rejected', 'error', 'delivery_failed'] as const;
export const PAYMENT_STATUS_VALUES = ['paid', 'partial', 'unpaid', 'overdue'] as const;
export const F24_STATUS_VALUES = ['draft', 'ready', 'paid', 'expired', 'cancelled'] as const;
export const DEADLINE_TYPE_VALUES = ['f24', 'lipe', 'iva', 'dichiarazione', 'inps', 'other'] as const;
export const DEADLINE_STATUS_VALUES = ['upcoming', 'due_today', 'overdue', 'done'] as const;
export const COST_CENTER_TYPE_VALUES = ['cliente', 'prodotto', 'commessa', 'sede'] as const;
export const ALLOCATION_METHOD_VALUES = ['diretto', 'personale', 'struttura', 'escluso'] as const;
export const NATURA_VALUES = NATURE_CODES;
/** The webhook event keys (src/webhooks/event-keys.ts, which imports nothing). */
export const EVENT_KEY_VALUES = EVENT_KEYS;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The languages of messages and reports (--lang; src/i18n/message.ts LANGS, src/report/labels.ts REPORT_LANGS). */
export const LANG_VALUES = ['it', 'en'] as const;

// What a commander option or argument completes to, as its record says (registered by src/flags/commander.ts and
// src/commands/register.ts).
const offered = new WeakMap<object, ValueSpec>();

/** What `option` (or an argument) completes to, as its record says: its `complete`, or the allowed values of an 'enum' or 'enumList' flag. */
export function offerValues(option: object, spec: ValueSpec): void {
  offered.set(option, spec);
}

export function offeredValues(option: object): ValueSpec | undefined {
  return offered.get(option);
}

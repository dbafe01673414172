/**
 * What the value of a flag (or a positional argument) completes to. Commander's own `.choices()`
 * and the allowed values of a verb's flag table ('enum' and 'enumList' flags, src/commands/flags.ts)
 * are picked up from the command tree; this table adds what those cannot express: paths, profile
 * names, event keys, and the values offered where they differ from those accepted (--sdi-status).
 * The constants below are also the allowed values of those flag tables. Keys are
 * `"<command path> <flag>"` (most specific) or a bare `"<flag>"` that holds wherever the flag
 * appears. The lists mirror the API constants (src/api/*.ts); a unit test keeps them equal, and
 * another that every key names a real flag, so neither side can drift. It imports only modules that import nothing (the natura codes, the
 * event keys), so `fisco __complete` stays fast.
 */
import { NATURE_CODES } from '../domain/nature-codes.js';
import { EVENT_KEYS } from '../webhooks/event-keys.js';

export type ValueSpec =
  { kind: 'words'; words: readonly string[]; list?: boolean } | { kind: 'file' } | { kind: 'dir' } | { kind: 'profiles' } | { kind: 'events'; list?: boolean };

const words = (values: readonly string[], list = false): ValueSpec => ({ kind: 'words', words: values, list });
const FILE: ValueSpec = { kind: 'file' };
const DIR: ValueSpec = { kind: 'dir' };

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

/** Flag values. */
export const FLAG_VALUES: Record<string, ValueSpec> = {
  '--output': words(OUTPUT_FORMATS),
  '--csv-dialect': words(CSV_DIALECTS),
  '--lang': words(LANG_VALUES),
  '--profile': { kind: 'profiles' },
  '--event': { kind: 'events', list: true },
  // Offered without failed_delivery, which the flag also accepts (the API's own name of delivery_failed).
  '--sdi-status': words(SDI_STATUS_VALUES, true),
  '--dir': DIR,
  '--ics': FILE,
  '--output-file': FILE,
  '--secret-file': FILE,
  '--input': FILE,
  '--body': FILE,
  '--state': FILE,
  'invoice create --from': FILE,
  'invoice batch --result': FILE,
  'bank match --plan': FILE,
  'bank match --unmatched': FILE,
  'bank match --csv-mapping': FILE,
  '--contacts': FILE,
  '--rates': FILE,
  'dunning plan --plan': FILE,
  'dunning plan --out': DIR,
  'invoice create --natura': words(NATURA_VALUES),
};

/** Positional arguments, by command path and argument index. */
export const ARGUMENT_VALUES: Record<string, ValueSpec[]> = {
  'events sample': [{ kind: 'events' }],
  'hooks trigger': [{ kind: 'events' }],
  'auth use': [{ kind: 'profiles' }],
  'auth set': [words(['csv-dialect', 'lang']), words([...CSV_DIALECTS, 'en'])],
  'auth logout': [{ kind: 'profiles' }],
  api: [words(HTTP_METHODS)],
  'invoice batch': [FILE],
  'bank match': [FILE],
  'bank apply': [FILE],
  'dunning send': [FILE],
};

// The values a verb's flag table offers for an option (registered by src/commands/flags.ts addFlags).
const offered = new WeakMap<object, ValueSpec>();

/** What `option` completes to, as its flag table says ('enum' and 'enumList' flags). */
export function offerValues(option: object, spec: ValueSpec): void {
  offered.set(option, spec);
}

export function offeredValues(option: object): ValueSpec | undefined {
  return offered.get(option);
}

/** The most specific spec for a flag of a command: `"f24 list --status"` before `"--status"`. */
export function flagValues(path: readonly string[], flag: string): ValueSpec | undefined {
  return FLAG_VALUES[[...path, flag].join(' ')] ?? FLAG_VALUES[flag];
}

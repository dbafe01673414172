/** The flags of `fisco emulator`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { defineFlags } from '../../flags/spec.js';
import { FILE } from '../../completion/values.js';
import { t, type Text } from '../../i18n/message.js';

/** A whole number (or, with `decimal`, a fraction) from min to max, `what` named in the message. */
const number = (what: Text, min: number, max: number, decimal = false) =>
  ({
    kind: 'int',
    min,
    max,
    decimal,
    invalid: decimal ? t`must be a number from ${min} to ${max} (${what})` : t`must be a whole number from ${min} to ${max} (${what})`,
    range: t`must be from ${min} to ${max} (${what})`,
  }) as const;

export const EMULATOR_FLAGS = defineFlags({
  port: { flag: '--port <n>', ...number(t`port`, 0, 65535), default: '4010', description: 'port on 127.0.0.1 (0 picks a free one)' },
  host: {
    flag: '--host <host>',
    kind: 'string',
    allowEmpty: true,
    pattern: /^(localhost|::1|127\.\d+\.\d+\.\d+)$/,
    invalid: t`must be a loopback address (127.x.x.x, ::1 or localhost)`,
    default: '127.0.0.1',
    description: 'address to bind (loopback only)',
  },
  state: { flag: '--state <file>', kind: 'string', allowEmpty: true, complete: FILE, description: 'keep state in this JSON file between runs' },
  today: { flag: '--today <date>', kind: 'date', description: 'reference date for the demo data (YYYY-MM-DD)' },
  seed: { flag: '--seed <n>', ...number(t`seed`, 0, 2 ** 31), description: 'seed of the demo data' },
  rateLimit: { flag: '--rate-limit <n>', ...number(t`requests`, 1, 1_000_000), default: '120', description: 'requests per window per token' },
  rateWindow: { flag: '--rate-window <ms>', ...number(t`milliseconds`, 1, 86_400_000), default: '60000', description: 'rate-limit window in ms' },
  latency: { flag: '--latency <ms>', ...number(t`milliseconds`, 0, 60_000), default: '0', description: 'added latency per request' },
  errorRate: { flag: '--error-rate <fraction>', ...number(t`fraction`, 0, 1, true), default: '0', description: 'fraction of requests answered 503' },
  dropRate: {
    flag: '--drop-rate <fraction>',
    ...number(t`fraction`, 0, 1, true),
    default: '0',
    description: 'fraction of connections dropped without an answer',
  },
  invoices: {
    flag: '--invoices <n>',
    ...number(t`invoices`, 0, 1_000_000),
    description: 'seed size: invoices of the main demo company (acc_rossi), default 70; 100000 starts in seconds',
  },
  f24s: { flag: '--f24s <n>', ...number('F24 forms', 0, 1_000_000), description: 'seed size: F24 forms of acc_rossi (default 40)' },
  expenses: { flag: '--expenses <n>', ...number(t`expenses`, 0, 1_000_000), description: 'seed size: expenses of acc_rossi (default 200)' },
  clients: { flag: '--clients <n>', ...number(t`clients`, 0, 1_000_000), description: 'seed size: clients of acc_rossi (default 80)' },
  deadlines: { flag: '--deadlines <n>', ...number(t`deadlines`, 0, 1_000_000), description: 'seed size: tax deadlines of acc_rossi (default 60)' },
  quirks: {
    flag: '--quirks',
    kind: 'boolean',
    description: 'answer as a real service does: some amounts as noisy floats or with digits past the cent, some invoice uuids not RFC 4122',
  },
  allowHttpHooks: {
    flag: '--allow-http-hooks',
    kind: 'boolean',
    description: 'accept http:// webhook targets on loopback (the real service requires https)',
  },
});

export const STATEMENT_FORMATS = ['camt.053', 'camt.053.001.08', 'camt.054', 'cbi-xml', 'cbi-rh', 'mt940', 'csv'] as const;

export const STATEMENT_FLAGS = defineFlags({
  format: { flag: '--format <format>', kind: 'choice', choices: STATEMENT_FORMATS, description: 'the statement format', default: 'camt.053' },
  date: {
    flag: '--date <date>',
    kind: 'date',
    description: "the statement's day (YYYY-MM-DD or dd/mm/yyyy; default the emulator's today): its movements are of the days before it",
  },
  quirks: {
    flag: '--quirks',
    kind: 'boolean',
    description: 'write it as some banks do: newest first, references reused each day (CBI 1..N) or placeholders (MT940 NONREF/EREF, camt NOTPROVIDED)',
  },
  state: {
    flag: '--state <file>',
    kind: 'string',
    complete: FILE,
    description: "an emulator state file (fisco emulator --state FILE); default the demo's state (fisco --demo)",
  },
});

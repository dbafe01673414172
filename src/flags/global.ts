/**
 * The global flags, declared once (data only): cli.ts gives them to the program, `fisco help flags`
 * and every command's help list them, the completions offer them, and what a run receives as its
 * `globals` is typed from this table (GlobalFlags). Order is the help's.
 */
import { defineFlags, type FlagValues } from './spec.js';
import { CSV_DIALECTS, FILE, LANG_VALUES, OUTPUT_FORMATS, PROFILES, words, type ValueSpec } from '../completion/values.js';

/** A global flag's text goes to the run as typed (the run checks it, naming the flag). */
const given = (flag: string, description: string, complete?: ValueSpec) => ({ flag, kind: 'string', allowEmpty: true, description, complete }) as const;
const on = (flag: string, description: string) => ({ flag, kind: 'boolean', description }) as const;

export const GLOBAL_FLAGS = defineFlags({
  profile: given('-p, --profile <name>', 'use this stored profile', PROFILES),
  account: given('--account <id>', 'company to act on (firm tokens)'),
  allAccounts: on('--all-accounts', 'run a read, list or export for every company of a firm token (exit 11 when some fail)'),
  accounts: given('--accounts <ids>', 'like --all-accounts, for these companies only: comma list of ids (fisco accounts list)'),
  output: given('-o, --output <format>', 'table, json, ndjson or csv (default: table on a terminal, json otherwise)', words(OUTPUT_FORMATS)),
  fields: given('--fields <list>', 'comma-separated fields to show, dotted for nested (counterpart.name); checked against the resource'),
  query: given('--query <expr>', 'JMESPath filter over the JSON document, like aws --query: "[?overdue].number"'),
  csvDialect: given('--csv-dialect <dialect>', "csv dialect: rfc, or it (';', decimal comma, dd/mm/yyyy, BOM)", words(CSV_DIALECTS)),
  lang: given('--lang <lang>', 'language of messages and reports: it or en (default: FISCO_LANG, the profile, then the locale)', words(LANG_VALUES)),
  outputFile: given('--output-file <path>', 'write the data to PATH instead of stdout, atomically: whole on success, absent on failure', FILE),
  timeout: given('--timeout <seconds>', 'deadline of each request: connection, headers and body (default 30; also FISCO_TIMEOUT)'),
  color: on('--no-color', 'no colours (also NO_COLOR)'),
  pager: on('--no-pager', 'never page tables (default pager: FISCO_PAGER, PAGER or less -FRX, on a terminal)'),
  debug: on('--debug', 'trace HTTP exchanges to stderr (token redacted) and show stack traces'),
  quiet: on('-q, --quiet', 'no progress or success messages'),
  yes: on('-y, --yes', 'confirm without asking (required with --send when there is no terminal)'),
  input: on('--no-input', 'never prompt; a missing value is an error naming its flag'),
  demo: on('--demo', 'run against a local demo emulator with sample data (no account needed)'),
  offline: on('--offline', 'answer reads from the local mirror that `fisco sync` keeps, sending nothing (also FISCO_OFFLINE=1)'),
  mirror: given('--mirror <url>', "keep the mirror on a shared PostgreSQL: postgres://USER@HOST/DB (also FISCO_MIRROR_URL, the profile's mirror setting)"),
});

/** What a run receives of the global flags: commander's values, parsed with the table's schema. */
export type GlobalFlags = FlagValues<typeof GLOBAL_FLAGS>;

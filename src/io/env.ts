/** The environment variables fisco reads; only cli.ts takes them from process.env. */
export interface Env {
  FISCO_TOKEN?: string;
  FISCO_PROFILE?: string;
  FISCO_ENV?: string;
  FISCO_BASE_URL?: string;
  FISCO_ACCOUNT?: string;
  FISCO_CONFIG_DIR?: string;
  FISCO_DATA_DIR?: string;
  /** Client pacing as LIMIT/WINDOW_MS (default 120/60000): for emulators with another limit. */
  FISCO_RATE_LIMIT?: string;
  /** Base delay of read retries in ms (tests shorten it). */
  FISCO_RETRY_BASE_MS?: string;
  /** The pager for tables on a terminal (before PAGER; empty: none). */
  FISCO_PAGER?: string;
  PAGER?: string;
  /** How long a change to the profile store waits for another fisco's lock (default 10000). */
  FISCO_LOCK_TIMEOUT_MS?: string;
  /** The largest answer fisco parses, in MB (default 64): beyond it, exit 8 without retry. */
  FISCO_MAX_BODY_MB?: string;
  /** The longest pacing wait fisco sits through, in seconds (default 60): beyond it, exit 7. */
  FISCO_MAX_WAIT?: string;
  /** The language of messages and reports: it or en (src/i18n/lang.ts; after --lang, before the profile and the locale). */
  FISCO_LANG?: string;
  /** 1: a message without its translation in the run's language is a failure (the tests), not English. */
  FISCO_I18N_STRICT?: string;
  LC_ALL?: string;
  LC_MESSAGES?: string;
  LANG?: string;
  /** The width tables are fitted into (wins over the terminal's; a pipe or file without it: 100). */
  COLUMNS?: string;
  /** The CSV dialect when --csv-dialect is not given (rfc or it), before the profile's setting. */
  FISCO_CSV_DIALECT?: string;
  /** The mirror on a shared PostgreSQL (postgres://…; src/mirror/choose.ts), after --mirror, before the profile's setting. */
  FISCO_MIRROR_URL?: string;
  /** node-postgres's password, when the connection string has none (registered with the redactor). */
  PGPASSWORD?: string;
  NO_COLOR?: string;
  FORCE_COLOR?: string;
  [name: string]: string | undefined;
}

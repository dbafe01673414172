/** The deadline of each request, and of each statement of a mirror on PostgreSQL, when neither --timeout nor FISCO_TIMEOUT says (src/factory/settings.ts). */
export const DEFAULT_TIMEOUT_MS = 30_000;

import { ApiError } from '../errors.js';
import { type Message, serviceSaid, t, type Text } from '../i18n/message.js';

/** Companies as an error body or GET /v1/accounts lists them: entries with a string id (and name). */
export function accountsOf(value: unknown): { id: string; name: string }[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (a): a is Record<string, unknown> =>
        !!a && typeof a === 'object' && (typeof (a as { id?: unknown }).id === 'string' || typeof (a as { id?: unknown }).id === 'number'),
    )
    .map((a) => ({ id: String(a.id), name: typeof a.name === 'string' ? a.name : '' }));
}

/** A base URL named in a message ("use https://sandbox.example.it"), for a 403 whose body has no host field. */
function hostIn(text: string): string | undefined {
  return /\bhttps?:\/\/[^\s"'<>),;]+/i.exec(text)?.[0]?.replace(/[.]+$/, '');
}

/** The fields fisco reads from either error shape of the API (the service's API document "Errors"). */
export interface ErrorDetails {
  code?: string;
  /** What the service said (text), or fisco's words for the status when it said nothing (a Message). */
  message: Text;
  /** Extra fields some errors carry: the right host on a wrong-environment 403, the companies on ambiguous_account. */
  host?: string;
  accounts?: { id: string; name: string }[];
  ability?: string;
}

/**
 * Field errors in the shapes services send: `{ errors: { field: ["…"] } }` (as several frameworks
 * do), `{ errors: [ { field, message } ] }`, and the same under `error.errors`/`error.fields`/
 * `error.details`. Each becomes `field: message`.
 */
export function fieldErrors(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (!item || typeof item !== 'object') return [];
      const i = item as Record<string, unknown>;
      const field = [i.field, i.path, i.param, i.name].find((f): f is string => typeof f === 'string' && f.length > 0);
      const message = [i.message, i.msg, i.detail].find((m): m is string => typeof m === 'string' && m.length > 0);
      return field && message ? [`${field}: ${message}`] : [];
    });
  }
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([field, messages]) => {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string' && m.length > 0);
    return list.length > 0 ? [`${field}: ${list.join(', ')}`] : [];
  });
}

/** A message with the field errors the body also carries, when it does not already hold them (fisco's words for the status give way to them). */
function withFields(message: Text, fields: string[]): Text {
  if (typeof message !== 'string') return fields.join('; ');
  const missing = fields.filter((f) => !message.includes(f));
  return missing.length === 0 ? message : `${message}: ${missing.join('; ')}`;
}

export function readErrorDetails(status: number, body: unknown): ErrorDetails {
  const details = readErrorShape(status, body);
  if (!body || typeof body !== 'object') return details;
  const record = body as Record<string, unknown>;
  const error = record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : {};
  const fields = [...new Set([record.errors, error.errors, error.fields, error.details, record.fields].flatMap(fieldErrors))];
  if (fields.length === 0) return details;
  if (Array.isArray(record.errors)) {
    // `[ { field, message } ]`: each message with its field, the ones without a field as they are.
    const lines = record.errors.flatMap((item) =>
      fieldErrors([item]).concat(
        fieldErrors([item]).length ? [] : typeof (item as { message?: unknown })?.message === 'string' ? [(item as { message: string }).message] : [],
      ),
    );
    return { ...details, message: withFields(lines.join('; ') || details.message, fields) };
  }
  return { ...details, message: withFields(details.message, fields) };
}

function readErrorShape(status: number, body: unknown): ErrorDetails {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const error = record.error;
    if (error && typeof error === 'object') {
      const e = error as Record<string, unknown>;
      const said = typeof e.message === 'string' && e.message ? e.message : undefined;
      const accounts = accountsOf(e.accounts ?? record.accounts);
      return {
        code: typeof e.code === 'string' ? e.code : said && /\bambiguous_account\b/.test(said) ? 'ambiguous_account' : undefined,
        message: said ?? defaultMessage(status),
        host: typeof e.host === 'string' ? e.host : typeof record.host === 'string' ? record.host : said && hostIn(said),
        accounts: accounts.length ? accounts : undefined,
        ability: typeof e.ability === 'string' ? e.ability : undefined,
      };
    }
    if (typeof error === 'string') return { message: error, host: hostIn(error) };
    if (Array.isArray(record.errors)) {
      const items = record.errors.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object');
      const messages = record.errors
        .map((item) => (item && typeof item === 'object' ? (item as { message?: unknown }).message : item))
        .filter((m): m is string => typeof m === 'string' && m.length > 0);
      const code = [record.code, ...items.map((i) => i.code)].find((c): c is string => typeof c === 'string');
      const joined = messages.join('; ');
      const accounts = accountsOf(record.accounts ?? items.find((i) => Array.isArray(i.accounts))?.accounts);
      if (messages.length > 0 || code) {
        return {
          code: code ?? (/\bambiguous_account\b/.test(joined) ? 'ambiguous_account' : undefined),
          message: joined || defaultMessage(status),
          host: typeof record.host === 'string' ? record.host : hostIn(joined),
          accounts: accounts.length ? accounts : undefined,
        };
      }
    }
    if (typeof record.message === 'string' && record.message)
      return { message: record.message, host: typeof record.host === 'string' ? record.host : hostIn(record.message) };
  }
  if (typeof body === 'string' && body.trim() && body.length < 300 && !/^\s*</.test(body)) return { message: body.trim(), host: hostIn(body) };
  return { message: defaultMessage(status) };
}

/** The longest service message printed whole; the rest is counted, not printed. */
export const MAX_MESSAGE_CHARS = 500;

/** A service message cut to a readable length: `…… 49999500 more characters`. */
export function cutMessage(text: string, max = MAX_MESSAGE_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… ${text.length - max} more characters`;
}

/** fisco's words for a status when the service says nothing about it. */
function defaultMessage(status: number): Message {
  if (status === 401) return t`the token is missing, invalid or expired`;
  if (status === 403) return t`this token is not allowed to do that`;
  if (status === 404) return t`not found`;
  if (status === 409) return t`conflict with an existing record`;
  if (status === 422) return t`the service rejected the request`;
  if (status === 429) return t`rate limited by the service`;
  if (status >= 500) return t`the service failed (HTTP ${status})`;
  return t`unexpected HTTP ${status}`;
}

export interface HintSources {
  /** Names a profile whose base URL is `host`, so a wrong-environment 403 can say which one to use. */
  profileForHost?: (host: string) => string | undefined;
}

/** Turns a non-2xx response into an ApiError whose hints say what a person can do about it. */
export function toApiError(
  init: { status: number; method: string; path: string; body: unknown; retryAfterSeconds?: number },
  sources: HintSources = {},
): ApiError {
  const details = readErrorDetails(init.status, init.body);
  // The service's own words are shown as it wrote them (cut to a readable length), framed as its own.
  const said = typeof details.message === 'string' ? serviceSaid(cutMessage(details.message)) : details.message;
  const hints: Text[] = [];
  let message: Text = said;
  if (init.status === 401) {
    hints.push(t`Check the token: \`fisco auth status\` verifies it; \`fisco auth login\` stores a new one.`);
  } else if (init.status === 403 && details.host) {
    const profile = sources.profileForHost?.(details.host);
    message = t`wrong environment: ${said}`;
    hints.push(
      profile
        ? t`Use the profile for that host: fisco -p ${profile} …`
        : t`Log in for that environment: fisco auth login --base-url ${details.host} (or set FISCO_BASE_URL=${details.host} with its token).`,
    );
  } else if (init.status === 403) {
    if (details.ability) hints.push(t`Create a token with the ability '${details.ability}' (or full access) in the web application's integration settings.`);
  } else if (details.code === 'ambiguous_account') {
    hints.push(t`This token manages several companies: say which with --account ID (the API's account_id; or FISCO_ACCOUNT).`);
    if (details.accounts?.length) hints.push(...companyLines(details.accounts));
  } else if (init.status === 429) {
    hints.push(init.retryAfterSeconds !== undefined ? t`Wait ${init.retryAfterSeconds} s and try again.` : t`Wait a minute and try again.`);
  } else if (init.status >= 500) {
    hints.push(t`The service failed; try again later. \`--debug\` shows the exchange.`);
  }
  return new ApiError({
    status: init.status,
    code: details.code,
    message,
    method: init.method,
    path: init.path,
    body: init.body,
    retryAfterSeconds: init.retryAfterSeconds,
    hints,
  });
}

/** The `--account` lines of an ambiguous_account hint, ids padded so the names line up. */
export function companyLines(accounts: { id: string; name: string }[]): string[] {
  const width = Math.max(...accounts.map((a) => a.id.length));
  return accounts.map((a) => `  --account ${a.id.padEnd(width)}   ${a.name}`);
}

import { ApiError } from './errors.js';

/** The fields fisco reads from either error shape of the API (api-spec.md "Errors"). */
export interface ErrorDetails {
  code?: string;
  message: string;
  /** Extra fields some errors carry: the right host on a wrong-environment 403, the companies on ambiguous_account. */
  host?: string;
  accounts?: { id: string; name: string }[];
  ability?: string;
}

export function readErrorDetails(status: number, body: unknown): ErrorDetails {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const error = record.error;
    if (error && typeof error === 'object') {
      const e = error as Record<string, unknown>;
      return {
        code: typeof e.code === 'string' ? e.code : undefined,
        message: typeof e.message === 'string' && e.message ? e.message : defaultMessage(status),
        host: typeof e.host === 'string' ? e.host : undefined,
        accounts: Array.isArray(e.accounts) ? (e.accounts as { id: string; name: string }[]) : undefined,
        ability: typeof e.ability === 'string' ? e.ability : undefined,
      };
    }
    if (typeof error === 'string') return { message: error };
    if (Array.isArray(record.errors)) {
      const messages = record.errors
        .map((item) => (item && typeof item === 'object' ? (item as { message?: unknown }).message : item))
        .filter((m): m is string => typeof m === 'string' && m.length > 0);
      if (messages.length > 0) return { message: messages.join('; ') };
    }
    if (typeof record.message === 'string' && record.message) return { message: record.message };
  }
  if (typeof body === 'string' && body.trim() && body.length < 300) return { message: body.trim() };
  return { message: defaultMessage(status) };
}

function defaultMessage(status: number): string {
  if (status === 401) return 'the token is missing, invalid or expired';
  if (status === 403) return 'this token is not allowed to do that';
  if (status === 404) return 'not found';
  if (status === 409) return 'conflict with an existing record';
  if (status === 422) return 'the service rejected the request';
  if (status === 429) return 'rate limited by the service';
  if (status >= 500) return `the service failed (HTTP ${status})`;
  return `unexpected HTTP ${status}`;
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
  const hints: string[] = [];
  let message = details.message;
  if (init.status === 401) {
    hints.push('Check the token: `fisco auth status` verifies it; `fisco auth login` stores a new one.');
  } else if (init.status === 403 && details.host) {
    const profile = sources.profileForHost?.(details.host);
    message = `wrong environment: ${details.message}`;
    hints.push(
      profile
        ? `Use the profile for that host: fisco -p ${profile} …`
        : `Log in for that environment: fisco auth login --base-url ${details.host} (or set FISCO_BASE_URL=${details.host} with its token).`,
    );
  } else if (init.status === 403) {
    if (details.ability) hints.push(`Create a token with the ability '${details.ability}' (or full access) in the web application's integration settings.`);
  } else if (details.code === 'ambiguous_account' && details.accounts?.length) {
    hints.push('This token manages several companies: say which with --account ID (or FISCO_ACCOUNT).');
    for (const account of details.accounts) hints.push(`  --account ${account.id}   ${account.name}`);
  } else if (init.status === 429) {
    hints.push(
      init.retryAfterSeconds !== undefined
        ? `Wait ${init.retryAfterSeconds} s and try again.`
        : 'Wait a minute and try again.',
    );
  } else if (init.status >= 500) {
    hints.push('The service failed; try again later. `--debug` shows the exchange.');
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

/**
 * The one redactor: every line fisco prints (data on a terminal, messages, warnings, errors, the
 * `--debug` trace, echoed URLs) passes through `redact` before it is written. It knows the
 * secrets of this process: the token in use and every webhook secret seen in the session
 * (registered with `addSecret` the moment they are read), and it removes credentials written
 * into URLs (`https://user:password@host`) and bearer values.
 */
const secrets = new Set<string>();

/** Remembers a secret so that no later line can print it. Values shorter than 6 characters are not secrets worth hunting (and would mangle ordinary text). */
export function addSecret(value: string | null | undefined): void {
  if (typeof value === 'string' && value.length >= 6) secrets.add(value);
}

/** For tests: forget every registered secret. */
export function clearSecrets(): void {
  secrets.clear();
}

const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*(?::[^\s/@]*)?@/gi;
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi;
const SECRET_KEYS = /"(secret|token|api_token|password|authorization)"\s*:\s*"(?:[^"\\]|\\.)*"/gi;

export function redact(text: string): string {
  let out = text;
  // Longest first, so a secret that contains another is removed whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join('***');
  return out
    .replace(URL_CREDENTIALS, '$1***@')
    .replace(BEARER, '$1 ***')
    .replace(SECRET_KEYS, (_m, key: string) => `"${key}":"***"`);
}

/**
 * Only the secrets this process holds (tokens, webhook secrets), for data on stdout: the data is
 * the service's, so the patterns `redact` also removes (bearer values, `"token":` keys) stay.
 */
export function redactSecrets(text: string): string {
  if (secrets.size === 0) return text;
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) if (out.includes(secret)) out = out.split(secret).join('***');
  return out;
}

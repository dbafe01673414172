/**
 * The one redactor of a run: every line fisco prints (data on a terminal, messages, warnings,
 * errors, the `--debug` trace, echoed URLs) passes through `redact` before it is written. It knows
 * the secrets of this run: the token in use, every token the profile store loaded and every webhook
 * secret seen (registered with `add` the moment they are read), and it removes credentials written
 * into URLs (`https://user:password@host`), bearer values and anything shaped like a webhook secret
 * (`whsec_…`), whoever sent it.
 *
 * main() makes one per run and hands it to the context, which gives the same one to the client,
 * the profile store and the output layer: two runs in one process never share their secrets.
 */

const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*(?::[^\s/@]*)?@/gi;
const BEARER = /\b(Bearer)\s+[^\s"',;]+/gi;
const SECRET_KEYS = /"(secret|token|api_token|password|authorization)"\s*:\s*"(?:[^"\\]|\\.)*"/gi;
/**
 * A webhook secret in the service's form, whoever sent it (a 422 echoing one fisco never held, a
 * delivery's payload): `whsec_` in any case and everything after it up to a space, a quote or a
 * bracket. The contract does not say which characters a secret holds (dots, colons, tildes…), so
 * the whole word goes, even if that takes a sentence's final full stop with it.
 */
const WEBHOOK_SECRET = /\bwhsec_[^\s"'`<>,;()[\]{}]+/gi;

/** Every webhook secret pattern, on any line: what no run prints (`hooks create` reveals its own secret once, on purpose). */
export function redactWebhookSecrets(text: string): string {
  return text.replace(WEBHOOK_SECRET, 'whsec_***');
}

/**
 * What needs no secret to find: credentials in URLs, bearer values, `"token": "…"` keys. For a
 * message made where no run's redactor is at hand (a decoding error's excerpt); the message still
 * passes the run's redactor when it is printed.
 */
export function redactPatterns(text: string): string {
  return redactWebhookSecrets(text)
    .replace(URL_CREDENTIALS, '$1***@')
    .replace(BEARER, '$1 ***')
    .replace(SECRET_KEYS, (_m, key: string) => `"${key}":"***"`);
}

export class Redactor {
  private readonly secrets = new Set<string>();
  /** Longest first, so a secret that contains another is removed whole; rebuilt when one is added. */
  private ordered: string[] = [];

  /** Remembers a secret so that no later line can print it. Values shorter than 6 characters are not secrets worth hunting (and would mangle ordinary text). */
  add(value: string | null | undefined): void {
    if (typeof value !== 'string' || value.length < 6 || this.secrets.has(value)) return;
    this.secrets.add(value);
    this.ordered = [...this.secrets].sort((a, b) => b.length - a.length);
  }

  /** Every secret of this run, then the patterns (URL credentials, bearer values, secret keys). */
  redact(text: string): string {
    return redactPatterns(this.redactSecrets(text));
  }

  /**
   * Only the secrets this run holds (tokens, webhook secrets), for data on stdout: the data is the
   * service's, so the patterns `redact` also removes (bearer values, `"token":` keys) stay.
   */
  redactSecrets(text: string): string {
    let out = text;
    for (const secret of this.ordered) if (out.includes(secret)) out = out.split(secret).join('***');
    return redactWebhookSecrets(out);
  }
}

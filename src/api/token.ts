/** What a header value may not hold: undici refuses it, and a service would read something else. Tiny: the fast offline path checks it too. */
const BAD_TOKEN = /[\s\u0000-\u001f\u007f]/;

/** The one token check: a token a header cannot carry (a space, a line break, a control character). */
export function tokenCannotBeSent(token: string): boolean {
  return BAD_TOKEN.test(token);
}

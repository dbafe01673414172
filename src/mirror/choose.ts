/**
 * Which store holds the run's mirror: one SQLite file per credential (the default), or a
 * PostgreSQL database a firm shares, named by a connection string: `--mirror`, else
 * FISCO_MIRROR_URL, else the profile's `mirror` setting (`fisco auth set mirror postgres://…`).
 * An empty `--mirror ''` or FISCO_MIRROR_URL= is the SQLite file. Pure but for the redactor it
 * registers the password with.
 *
 * The string is as PostgreSQL users write it (postgres:// or postgresql://, `sslmode=` for TLS;
 * what it leaves out comes from the PG* variables and ~/.pgpass, as with psql). Its password is
 * registered with the run's one redactor the moment it is read, and the string fisco shows (in
 * messages, `sync --status`) is the string without it; a string that is not one is refused
 * without being echoed.
 */
import { UsageError } from '../errors.js';
import { t } from '../i18n/message.js';
import type { Env } from '../io/env.js';
import type { Redactor } from '../output/redact.js';

export interface SharedMirror {
  /** The connection string as given (it may hold a password: never shown). */
  url: string;
  /** The string without its password: what messages call the database. */
  shown: string;
}

/** Parses a connection string; `source` names where it came from for the refusal. */
export function parseMirrorUrl(text: string, source: string): { url: URL; password?: string; passwords: string[] } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UsageError(t`${source}: not a PostgreSQL connection string (a postgres:// or postgresql:// URL, as psql takes it; sslmode=verify-full for TLS)`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new UsageError(t`${source}: not a PostgreSQL connection string (a postgres:// or postgresql:// URL, as psql takes it; sslmode=verify-full for TLS)`);
  const inQuery = url.searchParams.get('password') ?? undefined;
  const inUser = url.password ? safeDecode(url.password) : undefined;
  const passwords = [inUser, url.password, inQuery].filter((p): p is string => p !== undefined && p !== '');
  return { url, password: inUser ?? inQuery, passwords };
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The string without any password (the user's part and a `password=` parameter). */
export function shownMirrorUrl(url: URL): string {
  const shown = new URL(url.href);
  shown.password = '';
  shown.searchParams.delete('password');
  return shown.href;
}

/**
 * The run's shared mirror, or undefined for the SQLite file. Every password it meets (in the
 * string, in PGPASSWORD) is registered with the redactor first.
 */
export function sharedMirror(given: { flag?: string; env: Env; profile?: string }, redactor: Redactor): SharedMirror | undefined {
  redactor.add(given.env.PGPASSWORD);
  const [text, source] =
    given.flag !== undefined
      ? [given.flag, '--mirror']
      : given.env.FISCO_MIRROR_URL !== undefined
        ? [given.env.FISCO_MIRROR_URL, 'FISCO_MIRROR_URL']
        : [given.profile, t`the profile's mirror setting`];
  if (text === undefined || text.trim() === '') return undefined;
  const { url, passwords } = parseMirrorUrl(text, String(source));
  for (const password of passwords) redactor.add(password);
  return { url: text.trim(), shown: shownMirrorUrl(url) };
}

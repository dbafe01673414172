/**
 * `fisco auth set csv-dialect it|rfc` and `fisco auth set lang it|en`: a setting of the profile in
 * use (`-p NAME`, FISCO_PROFILE or the active one), kept in the profile store. The CSV dialect is
 * then the profile's whenever neither --csv-dialect nor FISCO_CSV_DIALECT says; the language,
 * whenever neither --lang nor FISCO_LANG says (before the locale).
 */
import type { Factory } from '../../factory/factory.js';
import { UsageError } from '../../errors.js';
import { CSV_DIALECT_SETTINGS, LANG_SETTINGS, type ProfileSettings } from '../../profiles/profile.js';
import { t } from '../../i18n/message.js';
import { parseMirrorUrl, shownMirrorUrl } from '../../mirror/choose.js';

/** The settings a profile takes, with the values each allows. */
export const PROFILE_SETTINGS = { 'csv-dialect': CSV_DIALECT_SETTINGS, lang: LANG_SETTINGS, mirror: [] } as const;

export async function run([setting, value]: string[], _options: object, factory: Factory): Promise<void> {
  if (!Object.hasOwn(PROFILE_SETTINGS, setting ?? '')) {
    throw new UsageError(t`unknown setting '${setting}'; a profile has: ${Object.keys(PROFILE_SETTINGS).join(', ')}`);
  }
  if (setting === 'csv-dialect' && !(CSV_DIALECT_SETTINGS as readonly string[]).includes(value ?? '')) {
    throw new UsageError(t`csv-dialect: unknown dialect '${value}'; use it (Italian spreadsheets) or rfc (RFC 4180, the default)`);
  }
  if (setting === 'lang' && !(LANG_SETTINGS as readonly string[]).includes(value ?? '')) {
    throw new UsageError(t`lang: '${value}' is not a language fisco speaks; use it (italiano) or en (English)`);
  }
  // Checked before the store is read: a password is never stored (it goes in ~/.pgpass or PGPASSWORD).
  const mirror = setting === 'mirror' ? mirrorSetting(value ?? '') : undefined;
  const store = await factory.store();
  const name = factory.globals.profile ?? (factory.env.FISCO_PROFILE || store.activeName());
  if (!name || !store.get(name)) {
    throw new UsageError(name ? t`no profile named '${name}'` : t`no profile is in use: the setting belongs to a profile`, [
      t`Log in first (\`fisco auth login\`), or name one with -p NAME (\`fisco auth list\`).`,
      setting === 'lang'
        ? t`Without a profile, FISCO_LANG=it says the same for a shell or a CI job.`
        : t`Without a profile, FISCO_CSV_DIALECT=it says the same for a shell or a CI job.`,
    ]);
  }
  if (setting === 'mirror') {
    await store.setSetting(name, 'mirror', mirror);
    factory.output.success(
      mirror === undefined
        ? t`Profile ${name}: the mirror is the local file unless --mirror or FISCO_MIRROR_URL says otherwise.`
        : t`Profile ${name}: the mirror is on ${mirror} unless --mirror or FISCO_MIRROR_URL says otherwise.`,
    );
    return;
  }
  if (setting === 'lang') {
    await store.setSetting(name, 'lang', value as ProfileSettings['lang']);
    factory.output.success(t`Profile ${name}: messages in ${value === 'it' ? t`Italian` : t`English`} unless --lang or FISCO_LANG says otherwise.`);
    return;
  }
  await store.setSetting(name, 'csvDialect', value as ProfileSettings['csvDialect']);
  factory.output.success(
    value === 'it'
      ? t`Profile ${name}: CSV in the Italian dialect (';', decimal comma, dd/mm/yyyy, Italian headers, identifiers as text) unless --csv-dialect says otherwise.`
      : t`Profile ${name}: CSV as RFC 4180 unless --csv-dialect says otherwise.`,
  );
}

/** A connection string without a password (a password given is refused, never echoed), or undefined ('') for the local file. */
function mirrorSetting(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const { url, password } = parseMirrorUrl(value, 'mirror');
  if (password !== undefined)
    throw new UsageError(t`mirror: the connection string holds a password, and a profile never stores one; nothing was changed`, [
      t`Put the password in ~/.pgpass (or PGPASSWORD) and set ${shownMirrorUrl(url)}.`,
    ]);
  return url.href;
}

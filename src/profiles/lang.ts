/**
 * Which language a run speaks: `--lang`, then FISCO_LANG, then the profile's setting (`fisco auth
 * set lang it`), then the locale (LC_ALL, LC_MESSAGES, LANG: `it_IT.UTF-8`, `it` → Italian); English
 * otherwise. Machine formats (json, ndjson, csv field names, exit codes) never change with the
 * language. The same precedence as every other setting (flag > environment > profile), so it lives
 * beside the credentials' (src/profiles/credentials.ts).
 */
import { UsageError } from '../errors.js';
import type { Env } from '../io/env.js';
import { LANGS, t, type Lang, type Text } from '../i18n/message.js';

export interface LangSources {
  /** `--lang` */
  flag?: string;
  env: Env;
  /** The profile's `lang` setting, when a profile is in use and has one. */
  profile?: string;
}

/** Where the language came from: a choice someone made (flag, environment, profile) or the locale's default. */
export type LangSource = 'flag' | 'env' | 'profile' | 'locale';

export function resolveLang(sources: LangSources): Lang {
  return resolveLangWithSource(sources).lang;
}

export function resolveLangWithSource({ flag, env, profile }: LangSources): { lang: Lang; source: LangSource } {
  if (flag !== undefined) return { lang: checkedLang(flag, '--lang'), source: 'flag' };
  if (env.FISCO_LANG) return { lang: checkedLang(env.FISCO_LANG, 'FISCO_LANG'), source: 'env' };
  if (profile) return { lang: checkedLang(profile, t`the profile's lang`), source: 'profile' };
  // POSIX: the first of LC_ALL, LC_MESSAGES, LANG that is set decides.
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return { lang: /^it(_|\.|@|$)/i.test(locale) ? 'it' : 'en', source: 'locale' };
}

/** A language fisco speaks, or undefined: the value of `--lang`, FISCO_LANG or the profile's setting. */
export function langOf(value: string): Lang | undefined {
  const lang = value.trim().toLowerCase();
  return (LANGS as readonly string[]).includes(lang) ? (lang as Lang) : undefined;
}

function checkedLang(value: string, source: Text): Lang {
  const lang = langOf(value);
  if (lang) return lang;
  throw new UsageError(t`${source}: '${value}' is not a language fisco speaks; use it (italiano) or en (English)`);
}

/**
 * Which language a run speaks: `--lang`, then FISCO_LANG, then the profile's setting, then the
 * locale (LC_ALL, LC_MESSAGES, LANG: `it_IT.UTF-8`, `it` → Italian); English otherwise. Machine
 * formats (json, ndjson, csv field names, exit codes) never change with the language.
 */
import { UsageError } from '../errors.js';
import type { Env } from '../io/env.js';
import { LANGS, type Lang } from './message.js';

export interface LangSources {
  /** `--lang` */
  flag?: string;
  env: Env;
  /** The profile's `lang` setting, when a profile is in use and has one. */
  profile?: string;
}

export function resolveLang({ flag, env, profile }: LangSources): Lang {
  if (flag !== undefined) return checkedLang(flag, '--lang');
  if (env.FISCO_LANG) return checkedLang(env.FISCO_LANG, 'FISCO_LANG');
  if (profile) return checkedLang(profile, "the profile's lang");
  // POSIX: the first of LC_ALL, LC_MESSAGES, LANG that is set decides.
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^it(_|\.|@|$)/i.test(locale) ? 'it' : 'en';
}

function checkedLang(value: string, source: string): Lang {
  const lang = value.trim().toLowerCase();
  if ((LANGS as readonly string[]).includes(lang)) return lang as Lang;
  throw new UsageError(`${source}: '${value}' is not a language fisco speaks; use it (italiano) or en (English)`);
}

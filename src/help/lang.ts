/**
 * The language of help (`--help`, `fisco help TOPIC`), known before any command is parsed: the
 * run's own precedence (src/profiles/lang.ts) — `--lang`, FISCO_LANG, the profile in use's `lang`,
 * the locale — with the profile read straight from its file. Anything unreadable or unknown is
 * English: help never fails for its language.
 */
import type { Env } from '../io/env.js';
import type { Lang } from '../i18n/message.js';
import { profileLangSetting } from '../profiles/paths.js';
import { langOf, resolveLangWithSource } from '../profiles/lang.js';

export function helpLanguage(argv: readonly string[], env: Env): Lang {
  try {
    const at = argv.findIndex((arg) => arg === '--lang' || arg.startsWith('--lang='));
    const flag = at < 0 ? undefined : argv[at]!.startsWith('--lang=') ? argv[at]!.slice(7) : argv[at + 1];
    if (flag !== undefined) return langOf(flag) ?? 'en';
    if (env.FISCO_LANG) return langOf(env.FISCO_LANG) ?? 'en';
    return resolveLangWithSource({ env, profile: profileLangSetting(env) }).lang;
  } catch {
    return 'en';
  }
}

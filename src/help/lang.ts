/**
 * The language of help (`--help`, `fisco help TOPIC`), known before any command is parsed: the
 * run's own precedence (src/profiles/lang.ts) — `--lang`, FISCO_LANG, the profile in use's `lang`,
 * the locale — with the profile read straight from its file. Anything unreadable or unknown is
 * English: help never fails for its language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../io/env.js';
import type { Lang } from '../i18n/message.js';
import { configDir } from '../profiles/paths.js';
import { langOf, resolveLangWithSource } from '../profiles/lang.js';

export function helpLanguage(argv: readonly string[], env: Env): Lang {
  try {
    const at = argv.findIndex((arg) => arg === '--lang' || arg.startsWith('--lang='));
    const flag = at < 0 ? undefined : argv[at]!.startsWith('--lang=') ? argv[at]!.slice(7) : argv[at + 1];
    if (flag !== undefined) return langOf(flag) ?? 'en';
    if (env.FISCO_LANG) return langOf(env.FISCO_LANG) ?? 'en';
    return resolveLangWithSource({ env, profile: profileLang(env) }).lang;
  } catch {
    return 'en';
  }
}

/** The `lang` of the profile in use (FISCO_PROFILE or the active one), as the profile file holds it. */
function profileLang(env: Env): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(configDir(env), 'config.json'), 'utf8');
  } catch {
    return undefined;
  }
  const data = JSON.parse(text) as { active?: string; profiles?: Record<string, { lang?: unknown }> };
  const lang = data.profiles?.[env.FISCO_PROFILE || data.active || '']?.lang;
  return typeof lang === 'string' ? lang : undefined;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import type { Env } from '../io/env.js';

/** Where the profile store lives: FISCO_CONFIG_DIR (tests, CI isolation) or the OS config folder. */
export function configDir(env: Env): string {
  return env.FISCO_CONFIG_DIR || envPaths('fisco', { suffix: '' }).config;
}

/** Where `--demo` keeps the emulator's state between runs: FISCO_DATA_DIR or the OS data folder. */
export function dataDir(env: Env): string {
  return env.FISCO_DATA_DIR || envPaths('fisco', { suffix: '' }).data;
}

/** Options of the profile store from the environment: FISCO_LOCK_TIMEOUT_MS bounds the wait for its lock. */
export function storeOptions(env: Env): { lockTimeoutMs?: number } {
  const raw = env.FISCO_LOCK_TIMEOUT_MS;
  return raw && /^\d+$/.test(raw) ? { lockTimeoutMs: Number(raw) } : {};
}

/**
 * The settings (`lang`, `mirror`) of the profile in use (FISCO_PROFILE or the active one), read
 * straight from the profile store's file in one read, before any command is parsed (help's
 * language, the offline fast path's language and mirror): undefined when there is no file, a
 * setting undefined when absent. A file that is not JSON throws.
 */
export function profileSettings(env: Env): { lang?: string; mirror?: string } | undefined {
  let text: string;
  try {
    text = readFileSync(join(configDir(env), 'config.json'), 'utf8');
  } catch {
    return undefined;
  }
  const data = JSON.parse(text) as { active?: string; profiles?: Record<string, Record<string, unknown>> };
  const profile = data.profiles?.[env.FISCO_PROFILE || data.active || ''];
  const given = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { lang: given(profile?.lang), mirror: given(profile?.mirror) };
}

/** The `lang` setting of the profile in use (profileSettings). */
export const profileLangSetting = (env: Env): string | undefined => profileSettings(env)?.lang;

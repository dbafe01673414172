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
 * A setting (`lang`, `mirror`) of the profile in use (FISCO_PROFILE or the active one), read
 * straight from the profile store's file, before any command is parsed (help's language, the
 * offline fast path's language and mirror): undefined when the file or the setting is absent. A
 * file that is not JSON throws.
 */
export function profileSetting(env: Env, name: 'lang' | 'mirror'): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(configDir(env), 'config.json'), 'utf8');
  } catch {
    return undefined;
  }
  const data = JSON.parse(text) as { active?: string; profiles?: Record<string, Record<string, unknown>> };
  const value = data.profiles?.[env.FISCO_PROFILE || data.active || '']?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The `lang` setting of the profile in use (profileSetting). */
export const profileLangSetting = (env: Env): string | undefined => profileSetting(env, 'lang');

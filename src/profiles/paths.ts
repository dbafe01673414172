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

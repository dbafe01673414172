/**
 * The environment of fisco run as a process of its own (on a pseudo-terminal, killed by a signal,
 * in a shell pipe) against a harness's emulator, written once: each test adds its own folders and settings.
 */
import { join } from 'node:path';
import { crashEnv } from './crash-env.js';
import { TOKENS, type Harness } from './harness.js';

/**
 * PATH, the harness's HOME, the token (default: the production demo token), the emulator's URL, no
 * colour, the C locale (a developer's own never changes a test) and strict messages; then `extra`.
 */
export function processEnv(h: Harness, extra: Record<string, string> = {}, token: string = TOKENS.prod): Record<string, string> {
  return {
    PATH: process.env.PATH!,
    HOME: h.home,
    FISCO_TOKEN: token,
    FISCO_BASE_URL: h.emulator.url,
    NO_COLOR: '1',
    LANG: 'C',
    FISCO_I18N_STRICT: '1',
    ...crashEnv(extra),
  };
}

/** The folders harness.run gives fisco under the harness's HOME, and its time zone. */
export function harnessFolders(h: Harness): Record<string, string> {
  return { FISCO_CONFIG_DIR: join(h.home, 'fisco-config'), FISCO_DATA_DIR: join(h.home, 'fisco-data'), TZ: 'Europe/Rome' };
}

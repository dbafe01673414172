import { fileURLToPath } from 'node:url';

const CRASH_LOADER = fileURLToPath(new URL('./crash-loader.mjs', import.meta.url));

/**
 * `env` with, when it names a crash point (FISCO_TEST_CRASH_AT), the tests' loader that reaches it
 * (crash-loader.mjs, through NODE_OPTIONS): the product reads no test variable, the loader does.
 */
export function crashEnv<T extends Record<string, string | undefined>>(env: T): T {
  if (!env.FISCO_TEST_CRASH_AT) return env;
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, `--import=${CRASH_LOADER}`].filter(Boolean).join(' ') };
}

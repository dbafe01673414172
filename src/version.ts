import { createRequire } from 'node:module';

/** Set by the bundler (scripts/build.mjs); absent when the sources run directly (vitest). */
declare const FISCO_VERSION: string | undefined;

export const VERSION: string =
  typeof FISCO_VERSION === 'string' ? FISCO_VERSION : (createRequire(import.meta.url)('../package.json') as { version: string }).version;

import { createRequire } from 'node:module';

/**
 * A file the single executable carries as an asset (scripts/build-exe.mjs: the completion scripts),
 * as text; undefined when this is not the executable (the npm package reads the file itself).
 */
export function executableAsset(name: string): string | undefined {
  let sea: typeof import('node:sea');
  try {
    sea = createRequire(import.meta.url)('node:sea') as typeof import('node:sea');
  } catch {
    return undefined;
  }
  return sea.isSea() ? sea.getAsset(name, 'utf8') : undefined;
}

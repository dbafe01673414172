import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from './harness.js';

/** A folder holding a `fisco` that runs the built bin, to put first on a shell's PATH. */
export function fiscoOnPath(parent: string): string {
  const bin = join(parent, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'fisco'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'fisco'), 0o755);
  return bin;
}

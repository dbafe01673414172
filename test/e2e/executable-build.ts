import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

/**
 * The single executable (`npm run build:exe`), built once from the dist/ that `npm test` has just
 * built, for every test file that runs it: the first to get here builds it under a lock folder, the
 * others wait for the lock to go, then use what is there once its SHA256SUMS says it is whole.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const EXECUTABLE_NAME = `fisco-${process.platform}-${process.arch}`;
export const EXECUTABLE = join(ROOT, 'dist', EXECUTABLE_NAME);
const SUMS = join(ROOT, 'dist', 'SHA256SUMS');
const LOCK = join(ROOT, 'dist', '.build-exe.lock');

/** Whether dist/ holds an executable newer than dist/cli.cjs whose checksum SHA256SUMS names. */
function fresh(): boolean {
  if (!existsSync(EXECUTABLE) || !existsSync(SUMS)) return false;
  if (statSync(EXECUTABLE).mtimeMs < statSync(join(ROOT, 'dist', 'cli.cjs')).mtimeMs) return false;
  return readFileSync(SUMS, 'utf8') === `${createHash('sha256').update(readFileSync(EXECUTABLE)).digest('hex')}  ${EXECUTABLE_NAME}\n`;
}

export async function builtExecutable(): Promise<string> {
  for (;;) {
    if (fresh()) return EXECUTABLE;
    try {
      mkdirSync(LOCK);
    } catch {
      // Another test file is building it: wait for its lock to go (the test's own timeout bounds
      // this); a lock left by a run that was killed is taken over once it is older than any build.
      const lock = statSync(LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > 600_000) rmSync(LOCK, { recursive: true, force: true });
      else await sleep(200);
      continue;
    }
    try {
      if (!fresh()) await execa(process.execPath, [join(ROOT, 'scripts', 'build-exe.mjs')], { cwd: ROOT });
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}

/**
 * A folder of links to every program of the machine's /usr/bin and /bin except Node's (node, npm,
 * npx, corepack): a PATH of it is a machine with no Node, as a runner that never set one up.
 */
export function pathWithoutNode(folder: string): string {
  mkdirSync(folder, { recursive: true });
  for (const source of ['/usr/local/bin', '/usr/bin', '/bin']) {
    if (!existsSync(source)) continue;
    for (const name of readdirSync(source)) {
      if (['node', 'nodejs', 'npm', 'npx', 'corepack'].includes(name) || existsSync(join(folder, name))) continue;
      symlinkSync(join(source, name), join(folder, name));
    }
  }
  return folder;
}

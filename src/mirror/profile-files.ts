/**
 * A profile's mirror files on the disk: removed with the credential that filled them (`auth
 * logout`, a login that replaces the token), moved with a profile renamed under the same token.
 * Apart from locate.ts so that the offline fast path does not load what only these verbs need.
 */
import { existsSync, rmSync } from 'node:fs';
import { moveFileSync } from '../io/durable.js';
import { mirrorPath } from './locate.js';

/**
 * Removes a profile's mirrors (every environment's file, with its -wal and -shm): `auth logout`,
 * and a login that replaces the profile's token, leave no ledger behind that another token could
 * read or a later login under that name pick up. The paths of the mirrors removed.
 */
export function removeProfileMirrors(dataDir: string, profile: string): string[] {
  const removed: string[] = [];
  for (const environment of ['production', 'sandbox']) {
    const path = mirrorPath(dataDir, { profile, environment, baseUrl: '', token: '' });
    if (!existsSync(path)) continue;
    for (const file of [`${path}-wal`, `${path}-shm`, path]) rmSync(file, { force: true });
    removed.push(path);
  }
  return removed;
}

/**
 * A profile renamed with the same token and base URL keeps what its mirror holds: the file (then its
 * -wal and -shm, so a crash between leaves at worst a mirror as of its last checkpoint under the new
 * name) moves to the new name. Nothing moves when the new name has a mirror already. The two paths,
 * or undefined when nothing moved.
 */
export function moveProfileMirror(dataDir: string, from: string, to: string, environment: string): { from: string; to: string } | undefined {
  const source = mirrorPath(dataDir, { profile: from, environment, baseUrl: '', token: '' });
  const target = mirrorPath(dataDir, { profile: to, environment, baseUrl: '', token: '' });
  if (source === target || !existsSync(source) || existsSync(target)) return undefined;
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${source}${suffix}`)) moveFileSync(`${source}${suffix}`, `${target}${suffix}`);
  return { from: source, to: target };
}

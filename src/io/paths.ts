/**
 * Output locations checked before any request is sent (`--dir`, `--ics`, `--output-file`,
 * `--secret-file`): a file where a folder is needed, a folder without write permission, a
 * missing parent each get one usage line naming the flag and the path (exit 2, nothing sent).
 */
import { constants } from 'node:fs';
import { access, stat, statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { joined, t } from '../i18n/message.js';

async function statOrUndefined(path: string, flag: string) {
  return stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    if (error.code === 'ENOTDIR') throw new UsageError(t`${flag}: ${path} is under a file, not a folder`);
    throw new UsageError(joined([flag, path, error.code ?? error.message], ': '));
  });
}

/**
 * Kernel file systems (procfs, sysfs and their kin) hold no files fisco could write: a folder
 * made there spins or fails with EPERM, after the requests. Refused first, by the magic number
 * statfs reports for the path or its nearest existing parent.
 */
const KERNEL_FILE_SYSTEMS = new Map<number, string>([
  [0x9fa0, 'procfs'],
  [0x62656572, 'sysfs'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroupfs'],
  [0x63677270, 'cgroup2fs'],
  [0xcafe4a11, 'bpffs'],
  [0x62656570, 'configfs'],
  [0x6165676c, 'pstorefs'],
]);

async function assertOrdinaryFileSystem(full: string, path: string, flag: string): Promise<void> {
  for (let at = full; ; at = dirname(at)) {
    const info = await statfs(at).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' || error.code === 'ENOTDIR' ? undefined : null));
    if (info) {
      const kind = KERNEL_FILE_SYSTEMS.get(Number(info.type));
      if (kind) throw new UsageError(t`${flag}: ${path} is on ${kind}, a kernel file system, not a place for files; give a folder on a disk`);
      return;
    }
    if (info === null || dirname(at) === at) return;
  }
}

async function assertWritable(path: string, flag: string): Promise<void> {
  try {
    await access(path, constants.W_OK | constants.X_OK);
  } catch {
    throw new UsageError(t`${flag}: cannot write in the folder ${path} (no permission)`);
  }
}

/**
 * A folder fisco will write files into (every `--dir`). It may not exist yet, nor its parents:
 * fisco creates them (`mkdir -p`), so the nearest folder that does exist must be writable.
 * With `mustExist`, the folder itself must be there.
 */
export async function assertWritableFolder(path: string, flag: string, options: { mustExist?: boolean } = {}): Promise<void> {
  const full = resolve(path);
  await assertOrdinaryFileSystem(full, path, flag);
  const info = await statOrUndefined(full, flag);
  if (info) {
    if (!info.isDirectory()) throw new UsageError(t`${flag}: ${path} is a file, not a folder`);
    return assertWritable(full, flag);
  }
  if (options.mustExist) throw new UsageError(t`${flag}: the folder ${path} does not exist`);
  let existing = dirname(full);
  let existingInfo = await statOrUndefined(existing, flag);
  while (!existingInfo && dirname(existing) !== existing) {
    existing = dirname(existing);
    existingInfo = await statOrUndefined(existing, flag);
  }
  if (!existingInfo) throw new UsageError(t`${flag}: no folder of ${path} exists`);
  if (!existingInfo.isDirectory()) throw new UsageError(t`${flag}: ${existing} is a file, not a folder`);
  await assertWritable(existing, flag);
}

/** A file fisco will write (atomically, through a temporary file beside it). */
export async function assertWritableFile(path: string, flag: string): Promise<void> {
  const full = resolve(path);
  await assertOrdinaryFileSystem(full, path, flag);
  const info = await statOrUndefined(full, flag);
  if (info?.isDirectory()) throw new UsageError(t`${flag}: ${path} is a folder, not a file`);
  const parent = dirname(full);
  const parentInfo = await statOrUndefined(parent, flag);
  if (!parentInfo) throw new UsageError(t`${flag}: the folder of ${path} (${parent}) does not exist`);
  if (!parentInfo.isDirectory()) throw new UsageError(t`${flag}: ${parent} is a file, not a folder`);
  await assertWritable(parent, flag);
}

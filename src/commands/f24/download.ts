/**
 * fisco f24 download ID… | --status … [--due-from --due-to] --dir DIR
 *
 * Each PDF comes from its signed `file_url` through the one downloader (src/commands/download.ts):
 * `--concurrency` at a time (default 4), atomic (`<name>.part` renamed once complete), resumable
 * (complete files are skipped). Links are fetched fresh on every run. A cancelled form is skipped
 * unless --status names cancelled; a form neither paid nor ready carries its status in its file
 * name (status-rule.ts, the same rule as `export`).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import { getF24, listF24s } from '../../api/f24.js';
import { pathSegment } from '../../api/path.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { DEFAULT_CONCURRENCY as IO_DEFAULT_CONCURRENCY, downloadRun, downloadTargets, finishDownload, type DownloadTarget } from '../download.js';
import { assertWritableFolder } from '../../io/paths.js';
import { checkRange } from '../../flags/parse.js';
import type { F24_DOWNLOAD_FLAGS } from './flags.js';
import { f24PdfName, skippedByDefault } from '../../report/f24-status.js';
import { t } from '../../i18n/message.js';

export type { DownloadResult } from '../download.js';

/** Files in flight at once by default: signed links are not paced, so this alone bounds a download. */
export const DEFAULT_CONCURRENCY = IO_DEFAULT_CONCURRENCY;

export async function run(ids: string[], options: FlagValues<typeof F24_DOWNLOAD_FLAGS>, factory: Factory): Promise<void> {
  checkRange(options.dueFrom, options.dueTo, '--due-from', '--due-to');
  const filtered = options.status !== undefined || options.dueFrom !== undefined || options.dueTo !== undefined;
  if (ids.length > 0 && filtered) throw new UsageError(t`give F24 ids or --status/--due-from/--due-to, not both`);
  if (ids.length === 0 && !filtered) {
    throw new UsageError(t`say which F24s to download: their ids, or --status (with --due-from/--due-to)`, [
      t`Example: fisco f24 download --status ready --dir ./f24`,
    ]);
  }
  // Checked before any request: a bad id or an unusable --dir is exit 2 with nothing sent.
  for (const id of ids) pathSegment(id, 'ID');
  await assertWritableFolder(options.dir, '--dir');
  const client = await factory.client();
  await mkdir(options.dir, { recursive: true });

  const downloads = downloadRun(factory, (id) => `F24 ${id}`);
  const targets: DownloadTarget[] = [];
  let cancelled = 0;

  if (ids.length > 0) {
    // Forms named by id are what was asked for, cancelled or not; their file names say their status.
    for (const id of [...new Set(ids)]) {
      try {
        const f24 = await getF24(client, id);
        targets.push({ id, file: join(options.dir, f24PdfName({ ...f24, id })), url: typeof f24.file_url === 'string' ? f24.file_url : undefined });
      } catch (error) {
        downloads.fail(id, error);
      }
    }
  } else {
    const seen = new Set<string>();
    for (const status of options.status ?? [undefined]) {
      for await (const f24 of listF24s(client, { status, due_date_from: options.dueFrom, due_date_to: options.dueTo }, { all: true })) {
        if (seen.has(f24.id)) continue;
        seen.add(f24.id);
        if (skippedByDefault(f24, options.status)) {
          cancelled++;
          continue;
        }
        targets.push({ id: f24.id, file: join(options.dir, f24PdfName(f24)), url: f24.file_url || undefined });
      }
    }
  }
  if (cancelled > 0)
    factory.output.info(
      cancelled === 1
        ? t`1 cancelled F24 left out (--status cancelled downloads them).`
        : t`${cancelled} cancelled F24s left out (--status cancelled downloads them).`,
    );

  await downloadTargets(factory, client, targets, downloads, {
    concurrency: options.concurrency,
    label: t`Downloading F24 PDFs`,
    describe: (id) => `F24 ${id}`,
    noLink: t`the service gave no file link (file_url) for it`,
  });
  await finishDownload(
    factory,
    downloads,
    [...ids, ...targets.map((t) => t.id)],
    options.dir,
    t`it lists the F24s anew for fresh links and skips the files already saved.`,
  );
}

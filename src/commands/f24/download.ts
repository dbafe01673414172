/**
 * fisco f24 download ID… | --status … [--due-from --due-to] --dir DIR
 *
 * Each PDF comes from its signed `file_url`, `--concurrency` at a time (default 4) through the
 * shared client (a signed link is not charged to the token's rate limit), into `<name>.part`, renamed to the final
 * name only once complete: a failure or Ctrl-C never leaves a half-written PDF under the final
 * name, and a re-run skips the files already complete. Links are fetched fresh on every run.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as z from '../../api/zod.js';
import type { ApiClient } from '../../api/client.js';
import { ApiError, ExitCode, FiscoError, UsageError } from '../../api/errors.js';
import { F24_STATUSES, getF24, listF24s } from '../../api/f24.js';
import { pathSegment } from '../../api/path.js';
import type { Context } from '../../context.js';
import { assertWritableFolder } from '../../io/paths.js';
import { isLocalFileError, localWriteError } from '../../io/atomic.js';
import type { View } from '../../output/view.js';
import { checkRange, dateOption, enumListOption } from '../filters.js';
import { parseOptions, positiveInt } from '../options.js';
import { f24FileName, isCompletePdf } from './files.js';
import { formatBytes, progressBar } from '../../io/progress.js';

/** Files in flight at once by default: signed links are not paced, so this alone bounds a download. */
export const DEFAULT_CONCURRENCY = 4;
const MAX_CONCURRENCY = 16;

const schema = z.object({
  dir: z.string({ message: 'is required: the folder to save the PDFs in' }).min(1, 'is required: the folder to save the PDFs in'),
  status: enumListOption(F24_STATUSES).optional(),
  dueFrom: dateOption.optional(),
  dueTo: dateOption.optional(),
  concurrency: positiveInt('files downloaded at once', MAX_CONCURRENCY).optional(),
});

interface Target {
  id: string;
  file: string;
  url?: string;
}

export interface DownloadResult {
  id: string;
  file: string | null;
  result: 'downloaded' | 'skipped' | 'failed';
  bytes: number | null;
  error: string | null;
}

const resultView: View = {
  columns: [
    { key: 'id', label: 'ID' },
    { key: 'result', label: 'Result', tone: (row) => ((row as DownloadResult).result === 'failed' ? 'danger' : (row as DownloadResult).result === 'skipped' ? 'muted' : 'ok') },
    { key: 'file', label: 'File' },
    { key: 'bytes', label: 'Bytes', kind: 'count' },
    { key: 'error', label: 'Error' },
  ],
  fields: ['id', 'file', 'result', 'bytes', 'error'],
};

/** With --all-accounts: every company's forms, into the same folder (file names carry the form id). */
export const portfolio = 'companies';

export async function run(ids: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  checkRange(options.dueFrom, options.dueTo, '--due-from', '--due-to');
  const filtered = options.status !== undefined || options.dueFrom !== undefined || options.dueTo !== undefined;
  if (ids.length > 0 && filtered) throw new UsageError('give F24 ids or --status/--due-from/--due-to, not both');
  if (ids.length === 0 && !filtered) {
    throw new UsageError('say which F24s to download: their ids, or --status (with --due-from/--due-to)', ['Example: fisco f24 download --status ready --dir ./f24']);
  }
  // Checked before any request: a bad id or an unusable --dir is exit 2 with nothing sent.
  for (const id of ids) pathSegment(id, 'ID');
  await assertWritableFolder(options.dir, '--dir');
  const client = await context.client();
  await mkdir(options.dir, { recursive: true });

  const results: DownloadResult[] = [];
  const failures: FiscoError[] = [];
  const targets: Target[] = [];
  const fail = (id: string, error: unknown, file: string | null = null) => {
    const problem = explain(id, error);
    failures.push(problem);
    results.push({ id, file, result: 'failed', bytes: null, error: problem.message });
    context.output.warn(problem.message);
  };

  if (ids.length > 0) {
    for (const id of [...new Set(ids)]) {
      try {
        const f24 = await getF24(client, id);
        targets.push({ id, file: join(options.dir, f24FileName({ ...f24, id })), url: typeof f24.file_url === 'string' ? f24.file_url : undefined });
      } catch (error) {
        fail(id, error);
      }
    }
  } else {
    const seen = new Set<string>();
    for (const status of options.status ?? [undefined]) {
      for await (const f24 of listF24s(client, { status, due_date_from: options.dueFrom, due_date_to: options.dueTo }, { all: true })) {
        if (seen.has(f24.id)) continue;
        seen.add(f24.id);
        targets.push({ id: f24.id, file: join(options.dir, f24FileName(f24)), url: f24.file_url || undefined });
      }
    }
  }

  const pending: Target[] = [];
  for (const target of targets) {
    if (await isCompletePdf(target.file)) results.push({ id: target.id, file: target.file, result: 'skipped', bytes: null, error: null });
    else if (!target.url) fail(target.id, new FiscoError(`F24 ${target.id}: the service gave no file link (file_url) for it`, ExitCode.notFound), target.file);
    else pending.push(target);
  }

  const progress = new Progress(context, pending.length);
  const active = new Set<string>();
  const controller = new AbortController();
  let interruptedWith = 0;
  // Ctrl-C: stop, let each transfer remove its own .part file, then fail through cli.ts like any error.
  const onSigint = () => {
    interruptedWith = active.size;
    controller.abort();
  };
  const stopWatching = context.onInterrupt(onSigint);
  try {
    let next = 0;
    const worker = async () => {
      while (next < pending.length && !controller.signal.aborted) {
        const target = pending[next++]!;
        try {
          const bytes = await downloadOne(client, target, active, controller.signal, (n) => progress.bytes(n));
          results.push({ id: target.id, file: target.file, result: 'downloaded', bytes, error: null });
        } catch (error) {
          // Ctrl-C aborts every transfer at once: one summary below, not one warning per file.
          if (controller.signal.aborted) return;
          fail(target.id, error, target.file);
        }
        progress.fileDone();
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency ?? DEFAULT_CONCURRENCY, pending.length) }, worker));
  } finally {
    stopWatching();
    progress.done();
  }
  if (controller.signal.aborted) {
    throw new FiscoError(
      `interrupted; ${interruptedWith} partial download${interruptedWith === 1 ? '' : 's'} removed, no incomplete PDF left`,
      ExitCode.interrupted,
      ['Run the same command again to resume: complete files are skipped.'],
    );
  }

  const order = new Map<string, number>();
  for (const id of [...ids, ...targets.map((t) => t.id)]) if (!order.has(id)) order.set(id, order.size);
  results.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  await context.output.list(results, resultView);
  const count = (kind: DownloadResult['result']) => results.filter((r) => r.result === kind).length;
  const summary = `${count('downloaded')} downloaded, ${count('skipped')} already complete (skipped), ${count('failed')} failed, in ${options.dir}`;
  if (failures.length === 0) {
    context.output.success(summary);
    return;
  }
  const expired = failures.some((f) => f instanceof LinkExpiredError);
  throw new FiscoError(summary, failures[0]!.exitCode, [
    expired
      ? 'Download links expire: run the same command again; it lists the F24s anew for fresh links and skips the files already saved.'
      : 'Run the same command again to retry: files already saved are skipped.',
  ]);
}

class LinkExpiredError extends FiscoError {}

function explain(id: string, error: unknown): FiscoError {
  if (error instanceof ApiError) {
    if (error.status === 410 || error.code === 'link_expired' || error.code === 'invalid_signature' || (error.status === 403 && /expir|signature/i.test(error.message))) {
      return new LinkExpiredError(`F24 ${id}: the download link has expired or is no longer valid (${error.message}); list again for a fresh link`, ExitCode.auth);
    }
    if (error.status === 404) return new FiscoError(`F24 ${id}: not found (${error.message})`, ExitCode.notFound);
    return new FiscoError(`F24 ${id}: ${error.message}`, error.exitCode);
  }
  if (error instanceof FiscoError) return new FiscoError(error.message.startsWith(`F24 ${id}`) ? error.message : `F24 ${id}: ${error.message}`, error.exitCode);
  return new FiscoError(`F24 ${id}: ${error instanceof Error ? error.message : String(error)}`, ExitCode.network);
}

async function downloadOne(client: ApiClient, target: Target, active: Set<string>, signal: AbortSignal, onBytes: (n: number) => void): Promise<number> {
  // Unique per transfer: two downloads (or two processes) of one file never share a temporary file.
  const part = `${target.file}.${process.pid}-${Math.random().toString(36).slice(2, 8)}.part`;
  const response = await client.download(target.url!, { signal });
  const lengthHeader = response.headers['content-length'];
  const expected = typeof lengthHeader === 'string' && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  let written = 0;
  active.add(part);
  try {
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        onBytes(chunk.length);
        callback(null, chunk);
      },
    });
    await pipeline(response.body, counter, createWriteStream(part), { signal });
    if (expected !== undefined && written !== expected) throw new FiscoError(`the transfer stopped after ${written} of ${expected} bytes`, ExitCode.network);
    if (!(await isCompletePdf(part))) throw new FiscoError('the file received is not a complete PDF', ExitCode.network);
    await rename(part, target.file);
    return written;
  } catch (error) {
    response.body.destroy();
    await rm(part, { force: true });
    if (error instanceof FiscoError) throw error;
    // The folder could not take the file (no space, no permission…): exit 12, the path named.
    if (isLocalFileError(error)) throw localWriteError(target.file, error);
    const code = (error as { code?: string }).code ?? '';
    throw new FiscoError(`the download was interrupted (${code || (error instanceof Error ? error.message : String(error))}); nothing partial was kept`, ExitCode.network);
  } finally {
    active.delete(part);
  }
}

/** A progress line on stderr, on a terminal only (context.progress checks). */
class Progress {
  private finished = 0;
  private received = 0;
  private last = 0;

  constructor(
    private readonly context: Context,
    private readonly total: number,
  ) {}

  bytes(n: number): void {
    this.received += n;
    const now = Date.now();
    if (now - this.last > 100) {
      this.last = now;
      this.draw();
    }
  }

  fileDone(): void {
    this.finished++;
    this.draw();
  }

  done(): void {
    if (this.total > 0) this.context.progressDone();
  }

  private draw(): void {
    this.context.progress(`Downloading F24 PDFs ${progressBar(this.finished, this.total)} ${this.finished}/${this.total}  ${formatBytes(this.received)}`);
  }
}

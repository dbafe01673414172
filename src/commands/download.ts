/**
 * The one downloader of PDFs (F24 forms, invoices): each file from its link, a few at a time,
 * through the shared client (a signed link is not charged to the token's rate limit), into
 * `<name>.part`, renamed to the final name only once complete: a failure or Ctrl-C never leaves a
 * half-written PDF under the final name, and a re-run skips the files already complete. The
 * caller checks the folder (assertWritableFolder) before any request and names the files.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ApiClient } from '../api/client.js';
import { ApiError, ExitCode, FiscoError } from '../errors.js';
import type { Factory } from '../factory/factory.js';
import { isLocalFileError, localWriteError } from '../io/atomic.js';
import { replaceFile } from '../io/durable.js';
import { isCompletePdf } from '../io/pdf.js';
import type { View } from '../output/view.js';
import { formatBytes, progressBar } from '../io/progress.js';
import { t, type Text } from '../i18n/message.js';

/** Files in flight at once by default: signed links are not paced, so this alone bounds a download. */
export const DEFAULT_CONCURRENCY = 4;

export interface DownloadTarget {
  /** What the record is called in results and messages (an F24 id, an invoice number). */
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

export const downloadResultView: View = {
  columns: [
    { key: 'id', label: t`ID` },
    {
      key: 'result',
      label: t`Result`,
      tone: (row) => ((row as DownloadResult).result === 'failed' ? 'danger' : (row as DownloadResult).result === 'skipped' ? 'muted' : 'ok'),
    },
    { key: 'file', label: t`File` },
    { key: 'bytes', label: t`Bytes`, kind: 'count' },
    { key: 'error', label: t`Error` },
  ],
  fields: ['id', 'file', 'result', 'bytes', 'error'],
};

export class LinkExpiredError extends FiscoError {}

/** A failure of one record, its message starting with what it is (`F24 f24_0012: …`, `invoice 42/2026: …`). */
export function explainDownload(what: string, error: unknown): FiscoError {
  if (error instanceof ApiError) {
    if (
      error.status === 410 ||
      error.code === 'link_expired' ||
      error.code === 'invalid_signature' ||
      // eslint-disable-next-line no-restricted-syntax -- the service's words (a 403 without its code), not fisco's
      (error.status === 403 && /expir|signature/i.test(error.message))
    ) {
      return new LinkExpiredError(t`${what}: the download link has expired or is no longer valid (${error.text}); list again for a fresh link`, ExitCode.auth);
    }
    if (error.status === 404) return new FiscoError(t`${what}: not found (${error.text})`, ExitCode.notFound);
    return new FiscoError(t`${what}: ${error.text}`, error.exitCode);
  }
  if (error instanceof FiscoError) return new FiscoError(error.message.startsWith(what) ? error.text : t`${what}: ${error.text}`, error.exitCode);
  return new FiscoError(t`${what}: ${error instanceof Error ? error.message : String(error)}`, ExitCode.network);
}

export interface DownloadRun {
  results: DownloadResult[];
  failures: FiscoError[];
  /** Records a failure found before the download (no link, a lookup that failed). */
  fail(id: string, error: unknown, file?: string | null): void;
}

/** The results and failures of one download command, with the warning each failure prints. */
export function downloadRun(factory: Factory, describe: (id: string) => string): DownloadRun {
  const run: DownloadRun = {
    results: [],
    failures: [],
    fail(id, error, file = null) {
      const problem = explainDownload(describe(id), error);
      run.failures.push(problem);
      run.results.push({ id, file, result: 'failed', bytes: null, error: problem.message });
      factory.output.warn(problem.text);
    },
  };
  return run;
}

/**
 * Downloads every target not already complete into its file, `concurrency` at a time, adding to
 * `run`. Ctrl-C stops every transfer, removes the partial files and throws exit 130.
 */
export async function downloadTargets(
  factory: Factory,
  client: ApiClient,
  targets: DownloadTarget[],
  run: DownloadRun,
  options: { concurrency?: number; label: Text; describe: (id: string) => string; noLink: Text },
): Promise<void> {
  const pending: DownloadTarget[] = [];
  for (const target of targets) {
    if (await isCompletePdf(target.file)) run.results.push({ id: target.id, file: target.file, result: 'skipped', bytes: null, error: null });
    else if (!target.url) run.fail(target.id, new FiscoError(t`${options.describe(target.id)}: ${options.noLink}`, ExitCode.notFound), target.file);
    else pending.push(target);
  }
  const progress = new Progress(factory, pending.length, options.label);
  const active = new Set<string>();
  const controller = new AbortController();
  let interruptedWith = 0;
  // Ctrl-C: stop, let each transfer remove its own .part file, then fail through cli.ts like any error.
  const stopWatching = factory.io.onInterrupt(() => {
    interruptedWith = active.size;
    controller.abort();
  });
  try {
    let next = 0;
    const worker = async () => {
      while (next < pending.length && !controller.signal.aborted) {
        const target = pending[next++]!;
        try {
          const bytes = await downloadOne(client, target, active, controller.signal, (n) => progress.bytes(n));
          run.results.push({ id: target.id, file: target.file, result: 'downloaded', bytes, error: null });
        } catch (error) {
          // Ctrl-C aborts every transfer at once: one summary below, not one warning per file.
          if (controller.signal.aborted) return;
          run.fail(target.id, error, target.file);
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
      interruptedWith === 1
        ? t`interrupted; 1 partial download removed, no incomplete PDF left`
        : t`interrupted; ${interruptedWith} partial downloads removed, no incomplete PDF left`,
      ExitCode.interrupted,
      [t`Run the same command again to resume: complete files are skipped.`],
    );
  }
}

/** Prints the results in `order` and the one-line summary; any failure is thrown with its exit code. */
export async function finishDownload(factory: Factory, run: DownloadRun, order: string[], dir: string, retryHint: Text): Promise<void> {
  const position = new Map<string, number>();
  for (const id of order) if (!position.has(id)) position.set(id, position.size);
  run.results.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  await factory.output.list(run.results, downloadResultView);
  const count = (kind: DownloadResult['result']) => run.results.filter((r) => r.result === kind).length;
  const summary = t`${count('downloaded')} downloaded, ${count('skipped')} already complete (skipped), ${count('failed')} failed, in ${dir}`;
  if (run.failures.length === 0) {
    factory.output.success(summary);
    return;
  }
  const expired = run.failures.some((f) => f instanceof LinkExpiredError);
  throw new FiscoError(summary, run.failures[0]!.exitCode, [
    expired ? t`Download links expire: run the same command again; ${retryHint}` : t`Run the same command again to retry: files already saved are skipped.`,
  ]);
}

async function downloadOne(client: ApiClient, target: DownloadTarget, active: Set<string>, signal: AbortSignal, onBytes: (n: number) => void): Promise<number> {
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
    if (expected !== undefined && written !== expected) throw new FiscoError(t`the transfer stopped after ${written} of ${expected} bytes`, ExitCode.network);
    if (!(await isCompletePdf(part))) throw new FiscoError(t`the file received is not a complete PDF`, ExitCode.network);
    await replaceFile(part, target.file);
    return written;
  } catch (error) {
    response.body.destroy();
    await rm(part, { force: true });
    if (error instanceof FiscoError) throw error;
    // The folder could not take the file (no space, no permission…): exit 12, the path named.
    if (isLocalFileError(error)) throw localWriteError(target.file, error);
    const code = (error as { code?: string }).code ?? '';
    throw new FiscoError(
      t`the download was interrupted (${code || (error instanceof Error ? error.message : String(error))}); nothing partial was kept`,
      ExitCode.network,
    );
  } finally {
    active.delete(part);
  }
}

/** A progress line on stderr, on a terminal only (io.progress checks). */
class Progress {
  private finished = 0;
  private received = 0;
  private last = 0;

  constructor(
    private readonly factory: Factory,
    private readonly total: number,
    private readonly label: Text,
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
    if (this.total > 0) this.factory.io.progressDone();
  }

  private draw(): void {
    this.factory.io.progress(t`${this.label} ${progressBar(this.finished, this.total)} ${this.finished}/${this.total}  ${formatBytes(this.received)}`);
  }
}

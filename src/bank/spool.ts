/**
 * Records kept between two passes over a run's statements, in order, as JSON lines: in memory up to
 * `limit` bytes, beyond that in a temporary file (a folder of its own under the system's temporary
 * folder, mode 0700, the file 0600), read back once, and removed by close(). Memory stays one batch
 * of lines whatever the number of records (issue 27: the whole statement is read before anything is
 * printed, and the statement itself is never held).
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class Spool<T> {
  private lines: string[] = [];
  private bytes = 0;
  private file: { dir: string; path: string; fd: number } | undefined;
  /** Records written. */
  count = 0;

  constructor(private readonly limit = 256 * 1024) {}

  /** The temporary file, once the records outgrew memory. */
  get path(): string | undefined {
    return this.file?.path;
  }

  write(record: T): void {
    const line = JSON.stringify(record);
    this.lines.push(line);
    this.bytes += line.length + 1;
    this.count++;
    if (this.bytes >= this.limit) this.flush();
  }

  private flush(): void {
    if (this.lines.length === 0) return;
    if (!this.file) {
      const dir = mkdtempSync(join(tmpdir(), 'fisco-bank-'));
      const path = join(dir, 'movements.jsonl');
      this.file = { dir, path, fd: openSync(path, 'w', 0o600) };
    }
    writeSync(this.file.fd, `${this.lines.join('\n')}\n`);
    this.lines = [];
    this.bytes = 0;
  }

  /** Every record, in the order written (once: the spool is then empty). */
  async *read(): AsyncGenerator<T> {
    if (!this.file) {
      const lines = this.lines;
      this.lines = [];
      for (const line of lines) yield JSON.parse(line) as T;
      return;
    }
    this.flush();
    closeSync(this.file.fd);
    this.file.fd = openSync(this.file.path, 'r');
    // Read back in 1 MiB pieces (a character cut between two is carried whole by the decoder).
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    let rest = '';
    for (let n = readSync(this.file.fd, buffer); n > 0; n = readSync(this.file.fd, buffer)) {
      const lines = (rest + decoder.write(buffer.subarray(0, n))).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line !== '') yield JSON.parse(line) as T;
    }
    rest += decoder.end();
    if (rest !== '') yield JSON.parse(rest) as T;
  }

  /** Removes the temporary file, if any. */
  close(): void {
    this.lines = [];
    if (!this.file) return;
    if (this.file.fd >= 0) closeSync(this.file.fd);
    rmSync(this.file.dir, { recursive: true, force: true });
    this.file = undefined;
  }
}

/**
 * Records kept between two passes over a run's statements, in order, as JSON lines: in memory up to
 * `limit` bytes, beyond that in a temporary file (a folder of its own under the system's temporary
 * folder, mode 0700, the file 0600), read back once, and removed by close(). Memory stays one batch
 * of lines whatever the number of records (issue 27: the whole statement is read before anything is
 * printed, and the statement itself is never held). The file is written and read through one small
 * buffer each, so that a long run leaves no large strings or buffers behind for the collector.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

/** The size of the write and read buffers: below what the JavaScript heap keeps apart as a large object. */
const BUFFER_BYTES = 64 * 1024;

export class Spool<T> {
  private lines: string[] = [];
  private bytes = 0;
  private file: { dir: string; path: string; fd: number; buffer: Buffer; used: number } | undefined;
  /** Records written. */
  count = 0;

  constructor(private readonly limit = 256 * 1024) {}

  /** The temporary file, once the records outgrew memory. */
  get path(): string | undefined {
    return this.file?.path;
  }

  write(record: T): void {
    const line = JSON.stringify(record);
    this.count++;
    if (this.file) return this.append(line);
    this.lines.push(line);
    this.bytes += line.length + 1;
    if (this.bytes >= this.limit) this.spill();
  }

  /** From memory to the temporary file, once the records outgrow `limit`. */
  private spill(): void {
    const dir = mkdtempSync(join(tmpdir(), 'fisco-bank-'));
    const path = join(dir, 'movements.jsonl');
    this.file = { dir, path, fd: openSync(path, 'w', 0o600), buffer: Buffer.allocUnsafe(BUFFER_BYTES), used: 0 };
    const lines = this.lines;
    this.lines = [];
    this.bytes = 0;
    for (const line of lines) this.append(line);
  }

  private append(line: string): void {
    const file = this.file!;
    // At most 3 bytes a UTF-16 unit, and the line break.
    if (file.used + line.length * 3 + 1 > BUFFER_BYTES) this.flush();
    if (line.length * 3 + 1 > BUFFER_BYTES) {
      writeSync(file.fd, `${line}\n`);
      return;
    }
    file.used += file.buffer.write(line, file.used);
    file.buffer[file.used++] = 0x0a;
  }

  private flush(): void {
    const file = this.file!;
    if (file.used > 0) writeSync(file.fd, file.buffer, 0, file.used);
    file.used = 0;
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
    // A character cut between two reads is carried whole by the decoder.
    const decoder = new StringDecoder('utf8');
    const { buffer } = this.file;
    let rest = '';
    for (let n = readSync(this.file.fd, buffer, 0, BUFFER_BYTES, null); n > 0; n = readSync(this.file.fd, buffer, 0, BUFFER_BYTES, null)) {
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
    this.file.fd = -1;
    rmSync(this.file.dir, { recursive: true, force: true });
    this.file = undefined;
  }
}

import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvIt, records } from './batch-helpers.js';
import { harness, type Harness } from './harness.js';

/**
 * Files a person prepares (issue 41, point 8): every file fisco reads is a regular file of bounded
 * size, or one clear line naming it (exit 2, nothing sent); every CSV is read as a spreadsheet or an
 * editor leaves it (a BOM, CRLF, LF and CR mixed, a trailing empty line, `;` or `,`); `--timeout`
 * bounds the conversations with webhook receivers too.
 */
let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await harness();
  dir = mkdtempSync(join(tmpdir(), 'fisco-inputs-'));
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Each reader of a named file, its argv with the file in it. */
const READERS: Record<string, (file: string) => string[]> = {
  'invoice create --from': (f) => ['invoice', 'create', '--from', f, '--dry-run'],
  'invoice batch': (f) => ['invoice', 'batch', f, '--dry-run'],
  'bank match (statement)': (f) => ['bank', 'match', f],
  'bank match --csv-mapping': (f) => ['bank', 'match', join(dir, 'statement.csv'), '--csv-mapping', f],
  'bank apply (plan)': (f) => ['bank', 'apply', f, '--yes'],
  'hooks verify --body': (f) => ['hooks', 'verify', '--body', f, '--secret', 'whsec_x', '--signature', 'v1=00', '--timestamp', '1'],
  'hooks verify --secret-file': (f) => ['hooks', 'verify', '--body', '-', '--secret-file', f, '--signature', 'v1=00', '--timestamp', '1'],
  'api --input': (f) => ['api', 'POST', '/v1/clients', '--input', f],
};

describe('a file that is not a regular file is refused in one line, exit 2, nothing sent', () => {
  let fifo: string;
  let folder: string;
  beforeAll(() => {
    fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    folder = join(dir, 'folder');
    mkdirSync(folder);
    writeFileSync(join(dir, 'statement.csv'), 'Data;Importo;Causale\r\n20/11/2026;10,00;x\r\n');
  });

  const kinds = [
    ['a pipe (FIFO)', () => fifo, 'is a pipe, not a file'],
    ['/dev/zero', () => '/dev/zero', 'is a device, not a file'],
    ['a folder', () => folder, 'is a folder, not a file'],
  ] as const;

  for (const [reader, argv] of Object.entries(READERS)) {
    it.each(kinds)(`${reader}: %s`, async (_kind, path, words) => {
      const requests = h.mark();
      const result = await h.run(argv(path()), { input: '' });
      expect(result.exitCode, result.stderr).toBe(2);
      const first = result.stderr.split('\n')[0]!;
      expect(first).toContain(path());
      expect(first).toContain(words);
      expect(result.stdout).toBe('');
      expect(requests().filter((r) => r.method !== 'GET')).toEqual([]);
    });
  }

  it('says it in Italian in an Italian run', async () => {
    const result = await h.run(READERS['invoice batch']!(fifo), { lang: 'it' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`fisco: ${fifo}: è una pipe, non un file (indica - per leggere dallo stdin)`);
  });
});

describe('a file past the bound is refused, not read', () => {
  it.each([
    ['invoice batch', 65 * 1024 * 1024, '64 MB'],
    ['bank match (statement)', 2 * 1024 * 1024 * 1024 + 1, '2048 MB'],
  ])('%s', async (reader, size, bound) => {
    const file = join(dir, `big-${size}`);
    writeFileSync(file, '');
    truncateSync(file, size); // sparse: no disk used
    const requests = h.mark();
    const result = await h.run(READERS[reader]!(file));
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr.split('\n')[0]).toContain(`${file}: is larger than ${bound}, more than fisco reads`);
    expect(requests()).toEqual([]);
  });
});

/** A CSV as an editor leaves it: a BOM, then line breaks of every kind in turn, and an empty line at the end. */
function edited(text: string): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n/);
  while (lines.at(-1) === '') lines.pop();
  const breaks = ['\r\n', '\n', '\r'];
  return `\uFEFF${lines.map((line, i) => line + breaks[i % 3]).join('')}\r\n`;
}

describe('a CSV is read as an editor leaves it', () => {
  it('invoice batch: mixed line endings, a BOM and a trailing empty line give the same records, in the ; and the , dialect', async () => {
    const recs = records(5, { prefix: 'EDIT' });
    const clean = csvIt(recs);
    const comma = clean
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .map((line) => line.replace(/(\d),(\d\d)(?=;|$)/g, '$1.$2').replace(/;/g, ','))
      .join('\n');
    const bodies = async (text: string, name: string) => {
      const file = join(dir, name);
      writeFileSync(file, text);
      const result = await h.run(['invoice', 'batch', file, '--dry-run', '-o', 'json']);
      expect(result.exitCode, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as { records: unknown[] }).records;
    };
    const expected = await bodies(clean, 'clean.csv');
    expect(expected).toHaveLength(5);
    expect(await bodies(edited(clean), 'edited.csv')).toEqual(expected);
    expect(await bodies(comma, 'comma.csv')).toEqual(expected);
    expect(await bodies(edited(comma), 'comma-edited.csv')).toEqual(expected);
  });

  it('bank match: a CSV statement with mixed line endings, a BOM and a trailing empty line matches as the clean one', async () => {
    const folder = mkdtempSync(join(dir, 'bank-'));
    const demo = { env: { FISCO_DATA_DIR: join(folder, 'data') }, token: null, baseUrl: null };
    const statement = await h.run(['--demo', 'emulator', 'statement', '--format', 'csv'], demo);
    expect(statement.exitCode, statement.stderr).toBe(0);
    const flags = ['--csv-date', 'Data contabile', '--csv-credit', 'Avere', '--csv-debit', 'Dare', '--csv-description', 'Descrizione operazione'];
    const match = async (text: string, name: string) => {
      const file = join(folder, name);
      writeFileSync(file, text);
      const result = await h.run(['--demo', '--account', 'acc_rossi', 'bank', 'match', file, ...flags, '-o', 'json'], demo);
      expect(result.exitCode, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as { amount: string; status: string }[]).map((r) => [r.amount, r.status]);
    };
    const clean = await match(statement.stdout, 'clean.csv');
    expect(clean.length).toBeGreaterThanOrEqual(5);
    expect(await match(edited(statement.stdout), 'edited.csv')).toEqual(clean);
  }, 60_000);
});

describe('--timeout bounds the conversation with a webhook receiver', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // A receiver that answers its headers at once, then never finishes its body.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('working');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('hooks trigger: a receiver that never ends its answer fails at the deadline, exit 8', async () => {
    const result = await h.run(['--timeout', '0.5', 'hooks', 'trigger', 'invoice.created', '--to', url, '--secret', 'whsec_timeout_secret']);
    expect(result.exitCode, result.stderr).toBe(8);
    expect(result.stderr).toContain(`could not deliver to ${url}: no complete answer within 0.5 s (--timeout)`);
  });
});

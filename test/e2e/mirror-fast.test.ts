/**
 * The fast path of the mirror's reads (src/fast-offline.ts, dist/offline.cjs): bin/fisco.js answers
 * the plainest offline reads without loading the CLI, and its answer is the CLI's, byte for byte —
 * stdout, stderr and exit code — as FISCO_NO_FAST_PATH=1 (the CLI itself) shows. Anything else goes
 * to the CLI, which answers it (and says why when it cannot). On both stores: a mirror on
 * PostgreSQL (FISCO_MIRROR_URL, --mirror, the profile's setting) is read by dist/offline-pg.cjs
 * (node-postgres on the process's own thread, no worker) with the same bytes.
 */
import { execa } from 'execa';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binEnv, until } from './batch-helpers.js';
import { BIN, harness, TOKENS, type Harness } from './harness.js';
import { freshDatabase, noticeIfNoPg, PG_URL, STORES } from './pg.js';

let h: Harness;
let preload: string;
let data: string;
/** The PostgreSQL mirror's database, filled by the same syncs (when a server is given). */
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
noticeIfNoPg();
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
  data = mkdtempSync(join(h.home, 'fast-'));
  preload = join(h.home, 'record-reads.cjs');
  // Records which files the process read or required: the CLI's bundle (dist/cli.cjs) or the fast path's.
  writeFileSync(
    preload,
    `const fs = require('node:fs'); const read = fs.readFileSync; const reads = [];
    fs.readFileSync = function (path, ...rest) { reads.push(String(path)); return read.call(this, path, ...rest); };
    process.on('exit', () => fs.writeFileSync(process.env.LOAD_RECORD, JSON.stringify([...Object.keys(require.cache), ...reads])));\n`,
  );
  if (PG_URL) database = await freshDatabase();
  for (const token of [TOKENS.firm, TOKENS.prod]) {
    for (const mirror of database ? ['', database.url] : ['']) {
      const env = binEnv(h, token, { FISCO_DATA_DIR: data, FISCO_MIRROR_URL: mirror });
      const sync = await execa('node', [BIN, 'sync'], { env, extendEnv: false, reject: false, input: '' });
      expect([0, 11]).toContain(sync.exitCode);
    }
  }
}, 180_000);
afterAll(async () => {
  await database?.drop();
  await h.close();
});

let records = 0;
async function bin(args: string[], token: string, extra: Record<string, string> = {}) {
  const record = join(h.home, `reads-${records++}.json`);
  const result = await execa('node', ['--require', preload, BIN, ...args], {
    env: binEnv(h, token, { FISCO_DATA_DIR: data, LOAD_RECORD: record, ...extra }),
    extendEnv: false,
    reject: false,
    input: '',
    stripFinalNewline: false,
  });
  const loaded = JSON.parse(readFileSync(record, 'utf8')) as string[];
  return {
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    exitCode: result.exitCode,
    cli: loaded.some((file) => file.endsWith(`${sep}dist${sep}cli.cjs`)),
    fast: loaded.some((file) => file.endsWith(`${sep}dist${sep}offline.cjs`)),
    pg: loaded.some((file) => file.endsWith(`${sep}dist${sep}offline-pg.cjs`)),
  };
}

/** The same run through the CLI (FISCO_NO_FAST_PATH=1), with the emulator answering nothing it should not be asked. */
const viaCli = (args: string[], token: string, extra: Record<string, string> = {}) => bin(args, token, { ...extra, FISCO_NO_FAST_PATH: '1' });

const ANSWERED: [string[], string, Record<string, string>?][] = [
  [['--offline', '--account', 'acc_rossi', 'invoice', 'list'], TOKENS.firm],
  [['--offline', 'invoice', 'list', '--direction', 'inbound', '-o', 'ndjson', '--per-page', '7', '--page', '2'], TOKENS.prod],
  [['invoice', 'list', '--per-page=100', '-q'], TOKENS.prod, { FISCO_OFFLINE: '1' }],
  [['invoice', 'list', '--page', '9'], TOKENS.firm, { FISCO_OFFLINE: 'yes', FISCO_ACCOUNT: 'acc_verdi' }],
  [['--offline', '--accounts', 'acc_rossi,acc_verdi,acc_neri', 'overview'], TOKENS.firm],
  [['--offline', 'overview', '--days', '30', '-o', 'ndjson'], TOKENS.prod],
  [['--offline', '--account', 'acc_neri', 'overview'], TOKENS.firm],
  [['--offline', 'overview', '-q'], TOKENS.prod], // the rejected invoices' warnings even with -q, as the CLI's
  [['search', 'zeta', 'trasporti'], TOKENS.firm],
  [['search', '53/2026', '--in', 'invoices,clients', '-o', 'ndjson'], TOKENS.firm],
  [['--accounts', 'acc_verdi', 'search', 'amazon', '--per-page', '2', '--page', '2'], TOKENS.firm],
  [['search', 'srl', '--all'], TOKENS.prod],
  [['search', 'nothing-like-this-anywhere'], TOKENS.prod],
  [['search', 'zeta', '--per-page', '2', '--page', '999'], TOKENS.firm], // past the last hit: the count of a page with none
];

const TO_THE_CLI: [string[], string, Record<string, string>?][] = [
  [['--offline', 'invoice', 'list'], TOKENS.firm], // a firm token, no company named: every company, by name
  [['--offline', 'overview'], TOKENS.firm], // a company whose F24s were refused: exit 11, named
  [['--offline', '--account', 'acc_rossi', 'invoice', 'list', '-o', 'csv'], TOKENS.firm],
  [['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--fields', 'number'], TOKENS.firm],
  [['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--payment-status', 'paid'], TOKENS.firm],
  [['--offline', '--account', 'acc_nowhere', 'invoice', 'list'], TOKENS.firm], // never synced: exit 2
  [['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--per-page', '500'], TOKENS.firm], // exit 2, the flag named
  [['search', 'zeta', '--in', 'bogus'], TOKENS.firm],
  [['search', 'zeta'], TOKENS.readonly], // no mirror for this token: exit 2
  [['--offline', '--account', 'acc_rossi', 'invoice', 'list'], TOKENS.firm, { FISCO_OFFLINE: 'maybe' }],
  [['--offline', 'overview', '-q'], TOKENS.prod, { LANG: 'it_IT.UTF-8' }], // warnings to say in Italian
];

describe.each(STORES)('the fast path of offline reads (%s)', (store) => {
  /** The store's variables: the SQLite file is the default; PostgreSQL is named by FISCO_MIRROR_URL. */
  const on = (extra: Record<string, string> = {}) => (store === 'postgres' ? { FISCO_MIRROR_URL: database!.url, ...extra } : extra);

  it('answers the plainest reads without loading the CLI, with the CLI’s own bytes and exit code', async () => {
    for (const [args, token, extra] of ANSWERED) {
      const fast = await bin(args, token, on(extra));
      const cli = await viaCli(args, token, on(extra));
      expect(fast.fast && !fast.cli, `${args.join(' ')}: answered by the fast path`).toBe(true);
      // PostgreSQL's reader is loaded for a mirror on PostgreSQL only.
      expect(fast.pg, args.join(' ')).toBe(store === 'postgres');
      expect(cli.cli, args.join(' ')).toBe(true);
      expect({ stdout: fast.stdout, stderr: fast.stderr, exitCode: fast.exitCode }, args.join(' ')).toEqual({
        stdout: cli.stdout,
        stderr: cli.stderr,
        exitCode: cli.exitCode,
      });
      expect(fast.stdout.length, args.join(' ')).toBeGreaterThan(2);
      // The overview's rejected invoices explained on stderr, as the CLI does (the comparison above is not of empty stderr).
      if (args.includes('overview') && !args.includes('acc_neri'))
        expect(fast.stderr, args.join(' ')).toMatch(/^warning: .+ \(acc_\w+\): invoice .+ was rejected by the SDI: /m);
    }
  }, 120_000);

  it('leaves everything else to the CLI, which answers it', async () => {
    for (const [args, token, extra] of TO_THE_CLI) {
      const run = await bin(args, token, on(extra));
      expect(run.cli, `${args.join(' ')}: answered by the CLI`).toBe(true);
      const cli = await viaCli(args, token, on(extra));
      expect({ stdout: run.stdout, exitCode: run.exitCode }, args.join(' ')).toEqual({ stdout: cli.stdout, exitCode: cli.exitCode });
    }
  }, 120_000);

  if (store === 'postgres')
    it('says goodbye to the server: its connection ends with the run, never as a client lost', async () => {
      // The reader does not wait for the server to close the connection (pg-reader.ts close()): its
      // Terminate must still reach the server, or each run would be a session PostgreSQL counts as abandoned.
      const sessions = async () =>
        (
          await database!.query<{ abandoned: string; killed: string }>(
            'SELECT sessions_abandoned AS abandoned, sessions_killed AS killed FROM pg_stat_database WHERE datname = current_database()',
          )
        )[0]!;
      const open = async () =>
        Number(
          (
            await database!.query<{ n: string }>(
              "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'fisco on %'",
            )
          )[0]!.n,
        );
      await until(async () => (await open()) === 0, 'no fisco connection before the runs');
      const before = await sessions();
      for (const [args, token, extra] of ANSWERED.slice(0, 5)) {
        const fast = await bin(args, token, on(extra));
        expect({ answered: fast.fast && fast.pg && !fast.cli, exitCode: fast.exitCode }, args.join(' ')).toEqual({ answered: true, exitCode: 0 });
      }
      await until(async () => (await open()) === 0, 'the fast path’s connections to end');
      expect(await sessions()).toEqual(before);
    }, 60_000);

  if (store === 'postgres')
    it('finds the PostgreSQL mirror where the CLI does: --mirror, then FISCO_MIRROR_URL, then the profile in use', async () => {
      const args = ['--offline', '--account', 'acc_rossi', 'invoice', 'list'];
      const expected = await viaCli(args, TOKENS.firm, on());
      expect(expected.stdout.length).toBeGreaterThan(2);
      // --mirror names it (FISCO_MIRROR_URL naming the SQLite file is overruled, as the CLI does).
      const flagged = await bin([...args, '--mirror', database!.url], TOKENS.firm, { FISCO_MIRROR_URL: '' });
      expect({ fast: flagged.fast && flagged.pg && !flagged.cli, stdout: flagged.stdout, exitCode: flagged.exitCode }).toEqual({
        fast: true,
        stdout: expected.stdout,
        exitCode: 0,
      });
      // The profile in use names it when neither does; FISCO_MIRROR_URL='' still means the SQLite file.
      const config = mkdtempSync(join(h.home, 'config-'));
      const profile = {
        name: 'studio',
        token: TOKENS.firm,
        environment: 'production',
        baseUrl: h.emulator.url,
        company: { id: 'acc_rossi', name: 'Rossi' },
        mirror: database!.url,
        createdAt: '2026-11-01T00:00:00.000Z',
      };
      writeFileSync(join(config, 'config.json'), JSON.stringify({ version: 1, active: 'studio', profiles: { studio: profile }, baseUrls: {} }));
      for (const extra of [{ FISCO_CONFIG_DIR: config }, { FISCO_CONFIG_DIR: config, FISCO_MIRROR_URL: '' }] as Record<string, string>[]) {
        const fast = await bin(args, TOKENS.firm, extra);
        const cli = await viaCli(args, TOKENS.firm, extra);
        expect(fast.fast && !fast.cli, JSON.stringify(extra)).toBe(true);
        expect(fast.pg, JSON.stringify(extra)).toBe(extra.FISCO_MIRROR_URL === undefined);
        expect({ stdout: fast.stdout, stderr: fast.stderr, exitCode: fast.exitCode }).toEqual({
          stdout: cli.stdout,
          stderr: cli.stderr,
          exitCode: cli.exitCode,
        });
      }
    }, 60_000);
});

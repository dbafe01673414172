/**
 * `fisco sync`, then every read verb in every format online and `--offline` with the emulator
 * stopped: the same stdout, byte for byte, and the same exit code. Only what the service changes
 * on every answer differs, and is set aside here: an F24's signed link (its expiry and signature)
 * and an iCalendar's DTSTAMP (the moment the file was written).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness, type RunResult } from './harness.js';
import { mirrorOn, noticeIfNoPg, STORES } from './pg.js';

/** The firm's reads: each verb with its filters; every one runs in each format below. */
const READS: string[][] = [
  ['accounts', 'list'],
  ['accounts', 'get', 'acc_verdi'],
  ['whoami'],
  ['--account', 'acc_rossi', 'clients', 'list'],
  ['--account', 'acc_rossi', 'clients', 'list', '--all'],
  ['--account', 'acc_rossi', 'clients', 'list', '--search', 'ar', '--per-page', '5'],
  ['--account', 'acc_rossi', 'invoice', 'list'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--all'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--direction', 'inbound', '--all'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--payment-status', 'overdue', '--all'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--payment-status', 'paid,partial', '--per-page', '7', '--page', '2'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--sdi-status', 'delivery_failed,accepted,rejected', '--all'],
  // Void documents only (the mirror looks among the invoices without a payment status): the overview's read of the rejected ones.
  ['--account', 'acc_rossi', 'invoice', 'list', '--sdi-status', 'rejected', '--all'],
  ['--all-accounts', 'invoice', 'list', '--sdi-status', 'draft,error', '--all'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--issued-from', '2026-10-01', '--issued-to', '31/10/2026'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--limit', '5'],
  ['--all-accounts', 'invoice', 'list', '--payment-status', 'unpaid', '--all'],
  ['invoice', 'list', '--limit', '3'],
  ['--account', 'acc_rossi', 'cost-centers', 'list'],
  ['--account', 'acc_rossi', 'cost-centers', 'list', '--active', '--type', 'commessa'],
  ['--account', 'acc_rossi', 'expenses', 'list', '--period', '2026-10', '--all'],
  ['--account', 'acc_rossi', 'expenses', 'list', '--from', '2026-06', '--to', '2026-09', '--method', 'diretto', '--all'],
  ['--account', 'acc_rossi', 'expenses', 'list', '--cost-center', 'UNASSIGNED', '--all'],
  ['--account', 'acc_verdi', 'expenses', 'list', '--all'],
  ['--account', 'acc_rossi', 'expenses', 'summary', '--period', '2026-10'],
  ['--account', 'acc_rossi', 'expenses', 'summary', '--from', '2026-08', '--to', '2026-11'],
  ['--all-accounts', 'expenses', 'summary', '--period', '2026-11'],
  ['--account', 'acc_rossi', 'f24', 'list', '--all'],
  ['--account', 'acc_rossi', 'f24', 'list', '--status', 'ready'],
  ['--account', 'acc_rossi', 'f24', 'list', '--due-from', '2026-09-01', '--due-to', '2026-12-31'],
  ['--account', 'acc_rossi', 'f24', 'get', 'f24_0003'],
  ['--account', 'acc_gialli', 'f24', 'list'],
  ['--account', 'acc_rossi', 'deadlines', 'list', '--all'],
  ['--account', 'acc_rossi', 'deadlines', 'list', '--status', 'overdue'],
  ['--account', 'acc_rossi', 'deadlines', 'list', '--type', 'iva', '--from', '2026-09-01', '--to', '2026-12-31'],
  ['--account', 'acc_rossi', 'deadlines', 'export', '--ics', '-'],
  ['overview'],
  ['overview', '--days', '30'],
  // The receivables views (issue 30): the same figures online and offline.
  ['--all-accounts', 'receivables'],
  ['--account', 'acc_rossi', 'receivables', '--by', 'invoice', '--min-days', '1'],
  ['--all-accounts', 'receivables', '--by', 'company', '--as-of', '2026-12-31'],
  ['--account', 'acc_rossi', 'cash', '--weeks', '6'],
  ['--all-accounts', 'cash'],
  ['--account', 'acc_rossi', 'invoice', 'get', '9999/1999'],
  ['expenses', 'summary', '--period', '2026-10'],
];

const FORMATS: string[][] = [
  ['-o', 'json'],
  ['-o', 'ndjson'],
  ['-o', 'csv'],
  ['-o', 'csv', '--csv-dialect', 'it'],
  ['-o', 'table'],
];

/** A few reads with --fields and --query too. */
const SHAPED: string[][] = [
  ['--account', 'acc_rossi', 'invoice', 'list', '--all', '--fields', 'number,total_amount,overdue', '-o', 'csv'],
  ['--account', 'acc_rossi', 'invoice', 'list', '--all', '--query', '[?overdue].{n: number, due: amount_due}'],
  ['--all-accounts', 'deadlines', 'list', '--status', 'overdue', '--fields', 'title,due_date', '-o', 'json'],
  ['overview', '--query', '[].{c: company, open: open_amount}'],
];

const key = (args: string[]) => args.join(' ');
/** The warning lines of a run's stderr. */
const warnings = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('warning: '))
    .join('\n');
/** What the service changes on every answer: a signed link's expiry and signature, an iCalendar's stamp. */
const settled = (text: string) =>
  text
    .replace(/expires=\d+&signature=[0-9a-f]+/g, 'expires=…&signature=…')
    // A table cuts a long link: whatever is left of its expiry and signature.
    .replace(/expires=[0-9a-f&=signature]*…/g, 'expires=…')
    .replace(/^DTSTAMP:.*$/gm, 'DTSTAMP:…');

noticeIfNoPg();

describe.each(STORES)('the mirror on %s', (store) => {
  let h: Harness;
  let database: Awaited<ReturnType<typeof mirrorOn>>;
  const online = new Map<string, RunResult>();
  let syncResult: RunResult;
  /** Reads that name invoices the emulator seeded (by UUID and by number), found in beforeAll. */
  const FOUND: string[][] = [];
  const cases = (): string[][] => [...[...READS, ...FOUND].flatMap((read) => FORMATS.map((format) => [...read, ...format])), ...SHAPED];

  beforeAll(async () => {
    h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
    // On PostgreSQL every run of this suite reads and fills the test server's database of its own.
    database = await mirrorOn(h, store);
    const verdi = h.emulator.store.invoices.find((i) => i.accountId === 'acc_verdi' && i.direction === 'outbound')!;
    const rossi = h.emulator.store.invoices.find((i) => i.accountId === 'acc_rossi' && i.direction === 'outbound' && /^\d+\/2026$/.test(i.number))!;
    // A firm token with no company named looks the invoice up in every company; by number within one company.
    FOUND.push(['invoice', 'get', verdi.uuid!], ['--account', 'acc_rossi', 'invoice', 'get', rossi.number]);
    syncResult = await h.run(['sync', '-o', 'json'], { token: TOKENS.firm, timeout: 60_000 });
    for (const args of cases()) online.set(key(args), await h.run(args, { token: TOKENS.firm }));
    await h.emulator.close();
  }, 180_000);
  afterAll(async () => {
    await h.close();
    await database?.drop();
  });

  describe(`fisco sync, then every read offline (${store})`, () => {
    it('syncs every company of the firm token; the one whose F24s are refused is named, exit 11', () => {
      expect(syncResult.exitCode, syncResult.stderr).toBe(11);
      const rows = parseJson<{ account_id: string; result: string; full: boolean; new: number }[]>(syncResult.stdout);
      expect(rows.map((r) => [r.account_id, r.result, r.full])).toEqual([
        ['acc_rossi', 'synced', true],
        ['acc_verdi', 'synced', true],
        ['acc_neri', 'synced', true],
        ['acc_gialli', 'incomplete', true],
      ]);
      expect(rows.every((r) => r.new > 0)).toBe(true);
      expect(syncResult.stderr).toMatch(
        /Gialli Alimentari S\.n\.c\. \(acc_gialli\): not read: F24 forms \(GET \/v1\/f24s\): This token lacks the ability 'f24:read'/,
      );
    });

    it('the same stdout and exit code online and offline for every read, filter and format, with no request at all', async () => {
      const differences: string[] = [];
      let compared = 0;
      for (const args of cases()) {
        const before = online.get(key(args))!;
        const after = await h.run(['--offline', ...args], { token: TOKENS.firm });
        compared++;
        if (after.exitCode !== before.exitCode)
          differences.push(`${key(args)}: exit ${before.exitCode} online, ${after.exitCode} offline: ${after.stderr.split('\n')[0]}`);
        else if (settled(after.stdout) !== settled(before.stdout))
          differences.push(`${key(args)}: stdout differs (${before.stdout.length} and ${after.stdout.length} bytes)`);
        // The overview's warnings (each rejected invoice explained, what a total left out) are the same lines too.
        else if (args[0] === 'overview' && warnings(after.stderr) !== warnings(before.stderr))
          differences.push(`${key(args)}: the warnings differ:\n${warnings(before.stderr)}\n---\n${warnings(after.stderr)}`);
      }
      expect(differences).toEqual([]);
      expect(warnings(online.get(key(['overview', '-o', 'json']))!.stderr)).toMatch(/warning: .+ \(acc_\w+\): invoice .+ was rejected by the SDI: /);
      expect(compared).toBeGreaterThan(190);
      // The comparisons are not empty: lists have records, single reads their fields.
      expect(parseJson<unknown[]>(online.get(key(['--account', 'acc_rossi', 'invoice', 'list', '--all', '-o', 'json']))!.stdout).length).toBeGreaterThan(50);
      expect(online.get(key(['--account', 'acc_gialli', 'f24', 'list', '-o', 'json']))!.exitCode).toBe(3);
      expect(online.get(key(['expenses', 'summary', '--period', '2026-10', '-o', 'json']))!.exitCode).toBe(2);
    }, 120_000);

    it('offline, stderr says per company how old what was read is', async () => {
      const one = await h.run(['--offline', '--account', 'acc_rossi', 'invoice', 'list', '-o', 'json'], { token: TOKENS.firm });
      expect(one.stderr).toMatch(/^offline: Rossi Consulting S\.r\.l\. \(acc_rossi\) as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, (just now|\d+ min ago)$/m);
      const all = await h.run(['--offline', 'overview', '-o', 'json'], { token: TOKENS.firm });
      // Companies synced in the same minute share a line (a sync may straddle a minute: then two lines); each named once.
      const ages = all.stderr.split('\n').filter((line) => line.startsWith('offline: '));
      for (const line of ages) expect(line).toMatch(/^offline: .+\(acc_\w+\) as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, (just now|\d+ min ago)$/);
      const named = ages.flatMap((line) =>
        line
          .replace(/^offline: /, '')
          .replace(/ as of .*$/, '')
          .split(/(?<=\)), /),
      );
      expect(named.sort()).toEqual([
        'Gialli Alimentari S.n.c. (acc_gialli)',
        'Neri Design di Anna Neri (acc_neri)',
        'Rossi Consulting S.r.l. (acc_rossi)',
        'Verdi Costruzioni S.p.A. (acc_verdi)',
      ]);
    });

    it('a write with --offline (or FISCO_OFFLINE=1) is exit 2 before anything else', async () => {
      const pay = await h.run(['--offline', '--account', 'acc_rossi', 'invoice', 'pay', '1/2026', '--amount', '10'], { token: TOKENS.firm });
      expect(pay.exitCode).toBe(2);
      expect(pay.stderr).toMatch(/--offline: `fisco invoice pay` is not answered offline: it writes to the service/);
      // The hint names only what is answered offline (fisco api is not: it is the service's raw answer).
      expect(pay.stderr).toMatch(/Offline, fisco answers: .*invoice list.* and sync --status\. Without --offline/);
      expect(pay.stderr).not.toMatch(/\bapi\b/);
      const raw = await h.run(['--offline', 'api', 'GET', '/v1/me'], { token: TOKENS.firm });
      expect(raw.exitCode).toBe(2);
      expect(raw.stderr).toMatch(/`fisco api` is not answered offline/);
      const add = await h.run(['clients', 'add', '--name', 'Nuovo'], { token: TOKENS.prod, env: { FISCO_OFFLINE: '1' } });
      expect(add.exitCode).toBe(2);
      expect(add.stderr).toMatch(/`fisco clients add` is not answered offline/);
      const bad = await h.run(['invoice', 'list'], { token: TOKENS.prod, env: { FISCO_OFFLINE: 'maybe' } });
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/FISCO_OFFLINE: 'maybe' is not 1 or 0/);
    });

    it('a company the token does not manage is exit 2 saying so (no sync would fill it); so is a token with no mirror at all', async () => {
      const never = await h.run(['--offline', '--account', 'acc_nowhere', 'invoice', 'list'], { token: TOKENS.firm });
      expect(never.exitCode).toBe(2);
      expect(never.stderr).toMatch(
        /acc_nowhere is not a company this token manages \(as the last sync listed them: acc_rossi \(Rossi Consulting S\.r\.l\.\), acc_verdi/,
      );
      expect(never.stderr).not.toMatch(/sync --account acc_nowhere/);
      const none = await h.run(['--offline', 'invoice', 'list'], { token: TOKENS.readonly });
      expect(none.exitCode).toBe(2);
      expect(none.stderr).toMatch(/no mirror yet for this token \(production\)/);
      expect(none.stderr).toMatch(/Run `fisco sync` while online/);
    });

    it('a first sync that failed before storing anything leaves no mirror to read: offline says so, not that an older fisco made it', async () => {
      // The emulator is stopped here: the sync's first request is refused.
      const failed = await h.run(['sync'], { token: TOKENS.expired });
      expect(failed.exitCode).toBe(8);
      expect(failed.stderr).toMatch(/connection refused/);
      for (const args of [
        ['--offline', 'invoice', 'list'],
        ['search', 'rossi'],
        ['sync', '--status'],
      ]) {
        const read = await h.run(args, { token: TOKENS.expired });
        expect(read.exitCode, args.join(' ')).toBe(2);
        expect(read.stderr).toMatch(/no mirror yet for this token \(production\): nothing to read offline\n {2}Run `fisco sync` while online: it fills /);
        expect(read.stderr).not.toMatch(/older fisco/);
      }
    });
  });
});

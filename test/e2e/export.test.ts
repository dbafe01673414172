/** fisco export: files that parse back, a manifest that matches, resume, partial failure, the report in Chromium. */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { execa } from 'execa';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isCompletePdf } from '../../src/report/f24-files.js';
import { formatEuro } from '../../src/domain/money.js';
import { configureF24Files } from '../../src/emulator/resources/f24.js';
import { visit } from './chromium.js';
import { apiGet, apiList, COMPANY_IDS, lastSeq, requestsSince, THREE, total } from './firm-helpers.js';
import { BIN, harness, parseJson, TOKENS, type Harness } from './harness.js';
import { processEnv } from './process-env.js';
import { need } from './system-programs.js';

let h: Harness;
beforeAll(async () => {
  // The tests read the lists straight from the emulator too: their requests must not eat the CLI's rate limit.
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());
afterEach(() => {
  h.emulator.clearFaults();
  configureF24Files(h.emulator.store, { chunkDelayMs: 0 });
});

const PERIOD = '2026-10';
const firm = { token: TOKENS.firm };
const freshDir = () => mkdtempSync(join(tmpdir(), 'fisco-export-'));

interface Manifest {
  period: string;
  company: { id: string; name: string; vat_number: string };
  data_as_of: string;
  files: { path: string; size: number; sha256: string }[];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

function companyFolders(dir: string): Map<string, { folder: string; manifest: Manifest }> {
  const out = new Map<string, { folder: string; manifest: Manifest }>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !existsSync(join(dir, entry.name, 'manifest.json'))) continue;
    const manifest = parseJson<Manifest>(readFileSync(join(dir, entry.name, 'manifest.json'), 'utf8'));
    out.set(manifest.company.id, { folder: join(dir, entry.name), manifest });
  }
  return out;
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const csvRows = (path: string) => parse(readFileSync(path, 'utf8'), { delimiter: ';', bom: true, columns: true }) as Record<string, string>[];
/** A cell of the Italian dialect as a spreadsheet shows it: an identifier's text formula (="1/2026") is its text. */
const shown = (cell: string | undefined) => (cell ?? '').replace(/^="(.*)"$/s, (_m, text: string) => text.replace(/""/g, '"'));

describe('fisco export', () => {
  let dir: string;

  it('writes a folder per company whose files parse back and match the API; the manifest hashes match', async () => {
    dir = freshDir();
    const result = await h.run([...THREE, 'export', '--period', PERIOD, '--dir', dir, '-o', 'json'], firm);
    expect(result.exitCode, result.stderr).toBe(0);
    const records = parseJson<{ account_id: string; result: string; folder: string }[]>(result.stdout);
    expect(records.map((r) => [r.account_id, r.result])).toEqual(COMPANY_IDS.map((id) => [id, 'exported']));
    for (const name of ['Rossi Consulting S.r.l.', 'Verdi Costruzioni S.p.A.', 'Neri Design di Anna Neri']) {
      expect(result.stderr).toMatch(new RegExp(`${name.replace(/\./g, '\\.')}: \\d+ files in .*\\(\\d+ written, \\d+ unchanged, \\d+ PDFs? downloaded\\)`));
    }

    const folders = companyFolders(dir);
    expect([...folders.keys()].sort()).toEqual([...COMPANY_IDS].sort());
    const accounts = await apiList(h, TOKENS.firm, '/v1/accounts', {});
    for (const [id, { folder, manifest }] of folders) {
      const account = accounts.find((a) => a.id === id)!;
      expect(folder.endsWith(`_${account.vat_number}`)).toBe(true);
      expect(manifest.period).toBe(PERIOD);
      // The manifest lists every file but itself, with its size and sha256.
      const onDisk = walk(folder)
        .map((p) => relative(folder, p))
        .filter((p) => p !== 'manifest.json')
        .sort();
      expect(manifest.files.map((f) => f.path).sort()).toEqual(onDisk);
      for (const file of manifest.files) {
        expect(statSync(join(folder, file.path)).size, file.path).toBe(file.size);
        expect(sha256(join(folder, file.path)), file.path).toBe(file.sha256);
      }

      for (const direction of ['outbound', 'inbound'] as const) {
        const expected = (await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: id, direction })).filter((i) => i.issue_date.startsWith(`${PERIOD}-`));
        const json = parseJson<{ id: string; total_amount: string }[]>(readFileSync(join(folder, `invoices-${direction}.json`), 'utf8'));
        expect(json.map((i) => i.id).sort()).toEqual(expected.map((i) => i.id).sort());
        const csv = csvRows(join(folder, `invoices-${direction}.csv`));
        // Italian headers; ids and numbers as text a spreadsheet keeps.
        expect(csv.map((r) => shown(r.ID)).sort()).toEqual(expected.map((i) => String(i.id)).sort());
        for (const row of csv) {
          const source = expected.find((i) => String(i.id) === shown(row.ID))!;
          expect(row.Totale).toBe(total([source.total_amount]).replace('.', ','));
          expect(row['Data emissione']).toBe(source.issue_date.split('-').reverse().join('/'));
        }
      }

      const expenses = await apiList(h, TOKENS.firm, '/v1/expenses', { account_id: id, periodo: PERIOD });
      expect(parseJson<unknown[]>(readFileSync(join(folder, 'expenses.json'), 'utf8'))).toHaveLength(expenses.length);
      expect(
        csvRows(join(folder, 'expenses.csv'))
          .map((r) => shown(r.ID))
          .sort(),
      ).toEqual(expenses.map((e) => e.id).sort());
      const summary = (await apiGet(h, TOKENS.firm, '/v1/expenses/summary', { account_id: id, periodo: PERIOD })).data;
      const written = parseJson(readFileSync(join(folder, 'expense-summary.json'), 'utf8'));
      expect(written.totali).toEqual(summary.totali);
      expect(written.non_assegnate).toEqual(summary.non_assegnate);
      const summaryCsv = csvRows(join(folder, 'expense-summary.csv'));
      expect(summaryCsv.filter((r) => r.Sezione === 'totali').map((r) => [r['Criterio di imputazione'], r.Totale])).toEqual(
        Object.entries(summary.totali).map(([m, t]) => [m, String(t).replace('.', ',')]),
      );

      const deadlines = await apiList(h, TOKENS.firm, '/v1/tax-deadlines', { account_id: id, due_date_from: `${PERIOD}-01`, due_date_to: `${PERIOD}-31` });
      const calendar = new ICAL.Component(ICAL.parse(readFileSync(join(folder, 'deadlines.ics'), 'utf8')));
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events.map((e) => e.uid).sort()).toEqual(deadlines.map((d) => `${d.id}@fisco`).sort());

      const f24s = await apiList(h, TOKENS.firm, '/v1/f24s', { account_id: id, due_date_from: `${PERIOD}-01`, due_date_to: `${PERIOD}-31` });
      const pdfs = readdirSync(join(folder, 'f24'));
      // The rule of f24 download: cancelled forms are left out; a status other than paid/ready is in the name.
      const wanted = f24s.filter((f) => f.status !== 'cancelled');
      expect(pdfs).toHaveLength(wanted.length);
      for (const f24 of wanted) {
        const suffix = f24.status === 'paid' || f24.status === 'ready' ? '' : `_${f24.status}`;
        expect(pdfs, f24.id).toContain(pdfs.find((p) => p.endsWith(`_${f24.id}${suffix}.pdf`)) ?? `…_${f24.id}${suffix}.pdf`);
      }
      for (const f24 of f24s.filter((f) => f.status === 'cancelled'))
        expect(
          pdfs.some((p) => p.includes(`_${f24.id}`)),
          f24.id,
        ).toBe(false);
      for (const pdf of pdfs) expect(await isCompletePdf(join(folder, 'f24', pdf))).toBe(true);
    }
    const index = readFileSync(join(dir, 'index.html'), 'utf8');
    for (const { folder } of folders.values()) expect(index).toContain(`href="${relative(dir, folder)}/report.html"`);
  });

  it('a second run downloads nothing and rewrites nothing but the manifest', async () => {
    const before = new Map(walk(dir).map((p) => [p, sha256(p)]));
    const from = lastSeq(h);
    const result = await h.run([...THREE, 'export', '--period', PERIOD, '--dir', dir, '-o', 'json'], firm);
    expect(result.exitCode, result.stderr).toBe(0);
    const requests = requestsSince(h, from);
    expect(requests.filter((r) => r.path.startsWith('/files/'))).toEqual([]);
    // Invoices and F24s are only asked whether anything changed since the previous run.
    // (The cash section lists the F24s to pay again when the service says F24s changed since: the
    // emulator dates its future forms' updates in the future, so it always says so.)
    const cashF24s = (r: { path: string; query: Record<string, string | undefined> }) =>
      r.path === '/v1/f24s' && (r.query.status === 'ready' || r.query.status === 'expired') && r.query.due_date_from === undefined;
    for (const r of requests.filter((r) => (r.path === '/v1/invoices' || r.path === '/v1/f24s') && !cashF24s(r))) {
      expect(r.query.updated_since, JSON.stringify(r)).toBeDefined();
      expect(r.query.per_page).toBe('1');
    }
    expect(parseJson<{ downloaded: number }[]>(result.stdout).every((r) => r.downloaded === 0)).toBe(true);
    for (const [path, hash] of before) if (!path.endsWith('manifest.json')) expect(sha256(path), path).toBe(hash);
  });

  it('a change since the previous run is picked up: the invoices are listed again', async () => {
    const invoice = (await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: 'acc_verdi', payment_status: 'unpaid' }))[0];
    const paid = await fetch(`${h.emulator.url}/fatture/${invoice.uuid}/pagamenti?account_id=acc_verdi`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.firm}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1 }),
    });
    expect(paid.status).toBe(201);
    const from = lastSeq(h);
    const result = await h.run(['--accounts', 'acc_verdi', 'export', '--period', PERIOD, '--dir', dir, '-o', 'json'], firm);
    expect(result.exitCode, result.stderr).toBe(0);
    const full = requestsSince(h, from).filter((r) => r.path === '/v1/invoices' && r.query.updated_since === undefined);
    expect(full.length).toBeGreaterThan(0);
    const receivables = parseJson<{ id: string; amount_due: string }[]>(
      readFileSync(join(companyFolders(dir).get('acc_verdi')!.folder, 'receivables.json'), 'utf8'),
    );
    expect(receivables.find((r) => r.id === invoice.id)!.amount_due).toBe(total([invoice.amount_due, -1]));
  });

  it('report.html renders in headless Chromium without console errors or network requests; its figures equal the data', async (context) => {
    const chromium = await need(context, 'chromium');
    const { folder } = companyFolders(dir).get('acc_rossi')!;
    const page = await visit(
      chromium,
      pathToFileURL(join(folder, 'report.html')).href,
      `(() => {
        const visible = (el) => { const r = el && el.getBoundingClientRect(); return !!r && r.width > 0 && r.height > 0 && r.top >= 0; };
        const h1 = document.querySelector('h1');
        const bars = [...document.querySelectorAll('svg g.bar rect')].filter((r) => Number(r.getAttribute('width')) > 0);
        const figures = Object.fromEntries([...document.querySelectorAll('[data-figure]')].map((e) => [e.dataset.figure, { value: e.dataset.value, text: e.textContent }]));
        return { company: h1 && h1.textContent, companyVisible: visible(h1), charts: document.querySelectorAll('svg').length, bars: bars.length, chartVisible: visible(document.querySelector('svg')), scripts: document.scripts.length, figures };
      })()`,
    );
    expect(page.consoleErrors).toEqual([]);
    expect(page.requests).toEqual([pathToFileURL(join(folder, 'report.html')).href]);
    const seen = page.evaluated as {
      company: string;
      companyVisible: boolean;
      charts: number;
      bars: number;
      chartVisible: boolean;
      scripts: number;
      figures: Record<string, { value: string; text: string }>;
    };
    expect(seen.company).toBe('Rossi Consulting S.r.l.');
    expect(seen.companyVisible).toBe(true);
    expect(seen.charts).toBeGreaterThanOrEqual(3);
    expect(seen.bars).toBeGreaterThan(0);
    expect(seen.chartVisible).toBe(true);
    expect(seen.scripts).toBe(0);
    expect(page.screenshot.subarray(1, 4).toString()).toBe('PNG');
    expect(page.screenshot.length).toBeGreaterThan(20_000);

    // The numbers on the page are the summary's and the invoices' own.
    const summary = parseJson(readFileSync(join(folder, 'expense-summary.json'), 'utf8'));
    for (const [method, amount] of Object.entries(summary.totali as Record<string, string>)) {
      expect(seen.figures[`method.${method}`]).toEqual({ value: amount, text: formatEuro(amount) });
    }
    for (const center of summary.per_centro as { cost_center_code: string; totale: string }[])
      expect(seen.figures[`center.${center.cost_center_code}`]!.value).toBe(center.totale);
    expect(seen.figures['expenses.unassigned']!.value).toBe(summary.non_assegnate.importo);
    const outbound = parseJson<{ payment_status: string | null; total_amount: string; amount_paid: string; amount_due: string }[]>(
      readFileSync(join(folder, 'invoices-outbound.json'), 'utf8'),
    ).filter((i) => i.payment_status !== null);
    expect(seen.figures['invoices.issued']!.value).toBe(total(outbound.map((i) => i.total_amount)));
    expect(seen.figures['invoices.collected']!.value).toBe(total(outbound.map((i) => i.amount_paid)));
    expect(seen.figures['invoices.outstanding']!.value).toBe(total(outbound.map((i) => i.amount_due)));
    const receivables = parseJson<{ amount_due: string }[]>(readFileSync(join(folder, 'receivables.json'), 'utf8'));
    expect(seen.figures['receivables.total']!.value).toBe(total(receivables.map((i) => i.amount_due)));
  }, 60_000);

  it('a company refused one part (403) keeps the rest: its folder without that part, exit 11, the report, index.html and manifest say what is missing', async () => {
    const out = freshDir();
    h.emulator.injectFault({ method: 'GET', path: '/v1/expenses/summary', times: 1, action: 'status', status: 403 });
    const from = lastSeq(h);
    const result = await h.run([...THREE, 'export', '--period', PERIOD, '--dir', out, '-o', 'json'], firm);
    expect(result.exitCode, result.stderr).toBe(11);
    const failed = requestsSince(h, from).find((r) => r.status === 403)!.query.account_id!;
    expect(result.stderr).toMatch(/partly done: of 3 companies, 1 incomplete/);
    expect(result.stderr).toContain(`(${failed}): not read: expense summary (GET /v1/expenses/summary):`);
    const records = parseJson<{ account_id: string; result: string; missing: { part: string; exit_code: number }[] }[]>(result.stdout);
    expect(records.filter((r) => r.result !== 'exported').map((r) => [r.account_id, r.result])).toEqual([[failed, 'partial']]);
    expect(records.find((r) => r.account_id === failed)!.missing).toEqual([expect.objectContaining({ part: 'summary', exit_code: 3 })]);
    const folders = companyFolders(out);
    // Every company has its folder; the partial one lacks only the expense summary's files.
    expect([...folders.keys()].sort()).toEqual([...COMPANY_IDS].sort());
    const { folder, manifest } = folders.get(failed)!;
    expect(existsSync(join(folder, 'expense-summary.json'))).toBe(false);
    expect(existsSync(join(folder, 'expenses.json'))).toBe(true);
    expect(existsSync(join(folder, 'invoices-outbound.json'))).toBe(true);
    expect((manifest as Manifest & { missing?: { part: string }[] }).missing?.map((m) => m.part)).toEqual(['summary']);
    const report = readFileSync(join(folder, 'report.html'), 'utf8');
    expect(report).toContain('Dati non disponibili');
    expect(report).toContain(
      '<p class="unavailable" data-missing="summary expenses">Non disponibile: <strong>riepilogo delle spese</strong>: dati non disponibili alla preparazione del report',
    );
    // Why, with the service's own words, is for the firm: in note-studio.md beside the report.
    expect(readFileSync(join(folder, 'note-studio.md'), 'utf8')).toMatch(/riepilogo delle spese \(GET \/v1\/expenses\/summary\): accesso negato.*\(uscita 3\)/);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain(`data-company="${failed}" data-outcome="partial"`);
    expect(index).toMatch(
      /Mancano: <strong>riepilogo delle spese<\/strong>: accesso negato: il token non ha il permesso necessario per questa azienda <span class="muted">\(messaggio del servizio: «/,
    );

    // The next run reads the partial company again whole, and completes it.
    const again = await h.run([...THREE, 'export', '--period', PERIOD, '--dir', out, '-o', 'json'], firm);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(existsSync(join(folder, 'expense-summary.json'))).toBe(true);
    expect(readFileSync(join(folder, 'report.html'), 'utf8')).not.toContain('Dati non disponibili');
  });

  it('Ctrl-C leaves no partial file, and the re-run resumes, downloading only the missing PDFs', async () => {
    const out = freshDir();
    configureF24Files(h.emulator.store, { chunkDelayMs: 40 });
    const child = execa('node', [BIN, ...THREE, 'export', '--period', PERIOD, '--dir', out, '-o', 'json'], {
      env: processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'cfg'), TZ: 'Europe/Rome' }, TOKENS.firm),
      extendEnv: false,
      reject: false,
      input: '',
    });
    const started = Date.now();
    const partial = () => existsSync(out) && walk(out).some((p) => p.includes('/f24/') && p.endsWith('.tmp'));
    while (!partial()) {
      if (Date.now() - started > 20_000) throw new Error('no PDF download in progress');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGINT');
    const interrupted = await child;
    expect(interrupted.exitCode, String(interrupted.stderr)).toBe(130);
    expect(String(interrupted.stderr)).toMatch(/interrupted; no partial file left/);
    const left = walk(out);
    expect(left.filter((p) => p.endsWith('.tmp'))).toEqual([]);
    const pdfsBefore = left.filter((p) => p.endsWith('.pdf'));
    for (const pdf of pdfsBefore) expect(await isCompletePdf(pdf)).toBe(true);

    configureF24Files(h.emulator.store, { chunkDelayMs: 0 });
    const from = lastSeq(h);
    const resumed = await h.run([...THREE, 'export', '--period', PERIOD, '--dir', out, '-o', 'json'], firm);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const pdfsAfter = walk(out).filter((p) => p.endsWith('.pdf'));
    const downloads = requestsSince(h, from).filter((r) => r.path.startsWith('/files/'));
    expect(downloads).toHaveLength(pdfsAfter.length - pdfsBefore.length);
    expect(parseJson<{ downloaded: number }[]>(resumed.stdout).reduce((n, r) => n + r.downloaded, 0)).toBe(pdfsAfter.length - pdfsBefore.length);
    for (const { folder, manifest } of companyFolders(out).values())
      for (const file of manifest.files) expect(sha256(join(folder, file.path))).toBe(file.sha256);
  }, 60_000);

  it('--demo export works offline', async () => {
    const out = freshDir();
    const result = await h.run(['--demo', 'export', '--period', PERIOD, '--dir', out, '-o', 'json'], { token: null, baseUrl: null });
    // 11 when one of the demo firm's companies refuses the firm token an ability (named on stderr).
    expect([0, 11], result.stderr).toContain(result.exitCode);
    const records = parseJson<{ account_id: string; result: string }[]>(result.stdout);
    expect(records.filter((r) => r.result === 'exported').map((r) => r.account_id)).toEqual(expect.arrayContaining([...COMPANY_IDS]));
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });
});

describe('--dir: one behaviour for every command that writes into a folder', () => {
  const commands: [string, (dir: string) => string[], RegExp][] = [
    ['export', (dir) => [...THREE, 'export', '--period', PERIOD, '--dir', dir, '-o', 'json'], /manifest\.json|index\.html/],
    ['f24 download', (dir) => ['--account', 'acc_rossi', 'f24', 'download', '--status', 'ready', '--dir', dir], /\.pdf$/],
  ];
  for (const [name, args, written] of commands) {
    it(`${name} creates missing parent folders, as mkdir -p does`, async () => {
      const dir = join(freshDir(), 'month-end', PERIOD, 'out');
      const result = await h.run(args(dir), firm);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(
        walk(dir).some((p) => written.test(p)),
        walk(dir).join('\n'),
      ).toBe(true);
    });

    it(`${name} refuses a folder under a file before any request (exit 2)`, async () => {
      const file = join(freshDir(), 'a-file');
      writeFileSync(file, 'x');
      const sent = h.mark();
      const result = await h.run(args(join(file, 'month-end', PERIOD)), firm);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toContain(`--dir: ${join(file, 'month-end', PERIOD)} is under a file, not a folder`);
      expect(sent()).toEqual([]);
    });

    it(`${name} refuses when the nearest existing folder is not writable, before any request (exit 2)`, async (context) => {
      const parent = freshDir();
      chmodSync(parent, 0o500);
      try {
        // root writes anywhere: nothing to prove there.
        if (process.getuid?.() === 0) context.skip('running as root, which may write in any folder');
        const sent = h.mark();
        const result = await h.run(args(join(parent, 'month-end', PERIOD)), firm);
        expect(result.exitCode, result.stderr).toBe(2);
        expect(result.stderr).toContain(`--dir: cannot write in the folder ${parent} (no permission)`);
        expect(sent()).toEqual([]);
      } finally {
        chmodSync(parent, 0o700);
      }
    });
  }
});

/**
 * The month-end report as the client sees it: exported through the built bin (firm token and
 * company token), opened in headless Chromium at a phone's 600 px and printed to A4 PDF, in
 * Italian (the default) and in English (--lang en). The figures on the page are checked against
 * the exported data, the charts against a readable minimum size, and a company that lacks an
 * ability says in words what is missing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/domain/money.js';
import { A4_CONTENT_PX, visit } from './chromium.js';
import { need } from './system-programs.js';
import { total } from './firm-helpers.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';

const PERIOD = '2026-10';
const TIMEOUT = 120_000;

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

/** pdftotext (poppler-utils) when installed: the PDF's text is then checked too. */
const PDFTOTEXT = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'fisco-pdf-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function folderOf(dir: string, id: string): string {
  for (const name of readdirSync(dir)) {
    try {
      if (parseJson(readFileSync(join(dir, name, 'manifest.json'), 'utf8')).company.id === id) return join(dir, name);
    } catch {
      // index.html, or a folder without a manifest
    }
  }
  throw new Error(`no folder for ${id} in ${dir}`);
}

/** What the page shows, measured by the browser. */
const MEASURE = `(() => {
  const charts = [...document.querySelectorAll('svg.chart-svg')].map((svg) => {
    const r = svg.getBoundingClientRect();
    return { width: Math.round(r.width), font: (12 * r.width) / svg.viewBox.baseVal.width };
  });
  const figures = Object.fromEntries([...document.querySelectorAll('[data-figure]')].map((e) => [e.dataset.figure, { value: e.dataset.value, text: e.textContent }]));
  const cell = document.querySelector('tbody tr:not(.total) td');
  const normal = cell ? parseFloat(getComputedStyle(cell).fontSize) : 0;
  const totals = [...document.querySelectorAll('tr.total td')].map((td) => ({ weight: Number(getComputedStyle(td).fontWeight), size: parseFloat(getComputedStyle(td).fontSize), color: getComputedStyle(td).color }));
  const deadlineRows = [...document.querySelectorAll('tr[data-status]')].map((tr) => ({ status: tr.dataset.status, text: tr.children[3].textContent }));
  return {
    lang: document.documentElement.lang,
    headings: [...document.querySelectorAll('h2')].map((h) => h.textContent.trim()),
    charts, figures, normal, totals, deadlineRows,
    pageWidth: document.documentElement.scrollWidth,
    missing: [...document.querySelectorAll('[data-missing]')].map((e) => e.textContent.replace(/\\s+/g, ' ').trim()),
    text: document.body.innerText,
  };
})()`;

interface Measured {
  lang: string;
  headings: string[];
  charts: { width: number; font: number }[];
  figures: Record<string, { value: string; text: string }>;
  normal: number;
  totals: { weight: number; size: number; color: string }[];
  deadlineRows: { status: string; text: string }[];
  pageWidth: number;
  missing: string[];
  text: string;
}

const CREDIT = /credit|credito|(^|[^a-z])nc([^a-z]|$)/i;

/** The month's invoice figures computed here from the exported JSON, independently of fisco. */
function expectedInvoices(folder: string) {
  const outbound = parseJson<
    { number: string; payment_status: string | null; sdi_status: string; total_amount: string; amount_paid: string; amount_due: string }[]
  >(readFileSync(join(folder, 'invoices-outbound.json'), 'utf8'));
  const isVoid = (i: { sdi_status: string }) => ['draft', 'rejected', 'error'].includes(i.sdi_status);
  const payable = outbound.filter((i) => !isVoid(i) && i.payment_status !== null);
  const notes = outbound.filter((i) => !isVoid(i) && i.payment_status === null);
  const credit = notes.filter((i) => CREDIT.test(i.number));
  const issued = total(payable.map((i) => i.total_amount));
  const creditTotal = total(credit.map((i) => i.total_amount));
  return {
    issued,
    collected: total(payable.map((i) => i.amount_paid)),
    creditTotal,
    net: total([issued, `-${creditTotal}`]),
    voidCount: outbound.filter(isVoid).length,
    notes: notes.length,
  };
}

function expectReadable(seen: Measured, minimumFont: number): void {
  expect(seen.charts.length).toBeGreaterThanOrEqual(2);
  for (const chart of seen.charts) {
    expect(chart.width, JSON.stringify(seen.charts)).toBeGreaterThanOrEqual(300);
    expect(chart.font, JSON.stringify(seen.charts)).toBeGreaterThanOrEqual(minimumFont);
  }
}

describe.each([
  { lang: 'it', flags: [] as string[] },
  { lang: 'en', flags: ['--lang', 'en'] },
])('report.html in $lang', ({ lang, flags }) => {
  let dir: string;
  let result: { exitCode: number; stdout: string; stderr: string };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `fisco-report-${lang}-`));
    result = await h.run(['--accounts', 'acc_rossi,acc_gialli', 'export', '--period', PERIOD, '--dir', dir, ...flags, '-o', 'json'], { token: TOKENS.firm });
  }, TIMEOUT);

  it('exports the firm: the company lacking f24:read is partial, not absent (exit 11)', () => {
    expect(result.exitCode, result.stderr).toBe(11);
    const records = parseJson<{ account_id: string; result: string }[]>(result.stdout);
    expect(records.map((r) => [r.account_id, r.result])).toEqual([
      ['acc_rossi', 'exported'],
      ['acc_gialli', 'partial'],
    ]);
  });

  it(
    'at 600 px: in its language, figures equal to the data, totals read as totals, charts readable, no sideways scrolling; prints on A4',
    { timeout: TIMEOUT },
    async (context) => {
      const chromium = await need(context, 'chromium');
      const folder = folderOf(dir, 'acc_rossi');
      const page = await visit(chromium, pathToFileURL(join(folder, 'report.html')).href, MEASURE, { width: 600, pdf: true, printExpression: MEASURE });
      expect(page.consoleErrors).toEqual([]);
      expect(page.requests).toEqual([pathToFileURL(join(folder, 'report.html')).href]);
      const seen = page.evaluated as Measured;
      expect(seen.lang).toBe(lang);
      expect(seen.headings).toEqual(
        lang === 'it'
          ? [
              'Fatture emesse nel mese',
              'Crediti aperti per anzianità',
              'Spese del mese',
              'F24 in scadenza nel mese',
              'Scadenze fiscali di novembre 2026',
              'Flussi di cassa delle prossime 13 settimane',
            ]
          : [
              'Invoices issued this month',
              'Open receivables by age',
              'Expenses this month',
              'F24 forms due this month',
              'Tax deadlines in November 2026',
              'Cash flows of the next 13 weeks',
            ],
      );
      if (lang === 'it') expect(seen.text).not.toMatch(/Invoices issued|Receivables by age|Deadlines in|Generated by/);

      const want = expectedInvoices(folder);
      expect(want.notes).toBeGreaterThan(0); // the month has notes to show apart
      expect(seen.figures['invoices.issued']).toEqual({ value: want.issued, text: formatEuro(want.issued) });
      expect(seen.figures['invoices.collected']!.value).toBe(want.collected);
      expect(seen.figures['invoices.credit_notes']).toEqual({ value: want.creditTotal, text: formatEuro(want.creditTotal) });
      expect(seen.figures['invoices.net']).toEqual({ value: want.net, text: formatEuro(want.net) });
      expect(seen.text).toContain(
        lang === 'it' ? 'Netto = emesso meno le note di credito emesse nel mese.' : 'Net = issued minus the credit notes issued in the month.',
      );
      if (want.voidCount > 0) expect(seen.text).toContain(lang === 'it' ? 'Documenti esclusi da tutti i totali' : 'Documents left out of every total');
      const receivables = parseJson<{ amount_due: string }[]>(readFileSync(join(folder, 'receivables.json'), 'utf8'));
      expect(seen.figures['receivables.total']!.value).toBe(total(receivables.map((i) => i.amount_due)));
      const summary = parseJson(readFileSync(join(folder, 'expense-summary.json'), 'utf8'));
      for (const [method, amount] of Object.entries(summary.totali as Record<string, string>))
        expect(seen.figures[`method.${method}`]).toEqual({ value: amount, text: formatEuro(amount) });
      // Codes in words only: the code itself is in the firm's notes, never on the client's page.
      expect(seen.text).toContain(lang === 'it' ? 'Diretto (su centro di costo)' : 'Direct (to a cost center)');
      expect(seen.text).not.toMatch(/\) diretto\b/);

      // Totals rows: bold, not smaller and not greyer than the rows above.
      expect(seen.totals.length).toBeGreaterThanOrEqual(2);
      for (const t of seen.totals) {
        expect(t.weight).toBeGreaterThanOrEqual(700);
        expect(t.size).toBeGreaterThanOrEqual(seen.normal);
        expect(t.color).toBe('rgb(29, 35, 48)');
      }
      // Deadlines show their status in words, as dates (a static page is read after the day it was written).
      expect(seen.deadlineRows.length).toBeGreaterThan(0);
      const statusWords: Record<string, RegExp> =
        lang === 'it'
          ? {
              upcoming: /^Da fare, scade il \d\d\/\d\d\/\d{4}$/,
              due_today: /^Da fare, scade il \d\d\/\d\d\/\d{4}$/,
              overdue: /^Scaduta il \d\d\/\d\d\/\d{4}, da fare$/,
              done: /^Fatta$/,
            }
          : {
              upcoming: /^To do, due on \d\d\/\d\d\/\d{4}$/,
              due_today: /^To do, due on \d\d\/\d\d\/\d{4}$/,
              overdue: /^Overdue since \d\d\/\d\d\/\d{4}, to do$/,
              done: /^Done$/,
            };
      for (const row of seen.deadlineRows) expect(row.text).toMatch(statusWords[row.status]!);

      // At 600 px: readable charts (12 px text scaled to at least 12 px), nothing wider than the window.
      expectReadable(seen, 12);
      expect(seen.pageWidth).toBeLessThanOrEqual(600);
      expect(page.screenshot.subarray(1, 4).toString()).toBe('PNG');
      const shotWidth = page.screenshot.readUInt32BE(16); // the PNG's width: the window's, less a scrollbar
      expect(shotWidth).toBeGreaterThan(560);
      expect(shotWidth).toBeLessThanOrEqual(600);

      // Printed: the charts within an A4 page's width, their text still at least 12 px (9 pt); the PDF holds the figures.
      const printed = page.printEvaluated as Measured;
      expectReadable(printed, 12);
      for (const chart of printed.charts) expect(chart.width).toBeLessThanOrEqual(A4_CONTENT_PX);
      expect(page.pdf!.subarray(0, 5).toString()).toBe('%PDF-');
      if (PDFTOTEXT) {
        const text = pdfText(page.pdf!);
        expect(text).toContain(lang === 'it' ? 'Fatture emesse nel mese' : 'Invoices issued this month');
        expect(text).toContain(formatEuro(want.issued));
        expect(text).toContain(formatEuro(want.net));
        expect(text).toContain(lang === 'it' ? 'Totale crediti aperti' : 'Total open receivables');
      } else {
        console.warn('pdftotext (poppler-utils) is not installed: the PDF text is not checked');
      }
    },
  );

  it(
    'the company lacking an ability: its report and index.html say in words what is missing, the service message quoted',
    { timeout: TIMEOUT },
    async (context) => {
      const chromium = await need(context, 'chromium');
      const folder = folderOf(dir, 'acc_gialli');
      const page = await visit(chromium, pathToFileURL(join(folder, 'report.html')).href, MEASURE, { width: 600 });
      const seen = page.evaluated as Measured;
      expect(seen.figures['f24.to_pay']).toBeUndefined(); // never a zero for what was not read
      // In words for the client; why, and the service's own message, are in the firm's notes beside the report.
      expect(seen.missing).toEqual([
        lang === 'it'
          ? 'Non disponibile: modelli F24: dati non disponibili alla preparazione del report'
          : 'Not available: F24 forms: not available when the report was prepared',
      ]);
      expect(seen.text).not.toContain('lacks the ability');
      expect(readFileSync(join(folder, 'note-studio.md'), 'utf8')).toContain("«This token lacks the ability 'f24:read' on company acc_gialli»");
      expect(seen.text).toContain(lang === 'it' ? 'Dati non disponibili' : 'Data not available');

      const index = await visit(
        chromium,
        pathToFileURL(join(dir, 'index.html')).href,
        `(() => ({ lang: document.documentElement.lang, h1: document.querySelector('h1').textContent, detail: document.querySelector('tr[data-detail="acc_gialli"]').innerText, outcome: document.querySelector('tr[data-company="acc_gialli"]').dataset.outcome, f24: document.querySelector('tr[data-company="acc_gialli"]').children[7].textContent }))()`,
        { width: 600 },
      );
      const idx = index.evaluated as { lang: string; h1: string; detail: string; outcome: string; f24: string };
      expect(idx.lang).toBe(lang);
      expect(idx.h1).toBe(lang === 'it' ? 'Chiusura mensile' : 'Month-end export');
      expect(idx.outcome).toBe('partial');
      expect(idx.f24).toBe('—');
      expect(idx.detail).toContain(lang === 'it' ? 'Mancano: modelli F24: accesso negato' : 'Missing: F24 forms: access denied');
      expect(idx.detail).toContain("«This token lacks the ability 'f24:read' on company acc_gialli»");
    },
  );
});

describe('index.html for a company refused everything', () => {
  it('says in Italian that it was not exported and why, the service message quoted beside', { timeout: TIMEOUT }, async (context) => {
    const chromium = await need(context, 'chromium');
    const dir = mkdtempSync(join(tmpdir(), 'fisco-report-failed-'));
    h.emulator.injectFault({ path: '/v1/.*', query: { account_id: 'acc_verdi' }, times: 100, action: 'status', status: 403 });
    try {
      const result = await h.run(['--accounts', 'acc_rossi,acc_verdi', 'export', '--period', PERIOD, '--dir', dir, '-o', 'json'], { token: TOKENS.firm });
      expect(result.exitCode, result.stderr).toBe(11);
      expect(parseJson<{ account_id: string; result: string }[]>(result.stdout).map((r) => [r.account_id, r.result])).toEqual([
        ['acc_rossi', 'exported'],
        ['acc_verdi', 'failed'],
      ]);
    } finally {
      h.emulator.clearFaults();
    }
    const index = await visit(
      chromium,
      pathToFileURL(join(dir, 'index.html')).href,
      `(() => ({ outcome: document.querySelector('tr[data-company="acc_verdi"]').dataset.outcome, detail: document.querySelector('tr[data-detail="acc_verdi"]').innerText }))()`,
      { width: 600 },
    );
    const seen = index.evaluated as { outcome: string; detail: string };
    expect(seen.outcome).toBe('failed');
    expect(seen.detail).toMatch(/^Non esportata: accesso negato: il token non ha il permesso necessario per questa azienda \(messaggio del servizio: «.+»\)$/);
  });
});

describe('report.html with a company token', () => {
  it('exports the one company, in Italian, exit 0', { timeout: TIMEOUT }, async (context) => {
    const chromium = await need(context, 'chromium');
    const dir = mkdtempSync(join(tmpdir(), 'fisco-report-company-'));
    const result = await h.run(['export', '--period', PERIOD, '--dir', dir, '-o', 'json'], { token: TOKENS.prod });
    expect(result.exitCode, result.stderr).toBe(0);
    const folder = folderOf(dir, 'acc_rossi');
    const page = await visit(chromium, pathToFileURL(join(folder, 'report.html')).href, MEASURE, { width: 600 });
    const seen = page.evaluated as Measured;
    expect(seen.lang).toBe('it');
    expect(seen.missing).toEqual([]);
    expect(seen.figures['invoices.net']!.value).toBe(expectedInvoices(folder).net);
    expectReadable(seen, 12);
  });

  it('refuses an unknown --lang before any request (exit 2)', async () => {
    const mark = h.mark();
    const result = await h.run(['export', '--period', PERIOD, '--dir', mkdtempSync(join(tmpdir(), 'fisco-report-bad-')), '--lang', 'fr'], {
      token: TOKENS.prod,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--lang: 'fr' is not a language fisco speaks; use it \(italiano\) or en \(English\)/);
    expect(mark()).toEqual([]);
  });
});

/**
 * The client's report is for the client (issue 31, item 2): exported through the built bin,
 * opened in headless Chromium, printed to A4 PDF and read back with pdftotext. Every printed page
 * carries the company, the month and "pagina n di m"; no code of the service and no message of the
 * service reach the page (they are in note-studio.md beside it, for the firm); a document is named
 * a credit note only when its number says so; statuses are dates; "—" where there is no figure.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit } from './chromium.js';
import { need } from './system-programs.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';

const PERIOD = '2026-10';
const TIMEOUT = 120_000;

let h: Harness;
let dir: string;
let result: { exitCode: number; stdout: string; stderr: string };
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
  dir = mkdtempSync(join(tmpdir(), 'fisco-report-client-'));
  result = await h.run(['--accounts', 'acc_rossi,acc_gialli', 'export', '--period', PERIOD, '--dir', dir, '-o', 'json'], { token: TOKENS.firm, spawn: true });
}, TIMEOUT);
afterAll(async () => h.close());

function folderOf(id: string): string {
  for (const name of readdirSync(dir)) {
    try {
      if (parseJson(readFileSync(join(dir, name, 'manifest.json'), 'utf8')).company.id === id) return join(dir, name);
    } catch {
      // index.html
    }
  }
  throw new Error(`no folder for ${id}`);
}

/** The printed pages' text, one string per page, read back by pdftotext (poppler-utils, which .ci/run installs). */
function pdfPages(pdftotext: string, pdf: Buffer): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'fisco-pdf-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync(pdftotext, ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim() !== '');
}

/** The service's codes the client must never read as such (they have words on the page). */
const CODES =
  /\b(paid|unpaid|partial|due_today|overdue|upcoming|done|delivery_failed|failed_delivery|rejected|draft|accepted|delivered|queued|sent|error|ready|expired|cancelled|TD0[1-5]|TD24|TD25)\b/;

/** The page's text as the browser shows it, and its printed pages as pdftotext reads them. */
async function printed(id: string, context: Parameters<typeof need>[0]) {
  const [chromium, pdftotext] = [await need(context, 'chromium'), await need(context, 'pdftotext')];
  const page = await visit(chromium, pathToFileURL(join(folderOf(id), 'report.html')).href, 'document.body.innerText', { pdf: true });
  expect(page.consoleErrors).toEqual([]);
  return { text: page.evaluated as string, pages: pdfPages(pdftotext, page.pdf!) };
}

describe('report.html as the client reads and prints it', () => {
  it('exports (a company lacking f24:read is partial: exit 11) and writes note-studio.md beside each report, listed in the manifest', () => {
    expect(result.exitCode, result.stderr).toBe(11);
    for (const id of ['acc_rossi', 'acc_gialli']) {
      const manifest = parseJson<{ files: { path: string }[] }>(readFileSync(join(folderOf(id), 'manifest.json'), 'utf8'));
      expect(manifest.files.map((f) => f.path)).toEqual(expect.arrayContaining(['report.html', 'note-studio.md']));
    }
    // index.html (the firm's page) links each company's notes beside its report.
    const index = readFileSync(join(dir, 'index.html'), 'utf8');
    for (const id of ['acc_rossi', 'acc_gialli']) {
      const folder = folderOf(id).split('/').pop()!;
      expect(index).toContain(`href="${folder}/note-studio.md">note per lo studio</a>`);
    }
  });

  it('every printed page carries the company, the month and "pagina n di m"', { timeout: TIMEOUT }, async (context) => {
    const { pages } = await printed('acc_rossi', context);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, n) => {
      const top = page.split('\n').filter((l) => l.trim() !== '')[0]!;
      expect(top, `page ${n + 1}`).toContain('Rossi Consulting S.r.l. — ottobre 2026');
      expect(top, `page ${n + 1}`).toMatch(new RegExp(`pagina ${n + 1} di ${pages.length}\\s*$`));
    });
  });

  it('no code and no message of the service on the page; they are in the firm notes', { timeout: TIMEOUT }, async (context) => {
    const { text, pages } = await printed('acc_gialli', context);
    const texts = [text, ...pages];
    for (const t of texts) {
      expect(t.match(CODES)?.[0] ?? null).toBeNull();
      // A code beside its label, as the page used to show them ("Diretto (su centro di costo) diretto").
      expect(t).not.toMatch(/\) (diretto|personale|struttura|escluso)\b|\bIVA iva\b|Versamento F24 f24/);
      expect(t).not.toMatch(/lacks the ability|f24:read|This token/);
      expect(t).not.toMatch(/TD04|TD05|nota di credito o di debito/i);
    }
    // What is missing, said in words to the client; why, for the firm.
    expect(text).toContain('modelli F24: dati non disponibili alla preparazione del report');
    const notes = readFileSync(join(folderOf('acc_gialli'), 'note-studio.md'), 'utf8');
    expect(notes).toContain("«This token lacks the ability 'f24:read' on company acc_gialli»");
    expect(notes).toContain('modelli F24 (GET /v1/f24s): accesso negato');
    expect(notes).toMatch(/non distingu|senza dire quale/);
  });

  it('a document is a credit note only when its number says so; the others are named without a kind', { timeout: TIMEOUT }, async (context) => {
    const folder = folderOf('acc_rossi');
    const outbound = parseJson<{ number: string; payment_status: string | null; sdi_status: string }[]>(
      readFileSync(join(folder, 'invoices-outbound.json'), 'utf8'),
    );
    const noPayments = outbound.filter((i) => i.payment_status === null && !['draft', 'rejected', 'error'].includes(i.sdi_status));
    const ordinary = noPayments.filter((i) => !/credit|credito|(^|[^a-z])nc([^a-z]|$)/i.test(i.number));
    expect(ordinary.length).toBeGreaterThan(0); // the demo has one numbered like an invoice (43/2026)
    const chromium = await need(context, 'chromium');
    const page = await visit(
      chromium,
      pathToFileURL(join(folder, 'report.html')).href,
      `(() => ({
        credit: [...document.querySelectorAll('table[data-table="credit-notes"] tbody tr td:first-child')].map((td) => td.textContent),
        other: [...document.querySelectorAll('table[data-table="other-documents"] tbody tr td:first-child')].map((td) => td.textContent),
        otherHead: [...document.querySelectorAll('table[data-table="other-documents"] th')].map((th) => th.textContent),
        title: document.querySelector('table[data-table="other-documents"]').previousElementSibling.textContent,
      }))()`,
    );
    const seen = page.evaluated as { credit: string[]; other: string[]; otherHead: string[]; title: string };
    expect(seen.other.sort()).toEqual(ordinary.map((i) => i.number).sort());
    for (const number of seen.credit) expect(number).toMatch(/credito/i);
    expect(seen.otherHead).toEqual(['Numero', 'Data', 'Cliente', 'Importo']); // no kind column: the service does not say
    expect(seen.title).toBe('Altri documenti emessi nel mese, senza incassi (fuori dai totali)');
  });

  it('statuses are dates, never "oggi"; "—" where there is no figure, never 0,00 €', { timeout: TIMEOUT }, async (context) => {
    const { text, pages } = await printed('acc_rossi', context);
    const texts = [text, pages.join('\n')];
    for (const t of texts) {
      expect(t).not.toMatch(/\boggi\b|Scade oggi/i);
      expect(t).not.toContain('0,00 €');
      expect(t).toContain('—');
    }
    // (The printed columns wrap a status over lines: its words are checked on the page.)
    expect(text).toMatch(/Scaduta il \d{2}\/\d{2}\/\d{4}, da fare/);
    expect(text).toMatch(/Da fare, scade il \d{2}\/\d{2}\/\d{4}/);
    expect(text).toMatch(/Pagato il \d{2}\/\d{2}\/\d{4}/);
    // The deadlines with no amount (a tax return) and the F24s with nothing to pay show —.
    const chromium = await need(context, 'chromium');
    const page = await visit(
      chromium,
      pathToFileURL(join(folderOf('acc_rossi'), 'report.html')).href,
      `(() => ({
        toPay: document.querySelector('[data-figure="f24.to_pay"]').textContent,
        filings: [...document.querySelectorAll('tr[data-status]')].filter((tr) => /Redditi|LIPE/.test(tr.children[1].textContent)).map((tr) => tr.children[4].textContent),
      }))()`,
    );
    const seen = page.evaluated as { toPay: string; filings: string[] };
    expect(seen.toPay).toBe('—');
    expect(seen.filings.length).toBeGreaterThan(0);
    for (const amount of seen.filings) expect(amount).toBe('—');
  });
});

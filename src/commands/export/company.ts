/**
 * One company's month of `fisco export`: what changed since the previous run (its manifest), the
 * month's data read part by part (a part the service refuses is named, the rest is written), the
 * files written only when they changed, the F24 PDFs fetched when not already whole, then the
 * report and the manifest.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { countF24s, countInvoices } from '../../api/counts.js';
import { listDeadlines, type TaxDeadline } from '../../api/deadlines.js';
import { EXPENSE_AMOUNTS, EXPENSE_FIELDS, getExpenseSummary, listExpenses, type Expense, type ExpenseSummary } from '../../api/expenses.js';
import { listF24s, type F24 } from '../../api/f24.js';
import { INVOICE_AMOUNTS, INVOICE_FIELDS, listInvoices, type Invoice } from '../../api/invoices.js';
import { collect } from '../../api/paginate.js';
import { nextMonth } from '../../domain/dates.js';
import { ExitCode, FiscoError } from '../../errors.js';
import { AtomicFile } from '../../io/atomic.js';
import type { Company } from '../../portfolio/companies.js';
import { PartialReads } from '../../portfolio/partial.js';
import { isCompanyFailure } from '../../portfolio/run.js';
import { deadlinesToIcs } from '../../report/calendar.js';
import { CASH_INPUTS, exportCash, type CashInputsFile } from '../../report/cash-inputs.js';
import { delaysOf, type PaymentHistory } from '../../report/cash.js';
import { SUMMARY_COLUMNS, summaryRows } from '../../report/expense-rows.js';
import { isCompletePdf } from '../../report/f24-files.js';
import { f24PdfName, skippedByDefault } from '../../report/f24-status.js';
import { renderReport } from '../../report/html.js';
import type { ReportLang } from '../../report/labels.js';
import { lastDayOf, monthReport, type MonthReport } from '../../report/month.js';
import { FIRM_NOTES_FILE, renderFirmNotes } from '../../report/notes.js';
import { hashFile, italianCsv, json, readJson, readManifest, writeIfChanged, type FileEntry, type Manifest } from './files.js';
import { asOfInvoices, snapshotOn, type ResidueHistory, type ResiduesBasis } from '../../receivables/as-of.js';
import { t } from '../../i18n/message.js';

/** The files each part of a company's month gives (removed when the part could not be read). */
const PART_FILES = {
  invoices: ['invoices-outbound.json', 'invoices-outbound.csv', 'invoices-inbound.json', 'invoices-inbound.csv', 'receivables.json'],
  f24s: ['f24s.json', 'f24/*.pdf'],
  expenses: ['expenses.json', 'expenses.csv'],
  summary: ['expense-summary.json', 'expense-summary.csv'],
  deadlines: ['deadlines.json', 'deadlines.ics'],
};

/** PDFs fetched at once per company (the pacer keeps the whole run inside the rate limit). */
const PDF_CONCURRENCY = 3;

export class Interrupted extends FiscoError {
  constructor() {
    super(t`interrupted; no partial file left (each file is written whole or not at all)`, ExitCode.interrupted, [
      t`Run the same command again to resume: complete, unchanged files are skipped.`,
    ]);
  }
}

export interface CompanyRun {
  company: Company;
  client: ApiClient;
  period: string;
  dir: string;
  today: string;
  dataAsOf: string;
  signal: AbortSignal;
  lang: ReportLang;
  /** The company's folder, unique within the run (companyFolders). */
  folder: string;
  /** The mirror's record of residues and payments (undefined: none this run may read). */
  history?: ResidueHistory & PaymentHistory;
}

export interface Exported {
  files: number;
  written: number;
  downloaded: number;
  report: MonthReport;
}

/** The run of one company, as its parts go along. */
interface Job extends CompanyRun {
  /** join(dir, folder) */
  path: string;
  first: string;
  last: string;
  /** The previous run's manifest, if any. */
  previous: Manifest | undefined;
  /** The previous run was of this month, read every part, and its files are all there, whole. */
  intact: boolean;
  reads: PartialReads;
  files: FileEntry[];
}

/** The month's data: a part left undefined could not be read (`reads.missing` says why). */
interface Month {
  /** receivables: every outbound document still open on the report's as-of date, as `basis` says. */
  invoices?: { outbound: Invoice[]; inbound: Invoice[]; receivables: Invoice[]; basis: ResiduesBasis; open?: Invoice[] };
  f24List?: F24[];
  expenses?: Expense[];
  summary?: ExpenseSummary;
  deadlines?: TaxDeadline[];
}

interface Changed {
  invoices: boolean;
  f24s: boolean;
}

const ALL = { all: true, perPage: 100 };

export async function exportCompany(run: CompanyRun): Promise<Exported> {
  const path = join(run.dir, run.folder);
  const previous = await readManifest(join(path, 'manifest.json'));
  // A previous run that missed a part is read again whole.
  const intact = previous !== undefined && previous.period === run.period && !previous.missing?.length && (await filesIntact(path, previous.files));
  const job: Job = { ...run, path, first: `${run.period}-01`, last: lastDayOf(run.period), previous, intact, reads: new PartialReads(), files: [] };
  const changed = await changesSince(job);
  const month = await readMonth(job, changed);
  if (run.signal.aborted) throw new Interrupted();
  // Nothing at all could be read: the company failed as a whole (no folder is made).
  if (job.reads.nothingRead) throw job.reads.firstError!;
  // The coming weeks' flows (fisco cash), a section of the report; a failure leaves it out, named.
  const cash = await job.reads.read(
    t`cash flows of the next 13 weeks (GET /v1/invoices, /v1/f24s, /v1/tax-deadlines)`,
    [CASH_INPUTS],
    () =>
      exportCash({
        client: job.client,
        today: job.today,
        // Today's open invoices (a past month's receivables are those of its last day).
        receivables: month.invoices?.basis.kind === 'current' ? month.invoices.receivables : month.invoices?.open,
        unchangedSince: job.intact && !changed.invoices ? job.previous!.data_as_of : undefined,
        reuse: () => readJson<CashInputsFile>(join(path, CASH_INPUTS)),
        delays: delaysOf(job.history, job.company.id),
      }),
    'cash',
  );
  const report = reportOf(job, month);
  if (cash) report.cash = cash.forecast;
  let written = await writeDocuments(job, documentsOf(job, month, cash?.inputs));
  const downloaded = await f24Pdfs(job, month.f24List, changed.f24s);
  written += downloaded;
  written += await writeReport(job, report);
  return { files: job.files.length + 1, written, downloaded, report };
}

/** What changed since the previous run (asked only when its files are all there, whole); a failed question counts as changed. */
async function changesSince(job: Job): Promise<Changed> {
  if (!job.intact) return { invoices: true, f24s: true };
  const since = { updated_since: job.previous!.data_as_of };
  // A failed question counts as "changed": the part is then read whole (and its failure noted there).
  const asked = (count: Promise<number>) =>
    count.catch((error: unknown) => {
      if (isCompanyFailure(error)) return 1;
      throw error;
    });
  const [outbound, inbound, f24s] = await Promise.all([
    asked(countInvoices(job.client, { ...since, direction: 'outbound' })),
    asked(countInvoices(job.client, { ...since, direction: 'inbound' })),
    asked(countF24s(job.client, { ...since, due_date_from: job.first, due_date_to: job.last })),
  ]);
  return { invoices: outbound + inbound > 0, f24s: f24s > 0 };
}

/**
 * Each part on its own: one the service refuses (a missing ability, a 404, a 5xx after retries)
 * leaves its files out and is named in the report, the manifest and the summary (exit 11). An
 * unchanged part is taken from the previous run's files.
 */
async function readMonth(job: Job, changed: Changed): Promise<Month> {
  const { client, period, reads, first, last } = job;
  const reuse = async <T>(name: string): Promise<T | undefined> => readJson<T>(join(job.path, name));
  const [invoices, f24List, expenses, summary, deadlines] = await Promise.all([
    reads.read(
      t`invoices (GET /v1/invoices)`,
      PART_FILES.invoices,
      async () => (changed.invoices ? undefined : await reusedInvoices(reuse, job.previous?.receivables_basis)) ?? invoicesOfMonth(job),
      'invoices',
    ),
    reads.read(
      t`F24 forms (GET /v1/f24s)`,
      PART_FILES.f24s,
      async () => (changed.f24s ? undefined : await reuse<F24[]>('f24s.json')) ?? collect(listF24s(client, { due_date_from: first, due_date_to: last }, ALL)),
      'f24s',
    ),
    reads.read(t`expenses (GET /v1/expenses)`, PART_FILES.expenses, () => collect<Expense>(listExpenses(client, { periodo: period }, ALL)), 'expenses'),
    reads.read(t`expense summary (GET /v1/expenses/summary)`, PART_FILES.summary, () => getExpenseSummary(client, { periodo: period }), 'summary'),
    reads.read(
      t`tax deadlines (GET /v1/tax-deadlines)`,
      PART_FILES.deadlines,
      () => collect<TaxDeadline>(listDeadlines(client, { due_date_from: first, due_date_to: lastDayOf(nextMonth(period)) }, ALL)),
      'deadlines',
    ),
  ]);
  return { invoices, f24List, expenses, summary, deadlines };
}

async function invoicesOfMonth(job: Job): Promise<NonNullable<Month['invoices']>> {
  const [outbound, inbound] = await Promise.all([
    collect(listInvoices(job.client, { direction: 'outbound' }, ALL)),
    collect(listInvoices(job.client, { direction: 'inbound' }, ALL)),
  ]);
  const ofMonth = (i: Invoice) => i.issue_date?.startsWith(`${job.period}-`) === true;
  // A past month: invoices issued by its last day, each residue as the mirror's last sync by then saw it.
  const asOf = asOfDate(job);
  const then = asOfInvoices(outbound, asOf, job.today, snapshotOn(job.history, job.company.id, asOf));
  return {
    outbound: outbound.filter(ofMonth),
    inbound: inbound.filter(ofMonth),
    receivables: then.invoices.filter(isOpen),
    basis: then.basis,
    // Today's open ones, for the coming weeks' cash.
    open: outbound.filter(isOpen),
  };
}

const isOpen = (i: Invoice) => i.payment_status === 'unpaid' || i.payment_status === 'partial';

/** The date the report ages receivables on: the period's last day, or today when that is earlier. */
const asOfDate = (job: Job) => (job.today < job.last ? job.today : job.last);

async function reusedInvoices(reuse: <T>(name: string) => Promise<T | undefined>, basis: ResiduesBasis | undefined): Promise<Month['invoices']> {
  if (!basis) return undefined;
  const [outbound, inbound, receivables] = await Promise.all([
    reuse<Invoice[]>('invoices-outbound.json'),
    reuse<Invoice[]>('invoices-inbound.json'),
    reuse<Invoice[]>('receivables.json'),
  ]);
  return outbound && inbound && receivables ? { outbound, inbound, receivables, basis } : undefined;
}

function reportOf(job: Job, month: Month): MonthReport {
  return monthReport({
    period: job.period,
    asOf: asOfDate(job),
    company: { id: job.company.id, name: job.company.name, vat_number: job.company.vat_number },
    outbound: month.invoices?.outbound,
    inbound: month.invoices?.inbound,
    receivables: month.invoices?.receivables,
    receivablesBasis: month.invoices?.basis,
    summary: month.summary,
    f24s: month.f24List,
    deadlines: month.deadlines,
    missing: job.reads.missing,
  });
}

/** The month's files from the parts that were read, each with its content. */
function documentsOf(job: Job, { invoices, expenses, summary, f24List, deadlines }: Month, cash: CashInputsFile | undefined): [string, string][] {
  const stamp = new Date(`${job.today}T00:00:00Z`);
  return [
    ...(invoices
      ? ([
          ['invoices-outbound.json', json(invoices.outbound)],
          ['invoices-outbound.csv', italianCsv(invoices.outbound, INVOICE_FIELDS, INVOICE_AMOUNTS)],
          ['invoices-inbound.json', json(invoices.inbound)],
          ['invoices-inbound.csv', italianCsv(invoices.inbound, INVOICE_FIELDS, INVOICE_AMOUNTS)],
          ['receivables.json', json(invoices.receivables)],
        ] as [string, string][])
      : []),
    ...(expenses
      ? ([
          ['expenses.json', json(expenses)],
          ['expenses.csv', italianCsv(expenses, EXPENSE_FIELDS, EXPENSE_AMOUNTS)],
        ] as [string, string][])
      : []),
    ...(summary
      ? ([
          ['expense-summary.json', json(summary)],
          ['expense-summary.csv', italianCsv(summaryRows(summary, job.period), SUMMARY_COLUMNS, ['totale'])],
        ] as [string, string][])
      : []),
    ...(f24List ? ([['f24s.json', json(f24List)]] as [string, string][]) : []),
    ...(cash ? ([[CASH_INPUTS, json(cash)]] as [string, string][]) : []),
    ...(deadlines
      ? ([
          ['deadlines.json', json(deadlines)],
          [
            'deadlines.ics',
            deadlinesToIcs(
              deadlines.filter((d) => d.due_date >= job.first && d.due_date <= job.last),
              stamp,
            ),
          ],
        ] as [string, string][])
      : []),
  ];
}

/** The files written (only those whose content changed): how many were written. */
async function writeDocuments(job: Job, documents: readonly [string, string][]): Promise<number> {
  // The folder appears once the data is in hand: a company that fails early leaves nothing behind.
  await mkdir(join(job.path, 'f24'), { recursive: true });
  // A part not read this time: its files from an earlier run would look current; they are removed.
  for (const part of job.reads.missing) for (const name of part.figures) if (!name.includes('*')) await rm(join(job.path, name), { force: true });
  let written = 0;
  for (const [name, content] of documents) {
    if (job.signal.aborted) throw new Interrupted();
    const file = await writeIfChanged(join(job.path, name), content);
    if (file.written) written++;
    job.files.push({ path: name, size: file.size, sha256: file.sha256 });
  }
  return written;
}

/**
 * The PDFs of the F24s due in the month, a few at a time: complete files whose hash the manifest
 * knows are skipped; a PDF that cannot be had is a missing part of its own. How many were downloaded.
 */
async function f24Pdfs(job: Job, f24List: F24[] | undefined, f24Changed: boolean): Promise<number> {
  const known = new Map((job.previous?.files ?? []).map((f) => [f.path, f]));
  const missing: { f24: F24; name: string }[] = [];
  // The rule of f24 download: cancelled forms are left out, a form neither paid nor ready says its status in its name.
  for (const f24 of (f24List ?? []).filter((f) => !skippedByDefault(f))) {
    const name = `f24/${f24PdfName(f24)}`;
    const onDisk = (await isCompletePdf(join(job.path, name))) ? await hashFile(join(job.path, name)) : undefined;
    const expected = known.get(name);
    if (onDisk && (!expected || expected.sha256 === onDisk.sha256)) job.files.push({ path: name, ...onDisk });
    else missing.push({ f24, name });
  }
  // A list reused from the previous run has signed links that may have expired: ask again once.
  const links =
    missing.length === 0 || f24Changed ? (f24List ?? []) : await collect(listF24s(job.client, { due_date_from: job.first, due_date_to: job.last }, ALL));
  let next = 0;
  let downloaded = 0;
  const downloader = async () => {
    while (next < missing.length) {
      if (job.signal.aborted) throw new Interrupted();
      const { f24, name } = missing[next++]!;
      const got = await job.reads.read(
        t`the PDF of F24 ${f24.id} (file_url)`,
        [name],
        async () => {
          const url = links.find((f) => f.id === f24.id)?.file_url;
          if (!url) throw new FiscoError(t`F24 ${f24.id}: the service gave no file link (file_url) for it`, ExitCode.notFound);
          return downloadPdf(job.client, url, join(job.path, name), job.signal);
        },
        'f24_pdf',
      );
      if (job.signal.aborted) throw new Interrupted();
      if (got) {
        job.files.push({ path: name, ...got });
        downloaded++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PDF_CONCURRENCY, missing.length) }, downloader));
  return downloaded;
}

/**
 * The report last: it names every part that could not be read, PDFs included; the firm's notes
 * beside it carry the service's codes and messages, which the client's page leaves out. Then the
 * manifest. How many files were written.
 */
async function writeReport(job: Job, report: MonthReport): Promise<number> {
  let written = 0;
  report.missing = [...job.reads.missing];
  for (const [name, content] of [
    ['report.html', renderReport(report, job.today, job.lang)],
    [FIRM_NOTES_FILE, renderFirmNotes(report, job.lang)],
  ] as const) {
    const page = await writeIfChanged(join(job.path, name), content);
    if (page.written) written++;
    job.files.push({ path: name, size: page.size, sha256: page.sha256 });
  }
  job.files.sort((a, b) => a.path.localeCompare(b.path));
  const manifest: Manifest = {
    format: 1,
    period: job.period,
    company: { id: job.company.id, name: job.company.name, vat_number: job.company.vat_number },
    folder: job.folder,
    data_as_of: job.dataAsOf,
    files: job.files,
    ...(job.reads.missing.length ? { missing: job.reads.missing } : {}),
    ...(report.receivables_basis ? { receivables_basis: report.receivables_basis } : {}),
  };
  if ((await writeIfChanged(join(job.path, 'manifest.json'), json(manifest))).written) written++;
  return written;
}

/** Every file the manifest lists is there with its size and hash. */
async function filesIntact(folder: string, files: readonly FileEntry[]): Promise<boolean> {
  for (const file of files) {
    const found = await hashFile(join(folder, file.path));
    if (!found || found.size !== file.size || found.sha256 !== file.sha256) return false;
  }
  return true;
}

/** A PDF through the shared client into an atomic file: whole, or not there at all. */
async function downloadPdf(client: ApiClient, url: string, path: string, signal: AbortSignal): Promise<{ size: number; sha256: string }> {
  const response = await client.download(url, { signal });
  const file = new AtomicFile(path);
  // Errors come back through write() and commit(); after Ctrl-C (the temporary file removed by
  // cli.ts) the stream must not crash the process with an unhandled 'error' event.
  file.stream.on('error', () => undefined);
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of response.body) {
      if (signal.aborted) throw new Interrupted();
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
      await file.write(chunk as Buffer);
    }
    await file.commit();
  } catch (error) {
    response.body.destroy();
    await file.abort();
    if (signal.aborted) throw new Interrupted();
    throw error instanceof FiscoError
      ? error
      : new FiscoError(t`the download of ${path} was interrupted (${(error as Error).message}); nothing partial was kept`, ExitCode.network);
  }
  if (!(await isCompletePdf(path))) throw new FiscoError(t`${path}: the file received is not a complete PDF`, ExitCode.network);
  return { size, sha256: hash.digest('hex') };
}

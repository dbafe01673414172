/**
 * fisco export --period YYYY-MM --dir DIR: the month-end deliverable, one folder per company.
 * Data from the API goes through the shared client (one pacing budget); figures come from the
 * pure report modules; every file is written atomically and only when it changed.
 */
import { collect } from '../../api/paginate.js';
import { countF24s, countInvoices } from '../../api/counts.js';
import { getMeWithClock } from '../../api/me.js';
import { noteMe } from '../../portfolio/token-kind.js';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { listDeadlines, type TaxDeadline } from '../../api/deadlines.js';
import { ExitCode, FiscoError, UsageError } from '../../errors.js';
import { EXPENSE_AMOUNTS, EXPENSE_FIELDS, getExpenseSummary, listExpenses, type Expense } from '../../api/expenses.js';
import { listF24s, type F24 } from '../../api/f24.js';
import { INVOICE_AMOUNTS, INVOICE_FIELDS, listInvoices, type Invoice } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { nextMonth, todayIn } from '../../domain/dates.js';
import { AtomicFile } from '../../io/atomic.js';
import { assertWritableFolder } from '../../io/paths.js';
import type { View } from '../../output/view.js';
import { companyLabel, type Company } from '../../portfolio/companies.js';
import { describeMissing, PartialReads, partialSummary, type MissingPart } from '../../portfolio/partial.js';
import { isCompanyFailure, Portfolio } from '../../portfolio/run.js';
import { portfolioSelectionOf } from '../../portfolio/select.js';
import { renderIndex, renderReport, type IndexEntry } from '../../report/html.js';
import { FIRM_NOTES_FILE, renderFirmNotes } from '../../report/notes.js';
import type { ReportLang } from '../../report/labels.js';
import { companyFolders, lastDayOf, monthReport, type MonthReport } from '../../report/month.js';
import { deadlinesToIcs } from '../deadlines/ics.js';
import { CASH_INPUTS, exportCash, type CashInputsFile } from '../cash/export-part.js';
import { SUMMARY_COLUMNS, summaryRows } from '../expenses/summary-shape.js';
import { isCompletePdf } from '../f24/files.js';
import { f24PdfName, skippedByDefault } from '../f24/status-rule.js';
import { parseFlags } from '../flag-schema.js';
import { EXPORT_FLAGS } from './export.flags.js';
import { hashFile, italianCsv, json, readJson, readManifest, writeIfChanged, type FileEntry, type Manifest } from './files.js';

export const portfolio = 'portfolio';

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

/** What one company's export did: a stdout record. */
export interface CompanyResult {
  account_id: string;
  company: string;
  folder: string;
  /** partial: some parts could not be read (`missing` says which and why); the rest is written. */
  result: 'exported' | 'partial' | 'failed';
  files: number | null;
  written: number | null;
  unchanged: number | null;
  downloaded: number | null;
  error: string | null;
  missing: MissingPart[];
}

const resultView: View = {
  columns: [
    { key: 'company', label: 'Company' },
    {
      key: 'result',
      label: 'Result',
      tone: (row) => ((row as CompanyResult).result === 'failed' ? 'danger' : (row as CompanyResult).result === 'partial' ? 'warn' : 'ok'),
    },
    { key: 'folder', label: 'Folder', priority: 2 },
    { key: 'files', label: 'Files', kind: 'count', priority: 3 },
    { key: 'written', label: 'Written', kind: 'count', priority: 4 },
    { key: 'unchanged', label: 'Unchanged', kind: 'count', priority: 5 },
    { key: 'downloaded', label: 'PDFs', kind: 'count', priority: 6 },
    { key: 'missing_parts', label: 'Missing', priority: 1 },
    { key: 'error', label: 'Error' },
  ],
  fields: ['account_id', 'company', 'folder', 'result', 'files', 'written', 'unchanged', 'downloaded', 'error', 'missing'],
};

class Interrupted extends FiscoError {
  constructor() {
    super('interrupted; no partial file left (each file is written whole or not at all)', ExitCode.interrupted, [
      'Run the same command again to resume: complete, unchanged files are skipped.',
    ]);
  }
}

/**
 * The service's clock (its Date header): "today" for ageing and the instant the next run asks for
 * changes since. Its GET /v1/me also answers the one rule for the token's companies (noteMe).
 */
async function serviceClock(context: Context): Promise<{ now: Date }> {
  const { me, serviceDate } = await getMeWithClock(await context.client());
  noteMe(context, me);
  return { now: serviceDate ?? new Date() };
}

interface CompanyRun {
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
}

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const flags = parseFlags(EXPORT_FLAGS, raw);
  // The report is the client's: Italian unless someone chose English (--lang en, FISCO_LANG, the profile).
  const options = { ...flags, lang: context.reportLang };
  await assertWritableFolder(options.dir, '--dir');
  const selection = portfolioSelectionOf(context.globals);
  const portfolio = new Portfolio(context, selection);
  const { now } = await serviceClock(context);
  const companies = await portfolio.companies();
  if (companies.length === 0) throw new UsageError('this token manages no companies: nothing to export');
  const today = todayIn('Europe/Rome', now);
  // A little before the service's "now", so a change made while we read is seen by the next run.
  const dataAsOf = new Date(now.getTime() - 5_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  await mkdir(options.dir, { recursive: true });

  const folders = companyFolders(companies);
  const controller = new AbortController();
  const stopWatching = context.onInterrupt(() => controller.abort());
  const entries = new Map<string, IndexEntry>();
  const incomplete = new Map<string, MissingPart[]>();
  const results = new Map<string, CompanyResult>();
  let outcomes;
  try {
    outcomes = await portfolio.each(
      companies,
      async (company, client) => {
        const folder = folders.get(company.id)!;
        try {
          const done = await exportCompany({
            company,
            client,
            period: options.period,
            dir: options.dir,
            today,
            dataAsOf,
            signal: controller.signal,
            lang: options.lang,
            folder,
          });
          entries.set(company.id, { company, folder, report: done.report });
          const missing = done.report.missing;
          incomplete.set(company.id, missing);
          const result: CompanyResult = {
            account_id: company.id,
            company: company.name,
            folder,
            result: missing.length ? 'partial' : 'exported',
            files: done.files,
            written: done.written,
            unchanged: done.files - done.written,
            downloaded: done.downloaded,
            error: null,
            missing,
          };
          results.set(company.id, result);
          context.output.info(
            `${company.name}: ${done.files} files in ${join(options.dir, folder)} (${done.written} written, ${done.files - done.written} unchanged, ${done.downloaded} PDF${done.downloaded === 1 ? '' : 's'} downloaded)`,
          );
          for (const part of missing) context.output.warn(`${companyLabel(company)}: not exported: ${describeMissing(part)}; the report says so`);
        } catch (error) {
          if (controller.signal.aborted) throw new Interrupted();
          const message = error instanceof Error ? error.message : String(error);
          const exitCode = error instanceof FiscoError ? error.exitCode : ExitCode.unexpected;
          entries.set(company.id, { company, folder, error: message, exitCode });
          results.set(company.id, {
            account_id: company.id,
            company: company.name,
            folder,
            result: 'failed',
            files: null,
            written: null,
            unchanged: null,
            downloaded: null,
            error: message,
            missing: [],
          });
          context.output.warn(`${companyLabel(company)}: not exported: ${message}`);
          throw error;
        }
      },
      { label: `Exporting ${options.period}`, concurrency: 2 },
    );
  } finally {
    stopWatching();
  }
  const index = companies.map((c) => entries.get(c.id)!).filter(Boolean);
  await writeIfChanged(join(options.dir, 'index.html'), renderIndex(options.period, index, today, options.lang));
  const records = companies.map((c) => results.get(c.id)!).filter(Boolean);
  await context.output.list(
    context.output.format === 'table' ? records.map((r) => ({ ...r, missing_parts: r.missing.map((m) => m.part ?? m.request).join(', ') || null })) : records,
    resultView,
  );
  const failure = partialSummary(outcomes, incomplete, 'the rest is written; report.html, note-studio.md, index.html and manifest.json say what is missing');
  if (failure) throw failure;
}

interface Exported {
  files: number;
  written: number;
  downloaded: number;
  report: MonthReport;
}

async function exportCompany(job: CompanyRun): Promise<Exported> {
  const { client, period, signal } = job;
  const folder = join(job.dir, job.folder);
  const previous = await readManifest(join(folder, 'manifest.json'));
  // A previous run that missed a part is read again whole.
  const intact = previous !== undefined && previous.period === period && !previous.missing?.length && (await filesIntact(folder, previous.files));
  const first = `${period}-01`;
  const last = lastDayOf(period);

  // What changed since the previous run (only when its files are all there, whole).
  let invoicesChanged = true;
  let f24Changed = true;
  if (intact) {
    const since = { updated_since: previous.data_as_of };
    // A failed question counts as "changed": the part is then read whole (and its failure noted there).
    const asked = (count: Promise<number>) =>
      count.catch((error: unknown) => {
        if (isCompanyFailure(error)) return 1;
        throw error;
      });
    const [outbound, inbound, f24s] = await Promise.all([
      asked(countInvoices(client, { ...since, direction: 'outbound' })),
      asked(countInvoices(client, { ...since, direction: 'inbound' })),
      asked(countF24s(client, { ...since, due_date_from: first, due_date_to: last })),
    ]);
    invoicesChanged = outbound + inbound > 0;
    f24Changed = f24s > 0;
  }
  const all = { all: true, perPage: 100 };
  const reuse = async <T>(name: string): Promise<T | undefined> => readJson<T>(join(folder, name));

  const listInvoicesOfMonth = async () => {
    const [outbound, inbound] = await Promise.all([
      collect(listInvoices(client, { direction: 'outbound' }, all)),
      collect(listInvoices(client, { direction: 'inbound' }, all)),
    ]);
    const ofMonth = (i: Invoice) => i.issue_date?.startsWith(`${period}-`) === true;
    return {
      outbound: outbound.filter(ofMonth),
      inbound: inbound.filter(ofMonth),
      receivables: outbound.filter((i) => i.payment_status === 'unpaid' || i.payment_status === 'partial'),
    };
  };
  const reuseInvoices = async () => {
    if (invoicesChanged) return undefined;
    const [outbound, inbound, receivables] = await Promise.all([
      reuse<Invoice[]>('invoices-outbound.json'),
      reuse<Invoice[]>('invoices-inbound.json'),
      reuse<Invoice[]>('receivables.json'),
    ]);
    return outbound && inbound && receivables ? { outbound, inbound, receivables } : undefined;
  };
  // Each part on its own: one the service refuses (a missing ability, a 404, a 5xx after retries)
  // leaves its files out and is named in the report, the manifest and the summary (exit 11).
  const reads = new PartialReads();
  const [invoices, f24List, expenses, summary, deadlines] = await Promise.all([
    reads.read('invoices (GET /v1/invoices)', PART_FILES.invoices, async () => (await reuseInvoices()) ?? listInvoicesOfMonth(), 'invoices'),
    reads.read(
      'F24 forms (GET /v1/f24s)',
      PART_FILES.f24s,
      async () => (f24Changed ? undefined : await reuse<F24[]>('f24s.json')) ?? collect(listF24s(client, { due_date_from: first, due_date_to: last }, all)),
      'f24s',
    ),
    reads.read('expenses (GET /v1/expenses)', PART_FILES.expenses, () => collect<Expense>(listExpenses(client, { periodo: period }, all)), 'expenses'),
    reads.read('expense summary (GET /v1/expenses/summary)', PART_FILES.summary, () => getExpenseSummary(client, { periodo: period }), 'summary'),
    reads.read(
      'tax deadlines (GET /v1/tax-deadlines)',
      PART_FILES.deadlines,
      () => collect<TaxDeadline>(listDeadlines(client, { due_date_from: first, due_date_to: lastDayOf(nextMonth(period)) }, all)),
      'deadlines',
    ),
  ]);
  if (signal.aborted) throw new Interrupted();
  // Nothing at all could be read: the company failed as a whole (no folder is made).
  if (reads.nothingRead) throw reads.firstError!;

  // The coming weeks' flows (fisco cash), a section of the report; a failure leaves it out, named.
  const cash = await reads.read(
    'cash flows of the next 13 weeks (GET /v1/invoices, /v1/f24s, /v1/tax-deadlines)',
    [CASH_INPUTS],
    () =>
      exportCash({
        client,
        today: job.today,
        receivables: invoices?.receivables,
        unchangedSince: intact && !invoicesChanged ? previous.data_as_of : undefined,
        reuse: () => reuse<CashInputsFile>(CASH_INPUTS),
      }),
    'cash',
  );
  const report = monthReport({
    period,
    asOf: job.today < last ? job.today : last,
    company: { id: job.company.id, name: job.company.name, vat_number: job.company.vat_number },
    outbound: invoices?.outbound,
    inbound: invoices?.inbound,
    receivables: invoices?.receivables,
    summary,
    f24s: f24List,
    deadlines,
    missing: reads.missing,
  });
  if (cash) report.cash = cash.forecast;
  const stamp = new Date(`${job.today}T00:00:00Z`);
  const documents: [string, string][] = [
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
          ['expense-summary.csv', italianCsv(summaryRows(summary, period), SUMMARY_COLUMNS, ['totale'])],
        ] as [string, string][])
      : []),
    ...(f24List ? ([['f24s.json', json(f24List)]] as [string, string][]) : []),
    ...(cash ? ([[CASH_INPUTS, json(cash.inputs)]] as [string, string][]) : []),
    ...(deadlines
      ? ([
          ['deadlines.json', json(deadlines)],
          [
            'deadlines.ics',
            deadlinesToIcs(
              deadlines.filter((d) => d.due_date >= first && d.due_date <= last),
              stamp,
            ),
          ],
        ] as [string, string][])
      : []),
  ];

  // The folder appears once the data is in hand: a company that fails early leaves nothing behind.
  await mkdir(join(folder, 'f24'), { recursive: true });
  // A part not read this time: its files from an earlier run would look current; they are removed.
  for (const part of reads.missing) for (const name of part.figures) if (!name.includes('*')) await rm(join(folder, name), { force: true });
  const files: FileEntry[] = [];
  let written = 0;
  for (const [name, content] of documents) {
    if (signal.aborted) throw new Interrupted();
    const file = await writeIfChanged(join(folder, name), content);
    if (file.written) written++;
    files.push({ path: name, size: file.size, sha256: file.sha256 });
  }

  // The PDFs of the F24s due in the month, a few at a time: complete files whose hash the manifest knows are skipped.
  const known = new Map((previous?.files ?? []).map((f) => [f.path, f]));
  const missing: { f24: F24; name: string }[] = [];
  // The rule of f24 download: cancelled forms are left out, a form neither paid nor ready says its status in its name.
  for (const f24 of (f24List ?? []).filter((f) => !skippedByDefault(f))) {
    const name = `f24/${f24PdfName(f24)}`;
    const path = join(folder, name);
    const onDisk = (await isCompletePdf(path)) ? await hashFile(path) : undefined;
    const expected = known.get(name);
    if (onDisk && (!expected || expected.sha256 === onDisk.sha256)) files.push({ path: name, ...onDisk });
    else missing.push({ f24, name });
  }
  // A list reused from the previous run has signed links that may have expired: ask again once.
  const links = missing.length === 0 || f24Changed ? (f24List ?? []) : await collect(listF24s(client, { due_date_from: first, due_date_to: last }, all));
  let next = 0;
  let downloaded = 0;
  // A PDF that cannot be had is a missing part of its own; the other PDFs and files are kept.
  const downloader = async () => {
    while (next < missing.length) {
      if (signal.aborted) throw new Interrupted();
      const { f24, name } = missing[next++]!;
      const got = await reads.read(
        `the PDF of F24 ${f24.id} (file_url)`,
        [name],
        async () => {
          const url = links.find((f) => f.id === f24.id)?.file_url;
          if (!url) throw new FiscoError(`F24 ${f24.id}: the service gave no file link (file_url) for it`, ExitCode.notFound);
          return downloadPdf(client, url, join(folder, name), signal);
        },
        'f24_pdf',
      );
      if (signal.aborted) throw new Interrupted();
      if (got) {
        files.push({ path: name, ...got });
        downloaded++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PDF_CONCURRENCY, missing.length) }, downloader));
  written += downloaded;
  // The report last: it names every part that could not be read, PDFs included; the firm's notes
  // beside it carry the service's codes and messages, which the client's page leaves out.
  report.missing = [...reads.missing];
  for (const [name, content] of [
    ['report.html', renderReport(report, job.today, job.lang)],
    [FIRM_NOTES_FILE, renderFirmNotes(report, job.lang)],
  ] as const) {
    const page = await writeIfChanged(join(folder, name), content);
    if (page.written) written++;
    files.push({ path: name, size: page.size, sha256: page.sha256 });
  }
  files.sort((a, b) => a.path.localeCompare(b.path));

  const manifest: Manifest = {
    format: 1,
    period,
    company: { id: job.company.id, name: job.company.name, vat_number: job.company.vat_number },
    folder: job.folder,
    data_as_of: job.dataAsOf,
    files,
    ...(reads.missing.length ? { missing: reads.missing } : {}),
  };
  if ((await writeIfChanged(join(folder, 'manifest.json'), json(manifest))).written) written++;
  return { files: files.length + 1, written, downloaded, report };
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
      : new FiscoError(`the download of ${path} was interrupted (${(error as Error).message}); nothing partial was kept`, ExitCode.network);
  }
  if (!(await isCompletePdf(path))) throw new FiscoError(`${path}: the file received is not a complete PDF`, ExitCode.network);
  return { size, sha256: hash.digest('hex') };
}

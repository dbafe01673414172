/**
 * fisco export --period YYYY-MM --dir DIR: the month-end deliverable, one folder per company.
 * Data from the API goes through the shared client (one pacing budget); figures come from the
 * pure report modules; every file is written atomically and only when it changed.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from '../../api/zod.js';
import type { ApiClient } from '../../api/client.js';
import { listDeadlines, type TaxDeadline } from '../../api/deadlines.js';
import { ExitCode, FiscoError, UsageError } from '../../api/errors.js';
import { EXPENSE_AMOUNTS, EXPENSE_FIELDS, getExpenseSummary, listExpenses, type Expense } from '../../api/expenses.js';
import { listF24s, type F24 } from '../../api/f24.js';
import { INVOICE_AMOUNTS, INVOICE_FIELDS, listInvoices, type Invoice } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { nextMonth, todayIn } from '../../domain/dates.js';
import { AtomicFile } from '../../io/atomic.js';
import { assertWritableFolder } from '../../io/paths.js';
import type { View } from '../../output/view.js';
import { companyLabel, type Company } from '../../portfolio/companies.js';
import { failureSummary, Portfolio } from '../../portfolio/run.js';
import { portfolioSelectionOf } from '../../portfolio/select.js';
import { renderIndex, renderReport, type IndexEntry } from '../../report/html.js';
import { companyFolder, lastDayOf, monthReport, type MonthReport } from '../../report/month.js';
import { deadlinesToIcs } from '../deadlines/ics.js';
import { SUMMARY_COLUMNS, summaryRows } from '../expenses/summary-shape.js';
import { isCompletePdf } from '../f24/files.js';
import { f24PdfName, skippedByDefault } from '../f24/status-rule.js';
import { monthOption } from '../filters.js';
import { parseOptions } from '../options.js';
import { hashFile, italianCsv, json, readJson, readManifest, writeIfChanged, type FileEntry, type Manifest } from './files.js';

export const portfolio = 'portfolio';

/** PDFs fetched at once per company (the pacer keeps the whole run inside the rate limit). */
const PDF_CONCURRENCY = 3;

const schema = z.object({
  period: z.string({ message: 'is required: the month to export, YYYY-MM' }).pipe(monthOption),
  dir: z.string({ message: 'is required: the folder to write the export in' }).min(1, 'is required: the folder to write the export in'),
});

/** What one company's export did: a stdout record. */
export interface CompanyResult {
  account_id: string;
  company: string;
  folder: string;
  result: 'exported' | 'failed';
  files: number | null;
  written: number | null;
  unchanged: number | null;
  downloaded: number | null;
  error: string | null;
}

const resultView: View = {
  columns: [
    { key: 'company', label: 'Company' },
    { key: 'result', label: 'Result', tone: (row) => ((row as CompanyResult).result === 'failed' ? 'danger' : 'ok') },
    { key: 'folder', label: 'Folder' },
    { key: 'files', label: 'Files', kind: 'count' },
    { key: 'written', label: 'Written', kind: 'count' },
    { key: 'unchanged', label: 'Unchanged', kind: 'count' },
    { key: 'downloaded', label: 'PDFs downloaded', kind: 'count' },
    { key: 'error', label: 'Error' },
  ],
  fields: ['account_id', 'company', 'folder', 'result', 'files', 'written', 'unchanged', 'downloaded', 'error'],
};

class Interrupted extends FiscoError {
  constructor() {
    super('interrupted; no partial file left (each file is written whole or not at all)', ExitCode.interrupted, ['Run the same command again to resume: complete, unchanged files are skipped.']);
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The service's clock (its Date header): "today" for ageing and the instant the next run asks for changes since. */
async function serviceClock(client: ApiClient): Promise<{ now: Date }> {
  const response = await client.request('GET', '/v1/me');
  const header = response.headers.date;
  return { now: typeof header === 'string' && !Number.isNaN(Date.parse(header)) ? new Date(header) : new Date() };
}

async function changedSince(client: ApiClient, path: string, query: Record<string, string>): Promise<number> {
  const page = await client.get<{ meta?: { total?: number }; data?: unknown[] }>(path, { ...query, per_page: 1 });
  return typeof page?.meta?.total === 'number' ? page.meta.total : Array.isArray(page?.data) ? page.data.length : 1;
}

interface CompanyRun {
  company: Company;
  client: ApiClient;
  period: string;
  dir: string;
  today: string;
  dataAsOf: string;
  signal: AbortSignal;
}

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  await assertWritableFolder(options.dir, '--dir');
  const selection = portfolioSelectionOf(context.globals);
  const portfolio = new Portfolio(context, selection);
  const companies = await portfolio.companies();
  if (companies.length === 0) throw new UsageError('this token manages no companies: nothing to export');
  const { now } = await serviceClock(await context.client());
  const today = todayIn('Europe/Rome', now);
  // A little before the service's "now", so a change made while we read is seen by the next run.
  const dataAsOf = new Date(now.getTime() - 5_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  await mkdir(options.dir, { recursive: true });

  const controller = new AbortController();
  const stopWatching = context.onInterrupt(() => controller.abort());
  const entries = new Map<string, IndexEntry>();
  const results = new Map<string, CompanyResult>();
  let outcomes;
  try {
    outcomes = await portfolio.each(
      companies,
      async (company, client) => {
        const folder = companyFolder(company);
        try {
          const done = await exportCompany({ company, client, period: options.period, dir: options.dir, today, dataAsOf, signal: controller.signal });
          entries.set(company.id, { company, folder, report: done.report });
          const result: CompanyResult = { account_id: company.id, company: company.name, folder, result: 'exported', files: done.files, written: done.written, unchanged: done.files - done.written, downloaded: done.downloaded, error: null };
          results.set(company.id, result);
          context.output.info(`${company.name}: ${done.files} files in ${join(options.dir, folder)} (${done.written} written, ${done.files - done.written} unchanged, ${done.downloaded} PDF${done.downloaded === 1 ? '' : 's'} downloaded)`);
        } catch (error) {
          if (controller.signal.aborted) throw new Interrupted();
          const message = error instanceof Error ? error.message : String(error);
          entries.set(company.id, { company, folder, error: message });
          results.set(company.id, { account_id: company.id, company: company.name, folder, result: 'failed', files: null, written: null, unchanged: null, downloaded: null, error: message });
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
  await writeIfChanged(join(options.dir, 'index.html'), renderIndex(options.period, index, today));
  await context.output.list(companies.map((c) => results.get(c.id)!).filter(Boolean), resultView);
  const failure = failureSummary(outcomes);
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
  const folder = join(job.dir, companyFolder(job.company));
  const previous = await readManifest(join(folder, 'manifest.json'));
  const intact = previous !== undefined && previous.period === period && (await filesIntact(folder, previous.files));
  const first = `${period}-01`;
  const last = lastDayOf(period);

  // What changed since the previous run (only when its files are all there, whole).
  let invoicesChanged = true;
  let f24Changed = true;
  if (intact) {
    const since = { updated_since: previous.data_as_of };
    const [outbound, inbound, f24s] = await Promise.all([
      changedSince(client, '/v1/invoices', { ...since, direction: 'outbound' }),
      changedSince(client, '/v1/invoices', { ...since, direction: 'inbound' }),
      changedSince(client, '/v1/f24s', { ...since, due_date_from: first, due_date_to: last }),
    ]);
    invoicesChanged = outbound + inbound > 0;
    f24Changed = f24s > 0;
  }
  const all = { all: true, perPage: 100 };
  const reuse = async <T>(name: string): Promise<T | undefined> => readJson<T>(join(folder, name));

  const listInvoicesOfMonth = async () => {
    const [outbound, inbound] = await Promise.all([collect(listInvoices(client, { direction: 'outbound' }, all)), collect(listInvoices(client, { direction: 'inbound' }, all))]);
    const ofMonth = (i: Invoice) => i.issue_date?.startsWith(`${period}-`) === true;
    return { outbound: outbound.filter(ofMonth), inbound: inbound.filter(ofMonth), receivables: outbound.filter((i) => i.payment_status === 'unpaid' || i.payment_status === 'partial') };
  };
  const reuseInvoices = async () => {
    if (invoicesChanged) return undefined;
    const [outbound, inbound, receivables] = await Promise.all([reuse<Invoice[]>('invoices-outbound.json'), reuse<Invoice[]>('invoices-inbound.json'), reuse<Invoice[]>('receivables.json')]);
    return outbound && inbound && receivables ? { outbound, inbound, receivables } : undefined;
  };
  const [invoices, f24List, expenses, summary, deadlines] = await Promise.all([
    reuseInvoices().then((kept) => kept ?? listInvoicesOfMonth()),
    (f24Changed ? Promise.resolve(undefined) : reuse<F24[]>('f24s.json')).then((kept) => kept ?? collect(listF24s(client, { due_date_from: first, due_date_to: last }, all))),
    collect<Expense>(listExpenses(client, { periodo: period }, all)),
    getExpenseSummary(client, { periodo: period }),
    collect<TaxDeadline>(listDeadlines(client, { due_date_from: first, due_date_to: lastDayOf(nextMonth(period)) }, all)),
  ]);
  const inbound = invoices.inbound;
  if (signal.aborted) throw new Interrupted();

  const report = monthReport({
    period,
    asOf: job.today < last ? job.today : last,
    company: { id: job.company.id, name: job.company.name, vat_number: job.company.vat_number },
    outbound: invoices.outbound,
    inbound,
    receivables: invoices.receivables,
    summary,
    f24s: f24List,
    deadlines,
  });
  const monthDeadlines = deadlines.filter((d) => d.due_date >= first && d.due_date <= last);
  const stamp = new Date(`${job.today}T00:00:00Z`);
  const documents: [string, string][] = [
    ['invoices-outbound.json', json(invoices.outbound)],
    ['invoices-outbound.csv', italianCsv(invoices.outbound, INVOICE_FIELDS, INVOICE_AMOUNTS)],
    ['invoices-inbound.json', json(inbound)],
    ['invoices-inbound.csv', italianCsv(inbound, INVOICE_FIELDS, INVOICE_AMOUNTS)],
    ['receivables.json', json(invoices.receivables)],
    ['expenses.json', json(expenses)],
    ['expenses.csv', italianCsv(expenses, EXPENSE_FIELDS, EXPENSE_AMOUNTS)],
    ['expense-summary.json', json(summary)],
    ['expense-summary.csv', italianCsv(summaryRows(summary, period), SUMMARY_COLUMNS, ['totale'])],
    ['f24s.json', json(f24List)],
    ['deadlines.json', json(deadlines)],
    ['deadlines.ics', deadlinesToIcs(monthDeadlines, stamp)],
    ['report.html', renderReport(report, job.today)],
  ];

  // The folder appears once the data is in hand: a company that fails early leaves nothing behind.
  await mkdir(join(folder, 'f24'), { recursive: true });
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
  for (const f24 of f24List.filter((f) => !skippedByDefault(f))) {
    const name = `f24/${f24PdfName(f24)}`;
    const path = join(folder, name);
    const onDisk = (await isCompletePdf(path)) ? await hashFile(path) : undefined;
    const expected = known.get(name);
    if (onDisk && (!expected || expected.sha256 === onDisk.sha256)) files.push({ path: name, ...onDisk });
    else missing.push({ f24, name });
  }
  // A list reused from the previous run has signed links that may have expired: ask again once.
  const links = missing.length === 0 || f24Changed ? f24List : await collect(listF24s(client, { due_date_from: first, due_date_to: last }, all));
  let next = 0;
  const downloader = async () => {
    while (next < missing.length) {
      if (signal.aborted) throw new Interrupted();
      const { f24, name } = missing[next++]!;
      const url = links.find((f) => f.id === f24.id)?.file_url;
      if (!url) throw new FiscoError(`F24 ${f24.id}: the service gave no file link (file_url) for it`, ExitCode.notFound);
      files.push({ path: name, ...(await downloadPdf(client, url, join(folder, name), signal)) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PDF_CONCURRENCY, missing.length) }, downloader));
  const downloaded = missing.length;
  written += downloaded;
  files.sort((a, b) => a.path.localeCompare(b.path));

  const manifest: Manifest = {
    format: 1,
    period,
    company: { id: job.company.id, name: job.company.name, vat_number: job.company.vat_number },
    data_as_of: job.dataAsOf,
    files,
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
    throw error instanceof FiscoError ? error : new FiscoError(`the download of ${path} was interrupted (${(error as Error).message}); nothing partial was kept`, ExitCode.network);
  }
  if (!(await isCompletePdf(path))) throw new FiscoError(`${path}: the file received is not a complete PDF`, ExitCode.network);
  return { size, sha256: hash.digest('hex') };
}

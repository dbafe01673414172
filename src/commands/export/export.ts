/**
 * fisco export --period YYYY-MM --dir DIR: the month-end deliverable, one folder per company.
 * Data from the API goes through the shared client (one pacing budget); figures come from the
 * pure report modules; every file is written atomically and only when it changed.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { getMeWithClock } from '../../api/me.js';
import { todayIn } from '../../domain/dates.js';
import { ExitCode, FiscoError, LocalWriteError, UsageError } from '../../errors.js';
import { acquireLock, describeOwner, LockBusyError } from '../../io/lock.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { assertWritableFolder } from '../../io/paths.js';
import type { View } from '../../output/view.js';
import { companyLabel } from '../../portfolio/companies.js';
import { describeMissing, partialSummary, type MissingPart } from '../../portfolio/partial.js';
import { Portfolio } from '../../portfolio/run.js';
import { noteMe } from '../../portfolio/token-kind.js';
import { renderIndex, type IndexEntry } from '../../report/html.js';
import { companyFolders } from '../../report/month.js';
import { basisNotes } from '../../receivables/as-of.js';
import { residueHistory } from '../../receivables/read.js';
import { exportCompany, Interrupted, type CompanyRun } from './company.js';
import type { EXPORT_FLAGS } from './flags.js';
import { writeIfChanged } from './files.js';
import { t, joined } from '../../i18n/message.js';

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
    { key: 'company', label: t`Company` },
    {
      key: 'result',
      label: t`Result`,
      tone: (row) => ((row as CompanyResult).result === 'failed' ? 'danger' : (row as CompanyResult).result === 'partial' ? 'warn' : 'ok'),
    },
    { key: 'folder', label: t`Folder`, priority: 2 },
    { key: 'files', label: t`Files`, kind: 'count', priority: 3 },
    { key: 'written', label: t`Written`, kind: 'count', priority: 4 },
    { key: 'unchanged', label: t`Unchanged`, kind: 'count', priority: 5 },
    { key: 'downloaded', label: t`PDFs`, kind: 'count', priority: 6 },
    { key: 'missing_parts', label: t`Missing`, priority: 1 },
    { key: 'error', label: t`Error` },
  ],
  fields: ['account_id', 'company', 'folder', 'result', 'files', 'written', 'unchanged', 'downloaded', 'error', 'missing'],
};

/**
 * The service's clock (its Date header): "today" for ageing and the instant the next run asks for
 * changes since. Its GET /v1/me also answers the one rule for the token's companies (noteMe).
 */
async function serviceClock(factory: Factory): Promise<{ now: Date }> {
  const { me, serviceDate } = await getMeWithClock(await factory.client());
  noteMe(factory, me);
  return { now: serviceDate ?? new Date() };
}

export async function run(_args: string[], flags: FlagValues<typeof EXPORT_FLAGS>, factory: Factory): Promise<void> {
  // The report is the client's: Italian unless someone chose English (--lang en, FISCO_LANG, the profile).
  const options = { ...flags, lang: factory.reportLang };
  await assertWritableFolder(options.dir, '--dir');
  const selection = await factory.selection();
  const portfolio = new Portfolio(factory, selection);
  const { now } = await serviceClock(factory);
  const companies = await portfolio.companies();
  if (companies.length === 0) throw new UsageError(t`this token manages no companies: nothing to export`);
  const today = todayIn('Europe/Rome', now);
  // A little before the service's "now", so a change made while we read is seen by the next run.
  const dataAsOf = new Date(now.getTime() - 5_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  await mkdir(options.dir, { recursive: true });
  await lockFolder(factory, options.dir);
  const folders = companyFolders(companies);
  // The mirror's history, when there is one: a past month's residues (src/receivables/as-of.ts), the clients' usual delays (cash).
  const history = await residueHistory(factory);
  const controller = new AbortController();
  const stopWatching = factory.io.onInterrupt(() => controller.abort());
  const done: Done = { entries: new Map(), incomplete: new Map(), results: new Map() };
  let outcomes;
  try {
    outcomes = await portfolio.each(
      companies,
      async (company, client) => {
        const job = { company, client, period: options.period, dir: options.dir, today, dataAsOf, signal: controller.signal, lang: options.lang, history };
        await exportOne(factory, { ...job, folder: folders.get(company.id)! }, done);
      },
      { label: t`Exporting ${options.period}`, concurrency: 2 },
    );
  } finally {
    stopWatching();
  }
  const index = companies.map((c) => done.entries.get(c.id)!).filter(Boolean);
  await writeIfChanged(join(options.dir, 'index.html'), renderIndex(options.period, index, today, options.lang));
  const records = companies.map((c) => done.results.get(c.id)!).filter(Boolean);
  await factory.output.list(
    factory.output.format === 'table'
      ? records.map((r) => ({
          ...r,
          missing_parts: r.missing.length
            ? joined(
                r.missing.map((m) => m.part ?? m.request),
                ', ',
              )
            : null,
        }))
      : records,
    resultView,
  );
  const failure = partialSummary(
    outcomes,
    done.incomplete,
    t`the rest is written; report.html, note-studio.md, index.html and manifest.json say what is missing`,
  );
  if (failure) throw failure;
}

/** The lock of an export folder, inside it: hidden, and gone when the run ends (a crashed run's is taken over). */
export const EXPORT_LOCK = '.fisco-export.lock';

/**
 * One export at a time into a folder: each file is written whole, but another run's files and
 * this run's manifest and index would be mixed (a manifest that does not describe the folder).
 * Not waited for: a second export is refused at once, naming the first (as a second sync is).
 */
async function lockFolder(factory: Factory, dir: string): Promise<void> {
  const lock = await acquireLock(join(dir, EXPORT_LOCK), { timeoutMs: 0 }).catch((error: unknown) => {
    if (error instanceof LockBusyError)
      throw new UsageError(
        t`${dir} is being written by ${error.owner ? t`fisco ${describeOwner(error.owner)}` : t`another fisco`} (another export); nothing was written`,
        [t`Run the export again when that one has finished.`],
      );
    throw new LocalWriteError(t`cannot lock the folder ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  });
  factory.onClose(async () => lock.release());
}

/** What the run knows of each company so far: its index entry, its missing parts, its stdout record. */
interface Done {
  entries: Map<string, IndexEntry>;
  incomplete: Map<string, MissingPart[]>;
  results: Map<string, CompanyResult>;
}

/** One company's export, and what it says: a line on stderr, its record, its index entry (a failure too). */
async function exportOne(factory: Factory, job: CompanyRun, done: Done): Promise<void> {
  const { company, folder } = job;
  try {
    const exported = await exportCompany(job);
    done.entries.set(company.id, { company, folder, report: exported.report });
    const missing = exported.report.missing;
    done.incomplete.set(company.id, missing);
    const { files, written, downloaded } = exported;
    const result = missing.length ? 'partial' : 'exported';
    done.results.set(company.id, {
      account_id: company.id,
      company: company.name,
      folder,
      result,
      files,
      written,
      unchanged: files - written,
      downloaded,
      error: null,
      missing,
    });
    factory.output.info(
      t`${company.name}: ${files} files in ${join(job.dir, folder)} (${written} written, ${files - written} unchanged, ${downloaded} PDF downloaded)`,
    );
    const basis = exported.report.receivables_basis;
    for (const note of basis ? basisNotes(companyLabel(company), basis) : []) factory.output.warn(note);
    for (const part of missing) factory.output.warn(t`${companyLabel(company)}: not exported: ${describeMissing(part)}; the report says so`);
  } catch (error) {
    if (job.signal.aborted) throw new Interrupted();
    const message = error instanceof Error ? error.message : String(error);
    const exitCode = error instanceof FiscoError ? error.exitCode : ExitCode.unexpected;
    done.entries.set(company.id, { company, folder, error: message, exitCode });
    done.results.set(company.id, {
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
    factory.output.warn(t`${companyLabel(company)}: not exported: ${message}`);
    throw error;
  }
}

/**
 * `fisco invoice batch FILE|-`: one invoice per record of a CSV or NDJSON file, each transmitted
 * exactly once, through the one crash-safe journal (src/journal/). Everything is checked before
 * anything is sent; one preview and one confirmation; then one POST at a time within the token's
 * pacing, each announced in the journal before it leaves. A re-run continues where the last one
 * stopped and settles what was in flight with the reconciliation lookup of `invoice create`.
 */
import { createHash } from 'node:crypto';
import { readInputFile } from '../../io/input-file.js';
import { extname, resolve } from 'node:path';
import { ExitCode, FiscoError, LocalWriteError, NotConfirmedError, OutcomeUnknownError, PartialError, UsageError } from '../../errors.js';
import type { Context } from '../../context.js';
import { todayIn } from '../../domain/dates.js';
import { writeJson } from '../../domain/json-number.js';
import { formatEuro } from '../../domain/money.js';
import { BatchFileError, decodeUtf8, formatProblem, parseBatch, type BatchFile, type BatchProblem, type BatchRecord } from '../../batch/records.js';
import { aggregateWarnings, grandTotal, totalsByCompany } from '../../batch/summary.js';
import { writeFileAtomic } from '../../io/atomic.js';
import { assertWritableFile } from '../../io/paths.js';
import { JournalDamagedError, journalPath, readJournal, type Journal, type JournalEntry } from '../../journal/journal.js';
import { interruptedError, resolveEntry, runJournaled, type RunResult } from '../../journal/run.js';
import { journalOwner, openJournal, runOptions, waitingError } from '../journaled.js';
import { CsvWriter } from '../../output/csv.js';
import { safeLine } from '../../output/safe-text.js';
import type { View } from '../../output/view.js';
import { dataDir } from '../../profiles/paths.js';
import { parseFlags } from '../flag-schema.js';
import { BATCH_FLAGS } from './batch.flags.js';
import { checkWithService, prepareRecord, type CheckedRecord } from './batch/check.js';
import { batchHooks, type BatchStep } from './batch/hooks.js';
import type { Mode } from './create/guard.js';
import { t } from '../../i18n/message.js';

export type ResultStatus = 'created' | 'refused' | 'unknown' | 'waiting' | 'changed' | 'invalid' | 'not sent';

export interface ResultRow {
  ref: string;
  account: string | null;
  id: string | null;
  url: string | null;
  status: ResultStatus;
  message: string | null;
}

export const RESULT_FIELDS = ['ref', 'account', 'id', 'url', 'status', 'message'] as const;

const resultView: View = {
  fields: RESULT_FIELDS,
  columns: [
    { key: 'ref', label: 'Ref', id: true },
    { key: 'account', label: 'Company', priority: 3 },
    {
      key: 'status',
      label: 'Status',
      tone: (r) => ((r as ResultRow).status === 'created' ? 'ok' : (r as ResultRow).status === 'not sent' ? 'muted' : 'danger'),
    },
    { key: 'id', label: 'Id', id: true },
    { key: 'message', label: 'Message', priority: 1 },
    { key: 'url', label: 'PDF', priority: 2 },
  ],
  empty: 'No records.',
};

const statusView: View = {
  fields: ['ref', 'account', 'state', 'id', 'url', 'at', 'message'],
  columns: [
    { key: 'ref', label: 'Ref', id: true },
    { key: 'state', label: 'State' },
    { key: 'id', label: 'Id', id: true },
    { key: 'at', label: 'At', kind: 'instant', priority: 2 },
    { key: 'message', label: 'Message', priority: 1 },
  ],
  empty: 'No records.',
};

type Options = ReturnType<typeof parseFlags<typeof BATCH_FLAGS>>;

/** The file's bytes: a path, or `-` for stdin. A file that cannot be read is one line naming it. */
async function readSource(file: string, context: Context): Promise<Uint8Array> {
  if (file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of context.streams.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return Buffer.concat(chunks);
  }
  return readInputFile(file, file, 'give the path of a CSV or NDJSON batch file, or - to read it from stdin');
}

/** `REF=created:ID` or `REF=absent`, split at the last `=`. */
export function parseResolve(values: readonly string[]): { ref: string; outcome: { state: 'done'; result: Record<string, unknown> } | { state: 'absent' } }[] {
  const problems: string[] = [];
  const out: ReturnType<typeof parseResolve> = [];
  for (const value of values) {
    const at = value.lastIndexOf('=');
    const ref = at > 0 ? value.slice(0, at) : '';
    const outcome = at > 0 ? value.slice(at + 1).trim() : '';
    const created = /^created:(\S+)$/.exec(outcome);
    if (ref && created) out.push({ ref, outcome: { state: 'done', result: { id: created[1], url: null, resolvedByHand: true } } });
    else if (ref && outcome === 'absent') out.push({ ref, outcome: { state: 'absent' } });
    else problems.push(`--resolve: '${value}' must be REF=created:ID (it was created, with that id) or REF=absent (it was not created)`);
  }
  if (problems.length === 1) throw new UsageError(problems[0]);
  if (problems.length) throw new UsageError(`${problems.length} problems with --resolve, nothing was sent:`, problems);
  return out;
}

function checkOptions(options: Options): Mode | undefined {
  const problems: string[] = [];
  if (options.draft && options.send) problems.push('--draft and --send exclude each other');
  if (options.status && (options.draft || options.send || options.dryRun || options.resolve?.length))
    problems.push('--status only prints the journal: leave out --draft, --send, --dry-run and --resolve');
  if (options.dryRun && options.resolve?.length) problems.push('--dry-run sends nothing and records nothing: leave out --resolve');
  if (options.result !== undefined && !['.csv', '.json'].includes(extname(options.result).toLowerCase()))
    problems.push(`--result: ${options.result} must end in .csv or .json (the format follows the extension)`);
  if (problems.length === 1) throw new UsageError(problems[0]);
  if (problems.length) throw new UsageError(`${problems.length} problems with the options, nothing was sent:`, problems);
  return options.send ? 'send' : options.draft ? 'draft' : undefined;
}

/**
 * The batch's identity: the file's absolute path (an edited file finds its own journal, and its
 * edited records are refused), or for stdin a digest of the content.
 */
function batchIdentity(file: string, bytes: Uint8Array): string {
  return file === '-' ? `stdin-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}` : resolve(file);
}

function parseFile(bytes: Uint8Array, source: string, context: Context): BatchFile {
  try {
    const dialect = context.globals.csvDialect;
    if (dialect !== undefined && dialect !== 'rfc' && dialect !== 'it') throw new UsageError(`--csv-dialect: unknown dialect '${dialect}'; use rfc or it`);
    return parseBatch(decodeUtf8(bytes), { dialect });
  } catch (error) {
    if (error instanceof BatchFileError) throw new UsageError(t`${source} ${error.text}; nothing was sent`, error.hints);
    throw error;
  }
}

export async function run(args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(BATCH_FLAGS, raw);
  const [file] = args;
  const mode = checkOptions(options);
  const resolutions = parseResolve(options.resolve ?? []);
  if (!options.status && !options.dryRun && mode === undefined && resolutions.length === 0) {
    throw new UsageError('say what to do with the invoices: --draft (drafts, not sent) or --send (transmit to the SDI, irreversible)', [
      '--dry-run shows every request body without sending; --status shows what the journal recorded',
    ]);
  }
  if (options.result !== undefined) await assertWritableFile(options.result, '--result');
  const bytes = await readSource(file, context);
  const source = file === '-' ? 'stdin' : file;
  const batch = parseFile(bytes, source, context);
  const identity = batchIdentity(file, bytes);

  if (options.status) return printStatus(context, batch, identity);

  const today = todayIn();
  const problems: BatchProblem[] = [...batch.problems];
  const prepared: { record: BatchRecord; prepared: NonNullable<ReturnType<typeof prepareRecord>> }[] = [];
  for (const record of batch.records) {
    const p = prepareRecord(record, mode ?? 'draft', today, problems);
    if (p) prepared.push({ record, prepared: p });
  }
  const client = await context.client();
  const { tokenScope } = await import('../../portfolio/token-kind.js');
  const { checked } = await checkWithService(client, prepared, mode ?? 'draft', problems, await tokenScope(context));
  problems.sort((a, b) => a.line - b.line);
  const invalidRefs = new Set(problems.map((p) => p.ref).filter((r): r is string => r !== undefined));
  const valid = checked.filter((c) => !invalidRefs.has(c.record.ref));
  if (problems.length) {
    const lines = problems.map(formatProblem);
    if (!options.skipInvalid || valid.length === 0) {
      throw new UsageError(
        `${source}: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${invalidCount(batch, problems)} record${invalidCount(batch, problems) === 1 ? '' : 's'}; nothing was sent:`,
        [
          ...lines,
          ...(options.skipInvalid ? ['no valid record is left to send'] : ['fix them, or pass --skip-invalid to send the valid records and list the others']),
        ],
      );
    }
    context.output.warn(`${invalidCount(batch, problems)} invalid record(s) left out (--skip-invalid):`);
    for (const line of lines) context.output.info(`  ${line}`);
  }

  const target = await journalOwner(context);
  showPreview(context, valid, target, mode);

  if (options.dryRun) {
    const totals = totalsByCompany(valid.map((c) => ({ account: c.companyId, company: c.company, totals: c.prepared.totals })));
    context.output.data(
      `${writeJson(
        {
          records: valid.map((c) => ({
            ref: c.record.ref,
            account: c.companyId,
            endpoint: c.prepared.endpoint,
            body: c.prepared.body,
            totals: c.prepared.totals,
            warnings: c.prepared.warnings.map(String),
          })),
          totals: { companies: totals, all: grandTotal(totals) },
        },
        2,
      )}\n`,
    );
    context.output.info(`dry run: ${valid.length} invoice${valid.length === 1 ? '' : 's'} checked, nothing was sent`);
    return;
  }

  const path = journalPath(dataDir(context.env), 'batch', [target.key, identity]);
  const journal = await openJournal(context, path, { kind: 'batch', id: identity, profile: target.key }, options);
  try {
    for (const { ref, outcome } of resolutions) {
      const entry = journal.get(ref);
      if (!entry) throw new UsageError(`--resolve ${ref}: the journal of this batch has no record ${ref}`, [`see fisco invoice batch ${file} --status`]);
      if (entry.state !== 'sending' && entry.state !== 'unknown')
        throw new UsageError(`--resolve ${ref}: its outcome is known (${entry.state}); only a record in flight or unknown is settled by hand`);
      await resolveEntry(journal, ref, outcome);
      context.output.success(
        `${ref} recorded as ${outcome.state === 'done' ? `created (id ${String(outcome.result.id)})` : 'absent (not created; a run sends it again)'}`,
      );
    }
    if (mode === undefined) {
      context.output.info(`run the same command with --draft or --send to continue the batch`);
      return;
    }
    const steps: BatchStep[] = valid.map((c) => ({ key: c.record.ref, hash: hashOf(c), item: c }));
    const pending = steps.filter((s) => journal.get(s.key)?.state !== 'done');
    if (mode === 'send' && pending.length > 0) await confirmSend(context, pending.length);

    const progress = (index: number, total: number, step: BatchStep) =>
      context.progress(safeLine(context.redactor.redact(`${index + 1}/${total} · ${step.item.company} · ref ${step.key}`)));
    const hooks = batchHooks({ client, journal, steps, onProgress: progress, onFound: (line) => context.output.info(safeLine(line)) });
    const outcome = await runJournaled(journal, steps, hooks, runOptions(context, options, journal));
    context.progressDone();
    await finish(context, { batch, valid, problems, outcome, journal, options, mode, file });
  } finally {
    await journal.close();
  }
}

function invalidCount(batch: BatchFile, problems: BatchProblem[]): number {
  return new Set(problems.map((p) => p.ref ?? `line ${p.line}`)).size || batch.invalid.length;
}

/** sha256 of what is sent for the record: its company, endpoint and exact body. */
function hashOf(c: CheckedRecord): string {
  return createHash('sha256')
    .update(writeJson({ account: c.companyId, endpoint: c.prepared.endpoint, body: c.prepared.body }))
    .digest('hex');
}

function showPreview(context: Context, valid: CheckedRecord[], target: { environment: string; baseUrl: string }, mode: Mode | undefined): void {
  const companies = totalsByCompany(valid.map((c) => ({ account: c.companyId, company: c.company, totals: c.prepared.totals })));
  const all = grandTotal(companies);
  const row = (name: string, t: { count: number; taxable: string; vat: string; total: string }) =>
    `  ${name.padEnd(42)} ${String(t.count).padStart(5)}  ${formatEuro(t.taxable).padStart(16)}  ${formatEuro(t.vat).padStart(14)}  ${formatEuro(t.total).padStart(16)}`;
  const lines = [
    `Batch preview — ${target.environment} (${target.baseUrl})`,
    `  ${'Company'.padEnd(42)} ${'Count'.padStart(5)}  ${'Taxable'.padStart(16)}  ${'VAT'.padStart(14)}  ${'Total'.padStart(16)}`,
    ...companies.map((c) => row(`${c.name} (${c.account})`, c)),
    ...(companies.length > 1 ? [row('All', all)] : []),
    mode === 'send'
      ? `Action      SEND ${all.count} invoice${all.count === 1 ? '' : 's'} to the SDI (irreversible) — ${target.environment}`
      : mode === 'draft'
        ? `Action      create ${all.count} DRAFT${all.count === 1 ? '' : 's'} (not sent to the SDI)`
        : 'Action      none (dry run)',
  ];
  context.output.info(lines.join('\n'));
  for (const w of aggregateWarnings(valid.map((c) => ({ ref: c.record.ref, warnings: c.prepared.warnings })))) context.output.warn(w);
}

/** A send is confirmed by --yes, or on a terminal by typing the count back (`send 143`); default No. */
async function confirmSend(context: Context, count: number): Promise<void> {
  if (context.globals.yes) return;
  if (!context.canPrompt) {
    throw new NotConfirmedError('not sent: --send without a terminal needs --yes to transmit to the SDI', [
      'nothing was sent; add --yes to confirm, or use --draft',
    ]);
  }
  const expected = `send ${count}`;
  const answer = await context.prompter.input({
    message: `Type "${expected}" to transmit ${count === 1 ? 'it' : 'them'} (irreversible; anything else cancels):`,
    flag: '--yes',
  });
  if (answer.trim() !== expected) throw new NotConfirmedError(`not sent: the answer was not "${expected}"; nothing was sent`);
}

interface Finish {
  batch: BatchFile;
  valid: CheckedRecord[];
  problems: BatchProblem[];
  outcome: RunResult;
  journal: Journal;
  options: Options;
  mode: Mode;
  file: string;
}

function rowOf(c: CheckedRecord, entry: JournalEntry | undefined, outcome: RunResult): ResultRow {
  const r = rowOfUnordered(c, entry, outcome);
  return { ref: r.ref, account: r.account, id: r.id, url: r.url, status: r.status, message: r.message };
}

function rowOfUnordered(c: CheckedRecord, entry: JournalEntry | undefined, outcome: RunResult): ResultRow {
  const base = { ref: c.record.ref, account: c.companyId, id: null, url: null, message: null };
  if (outcome.changed.includes(c.record.ref)) {
    return {
      ...base,
      id: idOf(entry),
      url: urlOf(entry),
      status: 'changed',
      message: `edited since it was created as id ${idOf(entry)}: not sent again (the journal keeps the first version)`,
    };
  }
  const waiting = outcome.waiting.find((w) => w.key === c.record.ref);
  if (waiting) {
    return {
      ...base,
      status: 'waiting',
      message: `its earlier request may still reach the service: sent again only after ${new Date(waiting.until).toISOString()}, if it has not arrived`,
    };
  }
  if (!entry) return { ...base, status: 'not sent', message: null };
  switch (entry.state) {
    case 'done':
      return {
        ...base,
        id: idOf(entry),
        url: urlOf(entry),
        status: 'created',
        message: entry.result?.reconciled ? (entry.message ?? 'found by the lookup after an unknown outcome') : null,
      };
    case 'refused':
      return { ...base, status: 'refused', message: entry.message ?? null };
    case 'sending':
    case 'unknown':
      return { ...base, status: 'unknown', message: entry.message ?? 'in flight when the run stopped' };
    default:
      return { ...base, status: 'not sent', message: entry.message ?? null };
  }
}

const idOf = (e: JournalEntry | undefined) => (e?.result?.id === undefined ? null : String(e.result.id));
const urlOf = (e: JournalEntry | undefined) => (typeof e?.result?.url === 'string' ? e.result.url : null);

async function finish(context: Context, f: Finish): Promise<void> {
  const { outcome, options } = f;
  const rows: ResultRow[] = f.valid.map((c) => rowOf(c, outcome.entries.get(c.record.ref) ?? f.journal.get(c.record.ref), outcome));
  const invalid = new Map<string, { line: number; messages: string[] }>();
  for (const p of f.problems) {
    const key = p.ref ?? `line ${p.line}`;
    const item = invalid.get(key) ?? { line: p.line, messages: [] };
    item.messages.push(String(formatProblem(p)));
    invalid.set(key, item);
  }
  for (const [ref, item] of invalid) rows.push({ ref, account: null, id: null, url: null, status: 'invalid', message: item.messages.join('; ') });

  const count = (s: ResultStatus) => rows.filter((r) => r.status === s).length;
  const createdNow = outcome.sentNow.length;
  const created = count('created');
  const summary = [
    `${created} of ${rows.length} created${f.mode === 'send' ? ' and sent to the SDI' : ' as drafts'}`,
    createdNow !== created
      ? `${createdNow} now, ${created - createdNow} by an earlier run${outcome.found.length ? ` (${outcome.found.length} found on the service by the lookup)` : ''}`
      : '',
    count('refused') ? `${count('refused')} refused` : '',
    count('changed') ? `${count('changed')} edited since created (refused)` : '',
    count('unknown') ? `${count('unknown')} unknown` : '',
    count('waiting') ? `${count('waiting')} waiting` : '',
    count('invalid') ? `${count('invalid')} invalid` : '',
    count('not sent') ? `${count('not sent')} not sent` : '',
  ]
    .filter(Boolean)
    .join(', ');

  let writeFailure: FiscoError | undefined;
  if (options.result !== undefined) {
    try {
      await writeFileAtomic(options.result, renderResult(options.result, rows, context));
    } catch (error) {
      writeFailure = new LocalWriteError(
        `--result ${options.result}: cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); ${summary}`,
        [`the journal is exact: fisco invoice batch ${f.file} --status shows every record`],
      );
    }
  }
  await context.output.list(rows, resultView);

  if (outcome.interrupted) throw interruptedError(outcome.interrupted, summary);
  if (outcome.unresolved.length) {
    const lines = outcome.unresolved.map((ref) => `${ref}: ${f.journal.get(ref)?.message ?? 'outcome unknown'}`);
    throw new OutcomeUnknownError(
      `${summary}; stopped: ${outcome.unresolved.length} record${outcome.unresolved.length === 1 ? '' : 's'} may or may not have been created`,
      [
        ...lines,
        'Check them on the service (fisco invoice list --updated-since …, or the web application), then settle each and run again:',
        ...outcome.unresolved.map((ref) => `  fisco invoice batch ${f.file} --resolve ${ref}=created:ID   (or --resolve ${ref}=absent)`),
      ],
    );
  }
  if (outcome.waiting.length) {
    const error = waitingError(outcome.waiting, (ref) => ref, `fisco invoice batch ${f.file} --${f.mode}`);
    error.message = `${summary}; ${error.message}`;
    throw error;
  }
  if (writeFailure) throw writeFailure;
  const failed = rows.length - created;
  if (failed === 0) {
    context.output.success(summary);
    return;
  }
  const hints = [
    ...(count('not sent') ? ['run the same command again to send what was not sent'] : []),
    ...(count('changed') ? ['an edited record that was already created is never sent again: give it a new ref to create a second invoice'] : []),
  ];
  if (created === 0 && count('refused') === failed) throw new FiscoError(`${summary}`, ExitCode.rejected, hints);
  throw new PartialError(summary, hints);
}

function renderResult(path: string, rows: ResultRow[], context: Context): string {
  if (extname(path).toLowerCase() === '.json') return `${JSON.stringify(rows, null, 2)}\n`;
  // The same CSV as -o csv: RFC 4180, or the Italian dialect with --csv-dialect it.
  let text = '';
  const writer = new CsvWriter((chunk) => (text += chunk), context.globals.csvDialect === 'it' ? 'it' : 'rfc', [...RESULT_FIELDS], new Set());
  for (const row of rows) writer.row(row as unknown as Record<string, unknown>);
  writer.end();
  return text;
}

async function printStatus(context: Context, batch: BatchFile, identity: string): Promise<void> {
  const target = await journalOwner(context);
  const path = journalPath(dataDir(context.env), 'batch', [target.key, identity]);
  // Read only: no lock, nothing written or cut, whatever state the journal is in.
  const journal = readJournal(path, { kind: 'batch', id: identity, profile: target.key });
  if (!journal) {
    context.output.info('no journal for this batch yet: nothing was sent');
    await context.output.list(
      batch.records.map((r) => ({ ref: r.ref, account: r.account ?? null, state: 'planned', id: null, url: null, at: null, message: null })),
      statusView,
    );
    return;
  }
  const rows = batch.records.map((r) => {
    const e = journal.get(r.ref);
    return {
      ref: r.ref,
      account: r.account ?? null,
      state: e ? (e.state === 'done' ? 'created' : e.state) : 'planned',
      id: idOf(e),
      url: urlOf(e),
      at: e?.at ?? null,
      message: e?.message ?? null,
    };
  });
  const inFile = new Set(batch.records.map((r) => r.ref));
  for (const e of journal.entries()) {
    if (!inFile.has(e.key))
      rows.push({
        ref: e.key,
        account: null,
        state: e.state === 'done' ? 'created' : e.state,
        id: idOf(e),
        url: urlOf(e),
        at: e.at,
        message: e.message ?? 'no longer in the file',
      });
  }
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.state, (counts.get(r.state) ?? 0) + 1);
  context.output.info(`journal ${path}: ${[...counts].map(([s, n]) => `${n} ${s}`).join(', ')}`);
  if (journal.unchained) context.output.warn('this journal was written by an earlier fisco, without the chain that shows damage: shown as it is');
  await context.output.list(rows, statusView);
  if (journal.damage) {
    throw new JournalDamagedError(path, journal.damage);
  }
}

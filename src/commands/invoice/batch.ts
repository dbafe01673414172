/**
 * `fisco invoice batch FILE|-`: one invoice per record of a CSV or NDJSON file, each transmitted
 * exactly once, through the one crash-safe journal (src/journal/). Everything is checked before
 * anything is sent; one preview and one confirmation; then one POST at a time within the token's
 * pacing, each announced in the journal before it leaves. A re-run continues where the last one
 * stopped and settles what was in flight with the reconciliation lookup of `invoice create`; with
 * nothing left to send it says so and asks nothing. After the sends, one pass over the invoice list
 * reads the number the service assigned to each invoice (batch/numbers.ts).
 */
import { draftNextStep } from '../../invoice/draft.js';
import { createHash } from 'node:crypto';
import { readInputFile } from '../../io/input-file.js';
import { readStdinBytes } from '../../io/stdin.js';
import { extname, resolve } from 'node:path';
import { ExitCode, FiscoError, LocalWriteError, NotConfirmedError, OutcomeUnknownError, PartialError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { todayIn } from '../../domain/dates.js';
import { writeJson } from '../../domain/json-number.js';
import { formatEuro } from '../../domain/money.js';
import { BatchFileError, decodeUtf8, formatProblem, parseBatch, type BatchFile, type BatchProblem, type BatchRecord } from '../../invoice/batch-records.js';
import { aggregateWarnings, grandTotal, totalsByCompany } from '../../invoice/batch-summary.js';
import { assertWritableFile } from '../../io/paths.js';
import { JournalDamagedError, readJournal, type Journal, type JournalHeader } from '../../journal/journal.js';
import { interruptedError, resolveEntry, type RunResult } from '../../journal/run.js';
import { entryWords, stateWord } from '../../journal/words.js';
import { runJob, type Confirmation, type Ending, type PartRun } from '../job.js';
import { journalOwner, waitingError } from '../journaled.js';
import { safeLine } from '../../output/safe-text.js';
import type { BATCH_FLAGS } from './flags.js';
import { checkWithService, prepareRecord, type CheckedRecord } from '../../invoice/batch-check.js';
import { batchHooks, type BatchStep } from '../../invoice/batch-sends.js';
import { checkOrigin, originDecision } from '../../invoice/batch-origin.js';
import type { NumbersRead } from '../../invoice/batch-numbers.js';
import {
  dryRunRow,
  dryRunView,
  numberNotes,
  renderResult,
  resultView,
  rowOf,
  statusRow,
  statusView,
  type ResultRow,
  type ResultStatus,
} from './batch-result.js';
import type { Mode } from './guard.js';
import { t, enumValue, joined, verbatim, type Message, type Text } from '../../i18n/message.js';

type Options = FlagValues<typeof BATCH_FLAGS>;

/** Where the journal of one batch file (by its identity) under one journal owner is: the one place run and --status name it. */
function batchJournal(owner: string, identity: string): { kind: 'batch'; parts: string[]; header: JournalHeader } {
  return { kind: 'batch', parts: [owner, identity], header: { kind: 'batch', id: identity, profile: owner } };
}

/** The file's bytes: a path, or `-` for stdin. A file that cannot be read is one line naming it. */
async function readSource(file: string, factory: Factory): Promise<Uint8Array> {
  if (file === '-') return readStdinBytes(factory.io.stdin);
  return readInputFile(file, file, t`give the path of a CSV or NDJSON batch file, or - to read it from stdin`);
}

/** `REF=created:ID` or `REF=absent`, split at the last `=`. */
export function parseResolve(values: readonly string[]): { ref: string; outcome: { state: 'done'; result: Record<string, unknown> } | { state: 'absent' } }[] {
  const problems: Message[] = [];
  const out: ReturnType<typeof parseResolve> = [];
  for (const value of values) {
    const at = value.lastIndexOf('=');
    const ref = at > 0 ? value.slice(0, at) : '';
    const outcome = at > 0 ? value.slice(at + 1).trim() : '';
    const created = /^created:(\S+)$/.exec(outcome);
    if (ref && created) out.push({ ref, outcome: { state: 'done', result: { id: created[1], url: null, resolvedByHand: true } } });
    else if (ref && outcome === 'absent') out.push({ ref, outcome: { state: 'absent' } });
    else problems.push(t`--resolve: '${value}' must be REF=created:ID (it was created, with that id) or REF=absent (it was not created)`);
  }
  if (problems.length === 1) throw new UsageError(problems[0]!);
  if (problems.length) throw new UsageError(t`${problems.length} problems with --resolve, nothing was sent:`, problems);
  return out;
}

function checkOptions(options: Options): Mode | undefined {
  const problems: Message[] = [];
  if (options.draft && options.send) problems.push(t`--draft and --send exclude each other`);
  if (options.status && (options.draft || options.send || options.dryRun || options.resolve?.length))
    problems.push(t`--status only prints the journal: leave out --draft, --send, --dry-run and --resolve`);
  if (options.newBatch && options.rebuildFromService) problems.push(t`--new-batch and --rebuild-from-service exclude each other`);
  if (options.dryRun && options.resolve?.length) problems.push(t`--dry-run sends nothing and records nothing: leave out --resolve`);
  if (options.result !== undefined && !['.csv', '.json'].includes(extname(options.result).toLowerCase()))
    problems.push(t`--result: ${options.result} must end in .csv or .json (the format follows the extension)`);
  if (problems.length === 1) throw new UsageError(problems[0]!);
  if (problems.length) throw new UsageError(t`${problems.length} problems with the options, nothing was sent:`, problems);
  return options.send ? 'send' : options.draft ? 'draft' : undefined;
}

/**
 * The batch's identity: the file's absolute path (an edited file finds its own journal, and its
 * edited records are refused), or for stdin a digest of the content.
 */
function batchIdentity(file: string, bytes: Uint8Array): string {
  return file === '-' ? `stdin-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}` : resolve(file);
}

function parseFile(bytes: Uint8Array, source: string, factory: Factory): BatchFile {
  try {
    const dialect = factory.globals.csvDialect;
    if (dialect !== undefined && dialect !== 'rfc' && dialect !== 'it') throw new UsageError(t`--csv-dialect: unknown dialect '${dialect}'; use rfc or it`);
    return parseBatch(decodeUtf8(bytes), { dialect });
  } catch (error) {
    if (error instanceof BatchFileError) throw new UsageError(t`${source} ${error.text}; nothing was sent`, error.hints);
    throw error;
  }
}

export async function run(args: string[], options: FlagValues<typeof BATCH_FLAGS>, factory: Factory): Promise<void> {
  const [file] = args;
  const mode = checkOptions(options);
  const resolutions = parseResolve(options.resolve ?? []);
  if (!options.status && !options.dryRun && mode === undefined && resolutions.length === 0) {
    throw new UsageError(t`say what to do with the invoices: --draft (drafts, not sent) or --send (transmit to the SDI, irreversible)`, [
      t`--dry-run shows every invoice and its totals without sending; --status shows what the journal recorded`,
    ]);
  }
  if (options.result !== undefined) await assertWritableFile(options.result, '--result');
  const bytes = await readSource(file, factory);
  const source = file === '-' ? 'stdin' : file;
  const batch = parseFile(bytes, source, factory);
  const identity = batchIdentity(file, bytes);

  if (options.status) return printStatus(factory, batch, identity);

  const { valid, problems } = await checkRecords(factory, batch, source, mode, Boolean(options.skipInvalid));
  const target = await journalOwner(factory);
  if (options.dryRun) {
    showPreview(factory, valid, target, undefined);
    return printDryRun(factory, valid);
  }
  const where = batchJournal(target.key, identity);
  const sending: Sending = { batch, valid, problems, options, mode, file, target };
  await runJob<CheckedRecord>(factory, {
    wait: options.wait,
    parts: [
      {
        journal: { ...where, rebuildFromService: options.rebuildFromService },
        async begin(journal) {
          await applyResolutions(factory, journal, resolutions, file);
          if (sending.mode !== undefined) return batchRun(factory, sending, journal);
          factory.output.info(t`run the same command with --draft or --send to continue the batch`);
          return undefined;
        },
        progress: (index, total, step) =>
          t`${index + 1}/${total} · ${verbatim(safeLine(factory.redactor.redact(step.item.company)))} · ref ${verbatim(safeLine(step.key))}`,
      },
    ],
    end: async ([part]) => ending(factory, { ...sending, mode: sending.mode!, journal: part!.journal, outcome: part!.result, numbers: sending.numbers }),
  });
}

/** A problem's field without its item index and prefix (`articoli[2].prezzo` → `prezzo`): the same field named by the reading and by the rules. */
function fieldRoot(field: string): string {
  return field.replace(/^.*[.\]]/, '').toLowerCase();
}

/** The file's records against the rules of invoice create and the service's lists: every problem at once (exit 2), or left out with --skip-invalid. */
async function checkRecords(
  factory: Factory,
  batch: BatchFile,
  source: string,
  mode: Mode | undefined,
  skipInvalid: boolean,
): Promise<{ valid: CheckedRecord[]; problems: BatchProblem[] }> {
  const today = todayIn();
  const problems: BatchProblem[] = [...batch.problems];
  // One pass: every record meets every rule, the service's lists included, whatever failed before it.
  const items: { record: BatchRecord; prepared?: NonNullable<ReturnType<typeof prepareRecord>> }[] = [];
  for (const record of batch.records) items.push({ record, prepared: prepareRecord(record, mode ?? 'draft', today, problems) });
  for (const record of batch.unfinished ?? []) {
    // A record the file's reading already faulted: the other rules' problems, none twice for one field.
    const more: BatchProblem[] = [];
    prepareRecord(record, mode ?? 'draft', today, more);
    const said = new Set(problems.filter((p) => p.ref === record.ref).map((p) => fieldRoot(p.field)));
    problems.push(...more.filter((p) => !said.has(fieldRoot(p.field))));
    items.push({ record });
  }
  const client = await factory.client();
  const { tokenScope } = await import('../../portfolio/token-kind.js');
  const { checked } = await checkWithService(client, items, mode ?? 'draft', problems, await tokenScope(factory));
  problems.sort((a, b) => a.line - b.line);
  const invalidRefs = new Set(problems.map((p) => p.ref).filter((r): r is string => r !== undefined));
  const valid = checked.filter((c) => !invalidRefs.has(c.record.ref));
  if (problems.length) {
    const lines = problems.map(formatProblem);
    const records = invalidCount(batch, problems);
    if (!skipInvalid || valid.length === 0) {
      throw new UsageError(
        problems.length === 1
          ? t`${source}: 1 problem in 1 record; nothing was sent:`
          : records === 1
            ? t`${source}: ${problems.length} problems in 1 record; nothing was sent:`
            : t`${source}: ${problems.length} problems in ${records} records; nothing was sent:`,
        [...lines, skipInvalid ? t`no valid record is left to send` : t`fix them, or pass --skip-invalid to send the valid records and list the others`],
      );
    }
    factory.output.warn(t`${records} invalid record(s) left out (--skip-invalid):`);
    for (const line of lines) factory.output.info(joined(['', line], '  '));
  }
  return { valid, problems };
}

/**
 * `--dry-run`: nothing is sent and no journal is made. `-o json` (the default off a terminal)
 * writes every request body and the totals; a table (on a terminal), ndjson or csv one row per
 * invoice (ref, company, client, taxable, VAT, total) and, in a table, the total.
 */
async function printDryRun(factory: Factory, valid: CheckedRecord[]): Promise<void> {
  if (factory.output.format === 'json') {
    const totals = totalsByCompany(valid.map((c) => ({ account: c.companyId, company: c.company, totals: c.prepared.totals })));
    const records = valid.map((c) => ({
      ref: c.record.ref,
      account: c.companyId,
      endpoint: c.prepared.endpoint,
      body: c.prepared.body,
      totals: c.prepared.totals,
      warnings: c.prepared.warnings.map(String),
    }));
    factory.output.data(`${writeJson({ records, totals: { companies: totals, all: grandTotal(totals) } }, 2)}\n`);
  } else {
    await factory.output.list(valid.map(dryRunRow), dryRunView);
    factory.output.info(t`-o json writes every request body`);
  }
  factory.output.info(valid.length === 1 ? t`dry run: 1 invoice checked, nothing was sent` : t`dry run: ${valid.length} invoices checked, nothing was sent`);
}

async function applyResolutions(factory: Factory, journal: Journal, resolutions: ReturnType<typeof parseResolve>, file: string): Promise<void> {
  for (const { ref, outcome } of resolutions) {
    const entry = journal.get(ref);
    if (!entry) throw new UsageError(t`--resolve ${ref}: the journal of this batch has no record ${ref}`, [t`see ${`fisco invoice batch ${file} --status`}`]);
    if (entry.state !== 'sending' && entry.state !== 'unknown')
      throw new UsageError(t`--resolve ${ref}: its outcome is known (${stateWord(entry.state)}); only a record in flight or unknown is settled by hand`);
    await resolveEntry(journal, ref, outcome);
    factory.output.success(
      outcome.state === 'done'
        ? t`${ref} recorded as created (id ${String(outcome.result.id)})`
        : t`${ref} recorded as absent (not created; a run sends it again)`,
    );
  }
}

interface Sending {
  batch: BatchFile;
  valid: CheckedRecord[];
  problems: BatchProblem[];
  options: Options;
  mode: Mode | undefined;
  file: string;
  target: { environment: string; baseUrl: string };
  /** The pass that read the numbers, once the sends are over (not when the run was interrupted). */
  numbers?: NumbersRead;
}

/**
 * The batch's part of the job: the preview and the confirmation of what is left to send (a re-run
 * with nothing left says so and asks nothing), the driver's hooks, then the numbers the service assigned.
 */
async function batchRun(factory: Factory, s: Sending, journal: Journal): Promise<PartRun<CheckedRecord>> {
  const steps: BatchStep[] = s.valid.map((c) => ({ key: c.record.ref, hash: hashOf(c), item: c }));
  const client = await factory.client();
  await checkOrigin({ journal, steps, clientFor: (a) => (a ? client.forAccount(a) : client), decision: originDecision(s.options) });
  const pending = steps.filter((step) => journal.get(step.key)?.state !== 'done');
  const settled = steps.length - pending.length;
  if (pending.length === 0) {
    const edited = steps.filter((step) => ![undefined, step.hash].includes(journal.get(step.key)?.hash)).length;
    factory.output.info(nothingLeft(settled, edited));
  } else {
    showPreview(
      factory,
      pending.map((step) => step.item),
      s.target,
      s.mode,
    );
    if (settled > 0) factory.output.info(t`${settled} more created by an earlier run: not sent again`);
  }
  const hooks = batchHooks({ client, journal, steps, onFound: (line) => factory.output.info(line) });
  return {
    steps,
    hooks,
    ...(s.mode === 'send' && pending.length > 0 ? { confirm: sendConfirmation(factory, pending.length) } : {}),
    async after(result) {
      s.numbers = result.interrupted ? undefined : await hooks.readNumbers();
    },
  };
}

/** A re-run with nothing left to send: said, nothing asked. */
function nothingLeft(settled: number, edited: number): Message {
  const one = settled === 1;
  return edited
    ? one
      ? t`nothing left to send: the record of this batch was created by an earlier run (${edited} edited since: never sent again); nothing is asked, nothing is sent again`
      : t`nothing left to send: all ${settled} records of this batch were created by an earlier run (${edited} edited since: never sent again); nothing is asked, nothing is sent again`
    : one
      ? t`nothing left to send: the record of this batch was created by an earlier run; nothing is asked, nothing is sent again`
      : t`nothing left to send: all ${settled} records of this batch were created by an earlier run; nothing is asked, nothing is sent again`;
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

function showPreview(factory: Factory, valid: CheckedRecord[], target: { environment: string; baseUrl: string }, mode: Mode | undefined): void {
  const companies = totalsByCompany(valid.map((c) => ({ account: c.companyId, company: c.company, totals: c.prepared.totals })));
  const all = grandTotal(companies);
  // Each column as wide as its widest cell: the preview fits an 80-column terminal whenever its figures do.
  const say = (text: Text) => factory.io.say(text);
  const cells = [
    [t`Company`, t`Count`, t`Taxable`, t`VAT`, t`Total`].map(say),
    ...[...companies.map((c) => ({ ...c, name: `${c.name} (${c.account})` })), ...(companies.length > 1 ? [{ ...all, name: say(t`All`) }] : [])].map((row) => [
      row.name,
      String(row.count),
      formatEuro(row.taxable),
      formatEuro(row.vat),
      formatEuro(row.total),
    ]),
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const n = all.count;
  const lines: Text[] = [
    t`Batch preview — ${target.environment} (${target.baseUrl})`,
    ...cells.map((r) => `  ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`),
    mode === 'send'
      ? n === 1
        ? t`Action      SEND 1 invoice to the SDI (irreversible) — ${target.environment}`
        : t`Action      SEND ${n} invoices to the SDI (irreversible) — ${target.environment}`
      : mode === 'draft'
        ? n === 1
          ? t`Action      create 1 DRAFT (not sent to the SDI)`
          : t`Action      create ${n} DRAFTs (not sent to the SDI)`
        : t`Action      none (dry run)`,
  ];
  factory.output.info(joined(lines, '\n'));
  for (const w of aggregateWarnings(valid.map((c) => ({ ref: c.record.ref, warnings: c.prepared.warnings })))) factory.output.warn(w);
}

/** A send is confirmed by --yes, or on a terminal by typing the count back (`send 143`); default No. */
function sendConfirmation(factory: Factory, count: number): Confirmation {
  const expected = `send ${count}`;
  return {
    noTerminal: () =>
      new NotConfirmedError(t`not sent: --send without a terminal needs --yes to transmit to the SDI`, [
        t`nothing was sent; add --yes to confirm, or use --draft`,
      ]),
    ask: async () =>
      (
        await factory.io.prompter.input({
          message:
            count === 1
              ? t`Type "${expected}" to transmit it (irreversible; anything else cancels):`
              : t`Type "${expected}" to transmit them (irreversible; anything else cancels):`,
          flag: '--yes',
        })
      ).trim() === expected,
    declined: () => new NotConfirmedError(t`not sent: the answer was not "${expected}"; nothing was sent`),
  };
}

interface Finish extends Sending {
  mode: Mode;
  journal: Journal;
  outcome: RunResult;
  /** The pass that read the numbers (undefined when the run was interrupted before it). */
  numbers?: NumbersRead;
}

/** The result rows: every valid record, then the invalid ones (--skip-invalid). */
function resultRows(factory: Factory, f: Finish): ResultRow[] {
  const notes = numberNotes(f.numbers);
  const rows = f.valid.map((c) => rowOf(c, f.journal.get(c.record.ref), f.outcome, notes, factory.env.TZ));
  const invalid = new Map<string, Text[]>();
  for (const p of f.problems) {
    const key = p.ref ?? `line ${p.line}`;
    invalid.set(key, [...(invalid.get(key) ?? []), formatProblem(p)]);
  }
  for (const [ref, messages] of invalid)
    rows.push({ ref, account: null, id: null, url: null, status: 'invalid', message: joined(messages, '; '), number: null, issue_date: null, total: null });
  return rows;
}

/** A result's status as the summary says it. */
const STATUS_WORDS = {
  refused: () => t`refused`,
  changed: () => t`edited since created (refused)`,
  unknown: () => t`unknown`,
  waiting: () => t`waiting`,
  invalid: () => t`invalid`,
  'not sent': () => t`not sent`,
} as const;

function summaryOf(rows: readonly ResultRow[], f: Finish): Message {
  const count = (s: ResultStatus) => rows.filter((r) => r.status === s).length;
  const { outcome } = f;
  const createdNow = outcome.sentNow.length;
  const created = count('created');
  const found = outcome.found.length;
  const parts: Message[] = [
    f.mode === 'send' ? t`${created} of ${rows.length} created and sent to the SDI` : t`${created} of ${rows.length} created as drafts`,
    ...(createdNow === created
      ? []
      : [
          found
            ? t`${createdNow} now, ${created - createdNow} by an earlier run (${found} found on the service by the lookup)`
            : t`${createdNow} now, ${created - createdNow} by an earlier run`,
        ]),
    ...(['refused', 'changed', 'unknown', 'waiting', 'invalid', 'not sent'] as const).flatMap((s) =>
      count(s) ? [joined([count(s), STATUS_WORDS[s]()], ' ')] : [],
    ),
  ];
  return joined(parts, ', ');
}

/** Says which created invoices have no number yet, and why: they are created all the same (the exit code is the writes'). */
function warnNumbers(factory: Factory, rows: readonly ResultRow[], numbers: NumbersRead | undefined, file: string): void {
  const missing = rows.filter((r) => r.status === 'created' && r.number === null).map((r) => r.ref);
  if (missing.length === 0 || numbers === undefined) return;
  const why = numbers.failed.length ? t`the invoice list could not be read (${numbers.failed[0]!.why})` : t`the invoice list does not show them yet`;
  const names = missing.length > 5 ? t`${missing.slice(0, 5).join(', ')}, … ${missing.length - 5} more` : missing.join(', ');
  const status = `fisco invoice batch ${file} --status`;
  factory.output.warn(
    missing.length === 1
      ? t`the number of 1 created invoice is not known (${names}): ${why}; it is created; run the same command again to read it (nothing is sent twice), or see ${status}`
      : t`the number of ${missing.length} created invoices is not known (${names}): ${why}; they are created; run the same command again to read them (nothing is sent twice), or see ${status}`,
  );
}

/** The batch's ending: the result file and table, the numbers not known yet, and its outcomes in its words. */
function ending(factory: Factory, f: Finish): Ending {
  const { outcome, options } = f;
  const rows = resultRows(factory, f);
  const count = (s: ResultStatus) => rows.filter((r) => r.status === s).length;
  const summary = summaryOf(rows, f);
  const refused = rows.filter((r) => r.status === 'refused');
  const hints = [
    // The service's reasons whole (a narrow table wraps and cuts them).
    ...refused.slice(0, 10).map((r) => joined([r.ref, r.message ?? t`refused`], ': ')),
    ...(refused.length > 10 ? [t`… ${refused.length - 10} more refused: --result FILE or -o json lists every one`] : []),
    ...(count('not sent') ? [t`run the same command again to send what was not sent`] : []),
    ...(count('changed') ? [t`an edited record that was already created is never sent again: give it a new ref to create a second invoice`] : []),
  ];
  const unknown = count('unknown') + count('waiting');
  const path = options.result;
  return {
    ...(path === undefined
      ? {}
      : {
          file: {
            path,
            content: async () => renderResult(path, rows, await factory.output.csvDialect()),
            failed: (error: unknown) =>
              new LocalWriteError(t`--result ${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); ${summary}`, [
                t`the journal is exact: ${`fisco invoice batch ${f.file} --status`} shows every record`,
              ]),
          },
        }),
    table: { rows, view: resultView },
    say() {
      warnNumbers(factory, rows, f.numbers, f.file);
      if (f.mode === 'draft' && count('created') > 0) factory.output.info(draftNextStep());
    },
    tally: {
      done: count('created'),
      refused: rows.length - count('created') - unknown,
      unknown: Math.max(unknown, outcome.unresolved.length + outcome.waiting.length),
      ...(outcome.interrupted ? { interrupted: outcome.interrupted } : {}),
    },
    errors: {
      unknown: () =>
        outcome.unresolved.length
          ? unresolvedError(f, summary)
          : waitingError(outcome.waiting, (ref) => ref, `fisco invoice batch ${f.file} --${f.mode}`, factory.env.TZ).reword((text) =>
              joined([summary, text], '; '),
            ),
      interrupted: () => interruptedError(outcome.interrupted!, summary),
      partial: () => new PartialError(summary, hints),
      refused: () => new FiscoError(summary, ExitCode.rejected, hints),
    },
    success: summary,
  };
}

function unresolvedError(f: Finish, summary: Message): OutcomeUnknownError {
  const { unresolved } = f.outcome;
  const lines = unresolved.map((ref) => joined([ref, entryWords(f.journal.get(ref)) ?? t`outcome unknown`], ': '));
  const n = unresolved.length;
  return new OutcomeUnknownError(
    n === 1 ? t`${summary}; stopped: 1 record may or may not have been created` : t`${summary}; stopped: ${n} records may or may not have been created`,
    [
      ...lines,
      t`Check them on the service (fisco invoice list --updated-since …, or the web application), then settle each and run again:`,
      ...unresolved.map((ref) => t`  ${`fisco invoice batch ${f.file} --resolve ${ref}=created:ID`}   (or ${`--resolve ${ref}=absent`})`),
    ],
  );
}

/**
 * `--status`: the journal as it is (no lock, nothing written), one row per record of the file and
 * per journaled record no longer in it. The company is the one the record went to, else the
 * file's, --account, or a company token's own (as remembered; asked only when needed).
 */
async function printStatus(factory: Factory, batch: BatchFile, identity: string): Promise<void> {
  const target = await journalOwner(factory);
  const where = batchJournal(target.key, identity);
  const path = factory.journalPath(where.kind, where.parts);
  const journal = readJournal(path, where.header);
  const tz = factory.env.TZ;
  const fallback = await statusAccounts(factory, batch);
  if (!journal) {
    factory.output.info(t`no journal for this batch yet: nothing was sent`);
    await factory.output.list(
      batch.records.map((r) => statusRow(r.ref, fallback(r.account), undefined, tz)),
      statusView,
    );
    return;
  }
  const rows = batch.records.map((r) => statusRow(r.ref, fallback(r.account), journal.get(r.ref), tz));
  const inFile = new Set(batch.records.map((r) => r.ref));
  for (const e of journal.entries()) {
    if (!inFile.has(e.key)) rows.push({ ...statusRow(e.key, null, e, tz), message: entryWords(e) ?? t`no longer in the file` });
  }
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(String(r.state), (counts.get(String(r.state)) ?? 0) + 1);
  factory.output.info(
    t`journal ${path}: ${joined(
      [...counts].map(([s, n]) => t`${n} ${enumValue('state', s)}`),
      ', ',
    )}`,
  );
  if (journal.unchained) factory.output.warn(t`this journal was written by an earlier fisco, without the chain that shows damage: shown as it is`);
  await factory.output.list(rows, statusView);
  if (journal.damage) throw new JournalDamagedError(path, journal.damage);
}

/** A record's company for --status when the journal does not say: its own, --account, else a company token's own (GET /v1/me, remembered). */
async function statusAccounts(factory: Factory, batch: BatchFile): Promise<(account: string | undefined) => string | null> {
  const flag = (await factory.credentials()).accountId ?? null;
  let own: string | null = null;
  if (flag === null && batch.records.some((r) => r.account === undefined)) {
    const { tokenScope } = await import('../../portfolio/token-kind.js');
    // Only a name for the rows: a token whose kind cannot be asked now (offline) leaves the column empty.
    own = await tokenScope(factory).then(
      (scope) => scope.own?.id ?? null,
      () => null,
    );
  }
  return (account) => account ?? flag ?? own;
}

import { registeredMovements } from '../../bank/payments.js';
import { legacyRegistered } from '../../bank/legacy.js';
import { hasHistory, noHistoryWarning } from '../../bank/paid-guard.js';
import { createMatcher, type Matcher } from '../../bank/matcher.js';
import { TwoPasses } from '../../bank/passes.js';
import { PLAN_KIND, PLAN_VERSION, planText, type Plan, type PlanCompany, type PlanProposal } from '../../bank/plan.js';
import { StatementError, StatementReader, csvMappingFrom, type CsvMapping } from '../../bank/read/index.js';
import {
  companiesWithIbans,
  normalizeIban,
  companyChoice,
  knownIbans,
  ownerOfIban,
  routeStatements,
  unknownAccount,
  type CompanyIbans,
  type Routed,
} from '../../bank/route.js';
import type { Movement, OpenInvoice, StatementFormat } from '../../bank/types.js';
import type { ApiClient } from '../../api/client.js';
import { FiscoError, UsageError } from '../../errors.js';
import { listInvoices } from '../../api/invoices.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { writeFileAtomic } from '../../io/atomic.js';
import { openInputFile, readInputFile } from '../../io/input-file.js';
import { formatBytes } from '../../io/progress.js';
import { JournalDamagedError, readJournal } from '../../journal/journal.js';
import { companyLabel, type Company } from '../../portfolio/companies.js';
import { tokenCompanies } from '../../portfolio/token-kind.js';
import { applier } from '../journaled.js';
import type { MATCH_FLAGS } from './flags.js';
import { PlanWriter, Tally, UnmatchedWriter, cannotWrite, localWrite } from './match-output.js';
import { bankJournal } from './registration.js';
import { proposalRow, proposalView, withCompany, type ProposalRow } from './view.js';
import { t, joined, type Message, type Text } from '../../i18n/message.js';

type Options = FlagValues<typeof MATCH_FLAGS> & { feeTolerance: string };

/** How much of each statement is read before any request: all of a smaller file, so its every problem is named at once. */
export const FIRST_LOOK_BYTES = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
/** The largest statement read: years of movements of a busy account in the most verbose format. */
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024 * 1024;

/** A statement given on the command line, and what its first look found. */
interface Source {
  /** As given: a path, or - for stdin. */
  arg: string;
  /** As named in messages and movements: the path, or (stdin). */
  file: string;
  /** The first IBAN the statement names (its account, or its first movement's). */
  iban?: string;
  /** Every account IBAN its first look met (a file may hold statements of several accounts). */
  ibans: Set<string>;
  /** stdin's chunks read during the first look, read again by the match (stdin cannot be reopened). */
  replay?: Uint8Array[];
  stdin?: AsyncIterator<Uint8Array>;
}

/** The CSV mapping from the flags and the mapping file, or undefined when none is given. */
async function csvMapping(options: Options): Promise<CsvMapping | undefined> {
  let mappingText: string | undefined;
  if (options.csvMapping !== undefined) {
    mappingText = (
      await readInputFile(options.csvMapping, `--csv-mapping ${options.csvMapping}`, t`give the path of a JSON file naming the columns (docs/bank.md)`)
    ).toString('utf8');
  }
  const flags = {
    date: options.csvDate,
    valueDate: options.csvValueDate,
    amount: options.csvAmount,
    credit: options.csvCredit,
    debit: options.csvDebit,
    description: options.csvDescription,
    counterpart: options.csvCounterpart,
    reference: options.csvReference,
    reversal: options.csvReversal,
  };
  // A mapping only when one is given: the other formats need none, and a CSV without one is told what to pass.
  return mappingText !== undefined || Object.values(flags).some((v) => v !== undefined)
    ? csvMappingFrom(flags, mappingText === undefined ? undefined : { path: options.csvMapping!, text: mappingText })
    : undefined;
}

function chunksOf(stream: NodeJS.ReadableStream): AsyncIterator<Uint8Array> {
  return (stream as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
}

/** A statement's chunks: the file (or stdin: what the first look kept, then the rest). */
async function* chunksOfSource(source: Source, limit = Infinity): AsyncGenerator<Uint8Array> {
  if (source.arg !== '-') {
    const { handle } = await openInputFile(
      source.arg,
      source.file,
      t`give a statement file (camt.053, camt.054, CBI XML, CBI RH, MT940 or CSV), or - to read stdin`,
      MAX_STATEMENT_BYTES,
    );
    // The stream closes the handle when it ends or fails; a bound past the file's size ends the read at the bound all the same.
    const stream = handle.createReadStream({ highWaterMark: CHUNK_BYTES, start: 0, end: Math.min(limit, MAX_STATEMENT_BYTES + 1) - 1 });
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
    return;
  }
  let read = 0;
  const replay = source.replay ?? [];
  if (limit === Infinity) source.replay = undefined; // read once more, then let go
  for (const chunk of replay) {
    read += chunk.length;
    yield chunk;
  }
  while (read < limit) {
    const next = await source.stdin!.next();
    if (next.done) return;
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    read += chunk.length;
    if (limit !== Infinity) (source.replay ??= []).push(chunk);
    yield chunk;
  }
}

/**
 * The first look, before any request: each statement's first FIRST_LOOK_BYTES read (a smaller file
 * whole) for its format, its account IBAN and every problem there; every problem of every file at
 * once (exit 2, nothing sent). A problem further into a larger file is found by the match itself.
 */
async function firstLook(files: string[], csv: CsvMapping | undefined, factory: Factory): Promise<Source[]> {
  if (files.length === 0) throw new UsageError(t`give at least one statement file (camt.053, camt.054, CBI XML, CBI RH, MT940 or CSV); - reads stdin`);
  if (files.filter((f) => f === '-').length > 1) throw new UsageError(t`- (stdin) can be given only once`);
  const sources: Source[] = [];
  const problems: { message: Text; hints: Text[] }[] = [];
  for (const arg of files) {
    const source: Source = { arg, file: arg === '-' ? '(stdin)' : arg, ibans: new Set() };
    const seen = (movements: Movement[]) => {
      for (const m of movements) {
        source.iban ??= m.accountIban;
        if (m.accountIban) source.ibans.add(m.accountIban);
      }
    };
    if (arg === '-') source.stdin = chunksOf(factory.io.stdin);
    const reader = new StatementReader(source.file, { csv });
    let bytes = 0;
    try {
      for await (const chunk of chunksOfSource(source, FIRST_LOOK_BYTES)) {
        bytes += chunk.length;
        seen(reader.push(chunk));
        source.iban ??= reader.accountIban;
      }
      if (bytes < FIRST_LOOK_BYTES) seen(reader.end());
      source.iban ??= reader.accountIban;
      sources.push(source);
    } catch (error) {
      if (error instanceof FiscoError && error.exitCode === 2) problems.push({ message: error.text, hints: error.hints });
      else if (error instanceof Error && 'code' in error && !(error instanceof FiscoError))
        problems.push({ message: t`${source.file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`, hints: [] });
      else throw error;
    }
  }
  if (problems.length === 1) throw new UsageError(t`${problems[0]!.message}; nothing was sent`, problems[0]!.hints);
  if (problems.length > 1)
    throw new UsageError(
      t`${problems.length} statements cannot be read; nothing was sent:`,
      problems.map((p) => joined([p.message, ...p.hints], ' ')),
    );
  return sources;
}

/** An Invoice list item as the matcher sees it. */
export async function openInvoices(client: ApiClient): Promise<OpenInvoice[]> {
  const out: OpenInvoice[] = [];
  for await (const invoice of listInvoices(client, { direction: 'outbound', payment_status: ['unpaid', 'partial'] }, { all: true })) {
    if (!invoice.uuid) continue;
    out.push({
      id: invoice.id,
      uuid: invoice.uuid,
      number: invoice.number,
      issueDate: invoice.issue_date,
      counterpartName: invoice.counterpart?.name ?? undefined,
      counterpartVat: invoice.counterpart?.vat_number ?? undefined,
      totalAmount: invoice.total_amount,
      amountDue: invoice.amount_due ?? invoice.total_amount,
      dueDate: invoice.due_date ?? undefined,
    });
  }
  return out;
}

/**
 * What the company's bank journal says was registered, read only (no lock, nothing written or cut):
 * by the movement's key, or (journals of the version before issue 27) by the key that version gave
 * it on the same day. A damaged journal is exit 2: a plan made from it could propose a credit again.
 */
async function registeredFromJournal(factory: Factory, profile: string, account: string): Promise<(movement: Movement) => Text | undefined> {
  const where = bankJournal(profile, account);
  const path = factory.journalPath(where.kind, where.parts);
  const journal = readJournal(path, { kind: 'bank', id: account, profile, account });
  if (!journal?.damage && !hasHistory(journal?.entries())) factory.output.warn(noHistoryWarning(account, path));
  if (!journal) return () => undefined;
  if (journal.damage) {
    const error = new JournalDamagedError(path, journal.damage);
    error.hints.splice(0, error.hints.length, t`Rebuild it first with the plan last applied: fisco bank apply PLAN --rebuild-from-service, then match again.`);
    throw error;
  }
  const entries = journal.entries();
  const byKey = registeredMovements(entries);
  const legacy = legacyRegistered(entries);
  return (movement) => byKey.get(movement.key) ?? legacy(movement);
}

/** The reviewed plan, written whole: any failure (the atomic writer's own included) names the flag. */
async function writeLocal(path: string, text: string, flag: string): Promise<void> {
  try {
    await writeFileAtomic(path, text);
  } catch (error) {
    throw cannotWrite(flag, path, error);
  }
}

/** One company of the run: its open invoices indexed by the matcher, the credits seen (overlapping statements match once). */
interface CompanyRun {
  company: Company;
  client: ApiClient;
  invoices: OpenInvoice[];
  matcher: Matcher;
  /** Movement key -> the file it was first read in. */
  seen: Map<string, string>;
}

/** Everything one run of bank match knows once the statements are routed, before the first pass. */
interface MatchRun {
  factory: Factory;
  options: Options;
  /** The company the run names (--account, FISCO_ACCOUNT, the profile's default): every statement is its. */
  account: string | undefined;
  csv: CsvMapping | undefined;
  sources: Source[];
  client: ApiClient;
  here: { profile: string; baseUrl: string };
  table: CompanyIbans[];
  routed: Routed;
  runs: Map<string, CompanyRun>;
  passes: TwoPasses;
  statements: Plan['statements'];
  /** Later file + earlier file -> how many movements of the later one the earlier one held. */
  overlaps: Map<string, number>;
  /** Booking dates taken from the value date or the statement's date. */
  dated: number;
}

/** The statements' companies, as the IBANs of their first look say (exit 2 naming every account no company has). */
async function route(factory: Factory, sources: Source[], client: ApiClient, account: string | undefined): Promise<{ table: CompanyIbans[]; routed: Routed }> {
  // Which companies the token acts on: the one rule (GET /v1/me), as every command asks it.
  const managed = await tokenCompanies(factory);
  // With --account, that company's IBANs first (every request names it); the others' only for an
  // account that is not its, to name the company a refused statement belongs to.
  let table: CompanyIbans[];
  if (account !== undefined) {
    const named = managed.filter((c) => c.id === account);
    table = await companiesWithIbans(client, named);
    const ibans = sources.flatMap((s) => [...new Set([...(s.iban ? [s.iban] : []), ...s.ibans])].map((iban) => ({ file: s.file, iban })));
    if (named.length > 0 && ibans.some(({ iban }) => !ownerOfIban(table, iban)))
      table = [
        ...table,
        ...(await companiesWithIbans(
          client,
          managed.filter((c) => c.id !== account),
        )),
      ];
    // A company the token does not manage is refused below (routeStatements), naming where it came from.
    const said = new Set<string>();
    const foreign =
      named.length === 0
        ? []
        : ibans.flatMap(({ file, iban }) => {
            const check = accountCheck(factory, table, account, said, file, iban);
            return check ? [check] : [];
          });
    if (foreign.length > 0) throw foreignAccounts(foreign, account);
  } else table = await companiesWithIbans(client, managed);
  if (account === undefined) {
    // A file of several accounts: every account its first look met must be a company's (the primary too).
    const unknown = sources.flatMap((s) =>
      [...s.ibans].filter((iban) => s.ibans.size > 1 && !ownerOfIban(table, iban)).map((iban) => `${s.file}: ${unknownAccount(iban)}`),
    );
    if (unknown.length > 0) throw unroutable(unknown, table);
  }
  const routed = routeStatements(
    sources.map((s) => ({ file: s.file, iban: s.iban })),
    table,
    account,
  );
  return { table, routed };
}

/**
 * One account of a statement against the company --account names: its own, or another company's
 * (returned: the file is refused), or one no company of the token is known to have (said once on
 * stderr: its movements are matched as the named company's).
 */
function accountCheck(factory: Factory, table: CompanyIbans[], account: string, said: Set<string>, file: string, iban: string): Text | undefined {
  const owner = ownerOfIban(table, iban);
  const named = table.find((c) => c.company.id === account)?.company;
  if (owner && owner.id === account) return undefined;
  if (owner)
    return t`${file}: the account ${normalizeIban(iban)} is ${companyLabel(owner)}'s (its payment methods carry it), not that of ${named ? companyLabel(named) : account}, which --account names`;
  if (!said.has(iban)) {
    said.add(iban);
    factory.output.warn(
      t`${file}: the account ${normalizeIban(iban)} is not among the payment methods' IBANs of any company of this token: it cannot be attributed; its movements are matched as ${named ? companyLabel(named) : account}'s, as --account says`,
    );
  }
  return undefined;
}

/** The IBANs of every company of the token (with --account only the named one's were read, until an account is not its). */
async function completeTable(run: MatchRun): Promise<void> {
  const read = new Set(run.table.map((c) => c.company.id));
  const rest = (await tokenCompanies(run.factory)).filter((c) => !read.has(c.id));
  if (rest.length > 0) run.table.push(...(await companiesWithIbans(run.client, rest)));
}

function foreignAccounts(problems: Text[], account: string): UsageError {
  return new UsageError(
    problems.length === 1
      ? t`${problems[0]!}; nothing was printed`
      : t`${problems.length} accounts of the statements belong to another company than ${account}; nothing was printed`,
    [
      ...(problems.length === 1 ? [] : problems),
      t`Give that company's statements only, or leave out --account to route each statement to its company by its IBAN.`,
    ],
  );
}

function unroutable(problems: Text[], table: CompanyIbans[]): UsageError {
  return new UsageError(
    problems.length === 1
      ? t`${problems[0]!}; pass --account ID to choose the company; nothing was printed`
      : t`${problems.length} accounts of the statements belong to no company; pass --account ID; nothing was printed`,
    [...(problems.length === 1 ? [] : problems), t`The companies and the IBANs of their payment methods:`, ...knownIbans(table)],
  );
}

/** A company's run: its open invoices read and indexed the first time one of its statements needs them. */
async function runOf(run: MatchRun, company: Company): Promise<CompanyRun> {
  const known = run.runs.get(company.id);
  if (known) return known;
  const { factory, options } = run;
  const companyClient = run.client.forAccount(company.id);
  factory.output.info(companyChoice(company, run.routed));
  const [invoices, registered] = await Promise.all([openInvoices(companyClient), registeredFromJournal(factory, run.here.profile, company.id)]);
  const matcher = createMatcher(invoices, { feeTolerance: options.feeTolerance, registered });
  for (const { invoice, reason } of matcher.notMatchable.slice(0, 20))
    factory.output.warn(t`${companyLabel(company)}: invoice ${invoice.number} is not matchable: ${reason}`);
  if (matcher.notMatchable.length > 20) factory.output.warn(t`${companyLabel(company)}: ${matcher.notMatchable.length - 20} more invoices are not matchable`);
  // --review picks among the invoices; without it they are needed only by the matcher's index.
  const created = { company, client: companyClient, invoices: options.review ? invoices : [], matcher, seen: new Map<string, string>() };
  run.runs.set(company.id, created);
  return created;
}

/** The company of one movement: its own account's in a file of several accounts, else its file's; undefined when no company has its account. */
function companyOf(run: MatchRun, source: Source, movement: Movement): Company | undefined {
  const file = run.routed.byFile.get(source.file)!;
  if (run.account !== undefined || !movement.accountIban || movement.accountIban === source.iban) return file;
  return ownerOfIban(run.table, movement.accountIban);
}

/**
 * The first pass: every statement read whole, every movement routed to its company and given to its
 * matcher's first pass, kept in the spool. Every problem of every file (a statement that cannot be
 * read, an account no company has) is gathered and thrown at the end as one exit 2: nothing has been
 * printed or written yet, so a refused file never leaves half a document.
 */
async function readAll(run: MatchRun): Promise<void> {
  const { factory } = run;
  const problems: Text[] = [];
  const unknown = new Map<string, Text>();
  const foreign = new Map<string, Text>();
  const said = new Set([...run.sources.flatMap((s) => [...s.ibans, ...(s.iban ? [s.iban] : [])])]);
  for (const source of run.sources) {
    const reader = new StatementReader(source.file, { csv: run.csv, onNote: (note) => factory.output.warn(joined([source.file, note], ': ')) });
    let bytes = 0;
    const take = async (movements: Movement[]) => {
      for (const movement of movements) {
        // --account: an account the first look did not meet is checked as those it met were.
        const iban = movement.accountIban;
        if (run.account !== undefined && iban && !foreign.has(iban) && !said.has(iban)) {
          if (!ownerOfIban(run.table, iban)) await completeTable(run);
          const check = accountCheck(factory, run.table, run.account, said, source.file, iban);
          if (check) foreign.set(iban, check);
        }
        if (iban && foreign.has(iban)) continue;
        const company = companyOf(run, source, movement);
        if (!company) {
          if (!unknown.has(movement.accountIban!))
            unknown.set(movement.accountIban!, joined([source.file, movement.source.location, unknownAccount(movement.accountIban!)], ': '));
          continue;
        }
        await firstPass(run, await runOf(run, company), source, movement);
      }
    };
    try {
      for await (const chunk of chunksOfSource(source)) {
        bytes += chunk.length;
        await take(reader.push(chunk));
        factory.io.progress(
          reader.count === 1
            ? t`Reading ${source.file}: ${formatBytes(bytes)}, 1 movement`
            : t`Reading ${source.file}: ${formatBytes(bytes)}, ${reader.count} movements`,
        );
      }
      await take(reader.end());
    } catch (error) {
      problems.push(readProblem(source, error));
      continue;
    } finally {
      factory.io.progressDone();
    }
    run.dated += reader.dated;
    run.statements.push({
      file: source.file,
      format: reader.format as StatementFormat,
      ...(reader.accountIban ? { accountIban: reader.accountIban } : {}),
      statements: reader.statements,
      movements: reader.count,
    });
  }
  if (foreign.size > 0 && problems.length === 0) throw foreignAccounts([...foreign.values()], run.account!);
  problems.push(...foreign.values());
  if (unknown.size > 0 && problems.length === 0) throw unroutable([...unknown.values()], run.table);
  problems.push(...unknown.values());
  if (problems.length === 1) throw new UsageError(t`${problems[0]!}; nothing was printed, no plan was written`);
  if (problems.length > 1) throw new UsageError(t`${problems.length} problems in the statements; nothing was printed, no plan was written:`, problems);
}

/** A problem reading one statement, as one line (StatementError, a file that cannot be read); anything else is thrown. */
function readProblem(source: Source, error: unknown): Text {
  if (error instanceof StatementError) return joined([error.text, ...error.hints], ' ');
  if (error instanceof Error && 'code' in error && !(error instanceof FiscoError))
    return t`${source.file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  throw error;
}

/** One movement into the first pass: a movement of overlapping statements (same identity) is matched once. */
async function firstPass(run: MatchRun, company: CompanyRun, source: Source, movement: Movement): Promise<void> {
  const first = company.seen.get(movement.key);
  if (first !== undefined) {
    if (first !== source.file) {
      const pair = `${source.file}\u0000${first}`;
      run.overlaps.set(pair, (run.overlaps.get(pair) ?? 0) + 1);
    }
    return;
  }
  company.seen.set(movement.key, source.file);
  run.passes.add(company.company.id, movement);
}

/** The second pass: each movement's final proposal, in the order read, into the plan, the unmatched CSV and the output. */
async function* secondPass(
  run: MatchRun,
  tally: Tally,
  writers: { plan?: PlanWriter; unmatched?: UnmatchedWriter; kept?: PlanProposal[] },
): AsyncGenerator<ProposalRow> {
  const { options } = run;
  const multi = run.runs.size > 1;
  for await (const { account, proposal } of run.passes.proposals()) {
    const company = run.runs.get(account)!.company;
    tally.add(proposal);
    const planned: PlanProposal = { account, ...proposal };
    if (writers.plan) await localWrite('--plan', options.plan!, () => writers.plan!.proposal(planned));
    writers.kept?.push(planned);
    if (writers.unmatched && proposal.status === 'unmatched') await localWrite('--unmatched', options.unmatched!, () => writers.unmatched!.row(proposal));
    yield proposalRow(proposal, multi ? companyLabel(company) : undefined);
  }
}

export async function run(files: string[], flags: FlagValues<typeof MATCH_FLAGS>, factory: Factory): Promise<void> {
  const options: Options = { ...flags, feeTolerance: flags.feeTolerance ?? '0.00' };
  if (options.review && !factory.io.canPrompt) {
    throw new UsageError(t`--review needs a terminal (stdin and stdout), and not --no-input`, [
      t`Without a terminal: fisco bank match … --plan plan.json, then fisco bank apply plan.json --yes`,
    ]);
  }
  const csv = await csvMapping(options);
  const sources = await firstLook(files, csv, factory);
  const client = await factory.client();
  const here = await applier(factory);
  const account = (await factory.namedAccount())?.id;
  const { table, routed } = await route(factory, sources, client, account);
  const runs = new Map<string, CompanyRun>();
  const passes = new TwoPasses((account) => runs.get(account)!.matcher);
  const run: MatchRun = { factory, options, account, csv, sources, client, here, table, routed, runs, passes, statements: [], overlaps: new Map(), dated: 0 };
  try {
    await readAll(run);
    if (options.review && runs.size > 1) {
      throw new UsageError(t`--review walks one company's statements at a time: these belong to ${runs.size} companies`, [
        ...[...runs.values()].map((r) => companyLabel(r.company)),
        t`Without --review: fisco bank match … --plan plan.json, then fisco bank apply plan.json`,
      ]);
    }
    for (const [pair, count] of run.overlaps) {
      const [later, earlier] = pair.split('\u0000');
      factory.output.warn(
        count === 1
          ? t`${later}: 1 movement is also in ${earlier} (the same identity): matched once`
          : t`${later}: ${count} movements are also in ${earlier} (the same identity): matched once`,
      );
    }
    await (options.review ? review(run) : output(run));
  } finally {
    passes.close();
  }
}

function planHeadOf(run: MatchRun) {
  return {
    kind: PLAN_KIND,
    version: PLAN_VERSION,
    createdAt: new Date().toISOString(),
    profile: run.here.profile,
    baseUrl: run.here.baseUrl,
    feeTolerance: run.options.feeTolerance,
  } as const;
}

function companiesOf(run: MatchRun): PlanCompany[] {
  return [...run.runs.values()].map(({ company: c }) => (c.name ? { id: c.id, name: c.name } : { id: c.id }));
}

function summary(run: MatchRun, tally: Tally): Message {
  const notMatchable = [...run.runs.values()].reduce((n, r) => n + r.matcher.notMatchable.length, 0);
  const statements = run.statements.reduce((n, s) => n + s.statements, 0);
  return tally.line({ statements, files: run.statements.length, companies: run.runs.size, dated: run.dated, notMatchable }, (text) => run.factory.io.say(text));
}

/** Without --review: the second pass printed, the plan and the unmatched CSV written as it goes (each renamed into place at the end). */
async function output(run: MatchRun): Promise<void> {
  const { factory, options } = run;
  const tally = new Tally();
  const plan = options.plan !== undefined ? new PlanWriter(options.plan, planHeadOf(run)) : undefined;
  const unmatched =
    options.unmatched !== undefined ? await localWrite('--unmatched', options.unmatched, () => UnmatchedWriter.open(options.unmatched!, factory)) : undefined;
  try {
    await factory.output.list(secondPass(run, tally, { plan, unmatched }), run.runs.size > 1 ? withCompany(proposalView) : proposalView);
    if (plan) await localWrite('--plan', options.plan!, () => plan.commit({ companies: companiesOf(run), statements: run.statements }));
    if (unmatched) await localWrite('--unmatched', options.unmatched!, () => unmatched.commit());
  } catch (error) {
    await plan?.abort().catch(() => undefined);
    await unmatched?.abort().catch(() => undefined);
    throw error;
  }
  factory.output.info(summary(run, tally));
  if (options.plan !== undefined) factory.output.info(t`Plan written to ${options.plan}: register it with ${`fisco bank apply ${options.plan}`}`);
}

/** --review: one company (checked after the first pass); its proposals are held to be walked through, then registered. */
async function review(run: MatchRun): Promise<void> {
  const { factory, options } = run;
  const tally = new Tally();
  const kept: PlanProposal[] = [];
  for await (const row of secondPass(run, tally, { kept })) void row;
  const only = [...run.runs.values()][0];
  const planOf = (list: PlanProposal[]): Plan => ({ ...planHeadOf(run), companies: companiesOf(run), statements: run.statements, proposals: list });
  if (options.plan !== undefined) await writeLocal(options.plan, planText(planOf(kept)), '--plan');
  factory.output.info(summary(run, tally));
  if (!only) {
    factory.output.info(t`Nothing to review: nothing was sent.`);
    return;
  }
  const { reviewProposals } = await import('./review.js');
  const reviewed = (await reviewProposals(factory, kept, only.invoices, options.minConfidence ?? 0)).map((p) => ({ account: only.company.id, ...p }));
  // The plan records the review: what was skipped is 'skipped', an invoice picked by hand replaces the proposal.
  if (options.plan !== undefined) await writeLocal(options.plan, planText(planOf(reviewed)), '--plan');
  const accepted = reviewed.filter((p) => p.status === 'proposed' && p.allocations.length > 0);
  // Where the review is kept when nothing is registered now: the plan, to apply later.
  const saved =
    options.plan === undefined ? undefined : t`the reviewed plan is saved in ${options.plan}: ${`fisco bank apply ${options.plan}`} registers it later`;
  if (accepted.length === 0) {
    factory.output.info(saved ? t`Nothing accepted: nothing was sent; ${saved}.` : t`Nothing accepted: nothing was sent.`);
    return;
  }
  const target = { client: only.client, profile: run.here.profile, account: { id: only.company.id, name: only.company.name } };
  const { executeApply, guardPaidInvoices } = await import('./registration.js');
  try {
    // A lost journal: partial and over-payments on invoices already showing payments wait for bank apply --trust-paid.
    await guardPaidInvoices(factory, [target], accepted, false);
  } catch (error) {
    if (saved && error instanceof UsageError) error.hints.push(saved);
    throw error;
  }
  await executeApply(factory, [target], reviewed, accepted, 0, {}, saved ? [saved] : []);
}

import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { registeredMovements } from '../../bank/apply.js';
import { createMatcher } from '../../bank/match.js';
import { PLAN_KIND, PLAN_VERSION, planHead, planProposal, planTail, planText, type Plan, type PlanCompany, type PlanProposal } from '../../bank/plan.js';
import { StatementError, StatementReader, csvMappingFrom, type CsvMapping } from '../../bank/read/index.js';
import { companiesWithIbans, knownIbans, ownerOfIban, routeStatements, type CompanyIbans } from '../../bank/route.js';
import type { Movement, OpenInvoice, Proposal, StatementFormat } from '../../bank/types.js';
import type { ApiClient } from '../../api/client.js';
import { FiscoError, LocalWriteError, UsageError } from '../../errors.js';
import { listInvoices } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { add, formatEuro } from '../../domain/money.js';
import { AtomicFile, writeFileAtomic } from '../../io/atomic.js';
import { formatBytes } from '../../io/progress.js';
import { JournalDamagedError, journalPath, readJournal } from '../../journal/journal.js';
import { companyLabel, listCompanies, type Company } from '../../portfolio/companies.js';
import { dataDir } from '../../profiles/paths.js';
import { resolveCsvDialect } from '../../output/format.js';
import { parseFlags } from '../flag-schema.js';
import { applier, parseConfidence } from './apply.js';
import { MATCH_FLAGS } from './match.flags.js';
import { proposalRow, proposalView, withCompany, type ProposalRow } from './view.js';
type Options = ReturnType<typeof parseMatchFlags>;

/** The problems a usage error names: its lines when it lists several, else its message. */
function linesOf(error: UsageError): string[] {
  return /^\d+ problems/.test(error.message) && error.hints.length > 0 ? error.hints : [error.message];
}

/** The flags, and what the table cannot check (a confidence, the plan's folder): every problem at once. */
function parseMatchFlags(raw: Record<string, unknown>) {
  const problems: string[] = [];
  let options: ReturnType<typeof parseFlags<typeof MATCH_FLAGS>> | undefined;
  try {
    options = parseFlags(MATCH_FLAGS, raw);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    problems.push(...linesOf(error));
  }
  let minConfidence = 0;
  try {
    minConfidence = parseConfidence(typeof raw.minConfidence === 'string' ? raw.minConfidence : undefined);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    problems.push(error.message);
  }
  for (const [flag, path] of [
    ['--plan', raw.plan],
    ['--unmatched', raw.unmatched],
  ] as const) {
    if (typeof path !== 'string') continue;
    const folder = dirname(resolve(path));
    if (!existsSync(folder) || !statSync(folder).isDirectory()) problems.push(`${flag}: the folder ${folder} does not exist`);
    else if (existsSync(path) && statSync(path).isDirectory()) problems.push(`${flag}: ${path} is a folder`);
  }
  const unique = [...new Set(problems)];
  if (unique.length === 1) throw new UsageError(`${unique[0]!}; nothing was sent`);
  if (unique.length > 1 || !options) throw new UsageError(`${unique.length} problems with the options, nothing was sent:`, unique);
  return { ...options, feeTolerance: options.feeTolerance ?? '0.00', minConfidence };
}

/** How much of each statement is read before any request: all of a smaller file, so its every problem is named at once. */
export const FIRST_LOOK_BYTES = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

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
    try {
      mappingText = await readFile(options.csvMapping, 'utf8');
    } catch (error) {
      throw new UsageError(`--csv-mapping: cannot read ${options.csvMapping} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  const flags = {
    date: options.csvDate,
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
    const stream = createReadStream(source.arg, { highWaterMark: CHUNK_BYTES, end: limit === Infinity ? undefined : limit - 1 });
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
async function firstLook(files: string[], csv: CsvMapping | undefined, context: Context): Promise<Source[]> {
  if (files.length === 0) throw new UsageError('give at least one statement file (camt.053, camt.054, CBI XML, CBI RH, MT940 or CSV); - reads stdin');
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('- (stdin) can be given only once');
  const sources: Source[] = [];
  const problems: { message: string; hints: string[] }[] = [];
  for (const arg of files) {
    const source: Source = { arg, file: arg === '-' ? '(stdin)' : arg, ibans: new Set() };
    const seen = (movements: Movement[]) => {
      for (const m of movements) {
        source.iban ??= m.accountIban;
        if (m.accountIban) source.ibans.add(m.accountIban);
      }
    };
    if (arg === '-') source.stdin = chunksOf(context.streams.stdin);
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
      if (error instanceof FiscoError && error.exitCode === 2) problems.push({ message: error.message, hints: error.hints });
      else if (error instanceof Error && 'code' in error && !(error instanceof FiscoError))
        problems.push({ message: `${source.file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`, hints: [] });
      else throw error;
    }
  }
  if (problems.length === 1) throw new UsageError(`${problems[0]!.message}; nothing was sent`, problems[0]!.hints);
  if (problems.length > 1)
    throw new UsageError(
      `${problems.length} statements cannot be read; nothing was sent:`,
      problems.map((p) => [p.message, ...p.hints].join(' ')),
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
 * The credits already registered, from the company's bank journal: read only (no lock, nothing
 * written or cut). A damaged journal is exit 2: a plan made from it could propose a credit again.
 */
async function registeredFromJournal(context: Context, profile: string, account: string): Promise<Map<string, string>> {
  const path = journalPath(dataDir(context.env), 'bank', [profile, account]);
  const journal = readJournal(path, { kind: 'bank', id: account, profile, account });
  if (!journal) return new Map();
  if (journal.damage) {
    const error = new JournalDamagedError(path, journal.damage);
    error.hints.splice(0, error.hints.length, 'Rebuild it first with the plan last applied: fisco bank apply PLAN --rebuild-from-service, then match again.');
    throw error;
  }
  return registeredMovements(journal.entries());
}

/** The reviewed plan, written whole: any failure (the atomic writer's own included) names the flag. */
async function writeLocal(path: string, text: string, flag: string): Promise<void> {
  try {
    await writeFileAtomic(path, text);
  } catch (error) {
    throw new LocalWriteError(`${flag} ${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was written there`);
  }
}

/** The unmatched credits as CSV, written as they are found (atomically: the file appears whole at the end). */
class UnmatchedWriter {
  private readonly file: AtomicFile;
  private pending = '';
  private readonly writer: import('../../output/csv.js').CsvWriter;

  private constructor(path: string, context: Context, CsvWriter: typeof import('../../output/csv.js').CsvWriter) {
    this.file = new AtomicFile(path);
    this.file.stream.on('error', () => undefined); // reported through write() / commit()
    const columns = ['booking_date', 'amount', 'currency', 'payer', 'remittance', 'reference', 'file', 'location', 'near_misses'];
    this.writer = new CsvWriter(
      (chunk: string) => {
        this.pending += chunk;
      },
      resolveCsvDialect(context.globals.csvDialect),
      columns,
      new Set(['amount']),
    );
  }

  static async open(path: string, context: Context): Promise<UnmatchedWriter> {
    const { CsvWriter } = await import('../../output/csv.js');
    return new UnmatchedWriter(path, context, CsvWriter);
  }

  async row(proposal: Proposal): Promise<void> {
    const m = proposal.movement;
    this.writer.row({
      booking_date: m.bookingDate,
      amount: m.amount,
      currency: m.currency,
      payer: m.payer?.name ?? '',
      remittance: m.remittance,
      reference: m.references.bank ?? m.references.entry ?? m.references.endToEnd ?? m.key,
      file: m.source.file,
      location: m.source.location,
      near_misses: (proposal.nearMisses ?? []).map((n) => `${n.number} (${n.amountDue}): ${n.why}`),
    });
    await this.flush();
  }

  private async flush(): Promise<void> {
    const text = this.pending;
    this.pending = '';
    if (text) await this.file.write(text);
  }

  async commit(): Promise<void> {
    this.writer.end();
    await this.flush();
    await this.file.commit();
  }

  abort(): Promise<void> {
    return this.file.abort();
  }
}

/** The plan written as the proposals are made, renamed into place only when whole. */
class PlanWriter {
  private readonly file: AtomicFile;
  private any = false;

  constructor(path: string, head: Omit<Plan, 'proposals' | 'companies' | 'statements'>) {
    this.file = new AtomicFile(path);
    this.file.stream.on('error', () => undefined); // reported through write() / commit()
    void this.file.write(planHead(head)).catch(() => undefined);
  }

  async proposal(proposal: PlanProposal): Promise<void> {
    await this.file.write(planProposal(proposal, !this.any));
    this.any = true;
  }

  async commit(tail: Pick<Plan, 'companies' | 'statements'>): Promise<void> {
    await this.file.write(planTail(this.any, tail));
    await this.file.commit();
  }

  abort(): Promise<void> {
    return this.file.abort();
  }
}

async function localWrite<T>(flag: string, path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof FiscoError) throw error;
    throw new LocalWriteError(`${flag} ${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was written there`);
  }
}

/** The counts of the summary line, kept as the proposals go by (nothing of them is kept). */
class Tally {
  movements = 0;
  credits = 0;
  matched = 0;
  matchedTotal = '0.00';
  registered = 0;
  skipped = 0;
  readonly skipReasons = new Set<string>();
  unmatched = 0;
  unmatchedTotal = '0.00';

  add(p: Proposal): void {
    this.movements++;
    if (p.movement.direction === 'credit') this.credits++;
    if (p.status === 'proposed') (this.matched++, (this.matchedTotal = add(this.matchedTotal, p.movement.amount)));
    else if (p.status === 'unmatched') (this.unmatched++, (this.unmatchedTotal = add(this.unmatchedTotal, p.movement.amount)));
    else if (p.status === 'already-registered') this.registered++;
    else if (p.status === 'skipped') {
      this.skipped++;
      if (this.skipReasons.size < 8) this.skipReasons.add((p.skipReason ?? 'skipped').replace(/[:(].*$/, '').trim());
    }
  }

  line(statements: number, companies: number): string {
    const reasons = [...this.skipReasons];
    return [
      `${statements} statement${statements === 1 ? '' : 's'}${companies > 1 ? ` of ${companies} companies` : ''}, ${this.movements} movement${this.movements === 1 ? '' : 's'} (${this.credits} credit${this.credits === 1 ? '' : 's'})`,
      `${this.matched} matched (${formatEuro(this.matchedTotal)})`,
      `${this.registered} already registered`,
      `${this.skipped} skipped${reasons.length ? ` (${reasons.slice(0, 4).join(', ')})` : ''}`,
      `${this.unmatched} unmatched (${formatEuro(this.unmatchedTotal)})`,
    ].join(', ');
  }
}

/** One company of the run: its open invoices indexed by the matcher, the credits seen (overlapping statements match once). */
interface CompanyRun {
  company: Company;
  client: ApiClient;
  invoices: OpenInvoice[];
  match: (movement: Movement) => Proposal;
  /** Movement key -> the file it was first read in. */
  seen: Map<string, string>;
}

export async function run(files: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseMatchFlags(raw);
  // It routes statements among the token's companies: --demo gives it the firm's token, as overview and export.
  context.portfolioCommand = true;
  if (options.review && !context.canPrompt) {
    throw new UsageError('--review needs a terminal (stdin and stdout), and not --no-input', [
      'Without a terminal: fisco bank match … --plan plan.json, then fisco bank apply plan.json --yes',
    ]);
  }
  const csv = await csvMapping(options);
  const sources = await firstLook(files, csv, context);

  const client = await context.client();
  const here = await applier(context);
  const account = context.globals.account;
  const table: CompanyIbans[] =
    account !== undefined ? (await listCompanies(client)).map((company) => ({ company, ibans: [] })) : await companiesWithIbans(client);
  const routed = routeStatements(
    sources.map((s) => ({ file: s.file, iban: s.iban })),
    table,
    account,
  );
  // A file of several accounts: the companies of the other accounts its first look met come too.
  const involved = new Map(routed.companies.map((c) => [c.id, c]));
  if (account === undefined) {
    for (const source of sources)
      for (const iban of source.ibans) {
        const owner = ownerOfIban(table, iban);
        if (owner && !involved.has(owner.id)) involved.set(owner.id, owner);
      }
  }
  if (options.review && involved.size > 1) {
    throw new UsageError(`--review walks one company's statements at a time: these belong to ${involved.size} companies`, [
      ...sources.map((s) => `${s.file}: ${companyLabel(routed.byFile.get(s.file)!)}`),
      'Without --review: fisco bank match … --plan plan.json, then fisco bank apply plan.json',
    ]);
  }
  const runs = new Map<string, CompanyRun>();
  /** A company's run: its open invoices read and indexed the first time one of its statements needs them. */
  const runOf = async (company: Company): Promise<CompanyRun> => {
    const known = runs.get(company.id);
    if (known) return known;
    const companyClient = client.forAccount(company.id);
    context.output.info(`Company: ${companyLabel(company)}${routed.by === 'iban' ? ', by the statement IBAN' : ''}`);
    const [invoices, registered] = await Promise.all([openInvoices(companyClient), registeredFromJournal(context, here.profile, company.id)]);
    const match = createMatcher(invoices, { feeTolerance: options.feeTolerance, registered });
    // --review picks among the invoices; without it they are needed only by the matcher's index.
    const created = { company, client: companyClient, invoices: options.review ? invoices : [], match, seen: new Map<string, string>() };
    runs.set(company.id, created);
    return created;
  };
  for (const company of involved.values()) await runOf(company);
  const multi = involved.size > 1;
  const companyOf = async (source: Source, movement: Movement): Promise<CompanyRun> => {
    let company = routed.byFile.get(source.file)!;
    if (account === undefined && movement.accountIban && movement.accountIban !== source.iban) {
      // A file of several accounts: each movement goes to its own account's company.
      const owner = ownerOfIban(table, movement.accountIban);
      if (!owner) {
        throw new UsageError(
          `${source.file}: ${movement.source.location}: IBAN ${movement.accountIban} belongs to no company of this token; pass --account ID to choose the company`,
          ['The companies and the IBANs of their payment methods:', ...knownIbans(table)],
        );
      }
      if (options.review && !runs.has(owner.id))
        throw new UsageError(`--review walks one company's statements at a time: ${source.file} also holds ${companyLabel(owner)}'s`);
      company = owner;
    }
    return runOf(company);
  };

  const head = {
    kind: PLAN_KIND,
    version: PLAN_VERSION,
    createdAt: new Date().toISOString(),
    profile: here.profile,
    baseUrl: here.baseUrl,
    feeTolerance: options.feeTolerance,
  } as const;
  const companies = (): PlanCompany[] => [...runs.values()].map(({ company: c }) => (c.name ? { id: c.id, name: c.name } : { id: c.id }));
  const statements: Plan['statements'] = [];
  const tally = new Tally();
  const kept: PlanProposal[] = [];
  const plan = options.plan !== undefined && !options.review ? new PlanWriter(options.plan, head) : undefined;
  const unmatched =
    options.unmatched !== undefined ? await localWrite('--unmatched', options.unmatched, () => UnmatchedWriter.open(options.unmatched!, context)) : undefined;
  const overlaps = new Map<string, number>();

  async function* proposals(): AsyncGenerator<ProposalRow> {
    for (const source of sources) {
      const reader = new StatementReader(source.file, { csv, onNote: (note) => context.output.warn(`${source.file}: ${note}`) });
      let bytes = 0;
      const progress = () => context.progress(`Reading ${source.file}: ${formatBytes(bytes)}, ${reader.count} movement${reader.count === 1 ? '' : 's'}`);
      const step = async function* (movements: Movement[]): AsyncGenerator<ProposalRow> {
        for (const movement of movements) {
          const run = await companyOf(source, movement);
          const first = run.seen.get(movement.key);
          if (first !== undefined) {
            // Overlapping statements given together: a movement (same bank reference) is matched once.
            if (first !== source.file) overlaps.set(`${source.file}\u0000${first}`, (overlaps.get(`${source.file}\u0000${first}`) ?? 0) + 1);
            continue;
          }
          run.seen.set(movement.key, source.file);
          const proposal = run.match(movement);
          tally.add(proposal);
          const planned: PlanProposal = { account: run.company.id, ...proposal };
          if (plan) await localWrite('--plan', options.plan!, () => plan.proposal(planned));
          if (options.review) kept.push(planned);
          if (unmatched && proposal.status === 'unmatched') await localWrite('--unmatched', options.unmatched!, () => unmatched.row(proposal));
          yield proposalRow(proposal, multi ? companyLabel(run.company) : undefined);
        }
      };
      try {
        for await (const chunk of chunksOfSource(source)) {
          bytes += chunk.length;
          yield* step(reader.push(chunk));
          progress();
        }
        yield* step(reader.end());
      } catch (error) {
        if (error instanceof StatementError) throw new UsageError(`${error.message}; the run stopped there, no plan was written`, error.hints);
        if (error instanceof Error && 'code' in error && !(error instanceof FiscoError))
          throw new UsageError(`${source.file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
        throw error;
      } finally {
        context.progressDone();
      }
      statements.push({
        file: source.file,
        format: reader.format as StatementFormat,
        ...(reader.accountIban ? { accountIban: reader.accountIban } : {}),
        movements: reader.count,
      });
    }
  }

  const view = multi ? withCompany(proposalView) : proposalView;
  try {
    if (options.review) {
      for await (const row of proposals()) void row;
    } else {
      await context.output.list(proposals(), view);
    }
    for (const [pair, count] of overlaps) {
      const [later, earlier] = pair.split('\u0000');
      context.output.warn(`${later}: ${count} movement${count === 1 ? ' is' : 's are'} also in ${earlier} (the same bank reference): matched once`);
    }
    if (plan) await localWrite('--plan', options.plan!, () => plan.commit({ companies: companies(), statements }));
    if (unmatched) await localWrite('--unmatched', options.unmatched!, () => unmatched.commit());
  } catch (error) {
    await plan?.abort().catch(() => undefined);
    await unmatched?.abort().catch(() => undefined);
    throw error;
  }

  if (!options.review) {
    context.output.info(tally.line(statements.length, runs.size));
    if (options.plan !== undefined) context.output.info(`Plan written to ${options.plan}: register it with fisco bank apply ${options.plan}`);
    return;
  }
  // --review: one company (checked above); its proposals are held to be walked through.
  const only = [...runs.values()][0]!;
  const planOf = (list: PlanProposal[]): Plan => ({ ...head, companies: companies(), statements, proposals: list });
  if (options.plan !== undefined) await writeLocal(options.plan, planText(planOf(kept)), '--plan');
  context.output.info(tally.line(statements.length, 1));
  const { reviewProposals } = await import('./review.js');
  const reviewed = (await reviewProposals(context, kept, only.invoices, options.minConfidence)).map((p) => ({ account: only.company.id, ...p }));
  // The plan records the review: what was skipped is 'skipped', an invoice picked by hand replaces the proposal.
  if (options.plan !== undefined) await writeLocal(options.plan, planText(planOf(reviewed)), '--plan');
  const accepted = reviewed.filter((p) => p.status === 'proposed' && p.allocations.length > 0);
  if (accepted.length === 0) {
    context.output.info('Nothing accepted: nothing was sent.');
    return;
  }
  const target = { client: only.client, profile: here.profile, account: { id: only.company.id, name: only.company.name } };
  const { confirmApply, executeApply } = await import('./apply.js');
  await confirmApply(context, accepted, [target]);
  await executeApply(context, [target], reviewed, accepted, 0);
}

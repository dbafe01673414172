import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { registeredMovements } from '../../bank/apply.js';
import { matchMovements } from '../../bank/match.js';
import { PLAN_KIND, PLAN_VERSION, planText, type Plan } from '../../bank/plan.js';
import { csvMappingFrom, readStatement } from '../../bank/read/index.js';
import { companiesWithIbans, routeStatements, type CompanyIbans } from '../../bank/route.js';
import type { Movement, OpenInvoice, Proposal, Statement } from '../../bank/types.js';
import type { ApiClient } from '../../api/client.js';
import { FiscoError, LocalWriteError, UsageError } from '../../errors.js';
import { listInvoices } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { formatEuro, sum } from '../../domain/money.js';
import { writeFileAtomic } from '../../io/atomic.js';
import { readStdin } from '../../io/stdin.js';
import { Journal, journalPath } from '../../journal/journal.js';
import { listCompanies } from '../../portfolio/companies.js';
import { dataDir } from '../../profiles/paths.js';
import { resolveCsvDialect } from '../../output/format.js';
import { parseFlags } from '../flag-schema.js';
import { applier, parseConfidence } from './apply.js';
import { MATCH_FLAGS } from './match.flags.js';
import { proposalRow, proposalView } from './view.js';

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

/** Reads every file (- is stdin): every problem at once, each naming its file, before any request. */
async function readStatements(files: string[], options: Options, context: Context): Promise<Statement[]> {
  if (files.length === 0) throw new UsageError('give at least one statement file (camt.053, camt.054, CBI XML, CBI RH, MT940 or CSV); - reads stdin');
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('- (stdin) can be given only once');
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
  };
  // A mapping only when one is given: the other formats need none, and a CSV without one is told what to pass.
  const csv =
    mappingText !== undefined || Object.values(flags).some((v) => v !== undefined)
      ? csvMappingFrom(flags, mappingText === undefined ? undefined : { path: options.csvMapping!, text: mappingText })
      : undefined;
  const statements: Statement[] = [];
  const problems: { message: string; hints: string[] }[] = [];
  for (const file of files) {
    let bytes: Uint8Array;
    try {
      bytes = file === '-' ? Buffer.from(await readStdin(context.streams.stdin), 'utf8') : await readFile(file);
    } catch (error) {
      problems.push({ message: `${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`, hints: [] });
      continue;
    }
    try {
      statements.push(readStatement(bytes, file === '-' ? '(stdin)' : file, { csv }));
    } catch (error) {
      if (!(error instanceof FiscoError) || error.exitCode !== 2) throw error;
      problems.push({ message: error.message, hints: error.hints });
    }
  }
  if (problems.length === 1) throw new UsageError(`${problems[0]!.message}; nothing was sent`, problems[0]!.hints);
  if (problems.length > 1)
    throw new UsageError(
      `${problems.length} statements cannot be read; nothing was sent:`,
      problems.map((p) => [p.message, ...p.hints].join(' ')),
    );
  return statements;
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

/** The credits already registered, from the company's bank journal: read only, nothing sent. */
async function registeredFromJournal(context: Context, profile: string, account: string): Promise<Map<string, string>> {
  const path = journalPath(dataDir(context.env), 'bank', [profile, account]);
  if (!existsSync(path)) return new Map();
  const journal = await Journal.open(path, { kind: 'bank', id: account, profile, account });
  try {
    return registeredMovements(journal.entries());
  } finally {
    await journal.close();
  }
}

async function writeUnmatched(path: string, proposals: readonly Proposal[], context: Context): Promise<void> {
  const { CsvWriter } = await import('../../output/csv.js');
  const columns = ['booking_date', 'amount', 'currency', 'payer', 'remittance', 'reference', 'file', 'location', 'near_misses'];
  let text = '';
  const writer = new CsvWriter(
    (chunk: string) => {
      text += chunk;
    },
    resolveCsvDialect(context.globals.csvDialect),
    columns,
    new Set(['amount']),
  );
  for (const proposal of proposals) {
    const m = proposal.movement;
    writer.row({
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
  }
  writer.end();
  await writeLocal(path, text, '--unmatched');
}

async function writeLocal(path: string, text: string, flag: string): Promise<void> {
  try {
    await writeFileAtomic(path, text);
  } catch (error) {
    throw new LocalWriteError(`${flag} ${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was written there`);
  }
}

function summary(statements: readonly Statement[], proposals: readonly Proposal[]): string {
  const credits = proposals.filter((p) => p.movement.direction === 'credit');
  const by = (status: Proposal['status']) => proposals.filter((p) => p.status === status);
  const proposed = by('proposed');
  const unmatched = by('unmatched');
  const skipped = by('skipped');
  const reasons = [...new Set(skipped.map((p) => (p.skipReason ?? 'skipped').replace(/[:(].*$/, '').trim()))];
  return [
    `${statements.length} statement${statements.length === 1 ? '' : 's'}, ${proposals.length} movement${proposals.length === 1 ? '' : 's'} (${credits.length} credit${credits.length === 1 ? '' : 's'})`,
    `${proposed.length} matched (${formatEuro(sum(proposed.map((p) => p.movement.amount)))})`,
    `${by('already-registered').length} already registered`,
    `${skipped.length} skipped${reasons.length ? ` (${reasons.slice(0, 4).join(', ')})` : ''}`,
    `${unmatched.length} unmatched (${formatEuro(sum(unmatched.map((p) => p.movement.amount)))})`,
  ].join(', ');
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
  const statements = await readStatements(files, options, context);
  for (const note of statements.flatMap((s) => s.notes.map((n) => `${s.file}: ${n}`))) context.output.warn(note);

  const client = await context.client();
  const here = await applier(context);
  const account = context.globals.account;
  const table: CompanyIbans[] =
    account !== undefined ? (await listCompanies(client)).map((company) => ({ company, ibans: [] })) : await companiesWithIbans(client);
  const routed = routeStatements(
    statements.map((s) => ({ file: s.file, iban: s.accountIban })),
    table,
    account,
  );
  const company = routed.company;
  const companyClient = client.forAccount(company.id);

  context.output.info(`Company: ${company.name ? `${company.name} (${company.id})` : company.id}${routed.by === 'iban' ? ', by the statement IBAN' : ''}`);
  const [invoices, registered] = await Promise.all([openInvoices(companyClient), registeredFromJournal(context, here.profile, company.id)]);
  // Overlapping statements given together: a movement (same bank reference) is matched once.
  const movements: Movement[] = [];
  const seen = new Map<string, Movement>();
  const overlaps = new Map<string, number>();
  for (const movement of statements.flatMap((s) => s.movements)) {
    const first = seen.get(movement.key);
    if (!first) {
      seen.set(movement.key, movement);
      movements.push(movement);
    } else if (first.source.file !== movement.source.file) {
      const pair = `${movement.source.file}\u0000${first.source.file}`;
      overlaps.set(pair, (overlaps.get(pair) ?? 0) + 1);
    }
  }
  for (const [pair, count] of overlaps) {
    const [later, earlier] = pair.split('\u0000');
    context.output.warn(`${later}: ${count} movement${count === 1 ? ' is' : 's are'} also in ${earlier} (the same bank reference): matched once`);
  }
  const proposals = matchMovements(movements, invoices, { feeTolerance: options.feeTolerance, registered });

  const planOf = (list: Proposal[]): Plan => ({
    kind: PLAN_KIND,
    version: PLAN_VERSION,
    createdAt: new Date().toISOString(),
    profile: here.profile,
    baseUrl: here.baseUrl,
    account: company.name ? { id: company.id, name: company.name } : { id: company.id },
    feeTolerance: options.feeTolerance,
    statements: statements.map((s) => ({
      file: s.file,
      format: s.format,
      ...(s.accountIban ? { accountIban: s.accountIban } : {}),
      movements: s.movements.length,
    })),
    proposals: list,
  });
  if (options.plan !== undefined) await writeLocal(options.plan, planText(planOf(proposals)), '--plan');
  if (options.unmatched !== undefined)
    await writeUnmatched(
      options.unmatched,
      proposals.filter((p) => p.status === 'unmatched'),
      context,
    );

  if (!options.review) {
    await context.output.list(proposals.map(proposalRow), proposalView);
    context.output.info(summary(statements, proposals));
    if (options.plan !== undefined) context.output.info(`Plan written to ${options.plan}: register it with fisco bank apply ${options.plan}`);
    return;
  }
  context.output.info(summary(statements, proposals));
  const { reviewProposals } = await import('./review.js');
  const reviewed = await reviewProposals(context, proposals, invoices, options.minConfidence);
  // The plan records the review: what was skipped is 'skipped', an invoice picked by hand replaces the proposal.
  if (options.plan !== undefined) await writeLocal(options.plan, planText(planOf(reviewed)), '--plan');
  const accepted = reviewed.filter((p) => p.status === 'proposed' && p.allocations.length > 0);
  if (accepted.length === 0) {
    context.output.info('Nothing accepted: nothing was sent.');
    return;
  }
  const { confirmApply, executeApply } = await import('./apply.js');
  await confirmApply(context, accepted, { account: { id: company.id, name: company.name } });
  await executeApply(context, { client: companyClient, profile: here.profile, account: { id: company.id, name: company.name } }, reviewed, accepted, 0);
}

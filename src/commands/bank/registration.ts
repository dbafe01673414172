/**
 * Registering the accepted proposals of a plan, company by company, each through its bank journal:
 * the confirmation, the run, the result rows and the exit code. `bank apply` runs it over a plan
 * file, `bank match --review` over the proposals a person just accepted.
 */
import { allocationsOnPaidInvoices, hasHistory, heldError, type HeldAllocation } from '../../bank/paid-guard.js';
import { applyHooks, readOpenInvoices, stepsOf, type ApplyRun, type ApplyStep } from '../../bank/payments.js';
import { stepKey, whyNotAccepted, type PlanProposal } from '../../bank/plan.js';
import type { ApiClient } from '../../api/client.js';
import { ExitCode, FiscoError, InterruptedError, NotConfirmedError, OutcomeUnknownError, PartialError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import { formatEuro, sum } from '../../domain/money.js';
import { readJournal, type JournalEntry, type JournalHeader } from '../../journal/journal.js';
import { waitingError } from '../journaled.js';
import { tallyOf } from '../../journal/outcome.js';
import { runJob, type Confirmation, type Ending, type JobPart } from '../job.js';
import { byCode } from '../../journal/reason.js';
import { entryWords } from '../../journal/words.js';
import { skipSummary, skipWords } from '../../bank/skip-reasons.js';
import { resultView, withCompany, type ResultRow } from './view.js';
import { t, day, money, joined, recalled, type Text, type Message } from '../../i18n/message.js';

export interface ApplyTarget {
  /** The shared client acting on the plan's company. */
  client: ApiClient;
  profile: string;
  account: { id: string; name?: string };
}

/** --wait and --rebuild-from-service (JOURNAL_FLAGS), as parsed. */
export interface JournalChoices {
  wait?: boolean;
  rebuildFromService?: boolean;
}

/** Where the bank journal of one profile and company is: <data>/journals/bank/<profile>/<account>.jsonl, the one place bank match and bank apply name it. */
export function bankJournal(profile: string, account: string): { kind: 'bank'; parts: string[]; header: JournalHeader } {
  return { kind: 'bank', parts: [profile, account], header: { kind: 'bank', id: account, profile, account } };
}

/** A company's bank journal as it is, read only (no lock, nothing written): its entries, or undefined when there is none. */
export function bankJournalEntries(factory: Factory, profile: string, account: string): { path: string; entries: readonly JournalEntry[] | undefined } {
  const where = bankJournal(profile, account);
  const path = factory.journalPath(where.kind, where.parts);
  const journal = readJournal(path, where.header);
  return { path, entries: journal?.entries() };
}

/**
 * Before anything is sent: for each company whose journal records no earlier payment (new or lost),
 * the partial and over-payments of `accepted` on invoices that already show payments are exit 2,
 * unless `trustPaid` (src/bank/paid-guard.ts).
 */
export async function guardPaidInvoices(
  factory: Factory,
  targets: readonly ApplyTarget[],
  accepted: readonly PlanProposal[],
  trustPaid: boolean,
): Promise<void> {
  if (trustPaid) return;
  const held: HeldAllocation[] = [];
  for (const target of targets) {
    const mine = accepted.filter((p) => p.account === target.account.id && (p.fit === 'partial' || p.fit === 'over'));
    if (mine.length === 0 || hasHistory(bankJournalEntries(factory, target.profile, target.account.id).entries)) continue;
    const open = await readOpenInvoices(target.client);
    held.push(...allocationsOnPaidInvoices(mine, (uuid) => open.get(uuid)?.amountPaid));
  }
  if (held.length > 0) throw heldError(held);
}

/** A company as the messages of a run over several name it: its name, else its id. */
function shortName(account: { id: string; name?: string }): string {
  return account.name ?? account.id;
}

/** One confirmation with the count and the total (default No); without a terminal, --yes or exit 10 (`hints` added to a refusal). */
function applyConfirmation(
  factory: Factory,
  proposals: readonly PlanProposal[],
  targets: readonly Pick<ApplyTarget, 'account'>[],
  hints: readonly Text[],
): Confirmation {
  const payments = proposals.reduce((n, p) => n + p.allocations.length, 0);
  const total = sum(proposals.flatMap((p) => p.allocations.map((a) => a.amount)));
  const ids = new Set(proposals.map((p) => p.account));
  const on = targets.filter((t) => ids.has(t.account.id));
  const where = on.length === 1 ? shortName(on[0]!.account) : t`${on.length} companies`;
  const what = t`${paymentsWord(payments)} from ${creditsWord(proposals.length)}, total ${formatEuro(total)}, on ${where}`;
  return {
    noTerminal: () =>
      new NotConfirmedError(t`not confirmed: registering ${what} needs --yes when there is no terminal; nothing was sent`, [
        t`Check the plan first (fisco bank match … --plan plan.json), then: fisco bank apply plan.json --yes`,
        ...hints,
      ]),
    ask: () => factory.io.prompter.confirm({ message: t`Register ${what}?`, default: false, flag: '--yes' }),
    declined: () => new NotConfirmedError(t`not confirmed; nothing was sent`, [...hints]),
  };
}

/** An allocation's state in the result's detail: the code in English (json and csv keep it), a word in Italian. */
function stateWords(state: string): Text {
  const words: Record<string, () => Message> = {
    applied: () => t`applied`,
    'already-registered': () => t`already-registered`,
    refused: () => t`refused`,
    skipped: () => t`skipped`,
    waiting: () => t`waiting`,
  };
  return words[state]?.() ?? state;
}

const paymentsWord = (n: number) => (n === 1 ? t`1 payment` : t`${n} payments`);
/** `N payments registered`: a whole sentence per number, so each language agrees its words. */
const registeredWords = (n: number) => (n === 1 ? t`1 payment registered` : t`${n} payments registered`);
const creditsWord = (n: number) => (n === 1 ? t`1 credit` : t`${n} credits`);

function resultRows(
  all: readonly PlanProposal[],
  accepted: ReadonlySet<PlanProposal>,
  runOf: (proposal: PlanProposal) => ApplyRun | undefined,
  minConfidence: number | undefined,
  companyOf?: (proposal: PlanProposal) => string,
): ResultRow[] {
  return all.map((proposal) => {
    const { movement } = proposal;
    const run = runOf(proposal);
    const base = {
      ...(companyOf ? { company: companyOf(proposal) } : {}),
      key: movement.key,
      file: movement.source.file,
      booking_date: movement.bookingDate,
      amount: movement.amount,
      payer: movement.payer?.name ?? null,
      fee: proposal.fee ?? null,
      excess: proposal.excess ?? null,
    };
    if (!accepted.has(proposal)) {
      // Proposed but left out: below --min-confidence, or (without it) not sure enough to register unreviewed.
      const left = proposal.status === 'proposed' ? whyNotAccepted(proposal, minConfidence) : undefined;
      const outcome = left ? left.outcome : proposal.status === 'proposed' ? 'not-proposed' : proposal.status;
      const skip = typeof proposal.skipReason === 'string' ? recalled(proposal.skipReason) : proposal.skipReason;
      const reason = left?.reason ?? skip ?? (outcome === 'unmatched' ? t`no invoice matched` : null);
      const detail = joined(
        proposal.allocations.map((a) => t`${a.number} ${money(a.amount)}`),
        '; ',
      );
      return { ...base, outcome, invoices: [], detail, reason };
    }
    const invoices = proposal.allocations.map((allocation) => {
      const key = stepKey(movement.key, allocation);
      const entry = run?.result.entries.get(key);
      const state = allocationState(run, key);
      const paymentId = entry?.result?.payment_id;
      return {
        number: allocation.number,
        uuid: allocation.uuid,
        amount: allocation.amount,
        state,
        payment_id: typeof paymentId === 'string' || typeof paymentId === 'number' ? paymentId : null,
        message: skippedWords(run, key) ?? entryWords(entry) ?? null,
      };
    });
    const states = new Set(invoices.map((i) => i.state));
    const outcome =
      states.size === 1
        ? [...states][0] === 'absent'
          ? 'not-reached'
          : [...states][0]!
        : states.has('unknown') || states.has('sending')
          ? 'unresolved'
          : states.has('waiting')
            ? 'waiting'
            : states.has('applied')
              ? 'partly-applied'
              : states.has('refused')
                ? 'refused'
                : 'skipped';
    const messages = invoices.map((i) => i.message).filter((m): m is Text => Boolean(m) && String(m) !== '');
    const reason = messages.length ? joined(messages, '; ') : null;
    return {
      ...base,
      outcome: outcome === 'sending' ? 'unresolved' : outcome === 'unknown' ? 'unresolved' : outcome,
      invoices,
      detail: joined(
        invoices.map((i) => t`${i.number} ${money(i.amount)} ${stateWords(i.state)}`),
        '; ',
      ),
      reason,
    };
  });
}

/** What became of one allocation in a run: applied now, already registered (earlier, or found by the lookup), waiting, changed… */
function allocationState(run: ApplyRun | undefined, key: string): string {
  const entry = run?.result.entries.get(key);
  if (run?.result.waiting.some((w) => w.key === key)) return 'waiting';
  if (!entry) return 'not-reached';
  if (entry.state === 'done') {
    if (run?.result.sentNow.includes(key)) return 'applied';
    return run?.result.alreadyDone.includes(key) || run?.result.found.includes(key) ? 'already-registered' : 'applied';
  }
  return run?.result.changed.includes(key) ? 'changed' : entry.state;
}

/** One company's registration: the steps of its accepted proposals, through its own journal. */
interface CompanyApply {
  target: ApplyTarget;
  steps: ReturnType<typeof stepsOf>;
  run?: ApplyRun;
}

/**
 * Registers `accepted` as one job of the runner (src/commands/job.ts): one confirmation (unless
 * nothing is accepted; `notConfirmed` hints added to its refusal), then company by company, each
 * through the journal of its profile and company; one result per credit of `all`, the summary, and
 * the exit code by the one order: 9 when an outcome stays unknown (later companies are not reached),
 * 130/143 when interrupted, 11 when some payments failed (of any company) and others were registered.
 */
export async function executeApply(
  factory: Factory,
  targets: readonly ApplyTarget[],
  all: readonly PlanProposal[],
  accepted: readonly PlanProposal[],
  minConfidence: number | undefined,
  choices: JournalChoices = {},
  notConfirmed: readonly Text[] = [],
): Promise<void> {
  const companies: CompanyApply[] = targets.map((target) => ({ target, steps: stepsOf(accepted.filter((p) => p.account === target.account.id)) }));
  const multi = targets.length > 1;
  await runJob<ApplyStep>(factory, {
    ...(accepted.length > 0 ? { confirm: applyConfirmation(factory, accepted, targets, notConfirmed) } : {}),
    wait: choices.wait,
    parts: companies.filter((c) => c.steps.length > 0).map((company) => companyPart(company, multi, choices)),
    end: async () => applyEnding(factory, companies, all, accepted, minConfidence, multi),
  });
}

/** A company's part of the job: its journal, the hooks that register its steps, its progress line. */
function companyPart(company: CompanyApply, multi: boolean, choices: JournalChoices): JobPart<ApplyStep> {
  const { target, steps } = company;
  const label = multi ? `${shortName(target.account)}: ` : '';
  return {
    journal: { ...bankJournal(target.profile, target.account.id), rebuildFromService: choices.rebuildFromService },
    async begin(journal) {
      const { hooks, skipped } = await applyHooks(steps, target.client, journal);
      return { steps, hooks, after: async (result) => void (company.run = { result, steps, skipped }) };
    },
    progress: (index, total, step) => joined([label, t`Registering ${index + 1}/${total}: invoice ${step.item.allocation.number}`], ''),
  };
}

/** The rows of every credit, the summary, and the outcomes in bank apply's words. */
function applyEnding(
  factory: Factory,
  companies: readonly CompanyApply[],
  all: readonly PlanProposal[],
  accepted: readonly PlanProposal[],
  minConfidence: number | undefined,
  multi: boolean,
): Ending {
  const byId = new Map(companies.map((c) => [c.target.account.id, c]));
  const rows = resultRows(
    all,
    new Set(accepted),
    (p) => byId.get(p.account)?.run,
    minConfidence,
    multi
      ? (p) => {
          const t = byId.get(p.account)?.target.account;
          return t ? shortName(t) : p.account;
        }
      : undefined,
  );
  const runs = companies.filter((c): c is CompanyApply & { run: ApplyRun } => c.run !== undefined);
  const results = runs.map(({ run }) => run.result);
  return {
    table: { rows, view: multi ? withCompany(resultView) : resultView },
    say: () =>
      summarise(
        factory,
        rows,
        runs.map((c) => c.run),
        accepted.length,
      ),
    tally: tallyOf(results),
    errors: applyErrors(runs, multi),
  };
}

/** The errors of a run that applied something, in bank apply's words: 9, 130/143, 11 or 6. */
function applyErrors(runs: readonly (CompanyApply & { run: ApplyRun })[], multi: boolean): Ending['errors'] {
  const who = (target: ApplyTarget) => (multi ? `${shortName(target.account)}: ` : '');
  const results = runs.map(({ run }) => run.result);
  const sentNow = results.reduce((n, result) => n + result.sentNow.length, 0);
  // Refused by the service, or changed since registered: not registered.
  const hints = runs.flatMap(({ run, target }) => {
    const { result } = run;
    const why = (key: string) =>
      result.changed.includes(key) ? t`the plan changed since it was registered` : (entryWords(result.entries.get(key)) ?? t`refused`);
    return [...result.refused, ...result.changed].map((key) => joined([`${who(target)}${key}`, why(key)], ': '));
  });
  return {
    unknown: () => unknownError(runs, who),
    interrupted: () =>
      new InterruptedError(
        t`interrupted: ${registeredWords(sentNow)} before stopping; the journal is exact`,
        results.find((r) => r.interrupted)!.interrupted!,
        [t`Run the same fisco bank apply again to register the rest: what was registered is skipped.`],
      ),
    partial: () =>
      new PartialError(
        hints.length === 1
          ? t`partly done: 1 payment not registered, ${sentNow} registered`
          : t`partly done: ${hints.length} payments not registered, ${sentNow} registered`,
        hints,
      ),
    refused: () => new FiscoError(t`no payment registered: ${hints.length} refused`, ExitCode.rejected, hints),
  };
}

/** Exit 9: payments that may or may not have been registered (the run stopped there), else those that wait for a request that may still arrive. */
function unknownError(runs: readonly (CompanyApply & { run: ApplyRun })[], who: (target: ApplyTarget) => string): OutcomeUnknownError {
  const unresolved = runs.flatMap(({ run, steps, target }) =>
    run.result.unresolved.map((key) => joined([describeStep(steps, key, who(target)), entryWords(run.result.entries.get(key)) ?? t`outcome unknown`], ': ')),
  );
  if (unresolved.length > 0)
    return new OutcomeUnknownError(
      unresolved.length === 1
        ? t`a payment may or may not have been registered; the run stopped`
        : t`${unresolved.length} payments may or may not have been registered; the run stopped`,
      [
        ...unresolved,
        t`Check the invoice with: ${'fisco invoice list --payment-status unpaid,partial,paid --fields number,uuid,amount_paid,amount_due'}`,
        t`Then run fisco bank apply again: it checks the invoice first and never registers the same credit twice.`,
      ],
    );
  const waiting = runs.flatMap(({ run, steps, target }) => run.result.waiting.map((w) => ({ ...w, name: describeStep(steps, w.key, who(target)) })));
  const names = new Map(waiting.map((w) => [w.key, w.name]));
  return waitingError(waiting, (key) => names.get(key) ?? key, 'fisco bank apply PLAN');
}

/** A step as a person finds it: the credit (key, date, amount) and the invoice. */
function describeStep(steps: ReturnType<typeof stepsOf>, key: string, who: string): Text {
  const step = steps.find((s) => s.key === key);
  if (!step) return `${who}${key}`;
  const { movement } = step.item.proposal;
  const { number, uuid } = step.item.allocation;
  return joined([who, t`credit ${movement.key} of ${day(movement.bookingDate)} (${money(movement.amount)}) on invoice ${number} (${uuid})`], '');
}

/** Why an allocation was skipped in this run, in the run's words. */
function skippedWords(run: ApplyRun | undefined, key: string): Text | undefined {
  const why = run?.skipped.get(key);
  return why ? skipWords(why) : undefined;
}

function summarise(factory: Factory, rows: readonly ResultRow[], runs: readonly ApplyRun[], accepted: number): void {
  const count = (outcome: string) => rows.filter((r) => r.outcome === outcome);
  const unmatched = count('unmatched');
  const applied = runs.reduce((n, run) => n + run.result.sentNow.length, 0);
  const skipped = byCode(runs.flatMap((run) => [...run.skipped.values()]));
  const skippedCount = [...skipped.values()].reduce((n, list) => n + list.length, 0);
  const refused = runs.reduce((n, run) => n + run.result.refused.length, 0);
  const waiting = runs.reduce((n, run) => n + run.result.waiting.length, 0);
  const found = runs.reduce((n, run) => n + run.result.found.length, 0);
  const parts: Text[] = [
    rows.length === 1 ? t`1 movement in the plan` : t`${rows.length} movements in the plan`,
    accepted === 1 ? t`1 matched credit to register` : t`${accepted} matched credits to register`,
    registeredWords(applied),
    t`${count('already-registered').length} already registered`,
  ];
  if (skippedCount) parts.push(t`${skippedCount} skipped (${joined([...skipped.keys()].slice(0, 3).map(skipSummary), '; ')})`);
  const below = count('below-confidence').length;
  if (below) parts.push(t`${below} below --min-confidence`);
  const review = count('needs-review').length;
  if (review) parts.push(t`${review} to review (partial or over-payments: --min-confidence or bank match --review)`);
  if (refused) parts.push(t`${refused} refused`);
  if (found) parts.push(t`${found} found registered by the lookup`);
  if (waiting) parts.push(t`${waiting} waiting (an earlier request may still arrive)`);
  parts.push(t`${unmatched.length} unmatched (${formatEuro(sum(unmatched.map((r) => r.amount)))})`);
  factory.output.info(joined(parts, ', '));
}

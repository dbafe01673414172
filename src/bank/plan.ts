/**
 * The plan file: what `fisco bank match --plan FILE` proposes and `fisco bank apply FILE` registers.
 * JSON, written atomically; read back through a strict schema, so a plan edited by hand into an
 * invalid shape is refused with every problem named (exit 2), and a plan made for another profile,
 * base URL or company is refused before anything is sent.
 *
 * Version 3 (issue 27) carries the proposals of several companies (one run over a firm's
 * statements): each proposal names its company (`account`), `companies` lists them; a movement's
 * `key` is its new identity (src/bank/types.ts), a proposal says how it fits (`fit`) and whether a
 * person accepted it in a review (`reviewed`), a statement file how many statements it holds.
 * `fisco bank match` writes it as the proposals are made (planHead, planProposal, planTail: valid JSON
 * only once the tail is written, and the file is renamed into place only then). Version 4: a CBI
 * movement's key no longer holds its statement's date and number (the same movement listed by another
 * statement is the same movement). Plans of versions 1 to 3 are refused by name: their movement keys
 * could collide (CBI's daily numbers, NONREF) or depend on the statement that lists the movement, so
 * applying them could register a credit under another's identity, or again; match the statement again.
 */
import * as z from '../api/zod.js';
import { errorText, UsageError } from '../errors.js';
import { add, cmp, isZero, sub, sum } from '../domain/money.js';
import type { Allocation, Proposal, StatementFormat } from './types.js';
import { decimal, joined, type Message, money, t } from '../i18n/message.js';

export const PLAN_KIND = 'fisco-bank-plan';
export const PLAN_VERSION = 4;

const FORMATS = ['camt.053', 'camt.054', 'cbi-xml', 'cbi-rh', 'mt940', 'csv'] as const satisfies readonly StatementFormat[];
/** A positive or zero amount as fisco writes them: "1220.10". */
const amount = z.string().regex(/^\d{1,11}\.\d{2}$/, 'must be an amount with two decimals, like 1220.10');
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

const movementSchema = z.strictObject({
  key: z.string().min(1).max(300),
  source: z.strictObject({ file: z.string(), format: z.enum(FORMATS), location: z.string() }),
  accountIban: z.string().optional(),
  bookingDate: date,
  valueDate: date.optional(),
  amount,
  currency: z.string().min(1).max(8),
  direction: z.enum(['credit', 'debit']),
  reversal: z.boolean(),
  payer: z.strictObject({ name: z.string().optional(), iban: z.string().optional() }).optional(),
  remittance: z.string(),
  references: z.strictObject({ bank: z.string().optional(), entry: z.string().optional(), endToEnd: z.string().optional(), creditor: z.string().optional() }),
  charges: amount.optional(),
});

const allocationSchema = z.strictObject({
  invoiceId: z.string().min(1),
  uuid: z.string().min(1).max(200),
  number: z.string(),
  amount,
  amountDueSeen: amount,
});

const proposalShape = {
  movement: movementSchema,
  status: z.enum(['proposed', 'unmatched', 'skipped', 'already-registered']),
  confidence: z.number().min(0).max(1),
  reasons: z.array(z.string()),
  allocations: z.array(allocationSchema),
  fit: z.enum(['exact', 'fee', 'partial', 'over']).optional(),
  reviewed: z.boolean().optional(),
  fee: amount.optional(),
  excess: amount.optional(),
  skipReason: z.string().optional(),
  nearMisses: z.array(z.strictObject({ number: z.string(), amountDue: amount, counterpartName: z.string().optional(), why: z.string() })).optional(),
};
const companySchema = z.strictObject({ id: z.string().min(1), name: z.string().optional() });
const statementSchema = z.strictObject({
  file: z.string(),
  format: z.enum(FORMATS),
  accountIban: z.string().optional(),
  /** How many statements the file holds (camt Stmt/Ntfctn, CBI 61 records, MT940 messages). */
  statements: z.number().int().min(0),
  movements: z.number().int().min(0),
});

export const planSchema = z.strictObject({
  kind: z.literal(PLAN_KIND),
  version: z.literal(PLAN_VERSION),
  createdAt: z.string(),
  /** The profile the plan was made with ('env' for FISCO_TOKEN without a profile, 'demo' for --demo). */
  profile: z.string().min(1),
  baseUrl: z.string().min(1),
  feeTolerance: amount,
  /** Each proposal's `account` is one of these. */
  companies: z.array(companySchema),
  statements: z.array(statementSchema),
  proposals: z.array(z.strictObject({ account: z.string().min(1), ...proposalShape })),
});

type ParsedPlan = z.infer<typeof planSchema>;
/**
 * A proposal of the plan: as read from a file its reasons are text; as made by the matcher they are
 * Messages (shown in the run's language), written to the file as their English text (Message.toJSON).
 */
export type PlanProposal = Omit<ParsedPlan['proposals'][number], 'reasons' | 'skipReason' | 'nearMisses'> &
  Pick<Proposal, 'reasons' | 'skipReason' | 'nearMisses'>;
export type Plan = Omit<ParsedPlan, 'proposals'> & { proposals: PlanProposal[] };
export type PlanCompany = Plan['companies'][number];

const MAKE_ONE = t`Make one with: fisco bank match STATEMENT --plan plan.json`;

/** The journal's step key of one allocation: the movement's identity and the invoice it pays. */
export function stepKey(movementKey: string, allocation: Pick<Allocation, 'uuid'>): string {
  return `${movementKey}>${allocation.uuid}`;
}

/**
 * The rules a schema cannot say: allocations of a proposed credit add up to the credit (plus the
 * fee read as a bank charge, minus the excess reported), each at most what the invoice was due,
 * and no allocation twice.
 */
function consistency(plan: Plan): Message[] {
  const problems: Message[] = [];
  const seen = new Set<string>();
  const companies = new Set(plan.companies.map((c) => c.id));
  plan.proposals.forEach((proposal, index) => {
    const where = `proposals[${index}]`;
    if (!companies.has(proposal.account)) problems.push(t`${where}.account: ${proposal.account} is not one of the plan's companies`);
    if (proposal.status !== 'proposed') return;
    if (proposal.allocations.length === 0) problems.push(t`${where}.allocations: a proposed credit needs at least one invoice`);
    if (proposal.movement.direction !== 'credit' || proposal.movement.reversal)
      problems.push(t`${where}.movement: only a credit that is not a reversal can be registered`);
    if (proposal.movement.currency !== 'EUR')
      problems.push(t`${where}.movement.currency: only EUR credits are registered (found ${proposal.movement.currency})`);
    proposal.allocations.forEach((allocation, i) => {
      const at = `${where}.allocations[${i}]`;
      if (isZero(allocation.amount)) problems.push(t`${at}.amount: must be more than 0.00`);
      if (cmp(allocation.amount, allocation.amountDueSeen) > 0)
        problems.push(t`${at}.amount: ${money(allocation.amount)} is more than the ${money(allocation.amountDueSeen)} the invoice was due`);
      const key = `${proposal.account}\u0000${stepKey(proposal.movement.key, allocation)}`;
      if (seen.has(key)) problems.push(t`${at}: invoice ${allocation.number} is allocated twice from the same credit`);
      seen.add(key);
    });
    const allocated = sum(proposal.allocations.map((a) => a.amount));
    const accounted = sub(add(proposal.movement.amount, proposal.fee ?? '0.00'), proposal.excess ?? '0.00');
    if (proposal.allocations.length > 0 && cmp(allocated, accounted) !== 0) {
      const credit = joined(
        [
          t`the credit of ${money(proposal.movement.amount)}`,
          ...(proposal.fee ? [t`plus the fee ${money(proposal.fee)}`] : []),
          ...(proposal.excess ? [t`minus the excess ${money(proposal.excess)}`] : []),
        ],
        ' ',
      );
      problems.push(t`${where}.allocations: they add up to ${money(allocated)}, but ${credit} is ${money(accounted)}`);
    }
    // A fee is within the tolerance, or exactly the charges the statement states.
    const fee = proposal.fee ?? '0.00';
    if (cmp(fee, plan.feeTolerance) > 0 && (proposal.movement.charges === undefined || cmp(fee, proposal.movement.charges) !== 0)) {
      problems.push(t`${where}.fee: ${money(fee)} is over the plan's fee tolerance ${money(plan.feeTolerance)} and is not the charges the statement states`);
    }
  });
  return problems;
}

/** Reads a plan's text; every problem at once, each with its path in the file (exit 2). */
export function parsePlan(text: string, file: string): Plan {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(t`${file}: not a plan file: not JSON (${errorText(error)})`, [MAKE_ONE]);
  }
  if (typeof raw !== 'object' || raw === null || (raw as { kind?: unknown }).kind !== PLAN_KIND) {
    throw new UsageError(t`${file}: not a plan file of fisco bank match (no "kind": "${PLAN_KIND}")`, [MAKE_ONE]);
  }
  const version = (raw as { version?: unknown }).version;
  if (version === 1 || version === 2 || version === 3) {
    throw new UsageError(
      t`${file}: a plan of version ${version}, made by an earlier fisco whose bank movement identities could collide (a bank's NONREF or EREF, CBI's numbers 1..N each day) or depend on the statement that lists the movement (a CBI number with the statement's date): it is not applied; nothing was sent`,
      [
        t`Match the statement again with this fisco: fisco bank match STATEMENT --plan plan.json, then fisco bank apply plan.json`,
        t`What the earlier plan registered is in the journal and is recognised: those credits come out as already-registered.`,
      ],
    );
  }
  if (version !== PLAN_VERSION) {
    throw new UsageError(t`${file}: a plan of version ${JSON.stringify(version)}: this fisco reads version ${PLAN_VERSION}; nothing was sent`, [
      t`Make it again with this fisco: fisco bank match STATEMENT --plan plan.json`,
    ]);
  }
  const result = planSchema.safeParse(raw);
  if (!result.success) {
    const lines = [...new Set(result.error.issues.map((issue) => `${issue.path.length ? formatPath(issue.path) : '(the plan)'}: ${issue.message}`))];
    throw new UsageError(
      lines.length === 1
        ? t`${file}: the plan is not valid (1 problem); nothing was sent`
        : t`${file}: the plan is not valid (${lines.length} problems); nothing was sent`,
      lines.slice(0, 50),
    );
  }
  const problems = consistency(result.data);
  if (problems.length > 0)
    throw new UsageError(
      problems.length === 1
        ? t`${file}: the plan is not consistent (1 problem); nothing was sent`
        : t`${file}: the plan is not consistent (${problems.length} problems); nothing was sent`,
      problems.slice(0, 50),
    );
  return result.data;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '');
}

/** Where the plan was made, against where apply runs: exit 2 naming each difference. */
export function checkPlanTarget(plan: Plan, file: string, here: { profile: string; baseUrl: string; account?: string }): void {
  const problems: Message[] = [];
  if (plan.profile !== here.profile) problems.push(t`it was made with profile '${plan.profile}', this run uses '${here.profile}'`);
  if (stripSlash(plan.baseUrl) !== stripSlash(here.baseUrl)) problems.push(t`it was made against ${plan.baseUrl}, this run talks to ${here.baseUrl}`);
  if (here.account !== undefined && !plan.companies.some((c) => c.id === here.account)) {
    const names = plan.companies.map((c) => `${c.id}${c.name ? ` (${c.name})` : ''}`).join(', ');
    problems.push(
      plan.companies.length === 1
        ? t`it is for company ${names}, --account names ${here.account}`
        : t`it is for companies ${names || t`none`}, --account names ${here.account}`,
    );
  }
  if (problems.length > 0) {
    throw new UsageError(
      problems.length === 1
        ? t`${file}: this plan is for another target; nothing was sent`
        : t`${file}: this plan is for another set of targets; nothing was sent`,
      [...problems, t`Run fisco bank match again with the profile and company that will apply it.`],
    );
  }
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A proposal sure enough to register without a review: its credit pays its invoices' residues exactly, or less a bank fee. */
export function isSure(proposal: Pick<PlanProposal, 'fit'>): boolean {
  return proposal.fit === 'exact' || proposal.fit === 'fee';
}

/**
 * The proposals apply registers: proposed ones that a person accepted in a review, and, without
 * `minConfidence`, the sure ones (exact, or less a bank fee: never a partial or an over-payment);
 * with it, every proposed one at or above it.
 */
export function acceptedProposals(plan: Pick<Plan, 'proposals'>, minConfidence?: number): PlanProposal[] {
  return plan.proposals.filter((p) => whyNotAccepted(p, minConfidence) === undefined);
}

/** Why apply leaves a proposal out (outcome and reason), or undefined when it registers it. */
export function whyNotAccepted(
  p: PlanProposal,
  minConfidence: number | undefined,
): { outcome: 'below-confidence' | 'needs-review' | 'not-proposed'; reason?: Message } | undefined {
  if (p.status !== 'proposed' || p.allocations.length === 0) return { outcome: 'not-proposed' };
  if (p.reviewed) return undefined;
  if (minConfidence !== undefined) {
    return p.confidence >= minConfidence
      ? undefined
      : { outcome: 'below-confidence', reason: t`confidence ${decimal(p.confidence)} is below --min-confidence ${decimal(minConfidence)}` };
  }
  if (isSure(p)) return undefined;
  const what = p.fit === 'over' ? t`an over-payment` : p.fit === 'partial' ? t`a partial payment` : t`not an exact payment`;
  return {
    outcome: 'needs-review',
    reason: t`${what}: registered only once reviewed (bank match --review, or "reviewed": true in the plan) or with --min-confidence`,
  };
}

export function planText(plan: Plan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}

/** The fields known before the first proposal, up to the opening of the proposals array (see planText's layout). */
export function planHead(head: Omit<Plan, 'proposals' | 'companies' | 'statements'>): string {
  const text = JSON.stringify(head, null, 2);
  return `${text.slice(0, text.lastIndexOf('}')).trimEnd()},\n  "proposals": [`;
}

/** One proposal of the array, `first` without the comma before it. */
export function planProposal(proposal: PlanProposal, first: boolean): string {
  return `${first ? '' : ','}\n    ${JSON.stringify(proposal, null, 2).replace(/\n/g, '\n    ')}`;
}

/** What is known at the end (the companies, the statements read), closing the document. */
export function planTail(any: boolean, tail: Pick<Plan, 'companies' | 'statements'>): string {
  const text = JSON.stringify(tail, null, 2);
  return `${any ? '\n  ' : ''}],\n${text.slice(text.indexOf('{') + 1).replace(/^\n/, '')}\n`;
}

/**
 * The dunning plan file: what `fisco dunning plan` proposes and `fisco dunning send` sends. JSON,
 * written atomically; read back through a strict schema (a plan edited into another shape is exit 2
 * with every problem named), and refused when made for another profile or base URL. Each letter
 * names its HTML and PDF files (relative to the plan) with their sha256: a file changed since the
 * plan is not sent.
 */
import * as z from '../api/zod.js';
import { errorText, UsageError } from '../errors.js';
import { type Message, t } from '../i18n/message.js';

export const PLAN_KIND = 'fisco-dunning-plan';
export const PLAN_VERSION = 1;

const amount = z.string().regex(/^\d{1,11}\.\d{2}$/, 'must be an amount with two decimals, like 1220.10');
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const file = z.strictObject({ path: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

const periodSchema = z.strictObject({ from: date, to: date, days: z.number().int().min(1), reference_rate: z.string(), rate: z.string() });
const invoiceSchema = z.strictObject({
  invoice_id: z.string().min(1),
  uuid: z.string().nullable(),
  number: z.string(),
  issue_date: z.string(),
  due_date: date,
  residue: amount,
  days_late: z.number().int().min(1),
  interest: amount,
  periods: z.array(periodSchema),
  compensation: amount,
});
const clientSchema = z.strictObject({
  key: z.string().min(1),
  name: z.string(),
  vat_number: z.string().nullable(),
  client_id: z.number().int().nullable(),
  pec: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
});
const letterSchema = z.strictObject({
  id: z.string().min(1).max(200),
  account: z.string().min(1),
  client: clientSchema,
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  channel: z.enum(['pec', 'email', 'post']),
  to: z.string().nullable(),
  post_reason: z.string().nullable(),
  invoices: z.array(invoiceSchema).min(1),
  totals: z.strictObject({ residue: amount, interest: amount, compensation: amount, total: amount }),
  files: z.strictObject({ html: file, pdf: file }),
});
const companySchema = z.strictObject({ id: z.string().min(1), name: z.string(), vat_number: z.string().nullable(), iban: z.string().nullable() });

export const planSchema = z.strictObject({
  kind: z.literal(PLAN_KIND),
  version: z.literal(PLAN_VERSION),
  /** A random id: the journal keys a letter by it, so a letter is sent once per client, level and plan. */
  id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  createdAt: z.string(),
  profile: z.string().min(1),
  baseUrl: z.string().min(1),
  asOf: date,
  minDays: z.number().int().min(1),
  minInterval: z.number().int().min(0).optional(),
  compensation: z.boolean(),
  rates: z.strictObject({ origin: z.string(), rows: z.array(z.strictObject({ from: date, rate: z.string() })) }),
  companies: z.array(companySchema),
  letters: z.array(letterSchema),
  /** Clients whose next letter is not due yet (the cadence): the level it will have, from when. */
  waiting: z
    .array(
      z.strictObject({
        account: z.string(),
        client: z.string(),
        level: z.number().int(),
        last_date: date,
        last_level: z.number().int(),
        from: date,
      }),
    )
    .optional(),
  apart: z.array(
    z.strictObject({
      account: z.string(),
      invoice_id: z.string(),
      number: z.string(),
      counterpart: z.string(),
      amount_due: z.string().nullable(),
      reason: z.string(),
    }),
  ),
});

export type DunningPlan = z.infer<typeof planSchema>;
export type PlanLetter = DunningPlan['letters'][number];

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '');
}

const MAKE = t`Make one with: fisco dunning plan --plan piano.json`;

export function parsePlan(text: string, name: string): DunningPlan {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(t`${name}: not a dunning plan: not JSON (${errorText(error)})`, [MAKE]);
  }
  if (typeof raw !== 'object' || raw === null || (raw as { kind?: unknown }).kind !== PLAN_KIND)
    throw new UsageError(t`${name}: not a plan of fisco dunning plan (no "kind": "${PLAN_KIND}")`, [MAKE]);
  const result = planSchema.safeParse(raw);
  if (!result.success) {
    const lines = [...new Set(result.error.issues.map((i) => `${i.path.length ? formatPath(i.path) : '(the plan)'}: ${i.message}`))];
    throw new UsageError(
      lines.length === 1
        ? t`${name}: the plan is not valid (1 problem); nothing was sent`
        : t`${name}: the plan is not valid (${lines.length} problems); nothing was sent`,
      lines.slice(0, 50),
    );
  }
  const plan = result.data;
  const ids = new Set<string>();
  const companies = new Set(plan.companies.map((c) => c.id));
  const problems: Message[] = [];
  plan.letters.forEach((letter, i) => {
    const key = `${letter.account}/${letter.id}`;
    if (ids.has(key)) problems.push(t`letters[${i}].id: ${letter.id} appears twice for company ${letter.account}`);
    ids.add(key);
    if (!companies.has(letter.account)) problems.push(t`letters[${i}].account: ${letter.account} is not one of the plan's companies`);
    if (letter.channel !== 'post' && !letter.to) problems.push(t`letters[${i}].to: a letter by ${letter.channel} needs an address`);
    if (letter.level === 3 && letter.channel === 'email') problems.push(t`letters[${i}].channel: a diffida ad adempiere (level 3) goes only to a PEC`);
  });
  if (problems.length)
    throw new UsageError(
      problems.length === 1
        ? t`${name}: the plan is not consistent (1 problem); nothing was sent`
        : t`${name}: the plan is not consistent (${problems.length} problems); nothing was sent`,
      problems,
    );
  return plan;
}

export function planText(plan: DunningPlan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}

/** Where the plan was made against where send runs: exit 2 naming each difference. */
export function checkPlanTarget(plan: DunningPlan, name: string, here: { profile: string; baseUrl: string }): void {
  const problems: Message[] = [];
  if (plan.profile !== here.profile) problems.push(t`it was made with profile '${plan.profile}', this run uses '${here.profile}'`);
  if (plan.baseUrl.replace(/\/+$/, '') !== here.baseUrl.replace(/\/+$/, ''))
    problems.push(t`it was made against ${plan.baseUrl}, this run talks to ${here.baseUrl}`);
  if (problems.length)
    throw new UsageError(t`${name}: this plan is for another target; nothing was sent`, [
      ...problems,
      t`Make the plan again with the profile that will send it.`,
    ]);
}

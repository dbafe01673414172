import type { Proposal } from '../../bank/types.js';
import type { Tone, View } from '../../output/view.js';
import type { Text } from '../../i18n/message.js';
import { t } from '../../i18n/message.js';

/** One credit as `bank match` shows it: every reason kept (json/ndjson/csv), the invoices it pays. */
export interface ProposalRow {
  key: string;
  file: string;
  format: string;
  location: string;
  booking_date: string;
  amount: string;
  currency: string;
  direction: string;
  payer: string | null;
  remittance: string;
  /** The bank's reference as written (camt AcctSvcrRef, the MT940 or CBI bank reference), else the entry's or the end-to-end id; null when none. */
  reference: string | null;
  status: string;
  confidence: number;
  /** Proposed: exact, fee (less a bank fee), partial or over; null otherwise. */
  fit: string | null;
  invoices: string[];
  allocations: { number: string; uuid: string; amount: string; amount_due_seen: string }[];
  fee: string | null;
  excess: string | null;
  reasons: Text[];
  skip_reason: Text | null;
  near_misses: string[];
  /** The company, in a run over several companies' statements only. */
  company?: string;
}

export const PROPOSAL_FIELDS = [
  'key',
  'file',
  'format',
  'location',
  'booking_date',
  'amount',
  'currency',
  'direction',
  'payer',
  'remittance',
  'reference',
  'status',
  'confidence',
  'fit',
  'invoices',
  'allocations',
  'fee',
  'excess',
  'reasons',
  'skip_reason',
  'near_misses',
] as const;

export function proposalRow(proposal: Proposal, company?: string): ProposalRow {
  const { movement } = proposal;
  return {
    ...(company !== undefined ? { company } : {}),
    key: movement.key,
    file: movement.source.file,
    format: movement.source.format,
    location: movement.source.location,
    booking_date: movement.bookingDate,
    amount: movement.amount,
    currency: movement.currency,
    direction: movement.direction,
    payer: movement.payer?.name ?? null,
    remittance: movement.remittance,
    reference: movement.references.bank ?? movement.references.entry ?? movement.references.endToEnd ?? null,
    status: proposal.status,
    confidence: proposal.confidence,
    fit: proposal.fit ?? null,
    invoices: proposal.allocations.map((a) => a.number),
    allocations: proposal.allocations.map((a) => ({ number: a.number, uuid: a.uuid, amount: a.amount, amount_due_seen: a.amountDueSeen })),
    fee: proposal.fee ?? null,
    excess: proposal.excess ?? null,
    reasons: proposal.reasons,
    skip_reason: proposal.skipReason ?? null,
    near_misses: (proposal.nearMisses ?? []).map((m) => `${m.number} (${m.amountDue} due${m.counterpartName ? `, ${m.counterpartName}` : ''}): ${m.why}`),
  };
}

const statusTone = (row: unknown): Tone => {
  const status = (row as { status?: string }).status;
  return status === 'proposed' ? 'ok' : status === 'unmatched' ? 'warn' : status === 'already-registered' || status === 'skipped' ? 'muted' : undefined;
};

export const proposalView: View = {
  fields: PROPOSAL_FIELDS,
  columns: [
    { key: 'booking_date', label: t`Date`, kind: 'date' },
    { key: 'amount', label: t`Amount`, kind: 'money' },
    { key: 'payer', label: t`Payer`, priority: 2 },
    { key: 'status', label: t`Status`, tone: statusTone },
    { key: 'confidence', label: t`Conf.`, priority: 3 },
    { key: 'invoices', label: t`Invoices`, kind: 'list', isKey: true },
    { key: 'reasons', label: t`Why`, kind: 'list', priority: 1, wrap: 3, minWidth: 20 },
  ],
  amountFields: ['amount', 'fee', 'excess'],
  empty: t`No movements in the statements.`,
};

/** A view with the company first: for a run over several companies (bank match of a firm's statements, bank apply of its plan). */
export function withCompany(view: View): View {
  return { ...view, fields: ['company', ...(view.fields ?? [])], columns: [{ key: 'company', label: t`Company`, priority: 2 }, ...(view.columns ?? [])] };
}

/** One credit after `bank apply`: what happened to each of its allocations. */
export interface ResultRow {
  key: string;
  file: string;
  booking_date: string;
  amount: string;
  payer: string | null;
  /** applied, already-registered, partly-applied, skipped, refused, unresolved, not-reached, below-confidence, needs-review, unmatched, not-proposed */
  outcome: string;
  invoices: { number: string; uuid: string; amount: string; state: string; payment_id: string | number | null; message: Text | null }[];
  /** The invoices in one line, for the table: "12/2026 100.00 applied; 13/2026 50.00 skipped". */
  detail: Text;
  fee: string | null;
  excess: string | null;
  reason: Text | null;
  /** The company, when the plan holds several. */
  company?: string;
}

export const RESULT_FIELDS = ['key', 'file', 'booking_date', 'amount', 'payer', 'outcome', 'invoices', 'detail', 'fee', 'excess', 'reason'] as const;

const outcomeTone = (row: unknown): Tone => {
  const outcome = (row as { outcome?: string }).outcome;
  if (outcome === 'applied') return 'ok';
  if (outcome === 'refused' || outcome === 'unresolved' || outcome === 'partly-applied') return 'danger';
  if (outcome === 'skipped' || outcome === 'not-reached' || outcome === 'needs-review') return 'warn';
  return 'muted';
};

export const resultView: View = {
  fields: RESULT_FIELDS,
  columns: [
    { key: 'booking_date', label: t`Date`, kind: 'date' },
    { key: 'amount', label: t`Amount`, kind: 'money' },
    { key: 'payer', label: t`Payer`, priority: 2 },
    { key: 'outcome', label: t`Outcome`, tone: outcomeTone },
    { key: 'detail', label: t`Invoices` },
    { key: 'reason', label: t`Why`, priority: 1 },
  ],
  amountFields: ['amount', 'fee', 'excess'],
  empty: t`No credits in the plan.`,
};

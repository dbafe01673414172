/**
 * fisco sync --status: what the mirror holds, per company (no request): the last sync and the last
 * full sync (the service's clock), the records per resource, what the service refused, and the
 * file's size (the same on every row; also said on stderr).
 */
import type { Factory } from '../../factory/factory.js';
import { KIND } from '../../mirror/kinds.js';
import { localInstant } from '../../domain/dates.js';
import { localTime, when } from '../../mirror/locate.js';
import type { MirrorCompany } from '../../mirror/store.js';
import type { View } from '../../output/view.js';
import { pickCompanies } from '../../portfolio/companies.js';
import { PAYMENTS_READING, readingOf, type PaymentsReading } from '../../mirror/payments.js';
import { t, type Text } from '../../i18n/message.js';

export const STATUS_FIELDS = [
  'account_id',
  'company',
  'last_sync',
  'last_full_sync',
  'as_of',
  'invoices',
  'clients',
  'cost_centers',
  'expenses',
  'expense_months',
  'f24s',
  'f24_details',
  'deadlines',
  'refused',
  'mirror_bytes',
] as const;

/**
 * The table: each company's moments on this machine's clock face (`26/11/2026 21:46`), the last
 * sync with its age (`…, 4 min ago`, in the run's language); json, ndjson and csv carry the instants (ISO-8601).
 */
function statusView(held: ReadonlyMap<string, MirrorCompany>, now: number): View {
  const company = (row: unknown) => held.get((row as { account_id: string }).account_id)!;
  return {
    columns: [
      { key: 'company', label: t`Company`, minWidth: 20 },
      { key: 'as_of', label: t`As of`, show: (row) => when(company(row).syncedAt, company(row).syncedLocal, now) },
      {
        key: 'last_full_sync',
        label: t`Last full sync`,
        priority: 6,
        show: (row) => localTime(company(row).fullAt!),
      },
      { key: 'invoices', label: t`Invoices`, kind: 'count' },
      { key: 'clients', label: t`Clients`, kind: 'count', priority: 2 },
      { key: 'expenses', label: t`Expenses`, kind: 'count', priority: 3 },
      { key: 'f24s', label: t`F24`, kind: 'count', priority: 4 },
      { key: 'deadlines', label: t`Deadlines`, kind: 'count', priority: 5 },
    ],
    fields: STATUS_FIELDS,
    empty: t`The mirror holds no company yet: run fisco sync.`,
  };
}

function rowOf(company: MirrorCompany, counts: Map<number, number>, refused: string[], bytes: number, timeZone: string | undefined) {
  const count = (kind: number) => counts.get(kind) ?? 0;
  return {
    account_id: company.id,
    company: company.name,
    last_sync: new Date(company.syncedAt).toISOString(),
    last_full_sync: company.fullAt === undefined ? null : new Date(company.fullAt).toISOString(),
    // The last sync's instant on this machine's clock, with its offset: machine formats carry instants, never words or ages.
    as_of: localInstant(company.syncedAt, timeZone) ?? null,
    invoices: count(KIND.invoice),
    clients: count(KIND.client),
    cost_centers: count(KIND.costCenter),
    expenses: count(KIND.expense),
    expense_months: company.expensesFrom && company.expensesTo ? `${company.expensesFrom}..${company.expensesTo}` : null,
    f24s: count(KIND.f24),
    f24_details: count(KIND.f24Detail),
    deadlines: count(KIND.deadline),
    refused,
    mirror_bytes: bytes,
  };
}

/** Which reading of payments and `updated_since` the syncs have seen (src/mirror/payments.ts). */
function readingNote(reading: PaymentsReading | undefined): Text {
  if (reading === 'moves') return t`payments: seen moving updated_since; the open invoices are read once per service day`;
  if (reading === 'stays') return t`payments: seen not moving updated_since; the open invoices are read on every sync`;
  return t`payments: not yet seen whether they move updated_since; the open invoices are read on every sync`;
}

export async function showStatus(factory: Factory): Promise<void> {
  const mirror = await factory.mirror();
  const held = mirror.companies();
  const selection = await factory.selection();
  const companies = pickCompanies(held, selection);
  const bytes = mirror.bytes();
  const now = Date.now();
  const rows = companies.map((c) =>
    rowOf(
      c,
      mirror.counts(c.cid),
      mirror.refusals(c.cid).map((r) => r.resource),
      bytes,
      factory.env.TZ,
    ),
  );
  await factory.output.list(rows, statusView(new Map(companies.map((c) => [c.id, c])), now));
  factory.output.info(t`mirror: ${mirror.path}, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  factory.output.info(readingNote(readingOf(mirror.meta(PAYMENTS_READING))));
}

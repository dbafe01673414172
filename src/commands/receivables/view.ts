/**
 * How the scadenzario reads in a table: one name column and the buckets in euro (Italian form,
 * without the € sign, so that the table fits 80 columns); json, ndjson and csv keep every field.
 */
import { formatEuro } from '../../domain/money.js';
import type { View } from '../../output/view.js';

import { RECEIVABLE_AMOUNTS, RECEIVABLE_FIELDS, type ReceivableRow } from '../../receivables/ageing.js';
import { BUCKET_LABELS, BUCKETS } from '../../receivables/items.js';
import { t, type Text } from '../../i18n/message.js';

const euro = (amount: string) => (/^-?0(\.0+)?$/.test(amount) ? '–' : formatEuro(amount).replace(/\s*€$/, ''));

/** Client rows come before their company's total, which names the company when there are several. */
function name(row: ReceivableRow, companies: number): Text {
  if (row.row === 'firm') return t`Firm total`;
  if (row.row === 'company') return companies > 1 ? t`Total ${row.company ?? row.account_id ?? ''}` : t`Total`;
  return row.row === 'invoice' ? `${row.number} ${row.client ?? ''}` : (row.client ?? '');
}

/** The table's rows: every amount already in Italian form. */
export function tableRows(rows: readonly ReceivableRow[]): Record<string, unknown>[] {
  const companies = new Set(rows.map((r) => r.account_id).filter(Boolean)).size;
  return rows.map((row) => ({
    row: row.row,
    name: name(row, companies),
    ...Object.fromEntries(BUCKETS.map((b) => [b, euro(row[b])])),
    total: euro(row.total),
    late: row.row === 'invoice' ? row.days_late : row.max_days_late,
    dso: row.dso,
  }));
}

export function tableView(): View {
  const amount = (key: string, label: Text, priority?: number) => ({ key, label, kind: 'count' as const, priority });
  return {
    columns: [
      {
        key: 'name',
        label: t`Client`,
        minWidth: 18,
        tone: (r) => ((r as { row: string }).row === 'client' || (r as { row: string }).row === 'invoice' ? undefined : 'ok'),
      },
      amount('not_due', t`Not due`, 1),
      amount('d1_30', BUCKET_LABELS.d1_30),
      amount('d31_60', BUCKET_LABELS.d31_60),
      amount('d61_90', BUCKET_LABELS.d61_90),
      amount('over_90', BUCKET_LABELS.over_90),
      amount('total', t`Total €`),
      { key: 'late', label: t`Days`, kind: 'count', priority: 3 },
      { key: 'dso', label: t`DSO`, kind: 'count', priority: 2 },
    ],
    rowTone: (r) => ((r as { row: string }).row === 'firm' ? 'ok' : undefined),
    empty: t`No open invoices.`,
  };
}

export const dataView: View = {
  fields: RECEIVABLE_FIELDS,
  amountFields: RECEIVABLE_AMOUNTS,
  empty: t`No open invoices.`,
  // Here `overdue` is the amount past due (an invoice's own `overdue` is a yes/no).
  italianHeaders: { overdue: 'Totale scaduto', invoices: 'Numero fatture', total: 'Totale aperto' },
};

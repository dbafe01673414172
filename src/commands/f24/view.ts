import { F24_AMOUNTS, F24_FIELDS, type F24 } from '../../api/f24.js';
import type { Tone, View } from '../../output/view.js';
import { t } from '../../i18n/message.js';

export function f24Tone(status: unknown): Tone {
  if (status === 'expired') return 'danger';
  if (status === 'ready') return 'warn';
  if (status === 'paid') return 'ok';
  if (status === 'cancelled' || status === 'draft') return 'muted';
  return undefined;
}

export const f24View: View = {
  columns: [
    // "What is to pay, when, how much": the ID is the key (f24 get and f24 download take it), never
    // left out or cut; on a narrow terminal the payment date goes first, then the description, then the period.
    { key: 'id', label: t`ID`, isKey: true },
    { key: 'period', label: t`Period`, priority: 2 },
    { key: 'due_date', label: t`Due`, kind: 'date' },
    { key: 'description', label: t`Description`, priority: 3 },
    { key: 'total_amount', label: t`Total`, kind: 'money' },
    { key: 'status', label: t`Status`, tone: (row) => f24Tone((row as F24).status) },
    { key: 'payment_date', label: t`Paid on`, kind: 'date', priority: 4 },
  ],
  fields: F24_FIELDS,
  amountFields: F24_AMOUNTS,
  rowTone: (row) => ((row as F24).status === 'expired' ? 'danger' : undefined),
  empty: t`No F24 forms for these filters.`,
};

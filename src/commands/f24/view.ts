import { F24_AMOUNTS, F24_FIELDS, type F24 } from '../../api/f24.js';
import { flatten } from '../../output/fields.js';
import type { Column, Tone, View } from '../../output/view.js';
import { t } from '../../i18n/message.js';

export function f24Tone(status: unknown): Tone {
  if (status === 'expired') return 'danger';
  if (status === 'ready') return 'warn';
  if (status === 'paid') return 'ok';
  if (status === 'cancelled' || status === 'draft') return 'muted';
  return undefined;
}

/** The labelled fields of one form (`f24 get`), in the order a person reads them. */
const DETAIL_COLUMNS: Column[] = [
  { key: 'id', label: t`ID` },
  { key: 'description', label: t`Description` },
  { key: 'period', label: t`Period` },
  { key: 'due_date', label: t`Due`, kind: 'date' },
  { key: 'amount', label: t`Amount`, kind: 'money' },
  { key: 'total_amount', label: t`Total`, kind: 'money' },
  { key: 'currency', label: t`Currency` },
  { key: 'status', label: t`Status`, tone: (row) => f24Tone((row as F24).status) },
  { key: 'native_status', label: t`Status at the source` },
  { key: 'payment_date', label: t`Paid on`, kind: 'date' },
  { key: 'payment_reference', label: t`Payment reference` },
  { key: 'receipt_available', label: t`Receipt available`, kind: 'bool' },
  { key: 'taxpayer.name', label: t`Taxpayer` },
  { key: 'taxpayer.vat_number', label: t`VAT number` },
  { key: 'taxpayer.fiscal_code', label: t`Tax code` },
  { key: 'account_id', label: t`Company` },
  { key: 'file_url', label: t`PDF` },
  { key: 'url', label: t`Link` },
];

/**
 * One form as `f24 get` shows it, labelled like `invoice get`: the fields the API document names,
 * then any other field the service sends (its detail is not in the contract), under its own name.
 * json, ndjson and csv keep every field as it arrives.
 */
export function f24DetailView(record: unknown): View {
  const known = new Set(DETAIL_COLUMNS.map((c) => c.key));
  const present = flatten(record);
  const extra = Object.keys(present).filter((key) => !known.has(key) && !DETAIL_COLUMNS.some((c) => key.startsWith(`${c.key}.`)));
  return {
    columns: [...DETAIL_COLUMNS.filter((c) => c.key in present), ...extra.map((key) => ({ key }))],
    amountFields: F24_AMOUNTS,
  };
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

import { ACCOUNT_FIELDS } from '../../api/accounts.js';
import type { View } from '../../output/view.js';

export const accountView: View = {
  columns: [
    { key: 'id', label: 'ID' },
    { key: 'name', label: 'Name' },
    { key: 'vat_number', label: 'VAT number' },
    { key: 'fiscal_code', label: 'Fiscal code' },
    { key: 'status', label: 'Status' },
  ],
  fields: ACCOUNT_FIELDS,
  empty: 'No companies.',
};

import { ACCOUNT_FIELDS } from '../../api/accounts.js';
import type { View } from '../../output/view.js';
import { t } from '../../i18n/message.js';

export const accountView: View = {
  columns: [
    // The id is what --account takes: a key, never left out or cut.
    { key: 'id', label: t`ID`, isKey: true },
    { key: 'name', label: t`Name` },
    { key: 'vat_number', label: t`VAT number`, priority: 1 },
    { key: 'fiscal_code', label: t`Fiscal code`, priority: 3 },
    { key: 'status', label: t`Status`, priority: 2 },
  ],
  fields: ACCOUNT_FIELDS,
  empty: t`No companies.`,
};

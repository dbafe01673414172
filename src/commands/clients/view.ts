import { CLIENT_FIELDS } from '../../api/clients.js';
import type { View } from '../../output/view.js';
import { t } from '../../i18n/message.js';

export const clientView: View = {
  columns: [
    // What `invoice create --client` takes.
    { key: 'id', label: 'ID', kind: 'count', isKey: true },
    { key: 'name', label: 'Name' },
    { key: 'piva', label: 'VAT number', priority: 1, minWidth: 13 },
    { key: 'sdi', label: 'SDI', priority: 2 },
    { key: 'pec', label: 'PEC', priority: 3 },
    { key: 'city', label: 'City', priority: 4 },
    { key: 'province', label: 'Prov.', priority: 5 },
    { key: 'country', label: 'Country', priority: 6 },
    { key: 'created_at', label: 'Created', kind: 'date', priority: 7 },
  ],
  fields: CLIENT_FIELDS,
  empty: t`No clients.`,
};

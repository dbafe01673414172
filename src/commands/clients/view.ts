import { CLIENT_FIELDS } from '../../api/clients.js';
import type { View } from '../../output/view.js';
import { t } from '../../i18n/message.js';

export const clientView: View = {
  columns: [
    // What `invoice create --client` takes.
    { key: 'id', label: t`ID`, kind: 'count', isKey: true },
    { key: 'name', label: t`Name` },
    { key: 'piva', label: t`VAT number`, priority: 1, minWidth: 13 },
    { key: 'sdi', label: t`SDI`, priority: 2 },
    { key: 'pec', label: t`PEC`, priority: 3 },
    { key: 'city', label: t`City`, priority: 4 },
    { key: 'province', label: t`Prov.`, priority: 5 },
    { key: 'country', label: t`Country`, priority: 6 },
    { key: 'created_at', label: t`Created`, kind: 'date', priority: 7 },
  ],
  fields: CLIENT_FIELDS,
  empty: t`No clients.`,
};

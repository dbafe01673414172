import { CLIENT_FIELDS } from '../../api/clients.js';
import type { View } from '../../output/view.js';

export const clientView: View = {
  columns: [
    { key: 'id', label: 'ID', kind: 'count' },
    { key: 'name', label: 'Name' },
    { key: 'piva', label: 'VAT number' },
    { key: 'sdi', label: 'SDI' },
    { key: 'pec', label: 'PEC' },
    { key: 'city', label: 'City' },
    { key: 'province', label: 'Prov.' },
    { key: 'country', label: 'Country' },
    { key: 'created_at', label: 'Created', kind: 'date' },
  ],
  fields: CLIENT_FIELDS,
  empty: 'No clients.',
};

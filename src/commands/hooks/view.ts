import { HOOK_FIELDS } from '../../api/hooks.js';
import type { View } from '../../output/view.js';
import { t } from '../../i18n/message.js';

export const hookView: View = {
  columns: [
    // What `hooks delete` takes.
    { key: 'id', label: t`ID`, isKey: true },
    { key: 'name', label: t`Name` },
    { key: 'target_url', label: t`URL` },
    { key: 'events', label: t`Events`, kind: 'list', priority: 2 },
    { key: 'source', label: t`Source`, priority: 3 },
    { key: 'is_active', label: t`Active`, kind: 'bool', tone: (row) => ((row as { is_active?: boolean }).is_active ? 'ok' : 'muted'), priority: 1 },
  ],
  fields: HOOK_FIELDS,
  empty: t`No webhook subscriptions for this company.`,
};

export const createdHookView: View = { columns: [...hookView.columns!, { key: 'secret', label: t`Secret` }] };

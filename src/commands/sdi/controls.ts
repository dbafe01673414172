/** fisco sdi controls: every SDI control with who decides it (src/sdi/control-table.ts). */
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import type { LIST_FLAGS } from '../../flags/shared.js';
import { t, type Text } from '../../i18n/message.js';
import { CONTROLS } from '../../sdi/control-table.js';
import { CHECKED_BY } from './words.js';

export async function run(_args: string[], _options: FlagValues<typeof LIST_FLAGS>, factory: Factory): Promise<void> {
  const say = (text: Text) => factory.output.render(text);
  await factory.output.list(
    CONTROLS.map((c) => ({ code: c.code, checked_by: CHECKED_BY[c.decided], element: c.element, sdi_text: c.sdiText, checks: say(c.what) })),
    {
      columns: [
        { key: 'code', label: t`Code`, isKey: true },
        { key: 'checked_by', label: t`Checked by` },
        { key: 'sdi_text', label: t`SDI text`, minWidth: 16 },
        { key: 'checks', label: t`What it checks`, minWidth: 16, priority: 2 },
        { key: 'element', label: t`Element`, priority: 1 },
      ],
      empty: t`No controls.`,
    },
  );
}

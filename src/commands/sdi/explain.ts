/** fisco sdi explain CODE: one SDI control in the run's language, and what to do after a rejection. */
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import { t, type Text } from '../../i18n/message.js';
import { controlOf, CONTROLS } from '../../sdi/control-table.js';
import { RESEND_WINDOW_DAYS } from '../../sdi/rejection.js';
import { CHECKED_BY } from './words.js';

export async function run([code]: string[], _options: object, factory: Factory): Promise<void> {
  const control = controlOf(code);
  if (!control)
    throw new UsageError(t`<code>: '${code}' is not an SDI control fisco knows; give a code of 5 digits like 00404`, [
      t`fisco sdi controls lists them all (${CONTROLS.map((c) => c.code).join(', ')})`,
    ]);
  const say = (text: Text) => factory.output.render(text);
  const checkedBy = {
    fisco: t`fisco, before anything is sent`,
    partly: t`fisco checks the part that depends only on the invoice; the SDI the rest`,
    sdi: t`the SDI only: fisco cannot decide it before sending`,
  }[control.decided];
  await factory.output.item(
    {
      code: control.code,
      sdi_text: control.sdiText,
      element: control.element,
      checked_by: CHECKED_BY[control.decided],
      who: say(checkedBy),
      checks: say(control.what),
      usual_cause: say(control.why),
      what_to_do: say(control.fix),
      after_a_rejection: say(
        t`a rejected invoice counts as never issued: send the corrected invoice again within ${RESEND_WINDOW_DAYS} days of the rejection, with the same number and date; do not issue a credit note, there is nothing to cancel (docs/invoicing.md, "After a rejection")`,
      ),
    },
    {
      columns: [
        { key: 'code', label: t`Code` },
        { key: 'sdi_text', label: t`SDI text` },
        { key: 'element', label: t`Element` },
        { key: 'who', label: t`Checked by` },
        { key: 'checks', label: t`What it checks` },
        { key: 'usual_cause', label: t`Usual cause` },
        { key: 'what_to_do', label: t`What to do` },
        { key: 'after_a_rejection', label: t`After a rejection` },
      ],
    },
  );
}

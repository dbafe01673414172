/** What `dunning send` prints: one row per letter of the plan, with what happened to it. */
import type { DunningPlan, PlanLetter } from '../../dunning/plan-file.js';
import { letterKey } from '../../dunning/journal.js';
import type { SendRun } from '../../dunning/sender.js';
import type { View } from '../../output/view.js';
import { t } from '../../i18n/message.js';
import { entryWords } from '../../journal/words.js';
import { postReasonText } from '../../dunning/letter.js';

export function rowsOf(plan: DunningPlan, letters: readonly PlanLetter[], runs: ReadonlyMap<string, SendRun>, badAddress: ReadonlyMap<string, string>) {
  return letters.map((letter) => {
    const run = runs.get(letter.account);
    const key = letterKey(plan.id, letter.id);
    const entry = run?.result.entries.get(key);
    const r = run?.result;
    const state =
      letter.channel === 'post'
        ? badAddress.has(key)
          ? 'no-address'
          : 'registered-mail'
        : badAddress.has(key)
          ? 'bad-address'
          : !run
            ? 'not-reached'
            : r!.sentNow.includes(key)
              ? 'sent'
              : r!.alreadyDone.includes(key)
                ? 'already-sent'
                : run.blocked.has(key)
                  ? 'held-back'
                  : run.notAttempted.has(key)
                    ? 'not-sent'
                    : r!.skipped.includes(key)
                      ? 'changed'
                      : r!.changed.includes(key)
                        ? 'plan-edited'
                        : r!.unresolved.includes(key)
                          ? 'unknown'
                          : (entry?.state ?? 'not-reached');
    return {
      account_id: letter.account,
      letter: letter.id,
      client: letter.client.name,
      level: letter.level,
      channel: letter.channel,
      to: letter.to,
      total: letter.totals.total,
      state: state === 'done' ? 'sent' : state === 'refused' ? 'not-sent' : state === 'absent' ? 'not-sent' : state,
      message: badAddress.has(key)
        ? badAddress.get(key)!
        : letter.channel === 'post'
          ? t`${postReasonText(letter.post_reason)}: print ${letter.files.pdf.path}`
          : (run?.skipped.get(key) ?? (state === 'sent' || state === 'already-sent' ? null : (entryWords(entry) ?? null))),
      message_id: typeof entry?.result?.message_id === 'string' ? entry.result.message_id : null,
    };
  });
}

export const resultView: View = {
  columns: [
    { key: 'client', label: t`Client`, minWidth: 16 },
    { key: 'level', label: t`Lv`, kind: 'count' },
    { key: 'state', label: t`State`, tone: (r) => (['sent', 'already-sent'].includes((r as { state: string }).state) ? 'ok' : 'warn') },
    { key: 'to', label: t`To`, priority: 2 },
    { key: 'message', label: t`Why`, priority: 1 },
  ],
  fields: ['account_id', 'letter', 'client', 'level', 'channel', 'to', 'total', 'state', 'message', 'message_id'],
  amountFields: ['total'],
  empty: t`The plan has no letter.`,
};

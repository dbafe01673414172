/**
 * The confirmation guard (docs/invoicing.md): nothing reaches the SDI unless a person confirmed it on a
 * terminal (default No) or passed --yes; without a terminal, --send needs --yes (exit 10 otherwise).
 */
import { NotConfirmedError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import type { Mode } from '../../invoice/draft.js';
import { t, type Text } from '../../i18n/message.js';

export type { Mode } from '../../invoice/draft.js';

/** The mode the flags ask for; none is a usage error when nobody can be asked. */
export function modeFromFlags(flags: { draft?: boolean; send?: boolean }, canPrompt: boolean): Mode | undefined {
  if (flags.draft && flags.send) throw new UsageError(t`--draft and --send exclude each other`);
  if (flags.send) return 'send';
  if (flags.draft) return 'draft';
  if (!canPrompt) {
    throw new UsageError(t`say what to do with the invoice: --draft (a draft, not sent) or --send (transmit to the SDI, irreversible)`, [
      t`with --send and no terminal, also pass --yes; --dry-run shows the request without sending it`,
    ]);
  }
  return undefined;
}

/**
 * Whether the send may go ahead: --yes, or a person's explicit yes (default No). Without a
 * terminal, --send needs --yes (exit 10). False means a person declined.
 */
export async function confirmSend(factory: Factory, preview: Text, warnings: readonly Text[] = []): Promise<boolean> {
  // A call of `fisco mcp`: the same preview (its warnings in it), the person asked through the assistant (never --yes).
  const confirm = factory.confirmer;
  if (confirm) {
    await confirm(preview);
    return true;
  }
  // -q with --yes: nobody reads a preview before the send, only the result (warnings still shown).
  if (factory.globals.yes && factory.globals.quiet) {
    for (const w of warnings) factory.output.warn(w);
    return true;
  }
  factory.io.stderr.write(factory.io.say(preview));
  if (factory.globals.yes) return true;
  if (!factory.io.canPrompt) {
    throw new NotConfirmedError(t`not sent: --send without a terminal needs --yes to transmit to the SDI`, [
      t`nothing was sent; add --yes to confirm, or use --draft`,
    ]);
  }
  return factory.io.prompter.confirm({ message: t`Transmit this invoice to the SDI now? This cannot be undone`, default: false, flag: '--yes' });
}

export type Next = Mode | 'edit';

const DISCARDED = t`discarded; nothing was created`;

/** On a terminal after the preview: draft, send, edit (guided flow only) or discard. */
export async function askMode(factory: Factory, canEdit: boolean): Promise<Next> {
  const choice = await factory.io.prompter.select<Next | 'discard'>({
    message: t`What now?`,
    flag: '--draft or --send',
    choices: [
      { name: t`Save as draft (not sent)`, value: 'draft' },
      { name: t`Send to the SDI`, value: 'send' },
      ...(canEdit ? [{ name: t`Edit`, value: 'edit' as const }] : []),
      { name: t`Discard`, value: 'discard' },
    ],
    default: 'draft',
  });
  if (choice === 'discard') throw new NotConfirmedError(DISCARDED);
  return choice;
}

/** After a declined send (or a draft that cannot be built as it is): save a draft, edit, or discard. */
export async function askAfterDecline(factory: Factory, canEdit: boolean, options: { draft: boolean; message: Text }): Promise<'draft' | 'edit'> {
  const choice = await factory.io.prompter.select<'draft' | 'edit' | 'discard'>({
    message: options.message,
    flag: '--draft',
    choices: [
      ...(options.draft ? [{ name: t`Save as draft instead (not sent)`, value: 'draft' as const }] : []),
      ...(canEdit ? [{ name: t`Edit`, value: 'edit' as const }] : []),
      { name: t`Discard`, value: 'discard' },
    ],
    default: options.draft ? 'draft' : canEdit ? 'edit' : 'discard',
  });
  if (choice === 'discard') throw new NotConfirmedError(options.draft ? t`not sent: ${DISCARDED}` : DISCARDED);
  return choice;
}

/**
 * The confirmation guard (PRODUCT.md): nothing reaches the SDI unless a person confirmed it on a
 * terminal (default No) or passed --yes; without a terminal, --send needs --yes (exit 10 otherwise).
 */
import { NotConfirmedError, UsageError } from '../../../api/errors.js';
import type { Context } from '../../../context.js';

export type Mode = 'draft' | 'send';

/** The mode the flags ask for; none is a usage error when nobody can be asked. */
export function modeFromFlags(flags: { draft?: boolean; send?: boolean }, canPrompt: boolean): Mode | undefined {
  if (flags.draft && flags.send) throw new UsageError('--draft and --send exclude each other');
  if (flags.send) return 'send';
  if (flags.draft) return 'draft';
  if (!canPrompt) {
    throw new UsageError('say what to do with the invoice: --draft (a draft, not sent) or --send (transmit to the SDI, irreversible)', [
      'with --send and no terminal, also pass --yes; --dry-run shows the request without sending it',
    ]);
  }
  return undefined;
}

/** Resolves to when the send may go ahead; throws NotConfirmedError otherwise. */
export async function confirmSend(context: Context, preview: string): Promise<void> {
  context.streams.stderr.write(preview);
  if (context.globals.yes) return;
  if (!context.canPrompt) {
    throw new NotConfirmedError('not sent: --send without a terminal needs --yes to transmit to the SDI', [
      'nothing was sent; add --yes to confirm, or use --draft',
    ]);
  }
  const ok = await context.prompter.confirm({ message: 'Transmit this invoice to the SDI now? This cannot be undone', default: false, flag: '--yes' });
  if (!ok) throw new NotConfirmedError('not sent: not confirmed; nothing was created');
}

/** On a terminal with no mode flag: draft, send or cancel. */
export async function askMode(context: Context): Promise<Mode> {
  const choice = await context.prompter.select<Mode | 'cancel'>({
    message: 'What now?',
    flag: '--draft or --send',
    choices: [
      { name: 'Save as draft (not sent)', value: 'draft' },
      { name: 'Send to the SDI', value: 'send' },
      { name: 'Cancel', value: 'cancel' },
    ],
    default: 'draft',
  });
  if (choice === 'cancel') throw new NotConfirmedError('cancelled; nothing was created');
  return choice;
}

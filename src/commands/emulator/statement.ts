import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { resolveAccount } from '../../profiles/account.js';
import type { STATEMENT_FLAGS } from './flags.js';
import { t } from '../../i18n/message.js';

/**
 * `fisco emulator statement`: the bank statement the emulator writes for a company's own open
 * invoices (exact, partial, several invoices in one credit, a fee, a name spelled differently, a
 * debit, a reversal, an unrelated credit), from the demo's state (the one `fisco --demo` uses) or
 * an emulator state file, to stdout: `fisco --demo bank match` then works offline.
 */
export async function run(_args: string[], options: FlagValues<typeof STATEMENT_FLAGS>, factory: Factory): Promise<void> {
  const stateFile = options.state ?? join(factory.dataDir, 'demo-state.json');
  // The emulator stays apart from the CLI bundle (scripts/build.mjs): loaded only here and by --demo.
  const { startEmulator, statementFor } = await import('../../emulator/index.js');
  // The demo's emulator as `fisco --demo` starts it (same state file, same seed and date), on loopback, for the time of one read.
  const emulator = await startEmulator({ stateFile, quiet: true });
  try {
    // No company named (--account, FISCO_ACCOUNT): the company of the token `fisco --demo` uses (its production company token).
    const demoToken = emulator.tokens.find((t) => t.environment === 'production' && !/firm|readonly|expired/.test(t.name));
    const account =
      resolveAccount(factory.globals.account, factory.env)?.id ??
      emulator.store.tokens.find((t) => t.token === demoToken?.token)?.accountIds[0] ??
      emulator.store.accounts[0]?.id;
    let file;
    try {
      file = statementFor(emulator.store, account ?? '', options.format, { today: options.date, quirks: options.quirks });
    } catch (error) {
      throw new UsageError(t`cannot write a statement for ${account ?? t`no company`}: ${error instanceof Error ? error.message : String(error)}`);
    }
    factory.output.data(typeof file.text === 'string' ? file.text : file.text.toString('latin1'));
    if (file.csvMapping) {
      const m = file.csvMapping;
      factory.output.info(
        t`Read it with: fisco --demo --account ${account} bank match FILE --csv-date "${m.date}" --csv-credit "${m.credit}" --csv-debit "${m.debit}" --csv-description "${m.description}" --csv-counterpart "${m.counterpart}" --csv-reference "${m.reference}"`,
      );
    }
  } finally {
    await emulator.close();
  }
}

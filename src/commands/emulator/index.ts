import type { Command } from 'commander';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { addFlags } from '../../flags/commander.js';
import { EMULATOR_FLAGS } from './emulator.flags.js';
import { STATEMENT_FLAGS } from './statement.flags.js';

export function registerEmulator(program: Command): void {
  const emulator = addFlags(
    program.command('emulator').description('run the local emulator of the whole API (demo data, tokens, faults) until Ctrl-C'),
    EMULATOR_FLAGS,
  )
    .addHelpText(
      'after',
      examples([
        'fisco emulator --port 4010                  # prints the base URLs and demo tokens; Ctrl-C stops it',
        'fisco emulator --invoices 100000 --f24s 500 --latency 80',
        'fisco emulator --quirks                     # amounts and ids as a real service sends them (noisy floats, 100.125, uuid-17)',
        'FISCO_BASE_URL=http://127.0.0.1:4010 FISCO_TOKEN=demo-prod-rossi fisco invoice list',
      ]),
    )
    .action(lazy(() => import('./emulator.js')));

  addFlags(
    emulator.command('statement').description("write a bank statement of the demo company's open invoices (for fisco --demo bank match)"),
    STATEMENT_FLAGS,
  )
    .addHelpText(
      'after',
      examples([
        'fisco --demo emulator statement --format camt.053 > estratto.xml && fisco --demo bank match estratto.xml',
        'fisco --demo emulator statement --format mt940 > estratto.sta',
      ]),
    )
    // `fisco emulator` has a --state and a --quirks of its own, which commander fills when the flag is typed before
    // `statement`: hand them down (`fisco emulator --quirks statement` is the emulator's quirks, in its statement).
    .hook('preAction', (_emulator, statement) => {
      for (const name of ['state', 'quirks']) {
        const parent = statement.parent?.getOptionValue(name) as unknown;
        if (statement.getOptionValue(name) === undefined && parent !== undefined) statement.setOptionValue(name, parent);
      }
    })
    .action(lazy(() => import('./statement.js')));
}

import type { Command } from 'commander';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { addFlags } from '../flags.js';
import { STATEMENT_FLAGS } from './statement.flags.js';

export function registerEmulator(program: Command): void {
  const emulator = program
    .command('emulator')
    .description('run the local emulator of the whole API (demo data, tokens, faults) until Ctrl-C')
    .option('--port <n>', 'port on 127.0.0.1 (0 picks a free one)', '4010')
    .option('--host <host>', 'address to bind (loopback only)', '127.0.0.1')
    .option('--state <file>', 'keep state in this JSON file between runs')
    .option('--today <date>', 'reference date for the demo data (YYYY-MM-DD)')
    .option('--seed <n>', 'seed of the demo data')
    .option('--rate-limit <n>', 'requests per window per token', '120')
    .option('--rate-window <ms>', 'rate-limit window in ms', '60000')
    .option('--latency <ms>', 'added latency per request', '0')
    .option('--error-rate <fraction>', 'fraction of requests answered 503', '0')
    .option('--drop-rate <fraction>', 'fraction of connections dropped without an answer', '0')
    .option('--invoices <n>', 'seed size: invoices of the main demo company (acc_rossi), default 70; 100000 starts in seconds')
    .option('--f24s <n>', 'seed size: F24 forms of acc_rossi (default 40)')
    .option('--expenses <n>', 'seed size: expenses of acc_rossi (default 200)')
    .option('--clients <n>', 'seed size: clients of acc_rossi (default 80)')
    .option('--deadlines <n>', 'seed size: tax deadlines of acc_rossi (default 60)')
    .option('--allow-http-hooks', 'accept http:// webhook targets on loopback (the real service requires https)')
    .addHelpText(
      'after',
      examples([
        'fisco emulator --port 4010                  # prints the base URLs and demo tokens; Ctrl-C stops it',
        'fisco emulator --invoices 100000 --f24s 500 --latency 80',
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
    // `fisco emulator` has a --state of its own, which commander fills wherever the flag is typed: hand it down.
    .hook('preAction', (_emulator, statement) => {
      const parent = statement.parent?.getOptionValue('state') as string | undefined;
      if (statement.getOptionValue('state') === undefined && parent !== undefined) statement.setOptionValue('state', parent);
    })
    .action(lazy(() => import('./statement.js')));
}

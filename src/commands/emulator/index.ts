import { defineVerb } from '../verb.js';
import { EMULATOR_FLAGS, STATEMENT_FLAGS } from './flags.js';

export const EMULATOR = defineVerb({
  name: 'emulator',
  description: 'run the local emulator of the whole API (demo data, tokens, faults) until Ctrl-C',
  flags: EMULATOR_FLAGS,
  scope: 'local',
  examples: [
    'fisco emulator --port 4010                  # prints the base URLs and demo tokens; Ctrl-C stops it',
    'fisco emulator --invoices 100000 --f24s 500 --latency 80',
    'fisco emulator --quirks                     # amounts and ids as a real service sends them (noisy floats, 100.125, uuid-17)',
    'FISCO_BASE_URL=http://127.0.0.1:4010 FISCO_TOKEN=demo-prod-rossi fisco invoice list',
  ],
  load: () => import('./emulator.js'),
  verbs: [
    defineVerb({
      name: 'statement',
      description: "write a bank statement of the demo company's open invoices (for fisco --demo bank match)",
      flags: STATEMENT_FLAGS,
      scope: 'local',
      // `fisco emulator` has a --state and a --quirks of its own, which commander fills when the flag is typed before
      // `statement`: handed down (`fisco emulator --quirks statement` is the emulator's quirks, in its statement).
      fromParent: ['state', 'quirks'],
      examples: [
        'fisco --demo emulator statement --format camt.053 > estratto.xml && fisco --demo bank match estratto.xml',
        'fisco --demo emulator statement --format mt940 > estratto.sta',
      ],
      load: () => import('./statement.js'),
    }),
  ],
});

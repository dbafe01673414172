import { defineFlags } from '../flags.js';

export const STATEMENT_FORMATS = ['camt.053', 'camt.053.001.08', 'camt.054', 'cbi-xml', 'cbi-rh', 'mt940', 'csv'] as const;

export const STATEMENT_FLAGS = defineFlags({
  format: { flag: '--format <format>', kind: 'choice', choices: STATEMENT_FORMATS, description: 'the statement format', default: 'camt.053' },
  state: {
    flag: '--state <file>',
    kind: 'string',
    description: "an emulator state file (fisco emulator --state FILE); default the demo's state (fisco --demo)",
  },
});

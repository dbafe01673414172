import { defineFlags } from '../../flags/spec.js';

export const STATEMENT_FORMATS = ['camt.053', 'camt.053.001.08', 'camt.054', 'cbi-xml', 'cbi-rh', 'mt940', 'csv'] as const;

export const STATEMENT_FLAGS = defineFlags({
  format: { flag: '--format <format>', kind: 'choice', choices: STATEMENT_FORMATS, description: 'the statement format', default: 'camt.053' },
  date: {
    flag: '--date <date>',
    kind: 'date',
    description: "the statement's day (YYYY-MM-DD or dd/mm/yyyy; default the emulator's today): its movements are of the days before it",
  },
  quirks: {
    flag: '--quirks',
    kind: 'boolean',
    description: 'write it as some banks do: newest first, references reused each day (CBI 1..N) or placeholders (MT940 NONREF/EREF, camt NOTPROVIDED)',
  },
  state: {
    flag: '--state <file>',
    kind: 'string',
    description: "an emulator state file (fisco emulator --state FILE); default the demo's state (fisco --demo)",
  },
});

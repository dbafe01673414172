/** `fisco invoice batch FILE`: its flags, declared once (data only; see src/commands/flags.ts). */
import { defineFlags } from '../flags.js';
import { JOURNAL_FLAGS } from '../journal.flags.js';

export const BATCH_FLAGS = defineFlags({
  draft: { flag: '--draft', kind: 'boolean', description: 'create drafts: nothing is sent to the SDI' },
  send: { flag: '--send', kind: 'boolean', description: 'transmit every invoice to the SDI (irreversible; asks once on a terminal, needs --yes otherwise)' },
  dryRun: { flag: '--dry-run', kind: 'boolean', description: 'check everything and print every request body and the totals; send nothing' },
  status: { flag: '--status', kind: 'boolean', description: "print the batch journal's state of every record; send nothing" },
  skipInvalid: {
    flag: '--skip-invalid',
    kind: 'boolean',
    description: 'send the valid records and list the invalid ones (default: one invalid record stops everything)',
  },
  result: {
    flag: '--result <file>',
    kind: 'string',
    description: 'write ref, account, id, url, status, message of every record to FILE (.csv or .json), atomically',
  },
  resolve: {
    flag: '--resolve <ref=outcome>',
    kind: 'list',
    description: 'settle a record whose outcome is unknown, after checking: REF=created:ID or REF=absent (repeatable)',
  },
  ...JOURNAL_FLAGS,
});

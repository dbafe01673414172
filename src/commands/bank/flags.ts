/** The flags of `fisco bank`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { JOURNAL_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { FILE } from '../../completion/values.js';

/** The CSV column mapping flags: the names readStatement's csvMappingFrom() takes (src/bank/read/). */
export const CSV_FLAGS = defineFlags({
  csvDate: { flag: '--csv-date <column>', kind: 'string', description: 'CSV: the booking date column (name or 1-based number)' },
  csvValueDate: { flag: '--csv-value-date <column>', kind: 'string', description: 'CSV: the value date (data valuta) column, when it has one' },
  csvAmount: { flag: '--csv-amount <column>', kind: 'string', description: 'CSV: the signed amount column (or --csv-credit and --csv-debit)' },
  csvCredit: { flag: '--csv-credit <column>', kind: 'string', description: 'CSV: the credit (avere) column' },
  csvDebit: { flag: '--csv-debit <column>', kind: 'string', description: 'CSV: the debit (dare) column' },
  csvDescription: { flag: '--csv-description <column>', kind: 'string', description: 'CSV: the description (causale) column' },
  csvCounterpart: { flag: '--csv-counterpart <column>', kind: 'string', description: "CSV: the payer's name column" },
  csvReference: { flag: '--csv-reference <column>', kind: 'string', description: "CSV: the bank's reference column" },
  csvReversal: {
    flag: '--csv-reversal <column>',
    kind: 'string',
    description: 'CSV: the column marking reversals (storno): S, SI, Y, YES, X, 1, TRUE or STORNO is one (never matched)',
  },
  csvMapping: {
    flag: '--csv-mapping <file>',
    kind: 'string',
    complete: FILE,
    description:
      'CSV: the column mapping as a JSON file (keys date, valueDate, amount, credit, debit, description, counterpart, reference, reversal; also iban, currency, delimiter, decimal, dateFormat, encoding); flags win',
  },
});

export const MATCH_FLAGS = defineFlags({
  feeTolerance: {
    flag: '--fee-tolerance <amount>',
    kind: 'amount',
    allowZero: true,
    description: 'read a shortfall up to this amount as a bank fee and register the residue (default 0: off)',
  },
  plan: { flag: '--plan <file>', kind: 'fileToWrite', complete: FILE, description: 'write the proposals as a plan file for fisco bank apply (atomically)' },
  unmatched: { flag: '--unmatched <file>', kind: 'fileToWrite', complete: FILE, description: 'write the credits nothing matched as CSV' },
  review: { flag: '--review', kind: 'boolean', description: 'on a terminal: accept, skip or change each proposal, then register them after one confirmation' },
  minConfidence: { flag: '--min-confidence <x>', kind: 'confidence', description: 'with --review: offer only proposals at or above this confidence (0 to 1)' },
  ...CSV_FLAGS,
});

export const APPLY_FLAGS = defineFlags({
  minConfidence: {
    flag: '--min-confidence <x>',
    kind: 'confidence',
    description:
      'register the proposals at or above this confidence (0 to 1), partial and over-payments included; default: only exact ones (or less a bank fee) and reviewed ones',
  },
  trustPaid: {
    flag: '--trust-paid',
    kind: 'boolean',
    description:
      'register partial and over-payments on invoices that already show payments even when the bank journal records no earlier payment (a new or lost data folder)',
  },
  ...JOURNAL_FLAGS,
});

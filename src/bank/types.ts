/**
 * The shapes the bank-statement work shares (issue 18): the readers in src/bank/read/ turn a file,
 * read as a stream, into Movements one at a time (StatementReader; readStatement gathers them into a
 * Statement); the matcher (src/bank/match.ts, pure) turns each movement, against a company's open
 * invoices, into a Proposal as it arrives; the plan file (src/bank/plan.ts) carries proposals from
 * `fisco bank match` to `fisco bank apply`. Amounts are decimal strings at every step, never floats.
 */
import type { Text } from '../i18n/message.js';

export type StatementFormat = 'camt.053' | 'camt.054' | 'cbi-xml' | 'cbi-rh' | 'mt940' | 'csv';

/** One movement read from a statement, as the bank wrote it (a camt batch entry gives one per TxDtls). */
export interface Movement {
  /**
   * Identity in the journal, never shared by two movements and the same whichever statement lists the
   * movement: the bank's own unique reference with the movement's direction and amount ('bank:' +
   * account / booking date / camt AcctSvcrRef, the MT940 bank reference or a CSV's bank reference
   * column, a batch entry's details adding '#' + their number / C or D, R for a reversal, + amount),
   * else the movement's fingerprint ('fp:' + booking date / a hash of account, dates, amount, currency,
   * direction, counterparty and text). Never the statement's date or number, nor CBI's movement numbers
   * (1..N in each statement). A placeholder (NONREF, EREF, NOTPROVIDED…) is never a reference.
   * Identical movements of one file get '~2', '~3' in file order.
   */
  key: string;
  /**
   * The key the version before issue 27 gave it ('ref:…', 'h:…'): only to recognise what a journal of
   * that version registered. Never written to a plan.
   */
  legacyKey?: string;
  /**
   * The key the version before this one gave it: 'bank:' + account / date / reference (without the
   * direction and amount), or a CBI movement's 'cbi:' + account / statement date / number. Only to
   * recognise what a journal of that version registered (src/bank/legacy.ts). Never in a plan.
   */
  formerKey?: string;
  /** Where it was read, for messages: the file, its format, and an element path or a line number. */
  source: { file: string; format: StatementFormat; location: string };
  /** The statement account's IBAN, upper case without spaces, when the statement names it. */
  accountIban?: string;
  /** YYYY-MM-DD */
  bookingDate: string;
  valueDate?: string;
  /** Positive decimal string with exactly two decimals ("1220.10"), taken from the text. */
  amount: string;
  /** ISO 4217 as written (EUR, USD…). */
  currency: string;
  direction: 'credit' | 'debit';
  /** camt RvslInd true, MT940 RC/RD, a CBI reversal reason: never matched. */
  reversal: boolean;
  payer?: { name?: string; iban?: string };
  /** Every remittance text (camt Ustrd repeated, Strd references, CBI 63 RI1…, MT940 :86:), joined with ' '. */
  remittance: string;
  references: { bank?: string; entry?: string; endToEnd?: string; creditor?: string };
  /** Charges the bank deducted, when the statement states them (camt Chrgs), as a decimal string. */
  charges?: string;
}

/** A statement's closing balance as the file states it (camt CLBD, MT940 :62F:, CBI RH 64): signed, decimal. */
export interface ClosingBalance {
  amount: string;
  currency: string;
  date: string;
  /** The account it is of, when the statement names it. */
  iban?: string;
}

export interface Statement {
  file: string;
  format: StatementFormat;
  accountIban?: string;
  /** How many statements the file holds (camt Stmt/Ntfctn, CBI 61 records, MT940 messages; a CSV is one). */
  statements: number;
  /** Every movement, debits and reversals included: the matcher decides what to skip and says why. */
  movements: Movement[];
  /** Things worth telling the user that are not errors (a batch whose details do not add up because of charges). */
  notes: Text[];
  /** The closing balance of each statement the file holds, in its order (none for a CSV export). */
  closings?: ClosingBalance[];
}

/** An open outbound invoice as the matcher sees it (from GET /v1/invoices, payment_status=unpaid,partial). */
export interface OpenInvoice {
  id: string;
  uuid: string;
  number: string;
  issueDate: string;
  counterpartName?: string;
  counterpartVat?: string;
  totalAmount: string;
  /** The residue when the invoices were read: the plan keeps it, apply re-checks it. */
  amountDue: string;
  dueDate?: string;
}

/** Part of a credit registered on one invoice. */
export interface Allocation {
  invoiceId: string;
  uuid: string;
  number: string;
  /** What will be registered on this invoice (POST /fatture/{uuid}/pagamenti amount). */
  amount: string;
  /** amount_due when matched: apply refuses the allocation when the invoice's residue changed. */
  amountDueSeen: string;
}

export type ProposalStatus = 'proposed' | 'unmatched' | 'skipped' | 'already-registered';

/**
 * How a proposed credit fits its invoices: 'exact' pays their residues to the cent, 'fee' their
 * residues less a bank fee (within --fee-tolerance, or the charges the statement states); 'partial'
 * leaves part of a residue open; 'over' pays more than is due (the excess is reported). Only 'exact'
 * and 'fee' are sure enough to register without a review.
 */
export type ProposalFit = 'exact' | 'fee' | 'partial' | 'over';

export interface Proposal {
  movement: Movement;
  status: ProposalStatus;
  /** 0..1: 1 is a number in the text and the exact residue; below 0.5 is a guess worth a look. */
  confidence: number;
  /** Why, in words a person checks ("number 12/2026 in the remittance text", "amount equals the residue"). */
  reasons: Text[];
  allocations: Allocation[];
  /** Proposed: how the credit fits its invoices (see ProposalFit). */
  fit?: ProposalFit;
  /** Accepted (or picked) by a person in `bank match --review`: registered by `bank apply` whatever its fit. */
  reviewed?: boolean;
  /** A shortfall within --fee-tolerance read as a bank fee. */
  fee?: string;
  /** Money beyond what the invoices were still due: reported, never registered. */
  excess?: string;
  /** Skipped: why (a debit, a reversal, foreign currency USD, already registered on …). */
  skipReason?: Text;
  /** Unmatched: the nearest candidates with why each did not fit. */
  nearMisses?: { number: string; amountDue: string; counterpartName?: string; why: Text }[];
}

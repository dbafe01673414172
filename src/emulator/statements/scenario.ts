/**
 * The scenario a demo bank statement tells (issue 18, item 8), built from a company's own open
 * outbound invoices in the emulator store, deterministic for a given store and `today`:
 *
 *   exact         a payment of one invoice's residue quoting its number ("Saldo fatt. n. 12/2026")
 *   partial       part of an invoice's residue (40%, whole euros), quoting its number and issue date
 *   several       one credit paying the two (three when it has four or more) oldest open invoices of
 *                 the client with the most open invoices, the exact sum, no number in the text
 *   fee           an invoice's residue less 1.50 the bank kept, quoting the number (a fee within a
 *                 --fee-tolerance of 1.50 or more; a partial payment without one)
 *   name-variant  one invoice's residue, no number, the payer's name spelled differently
 *                 ("ALFA LOGISTICA SRL" for "Alfa Logistica S.r.l."); its residue is unique
 *   debit         a direct debit going out (never matched)
 *   reversal      a credit that reverses an earlier debit (RvslInd / RD / STORNO: never matched)
 *   unrelated     a transfer from the company's own deposit account: matches no invoice
 *
 * Invoices are taken oldest first; a kind whose invoices are missing (a company with few open
 * invoices) is left out, and `movements` says what the statement holds. Debit, reversal and
 * unrelated amounts are chosen so that no open invoice has them as residue.
 */
import { createHash } from 'node:crypto';
import { fromCents, toCents } from '../amounts.js';
import { amountDue, paymentStatus } from '../resources/invoice-model.js';
import { findAccount, type InvoiceRecord, type PaymentMethodRecord, type Store } from '../store.js';
import { addDays } from '../time.js';
import { italianIban } from './iban.js';

export type ScenarioKind = 'exact' | 'partial' | 'several' | 'fee' | 'name-variant' | 'debit' | 'reversal' | 'unrelated';

/** One movement of the demo statement and what a matcher should make of it. */
export interface StatementMovement {
  kind: ScenarioKind;
  /** The bank's reference (camt AcctSvcrRef, CBI 62 bank reference, MT940 //reference): 16 characters. */
  bankRef: string;
  endToEndId: string;
  /** YYYY-MM-DD */
  bookingDate: string;
  valueDate: string;
  /** Two decimals, positive. */
  amount: string;
  currency: 'EUR';
  direction: 'credit' | 'debit';
  reversal: boolean;
  /** The other party: who paid a credit, who was paid by a debit. */
  counterparty: { name: string; iban: string; vat?: string };
  remittance: string;
  /** The invoices a credit pays and what each should receive (empty for debit, reversal, unrelated). */
  pays: { invoiceId: string; uuid: string | null; number: string; amount: string }[];
  /** The fee the bank deducted (kind 'fee'): the residue minus the credit. */
  fee?: string;
}

export interface StatementScenario {
  accountId: string;
  companyName: string;
  companyVat: string;
  /** The statement account: the company's first bank payment method with an IBAN. */
  iban: string;
  currency: 'EUR';
  today: string;
  fromDate: string;
  toDate: string;
  openingBalance: string;
  closingBalance: string;
  movements: StatementMovement[];
  /**
   * Written as some banks do (withQuirks): newest first, and references a bank reuses or leaves as
   * placeholders (CBI's numbers 1..N each day, MT940 NONREF/EREF, camt NOTPROVIDED).
   */
  quirks?: boolean;
}

export interface ScenarioOptions {
  /** The day the statement is made (default: the emulator clock's today, given by the caller). */
  today: string;
  /** The statement account's IBAN (default: the company's first bank payment method with an IBAN). */
  iban?: string;
}

const FEE_CENTS = 150;

function hash(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length).toUpperCase();
}

/** A counterpart's IBAN, made up but stable and valid (ABI 03069, a CAB and an account from its VAT). */
export function counterpartIban(seed: string): string {
  const digits = String(parseInt(hash(seed, 10), 16))
    .padStart(12, '0')
    .slice(-12);
  return italianIban('03069', '09606', digits);
}

/** The payer's name as a bank would type it differently: upper case, legal forms without dots. */
export function spelledDifferently(name: string): string {
  return name
    .toUpperCase()
    .replace(/\bS\.\s?R\.\s?L\.?/g, 'SRL')
    .replace(/\bS\.\s?P\.\s?A\.?/g, 'SPA')
    .replace(/\bS\.\s?N\.\s?C\.?/g, 'SNC')
    .replace(/\bS\.\s?A\.\s?S\.?/g, 'SAS')
    .replace(/\s+/g, ' ')
    .trim();
}

function bankMethod(store: Store, accountId: string): PaymentMethodRecord | undefined {
  return store.paymentMethods.filter((m) => m.accountId === accountId && !m.internal && m.iban !== '').sort((a, b) => a.id - b.id)[0];
}

function italianDate(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** The company's open outbound invoices, oldest first. */
export function openInvoices(store: Store, accountId: string): InvoiceRecord[] {
  return store.invoices
    .filter((inv) => inv.accountId === accountId && inv.direction === 'outbound')
    .filter((inv) => {
      const status = paymentStatus(inv);
      return (status === 'unpaid' || status === 'partial') && toCents(amountDue(inv)) > 0;
    })
    .sort((a, b) => (a.issue_date < b.issue_date ? -1 : a.issue_date > b.issue_date ? 1 : a.numericId - b.numericId));
}

/** The demo scenario of a company's statement. Throws when the account is unknown or has no IBAN. */
export function buildScenario(store: Store, accountId: string, options: ScenarioOptions): StatementScenario {
  const account = findAccount(store, accountId);
  if (!account) throw new Error(`Account ${accountId} not found`);
  const method = bankMethod(store, accountId);
  const iban = options.iban ?? method?.iban;
  if (!iban) throw new Error(`Account ${accountId} has no bank payment method with an IBAN`);
  const today = options.today;
  const open = openInvoices(store, accountId);
  const residues = new Set(open.map((inv) => toCents(amountDue(inv))));
  const used = new Set<InvoiceRecord>();
  const byClient = new Map<string, InvoiceRecord[]>();
  for (const inv of open) {
    const key = inv.counterpart.vat_number || inv.counterpart.name;
    const list = byClient.get(key) ?? [];
    list.push(inv);
    byClient.set(key, list);
  }
  const clientOf = (inv: InvoiceRecord) => inv.counterpart.vat_number || inv.counterpart.name;

  // The client paying several invoices at once: the most open invoices (ties: the smaller key).
  let severalClient: string | undefined;
  for (const [key, list] of [...byClient].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (list.length >= 2 && (!severalClient || list.length > byClient.get(severalClient)!.length)) severalClient = key;
  }
  const severalInvoices = severalClient ? byClient.get(severalClient)!.slice(0, byClient.get(severalClient)!.length >= 4 ? 3 : 2) : [];
  severalInvoices.forEach((inv) => used.add(inv));

  // The name spelled differently: a residue no other open invoice has, another client than above.
  const residueCount = new Map<number, number>();
  for (const inv of open) residueCount.set(toCents(amountDue(inv)), (residueCount.get(toCents(amountDue(inv))) ?? 0) + 1);
  const variantPick = open.find(
    (inv) =>
      !used.has(inv) &&
      clientOf(inv) !== severalClient &&
      residueCount.get(toCents(amountDue(inv))) === 1 &&
      spelledDifferently(inv.counterpart.name) !== inv.counterpart.name,
  );
  if (variantPick) used.add(variantPick);

  /** The oldest unused invoice, of another client than the several one when there is one, with a residue above `min` cents. */
  const next = (minCents = 1): InvoiceRecord | undefined => {
    const fits = (inv: InvoiceRecord) => !used.has(inv) && toCents(amountDue(inv)) >= minCents;
    const pick = open.find((inv) => fits(inv) && clientOf(inv) !== severalClient) ?? open.find(fits);
    if (pick) used.add(pick);
    return pick;
  };
  const exactPick = next();
  const partialPick = next(1000);
  const feePick = next(FEE_CENTS + 100);

  /** An amount near `cents` that no open invoice has as residue. */
  const free = (cents: number): string => {
    let c = cents;
    while (residues.has(c)) c += 1;
    return fromCents(c);
  };

  const day = (offset: number) => addDays(today, -offset);
  const movements: StatementMovement[] = [];
  const add = (m: Omit<StatementMovement, 'bankRef' | 'endToEndId' | 'currency' | 'valueDate'> & { valueDate?: string }) => {
    const seed = `${accountId}|${m.kind}|${m.bookingDate}|${m.amount}|${m.pays.map((p) => p.invoiceId).join(',')}|${m.remittance}`;
    movements.push({
      ...m,
      bankRef: `EM${m.bookingDate.slice(2, 4)}${m.bookingDate.slice(5, 7)}${m.bookingDate.slice(8, 10)}${hash(seed, 8)}`,
      endToEndId: `E2E-${hash(`e2e|${seed}`, 20)}`,
      currency: 'EUR',
      valueDate: m.valueDate ?? m.bookingDate,
    });
  };
  const payer = (inv: InvoiceRecord, name = inv.counterpart.name) => ({
    name,
    iban: counterpartIban(clientOf(inv)),
    vat: inv.counterpart.vat_number || undefined,
  });
  const pays = (inv: InvoiceRecord, cents: number) => ({ invoiceId: inv.id, uuid: inv.uuid, number: inv.number, amount: fromCents(cents) });

  if (exactPick) {
    const due = toCents(amountDue(exactPick));
    add({
      kind: 'exact',
      bookingDate: day(3),
      amount: fromCents(due),
      direction: 'credit',
      reversal: false,
      counterparty: payer(exactPick),
      remittance: `Saldo fatt. n. ${exactPick.number}`,
      pays: [pays(exactPick, due)],
    });
  }
  add({
    kind: 'debit',
    bookingDate: day(3),
    amount: free(24_530),
    direction: 'debit',
    reversal: false,
    counterparty: { name: 'Enel Energia S.p.A.', iban: counterpartIban('enel'), vat: '06655971007' },
    remittance: `ADDEBITO SDD UTENZE ENERGIA ${today.slice(0, 7)}`,
    pays: [],
  });
  if (partialPick) {
    const due = toCents(amountDue(partialPick));
    const part = Math.max(100, Math.floor((due * 40) / 100 / 100) * 100);
    add({
      kind: 'partial',
      bookingDate: day(2),
      amount: fromCents(part),
      direction: 'credit',
      reversal: false,
      counterparty: payer(partialPick),
      remittance: `Acconto fattura ${partialPick.number} del ${italianDate(partialPick.issue_date)}`,
      pays: [pays(partialPick, part)],
    });
  }
  if (severalInvoices.length >= 2) {
    const total = severalInvoices.reduce((s, inv) => s + toCents(amountDue(inv)), 0);
    add({
      kind: 'several',
      bookingDate: day(2),
      amount: fromCents(total),
      direction: 'credit',
      reversal: false,
      counterparty: payer(severalInvoices[0]),
      remittance: 'Pagamento fatture come da vs estratto conto',
      pays: severalInvoices.map((inv) => pays(inv, toCents(amountDue(inv)))),
    });
  }
  add({
    kind: 'reversal',
    bookingDate: day(1),
    amount: free(18_000),
    direction: 'credit',
    reversal: true,
    counterparty: { name: 'TIM S.p.A.', iban: counterpartIban('tim'), vat: '00488410010' },
    remittance: 'STORNO ADDEBITO SDD TELEFONIA',
    pays: [],
  });
  if (feePick) {
    const due = toCents(amountDue(feePick));
    add({
      kind: 'fee',
      bookingDate: day(1),
      amount: fromCents(due - FEE_CENTS),
      direction: 'credit',
      reversal: false,
      counterparty: payer(feePick),
      remittance: `FT ${feePick.number}`,
      pays: [pays(feePick, due)],
      fee: fromCents(FEE_CENTS),
    });
  }
  if (variantPick) {
    const due = toCents(amountDue(variantPick));
    add({
      kind: 'name-variant',
      bookingDate: day(0),
      amount: fromCents(due),
      direction: 'credit',
      reversal: false,
      counterparty: payer(variantPick, spelledDifferently(variantPick.counterpart.name)),
      remittance: 'BONIFICO SEPA',
      pays: [pays(variantPick, due)],
    });
  }
  const deposit = store.paymentMethods
    .filter((m) => m.accountId === accountId && !m.internal && m.iban !== '' && m.iban !== iban)
    .sort((a, b) => a.id - b.id)[0];
  add({
    kind: 'unrelated',
    bookingDate: day(0),
    amount: free(500_000),
    direction: 'credit',
    reversal: false,
    counterparty: { name: account.name, iban: deposit?.iban ?? counterpartIban(`deposit|${accountId}`), vat: account.vat_number },
    remittance: 'GIROCONTO DA CONTO DEPOSITO',
    pays: [],
  });

  const opening = 1_500_000 + (parseInt(hash(accountId, 4), 16) % 100_000) * 10;
  const closing = movements.reduce((s, m) => s + (m.direction === 'credit' ? 1 : -1) * toCents(m.amount), opening);
  return {
    accountId,
    companyName: account.name,
    companyVat: account.vat_number,
    iban,
    currency: 'EUR',
    today,
    fromDate: day(3),
    toDate: day(0),
    openingBalance: fromCents(opening),
    closingBalance: fromCents(closing),
    movements,
  };
}

/**
 * The scenario as some real banks write their statements (issue 27): the newest movement first, and
 * no unique reference: each movement's bank reference becomes its number within its day (1..N, as
 * CBI numbers them, so the next day's statement reuses them); the writers then put placeholders where
 * their format has a reference (MT940 NONREF/EREF, camt NOTPROVIDED, a CSV's NONREF).
 */
export function withQuirks(s: StatementScenario): StatementScenario {
  const perDay = new Map<string, number>();
  const movements = [...s.movements].reverse().map((m) => {
    const n = (perDay.get(m.bookingDate) ?? 0) + 1;
    perDay.set(m.bookingDate, n);
    return { ...m, bankRef: String(n) };
  });
  return { ...s, movements, quirks: true };
}

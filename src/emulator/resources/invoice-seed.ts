/**
 * Seed data of the invoicing resources: payment methods (with internal accounts that are never
 * listed), active and inactive numberings, and well over a hundred invoices across the seeded
 * companies — outbound and inbound, every SDI status (both spellings of the delivery failure),
 * drafts, credit and debit notes, partly paid and overdue ones. Deterministic (seed PRNG).
 *
 * Every company has outbound and inbound invoices issued in the current and in the previous
 * month (relative to `today`), so a month's export always finds some. Outbound numbers run per
 * numbering and year in issue-date order (`12/2026`, `Note di credito-3/2026`), and the sequence
 * counters continue from the highest seeded number, so a created invoice never repeats one.
 * The size of acc_rossi's set is `sizes.invoices` (100,000 in a few seconds).
 */
import { fromCents } from '../amounts.js';
import { makeVat } from '../italian.js';
import { italianIban } from '../statements/iban.js';
import type { Rng } from '../rng.js';
import { ACCOUNT_IDS } from '../seed.js';
import { nextId, type InvoiceRecord, type Store } from '../store.js';
import { addDays, romeIso } from '../time.js';
import type { SeedContext } from '../types.js';

export const COUNTERPARTS = [
  { name: 'Alfa Logistica S.r.l.', vat: makeVat('0123456015') },
  { name: 'Beta Software S.p.A.', vat: makeVat('0234567058') },
  { name: 'Gamma Ristorazione S.n.c.', vat: makeVat('0345678048') },
  { name: 'Delta Impianti S.r.l.', vat: makeVat('0456789037') },
  { name: 'Comune di Sesto Fiorentino', vat: makeVat('0567890048') },
  { name: 'Epsilon Studio Associato', vat: makeVat('0678901015') },
  { name: 'Zeta Trasporti S.r.l.', vat: makeVat('0789012058') },
  { name: 'Eta Energia S.p.A.', vat: makeVat('0890123037') },
];

const SDI_STATUSES = ['sent', 'delivered', 'accepted', 'accepted', 'delivered', 'queued', 'delivery_failed', 'failed_delivery', 'rejected', 'error', 'draft'];
const COUNTS: Record<string, number> = { [ACCOUNT_IDS.verdi]: 35, [ACCOUNT_IDS.neri]: 25, [ACCOUNT_IDS.gialli]: 20, [ACCOUNT_IDS.rossiSandbox]: 12 };

/** Seed indexes placed in the current month (outbound 0, 1; inbound 4) and the previous one (outbound 2, 3; inbound 9). */
const THIS_MONTH = new Set([0, 1, 4]);
const LAST_MONTH = new Set([2, 3, 9]);

function forcedDate(i: number, today: string): string | undefined {
  const day = Math.min(Number(today.slice(8, 10)), 5 + (i % 3) * 6);
  if (THIS_MONTH.has(i)) return `${today.slice(0, 8)}${String(day).padStart(2, '0')}`;
  if (!LAST_MONTH.has(i)) return undefined;
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const previous = addDays(firstOfMonth, -1);
  return `${previous.slice(0, 8)}${String(5 + (i % 3) * 6).padStart(2, '0')}`;
}

/** The name of invoice number `seq` of a numbering in a year, as creation writes it. */
export function invoiceNumber(numbering: string, seq: number, year: string): string {
  return numbering === 'Standard' ? `${seq}/${year}` : `${numbering}-${seq}/${year}`;
}

/** The counter of a numbering's numbers in one company and year (store.meta.counters). */
export function numberCounter(accountId: string, numbering: string, year: string): string {
  return `number:${accountId}:${numbering}:${year}`;
}

function seedReferenceData(store: Store, accountId: string, at: string): void {
  const methods: [string, string, string, boolean][] = [
    ['Bonifico Intesa', 'bank_transfer', 'MP05', false],
    ['Bonifico Fineco', 'bank_transfer', 'MP05', false],
    ['RiBa', 'riba', 'MP12', false],
    ['Contanti', 'cash', 'MP01', false],
    ['Salvadanaio Tasse', 'pocket', 'MP05', true],
    ['Sottoconto Stipendi', 'sub_account', 'MP05', true],
  ];
  for (const [name, type, sdi, internal] of methods) {
    // A valid Italian IBAN (CIN and check digits right), one per account and method: bank statements name it.
    const iban = type === 'cash' ? '' : italianIban('05428', '11101', String(nextId(store, 'ibans')).padStart(12, '0'));
    store.paymentMethods.push({ id: nextId(store, 'paymentMethods'), accountId, name, type, iban, sdi_code: sdi, internal, createdAt: at, updatedAt: at });
  }
  const numberings: [string, string, string | null, boolean][] = [
    ['Standard', 'invoice', 'Bonifico Intesa', true],
    ['PA', 'invoice', 'Bonifico Fineco', true],
    ['Note di credito', 'credit_note', null, true],
    ['Vecchia 2023', 'invoice', 'RiBa', false],
  ];
  for (const [name, type, def, active] of numberings) {
    store.numberings.push({ id: nextId(store, 'numberings'), accountId, name, type, default_payment_method: def, active, createdAt: at, updatedAt: at });
  }
}

function seedInvoice(store: Store, accountId: string, i: number, today: string, rng: Rng): InvoiceRecord {
  const direction = i % 5 === 4 ? 'inbound' : 'outbound';
  const drawn = addDays(today, -rng.int(0, 240));
  const forced = forcedDate(i, today);
  const issueDate = forced ?? drawn;
  const tipo = i % 17 === 3 ? 'TD04' : i % 23 === 5 ? 'TD05' : 'TD01';
  // Integer cents (half-up to the cent: the amounts are positive), as big.js would give, without its cost at 100,000 invoices.
  const taxable = rng.int(50, 5000) * 100 + rng.int(0, 99);
  const rate = Number(rng.pick(['22', '22', '10', '4']));
  const totalCents = taxable + Math.floor((taxable * rate + 50) / 100);
  const total = fromCents(totalCents);
  const drawnSdi = direction === 'inbound' ? rng.pick(['delivered', 'accepted']) : rng.pick(SDI_STATUSES);
  const sdi = forced && direction === 'outbound' ? (i % 2 === 0 ? 'delivered' : 'accepted') : drawnSdi;
  const numericId = nextId(store, 'invoices');
  const at = romeIso(issueDate, '10:00:00');
  const roll = rng.next();
  const voidOrNote = ['draft', 'rejected', 'error'].includes(sdi) || tipo !== 'TD01';
  const paid = voidOrNote || roll < 0.35 ? '0.00' : roll < 0.55 ? fromCents(Math.floor((totalCents * 40 + 50) / 100)) : total;
  const counterpart = rng.pick(COUNTERPARTS);
  return {
    id: String(numericId),
    numericId,
    accountId,
    uuid: direction === 'outbound' ? rng.uuid() : null,
    direction,
    tipo_documento: tipo,
    number: direction === 'outbound' ? '' : `F${rng.int(100, 9999)}`, // outbound: numbered below, in date order
    issue_date: issueDate,
    counterpart: { name: counterpart.name, vat_number: counterpart.vat },
    total_amount: total,
    amount_paid: paid,
    due_dates: [addDays(issueDate, 30)],
    sdi_status: sdi,
    sdi_error: sdi === 'rejected' ? '00404 - Fattura duplicata' : sdi === 'error' ? '00305 - IdFiscaleIVA del cessionario non valido' : null,
    last_sdi_update: romeIso(addDays(issueDate, sdi === 'draft' ? 0 : 1), '12:00:00'),
    createdAt: at,
    updatedAt: at,
    details: { metodo_pagamento: 'Bonifico Intesa', numerazione: tipo === 'TD04' ? 'Note di credito' : 'Standard' },
  };
}

/** Numbers a company's seeded outbound invoices per numbering and year, in issue-date order, and sets the counters. */
function numberOutbound(store: Store, invoices: InvoiceRecord[]): void {
  const groups = new Map<string, InvoiceRecord[]>();
  for (const inv of invoices) {
    if (inv.direction !== 'outbound') continue;
    const key = numberCounter(inv.accountId, inv.details.numerazione as string, inv.issue_date.slice(0, 4));
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(inv);
  }
  for (const [key, group] of groups) {
    group.sort((a, b) => a.issue_date.localeCompare(b.issue_date) || a.numericId - b.numericId);
    group.forEach((inv, k) => (inv.number = invoiceNumber(inv.details.numerazione as string, k + 1, inv.issue_date.slice(0, 4))));
    store.meta.counters[key] = group.length;
  }
}

export function seedInvoicing(store: Store, { today, rng, sizes }: SeedContext): void {
  const at = romeIso(addDays(today, -365));
  const counts = { [ACCOUNT_IDS.rossi]: sizes.invoices, ...COUNTS };
  for (const [accountId, count] of Object.entries(counts)) {
    if (!store.accounts.some((a) => a.id === accountId)) continue;
    seedReferenceData(store, accountId, at);
    const seeded: InvoiceRecord[] = [];
    for (let i = 0; i < count; i++) seeded.push(seedInvoice(store, accountId, i, today, rng));
    numberOutbound(store, seeded);
    for (const inv of seeded) store.invoices.push(inv);
  }
}

/**
 * Seed data of the invoicing resources: payment methods (with internal accounts that are never
 * listed), active and inactive numberings, and well over a hundred invoices across the seeded
 * companies — outbound and inbound, every SDI status (both spellings of the delivery failure),
 * drafts, credit and debit notes, partly paid and overdue ones. Deterministic (seed PRNG).
 */
import { add, percentOf, round2 } from '../../domain/money.js';
import { makeVat } from '../italian.js';
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
const COUNTS: Record<string, number> = { [ACCOUNT_IDS.rossi]: 70, [ACCOUNT_IDS.verdi]: 35, [ACCOUNT_IDS.neri]: 25, [ACCOUNT_IDS.rossiSandbox]: 12 };

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
    const iban = type === 'cash' ? '' : `IT60X05428111010000000${String(nextId(store, 'ibans')).padStart(5, '0')}`;
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
  const issueDate = addDays(today, -rng.int(0, 240));
  const tipo = i % 17 === 3 ? 'TD04' : i % 23 === 5 ? 'TD05' : 'TD01';
  const taxable = round2(`${rng.int(50, 5000)}.${String(rng.int(0, 99)).padStart(2, '0')}`);
  const total = add(taxable, percentOf(taxable, rng.pick(['22', '22', '10', '4'])));
  const sdi = direction === 'inbound' ? rng.pick(['delivered', 'accepted']) : rng.pick(SDI_STATUSES);
  const numericId = nextId(store, 'invoices');
  const at = romeIso(issueDate, '10:00:00');
  const roll = rng.next();
  const voidOrNote = ['draft', 'rejected', 'error'].includes(sdi) || tipo !== 'TD01';
  const paid = voidOrNote || roll < 0.35 ? '0.00' : roll < 0.55 ? round2(percentOf(total, '40')) : total;
  const counterpart = rng.pick(COUNTERPARTS);
  return {
    id: String(numericId),
    numericId,
    accountId,
    uuid: direction === 'outbound' ? rng.uuid() : null,
    direction,
    tipo_documento: tipo,
    number: direction === 'outbound' ? `${i + 1}/${issueDate.slice(0, 4)}` : `F${rng.int(100, 9999)}`,
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

export function seedInvoicing(store: Store, { today, rng }: SeedContext): void {
  const at = romeIso(addDays(today, -365));
  for (const [accountId, count] of Object.entries(COUNTS)) {
    if (!store.accounts.some((a) => a.id === accountId)) continue;
    seedReferenceData(store, accountId, at);
    for (let i = 0; i < count; i++) store.invoices.push(seedInvoice(store, accountId, i, today, rng));
  }
}

/**
 * The report's one note about amounts with digits past the cent (report/totals.ts): which record,
 * its amount as the service sent it, and which totals leave it out. Italian by default, like the
 * report; a section of its own so the report's layout stays html.ts's business.
 */
import { formatEuro } from '../domain/money.js';
import { escapeHtml } from './escape.js';
import type { ReportLang } from './labels.js';
import type { LeftOut, RecordKind } from './totals.js';

const WORDS = {
  it: {
    title: 'Importi oltre il centesimo',
    intro:
      'Il servizio ha inviato questi importi con cifre oltre il centesimo: sono riportati esattamente come inviati e lasciati fuori dai totali indicati, che altrimenti non tornerebbero al centesimo.',
    kind: { invoice: 'fattura', F24: 'F24', method: 'spese con metodo' } as Record<RecordKind, string>,
    outOf: 'escluso da',
    figures: {
      'invoices.issued': 'Emesso',
      'invoices.collected': 'Incassato',
      'invoices.outstanding': 'Da incassare',
      'invoices.credit_notes': 'Note di credito',
      'invoices.other_notes': 'Altre note',
      'invoices.inbound': 'Fatture ricevute',
      receivables: 'Crediti aperti',
      'f24.paid': 'F24 pagati',
      'f24.to_pay': 'F24 da pagare',
      'expenses.total': 'Totale spese',
    } as Record<string, string>,
  },
  en: {
    title: 'Amounts past the cent',
    intro:
      'The service sent these amounts with digits past the cent: they are shown exactly as sent and left out of the totals named, which would otherwise not add up to the cent.',
    kind: { invoice: 'invoice', F24: 'F24', method: 'expenses of method' } as Record<RecordKind, string>,
    outOf: 'left out of',
    figures: {
      'invoices.issued': 'Issued',
      'invoices.collected': 'Collected',
      'invoices.outstanding': 'Outstanding',
      'invoices.credit_notes': 'Credit notes',
      'invoices.other_notes': 'Other notes',
      'invoices.inbound': 'Invoices received',
      receivables: 'Open receivables',
      'f24.paid': 'F24 paid',
      'f24.to_pay': 'F24 to pay',
      'expenses.total': 'Total expenses',
    } as Record<string, string>,
  },
} as const;

/** The section naming every record a total left out, or '' when none was. */
export function leftOutNote(leftOut: readonly LeftOut[], lang: ReportLang): string {
  if (leftOut.length === 0) return '';
  const w = WORDS[lang];
  const byRecord = new Map<string, { first: LeftOut; figures: string[] }>();
  for (const l of leftOut) {
    const key = `${l.kind} ${l.ref} ${l.field}`;
    const entry = byRecord.get(key) ?? { first: l, figures: [] };
    const figure = w.figures[l.figure] ?? w.figures[l.figure.split('.')[0]!] ?? l.figure;
    if (!entry.figures.includes(figure)) entry.figures.push(figure);
    byRecord.set(key, entry);
  }
  const items = [...byRecord.values()].map(
    ({ first, figures }) =>
      `<li data-left-out="${escapeHtml(first.figure)}">${escapeHtml(`${w.kind[first.kind]} ${first.ref}`)}: <span class="money" data-value="${escapeHtml(first.amount)}">${escapeHtml(formatEuro(first.amount))}</span> <span class="code">${escapeHtml(first.field)}</span>, ${escapeHtml(w.outOf)} ${escapeHtml(figures.join(', '))}</li>`,
  );
  return `<section class="missing left-out" data-left-out-count="${byRecord.size}"><h2>${escapeHtml(w.title)}</h2><p>${escapeHtml(w.intro)}</p><ul>${items.join('')}</ul></section>`;
}

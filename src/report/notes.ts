/**
 * The firm's notes beside a client's report.html (`note-studio.md`): what the client's page leaves
 * out on purpose. The service's own codes and messages (a part not read, with the request, the exit
 * code and the service's words), what the service cannot tell (a document taking no payments may
 * be a credit note, a debit note or a void document: the contract says no more), and every
 * document the page names apart with its raw codes. Plain Markdown, readable as text. Pure.
 */
import { formatEuro } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import { failureWords, missingRequestWords, monthName, type ReportLang } from './labels.js';
import type { DocumentLine, MonthReport } from './month.js';

/** The file's name, beside report.html in each company's folder. */
export const FIRM_NOTES_FILE = 'note-studio.md';

const TEXT = {
  it: {
    title: (company: string, month: string) => `Note per lo studio — ${company}, ${month}`,
    intro:
      'Queste note accompagnano report.html e non sono per il cliente: riportano i codici e i messaggi del servizio e ciò che il servizio non permette di sapere. Il report li dice a parole, o non li dice.',
    missing: 'Dati non letti',
    missingLine: (what: string, exit: number, why: string, said: string) => `- ${what}: ${why} (uscita ${exit}). Messaggio del servizio: «${said}»`,
    noMissing: 'Tutti i dati del mese sono stati letti.',
    notes: 'Documenti che non ricevono incassi (payment_status null)',
    notesRule:
      "Il servizio dà payment_status null alle note di credito (TD04), alle note di debito (TD05) e ai documenti fiscalmente nulli, senza dire quale sia quale: l'elenco delle fatture non riporta il tipo di documento. Il report chiama «nota di credito» solo un documento numerato in una serie di note di credito (il numero lo dice: «Note di credito-3/2026», «NC…») e la sottrae nel netto; gli altri sono «altri documenti senza incassi», fuori da ogni totale, senza nominarne il tipo. Se uno di questi è una nota di debito o una fattura, va verificato nel gestionale.",
    kind: { credit: 'nota di credito (dal numero), sottratta nel netto', unclassified: 'tipo non indicato dal servizio, fuori dai totali' } as Record<
      string,
      string
    >,
    excluded: 'Documenti esclusi da tutti i totali (stato SDI)',
    deliveryFailed: 'Consegna non riuscita (nel totale emesso)',
    columns: ['numero', 'data', 'controparte', 'importo', 'sdi_status', 'nel report'],
    excludedReason: {
      draft: 'bozza: fuori dai totali',
      rejected: 'scartata dallo SDI: fuori dai totali',
      error: 'in errore presso lo SDI: fuori dai totali',
    } as Record<string, string>,
    deliveryFailedInReport: 'nel totale emesso, tra le consegne non riuscite',
    none: 'Nessuno.',
  },
  en: {
    title: (company: string, month: string) => `Notes for the firm — ${company}, ${month}`,
    intro:
      "These notes go with report.html and are not for the client: they carry the service's codes and messages, and what the service does not let one know. The report says them in words, or not at all.",
    missing: 'Data not read',
    missingLine: (what: string, exit: number, why: string, said: string) => `- ${what}: ${why} (exit ${exit}). The service's message: «${said}»`,
    noMissing: "Every part of the month's data was read.",
    notes: 'Documents taking no payments (payment_status null)',
    notesRule:
      'The service gives payment_status null to credit notes (TD04), debit notes (TD05) and fiscally void documents, without saying which is which: the invoice list carries no document type. The report calls a document a "credit note" only when it is numbered in a credit-note series (the number says so: «Note di credito-3/2026», «NC…») and subtracts it in the net; the others are "other documents taking no payments", outside every total, their kind not named. Whether one of them is a debit note or an invoice is to be checked in the accounting software.',
    kind: { credit: 'credit note (by its number), subtracted in the net', unclassified: 'kind not given by the service, outside the totals' } as Record<
      string,
      string
    >,
    excluded: 'Documents left out of every total (SDI status)',
    deliveryFailed: 'Delivery failed (in the issued total)',
    columns: ['number', 'date', 'counterpart', 'amount', 'sdi_status', 'in the report'],
    excludedReason: {
      draft: 'a draft: outside the totals',
      rejected: 'rejected by the SDI: outside the totals',
      error: 'in error at the SDI: outside the totals',
    } as Record<string, string>,
    deliveryFailedInReport: 'in the issued total, among the failed deliveries',
    none: 'None.',
  },
};

/** A Markdown table cell: one line, its pipes escaped. */
const cell = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

function table(lines: readonly DocumentLine[], last: (line: DocumentLine) => string, lang: ReportLang): string {
  const t = TEXT[lang];
  if (lines.length === 0) return t.none;
  return [
    `| ${t.columns.join(' | ')} |`,
    `|${t.columns.map(() => '---').join('|')}|`,
    ...lines.map((l) => `| ${[l.number, toItalianDate(l.issue_date), l.counterpart, formatEuro(l.total), l.sdi_status, last(l)].map(cell).join(' | ')} |`),
  ].join('\n');
}

/** The firm's notes of one company's month (`note-studio.md`). */
export function renderFirmNotes(report: MonthReport, lang: ReportLang = 'it'): string {
  const t = TEXT[lang];
  const missing = report.missing.length
    ? report.missing
        .map((m) => t.missingLine(missingRequestWords(m, lang), m.exit_code, failureWords(m.exit_code, lang), m.reason.replace(/\s+/g, ' ')))
        .join('\n')
    : t.noMissing;
  const sections = [`# ${t.title(report.company.name, monthName(report.period, lang))}`, t.intro, `## ${t.missing}`, missing];
  const i = report.invoices;
  if (i) {
    sections.push(
      `## ${t.notes}`,
      t.notesRule,
      table(i.notes, (l) => t.kind[(l as (typeof i.notes)[number]).kind] ?? '', lang),
      `## ${t.excluded}`,
      table(i.excluded, (l) => t.excludedReason[(l as (typeof i.excluded)[number]).reason] ?? (l as (typeof i.excluded)[number]).reason, lang),
      `## ${t.deliveryFailed}`,
      table(i.delivery_failed, () => t.deliveryFailedInReport, lang),
    );
  }
  return `${sections.join('\n\n')}\n`;
}

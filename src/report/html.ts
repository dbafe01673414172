/**
 * report.html and index.html: self-contained pages (inline CSS and SVG, no script, no network)
 * that a client can read on a phone and print on A4. Italian by default (`--lang en` for English).
 *
 * report.html is the client's: every code of the service in words (never the code itself), no
 * message of the service (those go to the firm's notes, src/report/notes.ts), a document's kind
 * only when known, statuses as dates ("scaduta il 16/11/2026", never "scade oggi" frozen in a
 * static page), "—" where there is no figure, and on every printed page the company, the month and
 * "pagina n di m" (CSS paged media). index.html is the firm's and keeps the service's messages.
 * Every text from the API is escaped; every figure comes from report/month.ts and carries its
 * exact decimal string in `data-value`. A part that could not be read is said in words, never
 * shown as zero.
 */
import { formatEuro } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import type { MissingPart } from '../portfolio/partial.js';
import { escapeHtml } from './escape.js';
import { codeLabel, CODE_LABELS, failureWords, monthName, partWords, type CodeKind, type ReportLang } from './labels.js';
import type { DocumentLine, MonthReport } from './month.js';
import { FIRM_NOTES_FILE } from './notes.js';
import { barChart } from './svg.js';
import { cashSection } from './cash-html.js';
import { leftOutNote } from './left-out.js';
import { controlOf } from '../sdi/control-table.js';
import { ENGLISH, render, type Language } from '../i18n/message.js';
import { IT_SDI } from '../i18n/it-sdi.js';

export { monthName } from './labels.js';

/** What the client's page shows where there is no figure (nothing was issued, no amount stated). */
export const NO_FIGURE = '—';

/**
 * An amount: its Italian form, its exact value in `data-value`; `—` when it is not known (null)
 * or when it sums nothing (`none`: no document behind it), never a 0,00 € that means nothing.
 */
const money = (amount: string | null, figure?: string, none = false): string => {
  const data = figure ? ` data-figure="${escapeHtml(figure)}"` : '';
  if (amount === null) return `<span class="muted"${data}>${NO_FIGURE}</span>`;
  const text = none ? NO_FIGURE : formatEuro(amount);
  return `<span class="money${none ? ' muted' : ''}"${data} data-value="${escapeHtml(amount)}">${escapeHtml(text)}</span>`;
};
const isZero = (amount: string | null): boolean => amount !== null && /^-?0+(\.0+)?$/.test(amount);
const date = (value: string | null): string => (value ? escapeHtml(toItalianDate(value)) : NO_FIGURE);
/** A code of the service in words: its label, or (a code this version does not know) a neutral word; the code itself is in the firm's notes. */
const code = (kind: CodeKind, value: string, lang: ReportLang): string => {
  const known = Object.hasOwn(CODE_LABELS[kind], value);
  return escapeHtml(known ? codeLabel(kind, value, lang) : TEXT[lang].unknownCode);
};
/** A code's label without its explanation, for the narrow label column of a chart. */
const shortLabel = (kind: CodeKind, value: string, lang: ReportLang): string => codeLabel(kind, value, lang).replace(/\s*\(.*\)$/, '');

const TEXT = {
  it: {
    vat: 'P.IVA',
    reportOf: 'Report di',
    agedOn: 'crediti calcolati al',
    agedOnToday: (asOf: string, today: string) => `crediti delle fatture emesse entro il ${asOf}, con i residui al ${today}`,
    agedOnSnapshot: (asOf: string, synced: string) => `crediti al ${asOf} (residui letti il ${synced})`,
    basisToday: (asOf: string, today: string) =>
      `Fatture emesse entro il ${asOf}, con i residui al ${today}, data del report: il servizio non elenca i pagamenti di una fattura e la copia locale dei dati (fisco sync) non ha una lettura fatta entro il ${asOf}. Una fattura pagata dopo il ${asOf} non compare; una pagata in parte conta il residuo al ${today}.`,
    basisSnapshot: (asOf: string, synced: string) =>
      `Residui come li ha letti la sincronizzazione del ${synced}, l’ultima della copia locale dei dati (fisco sync) entro il ${asOf}: un pagamento registrato tra le due date non vi compare.`,
    basisTodays: (asOf: string, today: string) => `Fatture emesse entro il ${asOf} che quella lettura non conteneva, con i residui al ${today}:`,
    missingTitle: 'Dati non disponibili',
    missingIntro: 'Alcuni dati non erano disponibili quando il report è stato preparato: sono indicati come mancanti, non come zero.',
    notAvailable: 'dati non disponibili alla preparazione del report',
    serviceSaid: 'messaggio del servizio',
    unknownCode: 'non classificato',
    header: (company: string, month: string) => `${company} — ${month}`,
    pageOf: ['pagina ', ' di '] as const,
    invoicesTitle: 'Fatture emesse nel mese',
    issued: 'Emesso',
    invoicesN: (n: number) => `${n} fattur${n === 1 ? 'a' : 'e'}`,
    collected: 'Incassato',
    outstanding: 'Da incassare',
    creditNotes: 'Note di credito',
    creditNotesN: (n: number) => `${n} not${n === 1 ? 'a' : 'e'} di credito`,
    otherNotes: 'Altri documenti',
    otherNotesN: (n: number) => `${n} document${n === 1 ? 'o' : 'i'} senza incassi, fuori dai totali`,
    net: 'Netto del mese',
    netRule: 'Netto = emesso meno le note di credito emesse nel mese. Emesso, incassato e da incassare riguardano le fatture che ricevono pagamenti.',
    creditTable: 'Note di credito emesse nel mese (sottratte nel netto)',
    otherTable: 'Altri documenti emessi nel mese, senza incassi (fuori dai totali)',
    number: 'Numero',
    dateCol: 'Data',
    customer: 'Cliente',
    amount: 'Importo',
    reason: 'Motivo',
    excludedTitle: 'Documenti esclusi da tutti i totali',
    excludedReason: {
      draft: 'mai trasmessa: fiscalmente non esiste',
      rejected: 'fiscalmente non emessa: va corretta e riemessa',
      error: 'fiscalmente non emessa: va corretta e riemessa',
    } as Record<string, string>,
    deliveryFailedTitle: "Consegna non riuscita (inclusa nell'emesso)",
    deliveryFailedNote:
      'Lo SDI non ha potuto consegnarle al cliente: le fatture sono comunque emesse e il cliente le trova nella sua area riservata (cassetto fiscale). Conviene avvisarlo.',
    noneExcluded: 'Nessun documento escluso: nel mese non ci sono bozze, scarti o errori.',
    resendBy: 'da reinviare corretta (stesso numero e data) entro il',
    inbound: (n: number) => `Fatture di acquisto ricevute nel mese: ${n}, per un totale di`,
    noInbound: 'Nessuna fattura di acquisto ricevuta nel mese.',
    receivablesTitle: 'Crediti aperti per anzianità',
    age: 'Anzianità',
    invoicesCol: 'Fatture',
    amountDue: 'Da incassare',
    totalOpen: 'Totale crediti aperti',
    buckets: {
      not_due: 'Non ancora scadute',
      d1_30: 'Scadute da 1–30 giorni',
      d31_60: 'Scadute da 31–60 giorni',
      d61_90: 'Scadute da 61–90 giorni',
      over_90: 'Scadute da oltre 90 giorni',
    } as Record<string, string>,
    expensesTitle: 'Spese del mese',
    byMethod: 'Spese per criterio di imputazione',
    byCenter: 'Spese per centro di costo',
    noCenterChart: 'Nessuna spesa imputata a un centro di costo.',
    method: 'Criterio di imputazione',
    total: 'Totale',
    center: 'Centro di costo',
    name: 'Nome',
    documents: 'Documenti',
    noCenterRows: 'Nessuna spesa imputata a un centro di costo nel mese.',
    unassigned: (n: number) => `Da rivedere, non imputate a un centro di costo (fuori dai totali sopra): ${n} document${n === 1 ? 'o' : 'i'},`,
    noUnassigned: 'Nessuna spesa da rivedere: ogni spesa diretta è imputata a un centro di costo.',
    f24Title: 'F24 in scadenza nel mese',
    paid: 'Pagati',
    toPay: 'Da pagare',
    form: 'Modello',
    due: 'Scadenza',
    status: 'Stato',
    paidOn: (d: string) => `Pagato il ${d}`,
    expiredOn: (d: string) => `Scaduto il ${d}, non pagato`,
    deadlineDone: 'Fatta',
    deadlineLate: (d: string) => `Scaduta il ${d}, da fare`,
    deadlineDue: (d: string) => `Da fare, scade il ${d}`,
    noF24Paid: 'Nessun F24 pagato nel mese.',
    nothingToPay: 'Nulla da pagare.',
    cancelled: (n: number) => `${n} F24 annullat${n === 1 ? 'o' : 'i'} nel mese, esclus${n === 1 ? 'o' : 'i'} dai totali.`,
    deadlinesTitle: (month: string) => `Scadenze fiscali di ${month}`,
    deadline: 'Adempimento',
    type: 'Tipo',
    noDeadlines: 'Nessuna scadenza il mese prossimo.',
    notRead: 'Non disponibile:',
    generated: (d: string) => `Generato da fisco il ${d}. Importi in euro.`,
    indexTitle: 'Chiusura mensile',
    companies: (n: number) => `${n} aziend${n === 1 ? 'a' : 'e'}`,
    company: 'Azienda',
    openReceivables: 'Crediti aperti',
    expenses: 'Spese',
    f24ToPay: 'F24 da pagare',
    outcome: 'Esito',
    exported: 'Esportata',
    partial: 'Parziale',
    missingParts: 'Mancano',
    notesLink: 'note per lo studio',
    notExported: 'Non esportata',
  },
  en: {
    vat: 'VAT no.',
    reportOf: 'Report for',
    agedOn: 'receivables aged on',
    agedOnToday: (asOf: string, today: string) => `receivables of the invoices issued by ${asOf}, with their residues on ${today}`,
    agedOnSnapshot: (asOf: string, synced: string) => `receivables on ${asOf} (residues read on ${synced})`,
    basisToday: (asOf: string, today: string) =>
      `Invoices issued by ${asOf}, with their residues on ${today}, the report's date: the service does not list an invoice's payments and the local copy of the data (fisco sync) holds no reading made by ${asOf}. An invoice paid after ${asOf} is not shown; one paid in part counts its residue on ${today}.`,
    basisSnapshot: (asOf: string, synced: string) =>
      `Residues as the sync of ${synced} read them, the last of the local copy of the data (fisco sync) by ${asOf}: a payment registered between the two dates is not in them.`,
    basisTodays: (asOf: string, today: string) => `Invoices issued by ${asOf} that reading did not hold, with their residues on ${today}:`,
    missingTitle: 'Data not available',
    missingIntro: 'Some data was not available when this report was prepared: it is shown as missing, not as zero.',
    notAvailable: 'not available when the report was prepared',
    serviceSaid: "the service's message",
    unknownCode: 'unclassified',
    header: (company: string, month: string) => `${company} — ${month}`,
    pageOf: ['page ', ' of '] as const,
    invoicesTitle: 'Invoices issued this month',
    issued: 'Issued',
    invoicesN: (n: number) => `${n} invoice${n === 1 ? '' : 's'}`,
    collected: 'Collected',
    outstanding: 'Outstanding',
    creditNotes: 'Credit notes',
    creditNotesN: (n: number) => `${n} credit note${n === 1 ? '' : 's'}`,
    otherNotes: 'Other documents',
    otherNotesN: (n: number) => `${n} document${n === 1 ? '' : 's'} taking no payments, outside the totals`,
    net: 'Net for the month',
    netRule: 'Net = issued minus the credit notes issued in the month. Issued, collected and outstanding cover the invoices that take payments.',
    creditTable: 'Credit notes issued this month (subtracted in the net)',
    otherTable: 'Other documents issued this month, taking no payments (outside the totals)',
    number: 'Number',
    dateCol: 'Date',
    customer: 'Customer',
    amount: 'Amount',
    reason: 'Reason',
    excludedTitle: 'Documents left out of every total',
    excludedReason: {
      draft: 'never sent: fiscally it does not exist',
      rejected: 'fiscally not issued: to correct and issue again',
      error: 'fiscally not issued: to correct and issue again',
    } as Record<string, string>,
    deliveryFailedTitle: 'Delivery failed (included in issued)',
    deliveryFailedNote:
      'The SDI could not deliver them: the invoices are issued all the same and the customer finds them in their tax portal area. Worth telling them.',
    noneExcluded: 'No document left out: no drafts, rejections or errors this month.',
    resendBy: 'send the corrected invoice (same number and date) by',
    inbound: (n: number) => `Purchase invoices received this month: ${n}, total`,
    noInbound: 'No purchase invoices received this month.',
    receivablesTitle: 'Open receivables by age',
    age: 'Age',
    invoicesCol: 'Invoices',
    amountDue: 'Amount due',
    totalOpen: 'Total open receivables',
    buckets: {
      not_due: 'Not yet due',
      d1_30: '1–30 days overdue',
      d31_60: '31–60 days overdue',
      d61_90: '61–90 days overdue',
      over_90: 'Over 90 days overdue',
    } as Record<string, string>,
    expensesTitle: 'Expenses this month',
    byMethod: 'Expenses by allocation method',
    byCenter: 'Expenses by cost center',
    noCenterChart: 'No expenses allocated to a cost center.',
    method: 'Allocation method',
    total: 'Total',
    center: 'Cost center',
    name: 'Name',
    documents: 'Documents',
    noCenterRows: 'No expenses allocated to a cost center this month.',
    unassigned: (n: number) => `To review, not assigned to a cost center (outside the totals above): ${n} document${n === 1 ? '' : 's'},`,
    noUnassigned: 'Nothing to review: every direct expense is assigned to a cost center.',
    f24Title: 'F24 forms due this month',
    paid: 'Paid',
    toPay: 'To pay',
    form: 'Form',
    due: 'Due',
    status: 'Status',
    paidOn: (d: string) => `Paid on ${d}`,
    expiredOn: (d: string) => `Expired on ${d}, unpaid`,
    deadlineDone: 'Done',
    deadlineLate: (d: string) => `Overdue since ${d}, to do`,
    deadlineDue: (d: string) => `To do, due on ${d}`,
    noF24Paid: 'No F24 paid this month.',
    nothingToPay: 'Nothing to pay.',
    cancelled: (n: number) => `${n} F24 form${n === 1 ? '' : 's'} cancelled this month, left out of the totals.`,
    deadlinesTitle: (month: string) => `Tax deadlines in ${month}`,
    deadline: 'Deadline',
    type: 'Type',
    noDeadlines: 'No deadlines next month.',
    notRead: 'Not available:',
    generated: (d: string) => `Generated by fisco on ${d}. Amounts in euro.`,
    indexTitle: 'Month-end export',
    companies: (n: number) => `${n} compan${n === 1 ? 'y' : 'ies'}`,
    company: 'Company',
    openReceivables: 'Open receivables',
    expenses: 'Expenses',
    f24ToPay: 'F24 to pay',
    outcome: 'Outcome',
    exported: 'Exported',
    partial: 'Partial',
    missingParts: 'Missing',
    notesLink: 'notes for the firm',
    notExported: 'Not exported',
  },
};

const STYLE = `
  :root { color-scheme: light; --ink: #1d2330; --muted: #5b6472; --line: #d9dde5; --accent: #2456a6; --warn: #9a4a06; --danger: #b42318; }
  * { box-sizing: border-box; }
  body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); margin: 0; background: #fff; }
  main { max-width: 960px; margin: 0 auto; padding: 28px 24px 48px; }
  h1 { font-size: 24px; margin: 0 0 4px; }
  h2 { font-size: 18px; margin: 30px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
  h3 { font-size: 15px; margin: 18px 0 6px; }
  .sub { color: var(--muted); margin: 0 0 20px; }
  .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px; }
  .card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; }
  .card .label { color: var(--muted); font-size: 13px; font-weight: 600; }
  .card .value { font-size: 20px; font-weight: 700; margin-top: 2px; white-space: nowrap; }
  table { width: 100%; border-collapse: collapse; margin: 6px 0; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-size: 13px; color: var(--muted); font-weight: 600; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  tr.detail td { border-top: none; padding-top: 0; font-weight: 400; }
  tr:has(+ tr.detail) td { border-bottom: none; }
  tr.total td { font-weight: 700; color: var(--ink); font-size: inherit; border-top: 2px solid var(--ink); border-bottom: none; }
  .code { color: var(--muted); font: 12px ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; white-space: nowrap; }
  .muted { color: var(--muted); }
  .danger { color: var(--danger); font-weight: 600; }
  .warn { color: var(--warn); font-weight: 600; }
  .ok { color: #2f7d4f; }
  .note { color: var(--muted); font-size: 14px; }
  .missing { border: 1px solid var(--danger); background: #fff6f5; border-radius: 8px; padding: 10px 14px; margin: 12px 0; }
  .missing h2 { border: none; margin: 0 0 6px; padding: 0; color: var(--danger); }
  .missing ul { margin: 6px 0 0; padding-left: 20px; }
  p.unavailable { color: var(--danger); font-weight: 600; }
  .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 20px; align-items: start; }
  .chart { margin: 0; overflow-x: auto; }
  svg.chart-svg { display: block; width: 100%; min-width: 340px; max-width: 600px; height: auto; }
  svg text { font: 12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: var(--ink); }
  footer { margin-top: 32px; color: var(--muted); font-size: 13px; }
  a { color: var(--accent); }
  @media print {
    body { font-size: 10.5pt; }
    main { padding: 0; max-width: none; }
    h2 { break-after: avoid; }
    /* One chart a row on paper: side by side their 12 px labels would print at under 7 pt. */
    .charts { grid-template-columns: 1fr; gap: 4mm; }
    svg.chart-svg { min-width: 0; max-width: 140mm; }
    table, .card, .chart, .missing, tr { break-inside: avoid; }
    a { color: inherit; text-decoration: none; }
  }
`;

/**
 * A CSS string literal holding `text`: every character but plain letters, digits and spaces as a
 * hex escape, so nothing from the service can end the string or the <style> element (`</style>`).
 */
export function cssString(text: string): string {
  return `"${[...text].map((c) => (/^[A-Za-z0-9 ]$/.test(c) ? c : `\\${c.codePointAt(0)!.toString(16)} `)).join('')}"`;
}

/** The printed page: A4, and on every page the company and the month at the top left, "pagina n di m" at the top right. */
function pageRules(header: string, lang: ReportLang): string {
  const [page, of] = TEXT[lang].pageOf;
  const box = 'font: 8.5pt system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #5b6472;';
  return `
  @page {
    size: A4;
    margin: 18mm 14mm 14mm;
    @top-left { content: ${cssString(header)}; ${box} }
    @top-right { content: ${cssString(page)} counter(page) ${cssString(of)} counter(pages); ${box} }
  }`;
}

function page(title: string, body: string, lang: ReportLang, printHeader = title): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>${STYLE}${pageRules(printHeader, lang)}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function card(label: string, amount: string, figure: string, extra = '', none = false): string {
  return `<div class="card"><div class="label">${escapeHtml(label)}</div><div class="value">${money(amount, figure, none)}</div>${extra}</div>`;
}

/** A missing part for the firm (index.html): what, why in the page's language, and the service's own message quoted beside. */
function missingWords(part: MissingPart, lang: ReportLang): string {
  const t = TEXT[lang];
  const what = partWords(part, lang) ?? String(part.request);
  return `<strong>${escapeHtml(what)}</strong>: ${escapeHtml(failureWords(part.exit_code, lang))} <span class="muted">(${escapeHtml(t.serviceSaid)}: «${escapeHtml(part.reason)}»)</span>`;
}

/** A missing part for the client (report.html): what is missing, in words; why, and the service's message, are in the firm's notes. */
function missingForClient(part: MissingPart, lang: ReportLang): string {
  const t = TEXT[lang];
  const what = partWords(part, lang) ?? t.unknownCode;
  return `<strong>${escapeHtml(what)}</strong>: ${escapeHtml(t.notAvailable)}`;
}

function unavailable(report: MonthReport, parts: string[], lang: ReportLang): string {
  const found = report.missing.filter((m) => m.part !== undefined && parts.includes(m.part));
  const reasons = found.length ? found.map((m) => missingForClient(m, lang)).join('; ') : escapeHtml(TEXT[lang].notAvailable);
  return `<p class="unavailable" data-missing="${escapeHtml(parts.join(' '))}">${escapeHtml(TEXT[lang].notRead)} ${reasons}</p>`;
}

function documentRows(lines: readonly DocumentLine[], last?: (line: DocumentLine) => string): string {
  return lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.number)}</td><td>${date(l.issue_date)}</td><td>${escapeHtml(l.counterpart)}</td><td class="num">${money(l.total)}</td>${last ? `<td>${last(l)}</td>` : ''}</tr>`,
    )
    .join('\n');
}

/** A table of documents (number, date, customer, amount, and a last column when `last` gives one). */
function documentTable(
  name: string,
  title: string,
  lines: readonly DocumentLine[],
  lang: ReportLang,
  last?: { head: string; cell: (l: DocumentLine) => string },
): string {
  const t = TEXT[lang];
  const head = `<thead><tr><th>${t.number}</th><th>${t.dateCol}</th><th>${t.customer}</th><th class="num">${t.amount}</th>${last ? `<th>${last.head}</th>` : ''}</tr></thead>`;
  return `<h3>${escapeHtml(title)}</h3>\n<table data-table="${name}">${head}<tbody>\n${documentRows(lines, last?.cell)}\n</tbody></table>`;
}

function invoiceCards(i: NonNullable<MonthReport['invoices']>, lang: ReportLang): string {
  const t = TEXT[lang];
  const credit = i.notes.filter((n) => n.kind === 'credit').length;
  const other = i.notes.filter((n) => n.kind === 'unclassified').length;
  const nothing = i.issued_count === 0;
  return `<div class="cards">
  ${card(t.issued, i.issued, 'invoices.issued', `<div class="muted">${t.invoicesN(i.issued_count)}</div>`, nothing)}
  ${card(t.collected, i.collected, 'invoices.collected', '', nothing)}
  ${card(t.outstanding, i.outstanding, 'invoices.outstanding', '', nothing)}
  ${card(t.creditNotes, i.credit_notes_total, 'invoices.credit_notes', `<div class="muted">${t.creditNotesN(credit)}</div>`, credit === 0)}
  ${card(t.net, i.net, 'invoices.net', '', nothing && credit === 0)}
  ${other > 0 ? card(t.otherNotes, i.other_notes_total, 'invoices.other_notes', `<div class="muted">${t.otherNotesN(other)}</div>`) : ''}
</div>`;
}

/** A rejection's code and text, the control's explanation in the report's language, and the day the window to resend closes. */
function rejection(l: DocumentLine & { sdi_error?: string | null; resend_by?: string | null }, lang: ReportLang): string {
  if (!l.sdi_error) return '';
  const control = controlOf(l.sdi_error);
  const language: Language = lang === 'it' ? { lang: 'it', catalogue: IT_SDI } : ENGLISH;
  const explained = control ? `: ${escapeHtml(render(control.what, language))}` : '';
  const by = l.resend_by ? ` — ${escapeHtml(TEXT[lang].resendBy)} ${escapeHtml(lang === 'it' ? toItalianDate(l.resend_by) : l.resend_by)}` : '';
  return `<br><span class="muted">${escapeHtml(l.sdi_error)}${explained}${by}</span>`;
}

function invoicesSection(r: MonthReport, lang: ReportLang): string {
  const t = TEXT[lang];
  const i = r.invoices;
  if (!i) return `<h2>${t.invoicesTitle}</h2>\n${unavailable(r, ['invoices'], lang)}`;
  const credit = i.notes.filter((n) => n.kind === 'credit');
  // The service does not say what a document taking no payments is (credit or debit note, or void): its kind is not named.
  const other = i.notes.filter((n) => n.kind === 'unclassified');
  const excluded = i.excluded.length
    ? documentTable('excluded', t.excludedTitle, i.excluded, lang, {
        head: t.reason,
        cell: (l) =>
          `${code('sdiStatus', l.sdi_status, lang)} — ${escapeHtml(t.excludedReason[(l as DocumentLine & { reason: string }).reason] ?? '')}${rejection(l, lang)}`,
      })
    : `<p class="note" data-table="excluded">${escapeHtml(t.noneExcluded)}</p>`;
  const failed = i.delivery_failed.length
    ? `<h3>${escapeHtml(t.deliveryFailedTitle)}</h3>\n<p class="note">${escapeHtml(t.deliveryFailedNote)}</p>\n${documentTable('delivery-failed', '', i.delivery_failed, lang).replace(/^<h3><\/h3>\n/, '')}`
    : '';
  const inbound =
    i.inbound_count > 0
      ? `<p class="muted">${escapeHtml(t.inbound(i.inbound_count))} ${money(i.inbound_total, 'invoices.inbound_total')}.</p>`
      : `<p class="muted" data-figure="invoices.inbound_total">${escapeHtml(t.noInbound)}</p>`;
  return `<h2>${t.invoicesTitle}</h2>
${invoiceCards(i, lang)}
<p class="note" data-rule="net">${escapeHtml(t.netRule)}</p>
${credit.length ? documentTable('credit-notes', t.creditTable, credit, lang) : ''}
${other.length ? documentTable('other-documents', t.otherTable, other, lang) : ''}
${failed}
${excluded}
${inbound}`;
}

/** Where the residues come from, when they are not those of the as-of date itself (src/receivables/as-of.ts). */
function basisNote(r: MonthReport, lang: ReportLang): string {
  const t = TEXT[lang];
  const basis = r.receivables_basis;
  if (!basis || basis.kind === 'current') return '';
  if (basis.kind === 'today')
    return `<p class="note" data-basis="today">${escapeHtml(t.basisToday(toItalianDate(basis.as_of), toItalianDate(basis.today)))}</p>\n`;
  const todays = basis.todays.length
    ? ` ${escapeHtml(t.basisTodays(toItalianDate(basis.as_of), toItalianDate(basis.today)))} ${basis.todays.map(escapeHtml).join(', ')}.`
    : '';
  return `<p class="note" data-basis="snapshot">${escapeHtml(t.basisSnapshot(toItalianDate(basis.as_of), toItalianDate(basis.snapshot_date!)))}${todays}</p>\n`;
}

/** The header's words for the date receivables are aged on: never a date whose residues the report does not hold. */
function agedOn(r: MonthReport, lang: ReportLang): string {
  const t = TEXT[lang];
  const basis = r.receivables_basis;
  if (basis?.kind === 'today') return escapeHtml(t.agedOnToday(toItalianDate(r.as_of), toItalianDate(basis.today)));
  if (basis?.kind === 'snapshot') return escapeHtml(t.agedOnSnapshot(toItalianDate(r.as_of), toItalianDate(basis.snapshot_date!)));
  return `${t.agedOn} ${date(r.as_of)}`;
}

function receivablesSection(r: MonthReport, lang: ReportLang): string {
  const t = TEXT[lang];
  if (!r.receivables) return `<h2>${t.receivablesTitle}</h2>\n${unavailable(r, ['invoices'], lang)}`;
  const rows = r.receivables
    .map(
      (b) =>
        `<tr data-bucket="${b.bucket}"><td${b.bucket === 'not_due' ? '' : b.bucket === 'd1_30' ? ' class="warn"' : ' class="danger"'}>${escapeHtml(t.buckets[b.bucket])}</td><td class="num">${b.count}</td><td class="num">${money(b.amount, `receivables.${b.bucket}`, b.count === 0)}</td></tr>`,
    )
    .join('\n');
  const open = r.receivables.reduce((n, b) => n + b.count, 0);
  return `<h2>${t.receivablesTitle}</h2>
${basisNote(r, lang)}<div class="charts">
  <table>
    <thead><tr><th>${t.age}</th><th class="num">${t.invoicesCol}</th><th class="num">${t.amountDue}</th></tr></thead>
    <tbody>
${rows}
    <tr class="total"><td>${t.totalOpen}</td><td class="num">${open}</td><td class="num">${money(r.receivables_total, 'receivables.total', open === 0)}</td></tr>
    </tbody>
  </table>
  <figure class="chart">${barChart(
    r.receivables.map((b) => ({
      label: t.buckets[b.bucket]!,
      value: b.amount,
      tone: b.bucket === 'not_due' ? 'ok' : b.bucket === 'd1_30' ? 'warn' : 'danger',
      none: b.count === 0,
    })),
    { title: t.receivablesTitle, none: NO_FIGURE },
  )}</figure>
</div>`;
}

function expensesSection(r: MonthReport, lang: ReportLang): string {
  const t = TEXT[lang];
  const e = r.expenses;
  if (!e) return `<h2>${t.expensesTitle}</h2>\n${unavailable(r, ['summary', 'expenses'], lang)}`;
  const centerRows = e.by_center.length
    ? e.by_center
        .map(
          (c) =>
            `<tr><td>${escapeHtml(c.code)}</td><td>${escapeHtml(c.name)}</td><td class="num">${c.documents}</td><td class="num">${money(c.total, `center.${c.code}`)}</td></tr>`,
        )
        .join('\n')
    : `<tr><td colspan="4" class="muted">${t.noCenterRows}</td></tr>`;
  const unassigned =
    e.unassigned_count > 0
      ? `<p class="warn">${escapeHtml(t.unassigned(e.unassigned_count))} ${money(e.unassigned_amount, 'expenses.unassigned')}.</p>`
      : `<p class="muted" data-figure="expenses.unassigned">${escapeHtml(t.noUnassigned)}</p>`;
  return `<h2>${t.expensesTitle}</h2>
<div class="charts">
  <figure class="chart">${barChart(
    e.by_method.map((m) => ({ label: shortLabel('method', m.method, lang), value: m.total, none: isZero(m.total) })),
    { title: t.byMethod, none: NO_FIGURE },
  )}</figure>
  <figure class="chart">${
    e.by_center.length
      ? barChart(
          e.by_center.map((c) => ({ label: c.code, value: c.total })),
          { title: t.byCenter },
        )
      : `<p class="muted">${t.noCenterChart}</p>`
  }</figure>
</div>
<table>
  <thead><tr><th>${t.method}</th><th class="num">${t.total}</th></tr></thead>
  <tbody>
${e.by_method.map((m) => `<tr><td>${code('method', m.method, lang)}</td><td class="num">${money(m.total, `method.${m.method}`, isZero(m.total))}</td></tr>`).join('\n')}
  <tr class="total"><td>${t.total}</td><td class="num">${money(e.total, 'expenses.total', isZero(e.total))}</td></tr>
  </tbody>
</table>
<table>
  <thead><tr><th>${t.center}</th><th>${t.name}</th><th class="num">${t.documents}</th><th class="num">${t.total}</th></tr></thead>
  <tbody>
${centerRows}
  </tbody>
</table>
${unassigned}`;
}

/** An F24's state in words, as dates: "Pagato il 16/11/2026", "Scaduto il 16/10/2026, non pagato", "Da pagare". */
function f24Status(form: { status?: string; due_date: string; payment_date?: string | null }, lang: ReportLang): string {
  const t = TEXT[lang];
  if (form.status === 'paid' || form.status === undefined)
    return form.payment_date ? escapeHtml(t.paidOn(toItalianDate(form.payment_date))) : code('f24Status', 'paid', lang);
  if (form.status === 'expired') return escapeHtml(t.expiredOn(toItalianDate(form.due_date)));
  return code('f24Status', form.status, lang);
}

function f24Section(r: MonthReport, lang: ReportLang): string {
  const t = TEXT[lang];
  const f = r.f24;
  if (!f) return `<h2>${t.f24Title}</h2>\n${unavailable(r, ['f24s'], lang)}`;
  const rows = (
    list: { id: string; description: string; due_date: string; amount: string; payment_date?: string | null; status?: string }[],
    kind: 'paid' | 'to_pay',
  ) =>
    list.length
      ? list
          .map(
            (x) =>
              `<tr><td>${escapeHtml(x.description)}</td><td>${date(x.due_date)}</td><td${x.status === 'expired' ? ' class="danger"' : ''}>${f24Status(kind === 'paid' ? { ...x, status: 'paid' } : x, lang)}</td><td class="num">${money(x.amount)}</td></tr>`,
          )
          .join('\n')
      : `<tr><td colspan="4" class="muted">${kind === 'paid' ? t.noF24Paid : t.nothingToPay}</td></tr>`;
  return `<h2>${t.f24Title}</h2>
<div class="cards">
  ${card(t.paid, f.paid_total, 'f24.paid', '', f.paid.length === 0)}
  ${card(t.toPay, f.to_pay_total, 'f24.to_pay', '', f.to_pay.length === 0)}
</div>
<table>
  <thead><tr><th>${t.form}</th><th>${t.due}</th><th>${t.status}</th><th class="num">${t.amount}</th></tr></thead>
  <tbody>
${rows(f.paid, 'paid')}
${rows(f.to_pay, 'to_pay')}
  </tbody>
</table>
${f.cancelled_count > 0 ? `<p class="note">${escapeHtml(t.cancelled(f.cancelled_count))}</p>` : ''}`;
}

/** A deadline's state as dates, true whenever the page is read: "Fatta", "Scaduta il 16/11/2026, da fare", "Da fare, scade il 16/12/2026". */
function deadlineStatus(d: { status: string; due_date: string }, lang: ReportLang): string {
  const t = TEXT[lang];
  if (d.status === 'done') return t.deadlineDone;
  return d.status === 'overdue' ? t.deadlineLate(toItalianDate(d.due_date)) : t.deadlineDue(toItalianDate(d.due_date));
}

function deadlinesSection(r: MonthReport, lang: ReportLang): string {
  const t = TEXT[lang];
  const title = `<h2>${escapeHtml(t.deadlinesTitle(monthName(r.next_month, lang)))}</h2>`;
  if (!r.next_deadlines) return `${title}\n${unavailable(r, ['deadlines'], lang)}`;
  const tone = (status: string) => (status === 'overdue' ? ' class="danger"' : status === 'done' ? ' class="ok"' : '');
  // A deadline with no amount (null, or 0 for a filing such as a tax return) shows —.
  const rows = r.next_deadlines.length
    ? r.next_deadlines
        .map(
          (d) =>
            `<tr data-status="${escapeHtml(d.status)}"><td>${date(d.due_date)}</td><td>${escapeHtml(d.title)}</td><td>${code('deadlineType', d.type, lang)}</td><td${tone(d.status)}>${escapeHtml(deadlineStatus(d, lang))}</td><td class="num">${money(d.amount, undefined, isZero(d.amount))}</td></tr>`,
        )
        .join('\n')
    : `<tr><td colspan="5" class="muted">${t.noDeadlines}</td></tr>`;
  return `${title}
<table>
  <thead><tr><th>${t.due}</th><th>${t.deadline}</th><th>${t.type}</th><th>${t.status}</th><th class="num">${t.amount}</th></tr></thead>
  <tbody>
${rows}
  </tbody>
</table>`;
}

export function renderReport(report: MonthReport, generatedAt: string, lang: ReportLang = 'it'): string {
  const r = report;
  const t = TEXT[lang];
  const missing = r.missing.length
    ? `<section class="missing" data-missing-count="${r.missing.length}"><h2>${t.missingTitle}</h2><p>${escapeHtml(t.missingIntro)}</p><ul>${r.missing.map((m) => `<li>${missingForClient(m, lang)}</li>`).join('')}</ul></section>`
    : '';
  const body = `
<header>
  <h1 data-company="${escapeHtml(r.company.id)}">${escapeHtml(r.company.name)}</h1>
  <p class="sub">${t.vat} ${escapeHtml(r.company.vat_number)} · ${t.reportOf} <strong>${escapeHtml(monthName(r.period, lang))}</strong> · ${agedOn(r, lang)}</p>
</header>
${missing}
${leftOutNote(r.left_out ?? [], lang)}
${invoicesSection(r, lang)}

${receivablesSection(r, lang)}

${expensesSection(r, lang)}

${f24Section(r, lang)}

${deadlinesSection(r, lang)}
${r.cash ? `\n${cashSection(r.cash, lang)}\n` : ''}

<footer>${escapeHtml(t.generated(toItalianDate(generatedAt)))}</footer>`;
  const month = monthName(r.period, lang);
  return page(`${r.company.name} — ${month}`, body, lang, t.header(r.company.name, month));
}

export interface IndexEntry {
  company: { id: string; name: string; vat_number: string | null };
  folder: string;
  report?: MonthReport;
  /** The failure of a company not exported: the service's message and the exit code. */
  error?: string;
  exitCode?: number;
}

export function renderIndex(period: string, entries: readonly IndexEntry[], generatedAt: string, lang: ReportLang = 'it'): string {
  const t = TEXT[lang];
  // A company not exported, or exported in part, gets a second line saying what and why, across the table.
  const detail = (id: string, html: string, tone: string) =>
    `<tr class="detail" data-detail="${escapeHtml(id)}"><td colspan="9" class="${tone}">${html}</td></tr>`;
  const rows = entries
    .map((e) => {
      if (!e.report) {
        const why = `${t.notExported}: ${escapeHtml(failureWords(e.exitCode ?? 1, lang))} <span class="muted">(${escapeHtml(t.serviceSaid)}: «${escapeHtml(e.error ?? '')}»)</span>`;
        return `<tr data-company="${escapeHtml(e.company.id)}" data-outcome="failed"><td>${escapeHtml(e.company.name)}</td><td>${escapeHtml(e.company.vat_number)}</td><td colspan="6" class="muted">${NO_FIGURE}</td><td class="danger">${t.notExported}</td></tr>\n${detail(e.company.id, why, 'danger')}`;
      }
      const r = e.report;
      const partial = r.missing.length > 0;
      const outcome = partial ? `<td class="warn">${t.partial}</td>` : `<td class="ok">${t.exported}</td>`;
      const row = `<tr data-company="${escapeHtml(e.company.id)}" data-outcome="${partial ? 'partial' : 'exported'}"><td><a href="${escapeHtml(encodeURI(`${e.folder}/report.html`))}">${escapeHtml(e.company.name)}</a> <a class="muted" data-notes href="${escapeHtml(encodeURI(`${e.folder}/${FIRM_NOTES_FILE}`))}">${t.notesLink}</a></td><td>${escapeHtml(e.company.vat_number)}</td><td class="num">${money(r.invoices?.issued ?? null)}</td><td class="num">${money(r.invoices?.collected ?? null)}</td><td class="num">${money(r.invoices?.outstanding ?? null)}</td><td class="num">${money(r.receivables_total)}</td><td class="num">${money(r.expenses?.total ?? null)}</td><td class="num">${money(r.f24?.to_pay_total ?? null)}</td>${outcome}</tr>`;
      return partial ? `${row}\n${detail(e.company.id, `${t.missingParts}: ${r.missing.map((m) => missingWords(m, lang)).join('; ')}`, 'warn')}` : row;
    })
    .join('\n');
  const body = `
<h1>${t.indexTitle}</h1>
<p class="sub">${escapeHtml(monthName(period, lang))} · ${t.companies(entries.length)}</p>
<table>
  <thead><tr><th>${t.company}</th><th>${t.vat}</th><th class="num">${t.issued}</th><th class="num">${t.collected}</th><th class="num">${t.outstanding}</th><th class="num">${t.openReceivables}</th><th class="num">${t.expenses}</th><th class="num">${t.f24ToPay}</th><th>${t.outcome}</th></tr></thead>
  <tbody>
${rows}
  </tbody>
</table>
<footer>${escapeHtml(t.generated(toItalianDate(generatedAt)))}</footer>`;
  return page(`${t.indexTitle} — ${monthName(period, lang)}`, body, lang);
}

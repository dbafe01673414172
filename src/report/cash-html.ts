/** The monthly report's cash section: the coming weeks' flows (src/report/cash.ts), as a table. */
import { add, formatEuro } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import type { CashForecast } from './cash.js';
import { escapeHtml } from './escape.js';
import type { ReportLang } from './labels.js';

const TEXT = {
  it: {
    title: (n: number) => `Flussi di cassa delle prossime ${n} settimane`,
    note: 'Incassi attesi dai crediti per data di scadenza (quelli scaduti nel giorno in cui il cliente paga di solito, se noto); uscite: fatture ricevute da pagare, F24 da pagare e scadenze fiscali con importo. Il saldo bancario non è noto: il saldo progressivo parte da zero e mostra solo ciò che questi flussi aggiungono o tolgono.',
    unknown: (n: number) =>
      `crediti scaduti con data di incasso sconosciuta (${n} ${n === 1 ? 'fattura' : 'fatture'}), fuori dalle settimane: nessuno storico dei pagamenti del cliente.`,
    head: ['Settimana dal', 'Incassi', 'Uscite', 'Netto', 'Progressivo'],
  },
  en: {
    title: (n: number) => `Cash flows of the next ${n} weeks`,
    note: 'In: receivables by due date (overdue ones on the day their client usually pays, when known); out: inbound invoices to pay, F24 forms to pay and tax deadlines with an amount. No bank balance is known: the running balance starts from zero and shows only what these flows add or take.',
    unknown: (n: number) =>
      `overdue receivables whose payment date is unknown (${n} ${n === 1 ? 'invoice' : 'invoices'}), outside the weeks: no payment history of the client.`,
    head: ['Week from', 'In', 'Out', 'Net', 'Running'],
  },
} as const;

/** An amount, or `—` when nothing flows behind it (never a 0,00 € that means nothing); its exact value in `data-value`. */
const money = (amount: string, figure: string, none: boolean) =>
  `<span class="money${none ? ' muted' : ''}" data-figure="${escapeHtml(figure)}" data-value="${escapeHtml(amount)}">${escapeHtml(none ? '—' : formatEuro(amount))}</span>`;
const zero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);

export function cashSection(cash: CashForecast, lang: ReportLang): string {
  const t = TEXT[lang];
  let flowed = false;
  const rows = cash.weeks
    .map((w) => {
      // Out: inbound invoices, F24s and deadlines together (a 600 px page has room for five columns).
      const out = add(w.payables, w.f24, w.deadlines);
      flowed ||= !zero(w.receivables) || !zero(out);
      const cells = [
        money(w.receivables, `cash.${w.week}.receivables`, zero(w.receivables)),
        money(out, `cash.${w.week}.out`, zero(out)),
        money(w.net, `cash.${w.week}.net`, zero(w.receivables) && zero(out)),
        // Until something has flowed, the running balance has nothing to show either.
        money(w.running, `cash.${w.week}.running`, !flowed && zero(w.running)),
      ].map((cell, i) => `<td class="num${i === 3 && w.running.startsWith('-') ? ' danger' : ''}">${cell}</td>`);
      return `<tr data-week="${w.week}"><td>${escapeHtml(toItalianDate(w.from))}</td>${cells.join('')}</tr>`;
    })
    .join('\n');
  return `<h2>${escapeHtml(t.title(cash.weeks.length))}</h2>
<p class="note" data-rule="cash">${escapeHtml(t.note)}</p>
${cash.overdue_unknown?.invoices ? `<p class="note" data-rule="overdue-unknown">${money(cash.overdue_unknown.amount, 'cash.overdue_unknown', false)}: ${escapeHtml(t.unknown(cash.overdue_unknown.invoices))}</p>\n` : ''}<table data-table="cash">
  <thead><tr>${t.head.map((h, i) => `<th${i ? ' class="num"' : ''}>${escapeHtml(h)}</th>`).join('')}</tr></thead>
  <tbody>
${rows}
  </tbody>
</table>`;
}

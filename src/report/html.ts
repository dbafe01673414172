/**
 * report.html and index.html: self-contained pages (inline CSS and SVG, no script, no network)
 * that a client can read and print to PDF. Every text from the API is escaped; every figure
 * comes from report/month.ts and carries its exact decimal string in `data-value`.
 */
import { formatEuro } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import { escapeHtml } from './escape.js';
import { barChart } from './svg.js';
import type { MonthReport } from './month.js';


const money = (amount: string | null, figure?: string): string =>
  amount === null ? '<span class="muted">–</span>' : `<span class="money"${figure ? ` data-figure="${escapeHtml(figure)}"` : ''} data-value="${escapeHtml(amount)}">${escapeHtml(formatEuro(amount))}</span>`;
const date = (value: string | null): string => (value ? escapeHtml(toItalianDate(value)) : '–');

const STYLE = `
  :root { color-scheme: light; --ink: #1d2330; --muted: #6b7280; --line: #d9dde5; --accent: #2456a6; --warn: #b45309; --danger: #b42318; }
  * { box-sizing: border-box; }
  body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); margin: 0; background: #fff; }
  main { max-width: 960px; margin: 0 auto; padding: 32px 28px 48px; }
  h1 { font-size: 24px; margin: 0 0 4px; }
  h2 { font-size: 17px; margin: 28px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
  .sub { color: var(--muted); margin: 0 0 20px; }
  .cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px; }
  .card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; }
  .card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
  .card .value { font-size: 20px; font-weight: 600; margin-top: 2px; }
  table { width: 100%; border-collapse: collapse; margin: 6px 0; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  .muted { color: var(--muted); }
  .danger { color: var(--danger); font-weight: 600; }
  .warn { color: var(--warn); }
  svg { display: block; max-width: 100%; height: auto; }
  svg text { font: 12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: var(--ink); }
  .charts { display: grid; grid-template-columns: 1fr 1fr; gap: 20px; }
  footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
  a { color: var(--accent); }
  @media print {
    @page { size: A4; margin: 14mm; }
    main { padding: 0; max-width: none; }
    h2 { break-after: avoid; }
    table, .card, svg { break-inside: avoid; }
    a { color: inherit; text-decoration: none; }
  }
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function card(label: string, amount: string, figure: string, extra = ''): string {
  return `<div class="card"><div class="label">${escapeHtml(label)}</div><div class="value">${money(amount, figure)}</div>${extra}</div>`;
}

export function renderReport(report: MonthReport, generatedAt: string): string {
  const r = report;
  const receivableRows = r.receivables
    .map((b) => `<tr data-bucket="${b.bucket}"><td${b.bucket === 'not_due' ? '' : b.bucket === 'd1_30' ? ' class="warn"' : ' class="danger"'}>${escapeHtml(b.label)}</td><td class="num">${b.count}</td><td class="num">${money(b.amount, `receivables.${b.bucket}`)}</td></tr>`)
    .join('\n');
  const centerRows = r.expenses.by_center.length
    ? r.expenses.by_center.map((c) => `<tr><td>${escapeHtml(c.code)}</td><td>${escapeHtml(c.name)}</td><td class="num">${c.documents}</td><td class="num">${money(c.total, `center.${c.code}`)}</td></tr>`).join('\n')
    : '<tr><td colspan="4" class="muted">No expenses allocated to a cost center this month.</td></tr>';
  const f24Rows = (rows: { id: string; description: string; due_date: string; amount: string; payment_date?: string | null; status?: string }[], kind: 'paid' | 'to_pay') =>
    rows.length
      ? rows
          .map(
            (f) =>
              `<tr><td>${escapeHtml(f.description)}</td><td>${date(f.due_date)}</td><td${f.status === 'expired' ? ' class="danger"' : ''}>${escapeHtml(kind === 'paid' ? `paid ${f.payment_date ? toItalianDate(f.payment_date) : ''}` : f.status === 'expired' ? 'EXPIRED' : 'to pay')}</td><td class="num">${money(f.amount)}</td></tr>`,
          )
          .join('\n')
      : `<tr><td colspan="4" class="muted">${kind === 'paid' ? 'No F24 paid this month.' : 'Nothing to pay.'}</td></tr>`;
  const deadlineRows = r.next_deadlines.length
    ? r.next_deadlines.map((d) => `<tr><td>${date(d.due_date)}</td><td>${escapeHtml(d.title)}</td><td>${escapeHtml(d.type)}</td><td class="num">${money(d.amount)}</td></tr>`).join('\n')
    : '<tr><td colspan="4" class="muted">No deadlines next month.</td></tr>';
  const body = `
<header>
  <h1 data-company="${escapeHtml(r.company.id)}">${escapeHtml(r.company.name)}</h1>
  <p class="sub">P.IVA ${escapeHtml(r.company.vat_number)} · Report for <strong>${escapeHtml(monthName(r.period))}</strong> (${escapeHtml(r.period)}) · receivables aged on ${date(r.as_of)}</p>
</header>

<h2>Invoices issued this month</h2>
<div class="cards">
  ${card('Issued', r.invoices.issued, 'invoices.issued', `<div class="muted">${r.invoices.issued_count} invoice${r.invoices.issued_count === 1 ? '' : 's'}</div>`)}
  ${card('Collected', r.invoices.collected, 'invoices.collected')}
  ${card('Outstanding', r.invoices.outstanding, 'invoices.outstanding')}
</div>
<p class="muted">Purchase invoices received this month: ${r.invoices.inbound_count}, total ${money(r.invoices.inbound_total, 'invoices.inbound_total')}.</p>

<h2>Receivables by age</h2>
<div class="charts">
  <table>
    <thead><tr><th>Age</th><th class="num">Invoices</th><th class="num">Amount due</th></tr></thead>
    <tbody>
${receivableRows}
    <tr><th>Total open</th><th class="num">${r.receivables.reduce((n, b) => n + b.count, 0)}</th><th class="num">${money(r.receivables_total, 'receivables.total')}</th></tr>
    </tbody>
  </table>
  ${barChart(r.receivables.map((b) => ({ label: b.label, value: b.amount, tone: b.bucket === 'not_due' ? 'ok' : b.bucket === 'd1_30' ? 'warn' : 'danger' })), { title: 'Receivables by age' })}
</div>

<h2>Expenses</h2>
<div class="charts">
  <figure style="margin:0">${barChart(r.expenses.by_method.map((m) => ({ label: m.method, value: m.total })), { title: 'Expenses by allocation method' })}</figure>
  <figure style="margin:0">${r.expenses.by_center.length ? barChart(r.expenses.by_center.map((c) => ({ label: c.code, value: c.total })), { title: 'Expenses by cost center' }) : '<p class="muted">No cost-center expenses.</p>'}</figure>
</div>
<table>
  <thead><tr><th>Allocation method</th><th class="num">Total</th></tr></thead>
  <tbody>
${r.expenses.by_method.map((m) => `<tr><td>${escapeHtml(m.method)}</td><td class="num">${money(m.total, `method.${m.method}`)}</td></tr>`).join('\n')}
  <tr><th>Total</th><th class="num">${money(r.expenses.total, 'expenses.total')}</th></tr>
  </tbody>
</table>
<table>
  <thead><tr><th>Cost center</th><th>Name</th><th class="num">Documents</th><th class="num">Total</th></tr></thead>
  <tbody>
${centerRows}
  </tbody>
</table>
<p${r.expenses.unassigned_count > 0 ? ' class="warn"' : ' class="muted"'}>Not assigned to a cost center (outside the totals above, to review): ${r.expenses.unassigned_count} document${r.expenses.unassigned_count === 1 ? '' : 's'}, ${money(r.expenses.unassigned_amount, 'expenses.unassigned')}.</p>

<h2>F24 forms due this month</h2>
<div class="cards">
  ${card('Paid', r.f24.paid_total, 'f24.paid')}
  ${card('To pay', r.f24.to_pay_total, 'f24.to_pay')}
</div>
<table>
  <thead><tr><th>Form</th><th>Due</th><th>Status</th><th class="num">Amount</th></tr></thead>
  <tbody>
${f24Rows(r.f24.paid, 'paid')}
${f24Rows(r.f24.to_pay, 'to_pay')}
  </tbody>
</table>

<h2>Deadlines in ${escapeHtml(monthName(r.next_month))}</h2>
<table>
  <thead><tr><th>Due</th><th>Deadline</th><th>Type</th><th class="num">Amount</th></tr></thead>
  <tbody>
${deadlineRows}
  </tbody>
</table>

<footer>Generated by fisco on ${escapeHtml(generatedAt)}. Amounts in euro.</footer>`;
  return page(`${r.company.name} — ${r.period}`, body);
}

export interface IndexEntry {
  company: { id: string; name: string; vat_number: string | null };
  folder: string;
  report?: MonthReport;
  error?: string;
}

export function renderIndex(period: string, entries: readonly IndexEntry[], generatedAt: string): string {
  const rows = entries
    .map((e) =>
      e.report
        ? `<tr data-company="${escapeHtml(e.company.id)}"><td><a href="${escapeHtml(encodeURI(`${e.folder}/report.html`))}">${escapeHtml(e.company.name)}</a></td><td>${escapeHtml(e.company.vat_number)}</td><td class="num">${money(e.report.invoices.issued)}</td><td class="num">${money(e.report.invoices.collected)}</td><td class="num">${money(e.report.invoices.outstanding)}</td><td class="num">${money(e.report.receivables_total)}</td><td class="num">${money(e.report.expenses.total)}</td><td class="num">${money(e.report.f24.to_pay_total)}</td></tr>`
        : `<tr data-company="${escapeHtml(e.company.id)}"><td>${escapeHtml(e.company.name)}</td><td>${escapeHtml(e.company.vat_number)}</td><td colspan="6" class="danger">Not exported: ${escapeHtml(e.error ?? 'failed')}</td></tr>`,
    )
    .join('\n');
  const body = `
<h1>Month-end export</h1>
<p class="sub">${escapeHtml(monthName(period))} (${escapeHtml(period)}) · ${entries.length} compan${entries.length === 1 ? 'y' : 'ies'}</p>
<table>
  <thead><tr><th>Company</th><th>VAT number</th><th class="num">Issued</th><th class="num">Collected</th><th class="num">Outstanding</th><th class="num">Open receivables</th><th class="num">Expenses</th><th class="num">F24 to pay</th></tr></thead>
  <tbody>
${rows}
  </tbody>
</table>
<footer>Generated by fisco on ${escapeHtml(generatedAt)}.</footer>`;
  return page(`Month-end export ${period}`, body);
}

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

export function monthName(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1] ?? period} ${y}`;
}

/** A letter as a self-contained HTML page (no script, no network): the e-mail's body and the file a person reviews. */
import { escapeHtml } from '../report/escape.js';
import type { LetterContent } from './content.js';

const STYLE = `body{font:11pt/1.45 Georgia,serif;color:#111;max-width:180mm;margin:12mm auto;padding:0 6mm}
.blocks{display:flex;justify-content:space-between;gap:12mm}.to{text-align:left}
h1{font-size:14pt;margin:8mm 0 4mm}table{border-collapse:collapse;width:100%;margin:4mm 0;font-size:10pt}
th,td{border-bottom:1px solid #bbb;padding:2px 4px;text-align:left}td.num,th.num{text-align:right}
.totals td{border:none}.totals tr:last-child td{font-weight:bold;border-top:1px solid #111}.small{font-size:9pt;color:#333}`;

export function letterHtml(c: LetterContent): string {
  const lines = (list: string[]) => list.map(escapeHtml).join('<br>');
  const num = (i: number) => i >= 3;
  const head = c.header.map((h, i) => `<th${num(i) ? ' class="num"' : ''}>${escapeHtml(h)}</th>`).join('');
  const rows = c.rows.map((r) => `<tr>${r.map((cell, i) => `<td${num(i) ? ' class="num"' : ''}>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
  const totals = c.totals.map(([l, v]) => `<tr><td>${escapeHtml(l)}</td><td class="num">${escapeHtml(v)}</td></tr>`).join('\n');
  return `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(c.subject)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="blocks"><div class="from">${lines(c.from)}</div><div class="to">${lines(c.to)}</div></div>
<p>${escapeHtml(c.place)}</p>
<h1>${escapeHtml(c.title)}</h1>
<p>${escapeHtml(c.opening)}</p>
${c.body.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<table><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table>
<table class="totals"><tbody>
${totals}
</tbody></table>
${c.rates.length ? `<p class="small"><strong>${escapeHtml(c.ratesTitle)}</strong><br>${c.rates.map(escapeHtml).join('<br>')}</p>` : ''}
<p>${escapeHtml(c.payment)}</p>
<p class="small">${escapeHtml(c.legal)} ${escapeHtml(c.method)}</p>
<p>${lines(c.closing)}</p>
</body>
</html>
`;
}

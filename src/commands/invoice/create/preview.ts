/** The preview shown before creating: client, lines, taxable, VAT per rate, total, due dates, environment. */
import { formatEuro, normalizeAmount } from '../../../domain/money.js';
import { toItalianDate } from '../../../domain/dates.js';
import type { Prepared } from './body.js';

export interface PreviewTarget {
  environment: string;
  baseUrl: string;
}

function clientLines(body: Record<string, unknown>): string[] {
  if (typeof body.piva === 'string') return [`Client      VAT ${body.piva} (name and address from the business register)`];
  const c = body.cliente as Record<string, string | undefined>;
  const place = [c.address, [c.cap, c.city].filter(Boolean).join(' '), c.province, c.country].filter(Boolean).join(', ');
  const delivery = [c.sdi && `SDI ${c.sdi}`, c.pec && `PEC ${c.pec}`].filter(Boolean).join(', ');
  return [`Client      ${c.name} — VAT ${c.piva}`, `            ${place}`, ...(delivery ? [`            ${delivery}`] : [])];
}

/** The preview; `send` undefined while the user has yet to choose between draft and send. */
export function renderPreview(prepared: Prepared, target: PreviewTarget, send: boolean | undefined): string {
  const { body, totals } = prepared;
  const out: string[] = [];
  out.push(`Invoice preview — ${target.environment} (${target.baseUrl})`);
  out.push(...clientLines(body));
  const meta = [
    `Date ${toItalianDate(prepared.issueDate)}`,
    `Type ${(body.tipo_documento as string | undefined) ?? 'TD01'}`,
    `Numbering ${(body.numerazione as string | undefined) ?? '(company default)'}`,
    `Payment ${(body.metodo_pagamento as string | undefined) ?? '(last used)'}`,
  ];
  out.push(`            ${meta.join('  ·  ')}`);
  out.push('Lines');
  totals.lines.forEach((l, i) => {
    const rate = l.iva === '0' ? `0% ${(body.natura as string | undefined) ?? ''}`.trim() : `${l.iva}%`;
    out.push(`  ${String(i + 1).padStart(2)}. ${l.nome.padEnd(28)} ${l.quantita} × ${formatEuro(l.prezzo).padStart(12)}  ${rate.padEnd(7)} ${formatEuro(l.imponibile).padStart(14)}`);
    if (l.descrizione) out.push(`      ${l.descrizione}`);
  });
  const row = (label: string, amount: string) => `  ${label.padEnd(32)} ${formatEuro(amount).padStart(14)}`;
  if (totals.discount !== '0.00') out.push(row('Discount', `-${totals.discount}`));
  out.push(row('Taxable', totals.taxable));
  for (const g of totals.perRate) out.push(row(`VAT ${g.rate}%${g.natura ? ` ${g.natura}` : ''} on ${formatEuro(g.taxable)}`, g.vat));
  out.push(row('TOTAL', totals.total));
  out.push('Due dates');
  for (const d of prepared.dueDates) out.push(row(`  ${toItalianDate(d.date)}`, d.amount));
  if (body.paid !== undefined) out.push(row('Paid at creation', normalizeAmount(body.paid)!));
  if (send !== undefined) out.push(renderAction(target, send).trimEnd());
  return `${out.join('\n')}\n`;
}

export function renderAction(target: PreviewTarget, send: boolean): string {
  return send ? `Action      SEND to the SDI (irreversible) — ${target.environment} (${target.baseUrl})\n` : 'Action      save as a DRAFT (not sent to the SDI)\n';
}

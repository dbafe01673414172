/** The preview shown before creating: client, lines, taxable, VAT per rate, total, due dates, environment. */
import { formatEuro } from '../../domain/money.js';
import { toItalianDate } from '../../domain/dates.js';
import { t, type Text } from '../../i18n/message.js';
import type { Prepared } from '../../invoice/body.js';
import type { RecipientInfo } from '../../invoice/draft.js';

export interface PreviewTarget {
  environment: string;
  baseUrl: string;
}

/** Renders fisco's words in the run's language (English when none is given: a test, a log). */
export type Say = (text: Text) => string;
const english: Say = String;

const INDENT = '            ';

/** Everything known about the recipient, and what the service will fill in. */
function clientLines(body: Record<string, unknown>, recipient: RecipientInfo | undefined, say: Say): string[] {
  const extra = (r: RecipientInfo | undefined) => [
    ...(r?.codice_fiscale ? [`${INDENT}${say(t`Codice fiscale ${r.codice_fiscale} (on ${r.source}; the request has no field for it)`)}`] : []),
  ];
  if (typeof body.piva === 'string') {
    const out = [say(t`Client      VAT ${body.piva}`)];
    if (recipient?.name) {
      out.push(`${INDENT}${say(t`${recipient.name} (as in ${recipient.source})`)}`);
      if (recipient.address) out.push(`${INDENT}${recipient.address}`);
      const delivery = [recipient.sdi && `SDI ${recipient.sdi}`, recipient.pec && `PEC ${recipient.pec}`].filter(Boolean).join(', ');
      if (delivery) out.push(`${INDENT}${delivery}`);
      out.push(...extra(recipient));
    } else {
      out.push(`${INDENT}${say(t`(not in your client list)`)}`);
    }
    out.push(`${INDENT}${say(t`The service fills in name, address and delivery code from the business register.`)}`);
    return out;
  }
  const c = body.cliente as Record<string, string | undefined>;
  const place = [c.address, [c.cap, c.city].filter(Boolean).join(' '), c.province, c.country].filter(Boolean).join(', ');
  const delivery = [c.sdi && `SDI ${c.sdi}`, c.pec && `PEC ${c.pec}`, c.email && `e-mail ${c.email}`].filter(Boolean).join(', ');
  return [
    say(recipient ? t`Client      ${c.name} — VAT ${c.piva} (${recipient.source})` : t`Client      ${c.name} — VAT ${c.piva}`),
    `${INDENT}${place}`,
    ...(delivery ? [`${INDENT}${delivery}`] : [`${INDENT}${say(t`No SDI code or PEC: the invoice reaches the client's tax drawer (cassetto fiscale)`)}`]),
    ...extra(recipient),
  ];
}

/** The preview; `send` undefined while the user has yet to choose between draft and send. */
export function renderPreview(prepared: Prepared, target: PreviewTarget, send: boolean | undefined, recipient?: RecipientInfo, say: Say = english): string {
  const { body, totals } = prepared;
  const out: string[] = [];
  out.push(say(t`Invoice preview — ${target.environment} (${target.baseUrl})`));
  out.push(...clientLines(body, recipient, say));
  const meta = [
    t`Date ${toItalianDate(prepared.issueDate)}`,
    t`Type ${(body.tipo_documento as string | undefined) ?? 'TD01'}`,
    t`Numbering ${(body.numerazione as string | undefined) ?? t`Standard (the service's default)`}`,
    t`Payment ${(body.metodo_pagamento as string | undefined) ?? t`(the service uses the last one used)`}`,
  ];
  out.push(`${INDENT}${meta.map(say).join('  ·  ')}`);
  out.push(say(t`Lines`));
  totals.lines.forEach((l, i) => {
    const natura = body.natura as string | undefined;
    const rate = l.iva === '0' ? `0% ${natura ?? say(t`(nature: by the service)`)}` : `${l.iva}%`;
    out.push(
      `  ${String(i + 1).padStart(2)}. ${l.nome.padEnd(28)} ${l.quantita} × ${formatPrice(l.prezzo).padStart(12)}  ${rate.padEnd(7)} ${formatEuro(l.imponibile).padStart(14)}`,
    );
    if (l.descrizione) out.push(`      ${l.descrizione}`);
  });
  const row = (label: Text, amount: string) => `  ${say(label).padEnd(32)} ${formatEuro(amount).padStart(14)}`;
  if (totals.discount !== '0.00') out.push(row(t`Discount`, `-${totals.discount}`));
  out.push(row(t`Taxable`, totals.taxable));
  for (const g of totals.perRate)
    out.push(row(g.natura ? t`VAT ${g.rate}% ${g.natura} on ${formatEuro(g.taxable)}` : t`VAT ${g.rate}% on ${formatEuro(g.taxable)}`, g.vat));
  out.push(row(t`TOTAL`, totals.total));
  out.push(say(body.scadenze ? t`Due dates` : t`Due dates   (none given: the service sets 30 days from the issue date)`));
  for (const d of prepared.dueDates) out.push(row(`  ${toItalianDate(d.date)}`, d.amount));
  if (prepared.paid !== undefined) out.push(row(t`Paid at creation`, prepared.paid));
  out.push(...sdiLines(prepared, say));
  if (send !== undefined) out.push(renderAction(target, send, say).trimEnd());
  return `${out.join('\n')}\n`;
}

/** The SDI's controls fisco decides (src/sdi/check.ts): all passed, or each problem; an invoice with one cannot be sent. */
export function sdiLines(prepared: Prepared, say: Say = english): string[] {
  if (prepared.sdi.length === 0) return [say(t`SDI checks  all passed`)];
  return [
    say(t`SDI checks  ${prepared.sdi.length} problem(s): the SDI would reject this invoice, so it cannot be sent (a draft can be saved)`),
    ...prepared.sdi.map((p) => `${INDENT}${say(t`${p.code} ${p.element} — ${p.field}: ${p.allowed}`)}`),
  ];
}

/** A unit price as people read it: `150,00 €`, and every decimal it has (`0,125 €`). */
function formatPrice(price: string): string {
  const [int, decimals = ''] = price.split('.');
  if (decimals.length <= 2) return formatEuro(price);
  return formatEuro(int).replace(/,00 €$/, `,${decimals} €`);
}

export function renderAction(target: PreviewTarget, send: boolean, say: Say = english): string {
  return `${say(
    send ? t`Action      SEND to the SDI (irreversible) — ${target.environment} (${target.baseUrl})` : t`Action      save as a DRAFT (not sent to the SDI)`,
  )}\n`;
}

/**
 * The guided flow on a terminal: client (search, by VAT number, or by hand), numbering and
 * payment method from the account (the numbering's default preselected), document type, date,
 * lines in a loop, discount, due dates, PA and order references, notes and e-mails. It returns
 * a draft; prepare() (body.ts) validates it again like any other source.
 */
import type { ApiClient } from '../../../api/client.js';
import { searchClients, type Client } from '../../../api/clients.js';
import { listNumberings, listPaymentMethods } from '../../../api/invoices.js';
import type { Context } from '../../../context.js';
import { addDays, assertDate } from '../../../domain/dates.js';
import { assertCap, assertEmail, assertPartitaIva, assertProvince, assertSdiCode, assertVatId } from '../../../domain/identifiers.js';
import { parseAmount, parseQuantity } from '../../../domain/money.js';
import { NATURE_CODES, NATURE_LABELS, VAT_RATES } from '../../../domain/vat.js';
import type { Choice } from '../../../io/prompter.js';
import { promptCheck } from '../validation.js';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, type ClientFields, type InvoiceDraft, type LineInput } from './draft.js';
import { parseDue } from './flags.js';
import { clientFields } from './recipient.js';

/** One due date on its own; that they add up is checked at the end, with the total known. */
function checkDue(d: { date: string; value: string; type: string }): void {
  assertDate(d.date, 'date');
  if (d.type === 'percent') parseAmount(d.value, 'percentage');
  else parseAmount(d.value, 'amount');
}

type ClientPick = { kind: 'existing'; client: Client } | { kind: 'vat' } | { kind: 'manual' };

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const orNothing = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
const list = (value: string): string[] => value.split(',').map((s) => s.trim()).filter(Boolean);

async function pickClient(context: Context, api: ApiClient): Promise<ClientPick> {
  const extra: Choice<ClientPick>[] = [
    { name: '+ New client by VAT number (data from the business register)', value: { kind: 'vat' } },
    { name: '+ New client entered by hand', value: { kind: 'manual' } },
  ];
  return context.prompter.search<ClientPick>({
    message: 'Client (type to search by name or VAT number)',
    flag: '--client, --piva or --client-name',
    source: async (term) => {
      const found = await searchClients(api, term).catch(() => [] as Client[]);
      const matches = found.map((c) => ({ name: `${c.name} (${c.piva ?? c.codice_fiscale ?? 'no VAT'})`, value: { kind: 'existing' as const, client: c } }));
      // Before any typing the new-client choices lead; once the user searches, the best match does.
      return term ? [...matches, ...extra] : [...extra, ...matches];
    },
  });
}

async function manualClient(context: Context): Promise<ClientFields> {
  const ask = (message: string, flag: string, check?: (v: string) => unknown, def?: string) =>
    context.prompter.input({ message, flag, default: def, validate: check ? (v) => (v.trim() === '' ? true : promptCheck(() => check(v))) : undefined });
  const name = await context.prompter.input({ message: 'Client name', flag: '--client-name', required: true });
  const country = (await ask('Country (two letters)', '--client-country', undefined, 'IT')).toUpperCase();
  const italian = country === 'IT';
  const piva = await context.prompter.input({ message: 'VAT number', flag: '--client-piva', required: true, validate: (v) => promptCheck(() => (italian ? assertPartitaIva(v, 'piva') : assertVatId(v, 'piva'))) });
  const address = await context.prompter.input({ message: 'Address', flag: '--client-address', required: true });
  const cap = await context.prompter.input({ message: 'Postal code (CAP)', flag: '--client-cap', required: true, validate: italian ? (v) => promptCheck(() => assertCap(v, 'cap')) : undefined });
  const city = await context.prompter.input({ message: 'City', flag: '--client-city', required: true });
  const province = await ask('Province (e.g. MI)', '--client-province', italian ? (v) => assertProvince(v, 'province') : undefined);
  const sdi = await ask('SDI code (7 characters; 6 for a public administration; empty if none)', '--client-sdi', (v) => assertSdiCode(v, 'sdi'));
  const pec = await ask('PEC (empty if none)', '--client-pec', (v) => assertEmail(v, 'pec'));
  return { name, country, piva, address, cap, city, province: orNothing(province), sdi: orNothing(sdi), pec: orNothing(pec) };
}

async function askLines(context: Context): Promise<LineInput[]> {
  const lines: LineInput[] = [];
  do {
    const n = lines.length + 1;
    const nome = await context.prompter.input({ message: `Line ${n} — name`, flag: '--item', required: true });
    const quantita = await context.prompter.input({ message: 'Quantity', flag: '--item', default: '1', validate: (v) => promptCheck(() => parseQuantity(v, 'quantita')) });
    const prezzo = await context.prompter.input({ message: 'Unit price (e.g. 150.00)', flag: '--item', validate: (v) => promptCheck(() => parseAmount(v, 'prezzo', { allowZero: true })) });
    const iva = await context.prompter.select({ message: 'VAT rate', flag: '--item', choices: VAT_RATES.map((r) => ({ name: `${r}%`, value: r })), default: '22' });
    const descrizione = orNothing(await context.prompter.input({ message: 'Description (optional)', flag: '--item' }));
    lines.push({ nome, quantita, prezzo, iva, ...(descrizione ? { descrizione } : {}) });
  } while (await context.prompter.confirm({ message: 'Add another line?', default: false, flag: '--item' }));
  return lines;
}

export async function runWizard(context: Context, today: string): Promise<InvoiceDraft> {
  const api = await context.client();
  const draft: InvoiceDraft = { articoli: [] };
  const pick = await pickClient(context, api);
  if (pick.kind === 'vat') {
    draft.piva = await context.prompter.input({ message: 'Client VAT number', flag: '--piva', required: true, validate: (v) => promptCheck(() => assertPartitaIva(v, 'piva')) });
  } else {
    draft.cliente = pick.kind === 'existing' ? clientFields(pick.client) : await manualClient(context);
  }

  const [numberings, methods] = await Promise.all([collect(listNumberings(api)), collect(listPaymentMethods(api))]);
  const numbering = await context.prompter.select({ message: 'Numbering', flag: '--numbering', choices: numberings.map((n) => ({ name: n.name, value: n })) });
  draft.numerazione = numbering.name;
  const preferred = methods.find((m) => m.name === numbering.default_payment_method)?.name;
  draft.metodo_pagamento = await context.prompter.select({
    message: 'Payment method',
    flag: '--payment-method',
    choices: methods.map((m) => ({ name: `${m.name}${m.iban ? ` (${m.iban})` : ''}`, value: m.name })),
    default: preferred,
  });
  draft.tipo_documento = await context.prompter.select({ message: 'Document type', flag: '--type', choices: DOCUMENT_TYPES.map((t) => ({ name: `${t}  ${DOCUMENT_TYPE_LABELS[t]}`, value: t })), default: 'TD01' });
  draft.issue_date = await context.prompter.input({ message: 'Issue date', flag: '--date', default: today, validate: (v) => promptCheck(() => assertDate(v, 'issue_date')) });

  draft.articoli = await askLines(context);
  if (draft.articoli.some((l) => l.iva === '0')) {
    draft.natura = await context.prompter.select({ message: 'VAT nature code for the 0% lines', flag: '--natura', choices: NATURE_CODES.map((c) => ({ name: `${c}  ${NATURE_LABELS[c]}`, value: c })) });
  }
  draft.sconto = orNothing(await context.prompter.input({ message: 'Discount in euro (empty for none)', flag: '--discount', validate: (v) => (v.trim() === '' ? true : promptCheck(() => parseAmount(v, 'sconto'))) }));

  const dues = await context.prompter.input({
    message: `Due dates: DATE=AMOUNT or DATE=PCT%, comma-separated (empty: ${addDays(draft.issue_date, 30)}, 30 days)`,
    flag: '--due',
    validate: (v) => promptCheck(() => list(v).forEach((spec, i) => checkDue(parseDue(spec, i)))),
  });
  draft.scadenze = list(dues).map(parseDue);

  const cig = orNothing(await context.prompter.input({ message: 'PA: CIG (empty if none)', flag: '--cig' }));
  const cups = list(await context.prompter.input({ message: 'PA: CUP, or several comma-separated (empty if none)', flag: '--cup' }));
  if (cig || cups.length) draft.pa = { cig, ...(cups.length > 1 ? { cups } : { cup: cups[0] }) };
  if (await context.prompter.confirm({ message: 'Add purchase-order references?', default: false, flag: '--order-number' })) {
    const ask = async (message: string, flag: string) => orNothing(await context.prompter.input({ message, flag }));
    draft.ordine = {
      numero: await ask('Order number', '--order-number'),
      data: await ask('Order date (YYYY-MM-DD)', '--order-date'),
      impegno: await ask('Commitment (impegno)', '--order-commitment'),
      determina: await ask('Determination (determina)', '--order-determination'),
      codice_commessa: await ask('Job code (codice commessa)', '--order-job-code'),
    };
  }
  draft.note = orNothing(await context.prompter.input({ message: 'Notes (optional)', flag: '--note' }));
  const emails = list(await context.prompter.input({ message: 'Extra e-mail recipients, comma-separated (optional)', flag: '--email', validate: (v) => promptCheck(() => list(v).forEach((e) => assertEmail(e, 'email'))) }));
  if (emails.length) draft.emails = emails;
  return draft;
}

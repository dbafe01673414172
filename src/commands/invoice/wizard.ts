/**
 * The guided flow on a terminal. It asks only what the case needs: the client (search, by VAT
 * number, or by hand), the lines, a nature code when a 0% line goes through the manual variant,
 * CIG/CUP when the recipient is a public administration (6-character SDI code). Everything rarely
 * used (numbering, payment method, document type, date, discount, due dates, references, notes,
 * e-mails, line descriptions) sits behind one "More options?" question, with the company's
 * defaults otherwise; so one line to an existing client takes at most 8 answers, the final
 * "What now?" included. Numbers may be typed with a decimal comma (`150,00`, `1.234,50`) and are
 * echoed in canonical form. It returns a draft; prepare() (body.ts) validates it again like any
 * other source, and `edit()` goes back to one part of it.
 */
import { collect } from '../../api/paginate.js';
import type { ApiClient } from '../../api/client.js';
import { searchClients, type Client } from '../../api/clients.js';
import { listNumberings, listPaymentMethods, type Numbering, type PaymentMethod } from '../../api/invoices.js';
import type { Factory } from '../../factory/factory.js';
import { addDays } from '../../domain/dates.js';
import { parseAmountInput, parseDateInput } from '../../domain/input.js';
import { assertCap, assertEmail, assertPartitaIva, assertProvince, assertSdiCode, assertVatId } from '../../domain/identifiers.js';
import { parsePrice, parseQuantity, parseRate, parseTypedDecimal } from '../../domain/money.js';
import { NATURE_CODES, NATURE_LABELS, VAT_RATES } from '../../domain/vat.js';
import type { Choice } from '../../io/prompter.js';
import { promptCheck } from '../usage.js';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, type ClientFields, type DueInput, type InvoiceDraft, type LineInput } from '../../invoice/draft.js';
import { parseDue } from './draft-flags.js';
import { t, verbatim, type Text } from '../../i18n/message.js';
import { clientFields, isPublicAdministration, recipientByVat, recipientOf } from './recipient.js';
import { checkText } from '../../invoice/body.js';
import { assertSdiValue } from '../../sdi/check.js';

type ClientPick = { kind: 'existing'; client: Client } | { kind: 'vat' } | { kind: 'manual' };
type Section = 'client' | 'lines' | 'more';

const OTHER_RATE = 'other';
const SEARCH_PAUSE_MS = 150;
const orNothing = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
const commaList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const spaceList = (value: string): string[] =>
  value
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A number as typed (decimal comma accepted) and then checked by `rule`: its canonical form. */
function typedNumber(value: string, field: string, rule: (canonical: string) => string): string {
  return rule(parseTypedDecimal(value, field));
}

/** One due date as typed: `DATE=AMOUNT` (decimal comma accepted) or `DATE=PCT%`, canonical. */
function typedDue(spec: string, index: number): DueInput {
  const due = parseDue(spec, index);
  const field = `scadenze[${index}].value`;
  const date = parseDateInput(due.date, `scadenze[${index}].date`);
  const value = due.type === 'percent' ? typedNumber(due.value, field, (v) => parseRate(v, field, t`a percentage`)) : parseAmountInput(due.value, field);
  return { ...due, date, value };
}

export class Wizard {
  readonly draft: InvoiceDraft = { articoli: [] };
  private api?: ApiClient;
  private reference?: { numberings: Numbering[]; methods: PaymentMethod[] };
  private searches = 0;

  constructor(
    private readonly factory: Factory,
    private readonly today: string,
  ) {}

  /** A typed value against the SDI's controls of its field (src/sdi/check.ts), at the step where it is asked. */
  private sdi(field: string, value: string, country?: string): string {
    return assertSdiValue(field, value, { today: this.today, country });
  }

  /** A prompt's check of free text: fisco's own rule, then the SDI's (00200: the schema's length and Latin-1 characters). */
  private textCheck(field: string): (v: string) => true | Text {
    return (v) => promptCheck(() => this.sdi(field, checkText(v, field)));
  }

  /** The whole flow, first time through. */
  async run(): Promise<InvoiceDraft> {
    this.api = await this.factory.client();
    await this.askClient();
    await this.askLines();
    await this.askCaseNeeds();
    if (
      await this.factory.io.prompter.confirm({
        message: t`More options? (numbering, payment, type, date, discount, due dates, references, notes, e-mails)`,
        default: false,
        flag: '--numbering, --due, --note …',
      })
    ) {
      await this.askMore();
    }
    await this.fillDefaults();
    return this.draft;
  }

  /** Goes back to one part, with the answers given so far as defaults. */
  async edit(): Promise<InvoiceDraft> {
    const section = await this.factory.io.prompter.select<Section>({
      message: t`Edit what?`,
      flag: '--client, --item, …',
      choices: [
        { name: t`Client`, value: 'client' },
        { name: t`Lines`, value: 'lines' },
        { name: t`More options (numbering, payment, type, date, discount, due dates, references, notes, e-mails)`, value: 'more' },
      ],
    });
    if (section === 'client') await this.askClient();
    if (section === 'lines') await this.askLines();
    if (section === 'more') await this.askMore();
    await this.askCaseNeeds();
    await this.fillDefaults();
    return this.draft;
  }

  private get prompter() {
    return this.factory.io.prompter;
  }

  /** Shows the canonical form of a number when it differs from what was typed. */
  private echo(typed: string, canonical: string | undefined): void {
    if (canonical !== undefined && typed.trim() !== canonical) this.factory.io.stderr.write(`  = ${canonical}\n`);
  }

  private async askNumber(options: {
    message: Text;
    flag: string;
    field: string;
    default?: string;
    optional?: boolean;
    rule: (v: string) => string;
  }): Promise<string | undefined> {
    const typed = await this.prompter.input({
      message: options.message,
      flag: options.flag,
      default: options.default,
      validate: (v) => (options.optional && v.trim() === '' ? true : promptCheck(() => typedNumber(v, options.field, options.rule))),
    });
    if (options.optional && typed.trim() === '') return undefined;
    const canonical = typedNumber(typed, options.field, options.rule);
    this.echo(typed, canonical);
    return canonical;
  }

  /** An optional amount in euro, read by the one parser of typed amounts (1234.50, 1234,50, 1.234,50). */
  private async askAmount(options: { message: Text; flag: string; field: string; default?: string }): Promise<string | undefined> {
    const typed = await this.prompter.input({
      message: options.message,
      flag: options.flag,
      default: options.default,
      validate: (v) => (v.trim() === '' ? true : promptCheck(() => parseAmountInput(v, options.field))),
    });
    if (typed.trim() === '') return undefined;
    const canonical = parseAmountInput(typed, options.field);
    this.echo(typed, canonical);
    return canonical;
  }

  private async askClient(): Promise<void> {
    const pick = await this.pickClient();
    delete this.draft.piva;
    delete this.draft.cliente;
    delete this.draft.recipient;
    if (pick.kind === 'vat') {
      const piva = await this.prompter.input({
        message: t`Client VAT number`,
        flag: '--piva',
        required: true,
        validate: (v) => promptCheck(() => assertPartitaIva(v, 'piva')),
      });
      this.draft.piva = piva.trim();
      this.draft.recipient = await recipientByVat(this.api!, piva);
      // The by-VAT variant carries neither a nature code nor a payment at creation.
      delete this.draft.natura;
      delete this.draft.paid;
    } else if (pick.kind === 'existing') {
      this.draft.cliente = clientFields(pick.client);
      this.draft.recipient = recipientOf(pick.client, `client ${pick.client.id}`);
    } else {
      this.draft.cliente = await this.manualClient();
    }
  }

  private async pickClient(): Promise<ClientPick> {
    const extra: Choice<ClientPick>[] = [
      { name: t`+ New client by VAT number (data from the business register)`, value: { kind: 'vat' } },
      { name: t`+ New client entered by hand`, value: { kind: 'manual' } },
    ];
    return this.prompter.search<ClientPick>({
      message: t`Client (type to search by name or VAT number)`,
      flag: '--client, --piva or --client-name',
      source: async (term) => {
        // Typing fast must not cost one request a keystroke (the service allows 120 a minute):
        // a search waits a moment and is dropped when another keystroke came meanwhile.
        const call = ++this.searches;
        if (term) await new Promise((resolve) => setTimeout(resolve, SEARCH_PAUSE_MS));
        if (call !== this.searches) return [];
        const found = await searchClients(this.api!, term).catch(() => [] as Client[]);
        const matches = found.map((c) => ({
          name: t`${c.name} (${c.piva ?? c.codice_fiscale ?? t`no VAT`})`,
          value: { kind: 'existing' as const, client: c },
        }));
        // Before any typing the new-client choices lead; once the user searches, the best match does.
        return term ? [...matches, ...extra] : [...extra, ...matches];
      },
    });
  }

  private async manualClient(): Promise<ClientFields> {
    const ask = (message: Text, flag: string, check?: (v: string) => unknown, def?: string) =>
      this.prompter.input({ message, flag, default: def, validate: check ? (v) => (v.trim() === '' ? true : promptCheck(() => check(v))) : undefined });
    const text = (field: string) => this.textCheck(field);
    const name = await this.prompter.input({ message: t`Client name`, flag: '--client-name', required: true, validate: text('cliente.name') });
    const country = (await ask(t`Country (two letters)`, '--client-country', undefined, 'IT')).trim().toUpperCase();
    const italian = country === 'IT';
    const piva = await this.prompter.input({
      message: t`VAT number`,
      flag: '--client-piva',
      required: true,
      validate: (v) => promptCheck(() => (italian ? assertPartitaIva(v, 'piva') : assertVatId(v, 'piva'))),
    });
    const address = await this.prompter.input({ message: t`Address`, flag: '--client-address', required: true, validate: text('cliente.address') });
    const cap = await this.prompter.input({
      message: t`Postal code (CAP)`,
      flag: '--client-cap',
      required: true,
      validate: italian ? (v) => promptCheck(() => assertCap(v, 'cap')) : undefined,
    });
    const city = await this.prompter.input({ message: t`City`, flag: '--client-city', required: true, validate: text('cliente.city') });
    const province = await ask(t`Province (e.g. MI; empty if none)`, '--client-province', italian ? (v) => assertProvince(v, 'province') : undefined);
    const sdi = await ask(t`SDI code (7 characters; 6 for a public administration; empty if none)`, '--client-sdi', (v) =>
      this.sdi('cliente.sdi', assertSdiCode(v, 'sdi'), country),
    );
    const pec = await ask(t`PEC (empty if none)`, '--client-pec', (v) => assertEmail(v, 'pec'));
    return { name, country, piva, address, cap, city, province: orNothing(province), sdi: orNothing(sdi)?.toUpperCase(), pec: orNothing(pec) };
  }

  private async askLines(): Promise<void> {
    const before = this.draft.articoli;
    const lines: LineInput[] = [];
    for (;;) {
      const n = lines.length;
      const old = before[n] as LineInput | undefined;
      const nome = await this.prompter.input({
        message: t`Line ${n + 1} — name`,
        flag: '--item',
        required: true,
        default: old?.nome,
        validate: (v) => promptCheck(() => this.sdi('nome', checkText(v, 'nome'))),
      });
      const quantita = (await this.askNumber({
        message: t`Quantity`,
        flag: '--item',
        field: 'quantita',
        default: old?.quantita ?? '1',
        rule: (v) => parseQuantity(v, 'quantita'),
      }))!;
      const prezzo = (await this.askNumber({
        message: t`Unit price in euro (150,00 or 150.00)`,
        flag: '--item',
        field: 'prezzo',
        default: old?.prezzo,
        rule: (v) => parsePrice(v, 'prezzo', { allowZero: true }),
      }))!;
      const iva = await this.askRate(old?.iva);
      lines.push({ nome, quantita, prezzo, iva, ...(old?.descrizione ? { descrizione: old.descrizione } : {}) });
      const more = n + 1 < before.length;
      if (!(await this.prompter.confirm({ message: t`Add another line?`, default: more, flag: '--item' }))) break;
    }
    this.draft.articoli = lines;
  }

  private async askRate(previous?: string): Promise<string> {
    const ordinary = (VAT_RATES as readonly string[]).includes(previous ?? '22');
    const choice = await this.prompter.select<string>({
      message: t`VAT rate`,
      flag: '--item',
      choices: [...VAT_RATES.map((r) => ({ name: t`${r}%`, value: r as string })), { name: t`another rate (special regimes)…`, value: OTHER_RATE }],
      default: ordinary ? (previous ?? '22') : OTHER_RATE,
    });
    if (choice !== OTHER_RATE) return choice;
    return (await this.askNumber({
      message: t`VAT rate in percent`,
      flag: '--item',
      field: 'iva',
      default: ordinary ? undefined : previous,
      rule: (v) => this.sdi('iva', parseRate(v, 'iva', t`a VAT rate in percent`)),
    }))!;
  }

  /** What this case cannot do without: a nature code for 0% lines (manual variant), CIG/CUP for a public administration. */
  private async askCaseNeeds(): Promise<void> {
    const byVat = this.draft.piva !== undefined;
    if (!byVat && this.draft.articoli.some((l) => l.iva === '0')) {
      this.draft.natura = await this.prompter.select({
        message: t`VAT nature code for the 0% lines`,
        flag: '--natura',
        choices: NATURE_CODES.map((c) => ({ name: t`${c}  ${NATURE_LABELS[c]}`, value: c as string })),
        default: this.draft.natura,
      });
    } else {
      delete this.draft.natura;
    }
    const sdi = this.draft.cliente?.sdi ?? this.draft.recipient?.sdi;
    if (isPublicAdministration(sdi) && !this.draft.pa) await this.askPa();
  }

  private async askPa(): Promise<void> {
    const cig = orNothing(await this.prompter.input({ message: t`PA: CIG (empty if none)`, flag: '--cig', default: this.draft.pa?.cig }));
    const previous = this.draft.pa?.cups?.join(', ') ?? this.draft.pa?.cup;
    const cups = commaList(await this.prompter.input({ message: t`PA: CUP, or several comma-separated (empty if none)`, flag: '--cup', default: previous }));
    this.draft.pa = cig || cups.length ? { cig, ...(cups.length > 1 ? { cups } : cups.length ? { cup: cups[0] } : {}) } : undefined;
  }

  private async loadReference(): Promise<{ numberings: Numbering[]; methods: PaymentMethod[] }> {
    this.reference ??= await Promise.all([collect(listNumberings(this.api!)), collect(listPaymentMethods(this.api!))]).then(([numberings, methods]) => ({
      numberings,
      methods,
    }));
    return this.reference;
  }

  /**
   * The manual variant needs a numbering and a payment method: `Standard` (the service's own
   * default) or the only one, and that numbering's default payment method; asked only when there
   * is no such default. The by-VAT variant leaves both to the service unless chosen.
   */
  private async fillDefaults(): Promise<void> {
    if (this.draft.piva !== undefined) return;
    const { numberings, methods } = await this.loadReference();
    if (!this.draft.numerazione) {
      const fallback = numberings.find((n) => n.name === 'Standard') ?? (numberings.length === 1 ? numberings[0] : undefined);
      this.draft.numerazione = fallback?.name ?? (await this.askNumbering(numberings));
    }
    if (!this.draft.metodo_pagamento) {
      const preferred = numberings.find((n) => n.name === this.draft.numerazione)?.default_payment_method;
      this.draft.metodo_pagamento = methods.some((m) => m.name === preferred) ? preferred! : await this.askMethod(methods);
    }
  }

  private askNumbering(numberings: Numbering[], current?: string): Promise<string> {
    return this.prompter.select({
      message: t`Numbering`,
      flag: '--numbering',
      choices: numberings.map((n) => ({ name: n.name, value: n.name })),
      default: current,
    });
  }

  private askMethod(methods: PaymentMethod[], current?: string): Promise<string> {
    return this.prompter.select({
      message: t`Payment method`,
      flag: '--payment-method',
      choices: methods.map((m) => ({ name: t`${m.name}${m.iban ? t` (${m.iban})` : ''}`, value: m.name })),
      default: current,
    });
  }

  /** The rarely used parts, each with the current value (or the default) preselected. */
  private async askMore(): Promise<void> {
    const d = this.draft;
    const { numberings, methods } = await this.loadReference();
    const numbering = await this.askNumbering(numberings, d.numerazione ?? 'Standard');
    if (numbering !== d.numerazione) d.metodo_pagamento = undefined;
    d.numerazione = numbering;
    d.metodo_pagamento = await this.askMethod(methods, d.metodo_pagamento ?? numberings.find((n) => n.name === numbering)?.default_payment_method ?? undefined);
    d.tipo_documento = await this.prompter.select({
      message: t`Document type`,
      flag: '--type',
      choices: DOCUMENT_TYPES.map((type) => ({ name: verbatim(`${type}  ${DOCUMENT_TYPE_LABELS[type]}`), value: type as string })),
      default: d.tipo_documento ?? 'TD01',
    });
    const issued = await this.prompter.input({
      message: t`Issue date (YYYY-MM-DD or dd/mm/yyyy)`,
      flag: '--date',
      default: d.issue_date ?? this.today,
      validate: (v) => promptCheck(() => this.sdi('issue_date', parseDateInput(v, 'issue_date'))),
    });
    d.issue_date = parseDateInput(issued, 'issue_date');
    d.sconto = await this.askAmount({ message: t`Discount in euro (empty for none)`, flag: '--discount', field: 'sconto', default: d.sconto });
    const dues = await this.prompter.input({
      message: t`Due dates: DATE=AMOUNT or DATE=PCT%, space-separated (empty: ${addDays(d.issue_date, 30)}, 30 days)`,
      flag: '--due',
      default: d.scadenze?.map((s) => `${s.date}=${s.value}${s.type === 'percent' ? '%' : ''}`).join(' '),
      validate: (v) => promptCheck(() => spaceList(v).forEach((spec, i) => typedDue(spec, i))),
    });
    const scadenze = spaceList(dues).map(typedDue);
    d.scadenze = scadenze.length ? scadenze : undefined;
    this.echo(dues, scadenze.length ? scadenze.map((s) => `${s.date}=${s.value}${s.type === 'percent' ? '%' : ''}`).join(' ') : undefined);
    await this.askPa();
    if (await this.prompter.confirm({ message: t`Purchase-order references?`, default: d.ordine !== undefined, flag: '--order-number' })) {
      const ask = async (message: Text, flag: string, def?: string, check?: (v: string) => unknown) =>
        orNothing(
          await this.prompter.input({
            message,
            flag,
            default: def,
            validate: check ? (v) => (v.trim() === '' ? true : promptCheck(() => check(v))) : undefined,
          }),
        );
      d.ordine = {
        numero: await ask(t`Order number`, '--order-number', d.ordine?.numero),
        data: await ask(t`Order date (YYYY-MM-DD or dd/mm/yyyy)`, '--order-date', d.ordine?.data, (v) => parseDateInput(v, 'ordine.data')).then((v) =>
          v === undefined ? v : parseDateInput(v, 'ordine.data'),
        ),
        impegno: await ask(t`Commitment (impegno)`, '--order-commitment', d.ordine?.impegno),
        determina: await ask(t`Determination (determina)`, '--order-determination', d.ordine?.determina),
        codice_commessa: await ask(t`Job code (codice commessa)`, '--order-job-code', d.ordine?.codice_commessa),
      };
    } else {
      d.ordine = undefined;
    }
    d.note = orNothing(await this.prompter.input({ message: t`Notes (optional)`, flag: '--note', default: d.note, validate: this.textCheck('note') }));
    const emails = commaList(
      await this.prompter.input({
        message: t`Extra e-mail recipients, comma-separated (optional)`,
        flag: '--email',
        default: d.emails?.join(', '),
        validate: (v) => promptCheck(() => commaList(v).forEach((e) => assertEmail(e, 'email'))),
      }),
    );
    d.emails = emails.length ? emails : undefined;
    if (await this.prompter.confirm({ message: t`Add descriptions to the lines?`, default: d.articoli.some((l) => l.descrizione), flag: '--item' })) {
      for (const [i, line] of d.articoli.entries()) {
        const descrizione = orNothing(
          await this.prompter.input({
            message: t`Line ${i + 1} (${line.nome}) — description`,
            flag: '--item',
            default: line.descrizione,
            validate: (v) => promptCheck(() => this.sdi('descrizione', checkText(v, 'descrizione'))),
          }),
        );
        if (descrizione) line.descrizione = descrizione;
        else delete line.descrizione;
      }
    }
  }
}

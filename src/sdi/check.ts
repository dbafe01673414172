/**
 * The SDI's controls that depend only on the invoice's own data (control-table.ts says which), run by
 * fisco before anything is sent: each broken one is an SdiProblem naming its code, the element of
 * the e-invoice, fisco's input field and what is allowed. The schema's limits come from the table
 * generated from the official schema (src/domain/fatturapa-schema.ts); they are control 00200.
 * Pure: the draft's values in, problems and warnings out.
 */
import { FATTURAPA, type FatturaPaPath } from '../domain/fatturapa-schema.js';
import { GENERIC_NATURE_CODES, NATURE_CODES, SCHEMA_NATURE_CODES } from '../domain/nature-codes.js';
import { isForeignVatId, partitaIvaCheckDigit, SDI_BY_PEC } from '../domain/identifiers.js';
import { cmp, isZero, mul, round2, sub } from '../domain/money.js';
import { textLength, unsafeCharacter } from '../domain/text.js';
import { ValidationError } from '../domain/validation-error.js';
import { day, t, type Message, type Text } from '../i18n/message.js';
import type { ClientFields } from '../domain/client-fields.js';

/** What the checks read: the fields of an invoice draft (src/invoice/draft.ts has the same names). */
export interface SdiInput {
  piva?: string;
  /** The client's fields that end up in the e-invoice (its e-mail and phone do not). */
  cliente?: Pick<ClientFields, 'name' | 'piva' | 'codice_fiscale' | 'address' | 'cap' | 'city' | 'province' | 'country' | 'sdi' | 'pec'>;
  issue_date?: string;
  natura?: string;
  intestazione?: string;
  note?: string;
  articoli?: { nome?: string; descrizione?: string; quantita?: string; prezzo?: string; iva?: string; totale?: string }[];
  pa?: { cig?: string; cup?: string; cups?: string[] };
  ordine?: { numero?: string; codice_commessa?: string };
  /** What fisco knows of the recipient besides the request (a client record): its codice fiscale. */
  recipient?: { codice_fiscale?: string };
}

/** One SDI control the invoice breaks: a ValidationError (its field is fisco's input) with the code and the element. */
export class SdiProblem extends ValidationError {
  constructor(
    readonly code: string,
    readonly element: string,
    field: string,
    readonly allowed: Message,
  ) {
    super(field, t`SDI ${code} (${element}): ${allowed}`);
  }
}

export interface SdiResult {
  problems: SdiProblem[];
  warnings: Message[];
}

const H = 'FatturaElettronicaHeader';
const CLIENT = `${H}/CessionarioCommittente`;
const LINE = 'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee';
const ORDER = 'FatturaElettronicaBody/DatiGenerali/DatiOrdineAcquisto';

/** The element of the e-invoice each of fisco's text fields ends up in (the limits are the schema's). */
export const FIELD_ELEMENTS: Readonly<Record<string, FatturaPaPath>> = {
  'cliente.name': `${CLIENT}/DatiAnagrafici/Anagrafica/Denominazione`,
  'cliente.piva': `${CLIENT}/DatiAnagrafici/IdFiscaleIVA/IdCodice`,
  'cliente.codice_fiscale': `${CLIENT}/DatiAnagrafici/CodiceFiscale`,
  'cliente.address': `${CLIENT}/Sede/Indirizzo`,
  'cliente.cap': `${CLIENT}/Sede/CAP`,
  'cliente.city': `${CLIENT}/Sede/Comune`,
  'cliente.province': `${CLIENT}/Sede/Provincia`,
  'cliente.country': `${CLIENT}/Sede/Nazione`,
  'cliente.sdi': `${H}/DatiTrasmissione/CodiceDestinatario`,
  'cliente.pec': `${H}/DatiTrasmissione/PECDestinatario`,
  nome: `${LINE}/Descrizione`,
  descrizione: `${LINE}/Descrizione`,
  quantita: `${LINE}/Quantita`,
  prezzo: `${LINE}/PrezzoUnitario`,
  iva: `${LINE}/AliquotaIVA`,
  natura: `${LINE}/Natura`,
  issue_date: 'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/Data',
  note: 'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/Causale',
  intestazione: 'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/Causale',
  'pa.cig': `${ORDER}/CodiceCIG`,
  'pa.cup': `${ORDER}/CodiceCUP`,
  'pa.cups': `${ORDER}/CodiceCUP`,
  'ordine.numero': `${ORDER}/IdDocumento`,
  'ordine.codice_commessa': `${ORDER}/CodiceCommessaConvenzione`,
};

/** The element's path from the blocks a reader recognises (CessionarioCommittente/Sede/CAP). */
export function shortElement(path: string): string {
  return path.replace(/^FatturaElettronica(Header|Body)\/(DatiGenerali\/|DatiBeniServizi\/)?/, '');
}

/** The element of a field path (`articoli[2].prezzo` → DettaglioLinee/PrezzoUnitario), when it has one. */
export function elementOf(field: string): string | undefined {
  const path = FIELD_ELEMENTS[field] ?? FIELD_ELEMENTS[field.replace(/^articoli\[\d+\]\./, '').replace(/\[\d+\]$/, '')];
  return path && shortElement(path);
}

const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Latin-1 (Basic Latin and the Latin-1 Supplement): what a *LatinType element may hold. */
function outsideLatin1(text: string): string | undefined {
  for (const char of text) if (char.codePointAt(0)! > 0xff) return char;
  return undefined;
}

function outsideAscii(text: string): string | undefined {
  for (const char of text) if (char.codePointAt(0)! > 0x7f) return char;
  return undefined;
}

type Facets = { maxLength?: number; minLength?: number; latin1?: boolean; ascii?: boolean };

/** Control 00200 for one text value: its element's length and repertoire, from the official schema. */
function schemaText(problems: SdiProblem[], value: string | undefined, field: string, path: FatturaPaPath, options: { split?: boolean } = {}): void {
  if (!given(value)) return;
  const facets = FATTURAPA[path] as Facets;
  const element = shortElement(path);
  const text = value.trim();
  const length = textLength(text);
  // Notes are split by the service into as many Causale elements as they need: only the repertoire counts.
  if (!options.split && facets.maxLength !== undefined && length > facets.maxLength)
    problems.push(new SdiProblem('00200', element, field, t`is ${length} characters long; the e-invoice allows at most ${facets.maxLength}`));
  const bad = facets.latin1 ? outsideLatin1(text) : facets.ascii ? outsideAscii(text) : undefined;
  // A character fisco never sends (a control, a direction change: src/domain/text.ts) is refused by its own rule, which says more.
  if (bad !== undefined && unsafeCharacter(text, { multiline: true }) === undefined)
    problems.push(
      new SdiProblem(
        '00200',
        element,
        field,
        facets.latin1
          ? t`holds "${bad}", outside the Latin-1 characters the e-invoice allows here (letters with accents are fine; €, curly quotes, dashes and emoji are not)`
          : t`holds "${bad}", outside the plain ASCII characters the e-invoice allows here`,
      ),
    );
}

/** The schema's patterns of the codes fisco checks (XSD patterns are anchored: ^…$), compiled once. */
const CODE_PATTERNS: Readonly<Partial<Record<FatturaPaPath, RegExp>>> = Object.fromEntries(
  (['cliente.cap', 'cliente.province', 'cliente.country', 'cliente.sdi'] as const).map((field) => {
    const path = FIELD_ELEMENTS[field];
    return [path, new RegExp(`^(?:${(FATTURAPA[path] as { pattern: string }).pattern})$`)];
  }),
);

/** Control 00200 for a code whose element has a pattern (CAP, province, country, recipient code). */
function schemaCode(problems: SdiProblem[], value: string | undefined, field: string, path: FatturaPaPath, example: string): void {
  if (!given(value)) return;
  const pattern = CODE_PATTERNS[path];
  if (pattern === undefined) return;
  if (!pattern.test(value.trim().toUpperCase()))
    problems.push(
      new SdiProblem('00200', shortElement(path), field, t`must be ${patternWords((FATTURAPA[path] as { pattern: string }).pattern)} (like ${example})`),
    );
}

/**
 * The schema's pattern of a code said as a person reads it: `[0-9][0-9][0-9][0-9][0-9]` is 5 digits,
 * `[A-Z]{2}` 2 capital letters, `[A-Z0-9]{6,7}` 6 to 7 capital letters or digits; any other pattern as written.
 */
export function patternWords(pattern: string): Text {
  const kinds: Record<string, (count: Text) => Text> = {
    '0-9': (count) => t`${count} digits`,
    'A-Z': (count) => t`${count} capital letters`,
    'A-Z0-9': (count) => t`${count} capital letters or digits`,
  };
  const repeated = /^(?:\[(0-9|A-Z|A-Z0-9)\])+$/.exec(pattern);
  if (repeated) return kinds[repeated[1]!]!(String(pattern.split('[').length - 1));
  const counted = /^\[(0-9|A-Z|A-Z0-9)\]\{(\d+)(?:,(\d+))?\}$/.exec(pattern);
  if (counted) return kinds[counted[1]!]!(counted[3] === undefined ? counted[2]! : t`${counted[2]!} to ${counted[3]}`);
  return t`written as ${pattern}`;
}

const NATURE_ENUM: readonly string[] = SCHEMA_NATURE_CODES;
const GENERIC_NATURES: readonly string[] = GENERIC_NATURE_CODES;
const RATE = FATTURAPA[`${LINE}/AliquotaIVA`];
const DATE_MIN = FATTURAPA['FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/Data'].minInclusive;

/** The European Union's member states other than Italy (VAT-registered in the EU: intra-EU supplies, N3.2, N7). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

/** A nature code the client's country makes unlikely, said why; undefined when it fits. */
function natureCountryWarning(natura: string, country: string): Message | undefined {
  const italian = country === 'IT';
  const eu = EU_COUNTRIES.has(country);
  if (natura === 'N3.1' && (italian || eu)) return t`nature ${natura} (exports) for a client in ${country}: an export goes outside the EU`;
  if (natura === 'N3.2' && !eu) return t`nature ${natura} (intra-EU supply) for a client in ${country}: it is for clients in another EU state`;
  if (natura === 'N3.3' && country !== 'SM' && country !== 'VA') return t`nature ${natura} (San Marino and Vatican City) for a client in ${country}`;
  if (natura === 'N7' && !eu) return t`nature ${natura} (VAT paid in another EU state) for a client in ${country}`;
  if (natura === 'N2.1' && italian) return t`nature ${natura} (operations outside Italy, articles 7 to 7-septies) for an Italian client`;
  if (natura.startsWith('N6') && !italian) return t`nature ${natura} (Italian reverse charge) for a client in ${country}: it is for Italian clients`;
  return undefined;
}

interface Context {
  input: SdiInput;
  problems: SdiProblem[];
  warnings: Message[];
  byVat: boolean;
  c: NonNullable<SdiInput['cliente']>;
  country: string;
  italian: boolean;
  today: string;
}

/** The controls of control-table.ts that fisco decides, over one invoice; `today` as YYYY-MM-DD. */
export function sdiCheck(input: SdiInput, options: { today: string }): SdiResult {
  const c = input.cliente ?? {};
  const country = given(c.country) ? c.country.trim().toUpperCase() : 'IT';
  const ctx: Context = { input, problems: [], warnings: [], byVat: input.piva !== undefined, c, country, italian: country === 'IT', today: options.today };
  schemaChecks(ctx);
  clientChecks(ctx);
  lineChecks(ctx);
  return { problems: ctx.problems, warnings: ctx.warnings };
}

/** 00200: the schema's limits on every value fisco sends. */
function schemaChecks({ input, problems, byVat, c, country, italian }: Context): void {
  if (!byVat) {
    for (const key of ['name', 'address', 'city'] as const) schemaText(problems, c[key], `cliente.${key}`, FIELD_ELEMENTS[`cliente.${key}`]);
    schemaText(problems, c.pec, 'cliente.pec', FIELD_ELEMENTS['cliente.pec']);
    schemaText(problems, c.piva, 'cliente.piva', FIELD_ELEMENTS['cliente.piva']);
    if (italian) schemaCode(problems, c.cap, 'cliente.cap', FIELD_ELEMENTS['cliente.cap'], '20121');
    if (italian) schemaCode(problems, c.province, 'cliente.province', FIELD_ELEMENTS['cliente.province'], 'MI');
    schemaCode(problems, country, 'cliente.country', FIELD_ELEMENTS['cliente.country'], 'IT');
    // A code of the wrong length is 00427 (below), not twice.
    if (given(c.sdi) && [6, 7].includes(c.sdi.trim().length)) schemaCode(problems, c.sdi, 'cliente.sdi', FIELD_ELEMENTS['cliente.sdi'], 'ABC1234');
  }
  schemaText(problems, input.note, 'note', FIELD_ELEMENTS.note, { split: true });
  schemaText(problems, input.intestazione, 'intestazione', FIELD_ELEMENTS.intestazione, { split: true });
  schemaText(problems, input.pa?.cig, 'pa.cig', FIELD_ELEMENTS['pa.cig']);
  schemaText(problems, input.pa?.cup, 'pa.cup', FIELD_ELEMENTS['pa.cup']);
  input.pa?.cups?.forEach((cup, i) => schemaText(problems, cup, `pa.cups[${i}]`, FIELD_ELEMENTS['pa.cups']));
  schemaText(problems, input.ordine?.numero, 'ordine.numero', FIELD_ELEMENTS['ordine.numero']);
  schemaText(problems, input.ordine?.codice_commessa, 'ordine.codice_commessa', FIELD_ELEMENTS['ordine.codice_commessa']);
  if (given(input.issue_date) && DATE_MIN && input.issue_date < DATE_MIN)
    problems.push(new SdiProblem('00200', shortElement(FIELD_ELEMENTS.issue_date), 'issue_date', t`must not be before ${day(DATE_MIN)}`));
}

/** The client and the dates: 00305, 00417, 00427, 00426 (a warning), 00403. */
function clientChecks({ input, problems, warnings, byVat, c, country, italian, today }: Context): void {
  // 00305 (local part): the client's Italian VAT number has the right check digit.
  if (!byVat && given(c.piva) && italian && !isForeignVatId(c.piva)) {
    const digits = c.piva.replace(/\s+/g, '').toUpperCase().replace(/^IT/, '');
    if (/^\d{11}$/.test(digits) && partitaIvaCheckDigit(digits) !== Number(digits[10]))
      problems.push(
        new SdiProblem('00305', 'CessionarioCommittente/IdFiscaleIVA', 'cliente.piva', t`a partita IVA whose check digit is right (look for a typo)`),
      );
  }
  if (byVat && given(input.piva)) {
    const digits = input.piva.replace(/\s+/g, '').toUpperCase().replace(/^IT/, '');
    if (/^\d{11}$/.test(digits) && partitaIvaCheckDigit(digits) !== Number(digits[10]))
      problems.push(new SdiProblem('00305', 'CessionarioCommittente/IdFiscaleIVA', 'piva', t`a partita IVA whose check digit is right (look for a typo)`));
  }
  // 00417: a VAT number or a codice fiscale for the client.
  if (!byVat && input.cliente && !given(c.piva) && !given(c.codice_fiscale) && !given(input.recipient?.codice_fiscale))
    problems.push(
      new SdiProblem(
        '00417',
        'CessionarioCommittente/IdFiscaleIVA, CodiceFiscale',
        'cliente.piva',
        t`a VAT number or a codice fiscale for the client (at least one)`,
      ),
    );
  // 00427: the recipient code's length fits the transmission format (6: FPA12, a public administration, Italian; 7: FPR12).
  if (!byVat && given(c.sdi)) {
    const code = c.sdi.trim().toUpperCase();
    if (code.length === 6 && !italian)
      problems.push(
        new SdiProblem(
          '00427',
          'DatiTrasmissione/CodiceDestinatario',
          'cliente.sdi',
          t`a 6-character code is a public administration's office (format FPA12), which is Italian; a client in ${country} takes XXXXXXX (format FPR12)`,
        ),
      );
    else if (code.length !== 6 && code.length !== 7)
      problems.push(
        new SdiProblem(
          '00427',
          'DatiTrasmissione/CodiceDestinatario',
          'cliente.sdi',
          t`7 characters for a business or a person (format FPR12), 6 for a public administration's office (format FPA12); this one has ${code.length}`,
        ),
      );
  }
  // 00426 (a warning: the service decides whether it writes the PEC beside a code).
  if (!byVat && given(c.sdi) && given(c.pec) && c.sdi.trim() !== SDI_BY_PEC)
    warnings.push(t`SDI 00426: the client has recipient code ${c.sdi.trim().toUpperCase()} and a PEC; the SDI refuses a PEC beside any code but ${SDI_BY_PEC}`);

  // 00403 (local part): not dated after today.
  // Dates as YYYY-MM-DD compare as text.
  if (given(input.issue_date) && /^\d{4}-\d{2}-\d{2}$/.test(input.issue_date) && input.issue_date > today)
    problems.push(
      new SdiProblem('00403', 'DatiGeneraliDocumento/Data', 'issue_date', t`a date not after today (${day(today)}); ${day(input.issue_date)} is later`),
    );
}

/** The lines: rates, natures, totals (00400, 00401, 00423, 00424, 00445) and the nature a country makes unlikely (a warning). */
function lineChecks({ input, problems, warnings, byVat, country }: Context): void {
  const natura = given(input.natura) ? input.natura.trim().toUpperCase() : undefined;
  if (natura !== undefined && GENERIC_NATURES.includes(natura))
    problems.push(new SdiProblem('00445', 'DettaglioLinee/Natura', 'natura', t`a detailed nature code (${natura}.1, ${natura}.2…), not the generic ${natura}`));
  else if (natura !== undefined && !NATURE_ENUM.includes(natura))
    problems.push(new SdiProblem('00200', 'DettaglioLinee/Natura', 'natura', t`one of ${NATURE_CODES.join(', ')}`));
  const lines = input.articoli ?? [];
  const decimal = (v: unknown): v is string => typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim());
  let zeroLines = 0;
  lines.forEach((l, i) => {
    const field = `articoli[${i}]`;
    schemaText(problems, l.nome, `${field}.nome`, FIELD_ELEMENTS.nome);
    schemaText(problems, l.descrizione, `${field}.descrizione`, FIELD_ELEMENTS.descrizione);
    if (decimal(l.iva)) {
      const rate = l.iva.trim();
      if (isZero(rate)) {
        zeroLines += 1;
        if (natura === undefined && !byVat)
          problems.push(
            new SdiProblem(
              '00400',
              'DettaglioLinee/Natura',
              'natura',
              t`${field} has 0% VAT, so the invoice needs a nature code: give --natura (the "natura" field), e.g. N2.2 or N3.2`,
            ),
          );
      } else if (cmp(rate, '1') < 0) {
        problems.push(new SdiProblem('00424', 'DettaglioLinee/AliquotaIVA', `${field}.iva`, t`a rate in percent (22, not 0.22); ${rate} reads as ${rate}%`));
      } else if (cmp(rate, RATE.maxInclusive) > 0) {
        problems.push(new SdiProblem('00200', 'DettaglioLinee/AliquotaIVA', `${field}.iva`, t`a rate from 0 to ${RATE.maxInclusive}`));
      }
    }
    // 00423: the line total is quantity × price within one cent (fisco computes it half-up to the cent; a total given with the line is checked).
    // Without a total of its own a line's total is computed (half-up to the cent: within 0.005 of the product), so only a given one is checked.
    if (given(l.totale) && decimal(l.quantita) && decimal(l.prezzo)) {
      const exact = mul(l.quantita.trim(), l.prezzo.trim());
      const total = l.totale.trim();
      const diff = sub(total, exact);
      if (cmp(diff.replace(/^-/, ''), '0.01') > 0)
        problems.push(
          new SdiProblem('00423', 'DettaglioLinee/PrezzoTotale', `${field}.totale`, t`quantity × unit price within one cent: ${round2(exact)}, not ${total}`),
        );
    }
  });
  // 00401: a nature code only with 0% lines (the invoice-wide natura applies to the 0% lines).
  if (natura !== undefined && lines.length > 0 && zeroLines === 0 && lines.every((l) => decimal(l.iva)))
    problems.push(new SdiProblem('00401', 'DettaglioLinee/Natura', 'natura', t`a nature code only with 0% lines; every line here carries VAT`));
  if (natura !== undefined && !byVat) {
    const unlikely = natureCountryWarning(natura, country);
    if (unlikely) warnings.push(t`${unlikely}: the SDI takes it, but check the nature code`);
  }
}

/**
 * One value as a person types it (the guided flow, at the step where it is asked): the SDI problem
 * of that field alone, thrown, so the prompt says it there and then. `field` is fisco's input
 * field without a line index (`cliente.name`, `nome`, `iva`, `issue_date`, `note`); `country` is
 * the client's, for the recipient code.
 */
export function assertSdiValue(field: string, value: string, options: { today: string; country?: string }): string {
  const line = ['nome', 'descrizione', 'iva'].includes(field);
  const input: SdiInput = field.startsWith('cliente.')
    ? { cliente: { piva: '-', country: options.country, [field.slice('cliente.'.length)]: value } }
    : line
      ? { articoli: [{ nome: 'x', quantita: '1', prezzo: '1', iva: '22', [field]: value }] }
      : { [field]: value };
  const wanted = line ? `articoli[0].${field}` : field;
  const problem = sdiCheck(input, { today: options.today }).problems.find((p) => p.field === wanted);
  if (problem) throw problem;
  return value;
}

/**
 * The words of a letter, in Italian, in one place: the HTML, the plain-text part and the PDF are
 * all drawn from this, so they say the same thing. Pure.
 */
import { formatEuro, mul, proportion, toItalianDecimal } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import { COMPENSATION } from './interest.js';
import { LEVEL_TITLES, TERM_DAYS, type Letter, type LetterCompany } from './letter.js';

export interface LetterContent {
  subject: string;
  title: string;
  /** Creditor and addressee blocks, line by line. */
  from: string[];
  to: string[];
  place: string;
  opening: string;
  body: string[];
  /** The invoices table: header and rows, every cell text. */
  header: string[];
  rows: string[][];
  totals: [string, string][];
  /** Each rate applied and the period it covers, with the interest of that period, invoice by invoice. */
  ratesTitle: string;
  rates: string[];
  payment: string;
  legal: string;
  method: string;
  closing: string[];
}

const eur = (amount: string) => formatEuro(amount);

const REQUESTS: Record<1 | 2 | 3, (days: number) => string> = {
  1: (d) =>
    `dai nostri archivi risultano ancora da saldare le fatture indicate di seguito, scadute. Vi preghiamo di provvedere al pagamento entro ${d} giorni dal ricevimento della presente; se lo avete già effettuato, Vi chiediamo di comunicarcene gli estremi e di considerare nulla questa lettera.`,
  2: (d) =>
    `nonostante il nostro precedente sollecito, risultano ancora da saldare le fatture indicate di seguito. Vi invitiamo a provvedere al pagamento entro ${d} giorni dal ricevimento della presente.`,
  3: (d) =>
    `nonostante i nostri precedenti solleciti, le fatture indicate di seguito risultano ancora non pagate. Con la presente Vi diffidiamo formalmente ad adempiere, ai sensi dell'art. 1454 del codice civile, pagando quanto dovuto entro ${d} giorni dal ricevimento; decorso inutilmente tale termine, procederemo al recupero del credito nelle sedi opportune senza ulteriore avviso.`,
};

export function letterContent(letter: Letter, company: LetterCompany, asOf: string): LetterContent {
  const client = letter.client;
  const withCompensation = letter.invoices.some((i) => i.compensation !== '0.00');
  const rows = letter.invoices.map((i) => [
    i.number,
    toItalianDate(i.issue_date),
    toItalianDate(i.due_date),
    eur(i.residue),
    String(i.days_late),
    eur(i.interest),
    ...(withCompensation ? [eur(i.compensation)] : []),
  ]);
  const totals: [string, string][] = [
    ['Residuo da pagare', eur(letter.totals.residue)],
    ['Interessi moratori', eur(letter.totals.interest)],
    ...(withCompensation ? ([['Risarcimento costi di recupero (40 euro per fattura)', eur(letter.totals.compensation)]] as [string, string][]) : []),
    ['Totale dovuto', eur(letter.totals.total)],
  ];
  const rates = letter.invoices.flatMap((i) =>
    i.periods.map(
      (p) =>
        `Fattura ${i.number}: dal ${toItalianDate(p.from)} al ${toItalianDate(p.to)} (${p.days} giorni) al ${toItalianDecimal(p.reference_rate)} % + 8 = ${toItalianDecimal(p.rate)} %: interessi ${eur(proportion(i.residue, mul(p.rate, String(p.days)), '36500'))} su ${eur(i.residue)}`,
    ),
  );
  return {
    subject: `${LEVEL_TITLES[letter.level]} — ${company.name} — fatture ${letter.invoices.map((i) => i.number).join(', ')}`,
    title: LEVEL_TITLES[letter.level],
    from: [company.name, ...(company.vat_number ? [`P.IVA ${company.vat_number}`] : [])],
    to: [
      `Spett.le ${client.name}`,
      ...(client.vat_number ? [`P.IVA ${client.vat_number}`] : []),
      ...(client.address ? [client.address] : []),
      ...(letter.channel === 'pec' ? [`PEC: ${letter.to}`] : letter.channel === 'email' ? [`e-mail: ${letter.to}`] : ['Raccomandata A/R']),
    ],
    place: `Data: ${toItalianDate(asOf)}`,
    opening: 'Spettabile cliente,',
    body: [REQUESTS[letter.level](TERM_DAYS[letter.level])],
    header: ['Fattura', 'Emessa il', 'Scaduta il', 'Residuo', 'Giorni di ritardo', 'Interessi', ...(withCompensation ? ['Costi di recupero'] : [])],
    rows,
    totals,
    ratesTitle: 'Tassi applicati e periodi (tasso di riferimento BCE del semestre + 8 punti, art. 5 D.Lgs. 231/2002):',
    rates,
    payment: company.iban
      ? `Pagamento con bonifico bancario sul conto IBAN ${company.iban} intestato a ${company.name}, indicando nella causale i numeri delle fatture.`
      : `Per le modalità di pagamento Vi preghiamo di contattare ${company.name}.`,
    legal: `Ai sensi del D.Lgs. 9 ottobre 2002, n. 231, come modificato dal D.Lgs. 9 novembre 2012, n. 192, dal giorno successivo alla scadenza decorrono automaticamente gli interessi moratori al tasso di riferimento della BCE del semestre maggiorato di otto punti percentuali (art. 5)${withCompensation ? `, oltre a ${COMPENSATION.replace('.', ',')} euro per ciascuna fattura a titolo di risarcimento dei costi di recupero (art. 6)` : ''}.`,
    method: `Interessi semplici calcolati sul residuo attuale dal giorno successivo alla scadenza al ${toItalianDate(asOf)}, semestre per semestre, per giorni effettivi su 365, arrotondati al centesimo una sola volta per fattura (per eccesso dal mezzo centesimo).`,
    closing: ['Distinti saluti.', company.name],
  };
}

/** The plain-text part of the e-mail. */
export function letterText(content: LetterContent): string {
  const table = [content.header, ...content.rows].map((row) => row.join(' | ')).join('\n');
  return [
    content.from.join('\n'),
    '',
    content.to.join('\n'),
    '',
    content.place,
    '',
    `Oggetto: ${content.title}`,
    '',
    content.opening,
    ...content.body,
    '',
    table,
    '',
    ...content.totals.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(content.rates.length ? [content.ratesTitle, ...content.rates, ''] : []),
    content.payment,
    '',
    content.legal,
    content.method,
    '',
    ...content.closing,
    '',
  ].join('\n');
}

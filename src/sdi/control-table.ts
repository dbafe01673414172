/**
 * The SDI's controls (the "elenco controlli" of the Agenzia delle Entrate's technical
 * specifications for the e-invoice, codes 00xxx), in fisco's own words: for each, the element it
 * looks at, whether fisco decides it before anything is sent, and what to tell a person whose
 * invoice failed it. The service's own text of a rejection (`00404 - Fattura duplicata`) is shown
 * beside this explanation, never instead of it. Pure data: imports only the message tag.
 */
import { t, type Message } from '../i18n/message.js';

/**
 * Who decides a control: `fisco` checks it before anything is sent; `partly` checks the part that
 * depends only on the invoice (a check digit, a length) and leaves the rest to the SDI (a register
 * lookup); `sdi` cannot be decided without the SDI's own data (its archive, the tax register).
 */
export type Decided = 'fisco' | 'partly' | 'sdi';

export interface SdiControl {
  code: string;
  /** The e-invoice element (FatturaPA path, short) the control looks at. */
  element: string;
  decided: Decided;
  /** The SDI's short text, as a rejection spells it (Italian, the service's words). */
  sdiText: string;
  /** What the control checks. */
  what: Message;
  /** Why invoices usually fail it. */
  why: Message;
  /** What to do. */
  fix: Message;
}

const RESEND = t`correct the invoice and send it again (same number and date) within five days of the rejection`;

export const CONTROLS: readonly SdiControl[] = [
  {
    code: '00001',
    element: 'file name',
    decided: 'sdi',
    sdiText: 'Nome file non valido',
    what: t`the name of the transmitted file follows the SDI's pattern (country, sender's id, progressive)`,
    why: t`the file is named by the service, not by fisco: a fault of the sending software`,
    fix: t`ask the service's support; nothing in the invoice needs changing`,
  },
  {
    code: '00002',
    element: 'file name',
    decided: 'sdi',
    sdiText: 'Nome file duplicato',
    what: t`no file with the same name was received before`,
    why: t`the service sent a file again under a name already used`,
    fix: t`ask the service's support; the invoice itself may be sent again once they fix it`,
  },
  {
    code: '00102',
    element: 'signature',
    decided: 'sdi',
    sdiText: 'File non integro (firma non valida)',
    what: t`the file's electronic signature is valid and the file was not altered`,
    why: t`the service's signature or its certificate is at fault`,
    fix: t`ask the service's support, then send the invoice again`,
  },
  {
    code: '00200',
    element: 'FatturaElettronica (schema)',
    decided: 'fisco',
    sdiText: 'File non conforme al formato',
    what: t`the file matches the official FatturaPA schema: every element within its length, pattern and list of values`,
    why: t`a value too long (a name past 80 characters, an address past 60), a character outside the Latin-1 set (€, curly quotes, emoji), a malformed code`,
    fix: t`shorten or correct the value the problem names (fisco checks these limits, read from the official schema, before sending); then ${RESEND}`,
  },
  {
    code: '00300',
    element: 'DatiTrasmissione/IdTrasmittente',
    decided: 'sdi',
    sdiText: 'IdFiscaleIVA del trasmittente non valido',
    what: t`the sender's (the service's) tax id exists in the tax register`,
    why: t`a fault of the service's configuration`,
    fix: t`ask the service's support`,
  },
  {
    code: '00301',
    element: 'CedentePrestatore/IdFiscaleIVA',
    decided: 'sdi',
    sdiText: 'IdFiscaleIVA del cedente/prestatore non valido',
    what: t`your own VAT number exists in the tax register and is active`,
    why: t`the company's VAT number on the service is wrong or was closed`,
    fix: t`correct the company's data in the web application, then ${RESEND}`,
  },
  {
    code: '00305',
    element: 'CessionarioCommittente/IdFiscaleIVA',
    decided: 'partly',
    sdiText: 'IdFiscaleIVA del cessionario/committente non valido',
    what: t`the client's VAT number is well formed (fisco checks its check digit) and exists, active, in the tax register (only the SDI can check that)`,
    why: t`a typo in the client's VAT number, or a VAT number that was closed`,
    fix: t`check the VAT number with the client (or on the VIES service), correct it on the client record, then ${RESEND}`,
  },
  {
    code: '00306',
    element: 'CessionarioCommittente/CodiceFiscale',
    decided: 'sdi',
    sdiText: 'CodiceFiscale del cessionario/committente non valido',
    what: t`the client's codice fiscale exists in the tax register`,
    why: t`a typo in the codice fiscale kept on the client record`,
    fix: t`correct the codice fiscale on the client record in the web application, then ${RESEND}`,
  },
  {
    code: '00311',
    element: 'DatiTrasmissione/CodiceDestinatario',
    decided: 'partly',
    sdiText: 'CodiceDestinatario non valido',
    what: t`the recipient code is well formed (fisco checks it) and is one the SDI has registered (only the SDI can check that)`,
    why: t`a code copied wrong from the client's letter, or one the client no longer uses`,
    fix: t`ask the client for their recipient code (or use 0000000 with their PEC), correct the client record, then ${RESEND}`,
  },
  {
    code: '00312',
    element: 'DatiTrasmissione/CodiceDestinatario',
    decided: 'sdi',
    sdiText: 'CodiceDestinatario non attivo',
    what: t`the public administration office the code names is active`,
    why: t`the office was closed or merged`,
    fix: t`ask the administration for its current office code (IPA index), then ${RESEND}`,
  },
  {
    code: '00400',
    element: 'DettaglioLinee/Natura',
    decided: 'fisco',
    sdiText: 'Natura assente con AliquotaIVA pari a zero',
    what: t`a line with 0% VAT carries a nature code (Natura) saying why no VAT is charged`,
    why: t`a 0% line sent without --natura: the reason for the missing VAT is left unsaid`,
    fix: t`give the nature code (--natura, the "natura" field: N2.2 for the flat-rate regime, N3.2 for an intra-EU supply…), then ${RESEND}`,
  },
  {
    code: '00401',
    element: 'DettaglioLinee/Natura',
    decided: 'fisco',
    sdiText: 'Natura presente con AliquotaIVA diversa da zero',
    what: t`a nature code appears only on lines with 0% VAT`,
    why: t`a nature code given for an invoice whose lines all carry VAT`,
    fix: t`remove the nature code, or set the lines it is meant for to 0%, then ${RESEND}`,
  },
  {
    code: '00403',
    element: 'DatiGeneraliDocumento/Data',
    decided: 'partly',
    sdiText: 'Data della fattura successiva alla data di ricezione',
    what: t`the invoice date is not after the day the SDI receives it (fisco refuses a date after today)`,
    why: t`a typo in the date, or an invoice prepared ahead and sent early`,
    fix: t`set the issue date to today or earlier, then ${RESEND}`,
  },
  {
    code: '00404',
    element: 'DatiGeneraliDocumento/Numero',
    decided: 'sdi',
    sdiText: 'Fattura duplicata',
    what: t`no invoice with the same supplier, year, document type and number was already accepted`,
    why: t`the same invoice sent twice, or a numbering that restarted or was shared`,
    fix: t`if the first one was accepted, nothing is to be done: the invoice exists; otherwise check the numbering and send it again with the next free number`,
  },
  {
    code: '00417',
    element: 'CessionarioCommittente/IdFiscaleIVA, CodiceFiscale',
    decided: 'fisco',
    sdiText: 'IdFiscaleIVA e CodiceFiscale del cessionario/committente assenti',
    what: t`the client is named by a VAT number or a codice fiscale (at least one)`,
    why: t`a client created without either, often a private person whose codice fiscale was not recorded`,
    fix: t`add the client's VAT number (--client-piva, the "piva" field), or record their codice fiscale on the client, then ${RESEND}`,
  },
  {
    code: '00419',
    element: 'DatiRiepilogo',
    decided: 'sdi',
    sdiText: 'DatiRiepilogo non presente in corrispondenza di almeno un valore di AliquotaIVA o Natura',
    what: t`each VAT rate and nature code of the lines has its summary block`,
    why: t`the summary is written by the service from the lines: a fault of the service`,
    fix: t`ask the service's support, then ${RESEND}`,
  },
  {
    code: '00421',
    element: 'DatiRiepilogo/Imposta',
    decided: 'sdi',
    sdiText: 'Imposta non calcolata secondo le regole definite nelle specifiche tecniche',
    what: t`each rate's VAT is its taxable amount times the rate, within one cent`,
    why: t`the service computes the VAT: a fault of the service (fisco's preview computes it the same way)`,
    fix: t`ask the service's support, then ${RESEND}`,
  },
  {
    code: '00422',
    element: 'DatiRiepilogo/ImponibileImporto',
    decided: 'sdi',
    sdiText: 'ImponibileImporto non calcolato secondo le regole definite nelle specifiche tecniche',
    what: t`each rate's taxable amount is the sum of its lines' totals, within one euro of rounding`,
    why: t`the service computes the summary: a fault of the service, or a global discount spread unevenly`,
    fix: t`ask the service's support; a discount given as a line instead of --discount avoids it; then ${RESEND}`,
  },
  {
    code: '00423',
    element: 'DettaglioLinee/PrezzoTotale',
    decided: 'fisco',
    sdiText: 'PrezzoTotale non calcolato secondo le regole definite nelle specifiche tecniche',
    what: t`a line's total is its quantity times its unit price, within one cent`,
    why: t`a line total typed by hand instead of computed; fisco sends quantity and price and computes the total half-up to the cent`,
    fix: t`give the quantity and the unit price and let the total be computed, then ${RESEND}`,
  },
  {
    code: '00424',
    element: 'DettaglioLinee/AliquotaIVA',
    decided: 'fisco',
    sdiText: 'AliquotaIVA non indicata in termini percentuali',
    what: t`the VAT rate is a percentage (22, not 0.22)`,
    why: t`a rate written as a fraction`,
    fix: t`write the rate in percent (22, 10, 5, 4), then ${RESEND}`,
  },
  {
    code: '00425',
    element: 'DatiGeneraliDocumento/Numero',
    decided: 'sdi',
    sdiText: 'Numero della fattura non contenente caratteri numerici',
    what: t`the invoice number holds at least one digit`,
    why: t`a numbering on the service whose format has no digits`,
    fix: t`correct the numbering's format in the web application, then ${RESEND}`,
  },
  {
    code: '00426',
    element: 'DatiTrasmissione/PECDestinatario',
    decided: 'fisco',
    sdiText: 'PECDestinatario valorizzato con CodiceDestinatario diverso da 0000000',
    what: t`a PEC address for delivery goes only with the recipient code 0000000`,
    why: t`a client record with both a recipient code and a PEC`,
    fix: t`keep the recipient code and remove the PEC from the client, or set the code to 0000000 to deliver by PEC (fisco warns before sending)`,
  },
  {
    code: '00427',
    element: 'DatiTrasmissione/CodiceDestinatario',
    decided: 'fisco',
    sdiText: 'CodiceDestinatario di 7 caratteri con formato FPA12, o di 6 caratteri con formato FPR12',
    what: t`the recipient code's length fits the transmission format: 6 characters for a public administration (FPA12), 7 for anyone else (FPR12)`,
    why: t`an administration's office code mistyped with a seventh character, or a business's code missing one`,
    fix: t`use the 6-character office code for a public administration (IPA index), 7 characters (or 0000000, XXXXXXX abroad) otherwise, then ${RESEND}`,
  },
  {
    code: '00429',
    element: 'DatiRiepilogo/Natura',
    decided: 'fisco',
    sdiText: 'Natura non presente a fronte di AliquotaIVA pari a zero (DatiRiepilogo)',
    what: t`the summary of the 0% lines carries their nature code (the same rule as 00400, on the summary)`,
    why: t`a 0% line without a nature code`,
    fix: t`give the nature code (--natura), then ${RESEND}`,
  },
  {
    code: '00430',
    element: 'DatiRiepilogo/Natura',
    decided: 'fisco',
    sdiText: 'Natura presente a fronte di AliquotaIVA diversa da zero (DatiRiepilogo)',
    what: t`a summary with VAT carries no nature code (the same rule as 00401, on the summary)`,
    why: t`a nature code given for lines that carry VAT`,
    fix: t`remove the nature code or set the lines to 0%, then ${RESEND}`,
  },
  {
    code: '00445',
    element: 'DettaglioLinee/Natura',
    decided: 'fisco',
    sdiText: 'Natura generica N2, N3 o N6 non più ammessa',
    what: t`the nature code is one of the detailed codes (N2.1, N3.2, N6.3…), not the generic N2, N3 or N6`,
    why: t`a code from before 2021`,
    fix: t`choose the detailed code (fisco invoice create --help lists them), then ${RESEND}`,
  },
  {
    code: '00471',
    element: 'CedentePrestatore, CessionarioCommittente',
    decided: 'sdi',
    sdiText: 'Cedente/prestatore uguale al cessionario/committente',
    what: t`for an ordinary invoice the supplier and the client are different subjects`,
    why: t`an invoice addressed to your own VAT number`,
    fix: t`correct the client, then ${RESEND}`,
  },
];

const BY_CODE = new Map(CONTROLS.map((c) => [c.code, c]));

/** The control of a code (`00404`, or the start of a service's text `00404 - Fattura duplicata`), if fisco knows it. */
export function controlOf(codeOrText: string | null | undefined): SdiControl | undefined {
  const code = /^\s*(\d{5})\b/.exec(codeOrText ?? '')?.[1];
  return code === undefined ? undefined : BY_CODE.get(code);
}

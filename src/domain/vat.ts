import { parseRate } from './money.js';
import { ValidationError } from './validation-error.js';
import { NATURE_CODES, type NatureCode } from './nature-codes.js';
import { t } from '../i18n/message.js';

export { NATURE_CODES, type NatureCode };

/** The ordinary Italian VAT rates; special regimes use others (e.g. 6.4, 7.3, 8.3, 9.5 for agriculture). */
export const VAT_RATES = ['22', '10', '5', '4', '0'] as const;
/** A VAT rate in percent, canonical: `22`, `10`, `6.4` (never `22.00`). */
export type VatRate = string;

/**
 * VAT rate in percent, from 0 to 100 with at most 2 decimals (the e-invoice format): `22`, `22.0`
 * and `22.00` all give `"22"`. A rate outside VAT_RATES is accepted (special regimes use others);
 * isOrdinaryRate lets the preview warn about it.
 */
export function assertVatRate(input: string, field: string): VatRate {
  return parseRate(input, field, t`a VAT rate in percent`);
}

export function isOrdinaryRate(rate: VatRate): boolean {
  return (VAT_RATES as readonly string[]).includes(rate);
}

export function assertNatura(input: string, field: string): NatureCode {
  const v = input.trim().toUpperCase();
  if (!(NATURE_CODES as readonly string[]).includes(v)) {
    throw new ValidationError(field, t`must be a VAT nature code: ${NATURE_CODES.join(', ')}`);
  }
  return v as NatureCode;
}

/**
 * A 0% line needs a nature code ('missing'); a non-zero rate forbids one ('forbidden').
 * 'missing' may be covered by an invoice-wide natura, so the caller decides whether it is an error.
 */
export function vatNatureProblem(rate: VatRate, natura: string | null | undefined): 'missing' | 'forbidden' | null {
  if (rate === '0') return natura ? null : 'missing';
  return natura ? 'forbidden' : null;
}

/** What each nature code means (Agenzia delle Entrate's tables), for people choosing one. */
export const NATURE_LABELS: Readonly<Record<NatureCode, string>> = {
  N1: 'escluse ex art. 15',
  'N2.1': 'non soggette, artt. 7–7-septies (servizi e beni extra Italia)',
  'N2.2': 'non soggette, altri casi (es. regime forfettario)',
  'N3.1': 'non imponibili, esportazioni',
  'N3.2': 'non imponibili, cessioni intracomunitarie',
  'N3.3': 'non imponibili, cessioni verso San Marino',
  'N3.4': "non imponibili, operazioni assimilate all'esportazione",
  'N3.5': "non imponibili, a seguito di dichiarazione d'intento",
  'N3.6': 'non imponibili, altre operazioni',
  N4: 'esenti (art. 10)',
  N5: 'regime del margine / IVA non esposta',
  'N6.1': 'reverse charge, rottami e materiali di recupero',
  'N6.2': 'reverse charge, oro e argento',
  'N6.3': 'reverse charge, subappalto nel settore edile',
  'N6.4': 'reverse charge, cessione di fabbricati',
  'N6.5': 'reverse charge, telefoni cellulari',
  'N6.6': 'reverse charge, prodotti elettronici',
  'N6.7': 'reverse charge, prestazioni nel comparto edile',
  'N6.8': 'reverse charge, settore energetico',
  'N6.9': 'reverse charge, altri casi',
  N7: 'IVA assolta in altro Stato UE',
};

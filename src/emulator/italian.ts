/**
 * Italian identifiers as the emulator needs them (seed data, register lookups): thin adapters
 * over the pure rules in src/domain, so the emulator and fisco agree on every check digit.
 */
import { codiceFiscaleCheckChar, isPartitaIva, partitaIvaCheckDigit } from '../domain/identifiers.js';

/** An 11-digit Italian VAT number (optionally prefixed IT) with a correct check digit? */
export function isValidVat(vat: string): boolean {
  return isPartitaIva(vat);
}

/** Appends the check digit to the first 10 digits of a VAT number. */
export function makeVat(first10: string): string {
  if (!/^\d{10}$/.test(first10)) throw new Error(`expected 10 digits, got ${first10}`);
  return first10 + String(partitaIvaCheckDigit(first10));
}

/** Appends the check character to the first 15 characters of a personal codice fiscale. */
export function makeFiscalCode(first15: string): string {
  if (!/^[A-Z0-9]{15}$/i.test(first15)) throw new Error(`expected 15 characters, got ${first15}`);
  return first15.toUpperCase() + codiceFiscaleCheckChar(first15.toUpperCase());
}

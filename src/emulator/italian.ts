/**
 * Italian identifiers, as far as the emulator needs them (seed data and the register lookups of
 * later modules). Kept here because the emulator may not import CLI code; it can switch to
 * src/domain/ once that exists.
 */

/** The check digit of an Italian VAT number (partita IVA) from its first 10 digits. */
export function vatCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new Error(`expected 10 digits, got ${first10}`);
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(first10[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** An 11-digit Italian VAT number (optionally prefixed IT) with a correct check digit? */
export function isValidVat(vat: string): boolean {
  const digits = vat.trim().toUpperCase().replace(/^IT/, '');
  return /^\d{11}$/.test(digits) && vatCheckDigit(digits.slice(0, 10)) === Number(digits[10]);
}

/** Appends the check digit. */
export function makeVat(first10: string): string {
  return first10 + String(vatCheckDigit(first10));
}

const ODD_VALUES: Record<string, number> = {
  0: 1, 1: 0, 2: 5, 3: 7, 4: 9, 5: 13, 6: 15, 7: 17, 8: 19, 9: 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};

/** The check character of a personal codice fiscale from its first 15 characters. */
export function fiscalCodeCheckChar(first15: string): string {
  const text = first15.toUpperCase();
  if (!/^[A-Z0-9]{15}$/.test(text)) throw new Error(`expected 15 characters, got ${first15}`);
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = text[i] as string;
    if (i % 2 === 0) sum += ODD_VALUES[ch] as number;
    else sum += /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Appends the check character. */
export function makeFiscalCode(first15: string): string {
  return first15.toUpperCase() + fiscalCodeCheckChar(first15);
}

/**
 * Italian IBANs with right check characters, for the seed's payment methods and the statements'
 * counterparts: IT + two ISO 7064 mod-97 check digits + the CIN letter + ABI (5) + CAB (5) + account (12).
 * The CIN is the Italian check letter over ABI+CAB+account (the codice fiscale's odd/even tables).
 */

// Values of 0-9 / A-Z at odd (1-based) positions; at even positions a digit or letter counts its index.
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function indexOf(ch: string): number {
  const code = ch.charCodeAt(0);
  return code >= 65 ? code - 65 : code - 48;
}

/** The CIN letter of an Italian BBAN (ABI + CAB + 12-character account). */
export function cin(abi: string, cab: string, account: string): string {
  const text = `${abi}${cab}${account}`.toUpperCase();
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += i % 2 === 0 ? ODD[indexOf(text[i])] : indexOf(text[i]);
  return String.fromCharCode(65 + (sum % 26));
}

/** mod 97 of an IBAN-style alphanumeric string (letters as 10..35). */
function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rest;
}

/** The IBAN of `country` with this BBAN, check digits computed. */
export function ibanOf(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** An Italian IBAN (27 characters) from ABI, CAB and an account number (padded to 12). */
export function italianIban(abi: string, cab: string, account: string): string {
  const acc = account.padStart(12, '0');
  return ibanOf('IT', `${cin(abi, cab, acc)}${abi}${cab}${acc}`);
}

/** True when the mod-97 check of an IBAN holds. */
export function ibanChecks(iban: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban) && mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** The parts of an Italian IBAN. */
export function italianParts(iban: string): { check: string; cin: string; abi: string; cab: string; account: string } | undefined {
  const m = /^IT(\d{2})([A-Z])(\d{5})(\d{5})([A-Z0-9]{12})$/.exec(iban);
  return m ? { check: m[1], cin: m[2], abi: m[3], cab: m[4], account: m[5] } : undefined;
}

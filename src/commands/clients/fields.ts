/**
 * Local checks of a client's fields before anything is sent, shared by the flags and the guided
 * flow. Each checker returns the value to send or throws a ValidationError naming the flag.
 */
import type { ManualClient } from '../../api/clients.js';
import { assertCap, assertCountry, assertEmail, assertPartitaIva, assertProvince, assertSdiCode, isForeignVatId } from '../../domain/identifiers.js';
import { ValidationError } from '../../domain/validation-error.js';
import type { Text } from '../../i18n/message.js';

export const DOMAIN_MAX = 255;

type Checker = (value: string, country: string) => string;

export const checkers: Record<Exclude<keyof ManualClient, 'name' | 'country'>, Checker> = {
  piva: (v, country) => {
    if (isForeignVatId(v)) return v.trim().toUpperCase();
    if (country !== 'IT' && !/^(IT)?\d{11}$/i.test(v.replace(/\s+/g, ''))) return v.trim();
    return assertPartitaIva(v, '--piva');
  },
  sdi: (v) => assertSdiCode(v, '--sdi'),
  pec: (v) => assertEmail(v, '--pec'),
  email: (v) => assertEmail(v, '--email'),
  phone: (v) => {
    if (!/^\+?[\d\s./()-]{5,20}$/.test(v.trim())) throw new ValidationError('--phone', 'must be a phone number like +39 02 1234567');
    return v.trim();
  },
  domain: (v) => {
    if (v.trim().length > DOMAIN_MAX) throw new ValidationError('--domain', `must be at most ${DOMAIN_MAX} characters (it is ${v.trim().length})`);
    return v.trim();
  },
  address: (v) => v.trim(),
  cap: (v, country) => (country === 'IT' ? assertCap(v, '--cap') : v.trim()),
  city: (v) => v.trim(),
  province: (v, country) => (country === 'IT' ? assertProvince(v, '--province') : v.trim().toUpperCase()),
};

/** Builds the body of POST /clients/store/manual from raw values, checking every one. */
export function manualClientBody(raw: Partial<Record<keyof ManualClient, string | undefined>>): ManualClient {
  const name = raw.name?.trim() ?? '';
  if (!name) throw new ValidationError('--name', 'must not be empty');
  const country = assertCountry(raw.country ?? 'IT', '--country');
  const body: ManualClient = { name, country };
  for (const [key, check] of Object.entries(checkers) as [keyof typeof checkers, Checker][]) {
    const value = raw[key];
    if (value !== undefined && value.trim() !== '') body[key] = check(value, country);
  }
  return body;
}

/** A prompt validator for one field: true, or the message to show. */
export function promptCheck(key: keyof typeof checkers, country: () => string): (value: string) => true | Text {
  return (value) => {
    if (value.trim() === '') return true;
    try {
      checkers[key](value, country());
      return true;
    } catch (error) {
      return error instanceof ValidationError ? error.detail : String(error);
    }
  };
}

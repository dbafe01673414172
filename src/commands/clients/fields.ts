/**
 * Local checks of a client's fields before anything is sent, shared by the flags and the guided
 * flow. Each checker returns the value to send or throws a ValidationError naming the flag.
 */
import type { ManualClient } from '../../api/clients.js';
import { assertCap, assertCountry, assertEmail, assertPartitaIva, assertProvince, assertSdiCode, isForeignVatId } from '../../domain/identifiers.js';
import { Problems, ValidationError } from '../../domain/validation-error.js';
import { assertText, TEXT_LIMITS } from '../../domain/text.js';
import type { Text } from '../../i18n/message.js';
import { t } from '../../i18n/message.js';

export const DOMAIN_MAX = 255;

/** What a client's free text may hold and how long it may be: the e-invoice's limits (TEXT_LIMITS), the contract's for the domain. */
const TEXT: Partial<Record<keyof ManualClient, { max?: number; limitName?: string }>> = {
  name: { max: TEXT_LIMITS.name, limitName: "the e-invoice's Denominazione" },
  address: { max: TEXT_LIMITS.address, limitName: "the e-invoice's Indirizzo" },
  city: { max: TEXT_LIMITS.city, limitName: "the e-invoice's Comune" },
  pec: { max: TEXT_LIMITS.email },
  email: { max: TEXT_LIMITS.email },
  domain: { max: DOMAIN_MAX, limitName: 'the contract' },
};

/** One field's text: no control or direction-changing character, within its length. */
export function checkClientText(key: keyof ManualClient, value: string): string {
  return assertText(value.trim(), `--${key}`, TEXT[key] ?? {});
}

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
    if (!/^\+?[\d\s./()-]{5,20}$/.test(v.trim())) throw new ValidationError('--phone', t`must be a phone number like +39 02 1234567`);
    return v.trim();
  },
  domain: (v) => v.trim(),
  address: (v) => v.trim(),
  cap: (v, country) => (country === 'IT' ? assertCap(v, '--cap') : v.trim()),
  city: (v) => v.trim(),
  province: (v, country) => (country === 'IT' ? assertProvince(v, '--province') : v.trim().toUpperCase()),
};

/** Builds the body of POST /clients/store/manual from raw values, checking every one; every problem is reported at once. */
export function manualClientBody(raw: Partial<Record<keyof ManualClient, string | undefined>>): ManualClient {
  const problems = new Problems();
  const name = raw.name?.trim() ?? '';
  if (!name) problems.add('--name', t`must not be empty`);
  else problems.check(() => checkClientText('name', name));
  const country = problems.check(() => assertCountry(raw.country ?? 'IT', '--country')) ?? 'IT';
  const body: ManualClient = { name, country };
  for (const [key, check] of Object.entries(checkers) as [keyof typeof checkers, Checker][]) {
    const value = raw[key];
    if (value === undefined || value.trim() === '') continue;
    const before = problems.list.length;
    problems.check(() => checkClientText(key, value));
    if (problems.list.length > before) continue;
    const checked = problems.check(() => check(value, country));
    if (checked !== undefined) body[key] = checked;
  }
  problems.done();
  return body;
}

/** A prompt validator for one field: true, or the message to show. */
export function promptCheck(key: keyof typeof checkers, country: () => string): (value: string) => true | Text {
  return (value) => {
    if (value.trim() === '') return true;
    try {
      checkClientText(key, value);
      checkers[key](value, country());
      return true;
    } catch (error) {
      return error instanceof ValidationError ? error.detail : String(error);
    }
  };
}

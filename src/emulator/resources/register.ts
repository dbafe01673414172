/**
 * A deterministic fake business register for POST /fatture/nuova/piva: any valid Italian VAT
 * number is "found" (a seeded counterpart under its own name, others under a name derived from
 * the number), except numbers starting with 0000000, which are not registered.
 */
import { isValidVat } from '../italian.js';
import { hash32 } from '../rng.js';
import { COUNTERPARTS } from './invoice-seed.js';

export interface RegisterEntry {
  name: string;
  piva: string;
  address: string;
  cap: string;
  city: string;
  province: string;
  country: 'IT';
}

const CITIES: [string, string, string][] = [
  ['Milano', '20121', 'MI'],
  ['Roma', '00184', 'RM'],
  ['Firenze', '50122', 'FI'],
  ['Bologna', '40121', 'BO'],
  ['Torino', '10121', 'TO'],
];
const FORMS = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.'];

/** null when the number is not valid or not in the register. */
export function lookupRegister(input: string): RegisterEntry | null {
  const piva = input.trim().toUpperCase().replace(/^IT/, '');
  if (!isValidVat(piva) || piva.startsWith('0000000')) return null;
  const h = hash32(piva);
  const [city, cap, province] = CITIES[h % CITIES.length] as [string, string, string];
  const known = COUNTERPARTS.find((c) => c.vat === piva);
  return {
    name: known?.name ?? `Impresa ${piva.slice(5, 9)} ${FORMS[h % FORMS.length]}`,
    piva,
    address: `Via Roma ${(h % 200) + 1}`,
    cap,
    city,
    province,
    country: 'IT',
  };
}

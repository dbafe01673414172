/**
 * A deterministic fake business register (registro delle imprese), for the endpoints that look
 * a company up by VAT number (`POST /clients/store/automatic`, `POST /fatture/nuova/piva`).
 * A few fixed entries, and a generator that gives ANY valid Italian VAT number a stable
 * company: the same number always yields the same name and address. Invalid numbers, and valid
 * ones starting with 0000000 (kept free to exercise "not in the register"), → undefined.
 */
import { isValidVat } from './italian.js';
import { hash32 } from './rng.js';

export interface RegisterEntry {
  piva: string;
  country: 'IT';
  name: string;
  address: string;
  cap: string;
  city: string;
  province: string;
}

const FIXED: Record<string, Omit<RegisterEntry, 'piva' | 'country'>> = {
  '00743110157': { name: 'Lombarda Servizi Industriali S.p.A.', address: 'Via Fabio Filzi 25', cap: '20124', city: 'Milano', province: 'MI' },
  '01234567897': { name: 'Officine Meccaniche Adriatiche S.r.l.', address: 'Via del Porto 12', cap: '60121', city: 'Ancona', province: 'AN' },
  '02345678904': { name: 'Tipografia Fiorentina di Paolo Gori', address: 'Borgo Pinti 44', cap: '50121', city: 'Firenze', province: 'FI' },
  '12345678903': { name: 'Caffè Partenopeo S.n.c.', address: 'Via Toledo 156', cap: '80134', city: 'Napoli', province: 'NA' },
};

const PREFIXES = ['Alfa', 'Nova', 'Delta', 'Prima', 'Terra', 'Luce', 'Sole', 'Vento', 'Borgo', 'Monte', 'Valle', 'Ponte'];
const TRADES = ['Servizi', 'Costruzioni', 'Informatica', 'Logistica', 'Arredamenti', 'Alimentari', 'Consulenze', 'Impianti', 'Trasporti', 'Grafica'];
const FORMS = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'S.r.l.s.'];
const STREETS = ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Via Mazzini', 'Viale della Repubblica', 'Via Verdi', 'Piazza Duomo', 'Via Cavour'];
const PLACES: Array<[city: string, cap: string, province: string]> = [
  ['Milano', '20121', 'MI'],
  ['Roma', '00184', 'RM'],
  ['Torino', '10121', 'TO'],
  ['Bologna', '40121', 'BO'],
  ['Napoli', '80133', 'NA'],
  ['Firenze', '50122', 'FI'],
  ['Verona', '37121', 'VR'],
  ['Bari', '70121', 'BA'],
  ['Padova', '35121', 'PD'],
  ['Genova', '16121', 'GE'],
  ['Brescia', '25121', 'BS'],
  ['Palermo', '90133', 'PA'],
];

/** The register's record for a VAT number (with or without `IT`), or undefined when the number is not valid. */
export function lookupRegister(piva: string): RegisterEntry | undefined {
  const digits = piva.trim().toUpperCase().replace(/^IT/, '');
  if (!isValidVat(digits) || digits.startsWith('0000000')) return undefined;
  const fixed = FIXED[digits];
  if (fixed) return { piva: digits, country: 'IT', ...fixed };
  const h = hash32(digits);
  const pick = <T>(items: readonly T[], shift: number): T => items[(h >>> shift) % items.length] as T;
  const [city, cap, province] = pick(PLACES, 0);
  return {
    piva: digits,
    country: 'IT',
    name: `${pick(PREFIXES, 3)} ${pick(TRADES, 7)} ${pick(FORMS, 11)}`,
    address: `${pick(STREETS, 15)} ${1 + ((h >>> 19) % 180)}`,
    cap,
    city,
    province,
  };
}

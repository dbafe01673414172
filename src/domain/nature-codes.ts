/**
 * The VAT nature codes (Natura) of the e-invoice format, for a line without VAT: the official
 * schema's list (the generated table, fatturapa-schema.ts) less the generic N2, N3 and N6, which
 * the schema still lists but the SDI refuses (control 00445). The completion values
 * (src/completion/values.ts), the VAT rules (vat.ts) and the SDI's checks share it.
 */
import { FATTURAPA } from './fatturapa-schema.js';

/** The generic codes: in the schema, refused by the SDI since 2021 in favour of their detailed ones (N2.1, N3.2…). */
export const GENERIC_NATURE_CODES = ['N2', 'N3', 'N6'] as const;

/** Every nature code the schema lists, generic ones included. */
export const SCHEMA_NATURE_CODES = FATTURAPA['FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/Natura'].enumeration;

export type NatureCode = Exclude<(typeof SCHEMA_NATURE_CODES)[number], (typeof GENERIC_NATURE_CODES)[number]>;

const isDetailed = (code: string): code is NatureCode => !(GENERIC_NATURE_CODES as readonly string[]).includes(code);

/** The codes a line may carry, in the schema's order. */
export const NATURE_CODES: readonly NatureCode[] = SCHEMA_NATURE_CODES.filter(isDetailed);

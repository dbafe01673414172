/**
 * The client of an invoice as a person or a file gives it (the fields of the request body's
 * `cliente`, and the contact fields fisco keeps beside them): what the invoice draft
 * (src/invoice/draft.ts) and the SDI's checks (src/sdi/check.ts) both read.
 */
export interface ClientFields {
  name?: string;
  piva?: string;
  codice_fiscale?: string;
  address?: string;
  cap?: string;
  city?: string;
  province?: string;
  country?: string;
  sdi?: string;
  pec?: string;
  email?: string;
  phone?: string;
}

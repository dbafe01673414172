/** What fisco knows about an invoice's recipient beyond the request body, for the preview. */
import type { ApiClient } from '../../api/client.js';
import { searchClients, type Client } from '../../api/clients.js';
import type { ClientFields, RecipientInfo } from '../../invoice/draft.js';

const given = (x: string | null | undefined) => (x == null || x.trim() === '' ? undefined : x);

/** A client record's fields as the manual variant's `cliente` (no codice fiscale: the contract has no field for it). */
export function clientFields(c: Client): ClientFields {
  return {
    name: c.name,
    piva: given(c.piva),
    address: given(c.address),
    cap: given(c.cap),
    city: given(c.city),
    province: given(c.province),
    country: given(c.country),
    sdi: given(c.sdi),
    pec: given(c.pec),
  };
}

export function recipientOf(c: Client | undefined, source: string): RecipientInfo | undefined {
  if (!c) return undefined;
  const place = [given(c.address), [given(c.cap), given(c.city)].filter(Boolean).join(' '), given(c.province)].filter(Boolean).join(', ');
  return { source, name: c.name, codice_fiscale: given(c.codice_fiscale), address: place || undefined, sdi: given(c.sdi), pec: given(c.pec) };
}

const vatDigits = (v: string | null | undefined) => (v ?? '').toUpperCase().replace(/\s+/g, '').replace(/^IT/, '');

/** The recipient of a by-VAT invoice as the client list knows it; nothing when not found or the lookup fails. */
export async function recipientByVat(api: ApiClient, piva: string): Promise<RecipientInfo | undefined> {
  const found = await searchClients(api, vatDigits(piva)).catch(() => [] as Client[]);
  return recipientOf(
    found.find((c) => vatDigits(c.piva) === vatDigits(piva)),
    'your client list',
  );
}

/** A public-administration office receives on a 6-character SDI code (docs/invoicing.md). */
export function isPublicAdministration(sdi: string | undefined): boolean {
  return sdi !== undefined && sdi.trim().length === 6;
}

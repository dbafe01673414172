/**
 * The invoice request as fisco assembles it from flags, a `--from` file or the wizard: the API's
 * own field names, every amount still a decimal STRING. prepare() (body.ts) validates it and
 * serialises the exact request body.
 */
import { t, type Message } from '../i18n/message.js';
import type { ClientFields } from '../domain/client-fields.js';

/** What follows a draft created (invoice create, invoice batch): the API has no call that sends an existing draft. */
export function draftNextStep(): Message {
  return t`Next step: the API has no call that sends an existing draft to the SDI: send it from the invoices area of the web application, or delete the draft there and create the invoice again with --send`;
}
export type { ClientFields };

export interface LineInput {
  nome: string;
  quantita: string;
  prezzo: string;
  iva: string;
  descrizione?: string;
}

export interface DueInput {
  date: string;
  value: string;
  type: 'percent' | 'amount';
}

export interface InvoiceDraft {
  /** The by-VAT variant (POST /fatture/nuova/piva): the client comes from the business register. */
  piva?: string;
  /** The manual variant (POST /fatture/nuova/manuale). */
  cliente?: ClientFields;
  numerazione?: string;
  issue_date?: string;
  tipo_documento?: string;
  metodo_pagamento?: string;
  sconto?: string;
  intestazione?: string;
  note?: string;
  paid?: string;
  natura?: string;
  articoli: LineInput[];
  /** Indexes of `articoli` that could not be read (the problem is already recorded); their lines are placeholders. */
  unreadable?: number[];
  scadenze?: DueInput[];
  emails?: string[];
  pa?: { cig?: string; cup?: string; cups?: string[] };
  ordine?: { numero?: string; data?: string; impegno?: string; determina?: string; codice_commessa?: string };
  /** What else is known about the recipient, for the preview only: never sent. */
  recipient?: RecipientInfo;
}

/** The recipient as fisco knows it besides the request: a client record, or a lookup by VAT number. */
export interface RecipientInfo {
  /** Where it comes from, e.g. "client 12" or "your client list". */
  source: string;
  name?: string;
  codice_fiscale?: string;
  address?: string;
  sdi?: string;
  pec?: string;
}

export const DOCUMENT_TYPES = ['TD01', 'TD01_ACC', 'TD24', 'TD25'] as const;

export const DOCUMENT_TYPE_LABELS: Readonly<Record<(typeof DOCUMENT_TYPES)[number], string>> = {
  TD01: 'fattura',
  TD01_ACC: 'fattura di acconto (advance payment)',
  TD24: 'fattura differita, art. 21 c. 4 lett. a (goods with transport documents, services)',
  TD25: 'fattura differita, art. 21 c. 4 lett. b (triangular sales)',
};

/** How an invoice is created: a draft, or sent to the SDI (irreversible). */
export type Mode = 'draft' | 'send';

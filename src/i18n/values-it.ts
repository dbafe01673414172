/**
 * The service's and fisco's own enum values (`paid`, `delivered`, `proposed`, `needs-review`…) as
 * an Italian reader sees them: in a table or a view of an Italian run, and in the Italian CSV
 * dialect (`--csv-dialect it`). json, ndjson and the RFC csv keep the values as they are (a script
 * filters on them). A value is translated only in a field known to hold an enum, never in free
 * text: a client called "Ok", a description "email", stay as written; a value this table does not
 * know is shown as it is.
 */

const PAYMENT_STATUS = { paid: 'pagata', partial: 'parziale', unpaid: 'non pagata', overdue: 'scaduta' };

const SDI_STATUS = {
  draft: 'bozza',
  queued: 'in coda',
  sent: 'inviata',
  delivered: 'consegnata',
  accepted: 'accettata',
  rejected: 'scartata',
  error: 'errore',
  delivery_failed: 'mancata consegna',
  failed_delivery: 'mancata consegna',
};

/** Values by field (dotted, as the API names it). */
const BY_FIELD: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  payment_status: PAYMENT_STATUS,
  'invoice.payment_status': PAYMENT_STATUS,
  sdi_status: SDI_STATUS,
  'invoice.sdi_status': SDI_STATUS,
  direction: { outbound: 'emessa', inbound: 'ricevuta', credit: 'accredito', debit: 'addebito' },
  type: { other: 'altro', tax_item: 'voce fiscale', expense: 'spesa', payslip: 'cedolino' },
  'related_resource.type': { tax_item: 'voce fiscale', f24: 'F24', invoice: 'fattura' },
  source: { expense: 'spesa', payslip: 'cedolino', custom: 'personalizzato' },
  category: { invoice: 'fatture', invoices: 'fatture', payment: 'pagamenti', payments: 'pagamenti', f24: 'F24', client: 'clienti', clients: 'clienti' },
  row: { client: 'cliente', invoice: 'fattura', total: 'totale', company: 'azienda', firm: 'studio' },
  // A journal entry's state (src/journal/format.ts), in the engine's words to a person.
  'journal.state': { sending: 'in invio', done: 'fatto', refused: 'rifiutato', unknown: 'esito incerto', absent: 'assente', skipped: 'saltato' },
  kind: { paid: 'pagato', to_pay: 'da pagare', company: 'azienda', firm: 'studio', credit: 'accredito', unclassified: 'non classificato' },
};

/** Fields that hold a state or an outcome (status, result, outcome, fit…): the same words whatever the resource. */
const STATE_FIELDS: ReadonlySet<string> = new Set(['status', 'result', 'outcome', 'fit', 'state', 'channel', 'level']);

const STATES: Readonly<Record<string, string>> = {
  // F24 forms and tax deadlines (a modello, an adempimento: masculine).
  draft: 'bozza',
  ready: 'da pagare',
  paid: 'pagato',
  expired: 'scaduto',
  cancelled: 'annullato',
  upcoming: 'in arrivo',
  due_today: 'scade oggi',
  overdue: 'scaduto',
  done: 'fatto',
  // Webhooks and deliveries.
  active: 'attivo',
  inactive: 'non attivo',
  pending: 'in attesa',
  delivered: 'consegnato',
  queued: 'in coda',
  sent: 'inviato',
  rejected: 'scartato',
  // Bank matching and applying.
  proposed: 'proposto',
  unmatched: 'non abbinato',
  skipped: 'saltato',
  'already-registered': 'già registrato',
  applied: 'registrato',
  'needs-review': 'da rivedere',
  'below-confidence': 'sotto la soglia',
  'not-proposed': 'non proposto',
  unresolved: 'esito incerto',
  exact: 'esatto',
  fee: 'meno commissione',
  partial: 'parziale',
  over: 'in eccesso',
  // Runs over records, files and companies (batch, download, export, sync).
  ok: 'ok',
  created: 'creata',
  'not sent': 'non inviata',
  failed: 'non riuscito',
  error: 'errore',
  synced: 'sincronizzato',
  incomplete: 'incompleto',
  downloaded: 'scaricato',
  exported: 'esportato',
  unchanged: 'invariato',
  written: 'scritto',
  waiting: 'in attesa',
  // Reminder letters: their channel and state.
  post: 'posta',
  email: 'email',
  pec: 'PEC',
  sdi: 'SDI',
  planned: 'pianificato',
  sending: 'in invio',
  unknown: 'esito incerto',
  absent: 'assente',
  blocked: 'bloccato',
  'registered-mail': 'raccomandata',
  'no-address': 'senza indirizzo',
  'bad-address': 'indirizzo errato',
  'not-reached': 'non raggiunto',
  'already-sent': 'già inviato',
  'held-back': 'trattenuto',
  'not-sent': 'non inviato',
  changed: 'cambiato',
  'plan-edited': 'piano modificato',
};

/** `value` of `field` as an Italian reader reads it; the value itself when it is not a known enum value. */
export function italianValue(field: string, value: string): string {
  const last = field.slice(field.lastIndexOf('.') + 1);
  const own = BY_FIELD[field] ?? BY_FIELD[last];
  if (own && Object.hasOwn(own, value)) return own[value]!;
  if ((STATE_FIELDS.has(field) || STATE_FIELDS.has(last)) && Object.hasOwn(STATES, value)) return STATES[value]!;
  return value;
}

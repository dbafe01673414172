/**
 * The words of report.html and index.html, in Italian (the default: the client reads it) and
 * English (`fisco export --lang en`). Every code the API uses (`diretto`, `lipe`, `TD04`, …) has
 * its label here; the page shows the label with the code beside it.
 */
export const REPORT_LANGS = ['it', 'en'] as const;
export type ReportLang = (typeof REPORT_LANGS)[number];

type Labels = Record<string, { it: string; en: string }>;

export const CODE_LABELS = {
  /** Expense allocation methods (api-spec: Classified expense). */
  method: {
    diretto: { it: 'Diretto (su centro di costo)', en: 'Direct (to a cost center)' },
    personale: { it: 'Personale (stipendi e oneri)', en: 'Personnel (salaries and charges)' },
    struttura: { it: 'Struttura (spese generali)', en: 'Overheads' },
    escluso: { it: "Escluso (estraneo all'attività)", en: 'Excluded (outside the business)' },
  },
  /** Tax deadline types. */
  deadlineType: {
    f24: { it: 'Versamento F24', en: 'F24 payment' },
    lipe: { it: 'LIPE (liquidazioni periodiche IVA)', en: 'LIPE (periodic VAT statement)' },
    iva: { it: 'IVA', en: 'VAT' },
    dichiarazione: { it: 'Dichiarazione', en: 'Tax return' },
    inps: { it: 'Contributi INPS', en: 'INPS contributions' },
    other: { it: 'Altro', en: 'Other' },
  },
  /** Tax deadline states. */
  deadlineStatus: {
    upcoming: { it: 'Da fare', en: 'Upcoming' },
    due_today: { it: 'Scade oggi', en: 'Due today' },
    overdue: { it: 'Scaduta', en: 'Overdue' },
    done: { it: 'Fatta', en: 'Done' },
  },
  /** F24 states. */
  f24Status: {
    draft: { it: 'Bozza', en: 'Draft' },
    ready: { it: 'Da pagare', en: 'To pay' },
    paid: { it: 'Pagato', en: 'Paid' },
    expired: { it: 'Scaduto, non pagato', en: 'Expired, unpaid' },
    cancelled: { it: 'Annullato', en: 'Cancelled' },
  },
  /** SDI states of an invoice. */
  sdiStatus: {
    draft: { it: 'Bozza (non trasmessa)', en: 'Draft (not sent)' },
    queued: { it: 'In coda', en: 'Queued' },
    sent: { it: 'Trasmessa', en: 'Sent' },
    delivered: { it: 'Consegnata', en: 'Delivered' },
    accepted: { it: 'Accettata', en: 'Accepted' },
    rejected: { it: 'Scartata dallo SDI', en: 'Rejected by the SDI' },
    error: { it: 'In errore', en: 'Error' },
    delivery_failed: { it: 'Mancata consegna', en: 'Delivery failed' },
  },
  /** Document types (tipo_documento). */
  documentType: {
    TD01: { it: 'Fattura', en: 'Invoice' },
    TD01_ACC: { it: 'Fattura accompagnatoria', en: 'Accompanying invoice' },
    TD04: { it: 'Nota di credito', en: 'Credit note' },
    TD05: { it: 'Nota di debito', en: 'Debit note' },
    TD24: { it: 'Fattura differita', en: 'Deferred invoice' },
    TD25: { it: 'Fattura differita (triangolazione)', en: 'Deferred invoice (triangular)' },
  },
} satisfies Record<string, Labels>;

export type CodeKind = keyof typeof CODE_LABELS;

/** A code's label in `lang`, or the code itself when the service sent one this table does not know. */
export function codeLabel(kind: CodeKind, code: string, lang: ReportLang): string {
  const labels = CODE_LABELS[kind] as Labels;
  return Object.hasOwn(labels, code) ? labels[code]![lang] : code;
}

const MONTHS = {
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

export function monthName(period: string, lang: ReportLang = 'it'): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return `${MONTHS[lang][m - 1] ?? period} ${y}`;
}

/** Why a company (or a part of it) could not be read, in words, from the exit code (docs/troubleshooting.md). */
export function failureWords(exitCode: number, lang: ReportLang): string {
  const words: Record<number, { it: string; en: string }> = {
    3: {
      it: 'accesso negato: il token non ha il permesso necessario per questa azienda',
      en: 'access denied: the token lacks the permission needed for this company',
    },
    4: { it: 'non trovata dal servizio', en: 'not found by the service' },
    6: { it: 'richiesta rifiutata dal servizio', en: 'request refused by the service' },
    7: { it: 'troppe richieste: il servizio ha chiesto di rallentare anche dopo i tentativi', en: 'rate limited, still after retries' },
    8: { it: 'servizio non raggiungibile o in errore, anche dopo i tentativi', en: 'service unreachable or failing, still after retries' },
  };
  return (words[exitCode] ?? { it: 'errore imprevisto', en: 'unexpected failure' })[lang];
}

/** The parts of a company's month a run reads on its own (src/portfolio/partial.ts), as the pages name one it could not read. */
const PARTS: Record<ReportLang, Record<string, string>> = {
  it: {
    invoices: 'fatture (emesse, ricevute, crediti)',
    f24s: 'modelli F24',
    f24_pdf: 'PDF di un F24',
    expenses: 'elenco delle spese',
    summary: 'riepilogo delle spese',
    deadlines: 'scadenze fiscali',
    cash: 'flussi di cassa delle prossime 13 settimane',
  },
  en: {
    invoices: 'invoices (issued, received, receivables)',
    f24s: 'F24 forms',
    f24_pdf: "an F24's PDF",
    expenses: 'expense list',
    summary: 'expense summary',
    deadlines: 'tax deadlines',
    cash: 'cash flows of the next 13 weeks',
  },
};

/** A missing part in the page's words, or undefined for a part the pages have no words for. */
export function partWords(missing: { part?: string }, lang: ReportLang): string | undefined {
  return missing.part !== undefined && Object.hasOwn(PARTS[lang], missing.part) ? PARTS[lang][missing.part] : undefined;
}

/** A missing part for the firm: its words and the requests it made (`modelli F24 (GET /v1/f24s)`), else the request as fisco named it. */
export function missingRequestWords(missing: { part?: string; request: unknown }, lang: ReportLang): string {
  const request = String(missing.request);
  const words = partWords(missing, lang);
  return words === undefined ? request : `${words}${/ \((?:GET|POST|PUT|PATCH|DELETE) [^()]*\)$/.exec(request)?.[0] ?? ''}`;
}

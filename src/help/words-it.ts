/**
 * Help in Italian (`--help`, `fisco help TOPIC` in an Italian run; dist/help.it.json): English
 * text of help → its Italian, by the whole text or by the line (src/help/examples.ts). A text
 * with no entry is shown as written. Loaded only for Italian help (src/help/load.ts): its own file
 * in dist (vendor/help-it.js), like the message catalogue.
 */
import type { HelpWords } from './format.js';

export const HELP_IT: Readonly<Record<string, string>> = {
  // commander's own words and fisco's frame of every help.
  'Usage:': 'Uso:',
  '[options]': '[opzioni]',
  '[command]': '[comando]',
  'Options:': 'Opzioni:',
  'Commands:': 'Comandi:',
  'Arguments:': 'Argomenti:',
  'Global Options:': 'Opzioni globali:',
  'Examples:': 'Esempi:',
  'Service:': 'Servizio:',
  'default:': 'predefinito:',
  'choices:': 'valori:',
  'display help for command': 'mostra l’aiuto del comando',
  'display help for this command': 'mostra l’aiuto di questo comando',
  'output the version number': 'mostra il numero di versione',
  '(run with --help for usage)': '(esegui con --help per l’uso)',
  'Global flags (-o, --fields, --account, --all-accounts, …): fisco help flags':
    'Opzioni globali (-o, --fields, --account, --all-accounts, …): fisco help flags',
  'Global flags (before or after the command: fisco -o json invoice list, fisco invoice list -o json)':
    'Opzioni globali (prima o dopo il comando: fisco -o json invoice list, fisco invoice list -o json)',
  'Precedence: flag > environment (FISCO_TOKEN, FISCO_PROFILE, FISCO_ENV, FISCO_BASE_URL, FISCO_ACCOUNT,':
    'Precedenza: opzione > ambiente (FISCO_TOKEN, FISCO_PROFILE, FISCO_ENV, FISCO_BASE_URL, FISCO_ACCOUNT,',
  'FISCO_TIMEOUT, FISCO_PAGER, FISCO_CSV_DIALECT, COLUMNS) > the active profile.':
    'FISCO_TIMEOUT, FISCO_PAGER, FISCO_CSV_DIALECT, COLUMNS) > il profilo attivo.',
  // The program and its commands: what each does for the person.
  'Italian e-invoicing (SDI), clients, expenses, F24 and tax deadlines from the terminal':
    'Fatturazione elettronica (SDI), clienti, spese, F24 e scadenze fiscali dal terminale',
  'log in and manage stored profiles (one per company and environment)': 'accedi e gestisci i profili salvati (uno per azienda e ambiente)',
  'verify a token with GET /v1/me and store it as a profile named after the company and environment':
    'verifica un token con GET /v1/me e salvalo come profilo con il nome dell’azienda e dell’ambiente',
  'verify each stored profile and the credential in use, and say where it comes from':
    'verifica ogni profilo salvato e la credenziale in uso, e dice da dove viene',
  'list stored profiles (no network)': 'elenca i profili salvati (senza rete)',
  'make a profile the active one': 'rendi attivo un profilo',
  "change a setting of the profile in use (-p NAME, else the active one): csv-dialect it or rfc; lang it or en; mirror postgres://… or ''":
    "cambia un’impostazione del profilo in uso (-p NOME, altrimenti quello attivo): csv-dialect it o rfc; lang it o en; mirror postgres://… o ''",
  'csv-dialect, lang or mirror': 'csv-dialect, lang o mirror',
  'forget a stored profile and its local mirror (default: the active one); asks first, --yes without a terminal':
    'dimentica un profilo salvato e la sua copia locale (predefinito: quello attivo); chiede prima, --yes senza terminale',
  'print the token in use, for piping into another tool': 'stampa il token in uso, da passare a un altro programma',
  'show the company, abilities and webhook readiness of the current token': 'mostra azienda, permessi e stato dei webhook del token in uso',
  'companies the token manages (all clients of an accounting firm, or one company)':
    'le aziende gestite dal token (tutti i clienti di uno studio, o una sola azienda)',
  'list companies': 'elenca le aziende',
  'show one company': 'mostra un’azienda',
  'customer records': 'anagrafica clienti',
  'list clients': 'elenca i clienti',
  'add a client: --piva alone looks it up in the business register; --name adds it by hand; no flags on a terminal asks':
    'aggiungi un cliente: con la sola --piva lo cerca nel registro delle imprese; con --name lo inserisce a mano; senza opzioni, su un terminale, chiede',
  "the SDI's controls: which fisco checks before sending, and what a rejection means":
    'i controlli dello SDI: quali fa fisco prima dell’invio, e cosa significa uno scarto',
  'every SDI control (code 00xxx) with whether fisco checks it before sending or only the SDI can':
    'ogni controllo dello SDI (codice 00xxx), e se fisco lo fa prima dell’invio o può farlo solo lo SDI',
  'what an SDI control checks, why invoices usually fail it and what to do after a rejection':
    'cosa verifica un controllo dello SDI, perché di solito le fatture non lo superano e cosa fare dopo uno scarto',
  'the control code (00404), or the text of a rejection ("00404 - Fattura duplicata")':
    'il codice del controllo (00404), o il testo di uno scarto ("00404 - Fattura duplicata")',
  "check invoices against fisco's rules and the SDI's controls before sending (nothing is sent)":
    'verifica le fatture con le regole di fisco e i controlli dello SDI prima dell’invio (non invia nulla)',
  'a JSON body (as invoice create --from takes) or a batch file (CSV or NDJSON); - for stdin':
    'un corpo JSON (come lo legge invoice create --from) o un file di lotto (CSV o NDJSON); - per lo standard input',
  'serve fisco to an assistant: an MCP server on stdio, reads as tools, writes only when allowed':
    'fisco per un assistente: un server MCP su stdio, le letture come strumenti, le scritture solo se permesse',
  'invoices: list, get, pdf, create (guided or scripted, guarded before the SDI), pay':
    'fatture: elenco, dettaglio, PDF, emissione (guidata o da script, controllata prima dello SDI), incassi',
  'list invoices': 'elenca le fatture',
  'create an invoice': 'emetti una fattura',
  'create one invoice per record of a CSV or NDJSON file, each exactly once (crash-safe journal)':
    'emetti una fattura per ogni record di un file CSV o NDJSON, ciascuna una sola volta (registro a prova di interruzione)',
  'register a collection; a number is looked up first': 'registra un incasso; un numero di fattura viene prima cercato',
  'show one outbound invoice by its number (42/2026) or UUID': 'mostra una fattura emessa dal suo numero (42/2026) o UUID',
  "save outbound invoices' PDFs (their pdf_url) as <number>_<issue date>_<id>.pdf; complete files are skipped":
    'salva i PDF delle fatture emesse (il loro pdf_url) come <numero>_<data emissione>_<id>.pdf; i file completi si saltano',
  'payment methods of the company': 'i metodi di pagamento dell’azienda',
  'active numberings': 'le numerazioni attive',
  'collections from bank statements: match credits to open invoices, register them once':
    'incassi dagli estratti conto: abbina gli accrediti alle fatture aperte e li registra una sola volta',
  'propose, for every credit of a statement, the open invoices it pays (writes nothing to the service)':
    'propone, per ogni accredito di un estratto conto, le fatture aperte che salda (non scrive nulla sul servizio)',
  'register the accepted proposals of a plan, each credit once': 'registra le proposte accettate di un piano, ogni accredito una sola volta',
  'cost centers expenses are allocated to': 'i centri di costo a cui si imputano le spese',
  'list cost centers; inactive ones are included unless --active': 'elenca i centri di costo; compresi quelli non attivi, salvo --active',
  'classified expenses and their summary by allocation method and cost center':
    'le spese classificate e il loro riepilogo per criterio di imputazione e centro di costo',
  'list classified expenses': 'elenca le spese classificate',
  'totals per allocation method and per cost center, unassigned kept apart':
    'totali per criterio di imputazione e per centro di costo, le non assegnate a parte',
  'F24 tax payment forms: list, detail, PDF download': 'modelli F24: elenco, dettaglio, scarico dei PDF',
  'list F24 forms': 'elenca i modelli F24',
  'show one F24 with whatever detail the service returns': 'mostra un F24 con tutto il dettaglio che il servizio restituisce',
  'save F24 PDFs as <period>_<due date>_<id>[_<status>].pdf; cancelled forms skipped unless --status names them':
    'salva i PDF degli F24 come <periodo>_<scadenza>_<id>[_<stato>].pdf; gli annullati si saltano, salvo che --status li indichi',
  'the tax-deadline calendar': 'il calendario delle scadenze fiscali',
  'list tax deadlines; overdue and due today stand out': 'elenca le scadenze fiscali; quelle scadute e in scadenza oggi risaltano',
  'write the deadlines as an iCalendar file, one all-day event each': 'scrive le scadenze in un file iCalendar, un evento di un giorno ciascuna',
  'telematic receipts (corrispettivi): not managed by the service': 'corrispettivi telematici: non gestiti dal servizio',
  'list receipt uploads': 'elenca i caricamenti di corrispettivi',
  'the webhook event catalog and sample deliveries': 'il catalogo degli eventi webhook e le consegne di esempio',
  'every event key with label, category and description': 'ogni chiave di evento con etichetta, categoria e descrizione',
  'an example delivery in the real envelope shape, to configure Zapier or n8n before any real event':
    'una consegna di esempio nella forma reale, per configurare Zapier o n8n prima di qualsiasi evento vero',
  'webhook subscriptions, and local tools to verify, receive and trigger deliveries':
    'sottoscrizioni webhook, e strumenti locali per verificare, ricevere e inviare consegne',
  "the company's subscriptions, active and inactive; never their secrets": 'le sottoscrizioni dell’azienda, attive e non attive; mai i loro segreti',
  'subscribe a URL to events; the secret is shown once': 'iscrive un URL agli eventi; il segreto si mostra una sola volta',
  'turn a subscription off; it is not erased': 'disattiva una sottoscrizione; non viene cancellata',
  'check a delivery: HMAC-SHA256 signature over timestamp.body, and timestamp freshness (local; exit 0 valid, 3 invalid)':
    'verifica una consegna: firma HMAC-SHA256 su timestamp.body e attualità del timestamp (in locale; uscita 0 valida, 3 non valida)',
  'local receiver on 127.0.0.1: verifies and prints each delivery (ndjson with -o ndjson or -o json)':
    'ricevitore locale su 127.0.0.1: verifica e stampa ogni consegna (ndjson con -o ndjson o -o json)',
  "send KEY's sample delivery to a URL, signed as the service would": 'invia a un URL la consegna di esempio di KEY, firmata come farebbe il servizio',
  'the morning view: receivables, F24s, deadlines, expenses to review and rejected invoices, one row per company':
    'il quadro del mattino: crediti, F24, scadenze, spese da rivedere e fatture scartate, una riga per azienda',
  "the month-end deliverable: each company's invoices, expenses, F24 PDFs, deadlines and report.html":
    'la consegna di fine mese: fatture, spese, PDF degli F24, scadenze e report.html di ogni azienda',
  'the scadenzario: open invoices by days past due, per client, company and firm, with DSO':
    'lo scadenzario: fatture aperte per giorni di ritardo, per cliente, azienda e studio, con il DSO',
  'reminder letters with statutory late interest, each sent once by PEC or e-mail':
    'solleciti con gli interessi di mora di legge, ciascuno inviato una sola volta per PEC o e-mail',
  'write a reminder letter (HTML and PDF) per client with overdue invoices, and the plan':
    'scrive un sollecito (HTML e PDF) per ogni cliente con fatture scadute, e il piano',
  "send a plan's letters by SMTP, each once, journaled": 'invia per SMTP i solleciti di un piano, ciascuno una sola volta, registrati',
  'the reference rates table fisco ships, with its source': 'la tabella dei tassi di riferimento che fisco include, con la sua fonte',
  'the coming weeks: receivables in, payables, F24s and deadlines out, with a running balance':
    'le prossime settimane: incassi attesi, pagamenti a fornitori, F24 e scadenze, con il saldo progressivo',
  'mirror the companies locally (node:sqlite); every read then works with --offline':
    'copia in locale i dati delle aziende (node:sqlite); ogni lettura funziona poi con --offline',
  'full-text search over the local mirror, across companies (no request)': 'ricerca testuale nella copia locale, su tutte le aziende (nessuna richiesta)',
  'make an authenticated request to any endpoint and print the JSON answer': 'fa una richiesta autenticata a un endpoint qualsiasi e stampa la risposta JSON',
  'print the shell completion script (subcommands, flags, values, profile names, paths)':
    'stampa lo script di completamento della shell (sottocomandi, opzioni, valori, nomi dei profili, percorsi)',
  'run the local emulator of the whole API (demo data, tokens, faults) until Ctrl-C':
    'avvia l’emulatore locale dell’intera API (dati dimostrativi, token, guasti) fino a Ctrl-C',
  "write a bank statement of the demo company's open invoices (for fisco --demo bank match)":
    'scrive un estratto conto delle fatture aperte dell’azienda dimostrativa (per fisco --demo bank match)',
  // The global flags.
  'use this stored profile': 'usa questo profilo salvato',
  'company to act on (firm tokens)': 'l’azienda su cui agire (token di studio)',
  'run a read, list or export for every company of a firm token (exit 11 when some fail)':
    'esegue una lettura, un elenco o un’esportazione per ogni azienda di un token di studio (uscita 11 se alcune non riescono)',
  'like --all-accounts, for these companies only: comma list of ids (fisco accounts list)':
    'come --all-accounts, solo per queste aziende: id separati da virgole (fisco accounts list)',
  'table, json, ndjson or csv (default: table on a terminal, json otherwise)':
    'table, json, ndjson o csv (predefinito: table su un terminale, altrimenti json)',
  'comma-separated fields to show, dotted for nested (counterpart.name); checked against the resource':
    'i campi da mostrare, separati da virgole, col punto per quelli annidati (counterpart.name); controllati sulla risorsa',
  'JMESPath filter over the JSON document, like aws --query: "[?overdue].number"': 'filtro JMESPath sul documento JSON, come aws --query: "[?overdue].number"',
  "csv dialect: rfc, or it (';', decimal comma, dd/mm/yyyy, BOM)": "dialetto CSV: rfc, o it (';', virgola decimale, gg/mm/aaaa, BOM)",
  'language of messages and reports: it or en (default: FISCO_LANG, the profile, then the locale)':
    'lingua dei messaggi e dei report: it o en (predefinita: FISCO_LANG, il profilo, poi la localizzazione)',
  'write the data to PATH instead of stdout, atomically: whole on success, absent on failure':
    'scrive i dati in PATH invece che sullo stdout, in modo atomico: intero se riesce, assente se fallisce',
  'deadline of each request: connection, headers and body (default 30; also FISCO_TIMEOUT)':
    'tempo massimo di ogni richiesta: connessione, intestazioni e corpo (predefinito 30; anche FISCO_TIMEOUT)',
  'no colours (also NO_COLOR)': 'senza colori (anche NO_COLOR)',
  'never page tables (default pager: FISCO_PAGER, PAGER or less -FRX, on a terminal)':
    'non impagina mai le tabelle (impaginatore predefinito: FISCO_PAGER, PAGER o less -FRX, su un terminale)',
  'trace HTTP exchanges to stderr (token redacted) and show stack traces': 'traccia gli scambi HTTP sullo stderr (token oscurato) e mostra gli stack trace',
  'no progress or success messages': 'nessun messaggio di avanzamento o di riuscita',
  'confirm without asking (required with --send when there is no terminal)': 'conferma senza chiedere (obbligatorio con --send quando non c’è un terminale)',
  'never prompt; a missing value is an error naming its flag': 'non chiede mai nulla; un valore mancante è un errore che nomina la sua opzione',
  'run against a local demo emulator with sample data (no account needed)': 'lavora su un emulatore dimostrativo locale con dati di esempio (senza account)',
  'answer reads from the local mirror that `fisco sync` keeps, sending nothing (also FISCO_OFFLINE=1)':
    'risponde alle letture dalla copia locale tenuta da `fisco sync`, senza inviare nulla (anche FISCO_OFFLINE=1)',
  // Flags shared by many commands, and the commonest of their own.
  'page to show (from 1)': 'pagina da mostrare (da 1)',
  'items per page (1..100)': 'elementi per pagina (1..100)',
  'follow every page (streams)': 'segue tutte le pagine (in streaming)',
  'stop after N items (per company with --all-accounts or --accounts)': 'si ferma dopo N elementi (per azienda con --all-accounts o --accounts)',
  'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)': 'in scadenza da questa data (AAAA-MM-GG o gg/mm/aaaa)',
  'due on or before this date (YYYY-MM-DD or dd/mm/yyyy)': 'in scadenza fino a questa data (AAAA-MM-GG o gg/mm/aaaa)',
  'when a request of an interrupted run may still reach the service, wait until its deadline has passed, look again, then send (default: exit 9)':
    'quando una richiesta di un’esecuzione interrotta può ancora arrivare al servizio, attende che il suo tempo massimo sia passato, ricontrolla, poi invia (predefinito: uscita 9)',
  'rebuild a damaged journal from its verified lines and a lookup on the service; for invoice batch also adopt the invoices found when journal and seal were both lost (never sends anything twice)':
    'ricostruisce un registro danneggiato dalle sue righe verificate e da una ricerca sul servizio; per invoice batch adotta anche le fatture trovate quando registro e sigillo sono andati persi (non invia mai nulla due volte)',
  'the year of issue, when the number repeats across years': 'l’anno di emissione, quando il numero si ripete negli anni',
  'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy)': 'emesse da questa data (AAAA-MM-GG o gg/mm/aaaa)',
  'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy)': 'emesse fino a questa data (AAAA-MM-GG o gg/mm/aaaa)',
  'files downloaded at once, 1..16 (default: 4)': 'file scaricati insieme, 1..16 (predefinito: 4)',
  'one month of competence (periodo), YYYY-MM or mm/yyyy': 'un mese di competenza (periodo), AAAA-MM o mm/aaaa',
  'first month of a range (periodo_da), YYYY-MM or mm/yyyy': 'primo mese di un intervallo (periodo_da), AAAA-MM o mm/aaaa',
  'last month of a range (periodo_a), YYYY-MM or mm/yyyy': 'ultimo mese di un intervallo (periodo_a), AAAA-MM o mm/aaaa',
  'f24, lipe, iva, dichiarazione, inps or other': 'f24, lipe, iva, dichiarazione, inps o other',
  'upcoming, due_today, overdue or done': 'upcoming (in arrivo), due_today (scade oggi), overdue (scaduta) o done (fatta)',
  'only deadlines updated since (ISO-8601, or YYYY-MM-DD)': 'solo le scadenze aggiornate da allora (ISO-8601, o AAAA-MM-GG)',
  'event key, like invoice.created': 'chiave dell’evento, come invoice.created',
  'file holding the secret (one a line for a rotation); preferred over --secret':
    'file con il segreto (uno per riga per una rotazione); da preferire a --secret',
  "the date invoices are aged on (YYYY-MM-DD or dd/mm/yyyy; default: the service's today)":
    'la data a cui si calcola l’anzianità delle fatture (AAAA-MM-GG o gg/mm/aaaa; predefinita: l’oggi del servizio)',
  "clients' e-mail addresses: a CSV of VAT number and address (the contract's client has no e-mail field)":
    'gli indirizzi e-mail dei clienti: un CSV di partita IVA e indirizzo (il cliente del contratto non ha un campo e-mail)',
  'read the token from stdin instead of a hidden prompt': 'legge il token dallo stdin invece di chiederlo senza mostrarlo',
  'environment of the token': 'ambiente del token',
  "the API's base URL for that environment (remembered for later logins)": 'l’URL di base dell’API per quell’ambiente (ricordato per gli accessi successivi)',
  'profile name (default: company-environment)': 'nome del profilo (predefinito: azienda-ambiente)',
  'replace a stored profile of the same company and environment without asking':
    'sostituisce senza chiedere un profilo salvato della stessa azienda e ambiente',
  'profile name (fisco auth list)': 'nome del profilo (fisco auth list)',
  'csv-dialect or lang': 'csv-dialect o lang',
  'csv-dialect: it (Italian spreadsheets) or rfc (RFC 4180, the default); lang: it or en':
    'csv-dialect: it (fogli di calcolo italiani) o rfc (RFC 4180, il predefinito); lang: it o en',
  'profile name': 'nome del profilo',
  'only companies updated since (ISO-8601, or YYYY-MM-DD)': 'solo le aziende aggiornate da allora (ISO-8601, o AAAA-MM-GG)',
  'company id (fisco accounts list)': 'id dell’azienda (fisco accounts list)',
  'only clients whose name or VAT number contains Q': 'solo i clienti il cui nome o partita IVA contiene Q',
  'VAT number (checked locally; a foreign one like DE123456789 is sent as given)':
    'partita IVA (controllata in locale; una estera come DE123456789 si invia com’è)',
  'name or company name (adds the client by hand)': 'nome o ragione sociale (inserisce il cliente a mano)',
  'SDI recipient code (7 characters, 6 for a public administration, 0000000 with PEC)':
    'codice destinatario SDI (7 caratteri, 6 per una pubblica amministrazione, 0000000 con PEC)',
  'certified e-mail (PEC)': 'posta elettronica certificata (PEC)',
  'e-mail address': 'indirizzo e-mail',
  'phone number': 'numero di telefono',
  'web domain (at most 255 characters)': 'dominio web (al massimo 255 caratteri)',
  'street and number': 'via e numero civico',
  'postal code (5 digits for Italy)': 'CAP (5 cifre per l’Italia)',
  municipality: 'comune',
  'province code, like MI (Italy)': 'sigla della provincia, come MI (Italia)',
  'two-letter country code (default IT)': 'codice del paese di due lettere (predefinito IT)',
  'outbound (default) or inbound': 'outbound (emesse, predefinito) o inbound (ricevute)',
  'comma list: queued, sent, delivered, accepted, rejected, error, delivery_failed':
    'elenco separato da virgole: queued, sent, delivered, accepted, rejected, error, delivery_failed',
  'comma list: paid, partial, unpaid, overdue (excludes credit/debit notes and void documents)':
    'elenco separato da virgole: paid, partial, unpaid, overdue (esclude note di credito/debito e documenti nulli)',
  'only invoices updated since (ISO-8601, or YYYY-MM-DD)': 'solo le fatture aggiornate da allora (ISO-8601, o AAAA-MM-GG)',
  'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy; filtered by fisco, see below)':
    'emesse da questa data (AAAA-MM-GG o gg/mm/aaaa; filtrate da fisco, vedi sotto)',
  'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy; filtered by fisco, see below)':
    'emesse fino a questa data (AAAA-MM-GG o gg/mm/aaaa; filtrate da fisco, vedi sotto)',
  'client by VAT number: data from the business register (by-VAT variant)':
    'cliente per partita IVA: dati dal registro delle imprese (variante per partita IVA)',
  'an existing client (fisco clients list)': 'un cliente esistente (fisco clients list)',
  'new client: name': 'nuovo cliente: nome',
  'new client: VAT number (foreign ids with their country prefix)': 'nuovo cliente: partita IVA (gli identificativi esteri con il prefisso del paese)',
  'not sendable: the manual variant has no codice fiscale field': 'non inviabile: la variante manuale non ha il campo codice fiscale',
  'new client: street address': 'nuovo cliente: indirizzo',
  'new client: postal code': 'nuovo cliente: CAP',
  'new client: city': 'nuovo cliente: città',
  'new client: province (MI, RM; optional)': 'nuovo cliente: provincia (MI, RM; facoltativa)',
  'new client: country, two letters (default IT)': 'nuovo cliente: paese, due lettere (predefinito IT)',
  'new client: SDI code (7 characters, 6 for a public administration)': 'nuovo cliente: codice SDI (7 caratteri, 6 per una pubblica amministrazione)',
  'new client: PEC address': 'nuovo cliente: indirizzo PEC',
  'new client: e-mail': 'nuovo cliente: e-mail',
  'numbering (fisco invoice numberings)': 'numerazione (fisco invoice numberings)',
  'issue date, YYYY-MM-DD or dd/mm/yyyy (default today)': 'data di emissione, AAAA-MM-GG o gg/mm/aaaa (predefinita oggi)',
  'document type (default TD01)': 'tipo di documento (predefinito TD01)',
  'payment method (fisco invoice payment-methods)': 'metodo di pagamento (fisco invoice payment-methods)',
  'line "nome;quantita;prezzo;iva[;descrizione]" (repeatable)': 'riga "nome;quantita;prezzo;iva[;descrizione]" (ripetibile)',
  'global discount in euro (100.00, 100,00)': 'sconto globale in euro (100.00, 100,00)',
  'due date "DATE=AMOUNT" or "DATE=PCT%", DATE as YYYY-MM-DD or dd/mm/yyyy (repeatable; default 30 days)':
    'scadenza "DATA=IMPORTO" o "DATA=PCT%", DATA come AAAA-MM-GG o gg/mm/aaaa (ripetibile; predefinita 30 giorni)',
  'amount already collected (recorded at once; not with --draft or --piva)': 'importo già incassato (registrato subito; non con --draft o --piva)',
  'PA: CIG (at most 15 characters)': 'PA: CIG (al massimo 15 caratteri)',
  'PA: CUP (repeatable for several; at most 15 characters each)': 'PA: CUP (ripetibile per più di uno; al massimo 15 caratteri ciascuno)',
  'purchase order number (at most 20 characters)': 'numero dell’ordine d’acquisto (al massimo 20 caratteri)',
  'purchase order date (YYYY-MM-DD or dd/mm/yyyy)': 'data dell’ordine d’acquisto (AAAA-MM-GG o gg/mm/aaaa)',
  'purchase order: impegno (at most 100)': 'ordine d’acquisto: impegno (al massimo 100)',
  'purchase order: determina (at most 100)': 'ordine d’acquisto: determina (al massimo 100)',
  'purchase order: codice commessa (at most 100)': 'ordine d’acquisto: codice commessa (al massimo 100)',
  'header note (intestazione)': 'nota di intestazione',
  'notes printed on the invoice': 'note stampate sulla fattura',
  'extra recipient (repeatable)': 'destinatario aggiuntivo (ripetibile)',
  'VAT nature code for the 0% lines (N1 … N7; not with --piva)': 'codice natura IVA per le righe allo 0% (N1 … N7; non con --piva)',
  'the request body as JSON (API field names); - for stdin': 'il corpo della richiesta in JSON (nomi dei campi dell’API); - per lo stdin',
  'create a draft: not sent to the SDI': 'crea una bozza: non inviata allo SDI',
  'transmit to the SDI (irreversible; asks first, or needs --yes without a terminal)':
    'trasmette allo SDI (irreversibile; chiede prima, o serve --yes senza terminale)',
  'validate and print the exact request and totals; send nothing': 'controlla e stampa la richiesta esatta e i totali; non invia nulla',
  'create drafts: nothing is sent to the SDI': 'crea bozze: nulla viene inviato allo SDI',
  'transmit every invoice to the SDI (irreversible; asks once on a terminal, needs --yes otherwise)':
    'trasmette ogni fattura allo SDI (irreversibile; chiede una volta su un terminale, altrimenti serve --yes)',
  'check everything and show every invoice with its totals (a table; the request bodies with -o json); send nothing':
    'controlla tutto e mostra ogni fattura con i suoi totali (una tabella; i corpi delle richieste con -o json); non invia nulla',
  "print the batch journal's state of every record; send nothing": 'stampa lo stato di ogni record nel registro del batch; non invia nulla',
  'send the valid records and list the invalid ones (default: one invalid record stops everything)':
    'invia i record validi ed elenca quelli non validi (predefinito: un record non valido ferma tutto)',
  'write ref, account, id, url, status, message, number, issue_date, total of every record to FILE (.csv or .json), atomically':
    'scrive ref, account, id, url, status, message, number, issue_date, total di ogni record in FILE (.csv o .json), in modo atomico',
  'settle a record whose outcome is unknown, after checking: REF=created:ID or REF=absent (repeatable)':
    'chiude un record dall’esito sconosciuto, dopo averlo verificato: REF=created:ID o REF=absent (ripetibile)',
  'CSV (one row per line item, grouped by ref) or NDJSON (one invoice a line); - for stdin':
    'CSV (una riga per articolo, raggruppate per ref) o NDJSON (una fattura per riga); - per lo stdin',
  'amount collected: 150.00, 150,00 or 1.234,50 (required)': 'importo incassato: 150.00, 150,00 o 1.234,50 (obbligatorio)',
  'payment date, YYYY-MM-DD or dd/mm/yyyy (default today)': 'data del pagamento, AAAA-MM-GG o gg/mm/aaaa (predefinita oggi)',
  'payment method name': 'nome del metodo di pagamento',
  'note (at most 500 characters)': 'nota (al massimo 500 caratteri)',
  'issued on or after this date, when the number repeats': 'emessa da questa data, quando il numero si ripete',
  'issued on or before this date, when the number repeats': 'emessa fino a questa data, quando il numero si ripete',
  'invoice number as the company writes it (42/2026) or UUID': 'numero della fattura come lo scrive l’azienda (42/2026) o UUID',
  'invoice number as the company writes it (42/2026, or 42 for any year) or UUID':
    'numero della fattura come lo scrive l’azienda (42/2026, o 42 per qualsiasi anno) o UUID',
  'folder to save the PDFs in (created if missing; default: the current folder)':
    'cartella in cui salvare i PDF (creata se manca; predefinita: la cartella corrente)',
  'the year of issue, when a number repeats across years': 'l’anno di emissione, quando un numero si ripete negli anni',
  'invoice numbers (42/2026) or UUIDs': 'numeri di fattura (42/2026) o UUID',
  'read a shortfall up to this amount as a bank fee and register the residue (default 0: off)':
    'legge una differenza fino a questo importo come commissione bancaria e registra il residuo (predefinito 0: disattivato)',
  'write the proposals as a plan file for fisco bank apply (atomically)': 'scrive le proposte in un file di piano per fisco bank apply (in modo atomico)',
  'write the credits nothing matched as CSV': 'scrive in CSV gli accrediti che nulla ha abbinato',
  'on a terminal: accept, skip or change each proposal, then register them after one confirmation':
    'su un terminale: accetta, salta o cambia ogni proposta, poi le registra dopo una sola conferma',
  'with --review: offer only proposals at or above this confidence (0 to 1)':
    'con --review: propone solo le proposte con almeno questa affidabilità (da 0 a 1)',
  'CSV: the booking date column (name or 1-based number)': 'CSV: la colonna della data contabile (nome o numero da 1)',
  'CSV: the value date (data valuta) column, when it has one': 'CSV: la colonna della data valuta, se c’è',
  'CSV: the signed amount column (or --csv-credit and --csv-debit)': 'CSV: la colonna dell’importo con segno (o --csv-credit e --csv-debit)',
  'CSV: the credit (avere) column': 'CSV: la colonna avere',
  'CSV: the debit (dare) column': 'CSV: la colonna dare',
  'CSV: the description (causale) column': 'CSV: la colonna della causale',
  "CSV: the payer's name column": 'CSV: la colonna del nome dell’ordinante',
  "CSV: the bank's reference column": 'CSV: la colonna del riferimento della banca',
  'statement files (camt.053/054, CBI XML, CBI RH, MT940, CSV); - for stdin':
    'file di estratto conto (camt.053/054, CBI XML, CBI RH, MT940, CSV); - per lo stdin',
  'the plan file fisco bank match --plan wrote; - for stdin': 'il file di piano scritto da fisco bank match --plan; - per lo stdin',
  'only active centers': 'solo i centri attivi',
  'only centers of this type: cliente, prodotto, commessa, sede': 'solo i centri di questo tipo: cliente, prodotto, commessa, sede',
  'diretto, personale, struttura (also finds records with no method) or escluso':
    'diretto, personale, struttura (trova anche i record senza criterio) o escluso',
  'only expenses of this cost center, by code or id': 'solo le spese di questo centro di costo, per codice o id',
  'draft, ready, paid, expired or cancelled': 'draft (bozza), ready (da pagare), paid (pagato), expired (scaduto) o cancelled (annullato)',
  'only forms updated since (ISO-8601, or YYYY-MM-DD)': 'solo i modelli aggiornati da allora (ISO-8601, o AAAA-MM-GG)',
  'F24 id (fisco f24 list)': 'id dell’F24 (fisco f24 list)',
  'folder to save the PDFs in (created if missing)': 'cartella in cui salvare i PDF (creata se manca)',
  'comma list of statuses to download: draft, ready, paid, expired, cancelled (e.g. ready,paid)':
    'elenco separato da virgole degli stati da scaricare: draft, ready, paid, expired, cancelled (per esempio ready,paid)',
  'F24 ids (or select them with --status / --due-from / --due-to)': 'id degli F24 (o sceglili con --status / --due-from / --due-to)',
  'the .ics file to write (- for stdout)': 'il file .ics da scrivere (- per lo stdout)',
  'a reminder N days before each deadline still to do, at 9:00 (default 3; 0: the day itself; off: none)':
    'un promemoria N giorni prima di ogni scadenza ancora da fare, alle 9:00 (predefinito 3; 0: il giorno stesso; off: nessuno)',
  'only uploads updated since (ISO-8601)': 'solo i caricamenti aggiornati da allora (ISO-8601)',
  'https URL that receives the deliveries': 'URL https che riceve le consegne',
  'event key (repeatable, or a comma list); see `fisco events list`':
    'chiave dell’evento (ripetibile, o un elenco separato da virgole); vedi `fisco events list`',
  'readable label': 'etichetta leggibile',
  'who consumes it': 'chi la usa',
  'write the secret to this new file (mode 0600) instead of printing it': 'scrive il segreto in questo nuovo file (permessi 0600) invece di stamparlo',
  'allow an http://127.0.0.1 or localhost URL (for the local emulator only)': 'consente un URL http://127.0.0.1 o localhost (solo per l’emulatore locale)',
  'subscription id (fisco hooks list)': 'id della sottoscrizione (fisco hooks list)',
  'subscription secret (repeatable during a rotation)': 'segreto della sottoscrizione (ripetibile durante una rotazione)',
  'the raw body, byte for byte (- or absent: stdin)': 'il corpo grezzo, byte per byte (- o assente: stdin)',
  'accepted clock distance either way (default 300)': 'scarto d’orologio accettato in entrambi i sensi (predefinito 300)',
  'port (default 8787; 0 picks a free one)': 'porta (predefinita 8787; 0 ne sceglie una libera)',
  'subscription secret (repeatable)': 'segreto della sottoscrizione (ripetibile)',
  'forward each verified delivery, raw body and headers, to this local URL':
    'inoltra ogni consegna verificata, corpo grezzo e intestazioni, a questo URL locale',
  'accepted timestamp distance and replay window (default 300)': 'scarto del timestamp accettato e finestra anti-ripetizione (predefinito 300)',
  'exit after N deliveries': 'termina dopo N consegne',
  'receiver URL': 'URL del ricevitore',
  'secret to sign with (the first if repeated)': 'segreto con cui firmare (il primo se ripetuto)',
  'file holding the secret (the first line signs)': 'file con il segreto (firma la prima riga)',
  'deadlines due within N days (a whole number of 1 or more)': 'scadenze entro N giorni (un numero intero da 1 in su)',
  'every column whole in the table, whatever the width (default: what fits, key figures first)':
    'ogni colonna intera nella tabella, qualunque sia la larghezza (predefinito: ciò che ci sta, prima le cifre chiave)',
  'the month to export, YYYY-MM (required)': 'il mese da esportare, AAAA-MM (obbligatorio)',
  'where to write the company folders and index.html (required)': 'dove scrivere le cartelle delle aziende e index.html (obbligatorio)',
  'one row per client (default), invoice or company': 'una riga per cliente (predefinito), fattura o azienda',
  'client and invoice rows with at least N days late on one invoice (default 0: every open one; 1: overdue)':
    'righe di clienti e fatture con almeno N giorni di ritardo su una fattura (predefinito 0: tutte le aperte; 1: scadute)',
  'how many weeks from today (default 13)': 'quante settimane da oggi (predefinito 13)',
  'read everything again and remove what the service no longer lists (the only way deletions are seen)':
    'rilegge tutto e toglie ciò che il servizio non elenca più (l’unico modo di vedere le cancellazioni)',
  'show what the mirror holds, per company: last sync, last full sync, records per resource, file size (no request)':
    'mostra cosa contiene la copia locale, per azienda: ultima sincronizzazione, ultima completa, record per risorsa, dimensione del file (nessuna richiesta)',
  'comma list of what to search: invoices, clients, f24, deadlines, expenses (default: all)':
    'elenco separato da virgole di dove cercare: invoices, clients, f24, deadlines, expenses (predefinito: tutto)',
  'what to look for: names, VAT numbers, invoice numbers, amounts': 'cosa cercare: nomi, partite IVA, numeri di fattura, importi',
  'request body from a JSON file, sent as written, or - for stdin (fields then go to the query)':
    'corpo della richiesta da un file JSON, inviato com’è, o - per lo stdin (i campi vanno allora nella query)',
  'follow every page of a list endpoint (from the page given, or the first) and print all items':
    'segue ogni pagina di un elenco (dalla pagina indicata, o dalla prima) e stampa tutti gli elementi',
  'print the answer raw: tokens and webhook secrets fisco holds are not replaced by ***':
    'stampa la risposta grezza: i token e i segreti webhook noti a fisco non sono sostituiti da ***',
  'GET, POST, PUT, PATCH or DELETE': 'GET, POST, PUT, PATCH o DELETE',
  'path under the base URL, like /v1/invoices': 'percorso sotto l’URL di base, come /v1/invoices',
  'the statement format': 'il formato dell’estratto conto',
  'the plan file dunning plan wrote': 'il file di piano scritto da dunning plan',
  // The program's own notes.
  'Environment: FISCO_TOKEN, FISCO_BASE_URL, FISCO_ENV, FISCO_PROFILE, FISCO_ACCOUNT, FISCO_TIMEOUT, FISCO_CONFIG_DIR':
    'Ambiente: FISCO_TOKEN, FISCO_BASE_URL, FISCO_ENV, FISCO_PROFILE, FISCO_ACCOUNT, FISCO_TIMEOUT, FISCO_CONFIG_DIR',
  '(flag > environment > active profile). Troubleshooting:': '(opzione > ambiente > profilo attivo). Risoluzione dei problemi:',
  'Help topics: fisco help exit-codes (what each exit code means), fisco help formats (dates,':
    'Argomenti di aiuto: fisco help exit-codes (il significato di ogni codice di uscita), fisco help formats (date,',
  'amounts and CSV dialects), fisco help flags (the global flags). A firm token with no company':
    'importi e dialetti CSV), fisco help flags (le opzioni globali). Con un token di studio e nessuna azienda',
  'named: lists read every company, each row naming its company; single-record reads ask for --account.':
    'indicata, gli elenchi leggono ogni azienda, ogni riga con la sua; le letture di un solo record chiedono --account.',
};

/** The Italian topics of `fisco help TOPIC` (src/help/topics.ts has the English). */
export const TOPICS_IT: Readonly<Record<string, { summary: string; text: string }>> = {
  'exit-codes': {
    summary: 'il significato di ogni codice di uscita',
    text: `Codici di uscita (gli stessi per ogni comando; script e CI possono contarci)

  0    riuscito
  1    errore inatteso: un difetto di fisco (esegui di nuovo con --debug e segnalalo)
  2    errore d’uso o di validazione locale: non è stato inviato nulla (un’opzione o un valore
       errato, un file che non si può leggere, un token di studio senza l’azienda dove serve)
  3    non autenticato o non autorizzato (401; 403 ambiente sbagliato o permesso mancante)
  4    non trovato (404, o nessuna fattura con quel numero)
  5    conflitto (409: esiste già un cliente con quella partita IVA)
  6    rifiutato dal servizio (422)
  7    limite di richieste superato, anche dopo i tentativi (429)
  8    errore di rete, tempo scaduto o errore del server, dopo i tentativi; una risposta
       diversa da quella del contratto
  9    esito sconosciuto: una scrittura può essere avvenuta o no; il messaggio dice come verificarlo
  10   non confermato: annullato a una domanda, o --send senza --yes e senza terminale
  11   riuscito in parte: un’esecuzione su più aziende, record o file in cui alcuni non sono
       riusciti; il riepilogo li nomina
  12   un file o una cartella locale non si è potuto scrivere dopo il lavoro; non resta nulla di
       parziale e il messaggio nomina il percorso (un percorso rifiutato prima di ogni richiesta è 2);
       anche lo standard output che rifiuta i dati (un disco pieno)
  130  interrotto (Ctrl-C); 143 per SIGTERM: si dice ciò che è stato fatto, non resta alcun file parziale

Gli errori sono una riga sullo stderr che nomina il campo o la causa, con cosa fare nelle righe
seguenti; lo stdout porta solo dati.
`,
  },
  formats: {
    summary: 'date, importi e dialetti CSV che fisco legge e scrive',
    text: `Formati

Date che scrivi (opzioni come --date, --due-from, --issued-from, e le domande del percorso guidato)
  2026-11-24    AAAA-MM-GG
  24/11/2026    gg/mm/aaaa (anche 4/3/2026 e 24.11.2026)
  Una data deve esistere nel calendario (31/02/2026 si rifiuta). I mesi (--period, --from/--to di
  expenses) sono AAAA-MM o mm/aaaa (10/2026). Gli istanti (--updated-since) sono ISO-8601 con Z o
  uno scostamento, o una data.

Importi che scrivi (--amount, --paid, --discount, --due DATA=IMPORTO, il percorso guidato)
  1234.50   1234,50   1.234,50   1,234.50   1234
  Al massimo due decimali. Un solo separatore seguito da esattamente tre cifre (1.234, 1,234)
  si legge come migliaia in una notazione e come tre decimali nell’altra: si rifiuta, indicando
  le grafie che lo chiariscono (1234 o 1.234,00). Il simbolo dell’euro e gli spazi si ignorano.
  In --item, prezzi unitari e quantità prendono il punto per i decimali (fino a 8: 0.125); scritti
  con la virgola (150,00, 1.234,50) si leggono all’italiana.

Che cosa stampa fisco
  table   per le persone: date gg/mm/aaaa, importi 1.234,50 €, stati in italiano
  json, ndjson, csv   i nomi dei campi e i valori dell’API: date AAAA-MM-GG, importi "1234.50"
  (stringhe, mai numeri in virgola mobile), id come stringhe.

Dialetti CSV (-o csv, --csv-dialect)
  rfc   RFC 4180: separatore ',', decimali col '.', date AAAA-MM-GG, nomi di colonna col punto
        (counterpart.name), UTF-8 senza BOM. Il predefinito.
  it    per i fogli di calcolo italiani: separatore ';', virgola decimale senza separatore delle
        migliaia (1234,50), date gg/mm/aaaa, intestazioni e stati in italiano, UTF-8 con BOM.
  In entrambi, una cella che un foglio di calcolo eseguirebbe come formula (=, +, -, @ in testa)
  viene neutralizzata.

File che prepari (un batch, un estratto conto CSV, una mappatura)
  Un file normale (non una cartella, una pipe o un dispositivo: - legge lo stdin), fino a 64 MB
  (gli estratti conto fino a 2 GB); un CSV può avere il BOM, righe che finiscono in CRLF, LF o CR,
  anche mescolate, e righe vuote, anche in fondo.
`,
  },
};

/** Help words of an Italian run: the translation, or the text as written. */
export const italianHelpWords: HelpWords = (english) => (Object.hasOwn(HELP_IT, english) ? HELP_IT[english]! : english);

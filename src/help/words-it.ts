/**
 * Help in Italian (`--help`, `fisco help TOPIC` in an Italian run; dist/help.it.json): English
 * text of help → its Italian, by the whole text or by the line (src/help/examples.ts). A text
 * with no entry is shown as written. Loaded only for Italian help (src/help/load.ts): its own file
 * in dist (vendor/help-it.cjs), like the message catalogue.
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
  or: 'o',
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
    'un corpo JSON (come lo legge `fisco invoice create --from`) o un file di lotto (CSV o NDJSON); - per lo standard input',
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
  'list receipt uploads, always empty': 'elenca i caricamenti di corrispettivi, sempre vuoto',
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
    'ricostruisce un registro danneggiato dalle sue righe verificate e da una ricerca sul servizio; per `fisco invoice batch` adotta anche le fatture trovate quando registro e sigillo sono andati persi (non invia mai nulla due volte)',
  'the year of issue, when the number repeats across years': 'l’anno di emissione, quando il numero si ripete negli anni',
  'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy)': 'emesse da questa data (AAAA-MM-GG o gg/mm/aaaa)',
  'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy)': 'emesse fino a questa data (AAAA-MM-GG o gg/mm/aaaa)',
  'files downloaded at once, 1..16 (default: 4)': 'file scaricati insieme, 1..16 (predefinito: 4)',
  'one month of competence (periodo), YYYY-MM or mm/yyyy': 'un mese di competenza (periodo), AAAA-MM o mm/aaaa',
  'first month of a range (periodo_da), YYYY-MM or mm/yyyy': 'primo mese di un intervallo (periodo_da), AAAA-MM o mm/aaaa',
  'last month of a range (periodo_a), YYYY-MM or mm/yyyy': 'ultimo mese di un intervallo (periodo_a), AAAA-MM o mm/aaaa',
  'f24, lipe, iva, dichiarazione, inps or other': '`f24`, `lipe`, `iva`, `dichiarazione`, `inps` o `other` (altro)',
  'upcoming, due_today, overdue or done': '`upcoming` (in arrivo), `due_today` (scade oggi), `overdue` (scaduta) o `done` (fatta)',
  'only deadlines updated since (ISO-8601, or YYYY-MM-DD)': 'solo le scadenze aggiornate da allora (ISO-8601, o AAAA-MM-GG)',
  'event key, like invoice.created': 'chiave dell’evento, come `invoice.created`',
  'file holding the secret (one a line for a rotation); preferred over --secret':
    'file con il segreto (uno per riga per una rotazione); da preferire a --secret',
  "the date invoices are aged on (YYYY-MM-DD or dd/mm/yyyy; default: the service's today)":
    'la data a cui si calcola l’anzianità delle fatture (AAAA-MM-GG o gg/mm/aaaa; predefinita: l’oggi del servizio)',
  'read the token from stdin instead of a hidden prompt': 'legge il token dallo stdin invece di chiederlo senza mostrarlo',
  'environment of the token': 'ambiente del token',
  "the API's base URL for that environment (remembered for later logins)": 'l’URL di base dell’API per quell’ambiente (ricordato per gli accessi successivi)',
  'profile name (default: company-environment)': 'nome del profilo (predefinito: azienda-ambiente)',
  'replace a stored profile of the same company and environment without asking':
    'sostituisce senza chiedere un profilo salvato della stessa azienda e ambiente',
  'profile name (fisco auth list)': 'nome del profilo (fisco auth list)',
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
  'outbound (default) or inbound': '`outbound` (emesse, predefinito) o `inbound` (ricevute)',
  'comma list: queued, sent, delivered, accepted, rejected, error, delivery_failed':
    'elenco separato da virgole: `queued`, `sent`, `delivered`, `accepted`, `rejected`, `error`, `delivery_failed`',
  'comma list: paid, partial, unpaid, overdue (excludes credit/debit notes and void documents)':
    'elenco separato da virgole: `paid`, `partial`, `unpaid`, `overdue` (esclude note di credito/debito e documenti nulli)',
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
    'scrive `ref`, `account`, `id`, `url`, `status`, `message`, `number`, `issue_date`, `total` di ogni record in FILE (.csv o .json), in modo atomico',
  'settle a record whose outcome is unknown, after checking: REF=created:ID or REF=absent (repeatable)':
    'chiude un record dall’esito sconosciuto, dopo averlo verificato: `REF=created:ID` o `REF=absent` (ripetibile)',
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
  'draft, ready, paid, expired or cancelled': '`draft` (bozza), `ready` (da pagare), `paid` (pagato), `expired` (scaduto) o `cancelled` (annullato)',
  'only forms updated since (ISO-8601, or YYYY-MM-DD)': 'solo i modelli aggiornati da allora (ISO-8601, o AAAA-MM-GG)',
  'F24 id (fisco f24 list)': 'id dell’F24 (fisco f24 list)',
  'folder to save the PDFs in (created if missing)': 'cartella in cui salvare i PDF (creata se manca)',
  'comma list of statuses to download: draft, ready, paid, expired, cancelled (e.g. ready,paid)':
    'elenco separato da virgole degli stati da scaricare: `draft`, `ready`, `paid`, `expired`, `cancelled` (per esempio `ready,paid`)',
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
    'elenco separato da virgole di dove cercare: `invoices`, `clients`, `f24`, `deadlines`, `expenses` (predefinito: tutto)',
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
  // Every command's own flags and notes (issue 41: Italian to the last word; test/e2e/help-italian.test.ts walks every path).
  "keep the mirror on a shared PostgreSQL: postgres://USER@HOST/DB (also FISCO_MIRROR_URL, the profile's mirror setting)":
    'tiene la copia locale su un PostgreSQL condiviso: postgres://UTENTE@HOST/DB (anche FISCO_MIRROR_URL, l’impostazione mirror del profilo)',
  [`With a firm token, the global --account ID given here becomes the profile's default company.
The base URL is remembered per environment: later logins need no --base-url.`]:
    `Con un token di studio, l’opzione globale --account ID data qui diventa l’azienda predefinita del profilo.
L’URL di base si ricorda per ambiente: gli accessi successivi non chiedono --base-url.`,
  "csv-dialect: it (Italian spreadsheets) or rfc (RFC 4180, the default); lang: it or en; mirror: a PostgreSQL connection string without a password, or '' for the local file":
    "csv-dialect: it (fogli di calcolo italiani) o rfc (RFC 4180, il predefinito); lang: it o en; mirror: una stringa di connessione PostgreSQL senza password, o '' per il file locale",
  [`Precedence: --csv-dialect > FISCO_CSV_DIALECT > the profile's setting > rfc;
--lang > FISCO_LANG > the profile's setting > LC_ALL, LC_MESSAGES, LANG (it_*: Italian) > English.
--mirror > FISCO_MIRROR_URL > the profile's setting > the local SQLite file; the password goes in ~/.pgpass or PGPASSWORD (docs/mirror.md).`]:
    `Precedenza: --csv-dialect > FISCO_CSV_DIALECT > l’impostazione del profilo > rfc;
--lang > FISCO_LANG > l’impostazione del profilo > LC_ALL, LC_MESSAGES, LANG (it_*: italiano) > inglese.
--mirror > FISCO_MIRROR_URL > l’impostazione del profilo > il file SQLite locale; la password va in ~/.pgpass o PGPASSWORD (docs/mirror.md).`,
  [`The service has no issue-date filter: with --issued-from/--issued-to fisco reads every page (or the one --page
names) and keeps, as they stream by, the invoices issued in the range; --limit counts the invoices kept.`]:
    `Il servizio non filtra per data di emissione: con --issued-from/--issued-to fisco legge ogni pagina (o quella
indicata da --page) e tiene, man mano che scorrono, le fatture emesse nell’intervallo; --limit conta le fatture tenute.`,
  [`
Guided on a terminal when no data flag is given; scripted otherwise.
  --item "nome;quantita;prezzo;iva[;descrizione]"   repeatable; \\; for a semicolon in a field
  --due "YYYY-MM-DD=AMOUNT" or "YYYY-MM-DD=PCT%"    repeatable; all amounts (adding up to the
                                                    total) or all percentages (adding up to 100)
Amounts (--discount, --paid, --due) as 1234.50, 1234,50 or 1.234,50, up to 11 digits and 2
decimals; dates as YYYY-MM-DD or dd/mm/yyyy. In --item: unit prices and quantities up to 8 decimals (0.125); VAT rates 0 to 100 (an unusual
rate gets a warning). Every problem is reported at once, each with its field (articoli[1].prezzo).
--piva uses POST /fatture/nuova/piva, which carries no client data, --natura or --paid: for those
give the client with --client ID or --client-* (POST /fatture/nuova/manuale), or register a
payment afterwards with fisco invoice pay.
--send transmits to the SDI (irreversible): on a terminal it asks after a preview (default No);
without a terminal it needs --yes. --dry-run prints { endpoint, body, totals, warnings } only.

--numbering and --payment-method take the names that "fisco invoice numberings" and
"fisco invoice payment-methods" list (a new client needs --payment-method).`]: `
Guidato su un terminale quando non si dà alcuna opzione di dati; da script altrimenti.
  --item "nome;quantita;prezzo;iva[;descrizione]"   ripetibile; \\; per un punto e virgola in un campo
  --due "AAAA-MM-GG=IMPORTO" o "AAAA-MM-GG=PCT%"     ripetibile; tutti importi (che sommano il
                                                    totale) o tutte percentuali (che sommano 100)
Importi (--discount, --paid, --due) come 1234.50, 1234,50 o 1.234,50, fino a 11 cifre e 2
decimali; date come AAAA-MM-GG o gg/mm/aaaa. In --item: prezzi unitari e quantità fino a 8 decimali (0.125); aliquote IVA da 0 a 100
(un’aliquota insolita dà un avviso). Ogni problema si segnala in una volta, ciascuno col suo campo (articoli[1].prezzo).
--piva usa POST /fatture/nuova/piva, che non porta dati del cliente, --natura né --paid: per questi
indica il cliente con --client ID o --client-* (POST /fatture/nuova/manuale), o registra un
incasso dopo con fisco invoice pay.
--send trasmette allo SDI (irreversibile): su un terminale chiede dopo un’anteprima (predefinito No);
senza terminale richiede --yes. --dry-run stampa solo { endpoint, body, totals, warnings }.

--numbering e --payment-method prendono i nomi elencati da "fisco invoice numberings" e
"fisco invoice payment-methods" (un cliente nuovo richiede --payment-method).`,
  "a batch with no journal whose content the service already holds: those invoices are not this batch's, send every record (see --rebuild-from-service for the other way)":
    'un lotto senza registro il cui contenuto il servizio ha già: quelle fatture non sono di questo lotto, invia ogni record (vedi --rebuild-from-service per il caso opposto)',
  [`
Every record has a ref of your own (unique in the file) and, for a firm token, an account.
NDJSON: one invoice a line, the body "invoice create --from" takes, plus "ref" (and "account").
CSV: a header, then one row per line item; rows with the same ref are one invoice. Columns:
  ref, account, piva (by-VAT variant) or client_name, client_piva, client_address, client_cap,
  client_city, client_province, client_country, client_sdi, client_pec, client_email,
  numbering, date, type, payment_method, discount, paid, natura, header, note, emails, cig, cup,
  order_number, order_date, order_commitment, order_determination, order_job_code,
  due ("31/12/2026=50%|31/01/2027=50%"), and per row: item, quantity, price, vat, description.
  ';' with decimal comma and dd/mm/yyyy (--csv-dialect it, or detected), or ',' with decimal point.
Everything is checked before anything is sent (exit 2 listing every problem; --skip-invalid sends
the valid records). --send asks once on a terminal (type the count back: "send 143"), and needs
--yes without one. A journal records every request before it leaves: after a crash, Ctrl-C or a
dropped connection, run the same command again and nothing is sent twice (with nothing left to
send it says so and asks nothing); --status shows it. Each result carries the number the service
assigned (read from the invoice list after the sends), the issue date and the total.
See docs/batch.md.`]: `
Ogni record ha un ref tuo (unico nel file) e, per un token di studio, un account.
NDJSON: una fattura per riga, il corpo che legge \`fisco invoice create --from\`, più \`ref\` (e \`account\`).
CSV: un’intestazione, poi una riga per articolo; le righe con lo stesso ref sono una fattura. Colonne:
  \`ref\`, \`account\`, \`piva\` (variante per partita IVA) o \`client_name\`, \`client_piva\`, \`client_address\`,
  \`client_cap\`, \`client_city\`, \`client_province\`, \`client_country\`, \`client_sdi\`, \`client_pec\`,
  \`client_email\`, \`numbering\`, \`date\`, \`type\`, \`payment_method\`, \`discount\`, \`paid\`, \`natura\`, \`header\`,
  \`note\`, \`emails\`, \`cig\`, \`cup\`, \`order_number\`, \`order_date\`, \`order_commitment\`, \`order_determination\`,
  \`order_job_code\`, \`due\` ("31/12/2026=50%|31/01/2027=50%"), e per riga: \`item\`, \`quantity\`, \`price\`,
  \`vat\`, \`description\`.
  ';' con virgola decimale e gg/mm/aaaa (--csv-dialect it, o riconosciuto), o ',' con punto decimale.
Tutto si controlla prima di inviare qualsiasi cosa (uscita 2 con ogni problema; --skip-invalid invia
i record validi). --send chiede una volta su un terminale (riscrivi il numero: "send 143"), e senza
terminale richiede --yes. Un registro annota ogni richiesta prima che parta: dopo un crash, Ctrl-C o
una connessione caduta, esegui di nuovo lo stesso comando e nulla si invia due volte (se non resta
nulla da inviare lo dice e non chiede nulla); --status lo mostra. Ogni risultato porta il numero
assegnato dal servizio (letto dall’elenco delle fatture dopo gli invii), la data di emissione e il totale.
Vedi docs/batch.md.`,
  [`Every problem at once (exit 2): the SDI control code (fisco sdi controls lists them), the element of the e-invoice,
the field of fisco's input and what is allowed. Limits are the official FatturaPA schema's. Exit 0 when all pass.`]:
    `Ogni problema in una volta (uscita 2): il codice del controllo SDI (li elenca fisco sdi controls), l’elemento della fattura
elettronica, il campo dell’input di fisco e cosa è ammesso. I limiti sono quelli dello schema FatturaPA ufficiale. Uscita 0 se tutto passa.`,
  'your key for this payment: run again with the same key and it is registered once (journaled; other arguments refused)':
    'la tua chiave per questo incasso: eseguendo di nuovo con la stessa chiave si registra una sola volta (registrato nel registro; altri argomenti rifiutati)',
  [`A number that several invoices share (another year, another company of a firm token) is refused (exit 2)
listing them with their dates and totals: add --year, --issued-from/--issued-to or --account, or give the UUID.`]:
    `Un numero che più fatture condividono (un altro anno, un’altra azienda di un token di studio) si rifiuta (uscita 2)
elencandole con date e totali: aggiungi --year, --issued-from/--issued-to o --account, o indica l’UUID.`,
  [`Looked up in the outbound invoices (every page, one pass). A number several invoices share is refused (exit 2)
listing them with their dates and totals; --year or --issued-from/--issued-to say which.`]:
    `Cercata tra le fatture emesse (ogni pagina, una sola passata). Un numero che più fatture condividono si rifiuta (uscita 2)
elencandole con date e totali; --year o --issued-from/--issued-to dicono quale.`,
  [`Saved in the current folder unless --dir names another (created if missing).
The folder is checked before any request; each PDF is written atomically (never half a file) and a re-run
skips the files already complete. Stdout gets one record per invoice (id, file, result).`]:
    `Salvati nella cartella corrente salvo che --dir ne indichi un’altra (creata se manca).
La cartella si controlla prima di ogni richiesta; ogni PDF si scrive in modo atomico (mai mezzo file) e una nuova
esecuzione salta i file già completi. Sullo stdout un record per fattura (id, file, esito).`,
  [`checked_by: fisco (decided before anything is sent), fisco+SDI (fisco checks the part that depends only on the
invoice, the SDI the rest: a register lookup), SDI (checked by the SDI: its archive or the tax register).`]:
    `checked_by: fisco (deciso prima di inviare qualsiasi cosa), fisco+SDI (fisco verifica la parte che dipende solo dalla
fattura, lo SDI il resto: una ricerca in anagrafe), SDI (verificato dallo SDI: il suo archivio o l’anagrafe tributaria).`,
  'CSV: the column marking reversals (storno): S, SI, Y, YES, X, 1, TRUE or STORNO is one (never matched)':
    'CSV: la colonna che segna gli storni: `S`, `SI`, `Y`, `YES`, `X`, `1`, `TRUE` o `STORNO` indica uno storno (mai abbinato)',
  'CSV: the column mapping as a JSON file (keys date, valueDate, amount, credit, debit, description, counterpart, reference, reversal; also iban, currency, delimiter, decimal, dateFormat, encoding); flags win':
    'CSV: la mappatura delle colonne come file JSON (chiavi `date`, `valueDate`, `amount`, `credit`, `debit`, `description`, `counterpart`, `reference`, `reversal`; anche `iban`, `currency`, `delimiter`, `decimal`, `dateFormat`, `encoding`); le opzioni prevalgono',
  [`
Formats are recognised from the content: camt.053 (.001.02 to .001.08), camt.054, the CBI XML
envelope, CBI RH fixed-width text, MT940, and CSV with a column mapping (--csv-* or --csv-mapping).
The company is the one whose payment methods carry the statement's IBAN; --account ID chooses it,
and a statement whose accounts are another company's is then refused, naming that company.
The whole run is read before anything is printed: a statement refused anywhere is exit 2 with
nothing on stdout and no plan. Only EUR credits that are not reversals are matched, chosen over the
whole run (an exact payment wins its invoice whatever the order of the lines); each proposal says
why (a number in the text, the amount, the payer's name, several invoices of one client, a partial,
an excess, a bank fee) and how it fits (exact, fee, partial, over). Nothing is sent to the service
unless --review is given and confirmed. Credits already registered from an earlier statement (the
company's bank journal) are marked so and never proposed again.`]: `
I formati si riconoscono dal contenuto: camt.053 (da .001.02 a .001.08), camt.054, la busta CBI
XML, il testo a larghezza fissa CBI RH, MT940, e CSV con una mappatura delle colonne (--csv-* o
--csv-mapping). L’azienda è quella i cui metodi di pagamento portano l’IBAN dell’estratto conto;
--account ID la sceglie, e un estratto i cui conti sono di un’altra azienda si rifiuta, nominandola.
Tutta l’esecuzione si legge prima di stampare qualcosa: un estratto rifiutato in un punto qualsiasi
è uscita 2, senza nulla sullo stdout e senza piano. Si abbinano solo gli accrediti in EUR che non
sono storni, scelti sull’intera esecuzione (un pagamento esatto vince la sua fattura qualunque sia
l’ordine delle righe); ogni proposta dice perché (un numero nella causale, l’importo, il nome
dell’ordinante, più fatture di un cliente, un pagamento parziale, un’eccedenza, una commissione
bancaria) e come combacia (esatto, meno commissione, parziale, in eccesso). Nulla si invia al
servizio salvo che --review sia dato e confermato. Gli accrediti già registrati da un estratto
precedente (il registro bancario dell’azienda) sono segnati così e non si propongono più.`,
  'register the proposals at or above this confidence (0 to 1), partial and over-payments included; default: only exact ones (or less a bank fee) and reviewed ones':
    'registra le proposte con almeno questa affidabilità (da 0 a 1), compresi i pagamenti parziali e in eccesso; predefinito: solo quelle esatte (o meno una commissione bancaria) e quelle riviste',
  'register partial and over-payments on invoices that already show payments even when the bank journal records no earlier payment (a new or lost data folder)':
    'registra i pagamenti parziali e in eccesso su fatture che mostrano già incassi anche quando il registro bancario non ha alcun pagamento precedente (una cartella dei dati nuova o persa)',
  [`
Registers the proposed credits of a plan (POST /fatture/{uuid}/pagamenti, the booking date as the
payment date, a note naming the bank reference): without --min-confidence only the sure ones (exact,
or less a bank fee) and those a person accepted in a review; a partial or an over-payment is left as
needs-review. Each payment is journaled first, so a re-run, an
overlapping statement or a crash never registers the same credit twice; an invoice whose residue
changed since the match is skipped. Without a terminal it needs --yes (else exit 10).
Exit codes: 9 when a payment's outcome stays unknown, 11 when some failed and others registered.`]: `
Registra gli accrediti proposti di un piano (POST /fatture/{uuid}/pagamenti, la data contabile come
data del pagamento, una nota con il riferimento della banca): senza --min-confidence solo quelli
sicuri (esatti, o meno una commissione bancaria) e quelli accettati da una persona in una revisione;
un pagamento parziale o in eccesso resta da rivedere. Ogni pagamento si annota prima nel registro,
così una nuova esecuzione, un estratto che si sovrappone o un crash non registrano mai due volte lo
stesso accredito; una fattura il cui residuo è cambiato dopo l’abbinamento si salta. Senza terminale
richiede --yes (altrimenti uscita 10).
Codici di uscita: 9 quando l’esito di un pagamento resta incerto, 11 quando alcuni non sono riusciti
e altri sono stati registrati.`,
  [`Stdout gets one record per form (id, file, result); progress is shown on a terminal only.
Selected by --status/--due-*, a cancelled form is left out unless --status names cancelled; a form neither
paid nor ready carries its status in its file name (…_f24_0005_cancelled.pdf). Forms named by id are all saved.`]:
    `Sullo stdout un record per modello (id, file, esito); l’avanzamento si mostra solo su un terminale.
Scelti con --status/--due-*, i modelli annullati si lasciano fuori salvo che --status li indichi; un modello né
pagato né da pagare porta il suo stato nel nome del file (…_f24_0005_cancelled.pdf). I modelli indicati per id si salvano tutti.`,
  [`Every event has the UID <deadline id>@fisco: importing a newer export updates the events instead of duplicating them.
Descriptions are in Italian; each deadline still to do has a reminder 3 days before at 9:00 (--remind).`]:
    `Ogni evento ha l’UID <id della scadenza>@fisco: importando un’esportazione più recente si aggiornano gli eventi invece di duplicarli.
Le descrizioni sono in italiano; ogni scadenza ancora da fare ha un promemoria 3 giorni prima alle 9:00 (--remind).`,
  'The service does not manage telematic receipts: the list is always empty, and fisco says so.':
    'Il servizio non gestisce i corrispettivi telematici: l’elenco è sempre vuoto, e fisco lo dice.',
  'the X-Service-Signature header (sha256=<hex|base64>, several comma separated)':
    'l’intestazione X-Service-Signature (sha256=<hex|base64>, più d’una separate da virgole)',
  'the X-Service-Timestamp header (Unix seconds or ISO-8601)': 'l’intestazione X-Service-Timestamp (secondi Unix o ISO-8601)',
  [`
One row per company (every company of a firm token unless --accounts / --account say which):
open and overdue receivables, F24 forms to pay (ready or expired) with the nearest due date,
tax deadlines overdue and due within --days, expenses needing review this month and last,
invoices the SDI rejected with the nearest day a corrected one must be sent by ("Resend by",
five days from the rejection), and whether webhooks are ready. "Next F24" is the nearest form
not yet paid due today or later; expired ones are counted apart. After the table, on stderr,
each rejected invoice whose window is open or closed within 30 days is explained (the control,
what to do, the window's date); older ones are counted in one line. Attention cells are
coloured in the table; json, ndjson and csv carry the same figures (amounts as decimal
strings). A part the token may not read (a missing ability, a 404, a server error after
retries) leaves its figures n/a in the table and null in json, with "missing" saying what
failed and why; the others are shown, exit 11. The table fits the terminal: the least urgent
columns go first. Requests: 8 per company, plus 2.`]: `
Una riga per azienda (ogni azienda di un token di studio salvo che --accounts / --account dicano quali):
crediti aperti e scaduti, modelli F24 da pagare (da pagare o scaduti) con la scadenza più vicina,
scadenze fiscali scadute e in scadenza entro --days, spese da rivedere questo mese e il precedente,
fatture scartate dallo SDI con il giorno più vicino entro cui va inviata quella corretta ("Reinvio
entro", cinque giorni dallo scarto), e se i webhook sono pronti. "Prossimo F24" è il modello non
ancora pagato più vicino, da oggi in poi; gli scaduti si contano a parte. Dopo la tabella, sullo
stderr, ogni fattura scartata la cui finestra è aperta o chiusa da non più di 30 giorni è spiegata
(il controllo, cosa fare, la data della finestra); le più vecchie sono contate in una riga. Le
celle che richiedono attenzione sono colorate nella tabella; json, ndjson e csv portano le stesse
cifre (importi come stringhe decimali). Una parte che il token non può leggere (un permesso
mancante, un 404, un errore del server dopo i tentativi) lascia le sue cifre n/d nella tabella e
null in json, con "missing" che dice cosa non è riuscito e perché; le altre sono mostrate, uscita 11.
La tabella si adatta al terminale: le colonne meno urgenti escono per prime. Richieste: 8 per
azienda, più 2.`,
  [`
For each company (every company of a firm token unless --accounts / --account say which) a
folder named after it (name + VAT number, stable across runs) with that month's:
  invoices-outbound / invoices-inbound .csv (Italian dialect) and .json   issued in the month
  expenses / expense-summary .csv and .json, receivables.json, f24s.json, deadlines.json
  f24/*.pdf (forms due in the month), deadlines.ics (with reminders), report.html for the client,
  note-studio.md for the firm (the service's codes and messages), manifest.json (size, sha256)
and index.html at the top linking every company's report. The pages are in Italian unless English
is chosen (--lang en, FISCO_LANG=en or the profile's lang; not the locale): codes in words, amounts and dates in Italian form, statuses as dates, "—" where
there is no figure, company, month and page number on every printed page; credit notes shown
apart and netted, void and undelivered documents named. A part the token may not read (a
missing ability, a 404, a server error after retries) is left out, named in report.html,
note-studio.md, index.html, manifest.json and the summary; the rest is written; exit 11. Files are written atomically; a
re-run skips what is complete and unchanged (updated_since from the previous manifest);
Ctrl-C leaves no partial file. Exit 11 when some companies failed (the others are complete).
A second export into the same --dir while one runs is refused at once (exit 2), never mixed with it.`]: `
Per ogni azienda (ogni azienda di un token di studio salvo che --accounts / --account dicano quali)
una cartella col suo nome (nome + partita IVA, stabile tra un’esecuzione e l’altra) con, del mese:
  \`invoices-outbound\` / \`invoices-inbound\` .csv (dialetto italiano) e .json   emesse nel mese
  expenses / expense-summary .csv e .json, receivables.json, f24s.json, deadlines.json
  f24/*.pdf (modelli in scadenza nel mese), deadlines.ics (con promemoria), report.html per il cliente,
  note-studio.md per lo studio (i codici e i messaggi del servizio), manifest.json (dimensione, sha256)
e index.html in cima, che collega il report di ogni azienda. Le pagine sono in italiano salvo che si
scelga l’inglese (--lang en, FISCO_LANG=en o il lang del profilo; non la localizzazione): codici in
parole, importi e date in forma italiana, stati come date, "—" dove non c’è una cifra, azienda, mese
e numero di pagina su ogni pagina stampata; note di credito mostrate a parte e compensate, documenti
annullati e non consegnati indicati. Una parte che il token non può leggere (un permesso mancante,
un 404, un errore del server dopo i tentativi) si lascia fuori, indicata in report.html,
note-studio.md, index.html, manifest.json e nel riepilogo; il resto si scrive; uscita 11. I file si
scrivono in modo atomico; una nuova esecuzione salta ciò che è completo e invariato (updated_since
dal manifest precedente); Ctrl-C non lascia file parziali. Uscita 11 quando alcune aziende non sono
riuscite (le altre sono complete). Una seconda esportazione nella stessa --dir mentre una è in corso
si rifiuta subito (uscita 2), mai mescolata con essa.`,
  "clients' e-mail addresses: a CSV of VAT number, e-mail and (optional) postal address for registered mail (the contract's client has no e-mail field)":
    'gli indirizzi e-mail dei clienti: un CSV di partita IVA, e-mail e (facoltativo) indirizzo postale per la raccomandata (il cliente del contratto non ha un campo e-mail)',
  [`
Open outbound invoices (amount due above zero; credit notes, debit notes and void documents never)
in buckets by days past due on --as-of: not yet due, 1–30, 31–60, 61–90, over 90. One row per
client (its counterpart on the invoices, joined to the company's clients by VAT number with or
without IT: the PEC comes from there, an e-mail from --contacts), then the company's total; with
several companies the firm's total comes last. --min-days filters the client and invoice rows;
company and firm totals are always every open invoice. A past --as-of counts the invoices issued
by then, each residue as the mirror's last sync on or before that date saw it (every fisco sync
keeps that history); without such a sync the residues are today's, and stderr says so and why.

DSO (days sales outstanding, per company and for the firm) = receivables open on --as-of ÷ what
was invoiced in the 90 days up to it (documents that take payments) × 90, in whole days; empty
when nothing was invoiced in those days.

An invoice whose amount has digits past the cent is named on stderr and left out of every figure.
Tables fit 80 columns (amounts in euro); json, ndjson and csv carry every figure as decimal
strings. Requests: 2 lists per company (outbound invoices, clients), every page.`]: `
Fatture emesse aperte (importo dovuto sopra zero; mai note di credito, note di debito e documenti
annullati) per fasce di giorni di ritardo alla data --as-of: non ancora scadute, 1–30, 31–60, 61–90,
oltre 90. Una riga per cliente (la controparte sulle fatture, collegata ai clienti dell’azienda per
partita IVA con o senza IT: la PEC viene da lì, un’e-mail da --contacts), poi il totale
dell’azienda; con più aziende il totale dello studio viene per ultimo. --min-days filtra le righe di
clienti e fatture; i totali di azienda e studio contano sempre ogni fattura aperta. Una --as-of
passata conta le fatture emesse entro quella data, ogni residuo come lo vide l’ultima
sincronizzazione della copia locale entro quella data (ogni fisco sync ne tiene la storia); senza
una tale sincronizzazione i residui sono quelli di oggi, e lo stderr lo dice e spiega perché.

DSO (giorni medi di incasso, per azienda e per lo studio) = crediti aperti alla data --as-of ÷
fatturato dei 90 giorni fino a quella data (documenti che ricevono pagamenti) × 90, in giorni interi;
vuoto quando in quei giorni non si è fatturato nulla.

Una fattura il cui importo ha cifre oltre il centesimo si indica sullo stderr e si lascia fuori da
ogni cifra. Le tabelle stanno in 80 colonne (importi in euro); json, ndjson e csv portano ogni cifra
come stringa decimale. Richieste: 2 elenchi per azienda (fatture emesse, clienti), ogni pagina.`,
  'a letter for each client with an invoice at least N days late (default 1)':
    'un sollecito per ogni cliente con una fattura in ritardo di almeno N giorni (predefinito 1)',
  'the grace after the deadline a letter gave (15 days, 10 for a second reminder) before the next level is proposed (default 7)':
    'l’attesa dopo il termine dato da un sollecito (15 giorni, 10 per un secondo sollecito) prima di proporre il livello successivo (predefinito 7)',
  "the reference rates to use instead of fisco's table: a CSV of from,rate (percent), one half-year a line":
    'i tassi di riferimento da usare al posto della tabella di fisco: un CSV di `from,rate` (percentuale), un semestre per riga',
  'leave out the flat 40 euro per invoice for recovery costs (art. 6 D.Lgs. 231/2002)':
    'esclude i 40 euro forfettari per fattura per i costi di recupero (art. 6 D.Lgs. 231/2002)',
  'where the letters are written, HTML and PDF, a folder per company (default: solleciti)':
    'dove si scrivono i solleciti, HTML e PDF, una cartella per azienda (predefinito: solleciti)',
  'the plan file that dunning send reads (default: piano.json in --out)': 'il file di piano che legge dunning send (predefinito: piano.json in --out)',
  [`
One letter per client with overdue invoices (at least --min-days late), holding all that client's
overdue invoices of one company, in Italian: the creditor and the client with their VAT numbers,
each invoice (number, issue date, due date, residue, days late, interest), the totals, each rate
applied with the period it covers and that period's interest, how to pay (the company's IBAN) and
the legal basis. Levels 1 sollecito, 2 secondo sollecito, 3 diffida ad adempiere come from the
letters already sent for those invoices (the dunning journal). Cadence: the next level is proposed
only after the deadline the previous letter gave (15 days, 10 for a second reminder) plus
--min-interval days (default 7); until then the plan lists the client as waiting, and from when.

Interest (D.Lgs. 231/2002 as amended by D.Lgs. 192/2012): simple, on the residue, from the day after
the due date to --as-of, half-year by half-year at the reference rate + 8 points, actual days over
365, rounded to the cent once per invoice (half up); plus 40 euro per invoice (art. 6) unless
--no-compensation. The reference rates are fisco's table (fisco dunning rates) or --rates FILE; a
half-year neither covers is exit 2, never a guessed rate.

Each letter is written as HTML and PDF into --out, a folder per company; the plan file (atomic)
lists every letter. Nothing is sent: review, then fisco dunning send PLAN. A client with a PEC gets
it there, else at its --contacts e-mail, else it is listed for registered mail (its PDF to print,
the client's postal address from its record on the service; without one the plan says how to give
it); a level-3 letter goes only to a PEC. An address that is not exactly one mailbox is never used.
--rates and --contacts take CRLF or LF (mixed), a BOM, ; or ,; each a regular file of at most 4 MB.`]: `
Un sollecito per ogni cliente con fatture scadute (in ritardo di almeno --min-days giorni), con tutte
le fatture scadute di quel cliente verso un’azienda, in italiano: il creditore e il cliente con le
loro partite IVA, ogni fattura (numero, data di emissione, scadenza, residuo, giorni di ritardo,
interessi), i totali, ogni tasso applicato con il periodo che copre e gli interessi di quel periodo,
come pagare (l’IBAN dell’azienda) e la base di legge. I livelli 1 sollecito, 2 secondo sollecito,
3 diffida ad adempiere vengono dai solleciti già inviati per quelle fatture (il registro dei
solleciti). Cadenza: il livello successivo si propone solo dopo il termine dato dal sollecito
precedente (15 giorni, 10 per un secondo sollecito) più --min-interval giorni (predefinito 7); fino
ad allora il piano elenca il cliente come in attesa, e da quando.

Interessi (D.Lgs. 231/2002 come modificato dal D.Lgs. 192/2012): semplici, sul residuo, dal giorno
dopo la scadenza alla data --as-of, semestre per semestre al tasso di riferimento + 8 punti, giorni
effettivi su 365, arrotondati al centesimo una volta per fattura (per eccesso dal mezzo); più 40 euro
per fattura (art. 6) salvo --no-compensation. I tassi di riferimento sono la tabella di fisco (fisco
dunning rates) o --rates FILE; un semestre che nessuna delle due copre è uscita 2, mai un tasso
indovinato.

Ogni sollecito si scrive in HTML e PDF in --out, una cartella per azienda; il file di piano (atomico)
elenca ogni sollecito. Non si invia nulla: controlla, poi fisco dunning send PIANO. Un cliente con
una PEC lo riceve lì, altrimenti all’e-mail di --contacts, altrimenti è elencato per la raccomandata
(il suo PDF da stampare, con l’indirizzo postale del cliente dalla sua scheda sul servizio; senza, il
piano dice come indicarlo); un sollecito di livello 3 va solo a una PEC. Un indirizzo che non è
esattamente una casella non si usa mai. --rates e --contacts accettano CRLF o LF (anche mescolati),
un BOM, ; o ,; ciascuno un file normale di al massimo 4 MB.`,
  'the SMTP server: smtps://user@host:465 or smtp://user@host:587 (STARTTLS required); default FISCO_SMTP_URL. The password: FISCO_SMTP_PASSWORD, or asked (hidden)':
    'il server SMTP: smtps://utente@host:465 o smtp://utente@host:587 (STARTTLS obbligatorio); predefinito FISCO_SMTP_URL. La password: FISCO_SMTP_PASSWORD, o chiesta (senza mostrarla)',
  'plain SMTP without TLS, only to a server on 127.0.0.1 (tests, a local relay)':
    'SMTP in chiaro senza TLS, solo verso un server su 127.0.0.1 (prove, un relay locale)',
  'the sender: ADDRESS for every company, or ACCOUNT=ADDRESS for one (repeatable); default FISCO_SMTP_FROM':
    'il mittente: INDIRIZZO per ogni azienda, o ACCOUNT=INDIRIZZO per una (ripetibile); predefinito FISCO_SMTP_FROM',
  'after checking the mailbox: LETTER=sent (it went out) or LETTER=absent (it did not); LETTER as the result names it':
    'dopo aver controllato la casella: `SOLLECITO=sent` (è partito) o `SOLLECITO=absent` (non è partito); SOLLECITO come lo nomina il risultato',
  [`
Sends the plan's letters by SMTP (nodemailer): the PDF attached, the HTML as the body with a
plain-text part, to the PEC or the e-mail the plan names. The server: --smtp or FISCO_SMTP_URL
(smtps:// or smtp:// with STARTTLS required); the password: FISCO_SMTP_PASSWORD or a hidden prompt,
never written anywhere (nor any form of it a server quotes back). The sender: --from or
FISCO_SMTP_FROM, one e-mail address; a firm's plan of several companies
is sent company by company, each letter from its own company's sender (--from ACCOUNT=ADDRESS).
A letter for registered mail is not sent (print its PDF); one whose client has no postal address is
refused, named, and the other letters still go (exit 11; 2 when none could go).
Confirmation: each letter's client and company, the count of letters and of clients and the total
on a terminal; --yes otherwise (else exit 10).

Right before each letter the client's residues are read again: changed since the plan, no letter
("make a new plan"); that read failing (401, 429, 5xx, network) ends the run with its exit code.
--timeout bounds each SMTP conversation whole. Each letter is journaled before it leaves and sent once per client, level and
plan: a second send of the same plan sends nothing, a run killed at any instant never sends one
twice. A conversation that broke after the message was handed over is unknown (exit 9) and is
never sent again until --resolve LETTER=sent|absent says what the mailbox shows; it also holds back
every later letter to the same client, a new plan's included (--resolve PLAN-ID/LETTER=… from
there). A resolution settles only a letter in doubt: repeated, it changes nothing.`]: `
Invia per SMTP (nodemailer) i solleciti del piano: il PDF allegato, l’HTML come corpo con una parte
di testo semplice, alla PEC o all’e-mail indicata dal piano. Il server: --smtp o FISCO_SMTP_URL
(smtps://, o smtp:// con STARTTLS obbligatorio); la password: FISCO_SMTP_PASSWORD o una domanda che
non la mostra, mai scritta da nessuna parte (né in alcuna forma che un server ripeta). Il mittente:
--from o FISCO_SMTP_FROM, un indirizzo e-mail; il piano di uno studio con più aziende si invia
azienda per azienda, ogni sollecito dal mittente della sua azienda (--from ACCOUNT=INDIRIZZO).
Un sollecito per raccomandata non si invia (stampane il PDF); uno il cui cliente non ha un indirizzo
postale si rifiuta, indicandolo, e gli altri solleciti partono comunque (uscita 11; 2 se non ne può
partire nessuno).
Conferma: il cliente e l’azienda di ogni sollecito, il numero di solleciti e di clienti e il totale,
su un terminale; altrimenti --yes (se manca, uscita 10).

Subito prima di ogni sollecito si rileggono i residui del cliente: se sono cambiati dopo il piano,
nessun sollecito ("fai un nuovo piano"); se quella lettura non riesce (401, 429, 5xx, rete)
l’esecuzione finisce con il suo codice di uscita. --timeout limita l’intera conversazione SMTP. Ogni
sollecito si annota nel registro prima di partire e si invia una sola volta per cliente, livello e
piano: un secondo invio dello stesso piano non invia nulla, un’esecuzione interrotta in qualsiasi
istante non ne invia mai uno due volte. Una conversazione interrotta dopo la consegna del messaggio ha
esito incerto (uscita 9) e non si ripete finché \`--resolve SOLLECITO=sent|absent\` non dice cosa
mostra la casella; trattiene anche ogni sollecito successivo allo stesso cliente, compresi quelli di
un nuovo piano (da lì, \`--resolve ID-PIANO/SOLLECITO=…\`). Una risoluzione chiude solo un sollecito
in dubbio: ripetuta, non cambia nulla.`,
  [`
The ECB main refinancing rate on 1 January / 1 July as the Ministry of Economy publishes it in the
Gazzetta Ufficiale, per half-year from 2013-H1; the interest rate is 8 points more.`]: `
Il tasso di rifinanziamento principale della BCE al 1° gennaio / 1° luglio come lo pubblica il
Ministero dell’Economia nella Gazzetta Ufficiale, per semestre dal 2013-H1; il tasso degli interessi
è 8 punti in più.`,
  'the bank balance the running balance starts from (1.234,50 or 1234.50; negative when overdrawn)':
    'il saldo bancario da cui parte il saldo progressivo (1.234,50 o 1234.50; negativo se scoperto)',
  'start from the closing balance of a bank statement fisco reads (camt.053, MT940, CBI)':
    'parte dal saldo di chiusura di un estratto conto che fisco legge (camt.053, MT940, CBI)',
  [`
Week by week from the service's today: receivables by due date, payables (inbound invoices not
settled), F24 forms to pay (ready; expired ones in the first week) and tax deadlines with an amount
(not done; a deadline of an F24 form is counted through the form), the week's net and a running
balance from --opening-balance or the closing balance of --from-statement (camt.053, MT940, CBI),
else from zero. An overdue receivable goes on the day its client usually pays (issue date plus the
client's usual delay, from the payments the mirror saw), or apart as "overdue, date unknown". With
several companies, each company's weeks, then the firm's (a balance needs one company).
The monthly report (fisco export) has the same section. Requests: 5 lists per company.`]: `
Settimana per settimana dall’oggi del servizio: crediti per scadenza, debiti (fatture ricevute non
saldate), modelli F24 da pagare (da pagare; gli scaduti nella prima settimana) e scadenze fiscali con
un importo (non fatte; una scadenza di un modello F24 si conta tramite il modello), il netto della
settimana e un saldo progressivo da --opening-balance o dal saldo di chiusura di --from-statement
(camt.053, MT940, CBI), altrimenti da zero. Un credito scaduto va nel giorno in cui il suo cliente
paga di solito (data di emissione più il ritardo abituale del cliente, dai pagamenti visti dalla copia
locale), o a parte come "scaduto, data ignota". Con più aziende, le settimane di ogni azienda, poi
quelle dello studio (un saldo richiede una sola azienda).
Il report mensile (fisco export) ha la stessa sezione. Richieste: 5 elenchi per azienda.`,
  [`
Keeps a local mirror of the companies (every company of a firm token unless --accounts /
--account say which) in one SQLite file per profile and environment, in fisco's data folder:
invoices both ways, clients, cost centers, F24 forms (with their detail), tax deadlines and 24
months of expenses with their summaries. Then any read answers with --offline, sending nothing.
Incremental: only what changed since the last sync (updated_since, from the service's clock);
clients and cost centers are read whole, and expenses from the month before the last sync's;
the open invoices too, until a payment is seen moving updated_since (then once a day). --full
reads everything again and removes what the service no longer lists; a listing short of its
meta.total removes nothing and fails its company. Each company is one transaction: an
interrupted sync leaves it as it was, the next one completes it. A summary line per company on
stderr, a record per company on stdout; exit 11 when some companies failed.`]: `
Tiene una copia locale delle aziende (ogni azienda di un token di studio salvo che --accounts /
--account dicano quali) in un file SQLite per profilo e ambiente, nella cartella dei dati di fisco:
fatture nei due sensi, clienti, centri di costo, modelli F24 (con il loro dettaglio), scadenze
fiscali e 24 mesi di spese con i loro riepiloghi. Poi ogni lettura risponde con --offline, senza
inviare nulla. Incrementale: solo ciò che è cambiato dall’ultima sincronizzazione (updated_since,
dall’orologio del servizio); clienti e centri di costo si leggono interi, e le spese dal mese prima
di quello dell’ultima sincronizzazione; anche le fatture aperte, finché un pagamento non si vede
muovere updated_since (poi una volta al giorno). --full rilegge tutto e toglie ciò che il servizio
non elenca più; un elenco più corto del suo meta.total non toglie nulla e fa fallire la sua azienda.
Ogni azienda è una transazione: una sincronizzazione interrotta la lascia com’era, la successiva la
completa. Una riga di riepilogo per azienda sullo stderr, un record per azienda sullo stdout; uscita
11 quando alcune aziende non sono riuscite.`,
  [`
Searches the local mirror (\`fisco sync\` fills it; no request is sent) across every company it
holds, or those --accounts / --account name: invoices (number, counterpart, VAT number, total),
clients (name, VAT number, tax code, PEC, e-mail, city), F24 forms (description, period),
deadlines (title) and expenses (supplier, document number). Accents and case are ignored
(citta finds Città), a word with a letter finds the words it begins (bian finds Bianchi, F800
finds F8002), a plain number is exact: VAT numbers with or without IT, invoice numbers as written
(42/2026), amounts as you type them (1.234,50 finds 1234.50). Every word must match. What is
named as typed comes first (a client by its name or VAT number, then the invoices naming it).
Each hit names its company, kind and key fields.`]: `
Cerca nella copia locale (la riempie \`fisco sync\`; non si invia alcuna richiesta) su ogni azienda
che contiene, o su quelle indicate da --accounts / --account: fatture (numero, controparte, partita
IVA, totale), clienti (nome, partita IVA, codice fiscale, PEC, e-mail, città), modelli F24
(descrizione, periodo), scadenze (titolo) e spese (fornitore, numero del documento). Accenti e
maiuscole si ignorano (citta trova Città), una parola con una lettera trova le parole che inizia
(bian trova Bianchi, F800 trova F8002), un numero semplice è esatto: partite IVA con o senza IT,
numeri di fattura come scritti (42/2026), importi come li scrivi (1.234,50 trova 1234.50). Ogni
parola deve combaciare. Ciò che è nominato come scritto viene prima (un cliente per nome o partita
IVA, poi le fatture che lo nominano). Ogni risultato indica la sua azienda, il tipo e i campi chiave.`,
  'offer the write tools (pay_invoice), each written once per request_id; without it they are not listed and a call is refused':
    'offre gli strumenti di scrittura (pay_invoice), ciascuno scritto una sola volta per request_id; senza, non sono elencati e una chiamata si rifiuta',
  'with --allow-writes: also offer send_invoice, which asks the person to confirm each send through the assistant':
    'con --allow-writes: offre anche send_invoice, che chiede alla persona di confermare ogni invio tramite l’assistente',
  [`
An MCP server (Model Context Protocol) on standard input and output: an assistant (a desktop app,
an editor, an agent in CI) calls fisco's reads as tools. Standard output carries only protocol
messages; diagnostics go to standard error. The global flags apply to every tool: -p/--profile,
--account, --all-accounts, --offline (answers from the mirror), --lang (the text beside the data).

Read tools: whoami, list_companies, list_invoices, get_invoice, list_clients, list_expenses,
expenses_summary, list_f24, list_deadlines, overview, receivables, cash_forecast, search, sync_status.
Every list answers one page (at most 100 records), its total, and a cursor for the next.
Write tools (--allow-writes): pay_invoice, create_invoice (a draft), plan_dunning; with --allow-send
also send_invoice, which shows the person the confirmation guard's preview through the assistant
(MCP elicitation) and sends nothing unless they accept. Each write takes the caller's request_id:
the same id with the same arguments answers the first result and sends nothing (even after the
server was killed mid-call); with other arguments it is refused.

An assistant's configuration (claude_desktop_config.json, .vscode/mcp.json, …):
{
  "mcpServers": {
    "fisco": {
      "command": "fisco",
      "args": ["--profile", "studio", "mcp"],
      "env": { "FISCO_LANG": "it" }
    }
  }
}`]: `
Un server MCP (Model Context Protocol) su standard input e output: un assistente (un’app desktop,
un editor, un agente in CI) chiama le letture di fisco come strumenti. Lo standard output porta solo
messaggi del protocollo; la diagnostica va sullo stderr. Le opzioni globali valgono per ogni
strumento: -p/--profile, --account, --all-accounts, --offline (risponde dalla copia locale), --lang
(il testo accanto ai dati).

Strumenti di lettura: whoami, list_companies, list_invoices, get_invoice, list_clients, list_expenses,
expenses_summary, list_f24, list_deadlines, overview, receivables, cash_forecast, search, sync_status.
Ogni elenco risponde una pagina (al massimo 100 record), il suo totale e un cursore per la seguente.
Strumenti di scrittura (--allow-writes): pay_invoice, create_invoice (una bozza), plan_dunning; con
--allow-send anche send_invoice, che mostra alla persona l’anteprima della conferma tramite
l’assistente (elicitation MCP) e non invia nulla se non accetta. Ogni scrittura prende il request_id
del chiamante: lo stesso id con gli stessi argomenti risponde il primo risultato e non invia nulla
(anche dopo che il server è stato terminato a metà chiamata); con altri argomenti si rifiuta.

La configurazione di un assistente (claude_desktop_config.json, .vscode/mcp.json, …):
{
  "mcpServers": {
    "fisco": {
      "command": "fisco",
      "args": ["--profile", "studio", "mcp"],
      "env": { "FISCO_LANG": "it" }
    }
  }
}`,
  'string field: query parameter for GET/DELETE, body field otherwise; key[]=v appends to an array, key[sub]=v nests (repeatable)':
    'campo stringa: parametro della query per GET/DELETE, campo del corpo altrimenti; key[]=v aggiunge a un array, key[sub]=v annida (ripetibile)',
  'like -f, but true/false/null/numbers/JSON are typed; numbers are sent exactly as written (repeatable)':
    'come -f, ma true/false/null/numeri/JSON hanno il loro tipo; i numeri si inviano esattamente come scritti (ripetibile)',
  [`The script asks \`fisco __complete\` for its candidates, so it stays current as fisco changes.
bash needs the bash-completion package; zsh needs compinit.`]:
    `Lo script chiede i suoi candidati a \`fisco __complete\`, così resta aggiornato quando fisco cambia.
bash richiede il pacchetto bash-completion; zsh richiede compinit.`,
  'address to bind (loopback only)': 'indirizzo su cui ascoltare (solo loopback)',
  'keep state in this JSON file between runs': 'tiene lo stato in questo file JSON tra un’esecuzione e l’altra',
  'reference date for the demo data (YYYY-MM-DD)': 'data di riferimento dei dati dimostrativi (AAAA-MM-GG)',
  'seed of the demo data': 'seme dei dati dimostrativi',
  'fraction of requests answered 503': 'frazione di richieste a cui si risponde 503',
  'fraction of connections dropped without an answer': 'frazione di connessioni chiuse senza risposta',
  'seed size: invoices of the main demo company (acc_rossi), default 70; 100000 starts in seconds':
    'dimensione iniziale: fatture dell’azienda dimostrativa principale (acc_rossi), predefinito 70; 100000 parte in pochi secondi',
  'seed size: F24 forms of acc_rossi (default 40)': 'dimensione iniziale: modelli F24 di acc_rossi (predefinito 40)',
  'seed size: expenses of acc_rossi (default 200)': 'dimensione iniziale: spese di acc_rossi (predefinito 200)',
  'seed size: clients of acc_rossi (default 80)': 'dimensione iniziale: clienti di acc_rossi (predefinito 80)',
  'seed size: tax deadlines of acc_rossi (default 60)': 'dimensione iniziale: scadenze fiscali di acc_rossi (predefinito 60)',
  'answer as a real service does: some amounts as noisy floats or with digits past the cent, some invoice uuids not RFC 4122':
    'risponde come un servizio reale: alcuni importi come numeri in virgola mobile imprecisi o con cifre oltre il centesimo, alcuni uuid di fattura non RFC 4122',
  'accept http:// webhook targets on loopback (the real service requires https)':
    'accetta destinazioni webhook http:// su loopback (il servizio reale richiede https)',
  "the statement's day (YYYY-MM-DD or dd/mm/yyyy; default the emulator's today): its movements are of the days before it":
    'il giorno dell’estratto conto (AAAA-MM-GG o gg/mm/aaaa; predefinito l’oggi dell’emulatore): i suoi movimenti sono dei giorni precedenti',
  "an emulator state file (fisco emulator --state FILE); default the demo's state (fisco --demo)":
    'un file di stato dell’emulatore (fisco emulator --state FILE); predefinito lo stato della demo (fisco --demo)',
  'port on 127.0.0.1 (0 picks a free one)': 'porta su 127.0.0.1 (0 ne sceglie una libera)',
  'requests per window per token': 'richieste per finestra per token',
  'rate-limit window in ms': 'finestra del limite di richieste, in ms',
  'added latency per request': 'latenza aggiunta a ogni richiesta',
  'write it as some banks do: newest first, references reused each day (CBI 1..N) or placeholders (MT940 NONREF/EREF, camt NOTPROVIDED)':
    'lo scrive come fanno alcune banche: prima i più recenti, riferimenti riusati ogni giorno (CBI 1..N) o segnaposto (MT940 NONREF/EREF, camt NOTPROVIDED)',
  // The comments of the examples (the commands themselves are run as written).
  'try it offline on the demo emulator': 'provalo senza rete sull’emulatore dimostrativo',
  'store a token (hidden prompt)': 'salva un token (chiesto senza mostrarlo)',
  'every company of a firm token': 'ogni azienda di un token di studio',
  'every command has examples': 'ogni comando ha i suoi esempi',
  'dates and amounts you may type, CSV dialects': 'le date e gli importi che puoi scrivere, i dialetti CSV',
  'asks for the token, hidden': 'chiede il token, senza mostrarlo',
  'one command with another profile': 'un comando con un altro profilo',
  '-o csv is then the Italian dialect, unless --csv-dialect says otherwise': '-o csv è poi il dialetto italiano, salvo che --csv-dialect dica altrimenti',
  'messages in Italian, unless --lang or FISCO_LANG says otherwise': 'messaggi in italiano, salvo che --lang o FISCO_LANG dicano altrimenti',
  'name and address from the business register': 'nome e indirizzo dal registro delle imprese',
  'guided, on a terminal': 'guidato, su un terminale',
  'unit prices up to 8 decimals': 'prezzi unitari fino a 8 decimali',
  'into the current folder': 'nella cartella corrente',
  'a week ahead; --remind off for none': 'una settimana prima; --remind off per nessuno',
  'the first subscription': 'la prima sottoscrizione',
  'as an assistant starts it: stdin carries its requests': 'come lo avvia un assistente: lo stdin porta le sue richieste',
  'with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc': 'con fpath=(~/.zfunc $fpath) prima di compinit in ~/.zshrc',
  'the current bash only': 'solo la bash corrente',
  'prints the base URLs and demo tokens; Ctrl-C stops it': 'stampa gli URL di base e i token dimostrativi; Ctrl-C lo ferma',
  'amounts and ids as a real service sends them (noisy floats, 100.125, uuid-17)':
    'importi e id come li invia un servizio reale (numeri imprecisi, 100.125, uuid-17)',
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

/**
 * The Italian catalogue of the SDI's controls and rejections (src/sdi/, `fisco sdi`, `invoice
 * check`): kept apart from it.ts so the controls' long texts stay together; it.ts spreads it into
 * the one catalogue.
 */
import type { Catalogue } from './message.js';

export const IT_SDI: Catalogue = {
  // sdi/control-table.ts
  'correct the invoice and send it again (same number and date) within five days of the rejection':
    'correggi la fattura e inviala di nuovo (stesso numero e stessa data) entro cinque giorni dallo scarto',
  "the name of the transmitted file follows the SDI's pattern (country, sender's id, progressive)":
    'il nome del file trasmesso segue lo schema dello SDI (paese, identificativo del trasmittente, progressivo)',
  'the file is named by the service, not by fisco: a fault of the sending software':
    'il file è nominato dal servizio, non da fisco: è un difetto del software che trasmette',
  "ask the service's support; nothing in the invoice needs changing": 'rivolgiti all’assistenza del servizio; nella fattura non c’è nulla da cambiare',
  'no file with the same name was received before': 'non è già stato ricevuto un file con lo stesso nome',
  'the service sent a file again under a name already used': 'il servizio ha inviato di nuovo un file con un nome già usato',
  "ask the service's support; the invoice itself may be sent again once they fix it":
    'rivolgiti all’assistenza del servizio; la fattura si può inviare di nuovo quando hanno corretto',
  "the file's electronic signature is valid and the file was not altered": 'la firma elettronica del file è valida e il file non è stato alterato',
  "the service's signature or its certificate is at fault": 'la firma del servizio o il suo certificato sono difettosi',
  "ask the service's support, then send the invoice again": 'rivolgiti all’assistenza del servizio, poi invia di nuovo la fattura',
  'the file matches the official FatturaPA schema: every element within its length, pattern and list of values':
    'il file rispetta lo schema ufficiale FatturaPA: ogni elemento entro la sua lunghezza, il suo formato e il suo elenco di valori',
  'a value too long (a name past 80 characters, an address past 60), a character outside the Latin-1 set (€, curly quotes, emoji), a malformed code':
    'un valore troppo lungo (una denominazione oltre 80 caratteri, un indirizzo oltre 60), un carattere fuori dall’insieme Latin-1 (€, virgolette tipografiche, emoji), un codice malformato',
  'shorten or correct the value the problem names (fisco checks these limits, read from the official schema, before sending); then {0}':
    'accorcia o correggi il valore indicato dal problema (fisco controlla questi limiti, letti dallo schema ufficiale, prima dell’invio); poi {0}',
  "the sender's (the service's) tax id exists in the tax register": 'l’identificativo fiscale del trasmittente (il servizio) esiste in Anagrafe tributaria',
  "a fault of the service's configuration": 'un difetto della configurazione del servizio',
  "ask the service's support": 'rivolgiti all’assistenza del servizio',
  'your own VAT number exists in the tax register and is active': 'la tua partita IVA esiste in Anagrafe tributaria ed è attiva',
  "the company's VAT number on the service is wrong or was closed": 'la partita IVA dell’azienda sul servizio è sbagliata o è stata chiusa',
  "correct the company's data in the web application, then {0}": 'correggi i dati dell’azienda nell’applicazione web, poi {0}',
  "the client's VAT number is well formed (fisco checks its check digit) and exists, active, in the tax register (only the SDI can check that)":
    'la partita IVA del cliente è ben formata (fisco ne controlla la cifra di controllo) ed esiste, attiva, in Anagrafe tributaria (questo lo può controllare solo lo SDI)',
  "a typo in the client's VAT number, or a VAT number that was closed": 'un errore di battitura nella partita IVA del cliente, o una partita IVA chiusa',
  'check the VAT number with the client (or on the VIES service), correct it on the client record, then {0}':
    'verifica la partita IVA con il cliente (o sul servizio VIES), correggila nella scheda del cliente, poi {0}',
  "the client's codice fiscale exists in the tax register": 'il codice fiscale del cliente esiste in Anagrafe tributaria',
  'a typo in the codice fiscale kept on the client record': 'un errore di battitura nel codice fiscale della scheda del cliente',
  'correct the codice fiscale on the client record in the web application, then {0}':
    'correggi il codice fiscale nella scheda del cliente nell’applicazione web, poi {0}',
  'the recipient code is well formed (fisco checks it) and is one the SDI has registered (only the SDI can check that)':
    'il codice destinatario è ben formato (lo controlla fisco) ed è registrato presso lo SDI (questo lo può controllare solo lo SDI)',
  "a code copied wrong from the client's letter, or one the client no longer uses":
    'un codice copiato male dalla comunicazione del cliente, o uno che il cliente non usa più',
  'ask the client for their recipient code (or use 0000000 with their PEC), correct the client record, then {0}':
    'chiedi al cliente il suo codice destinatario (oppure usa 0000000 con la sua PEC), correggi la scheda del cliente, poi {0}',
  'the public administration office the code names is active': 'l’ufficio della pubblica amministrazione indicato dal codice è attivo',
  'the office was closed or merged': 'l’ufficio è stato chiuso o accorpato',
  'ask the administration for its current office code (IPA index), then {0}': 'chiedi all’amministrazione il codice ufficio attuale (indice IPA), poi {0}',
  'a line with 0% VAT carries a nature code (Natura) saying why no VAT is charged':
    'una riga con IVA 0% porta un codice natura (Natura) che dice perché l’IVA non è applicata',
  'a 0% line sent without --natura: the reason for the missing VAT is left unsaid':
    'una riga allo 0% inviata senza --natura: il motivo dell’IVA assente non è indicato',
  'give the nature code (--natura, the "natura" field: N2.2 for the flat-rate regime, N3.2 for an intra-EU supply…), then {0}':
    'indica il codice natura (--natura, il campo "natura": N2.2 per il regime forfettario, N3.2 per una cessione intracomunitaria…), poi {0}',
  'a nature code appears only on lines with 0% VAT': 'un codice natura compare solo su righe con IVA 0%',
  'a nature code given for an invoice whose lines all carry VAT': 'un codice natura indicato per una fattura le cui righe hanno tutte l’IVA',
  'remove the nature code, or set the lines it is meant for to 0%, then {0}':
    'togli il codice natura, oppure porta allo 0% le righe a cui è destinato, poi {0}',
  'the invoice date is not after the day the SDI receives it (fisco refuses a date after today)':
    'la data della fattura non è successiva al giorno in cui lo SDI la riceve (fisco rifiuta una data successiva a oggi)',
  'a typo in the date, or an invoice prepared ahead and sent early': 'un errore di battitura nella data, o una fattura preparata in anticipo e inviata prima',
  'set the issue date to today or earlier, then {0}': 'imposta la data di emissione a oggi o prima, poi {0}',
  'no invoice with the same supplier, year, document type and number was already accepted':
    'non è già stata accettata una fattura con lo stesso cedente, anno, tipo documento e numero',
  'the same invoice sent twice, or a numbering that restarted or was shared':
    'la stessa fattura inviata due volte, o una numerazione ripartita da capo o condivisa',
  'if the first one was accepted, nothing is to be done: the invoice exists; otherwise check the numbering and send it again with the next free number':
    'se la prima è stata accettata non c’è nulla da fare: la fattura esiste; altrimenti controlla la numerazione e inviala di nuovo con il primo numero libero',
  'the client is named by a VAT number or a codice fiscale (at least one)':
    'il cliente è identificato da una partita IVA o da un codice fiscale (almeno uno dei due)',
  'a client created without either, often a private person whose codice fiscale was not recorded':
    'un cliente creato senza nessuno dei due, spesso un privato di cui non è stato registrato il codice fiscale',
  'add the client\'s VAT number (--client-piva, the "piva" field), or record their codice fiscale on the client, then {0}':
    'aggiungi la partita IVA del cliente (--client-piva, il campo "piva"), oppure registra il suo codice fiscale sul cliente, poi {0}',
  'each VAT rate and nature code of the lines has its summary block': 'ogni aliquota IVA e codice natura delle righe ha il suo blocco di riepilogo',
  'the summary is written by the service from the lines: a fault of the service':
    'il riepilogo è scritto dal servizio a partire dalle righe: è un difetto del servizio',
  "ask the service's support, then {0}": 'rivolgiti all’assistenza del servizio, poi {0}',
  "each rate's VAT is its taxable amount times the rate, within one cent":
    'l’IVA di ogni aliquota è il suo imponibile per l’aliquota, con la tolleranza di un centesimo',
  "the service computes the VAT: a fault of the service (fisco's preview computes it the same way)":
    'l’IVA la calcola il servizio: è un difetto del servizio (l’anteprima di fisco la calcola allo stesso modo)',
  "each rate's taxable amount is the sum of its lines' totals, within one euro of rounding":
    'l’imponibile di ogni aliquota è la somma dei totali delle sue righe, con la tolleranza di un euro di arrotondamento',
  'the service computes the summary: a fault of the service, or a global discount spread unevenly':
    'il riepilogo lo calcola il servizio: è un difetto del servizio, o uno sconto globale ripartito in modo non uniforme',
  "ask the service's support; a discount given as a line instead of --discount avoids it; then {0}":
    'rivolgiti all’assistenza del servizio; uno sconto indicato come riga invece di --discount lo evita; poi {0}',
  "a line's total is its quantity times its unit price, within one cent":
    'il totale di una riga è la quantità per il prezzo unitario, con la tolleranza di un centesimo',
  'a line total typed by hand instead of computed; fisco sends quantity and price and computes the total half-up to the cent':
    'un totale di riga scritto a mano invece che calcolato; fisco invia quantità e prezzo e calcola il totale arrotondato al centesimo (metà per eccesso)',
  'give the quantity and the unit price and let the total be computed, then {0}': 'indica quantità e prezzo unitario e lascia calcolare il totale, poi {0}',
  'the VAT rate is a percentage (22, not 0.22)': 'l’aliquota IVA è una percentuale (22, non 0.22)',
  'a rate written as a fraction': 'un’aliquota scritta come frazione',
  'write the rate in percent (22, 10, 5, 4), then {0}': 'scrivi l’aliquota in percentuale (22, 10, 5, 4), poi {0}',
  'the invoice number holds at least one digit': 'il numero della fattura contiene almeno una cifra',
  'a numbering on the service whose format has no digits': 'una numerazione del servizio il cui formato non ha cifre',
  "correct the numbering's format in the web application, then {0}": 'correggi il formato della numerazione nell’applicazione web, poi {0}',
  'a PEC address for delivery goes only with the recipient code 0000000': 'un indirizzo PEC per il recapito va solo con il codice destinatario 0000000',
  'a client record with both a recipient code and a PEC': 'una scheda cliente con sia un codice destinatario sia una PEC',
  'keep the recipient code and remove the PEC from the client, or set the code to 0000000 to deliver by PEC (fisco warns before sending)':
    'tieni il codice destinatario e togli la PEC dal cliente, oppure imposta il codice a 0000000 per recapitare via PEC (fisco avvisa prima dell’invio)',
  "the recipient code's length fits the transmission format: 6 characters for a public administration (FPA12), 7 for anyone else (FPR12)":
    'la lunghezza del codice destinatario corrisponde al formato di trasmissione: 6 caratteri per una pubblica amministrazione (FPA12), 7 per tutti gli altri (FPR12)',
  "an administration's office code mistyped with a seventh character, or a business's code missing one":
    'un codice ufficio di un’amministrazione scritto con un settimo carattere, o il codice di un’impresa a cui ne manca uno',
  'use the 6-character office code for a public administration (IPA index), 7 characters (or 0000000, XXXXXXX abroad) otherwise, then {0}':
    'usa il codice ufficio di 6 caratteri per una pubblica amministrazione (indice IPA), altrimenti 7 caratteri (o 0000000, XXXXXXX per l’estero), poi {0}',
  'the summary of the 0% lines carries their nature code (the same rule as 00400, on the summary)':
    'il riepilogo delle righe allo 0% porta il loro codice natura (la stessa regola di 00400, sul riepilogo)',
  'a 0% line without a nature code': 'una riga allo 0% senza codice natura',
  'give the nature code (--natura), then {0}': 'indica il codice natura (--natura), poi {0}',
  'a summary with VAT carries no nature code (the same rule as 00401, on the summary)':
    'un riepilogo con IVA non porta codice natura (la stessa regola di 00401, sul riepilogo)',
  'a nature code given for lines that carry VAT': 'un codice natura indicato per righe con IVA',
  'remove the nature code or set the lines to 0%, then {0}': 'togli il codice natura o porta le righe allo 0%, poi {0}',
  'the nature code is one of the detailed codes (N2.1, N3.2, N6.3…), not the generic N2, N3 or N6':
    'il codice natura è uno dei codici di dettaglio (N2.1, N3.2, N6.3…), non il generico N2, N3 o N6',
  'a code from before 2021': 'un codice di prima del 2021',
  'choose the detailed code (fisco invoice create --help lists them), then {0}':
    'scegli il codice di dettaglio (fisco invoice create --help li elenca), poi {0}',
  'for an ordinary invoice the supplier and the client are different subjects': 'in una fattura ordinaria cedente e cessionario sono soggetti diversi',
  'an invoice addressed to your own VAT number': 'una fattura intestata alla tua stessa partita IVA',
  'correct the client, then {0}': 'correggi il cliente, poi {0}',
  // sdi/check.ts
  'SDI {0} ({1}): {2}': 'SDI {0} ({1}): {2}',
  'is {0} characters long; the e-invoice allows at most {1}': 'è lungo {0} caratteri; la fattura elettronica ne ammette al massimo {1}',
  'holds "{0}", outside the Latin-1 characters the e-invoice allows here (letters with accents are fine; €, curly quotes, dashes and emoji are not)':
    'contiene "{0}", fuori dai caratteri Latin-1 che la fattura elettronica ammette qui (le lettere accentate vanno bene; €, virgolette tipografiche, lineette ed emoji no)',
  'holds "{0}", outside the plain ASCII characters the e-invoice allows here':
    'contiene "{0}", fuori dai caratteri ASCII semplici che la fattura elettronica ammette qui',
  'must be {0} (like {1})': 'deve essere {0} (come {1})',
  '{0} digits': 'di {0} cifre',
  '{0} capital letters': 'di {0} lettere maiuscole',
  '{0} capital letters or digits': 'di {0} lettere maiuscole o cifre',
  '{0} to {1}': '{0}-{1}',
  'written as {0}': 'scritto come {0}',
  'nature {0} (exports) for a client in {1}: an export goes outside the EU':
    'natura {0} (esportazioni) per un cliente in {1}: un’esportazione va fuori dall’UE',
  'nature {0} (intra-EU supply) for a client in {1}: it is for clients in another EU state':
    'natura {0} (cessione intracomunitaria) per un cliente in {1}: è per clienti di un altro Stato UE',
  'nature {0} (San Marino and Vatican City) for a client in {1}': 'natura {0} (San Marino e Città del Vaticano) per un cliente in {1}',
  'nature {0} (VAT paid in another EU state) for a client in {1}': 'natura {0} (IVA assolta in altro Stato UE) per un cliente in {1}',
  'nature {0} (operations outside Italy, articles 7 to 7-septies) for an Italian client':
    'natura {0} (operazioni fuori dall’Italia, articoli da 7 a 7-septies) per un cliente italiano',
  'nature {0} (Italian reverse charge) for a client in {1}: it is for Italian clients':
    'natura {0} (inversione contabile italiana) per un cliente in {1}: è per clienti italiani',
  'must not be before {0}': 'non deve essere prima del {0}',
  'a partita IVA whose check digit is right (look for a typo)': 'una partita IVA con la cifra di controllo giusta (cerca un errore di battitura)',
  'a VAT number or a codice fiscale for the client (at least one)': 'una partita IVA o un codice fiscale per il cliente (almeno uno dei due)',
  "a 6-character code is a public administration's office (format FPA12), which is Italian; a client in {0} takes XXXXXXX (format FPR12)":
    'un codice di 6 caratteri è un ufficio di una pubblica amministrazione (formato FPA12), che è italiana; un cliente in {0} usa XXXXXXX (formato FPR12)',
  "7 characters for a business or a person (format FPR12), 6 for a public administration's office (format FPA12); this one has {0}":
    '7 caratteri per un’impresa o una persona (formato FPR12), 6 per un ufficio di una pubblica amministrazione (formato FPA12); questo ne ha {0}',
  'SDI 00426: the client has recipient code {0} and a PEC; the SDI refuses a PEC beside any code but {1}':
    'SDI 00426: il cliente ha il codice destinatario {0} e una PEC; lo SDI rifiuta una PEC accanto a un codice diverso da {1}',
  'a date not after today ({0}); {1} is later': 'una data non successiva a oggi ({0}); {1} è successiva',
  'a detailed nature code ({0}.1, {1}.2…), not the generic {2}': 'un codice natura di dettaglio ({0}.1, {1}.2…), non il generico {2}',
  '{0} has 0% VAT, so the invoice needs a nature code: give --natura (the "natura" field), e.g. N2.2 or N3.2':
    '{0} ha IVA 0%, quindi la fattura richiede un codice natura: indica --natura (il campo "natura"), ad esempio N2.2 o N3.2',
  'a rate in percent (22, not 0.22); {0} reads as {1}%': 'un’aliquota in percentuale (22, non 0.22); {0} si legge come {1}%',
  'a rate from 0 to {0}': 'un’aliquota da 0 a {0}',
  'quantity × unit price within one cent: {0}, not {1}': 'quantità × prezzo unitario con la tolleranza di un centesimo: {0}, non {1}',
  'a nature code only with 0% lines; every line here carries VAT': 'un codice natura solo con righe allo 0%; qui tutte le righe hanno l’IVA',
  '{0}: the SDI takes it, but check the nature code': '{0}: lo SDI la accetta, ma controlla il codice natura',
  // sdi/rejection.ts
  'invoice {0} was rejected by the SDI: {1}': 'la fattura {0} è stata scartata dallo SDI: {1}',
  'invoice {0} was rejected by the SDI': 'la fattura {0} è stata scartata dallo SDI',
  '{0} — {1}; usually: {2}': '{0} — {1}; di solito: {2}',
  'what to do: {0} (fisco sdi explain {1})': 'cosa fare: {0} (fisco sdi explain {1})',
  'a rejected invoice counts as never issued: send the corrected one (same number and date) by {0}, {1} day(s) left; a credit note is not the fix (see docs/invoicing.md, "After a rejection")':
    'una fattura scartata si considera mai emessa: invia quella corretta (stesso numero e stessa data) entro il {0}, {1|manca|mancano} {1} {1|giorno|giorni}; una nota di credito non è la soluzione (vedi docs/invoicing.md#after-a-rejection)',
  'a rejected invoice counts as never issued: the five days to send the corrected one (same number and date) ended on {0}: send the corrected invoice at once (late now, so penalties may apply); a credit note is not the fix (see docs/invoicing.md, "After a rejection")':
    'una fattura scartata si considera mai emessa: i cinque giorni per inviare quella corretta (stesso numero e stessa data) sono finiti il {0}: invia subito la fattura corretta (ormai in ritardo, possono applicarsi sanzioni); una nota di credito non è la soluzione (vedi docs/invoicing.md#after-a-rejection)',
  // commands/sdi
  'SDI text': 'Testo SDI',
  'Checked by': 'Controllato da',
  Line: 'Riga',
  Field: 'Campo',
  'one of {0}': 'uno tra {0}',
  'What it checks': 'Cosa controlla',
  Element: 'Elemento',
  'No controls.': 'Nessun controllo.',
  "<code>: '{0}' is not an SDI control fisco knows; give a code of 5 digits like 00404":
    "<code>: '{0}' non è un controllo SDI che fisco conosce; indica un codice di 5 cifre come 00404",
  'fisco sdi controls lists them all ({0})': 'fisco sdi controls li elenca tutti ({0})',
  'fisco, before anything is sent': 'fisco, prima di inviare qualsiasi cosa',
  'fisco checks the part that depends only on the invoice; the SDI the rest': 'fisco controlla la parte che dipende solo dalla fattura; lo SDI il resto',
  'the SDI only: fisco cannot decide it before sending': 'solo lo SDI: fisco non può deciderlo prima dell’invio',
  'a rejected invoice counts as never issued: send the corrected invoice again within {0} days of the rejection, with the same number and date; do not issue a credit note, there is nothing to cancel (docs/invoicing.md, "After a rejection")':
    'una fattura scartata si considera mai emessa: invia di nuovo la fattura corretta entro {0} giorni dallo scarto, con lo stesso numero e la stessa data; non emettere una nota di credito, non c’è nulla da stornare (docs/invoicing.md#after-a-rejection)',
  'Usual cause': 'Causa abituale',
  'What to do': 'Cosa fare',
  'After a rejection': 'Dopo uno scarto',
  // commands/invoice/preview.ts
  'SDI checks  all passed': 'Controlli SDI  tutti superati',
  'SDI checks  {0} problem(s): the SDI would reject this invoice, so it cannot be sent (a draft can be saved)':
    'Controlli SDI  {0} problemi: lo SDI scarterebbe questa fattura, quindi non si può inviare (si può salvare una bozza)',
  '{0} {1} — {2}: {3}': '{0} {1} — {2}: {3}',
  // commands/invoice/check.ts
  'give the path of an invoice (JSON, as invoice create --from takes) or a batch (CSV or NDJSON), or - for stdin':
    'indica il percorso di una fattura (JSON, come la accetta invoice create --from) o di un lotto (CSV o NDJSON), oppure - per stdin',
  'SDI checks: all passed (nothing was sent)': 'Controlli SDI: tutti superati (non è stato inviato nulla)',
  'SDI checks: all passed, {0} invoices (nothing was sent)': 'Controlli SDI: tutti superati, {0} fatture (non è stato inviato nulla)',
  'What is allowed': 'Cosa è ammesso',
  '{0} problem(s) in {1} of {2} invoice(s): the SDI would refuse them or fisco cannot send them':
    '{0} problemi in {1} fatture su {2}: lo SDI le scarterebbe o fisco non può inviarle',
  'fisco sdi explain CODE says what a control checks and what to do': 'fisco sdi explain CODICE dice cosa controlla un controllo e cosa fare',
};

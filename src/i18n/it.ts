/**
 * The Italian catalogue: English key (src/i18n/message.ts) → Italian, `{0}`, `{1}`… where the
 * arguments go (in any order). Checked by test/unit/i18n/catalogue.test.ts against every t`…` in
 * src/: each message has its translation with the same places, and none is left over. Loaded only
 * by an Italian run (a dynamic import). Flags, commands, field names and exit codes stay as they are.
 */
import type { Catalogue } from './message.js';

export const IT: Catalogue = {
  // bank/apply.ts, bank/legacy.ts
  'invoice {0} on {1}': 'fattura {0} il {1}',
  'registered on {0}': 'registrato su {0}',
  'registered on {0} (by an earlier fisco, under its key {1})': 'registrato su {0} (da un fisco precedente, con la sua chiave {1})',
  'possibly registered on {0}: an earlier fisco registered a credit of this account booked the same day under a key that depended on its statement ({1}), and cannot tell it from this one; check those invoices, and register this credit by hand if it is another':
    'forse registrato su {0}: un fisco precedente ha registrato un accredito di questo conto contabilizzato lo stesso giorno con una chiave che dipendeva dal suo estratto conto ({1}), e non lo distingue da questo; controlla quelle fatture e registra a mano questo accredito se è un altro',
  // bank/paid-guard.ts
  "{0}: the bank journal records no earlier payment ({1}: new, or lost): credits registered before from another data folder cannot be recognised, and the service cannot list an invoice's payments; bank apply holds partial and over-payments on invoices that already show payments unless --trust-paid":
    '{0}: il giornale bancario non registra alcun pagamento precedente ({1}: nuovo o perso): gli accrediti registrati prima da un’altra cartella dati non si possono riconoscere, e il servizio non elenca i pagamenti di una fattura; bank apply trattiene i pagamenti parziali e in eccesso su fatture che mostrano già pagamenti, salvo --trust-paid',
  '{0}: {1} of {2} on invoice {3}, which already shows {4} paid (credit {5})': '{0}: {1} di {2} sulla fattura {3}, che mostra già {4} pagati (accredito {5})',
  '{0} partial or over-payment(s) on invoices that already show payments, and the bank journal records no earlier payment: they may be credits registered before from another data folder; nothing was sent':
    '{0} pagamenti parziali o in eccesso su fatture che mostrano già pagamenti, e il giornale bancario non registra alcun pagamento precedente: potrebbero essere accrediti registrati prima da un’altra cartella dati; non è stato inviato nulla',
  "Check those invoices' payments; if these credits are new, run again with --trust-paid":
    'Controlla i pagamenti di quelle fatture; se questi accrediti sono nuovi, esegui di nuovo con --trust-paid',
  'or set their proposals\' status to "skipped" in the plan to register the rest':
    'oppure imposta a "skipped" lo status delle loro proposte nel piano per registrare il resto',
  // bank/route.ts
  "Company: {0}, as named for the run (--account, FISCO_ACCOUNT or the profile's company)":
    'Azienda: {0}, indicata per l’esecuzione (--account, FISCO_ACCOUNT o l’azienda del profilo)',
  "Company: {0}, by the statement IBAN, and as the token's only company for the statements that name no account":
    'Azienda: {0}, dall’IBAN dell’estratto conto, e come unica azienda del token per gli estratti che non indicano alcun conto',
  "Company: {0}, the token's only company (the statement names no account IBAN)":
    'Azienda: {0}, l’unica azienda del token (l’estratto conto non indica alcun IBAN del conto)',
  'Company: {0}, by the statement IBAN': 'Azienda: {0}, dall’IBAN dell’estratto conto',
  // bank/match.ts
  'its amount due {0} has digits past the cent: no credit can pay it exactly':
    'il suo residuo {0} ha cifre oltre il centesimo: nessun accredito può saldarlo esattamente',
  'a shortfall of {0}, the charges the statement states, read as a bank fee: the residue is registered':
    'una differenza di {0}, le spese indicate dall’estratto conto, letta come commissione bancaria: si registra il residuo',
  'a shortfall of {0}, within the fee tolerance of {1}, read as a bank fee: the residue is registered':
    'una differenza di {0}, entro la tolleranza commissioni di {1}, letta come commissione bancaria: si registra il residuo',
  "number {0} in the remittance text: no open invoice has it (paid, not this company's, or mistyped)":
    'numero {0} nella causale: nessuna fattura aperta lo ha (pagata, di un’altra azienda o scritto male)',
  'number {0} in the remittance text: {1} is already covered by another credit of this run':
    'numero {0} nella causale: {1} è già coperta da un altro accredito di questa esecuzione',
  'number {0} in the remittance text fits {1} open invoices ({2}): nothing tells them apart':
    'il numero {0} nella causale corrisponde a {1} fatture aperte ({2}): nulla permette di distinguerle',
  'number {0} in the remittance text': 'numero {0} nella causale',
  'numbers {0} in the remittance text': 'numeri {0} nella causale',
  'a number without its year: the year is implied ({0})': 'un numero senza anno: l’anno è dedotto ({0})',
  "the VAT number in the text is the counterpart's": 'la partita IVA nella causale è quella della controparte',
  'the payer "{0}" does not resemble the counterpart ({1})': 'l’ordinante "{0}" non somiglia alla controparte ({1})',
  'the payer "{0}" is the counterpart': 'l’ordinante "{0}" è la controparte',
  'the amount {0} equals the residue': 'l’importo {0} è pari al residuo',
  'the amount {0} equals the sum of their residues': 'l’importo {0} è pari alla somma dei loro residui',
  'the amount {0} equals the residues of {1}, {2} of the {3} invoices named': 'l’importo {0} è pari ai residui di {1}, {2} delle {3} fatture indicate',
  'a partial payment: {0} of the {1} still due, allocated in the order written ({2})':
    'un pagamento parziale: {0} dei {1} ancora dovuti, imputato nell’ordine in cui sono scritte ({2})',
  'a partial payment: {0} of the {1} still due': 'un pagamento parziale: {0} dei {1} ancora dovuti',
  'an overpayment: {0} against {1} due; the residue is registered and {2} is reported as excess':
    'un pagamento in eccesso: {0} a fronte di {1} dovuti; si registra il residuo e {2} è segnalato come eccedenza',
  'the amount {0} equals the residue of {1}': 'l’importo {0} è pari al residuo di {1}',
  "the amount {0} equals the residue of {1} of this client's invoices ({2}): the oldest, {3}, is proposed":
    'l’importo {0} è pari al residuo di {1} fatture di questo cliente ({2}): si propone la più vecchia, {3}',
  'the amount {0} equals the sum of the residues of {1} (one credit paying {2} invoices)':
    'l’importo {0} è pari alla somma dei residui di {1} (un accredito che salda {2} fatture)',
  "another combination of this client's invoices adds up too: the oldest invoices are proposed":
    'anche un’altra combinazione di fatture di questo cliente dà la stessa somma: si propongono le fatture più vecchie',
  '{0} has a residue of {1}': '{0} ha un residuo di {1}',
  'the residues of {0} add up to {1}': 'i residui di {0} sommano a {1}',
  "{0} is this client's only open invoice": '{0} è l’unica fattura aperta di questo cliente',
  'the amount {0} equals the residue of {1}, the only open invoice with that residue':
    'l’importo {0} è pari al residuo di {1}, l’unica fattura aperta con quel residuo',
  'no invoice number in the text': 'nessun numero di fattura nella causale',
  'the payer "{0}" resembles the counterpart (similarity {1})': 'l’ordinante "{0}" somiglia alla controparte (somiglianza {1})',
  'the amount {0} equals the residue of {1} open invoices': 'l’importo {0} è pari al residuo di {1} fatture aperte',
  'the payer "{0}" resembles the counterpart of {1} (similarity {2})': 'l’ordinante "{0}" somiglia alla controparte di {1} (somiglianza {2})',
  '{0} has a residue of {1}, the only one near the amount': '{0} ha un residuo di {1}, l’unico vicino all’importo',
  'its residue {0} is {1} more than the credit': 'il suo residuo {0} supera l’accredito di {1}',
  'its residue {0} is {1} less than the credit': 'il suo residuo {0} è inferiore all’accredito di {1}',
  "its number is in the text, but so is another open invoice's of the same number; {0}":
    'il suo numero è nella causale, ma anche quello di un’altra fattura aperta con lo stesso numero; {0}',
  'its number is in the text, but the payer does not match and the amount differs ({0})':
    'il suo numero è nella causale, ma l’ordinante non corrisponde e l’importo è diverso ({0})',
  'less than due and no invoice number in the text: not read as a partial payment':
    'meno del dovuto e nessun numero di fattura nella causale: non è letto come pagamento parziale',
  "no combination of this client's invoices adds up to the credit": 'nessuna combinazione di fatture di questo cliente somma all’accredito',
  '{0}; {1} ({2})': '{0}; {1} ({2})',
  'same client': 'stesso cliente',
  'its residue equals the credit, as do {0} other open invoice(s); the payer "{1}" resembles none of their counterparts':
    'il suo residuo è pari all’accredito, come quello di altre {0} fatture aperte; l’ordinante "{1}" non somiglia a nessuna delle loro controparti',
  'its residue equals the credit, as do {0} other open invoice(s)': 'il suo residuo è pari all’accredito, come quello di altre {0} fatture aperte',
  'its residue equals the credit, but the payer points to another client': 'il suo residuo è pari all’accredito, ma l’ordinante indica un altro cliente',
  'the nearest residue: {0} (fee tolerance {1}); no number, VAT or payer name ties it to the credit':
    'il residuo più vicino: {0} (tolleranza commissioni {1}); nessun numero, partita IVA o nome dell’ordinante lo lega all’accredito',
  'the nearest residue: {0}; no number, VAT or payer name ties it to the credit':
    'il residuo più vicino: {0}; nessun numero, partita IVA o nome dell’ordinante lo lega all’accredito',
  "the VAT number {0} in the text is {1}'s": 'la partita IVA {0} nella causale è di {1}',
  'the payer "{0}" is the counterpart {1} (names compared without case, punctuation and legal form)':
    'l’ordinante "{0}" è la controparte {1} (nomi confrontati senza maiuscole, punteggiatura e forma giuridica)',
  'the payer "{0}" resembles the counterpart {1} (similarity {2})': 'l’ordinante "{0}" somiglia alla controparte {1} (somiglianza {2})',
  'no open invoice fits: nothing is proposed': 'nessuna fattura aperta corrisponde: non si propone nulla',
  'no invoice number in the remittance text': 'nessun numero di fattura nella causale',
  'the payer "{0}" resembles {1} only loosely': 'l’ordinante "{0}" somiglia solo vagamente a {1}',
  'the payer "{0}" resembles no client with open invoices': 'l’ordinante "{0}" non somiglia a nessun cliente con fatture aperte',
  'a debit: money going out is not matched': 'un addebito: le uscite non si abbinano',
  'a reversal: never matched': 'uno storno: mai abbinato',
  'foreign currency: {0}, while the invoices are in EUR: never matched': 'valuta estera: {0}, mentre le fatture sono in EUR: mai abbinato',
  'already registered: {0}': 'già registrato: {0}',
  'the amount {0} is not a decimal amount': 'l’importo {0} non è un importo decimale',
  'a credit of 0.00: nothing to register': 'un accredito di 0,00 €: niente da registrare',
  // bank/plan.ts
  'Make one with: fisco bank match STATEMENT --plan plan.json': 'Crealo con: fisco bank match STATEMENT --plan plan.json',
  "{0}.account: {1} is not one of the plan's companies": '{0}.account: {1} non è una delle aziende del piano',
  '{0}.allocations: a proposed credit needs at least one invoice': '{0}.allocations: un accredito proposto richiede almeno una fattura',
  '{0}.movement: only a credit that is not a reversal can be registered': '{0}.movement: si può registrare solo un accredito che non sia uno storno',
  '{0}.movement.currency: only EUR credits are registered (found {1})': '{0}.movement.currency: si registrano solo accrediti in EUR (trovato {1})',
  '{0}.amount: must be more than 0.00': '{0}.amount: deve essere maggiore di 0,00 €',
  '{0}.amount: {1} is more than the {2} the invoice was due': '{0}.amount: {1} supera i {2} dovuti sulla fattura',
  '{0}: invoice {1} is allocated twice from the same credit': '{0}: la fattura {1} è imputata due volte dallo stesso accredito',
  'the credit of {0}': 'l’accredito di {0}',
  'plus the fee {0}': 'più la commissione di {0}',
  'minus the excess {0}': 'meno l’eccedenza di {0}',
  '{0}.allocations: they add up to {1}, but {2} is {3}': '{0}.allocations: sommano a {1}, ma {2} fa {3}',
  "{0}.fee: {1} is over the plan's fee tolerance {2} and is not the charges the statement states":
    '{0}.fee: {1} supera la tolleranza commissioni del piano di {2} e non sono le spese indicate dall’estratto conto',
  '{0}: not a plan file: not JSON ({1})': '{0}: non è un file di piano: non è JSON ({1})',
  '{0}: not a plan file of fisco bank match (no "kind": "{1}")': '{0}: non è un file di piano di fisco bank match (manca "kind": "{1}")',
  "{0}: a plan of version {1}, made by an earlier fisco whose bank movement identities could collide (a bank's NONREF or EREF, CBI's numbers 1..N each day) or depend on the statement that lists the movement (a CBI number with the statement's date): it is not applied; nothing was sent":
    '{0}: un piano della versione {1}, fatto da un fisco precedente le cui identità dei movimenti bancari potevano coincidere (NONREF o EREF di una banca, i numeri 1..N di ogni giorno del CBI) o dipendere dall’estratto conto che elenca il movimento (un numero CBI con la data dell’estratto): non viene applicato; non è stato inviato nulla',
  'Match the statement again with this fisco: fisco bank match STATEMENT --plan plan.json, then fisco bank apply plan.json':
    'Abbina di nuovo l’estratto conto con questo fisco: fisco bank match STATEMENT --plan plan.json, poi fisco bank apply plan.json',
  'What the earlier plan registered is in the journal and is recognised: those credits come out as already-registered.':
    'Ciò che il piano precedente ha registrato è nel registro ed è riconosciuto: quegli accrediti risultano already-registered.',
  '{0}: a plan of version {1}: this fisco reads version {2}; nothing was sent':
    '{0}: un piano della versione {1}: questo fisco legge la versione {2}; non è stato inviato nulla',
  'Make it again with this fisco: fisco bank match STATEMENT --plan plan.json': 'Rifallo con questo fisco: fisco bank match STATEMENT --plan plan.json',
  '{0}: the plan is not valid (1 problem); nothing was sent': '{0}: il piano non è valido (1 problema); non è stato inviato nulla',
  '{0}: the plan is not valid ({1} problems); nothing was sent': '{0}: il piano non è valido ({1} problemi); non è stato inviato nulla',
  '{0}: the plan is not consistent (1 problem); nothing was sent': '{0}: il piano non è coerente (1 problema); non è stato inviato nulla',
  '{0}: the plan is not consistent ({1} problems); nothing was sent': '{0}: il piano non è coerente ({1} problemi); non è stato inviato nulla',
  "it was made with profile '{0}', this run uses '{1}'": "è stato fatto con il profilo '{0}', questa esecuzione usa '{1}'",
  'it was made against {0}, this run talks to {1}': 'è stato fatto su {0}, questa esecuzione parla con {1}',
  'it is for company {0}, --account names {1}': 'è per l’azienda {0}, --account indica {1}',
  'it is for companies {0}, --account names {1}': 'è per le aziende {0}, --account indica {1}',
  none: 'nessuna',
  '{0}: this plan is for another target; nothing was sent': '{0}: questo piano è per un’altra destinazione; non è stato inviato nulla',
  '{0}: this plan is for another set of targets; nothing was sent': '{0}: questo piano è per altre destinazioni; non è stato inviato nulla',
  'Run fisco bank match again with the profile and company that will apply it.':
    'Esegui di nuovo fisco bank match con il profilo e l’azienda che lo applicheranno.',
  'confidence {0} is below --min-confidence {1}': 'affidabilità {0} sotto --min-confidence {1}',
  'an over-payment': 'un pagamento in eccesso',
  'a partial payment': 'un pagamento parziale',
  'not an exact payment': 'non un pagamento esatto',
  '{0}: registered only once reviewed (bank match --review, or "reviewed": true in the plan) or with --min-confidence':
    '{0}: si registra solo dopo la revisione (bank match --review, o "reviewed": true nel piano) o con --min-confidence',
  // bank/read/camt.ts
  'its closing balance': 'il suo saldo finale',
  'its opening balance': 'il suo saldo iniziale',
  'its balance': 'il suo saldo',
  'the end of its period (FrToDt)': 'la fine del suo periodo (FrToDt)',
  'its creation date (CreDtTm)': 'la sua data di creazione (CreDtTm)',
  'this XML is not a bank statement: expected Document with BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054), or a CBI envelope (CBIBdyBkToCstmrStmtReq)':
    'questo XML non è un estratto conto: atteso Document con BkToCstmrStmt (camt.053) o BkToCstmrDbtCdtNtfctn (camt.054), o una busta CBI (CBIBdyBkToCstmrStmtReq)',
  '1 entry has no booking date (BookgDt): the value date (ValDt) is taken as the booking date':
    '1 movimento non ha data contabile (BookgDt): si usa la data valuta (ValDt) come data contabile',
  '{0} entries have no booking date (BookgDt): the value date (ValDt) is taken as the booking date':
    '{0} movimenti non hanno data contabile (BookgDt): si usa la data valuta (ValDt) come data contabile',
  "1 entry has neither a booking nor a value date: the statement's date {0} ({1}) is taken as the booking date":
    '1 movimento non ha né data contabile né data valuta: si usa come data contabile la data dell’estratto conto {0} ({1})',
  "{0} entries have neither a booking nor a value date: the statement's date {1} ({2}) is taken as the booking date":
    '{0} movimenti non hanno né data contabile né data valuta: si usa come data contabile la data dell’estratto conto {1} ({2})',
  'holds nothing: expected BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054)':
    'non contiene nulla: atteso BkToCstmrStmt (camt.053) o BkToCstmrDbtCdtNtfctn (camt.054)',
  'missing: expected at least one Stmt (statement)': 'mancante: atteso almeno uno Stmt (estratto conto)',
  'missing: expected at least one {0} (notification)': 'mancante: atteso almeno un {0} (notifica)',
  'a CBI document without Stmt: expected the CBI statement envelope (CBIBdyBkToCstmrStmtReq … CBIDlyStmtReqLogMsg/Stmt)':
    'un documento CBI senza Stmt: attesa la busta CBI dell’estratto conto (CBIBdyBkToCstmrStmtReq … CBIDlyStmtReqLogMsg/Stmt)',
  'the file holds statements of {0} accounts ({1}): each movement carries its own account':
    'il file contiene estratti conto di {0} conti ({1}): ogni movimento riporta il proprio conto',
  'holds {0}: expected BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054)':
    'contiene {0}: atteso BkToCstmrStmt (camt.053) o BkToCstmrDbtCdtNtfctn (camt.054)',
  'more than {0} MiB of text': 'più di {0} MiB di testo',
  'one entry (Ntry)': 'un movimento (Ntry)',
  'one element of the statement': 'un elemento dell’estratto conto',
  '{0} holds {1}: no bank writes one this large, so the file is not read further':
    '{0} contiene {1}: nessuna banca ne scrive di così grandi, quindi il file non viene letto oltre',
  'the account IBAN is more than 1,024 characters long': 'l’IBAN del conto è lungo più di 1.024 caratteri',
  'more than {0} elements': 'più di {0} elementi',
  'missing: expected {0}': 'mancante: atteso {0}',
  'expected the currency attribute (Ccy="EUR"), found \'{0}\'': 'atteso l’attributo della valuta (Ccy="EUR"), trovato \'{0}\'',
  'expected the currency attribute (Ccy="EUR"), found none': 'atteso l’attributo della valuta (Ccy="EUR"), non trovato',
  "'{0}' is not a direction: expected CRDT or DBIT": "'{0}' non è un segno: atteso CRDT o DBIT",
  'missing: expected the booking date (Dt or DtTm)': 'mancante: attesa la data contabile (Dt o DtTm)',
  'missing: expected the value date (Dt or DtTm)': 'mancante: attesa la data valuta (Dt o DtTm)',
  'expected Dt (YYYY-MM-DD) or DtTm inside': 'atteso Dt (YYYY-MM-DD) o DtTm al suo interno',
  "'{0}' is not a date: expected YYYY-MM-DD": "'{0}' non è una data: atteso YYYY-MM-DD",
  'missing: expected the booking date (Dt or DtTm), or a value date (ValDt), or a dated statement':
    'mancante: attesa la data contabile (Dt o DtTm), o una data valuta (ValDt), o un estratto conto datato',
  'missing: expected the entry amount, like <Amt Ccy="EUR">1220.10</Amt>': 'mancante: atteso l’importo del movimento, come <Amt Ccy="EUR">1220.10</Amt>',
  "{0}: the entry's status is {1}, not BOOK (booked)": '{0}: lo stato del movimento è {1}, non BOOK (contabilizzato)',
  "missing: a batch entry of {0} transactions needs each one's amount (Amt or AmtDtls/TxAmt/Amt)":
    'mancante: un movimento cumulativo di {0} operazioni richiede l’importo di ciascuna (Amt o AmtDtls/TxAmt/Amt)',
  '{0}: the entry is {1} {2}, its {3} transactions are in {4}: each transaction is read with its own amount and currency':
    '{0}: il movimento è di {1} {2}, le sue {3} operazioni sono in {4}: ogni operazione è letta con il proprio importo e la propria valuta',
  "the difference is the bank's charges ({0})": 'la differenza sono le spese della banca ({0})',
  'the bank states charges of {0}': 'la banca indica spese per {0}',
  'the bank states no charges': 'la banca non indica spese',
  '{0}: the {1} transactions of this batch add up to {2} {3}, the entry is {4} (difference {5}); {6}. Each transaction is read with its own amount.':
    '{0}: le {1} operazioni di questo movimento cumulativo sommano a {2} {3}, il movimento è di {4} (differenza {5}); {6}. Ogni operazione è letta con il proprio importo.',
  '{0}: the bank states charges of {1} {2} on this batch entry of {3} transactions':
    '{0}: la banca indica spese per {1} {2} su questo movimento cumulativo di {3} operazioni',
  // bank/read/cbi-rh.ts
  "'{0}' is not a {1}: expected DDMMYY": "'{0}' non è una {1}: atteso DDMMYY",
  "'{0}' has no decimal comma: expected 15 characters like 000000004377,96": "'{0}' non ha la virgola decimale: attesi 15 caratteri come 000000004377,96",
  "'{0}' is not a sign: expected C (credit) or D (debit)": "'{0}' non è un segno: atteso C (avere) o D (dare)",
  'line {0}': 'riga {0}',
  'the file ends without its EF record: the statement looks truncated': 'il file finisce senza il record EF: l’estratto conto sembra troncato',
  'a record after EF: expected the end of the file (or a new RH header)': 'un record dopo EF: attesa la fine del file (o una nuova testata RH)',
  'record {0} is {1} characters long: every CBI record is {2} (a blank, the record type, the fields)':
    'il record {0} è lungo {1} caratteri: ogni record CBI ne ha {2} (uno spazio, il tipo di record, i campi)',
  '{0}, column 1': '{0}, colonna 1',
  "expected a blank before the record type, found '{0}'": "atteso uno spazio prima del tipo di record, trovato '{0}'",
  "expected the RH header record first, found '{0}'": "atteso prima il record di testata RH, trovato '{0}'",
  'an RH header inside a flow: expected RH only at the start of the file or after EF':
    'una testata RH dentro un flusso: RH è atteso solo all’inizio del file o dopo EF',
  'line {0}: the EF record counts {1} records, the flow has {2}': 'riga {0}: il record EF conta {1} record, il flusso ne ha {2}',
  '{0}, columns 2-3': '{0}, colonne 2-3',
  "'{0}' is not a CBI statement record: expected RH, 61, 62, 63, 64, 65 or EF":
    "'{0}' non è un record di estratto conto CBI: atteso RH, 61, 62, 63, 64, 65 o EF",
  '{0}, columns 85-99 (opening balance)': '{0}, colonne 85-99 (saldo iniziale)',
  '{0}, column 84': '{0}, colonna 84',
  '{0}, columns 78-83 (date)': '{0}, colonne 78-83 (data)',
  date: 'data',
  'a movement (62) before its account record (61)': 'un movimento (62) prima del record del suo conto (61)',
  '{0}, columns 14-19 (value date)': '{0}, colonne 14-19 (data valuta)',
  'value date': 'data valuta',
  '{0}, columns 20-25 (booking date)': '{0}, colonne 20-25 (data contabile)',
  'booking date': 'data contabile',
  '{0}, column 26': '{0}, colonna 26',
  '{0}, columns 27-41 (amount)': '{0}, colonne 27-41 (importo)',
  'a detail record (63) without the movement (62) it belongs to': 'un record di dettaglio (63) senza il movimento (62) a cui appartiene',
  'a closing balance (64) before its account record (61)': 'un saldo finale (64) prima del record del suo conto (61)',
  '{0}, columns 21-35 (closing balance)': '{0}, colonne 21-35 (saldo finale)',
  '{0}, column 20': '{0}, colonna 20',
  'line {0}: the closing balance {1} is not the opening balance {2} plus the movements read ({3}; difference {4}): some movements may be missing from the file':
    'riga {0}: il saldo finale {1} non è il saldo iniziale {2} più i movimenti letti ({3}; differenza {4}): nel file potrebbero mancare dei movimenti',
  // bank/read/common.ts
  'the bytes are not valid UTF-8 (line {0})': 'i byte non sono UTF-8 valido (riga {0})',
  '1234.56 or 1234,56': '1234.56 o 1234,56',
  "'{0}' is not an amount: expected digits with at most 2 decimals, like {1}": "'{0}' non è un importo: attese cifre con al massimo 2 decimali, come {1}",
  "'{0}' has {1} decimals: a statement amount has at most 2 (cents)": "'{0}' ha {1} decimali: un importo di estratto conto ne ha al massimo 2 (i centesimi)",
  'is not an IBAN': 'non è un IBAN',
  'has {0} characters where an IBAN of {1} has {2}': 'ha {0} caratteri, mentre un IBAN di {1} ne ha {2}',
  'has wrong check digits (the IBAN mod-97 check fails): it is mistyped or made up':
    'ha cifre di controllo errate (il controllo mod-97 dell’IBAN fallisce): è scritto male o inventato',
  // bank/read/csv-columns.ts
  "{0} (the mapping's dateFormat; / . or - may stand between its parts)": '{0} (il dateFormat della mappatura; tra le parti può esserci / . o -)',
  'dd/mm/yyyy, dd.mm.yyyy, dd-mm-yyyy, dd/mm/yy, dd.mm.yy or yyyy-mm-dd': 'dd/mm/yyyy, dd.mm.yyyy, dd-mm-yyyy, dd/mm/yy, dd.mm.yy o yyyy-mm-dd',
  'Name its date column and its amount column (or its credit and debit columns) with --csv-date and --csv-amount, or a mapping file':
    'Indica la colonna della data e quella dell’importo (o quelle di entrate e uscite) con --csv-date e --csv-amount, o con un file di mappatura',
  'Its columns: {0}': 'Le sue colonne: {0}',
  'For example: {0}': 'Per esempio: {0}',
  'Name its date column and its amount column (or its credit and debit columns): --csv-date, --csv-amount (or --csv-credit and --csv-debit)':
    'Indica la colonna della data e quella dell’importo (o quelle di entrate e uscite): --csv-date, --csv-amount (o --csv-credit e --csv-debit)',
  // bank/read/csv.ts
  'the column with the booking date': 'la colonna con la data contabile',
  'the column with the value date': 'la colonna con la data valuta',
  'the signed amount column': 'la colonna dell’importo con segno',
  'the column of money in': 'la colonna delle entrate',
  'the column of money out': 'la colonna delle uscite',
  'the description column': 'la colonna della descrizione',
  'the counterpart column': 'la colonna della controparte',
  'the bank reference column': 'la colonna del riferimento banca',
  'the column marking reversals (storno)': 'la colonna che segna gli storni',
  'a currency column or code': 'una colonna o un codice della valuta',
  "the account's IBAN": 'l’IBAN del conto',
  'the field delimiter': 'il separatore dei campi',
  'the decimal separator': 'il separatore decimale',
  'the date format': 'il formato della data',
  'the encoding': 'la codifica',
  '{0}: not a JSON mapping file: {1}': '{0}: non è un file di mappatura JSON: {1}',
  'A mapping file is one JSON object like {"date": "Data contabile", "amount": "Importo", "description": "Descrizione"}':
    'Un file di mappatura è un oggetto JSON come {"date": "Data contabile", "amount": "Importo", "description": "Descrizione"}',
  '{0}: expected one JSON object mapping keys to columns, like {"date": "Data", "amount": "Importo"}':
    '{0}: atteso un oggetto JSON che associa chiavi a colonne, come {"date": "Data", "amount": "Importo"}',
  '{0}: "{1}" is not a mapping key: expected {2}': '{0}: "{1}" non è una chiave di mappatura: atteso {2}',
  '{0}: "{1}" must be a string ({2})': '{0}: "{1}" deve essere una stringa ({2})',
  '{0}: must name {1} (a header name or a column number)': '{0}: deve indicare {1} (un nome di intestazione o un numero di colonna)',
  '{0}: required: {1} (a header name like "Data contabile", or a column number)':
    '{0}: obbligatorio: {1} (un nome di intestazione come "Data contabile", o un numero di colonna)',
  '{0}: required: the signed amount column, or {1} and {2} for separate columns of money in and out':
    '{0}: obbligatorio: la colonna dell’importo con segno, oppure {1} e {2} per colonne separate di entrate e uscite',
  '{0}: give either a signed amount column or credit/debit columns ({1}), not both':
    '{0}: indica o una colonna dell’importo con segno o le colonne entrate/uscite ({1}), non entrambe',
  "{0}: '{1}' is not a delimiter: expected one character, like ; , | or tab": "{0}: '{1}' non è un separatore: atteso un carattere, come ; , | o tab",
  "{0}: '{1}' is not a decimal separator: expected , or .": "{0}: '{1}' non è un separatore decimale: atteso , o .",
  "{0}: '{1}' is not a date format: expected dd, mm and yyyy (or yy) with separators, like dd/mm/yyyy or yyyy-mm-dd":
    "{0}: '{1}' non è un formato di data: attesi dd, mm e yyyy (o yy) con separatori, come dd/mm/yyyy o yyyy-mm-dd",
  "{0}: '{1}' is not an encoding fisco reads: expected auto, utf-8 or latin1": "{0}: '{1}' non è una codifica che fisco legge: atteso auto, utf-8 o latin1",
  "{0}: '{1}' is not a valid IBAN (like IT60X0542811101000000123456)": "{0}: '{1}' non è un IBAN valido (come IT60X0542811101000000123456)",
  '{0} problems with the CSV mapping, nothing was read:': '{0} problemi nella mappatura CSV, non è stato letto nulla:',
  '1234,56 or 1.234,56': '1234,56 o 1.234,56',
  '1234.56 or 1,234.56': '1234.56 o 1,234.56',
  "'{0}' is not an amount with a decimal '{1}' (the mapping's decimal separator): expected like {2}":
    "'{0}' non è un importo con il decimale '{1}' (il separatore decimale della mappatura): atteso come {2}",
  "'{0}' is not a reversal marker: expected S, SI, Y, YES, X, 1, TRUE or STORNO for a reversal; empty, N, NO, 0 or FALSE otherwise":
    "'{0}' non è un segno di storno: atteso S, SI, Y, YES, X, 1, TRUE o STORNO per uno storno; vuoto, N, NO, 0 o FALSE altrimenti",
  'the CSV file is empty: expected a header row and one row per movement': 'il file CSV è vuoto: attese una riga di intestazione e una riga per movimento',
  'lines {0}': 'righe {0}',
  '1 balance or total row skipped ({0})': '1 riga di saldo o di totale saltata ({0})',
  '{0} balance or total rows skipped ({1})': '{0} righe di saldo o di totale saltate ({1})',
  '1 row without a date skipped ({0})': '1 riga senza data saltata ({0})',
  '{0} rows without a date skipped ({1})': '{0} righe senza data saltate ({1})',
  '{0} row(s) with a zero amount skipped': '{0} righe con importo zero saltate',
  'no currency column: every amount is taken as EUR (a mapping names the column, or a code, with "currency")':
    'nessuna colonna della valuta: ogni importo è considerato in EUR (una mappatura indica la colonna, o un codice, con "currency")',
  'not a readable CSV: {0}': 'non è un CSV leggibile: {0}',
  "'{0}' is not a currency: expected an ISO code like EUR": "'{0}' non è una valuta: atteso un codice ISO come EUR",
  'line {0}, {1}': 'riga {0}, {1}',
  "'{0}' is not a date: expected {1}": "'{0}' non è una data: atteso {1}",
  'empty: expected the amount of the movement': 'vuota: atteso l’importo del movimento',
  'both {0} ({1}) and {2} ({3}) hold an amount: expected one of them per row':
    'sia {0} ({1}) sia {2} ({3}) contengono un importo: ne è atteso uno solo per riga',
  '{0} and {1} empty: expected the amount of the movement': '{0} e {1} vuote: atteso l’importo del movimento',
  '{0} empty: expected the amount of the movement': '{0} vuota: atteso l’importo del movimento',
  'no header row names the mapped columns {0}: the columns are {1}': 'nessuna riga di intestazione nomina le colonne mappate {0}: le colonne sono {1}',
  'no header row names the mapped column {0}: the columns are {1}': 'nessuna riga di intestazione nomina la colonna mappata {0}: le colonne sono {1}',
  'The file may use another delimiter: give it (; or tab)': 'Il file può usare un altro separatore: indicalo (; o tab)',
  'Name the columns exactly as the header row writes them, or by number from 1':
    'Indica le colonne esattamente come le scrive la riga di intestazione, o per numero a partire da 1',
  'column "{0}"': 'colonna "{0}"',
  'column {0}': 'colonna {0}',
  // bank/read/index.ts
  'camt.053, camt.054, CBI XML, CBI RH, MT940, CSV (with a column mapping)':
    'camt.053, camt.054, CBI XML, CBI RH, MT940, CSV (con una mappatura delle colonne)',
  "Download the statement from the bank's site as camt.053 XML, CBI, MT940 or CSV, not as PDF or Excel":
    'Scarica l’estratto conto dal sito della banca come camt.053 XML, CBI, MT940 o CSV, non come PDF o Excel',
  'a PDF document (a printable statement)': 'un documento PDF (un estratto conto da stampare)',
  'a ZIP archive or an Excel workbook (.xlsx)': 'un archivio ZIP o una cartella di lavoro Excel (.xlsx)',
  'an old Excel workbook (.xls)': 'una vecchia cartella di lavoro Excel (.xls)',
  'a gzip-compressed file: uncompress it first': 'un file compresso con gzip: decomprimilo prima',
  'a binary file': 'un file binario',
  'a line longer than {0} KiB: a {1} line is at most a few hundred characters':
    'una riga più lunga di {0} KiB: una riga {1} è al massimo di qualche centinaio di caratteri',
  'the file is empty: expected a bank statement ({0})': 'il file è vuoto: atteso un estratto conto ({0})',
  '{0}: expected a bank statement ({1})': '{0}: atteso un estratto conto ({1})',
  'looks like a CSV export: give its column mapping (the date column, and the amount column or the credit and debit columns)':
    'sembra un’esportazione CSV: indica la mappatura delle colonne (la colonna della data e quella dell’importo, o quelle di entrate e uscite)',
  'not a bank statement fisco reads: tried {0}': 'non è un estratto conto che fisco legge: provati {0}',
  '{0}: give the encoding (latin1) or save the file as UTF-8': '{0}: indica la codifica (latin1) o salva il file come UTF-8',
  // bank/read/mt940.ts
  'line {0} (:{1}:)': 'riga {0} (:{1}:)',
  "'{0}' is not a balance: expected C or D, YYMMDD, the currency and the amount, like C260301EUR1234,56":
    "'{0}' non è un saldo: attesi C o D, YYMMDD, la valuta e l’importo, come C260301EUR1234,56",
  "'{0}{1}{2}' is not a date: expected YYMMDD": "'{0}{1}{2}' non è una data: atteso YYMMDD",
  "'{0}' is not a statement line: expected YYMMDD[MMDD], C/D/RC/RD, the amount (1234,56), the type (NTRF) and the reference":
    "'{0}' non è una riga di estratto conto: attesi YYMMDD[MMDD], C/D/RC/RD, l’importo (1234,56), il tipo (NTRF) e il riferimento",
  "'{0}{1}{2}' is not a value date: expected YYMMDD": "'{0}{1}{2}' non è una data valuta: atteso YYMMDD",
  "'{0}' is not an entry date: expected MMDD": "'{0}' non è una data di registrazione: atteso MMDD",
  "'{0}': expected the transaction type (like NTRF or NMSC) after the amount": "'{0}': atteso il tipo di operazione (come NTRF o NMSC) dopo l’importo",
  'an MT940 without balances or statement lines: expected :60F:, :61: and :62F: tags':
    'un MT940 senza saldi né righe di estratto conto: attesi i tag :60F:, :61: e :62F:',
  '{0}: no opening balance (:60F:) before this line: its currency is taken as EUR':
    '{0}: nessun saldo iniziale (:60F:) prima di questa riga: la sua valuta è considerata EUR',
  'line {0} (:{1}:): the closing balance {2} is not the opening balance {3} plus the lines read ({4}; difference {5})':
    'riga {0} (:{1}:): il saldo finale {2} non è il saldo iniziale {3} più le righe lette ({4}; differenza {5})',
  // bank/read/text-stream.ts
  '{0} movement(s) repeat the reference, or the date, amount, counterparty and text, of an earlier one: each is kept as a movement of its own':
    '{0} movimenti ripetono il riferimento, o la data, l’importo, la controparte e il testo, di uno precedente: ciascuno è tenuto come movimento a sé',
  // bank/read/xml-stream.ts
  'a bank statement never needs one, and fisco does not read DTDs or entities (refused, nothing read from it)':
    'un estratto conto non ne ha mai bisogno, e fisco non legge DTD né entità (rifiutata, non ne è stato letto nulla)',
  'Invalid declaration: only comments and CDATA may start with <!.': 'Dichiarazione non valida: solo commenti e CDATA possono iniziare con <!.',
  'Start tag expected.': 'Atteso un tag di apertura.',
  'line {0}, column {1}': 'riga {0}, colonna {1}',
  'the XML is not well formed: {0}': 'l’XML non è ben formato: {0}',
  'the XML has a {0} declaration: {1}': 'l’XML ha una dichiarazione {0}: {1}',
  'Multiple possible root nodes found.': 'Trovati più possibili nodi radice.',
  "Attribute '{0}' is repeated.": "L’attributo '{0}' è ripetuto.",
  "Expected closing tag '{0}' (opened in line {1}, col {2}) instead of closing tag '{3}'.":
    "Atteso il tag di chiusura '{0}' (aperto alla riga {1}, colonna {2}) invece del tag di chiusura '{3}'.",
  "Unclosed tag '{0}'.": "Tag '{0}' non chiuso.",
  "the XML refers to the entity '&{0};', which is not declared: fisco reads only the five predefined entities (&lt; &gt; &amp; &quot; &apos;) and character references, and never expands any other":
    "l’XML fa riferimento all’entità '&{0};', che non è dichiarata: fisco legge solo le cinque entità predefinite (&lt; &gt; &amp; &quot; &apos;) e i riferimenti a caratteri, e non ne espande mai altre",
  "'&{0};' is not a valid character reference.": "'&{0};' non è un riferimento a carattere valido.",
  "an '&' that starts no entity reference (a literal & is written &amp;).":
    "un '&' che non inizia alcun riferimento a entità (un & letterale si scrive &amp;).",
  // bank/route.ts
  'the account IBAN {0} {1}: no company can have it': 'l’IBAN del conto {0} {1}: nessuna azienda può averlo',
  'IBAN {0} belongs to no company of this token': 'l’IBAN {0} non appartiene a nessuna azienda di questo token',
  'payment methods not readable ({0})': 'metodi di pagamento non leggibili ({0})',
  'no IBAN': 'nessun IBAN',
  '--account: {0} is not a company this token manages': '--account: {0} non è un’azienda gestita da questo token',
  'It manages: {0}': 'Gestisce: {0}',
  '{0}: the statement names no account IBAN': '{0}: l’estratto conto non indica l’IBAN del conto',
  '{0}; pass --account ID to choose the company': '{0}; indica --account ID per scegliere l’azienda',
  '{0} statements cannot be routed to a company; pass --account ID': '{0} estratti conto non si possono attribuire a un’azienda; indica --account ID',
  'The companies and the IBANs of their payment methods:': 'Le aziende e gli IBAN dei loro metodi di pagamento:',
  // output/table.ts (cells)
  yes: 'sì',
  no: 'no',
  // dunning
  'the interest': 'il calcolo degli interessi',
  '{0} runs from {1} to {2}': '{0} va dal {1} al {2}',
  "A letters' journal cannot be rebuilt from the service: an SMTP server cannot be asked what it sent.":
    'Il registro dei solleciti non si può ricostruire dal servizio: a un server SMTP non si può chiedere che cosa ha inviato.',
  'Restore it from a backup; or move it aside knowing that the letters it recorded would get level 1 again and could be sent again.':
    'Ripristinalo da una copia; oppure spostalo sapendo che i solleciti che registra tornerebbero al livello 1 e potrebbero essere inviati di nuovo.',
  'invoice {0} of {1}': 'il ritardo della fattura {0} di {1}',
  'Make one with: fisco dunning plan --plan piano.json': 'Crealo con: fisco dunning plan --plan piano.json',
  '{0}: not a dunning plan: not JSON ({1})': '{0}: non è un piano di solleciti: non è JSON ({1})',
  '{0}: not a plan of fisco dunning plan (no "kind": "{1}")': '{0}: non è un piano di fisco dunning plan (manca "kind": "{1}")',
  'letters[{0}].id: {1} appears twice for company {2}': 'letters[{0}].id: {1} compare due volte per l’azienda {2}',
  "letters[{0}].account: {1} is not one of the plan's companies": 'letters[{0}].account: {1} non è una delle aziende del piano',
  'letters[{0}].to: a letter by {1} needs an address': 'letters[{0}].to: un sollecito via {1} richiede un indirizzo',
  'letters[{0}].channel: a diffida ad adempiere (level 3) goes only to a PEC': 'letters[{0}].channel: una diffida ad adempiere (livello 3) va solo a una PEC',
  'Make the plan again with the profile that will send it.': 'Rifai il piano con il profilo che lo invierà.',
  '{0} (1 January to 30 June {1})': '{0} (dal 1° gennaio al 30 giugno {1})',
  '{0} (1 July to 31 December {1})': '{0} (dal 1° luglio al 31 dicembre {1})',
  'no reference rate for {0} in {1}: {2}': 'nessun tasso di riferimento per {0} in {1}: {2}',
  "fisco's rates table": 'la tabella dei tassi di fisco',
  'fisco never guesses a rate. Give the table with --rates FILE, a CSV of from,rate (the reference rate in percent, as the Ministry published it for that half-year):':
    'fisco non indovina mai un tasso. Indica la tabella con --rates FILE, un CSV di from,rate (il tasso di riferimento in percentuale, come l’ha pubblicato il Ministero per quel semestre):',
  '  fisco dunning rates --fields from,rate -o csv > tassi.csv   # then add a line such as {0},RATE':
    '  fisco dunning rates --fields from,rate -o csv > tassi.csv   # poi aggiungi una riga come {0},TASSO',
  '{0}: not a CSV of from,rate ({1})': '{0}: non è un CSV di from,rate ({1})',
  'line {0}: two columns expected (from,rate), found {1}': 'riga {0}: attese due colonne (from,rate), trovate {1}',
  'line {0}: {1}': 'riga {0}: {1}',
  'line {0}: from {1} is not the first day of a half-year (1 January or 1 July)':
    'riga {0}: from {1} non è il primo giorno di un semestre (1° gennaio o 1° luglio)',
  "line {0}: rate '{1}' is not a reference rate in percent like 2.15 (at most 4 decimals, not negative)":
    "riga {0}: il tasso '{1}' non è un tasso di riferimento in percentuale come 2.15 (al massimo 4 decimali, non negativo)",
  'line {0}: {1} is given twice': 'riga {0}: {1} è indicato due volte',
  '{0}: the rates file is not valid (1 problem)': '{0}: il file dei tassi non è valido (1 problema)',
  '{0}: the rates file is not valid ({1} problems)': '{0}: il file dei tassi non è valido ({1} problemi)',
  '{0}: the rates file has no rate: write one line per half-year, like 2026-07-01,2.15':
    '{0}: il file dei tassi non ha alcun tasso: scrivi una riga per semestre, come 2026-07-01,2.15',
  "{0}: '{1}' is not a URL like smtps://user@host:465 or smtp://user@host:587": "{0}: '{1}' non è un URL come smtps://user@host:465 o smtp://user@host:587",
  '{0}: the scheme must be smtp:// or smtps://, not {1}//': '{0}: lo schema deve essere smtp:// o smtps://, non {1}//',
  '{0}: the URL carries a password: give it with FISCO_SMTP_PASSWORD or at the hidden prompt, never on the command line':
    '{0}: l’URL contiene una password: indicala con FISCO_SMTP_PASSWORD o alla richiesta nascosta, mai sulla riga di comando',
  '--smtp-insecure: only for a server on 127.0.0.1 (this one is {0}): use smtps:// or smtp:// with STARTTLS':
    '--smtp-insecure: solo per un server su 127.0.0.1 (questo è {0}): usa smtps:// o smtp:// con STARTTLS',
  '--smtp-insecure goes with smtp://, not smtps://': '--smtp-insecure va con smtp://, non con smtps://',
  'the conversation broke after the message was handed over ({0})': 'la comunicazione si è interrotta dopo la consegna del messaggio ({0})',
  'the server refused the message ({0})': 'il server ha rifiutato il messaggio ({0})',
  'not sent ({0})': 'non inviato ({0})',
  // invoice/draft-file.ts
  'must be a number or a decimal string like 1234.50': 'deve essere un numero o una stringa decimale come 1234.50',
  'text (in quotes)': 'testo (tra virgolette)',
  'true or false': 'true o false',
  'a list [ … ]': 'un elenco [ … ]',
  'an object { … }': 'un oggetto { … }',
  '--from {0}: not valid JSON ({1})': '--from {0}: JSON non valido ({1})',
  'is not a field of POST /fatture/nuova/manuale or /piva': 'non è un campo di POST /fatture/nuova/manuale o /piva',
  'must be {0}': 'deve essere {0}',
  // io
  'cannot write {0} ({1}); nothing partial was left there': 'impossibile scrivere {0} ({1}); non è rimasto nulla di parziale',
  'no such file': 'file inesistente',
  'is a folder, not a file': 'è una cartella, non un file',
  'not allowed to read it': 'non hai il permesso di leggerlo',
  '{0} is held by {1}': '{0} è bloccato da {1}',
  'the wait for the lock was abandoned': 'l’attesa del blocco è stata abbandonata',
  'process {0} on {1}, since {2}': 'il processo {0} su {1}, dal {2}',
  'another process': 'un altro processo',
  '{0}: {1} is under a file, not a folder': '{0}: {1} sta sotto un file, non una cartella',
  '{0}: {1} is on {2}, a kernel file system, not a place for files; give a folder on a disk':
    '{0}: {1} è su {2}, un file system del kernel, non un posto per file; indica una cartella su un disco',
  '{0}: cannot write in the folder {1} (no permission)': '{0}: impossibile scrivere nella cartella {1} (permesso negato)',
  '{0}: {1} is a file, not a folder': '{0}: {1} è un file, non una cartella',
  '{0}: the folder {1} does not exist': '{0}: la cartella {1} non esiste',
  '{0}: no folder of {1} exists': '{0}: non esiste nessuna cartella di {1}',
  '{0}: {1} is a folder, not a file': '{0}: {1} è una cartella, non un file',
  '{0}: the folder of {1} ({2}) does not exist': '{0}: la cartella di {1} ({2}) non esiste',
  // journal
  'it carries sequence number {0} where {1} belongs: a line before it was removed or added':
    'riporta il numero di sequenza {0} dove va il {1}: una riga precedente è stata tolta o aggiunta',
  'line {0} does not follow it: it was edited, or lines after it were removed':
    'la riga {0} non la segue: è stata modificata, o sono state tolte delle righe successive',
  '{0} {1} of profile {2}, company {3}': '{0} {1} del profilo {2}, azienda {3}',
  '{0} {1} of profile {2}': '{0} {1} del profilo {2}',
  'the journal {0} is damaged at line {1}: {2}; fisco left it unchanged and sent nothing':
    'il registro {0} è danneggiato alla riga {1}: {2}; fisco non l’ha modificato e non ha inviato nulla',
  'Run the same command again with --rebuild-from-service: the verified lines are kept, the damaged file is kept beside it,':
    'Esegui di nuovo lo stesso comando con --rebuild-from-service: le righe verificate si tengono, il file danneggiato resta accanto,',
  'and every record the journal does not show as settled is looked up on the service before anything is sent (never twice).':
    'e ogni record che il registro non mostra come concluso viene cercato sul servizio prima di inviare qualsiasi cosa (mai due volte).',
  'cannot read the journal {0} ({1})': 'impossibile leggere il registro {0} ({1})',
  '{0} is not a fisco journal (line 1); fisco left it unchanged and sent nothing':
    '{0} non è un registro di fisco (riga 1); fisco non l’ha modificato e non ha inviato nulla',
  'Move it away only after checking on the service what it recorded.': 'Spostalo solo dopo aver controllato sul servizio che cosa ha registrato.',
  'the journal ends at line {0}, but its seal says line {1} was written: its last lines are lost':
    'il registro finisce alla riga {0}, ma il suo sigillo dice che è stata scritta la riga {1}: le sue ultime righe sono perse',
  'it is not the line that was written (its seal holds another hash): it was edited':
    'non è la riga che era stata scritta (il sigillo ha un altro hash): è stata modificata',
  'the journal is missing, but its seal says {0} lines were written': 'il registro manca, ma il suo sigillo dice che sono state scritte {0} righe',
  'the journal is empty, but its seal says {0} lines were written': 'il registro è vuoto, ma il suo sigillo dice che sono state scritte {0} righe',
  'the journal {0} belongs to {1}, not to {2}': 'il registro {0} appartiene a {1}, non a {2}',
  'the journal {0} is in use by fisco {1}; waited {2} s and sent nothing': 'il registro {0} è in uso da fisco {1}; atteso {2} s e non è stato inviato nulla',
  'the journal {0} is in use by fisco {1}: waiting for it (up to {2} s)': 'il registro {0} è in uso da fisco {1}: attendo che si liberi (fino a {2} s)',
  'Run the command again when the other one has finished.': 'Esegui di nuovo il comando quando l’altro avrà finito.',
  'cannot lock the journal {0} ({1})': 'impossibile bloccare il registro {0} ({1})',
  'the journal is missing (deleted or moved), but its seal says {0} lines were written':
    'il registro manca (cancellato o spostato), ma il suo sigillo dice che sono state scritte {0} righe',
  'the journal {0} belongs to {1}, not to {2}; fisco left it unchanged and sent nothing':
    'il registro {0} appartiene a {1}, non a {2}; fisco non l’ha modificato e non ha inviato nulla',
  'the journal {0} was written by an earlier fisco, without the chain that shows damage: read as it is ({1} lines) and rewritten in the checked format':
    'il registro {0} è stato scritto da un fisco precedente, senza la catena che mostra i danni: letto così com’è ({1} righe) e riscritto nel formato verificato',
  'the line the seal covers last is cut short': 'l’ultima riga coperta dal sigillo è troncata',
  'the seal of the journal {0} was unreadable: written again from its {1} lines': 'il sigillo del registro {0} era illeggibile: riscritto dalle sue {1} righe',
  'the seal of the journal {0} was missing: written again from its {1} lines': 'il sigillo del registro {0} mancava: riscritto dalle sue {1} righe',
  'its 1 verified line': 'la sua unica riga verificata',
  'its {0} verified lines': 'le sue {0} righe verificate',
  'rebuilt the journal {0} (damaged at line {1}: {2}) from {3}; the damaged file is kept as {4}; every record it does not show as settled is looked up on the service first':
    'ricostruito il registro {0} (danneggiato alla riga {1}: {2}) da {3}; il file danneggiato è conservato come {4}; ogni record che non risulta concluso viene prima cercato sul servizio',
  'rebuilt the journal {0} (damaged at line {1}: {2}) from {3}; every record it does not show as settled is looked up on the service first':
    'ricostruito il registro {0} (danneggiato alla riga {1}: {2}) da {3}; ogni record che non risulta concluso viene prima cercato sul servizio',
  'interrupted by {0} after the write in flight: {1}': 'interrotto da {0} dopo la scrittura in corso: {1}',
  'The journal is exact: run the same command again to continue where it stopped.':
    'Il registro è esatto: esegui di nuovo lo stesso comando per continuare da dove si è fermato.',
  '{0}: waits behind {1} (same invoice), until {2} (in {3} s)': '{0}: attende dietro {1} (stessa fattura), fino al {2} (tra {3} s)',
  '{0}: its request may still reach the service; sent again only after {1} (in {2} s), if a lookup then still finds nothing':
    '{0}: la sua richiesta può ancora arrivare al servizio; si reinvia solo dopo il {1} (tra {2} s), se una ricerca allora non trova ancora nulla',
  // output
  "--fields: '{0}' names no field; give comma-separated field names, like --fields number,total":
    "--fields: '{0}' non indica alcun campo; indica nomi di campi separati da virgole, come --fields number,total",
  "--output: unknown format '{0}'; use one of {1}": "--output: formato '{0}' sconosciuto; usa uno tra {1}",
  "{0}: unknown dialect '{1}'; use rfc (RFC 4180) or it (Italian spreadsheets: ';', decimal comma, dd/mm/yyyy)":
    "{0}: dialetto '{1}' sconosciuto; usa rfc (RFC 4180) o it (fogli di calcolo italiani: ';', virgola decimale, dd/mm/yyyy)",
  "--query: {0} in '{1}'": "--query: {0} in '{1}'",
  'JMESPath, as aws and az take it; e.g. --query "[?payment_status==\'overdue\'].number"':
    'JMESPath, come lo accettano aws e az; per esempio --query "[?payment_status==\'overdue\'].number"',
  // profiles
  'Run `fisco auth login` (on a terminal, or `--with-token` reading the token from stdin),':
    'Esegui `fisco auth login` (su un terminale, o `--with-token` leggendo il token da stdin),',
  'or set FISCO_TOKEN and FISCO_BASE_URL (CI needs no profile), or try `fisco --demo …` offline.':
    'oppure imposta FISCO_TOKEN e FISCO_BASE_URL (la CI non ha bisogno di un profilo), o prova `fisco --demo …` offline.',
  "{0}: unknown environment '{1}'; use production or sandbox": "{0}: ambiente '{1}' sconosciuto; usa production o sandbox",
  'not logged in: no profile is active (stored: {0})': 'accesso non effettuato: nessun profilo è attivo (salvati: {0})',
  '`fisco auth use NAME` makes one active; `-p NAME` uses one for a single command.':
    '`fisco auth use NOME` ne rende attivo uno; `-p NOME` ne usa uno per un solo comando.',
  'not logged in: no token is configured': 'accesso non effettuato: nessun token è configurato',
  "{0}: no profile named '{1}'": "{0}: nessun profilo di nome '{1}'",
  'Known profiles: {0} (`fisco auth list`).': 'Profili noti: {0} (`fisco auth list`).',
  'No profiles yet: run `fisco auth login`.': 'Ancora nessun profilo: esegui `fisco auth login`.',
  'no base URL is configured for the {0} environment': 'nessun URL di base è configurato per l’ambiente {0}',
  'Pass it once with `fisco auth login --env {0} --base-url URL`, or set FISCO_BASE_URL.':
    'Indicalo una volta con `fisco auth login --env {0} --base-url URL`, o imposta FISCO_BASE_URL.',
  'profile {0} was stored by another fisco while this login ran; nothing was changed':
    'il profilo {0} è stato salvato da un altro fisco durante questo accesso; non è cambiato nulla',
  'Run `fisco auth list`, then the login again to review what it replaces.':
    'Esegui `fisco auth list`, poi di nuovo l’accesso per rivedere che cosa sostituisce.',
  "no profile named '{0}' (another fisco may have removed it)": "nessun profilo di nome '{0}' (un altro fisco potrebbe averlo rimosso)",
  'cannot be read ({0})': 'non si può leggere ({0})',
  'is not a fisco profile store (it holds {0}, not an object)': 'non è un archivio di profili di fisco (contiene {0}, non un oggetto)',
  'an array': 'un array',
  'a {0}': 'un {0}',
  'is not a fisco profile store (version: {0})': 'non è un archivio di profili di fisco (versione: {0})',
  'the profile file {0} has format {1}, written by a newer fisco; this one reads format {2} and left it unchanged':
    'il file dei profili {0} ha il formato {1}, scritto da un fisco più recente; questo legge il formato {2} e l’ha lasciato invariato',
  'Upgrade fisco, or point FISCO_CONFIG_DIR at another folder.': 'Aggiorna fisco, o fai puntare FISCO_CONFIG_DIR a un’altra cartella.',
  'is not a fisco profile store ({0}: {1})': 'non è un archivio di profili di fisco ({0}: {1})',
  'top level': 'livello principale',
  "is not a fisco profile store (profiles.{0}.name is '{1}')": "non è un archivio di profili di fisco (profiles.{0}.name è '{1}')",
  'the profile file {0} {1}': 'il file dei profili {0} {1}',
  'fisco left it unchanged. Fix it by hand, or move it away and run `fisco auth login` again.':
    'fisco l’ha lasciato invariato. Correggilo a mano, o spostalo ed esegui di nuovo `fisco auth login`.',
  'the profile file {0} is locked by another fisco; waited {1} s and changed nothing':
    'il file dei profili {0} è bloccato da un altro fisco; atteso {1} s e non è cambiato nulla',
  'Run the command again when the other one has finished. A lock left by a crashed fisco ({0}) is taken over at once.':
    'Esegui di nuovo il comando quando l’altro avrà finito. Un blocco lasciato da un fisco terminato in modo anomalo ({0}) viene ripreso subito.',
  'cannot lock the profile file {0} ({1})': 'impossibile bloccare il file dei profili {0} ({1})',
  // receivables/contacts.ts
  '{0}: not a CSV of VAT number and e-mail address ({1})': '{0}: non è un CSV di partita IVA e indirizzo e-mail ({1})',
  'line {0}: two columns expected (VAT number, e-mail address), found {1}': 'riga {0}: attese due colonne (partita IVA, indirizzo e-mail), trovate {1}',
  'line {0}: the VAT number is empty': 'riga {0}: la partita IVA è vuota',
  "line {0}: '{1}' is not an e-mail address": "riga {0}: '{1}' non è un indirizzo e-mail",
  'line {0}: VAT number {1} already has {2} (line {3}): one address per client': 'riga {0}: la partita IVA {1} ha già {2} (riga {3}): un indirizzo per cliente',
  '{0}: the contacts file is not valid (1 problem); nothing was read': '{0}: il file dei contatti non è valido (1 problema); non è stato letto nulla',
  '{0}: the contacts file is not valid ({1} problems); nothing was read': '{0}: il file dei contatti non è valido ({1} problemi); non è stato letto nulla',
  // webhooks/listen.ts
  'a body over {0} bytes': 'un corpo di oltre {0} byte',
  'signed, but not a JSON envelope with event and delivery_id': 'firmato, ma non una busta JSON con event e delivery_id',
  "the timestamp '{0}' is neither Unix seconds nor ISO-8601 with an offset": "il timestamp '{0}' non è né in secondi Unix né ISO-8601 con fuso",
  'no sha256=<hex or base64 digest of 32 bytes> found in the signature': 'nessun sha256=<digest esadecimale o base64 di 32 byte> trovato nella firma',
  'the signature does not match the body and timestamp under any of the secrets': 'la firma non corrisponde al corpo e al timestamp con nessuno dei segreti',
  'the timestamp is {0} s old, more than the tolerance of {1} s (a replay?)': 'il timestamp è di {0} s fa, oltre la tolleranza di {1} s (una ripetizione?)',
  'the timestamp is {0} s in the future, more than the tolerance of {1} s (check the clocks)':
    'il timestamp è {0} s nel futuro, oltre la tolleranza di {1} s (controlla gli orologi)',
  // api/client.ts
  '{0} MB': '{0} MB',
  'the answer is {0}, more than the {1} fisco reads (FISCO_MAX_BODY_MB)': 'la risposta è di {0}, più dei {1} che fisco legge (FISCO_MAX_BODY_MB)',
  'the answer is larger than the {0} fisco reads (FISCO_MAX_BODY_MB)': 'la risposta è più grande dei {0} che fisco legge (FISCO_MAX_BODY_MB)',
  'the token holds a space, a line break or another control character, so it cannot be sent as a header; nothing was sent':
    'il token contiene uno spazio, un a capo o un altro carattere di controllo, quindi non si può inviare come intestazione; non è stato inviato nulla',
  'Check FISCO_TOKEN or the profile (`fisco auth status`): copy the token again without spaces or line breaks.':
    'Controlla FISCO_TOKEN o il profilo (`fisco auth status`): copia di nuovo il token senza spazi né a capo.',
  "the file link '{0}' is not a URL": "il link del file '{0}' non è un URL",
  "http on another host ({0}); fisco follows https links, and http only on the API's host":
    'http su un altro host ({0}); fisco segue i link https, e http solo sull’host dell’API',
  'the scheme {0}; fisco follows https links only': 'lo schema {0}; fisco segue solo i link https',
  'the file link {0} uses {1}': 'il link del file {0} usa {1}',
  'after {0} attempts': 'dopo {0} tentativi',
  'after {0} attempts in {1} (reads retry for at most {2})': 'dopo {0} tentativi in {1} (le letture si ritentano al massimo per {2})',
  'an unusable answer: {0}': 'una risposta inutilizzabile: {0}',
  'the answer did not arrive within {0} (--timeout)': 'la risposta non è arrivata entro {0} (--timeout)',
  'the connection closed in the middle of the answer': 'la connessione si è chiusa a metà della risposta',
  '{0} {1}: the service refused the request headers as too large (HTTP 431): the token is probably not a token; nothing was done':
    '{0} {1}: il servizio ha rifiutato le intestazioni della richiesta perché troppo grandi (HTTP 431): probabilmente il token non è un token; non è stato fatto nulla',
  'Check FISCO_TOKEN or the profile (`fisco auth status`) and log in again with the right token.':
    'Controlla FISCO_TOKEN o il profilo (`fisco auth status`) e accedi di nuovo con il token giusto.',
  'the service (Retry-After)': 'il servizio (Retry-After)',
  'the service to recover': 'il ripristino del servizio',
  'the service asks to wait {0} s, longer than fisco waits ({1} s, FISCO_MAX_WAIT)':
    'il servizio chiede di attendere {0} s, più di quanto fisco attende ({1} s, FISCO_MAX_WAIT)',
  '{0} ({1})': '{0} ({1})',
  'a redirect (HTTP {0}); fisco does not follow redirects': 'un reindirizzamento (HTTP {0}); fisco non segue i reindirizzamenti',
  'a redirect (HTTP {0}) to {1} (another host: the token is not sent there); fisco does not follow redirects':
    'un reindirizzamento (HTTP {0}) verso {1} (un altro host: il token non viene inviato lì); fisco non segue i reindirizzamenti',
  'a redirect (HTTP {0}) to {1}; fisco does not follow redirects': 'un reindirizzamento (HTTP {0}) verso {1}; fisco non segue i reindirizzamenti',
  '{0} {1}: the service answered {2}; the request may or may not have been carried out':
    '{0} {1}: il servizio ha risposto con {2}; la richiesta può essere stata eseguita oppure no',
  'Do not simply repeat it: first check whether it took effect (for example with a list command); check the base URL (`fisco auth status`).':
    'Non ripeterla semplicemente: prima controlla se ha avuto effetto (per esempio con un comando list); controlla l’URL di base (`fisco auth status`).',
  '{0} {1}: unexpected answer: {2}; check the base URL (`fisco auth status`)': '{0} {1}: risposta inattesa: {2}; controlla l’URL di base (`fisco auth status`)',
  'no complete answer within {0} (the --timeout of each request)': 'nessuna risposta completa entro {0} (il --timeout di ogni richiesta)',
  '{0} {1}: {2}; the request may or may not have been carried out': '{0} {1}: {2}; la richiesta può essere stata eseguita oppure no',
  'Do not simply repeat it: first check whether it took effect (for example with a list command).':
    'Non ripeterla semplicemente: prima controlla se ha avuto effetto (per esempio con un comando list).',
  '{0} {1}: {2}, {3}': '{0} {1}: {2}, {3}',
  '{0} {1}: {2}': '{0} {1}: {2}',
  'fisco retried and gave up; check the network and the base URL (`fisco auth status`).':
    'fisco ha ritentato e ha rinunciato; controlla la rete e l’URL di base (`fisco auth status`).',
  'Nothing reached the service; it is safe to try again.': 'Non è arrivato nulla al servizio; puoi riprovare senza rischi.',
  '{0} s': '{0} s',
  'connection refused by {0}': 'connessione rifiutata da {0}',
  'cannot resolve the host of {0}': 'impossibile risolvere l’host di {0}',
  'timed out connecting to {0}': 'tempo scaduto per la connessione a {0}',
  'timed out waiting for the service to answer': 'tempo scaduto in attesa della risposta del servizio',
  'the connection was closed before the service answered': 'la connessione è stata chiusa prima che il servizio rispondesse',
  "{0}: '{1}' is not a URL; give the API's base address, like https://api.example/ ":
    "{0}: '{1}' non è un URL; indica l’indirizzo di base dell’API, come https://api.example/ ",
  '{0}: the base URL must be http or https': '{0}: l’URL di base deve essere http o https',
  '{0}: the base URL carries a user name or password ({1}); give it without them: fisco authenticates with the token only':
    '{0}: l’URL di base contiene un nome utente o una password ({1}); indicalo senza: fisco si autentica solo con il token',
  '--offline: files (F24 and invoice PDFs) are not kept in the mirror; download them without --offline. Nothing was sent':
    '--offline: i file (PDF di F24 e fatture) non sono conservati nella copia locale; scaricali senza --offline. Non è stato inviato nulla',
  // api/*.ts
  'See it with: fisco clients list --search NAME': 'Lo vedi con: fisco clients list --search NOME',
  '`--debug` shows the whole answer': '`--debug` mostra l’intera risposta',
  'an empty body': 'un corpo vuoto',
  'an HTML page ("{0}")': 'una pagina HTML ("{0}")',
  'truncated or malformed JSON ("{0}")': 'JSON troncato o malformato ("{0}")',
  'not JSON ("{0}")': 'non JSON ("{0}")',
  'null instead of a JSON object': 'null invece di un oggetto JSON',
  'no {0} ("{1}")': 'manca {0} ("{1}")',
  'no body ("{0}")': 'nessun corpo ("{0}")',
  '{0}: {1} ("{2}")': '{0}: {1} ("{2}")',
  'the body': 'il corpo',
  '{0} {1}: the service answered HTTP {2}, but its answer cannot be read ({3}): the request was probably carried out, and fisco cannot tell; {4}':
    '{0} {1}: il servizio ha risposto HTTP {2}, ma la sua risposta non si può leggere ({3}): la richiesta è stata probabilmente eseguita, e fisco non può saperlo; {4}',
  'Check whether it took effect before repeating it. {0}': 'Controlla se ha avuto effetto prima di ripeterla. {0}',
  'Check whether it took effect before repeating it.': 'Controlla se ha avuto effetto prima di ripeterla.',
  '{0} {1}: unexpected answer (HTTP {2}, {3}); {4}': '{0} {1}: risposta inattesa (HTTP {2}, {3}); {4}',
  'the token is missing, invalid or expired': 'il token manca, non è valido o è scaduto',
  'this token is not allowed to do that': 'questo token non è autorizzato a farlo',
  'not found': 'non trovato',
  'conflict with an existing record': 'conflitto con un record esistente',
  'the service rejected the request': 'il servizio ha rifiutato la richiesta',
  'rate limited by the service': 'limite di richieste raggiunto sul servizio',
  'the service failed (HTTP {0})': 'il servizio ha avuto un errore (HTTP {0})',
  'unexpected HTTP {0}': 'HTTP {0} inatteso',
  'Check the token: `fisco auth status` verifies it; `fisco auth login` stores a new one.':
    'Controlla il token: `fisco auth status` lo verifica; `fisco auth login` ne salva uno nuovo.',
  'wrong environment: {0}': 'ambiente sbagliato: {0}',
  'Use the profile for that host: fisco -p {0} …': 'Usa il profilo di quell’host: fisco -p {0} …',
  'Log in for that environment: fisco auth login --base-url {0} (or set FISCO_BASE_URL={1} with its token).':
    'Accedi per quell’ambiente: fisco auth login --base-url {0} (o imposta FISCO_BASE_URL={1} con il suo token).',
  "Create a token with the ability '{0}' (or full access) in the web application's integration settings.":
    "Crea un token con l’abilitazione '{0}' (o con accesso completo) nelle impostazioni di integrazione dell’applicazione web.",
  "This token manages several companies: say which with --account ID (the API's account_id; or FISCO_ACCOUNT).":
    'Questo token gestisce più aziende: indica quale con --account ID (l’account_id dell’API; o FISCO_ACCOUNT).',
  'Wait {0} s and try again.': 'Attendi {0} s e riprova.',
  'Wait a minute and try again.': 'Attendi un minuto e riprova.',
  'The service failed; try again later. `--debug` shows the exchange.': 'Il servizio ha avuto un errore; riprova più tardi. `--debug` mostra lo scambio.',
  '`fisco events list` shows every event key with its label.': '`fisco events list` mostra ogni chiave di evento con la sua descrizione.',
  'See it with: fisco hooks list.': 'La vedi con: fisco hooks list.',
  'The subscription was probably created or updated, but its secret could not be read and is never shown again.':
    'La sottoscrizione è stata probabilmente creata o aggiornata, ma il suo segreto non si è potuto leggere e non viene più mostrato.',
  'Check with `fisco hooks list`; if it is there, replace it: `fisco hooks delete ID`, then run this `fisco hooks create` again.':
    'Controlla con `fisco hooks list`; se c’è, sostituiscila: `fisco hooks delete ID`, poi esegui di nuovo questo `fisco hooks create`.',
  'a subscription id': 'un id di sottoscrizione',
  'See it with: fisco hooks list (it shows as inactive).': 'La vedi con: fisco hooks list (risulta inattiva).',
  'See it with: fisco invoice list.': 'La vedi con: fisco invoice list.',
  'See it with: fisco invoice list --fields number,uuid,amount_paid,amount_due,payment_status (invoice {0}).':
    'La vedi con: fisco invoice list --fields number,uuid,amount_paid,amount_due,payment_status (fattura {0}).',
  '{0} asks to wait {1}, longer than fisco waits ({2}, FISCO_MAX_WAIT); nothing more was sent':
    '{0} chiede di attendere {1}, più di quanto fisco attende ({2}, FISCO_MAX_WAIT); non è stato inviato altro',
  'Try again in {0}, or allow a longer wait with FISCO_MAX_WAIT=SECONDS.': 'Riprova tra {0}, o consenti un’attesa più lunga con FISCO_MAX_WAIT=SECONDI.',
  'the service (HTTP 429, Retry-After)': 'il servizio (HTTP 429, Retry-After)',
  'the rate limit ({0})': 'il limite di richieste ({0})',
  '1 request in {0}': '1 richiesta in {0}',
  '{0} requests in {1}': '{0} richieste in {1}',
  'meta.next_page is {0}, not a page number': 'meta.next_page è {0}, non un numero di pagina',
  "meta.next_page '{0}' is neither a page number nor a link": "meta.next_page '{0}' non è né un numero di pagina né un link",
  "meta.next_page links to another host ({0}); fisco follows links on the API's own host only":
    'meta.next_page punta a un altro host ({0}); fisco segue solo i link sull’host dell’API',
  'meta.next_page is {0}, not a page indicator': 'meta.next_page è {0}, non un indicatore di pagina',
  'GET {0}: unexpected answer: {1}; {2}': 'GET {0}: risposta inattesa: {1}; {2}',
  'cannot be empty': 'non può essere vuoto',
  "cannot be '{0}'": "non può essere '{0}'",
  "cannot contain '/'": "non può contenere '/'",
  'cannot contain control characters': 'non può contenere caratteri di controllo',
  '{0}: {1}; nothing was sent': '{0}: {1}; non è stato inviato nulla',
  "{0}: {1} (got '{2}'); nothing was sent": "{0}: {1} (ricevuto '{2}'); non è stato inviato nulla",
  "{0}: '{1}' is not {2} (a whole number)": "{0}: '{1}' non è {2} (un numero intero)",
  'a subscription id, as `fisco hooks list` shows': 'un id di sottoscrizione, come lo mostra `fisco hooks list`',
  // factory/factory.ts
  'waiting {0} for {1}…': 'attesa di {0} per {1}…',
  'waiting {0} for {1} (longer waits than {2} end the command: FISCO_MAX_WAIT)':
    'attesa di {0} per {1} (attese più lunghe di {2} terminano il comando: FISCO_MAX_WAIT)',
  // mirror
  '--offline: {0} {1} would change the service; offline, fisco only reads the mirror. Nothing was sent':
    '--offline: {0} {1} modificherebbe il servizio; offline, fisco legge solo la copia locale. Non è stato inviato nulla',
  '--offline: GET {0} is not kept in the mirror; nothing was sent': '--offline: GET {0} non è conservato nella copia locale; non è stato inviato nulla',
  'Offline, fisco answers: accounts list/get, invoice list/get, clients list, cost-centers list, expenses list/summary,':
    'Offline, fisco risponde a: accounts list/get, invoice list/get, clients list, cost-centers list, expenses list/summary,',
  'f24 list/get, deadlines list/export, overview, receivables, cash, whoami and search (docs/mirror.md). Run the others without --offline.':
    'f24 list/get, deadlines list/export, overview, receivables, cash, whoami e search (docs/mirror.md). Esegui gli altri senza --offline.',
  '--offline: the company {0} is not in the mirror (never synced); nothing was read':
    '--offline: l’azienda {0} non è nella copia locale (mai sincronizzata); non è stato letto nulla',
  'Run `{0} --account {1}` while online, then read it offline.': 'Esegui `{0} --account {1}` online, poi leggila offline.',
  '--offline: the mirror holds no company yet; run `{0}` while online first':
    '--offline: la copia locale non contiene ancora nessuna azienda; esegui prima `{0}` online',
  '--offline: the mirror holds nothing yet; run `{0}` while online first': '--offline: la copia locale non contiene ancora nulla; esegui prima `{0}` online',
  '--offline: accounts list --updated-since needs the service (the mirror keeps the companies, not when the service changed them)':
    '--offline: accounts list --updated-since ha bisogno del servizio (la copia locale conserva le aziende, non quando il servizio le ha modificate)',
  'offline: {0} ({1}): the expenses of {2} to {3}, the months the mirror holds':
    'offline: {0} ({1}): le spese da {2} a {3}, i mesi che la copia locale contiene',
  '--offline: the mirror holds the expenses of {0} ({1}) from {2} to {3}; {4}..{5} reaches outside them. Nothing was read':
    '--offline: la copia locale contiene le spese di {0} ({1}) da {2} a {3}; {4}..{5} va oltre. Non è stato letto nulla',
  '`{0} --full` reads {1} months; run the command online for older ones.': '`{0} --full` legge {1} mesi; esegui il comando online per quelli precedenti.',
  '--offline: an expense summary needs its months (--period, or --from and --to): the mirror holds 24 months, not all of them':
    '--offline: un riepilogo delle spese richiede i suoi mesi (--period, o --from e --to): la copia locale contiene 24 mesi, non tutti',
  '--offline: the expense summary of {0} is not in the mirror; nothing was read':
    '--offline: il riepilogo delle spese di {0} non è nella copia locale; non è stato letto nulla',
  'Run `{0}` while online.': 'Esegui `{0}` online.',
  "--offline: updated_since '{0}' is not an instant": "--offline: updated_since '{0}' non è un istante",
  'offline: 1 of these records changed at a time the mirror can only place between two syncs, not before or after {0}: it is included (the mirror knows when it saw a change, the service when it made it)':
    'offline: 1 di questi record è cambiato in un momento che la copia locale sa collocare solo tra due sincronizzazioni, non prima o dopo il {0}: è incluso (la copia locale sa quando ha visto una modifica, il servizio quando l’ha fatta)',
  'offline: {0} of these records changed at a time the mirror can only place between two syncs, not before or after {1}: they are included (the mirror knows when it saw a change, the service when it made it)':
    'offline: {0} di questi record sono cambiati in un momento che la copia locale sa collocare solo tra due sincronizzazioni, non prima o dopo il {1}: sono inclusi (la copia locale sa quando ha visto una modifica, il servizio quando l’ha fatta)',
  '--offline: page must be a whole number of 1 or more': '--offline: page deve essere un numero intero da 1 in su',
  '--offline: per_page must be from 1 to 100': '--offline: per_page deve essere da 1 a 100',
  'just now': 'proprio ora',
  '{0} min ago': '{0} min fa',
  '{0} h ago': '{0} h fa',
  '{0} days ago': '{0} giorni fa',
  'as of {0}, {1}': 'al {0}, {1}',
  'offline: {0}': 'offline: {0}',
  'offline: {0} {1}': 'offline: {0} {1}',
  'no mirror yet for {0} ({1}): nothing to read offline': 'ancora nessuna copia locale per {0} ({1}): niente da leggere offline',
  'the profile {0}': 'il profilo {0}',
  'this token': 'questo token',
  'Run `{0}` while online: it fills {1}.': 'Esegui `{0}` online: riempie {1}.',
  'cannot create the mirror {0} ({1})': 'impossibile creare la copia locale {0} ({1})',
  '{0} is not a fisco mirror ({1}); nothing was read or changed': '{0} non è una copia locale di fisco ({1}); non è stato letto né modificato nulla',
  'Move it aside; the next `fisco sync` makes a new mirror.': 'Spostala; il prossimo `fisco sync` crea una nuova copia locale.',
  '{0} is an SQLite file but not a fisco mirror; nothing was read or changed':
    '{0} è un file SQLite ma non una copia locale di fisco; non è stato letto né modificato nulla',
  'the mirror {0} was written by a newer fisco (schema {1}; this fisco knows schema {2}); it was not read or changed':
    'la copia locale {0} è stata scritta da un fisco più recente (schema {1}; questo fisco conosce lo schema {2}); non è stata letta né modificata',
  'Update fisco, or move the file aside and run `fisco sync --full` to make a new one.':
    'Aggiorna fisco, o sposta il file ed esegui `fisco sync --full` per crearne una nuova.',
  'the mirror {0} has an older schema ({1}): open it for writing to migrate it':
    'la copia locale {0} ha uno schema precedente ({1}): aprila in scrittura per aggiornarla',
  'Syncing {0} · {1} · {2} requests': 'Sincronizzazione di {0} · {1} · {2} richieste',
  'Syncing {0} · {1} requests': 'Sincronizzazione di {0} · {1} richieste',
  '1 invoice left the open list without the service reporting a change ({0}); `fisco sync --full` reads its state':
    '1 fattura è uscita dall’elenco delle aperte senza che il servizio segnalasse una modifica ({0}); `fisco sync --full` ne legge lo stato',
  '{0} invoices left the open list without the service reporting a change ({1}{2}); `fisco sync --full` reads their state':
    '{0} fatture sono uscite dall’elenco delle aperte senza che il servizio segnalasse una modifica ({1}{2}); `fisco sync --full` ne legge lo stato',
  // batch/records.ts
  'line {0} (ref {1}): {2}': 'riga {0} (ref {1}): {2}',
  'is not UTF-8 text': 'non è testo UTF-8',
  'save it as UTF-8 (with or without BOM): CSV, or NDJSON (one JSON object a line)':
    'salvalo come UTF-8 (con o senza BOM): CSV, o NDJSON (un oggetto JSON per riga)',
  'is empty: no records': 'è vuoto: nessun record',
  'is required: a name of your own for the record, unique in the file (an order or contract id)':
    'è obbligatorio: un nome tuo per il record, unico nel file (un id di ordine o di contratto)',
  'is {0} characters long; at most {1}': 'è lungo {0} caratteri; al massimo {1}',
  'holds a control character': 'contiene un carattere di controllo',
  'must be a company id (see fisco accounts list)': 'deve essere un id di azienda (vedi fisco accounts list)',
  'not valid JSON ({0}); each line must be one JSON object': 'JSON non valido ({0}); ogni riga deve essere un oggetto JSON',
  'must be a JSON object { … } (one invoice a line)': 'deve essere un oggetto JSON { … } (una fattura per riga)',
  'is not a readable CSV file (line {0}): {1}': 'non è un file CSV leggibile (riga {0}): {1}',
  'is not a readable CSV file: {0}': 'non è un file CSV leggibile: {0}',
  'has no ref column (its header is: {0})': 'non ha una colonna ref (la sua intestazione è: {0})',
  'is neither CSV with a header (ref, item, quantity, price, vat, …) nor NDJSON (one JSON object a line)':
    'non è né un CSV con intestazione (ref, item, quantity, price, vat, …) né NDJSON (un oggetto JSON per riga)',
  'is not a column of a batch file; the columns are: {0}': 'non è una colonna di un file batch; le colonne sono: {0}',
  'column is required (one row per line item: item, quantity, price, vat)': 'colonna obbligatoria (una riga per voce: item, quantity, price, vat)',
  'column appears twice': 'colonna presente due volte',
  'has {0} cells, the header has {1} (a {2} too many or too few, or a value with {3} not in quotes)':
    'ha {0} celle, l’intestazione ne ha {1} (un {2} di troppo o in meno, o un valore con {3} non tra virgolette)',
  "a CSV batch has a header row with ref, item, quantity, price, vat and the invoice columns (';' separated, decimal comma); see docs/batch.md":
    "un batch CSV ha una riga di intestazione con ref, item, quantity, price, vat e le colonne della fattura (separate da ';', virgola decimale); vedi docs/batch.md",
  "a CSV batch has a header row with ref, item, quantity, price, vat and the invoice columns (',' separated, decimal point); see docs/batch.md":
    "un batch CSV ha una riga di intestazione con ref, item, quantity, price, vat e le colonne della fattura (separate da ',', punto decimale); vedi docs/batch.md",
  "'{0}' differs from '{1}' on line {2}: an invoice's columns must agree on all its rows (or be left empty after the first)":
    "'{0}' è diverso da '{1}' alla riga {2}: le colonne di una fattura devono coincidere su tutte le sue righe (o restare vuote dopo la prima)",
  "'{0}' must be DATE=AMOUNT or DATE=PCT%, e.g. 31/12/2026=50% (several separated by |)":
    "'{0}' deve essere DATA=IMPORTO o DATA=PCT%, per esempio 31/12/2026=50% (più valori separati da |)",
  'is used {0} times (lines {1}): every record needs its own ref': 'è usato {0} volte (righe {1}): ogni record ha bisogno del proprio ref',
  '{0} {1}; nothing was sent': '{0} {1}; non è stato inviato nulla',
  // output/page-note.ts
  'Showing {0}–{1} of {2}; --page {3} for more, --all for everything.': 'Mostrati {0}–{1} di {2}; --page {3} per altri, --all per tutti.',
  'Showing {0}–{1} of {2}; --all for everything.': 'Mostrati {0}–{1} di {2}; --all per tutti.',
  '1 more item not fetched': '1 altro elemento non scaricato',
  '{0} more items not fetched': 'altri {0} elementi non scaricati',
  '{0} (this was {1}–{2} of {3}); add --all for every page, or --page {4}.': '{0} (questi erano {1}–{2} di {3}); aggiungi --all per ogni pagina, o --page {4}.',
  '{0} (this was {1}–{2} of {3}); add --all for every page.': '{0} (questi erano {1}–{2} di {3}); aggiungi --all per ogni pagina.',
  // batch/summary.ts
  '{0}, … {1} more': '{0}, … altri {1}',
  'ref {0}: {1}': 'ref {0}: {1}',
  '{0} records ({1}): {2}': '{0} record ({1}): {2}',
  // domain/dates.ts
  'must be a date written YYYY-MM-DD, e.g. 2026-11-20': 'deve essere una data scritta YYYY-MM-DD, per esempio 2026-11-20',
  '{0} is not a calendar date (write YYYY-MM-DD)': '{0} non è una data del calendario (scrivi YYYY-MM-DD)',
  'must be a month written YYYY-MM, e.g. 2026-11': 'deve essere un mese scritto YYYY-MM, per esempio 2026-11',
  'must be a date YYYY-MM-DD or an ISO-8601 instant with Z or an offset, e.g. 2026-11-20T09:30:00+01:00':
    'deve essere una data YYYY-MM-DD o un istante ISO-8601 con Z o un fuso, per esempio 2026-11-20T09:30:00+01:00',
  // domain/identifiers.ts
  'check digit is wrong: not a valid partita IVA (look for a typo)':
    'cifra di controllo errata: non è una partita IVA valida (controlla che non ci sia un errore di battitura)',
  'check digit is wrong: not a valid codice fiscale (look for a typo)':
    'cifra di controllo errata: non è un codice fiscale valido (controlla che non ci sia un errore di battitura)',
  'must be a partita IVA: 11 digits, with or without the IT prefix': 'deve essere una partita IVA: 11 cifre, con o senza il prefisso IT',
  'must be a codice fiscale: 16 letters and digits like RSSMRA85T10A562S, or 11 digits for a company':
    'deve essere un codice fiscale: 16 lettere e cifre come RSSMRA85T10A562S, o 11 cifre per una società',
  'check character is wrong: not a valid codice fiscale (look for a typo)':
    'carattere di controllo errato: non è un codice fiscale valido (controlla che non ci sia un errore di battitura)',
  '7 letters or digits (6 for a public administration office)': '7 lettere o cifre (6 per un ufficio della pubblica amministrazione)',
  '6 letters or digits (public administration office code)': '6 lettere o cifre (codice univoco ufficio della pubblica amministrazione)',
  '7 letters or digits ({0} for delivery by PEC, {1} for a foreign client)': '7 lettere o cifre ({0} per il recapito via PEC, {1} per un cliente estero)',
  'must be an SDI recipient code: {0}': 'deve essere un codice destinatario SDI: {0}',
  'must be a CAP (postal code) of 5 digits, e.g. 20121': 'deve essere un CAP di 5 cifre, per esempio 20121',
  'must be an Italian province code like MI or RM ({0} for abroad)': 'deve essere la sigla di una provincia italiana come MI o RM ({0} per l’estero)',
  'must be an e-mail address like nome@example.it': 'deve essere un indirizzo e-mail come nome@example.it',
  'must be a two-letter country code like IT or DE': 'deve essere un codice paese di due lettere come IT o DE',
  // domain/input.ts
  'like 1234.50, 1234,50 or 1.234,50 (at most two decimals)': 'come 1234.50, 1234,50 o 1.234,50 (al massimo due decimali)',
  'is empty: write an amount {0}': 'è vuoto: scrivi un importo {0}',
  '{0} or {1}': '{0} o {1}',
  "'{0}' has three decimals: an amount has at most two ({1}?)": "'{0}' ha tre decimali: un importo ne ha al massimo due ({1}?)",
  "'{0}' is ambiguous: write {1} or {2} for {3} euro (an amount has at most two decimals)":
    "'{0}' è ambiguo: scrivi {1} o {2} per {3} euro (un importo ha al massimo due decimali)",
  "'{0}' is not an amount: write it {1}": "'{0}' non è un importo: scrivilo {1}",
  "'{0}' has {1} decimals: an amount has at most two ({2})": "'{0}' ha {1} decimali: un importo ne ha al massimo due ({2})",
  '{0} is not a calendar date (write dd/mm/yyyy or YYYY-MM-DD)': '{0} non è una data del calendario (scrivi dd/mm/yyyy o YYYY-MM-DD)',
  '{0} is not a calendar date (write YYYY-MM-DD or dd/mm/yyyy)': '{0} non è una data del calendario (scrivi YYYY-MM-DD o dd/mm/yyyy)',
  'must be a date written YYYY-MM-DD or dd/mm/yyyy, e.g. 2026-11-24 or 24/11/2026':
    'deve essere una data scritta YYYY-MM-DD o dd/mm/yyyy, per esempio 2026-11-24 o 24/11/2026',
  'must be a month written YYYY-MM or mm/yyyy, e.g. 2026-11 or 11/2026': 'deve essere un mese scritto YYYY-MM o mm/yyyy, per esempio 2026-11 o 11/2026',
  // domain/invoice.ts
  'must not be empty': 'non deve essere vuoto',
  'must be empty on a {0}% line: nature codes are only for 0% VAT lines':
    'deve essere vuoto su una riga al {0}%: i codici natura sono solo per le righe con IVA allo 0%',
  'must have at least one line': 'deve avere almeno una riga',
  'must not exceed the taxable total of {0}': 'non deve superare l’imponibile totale di {0}',
  'line amount {0} is over {1}, the largest amount an e-invoice can carry':
    'l’importo della riga {0} supera {1}, il massimo che una fattura elettronica può riportare',
  'the invoice total {0} is over {1}, the largest amount an e-invoice can carry':
    'il totale della fattura {0} supera {1}, il massimo che una fattura elettronica può riportare',
  'give at least one due date, or leave it out for the default of 30 days':
    'indica almeno una scadenza, oppure omettila per la scadenza predefinita a 30 giorni',
  'must be percent or amount': 'deve essere percent o amount',
  'mixes percent and amount: use one type for all due dates': 'mescola percent e amount: usa un solo tipo per tutte le scadenze',
  'must not be before the issue date {0}': 'non deve essere precedente alla data di emissione {0}',
  'percentages add up to {0}; they must add up to exactly 100': 'le percentuali sommano a {0}; devono sommare esattamente a 100',
  'amounts add up to {0}; they must add up to the invoice total {1}': 'gli importi sommano a {0}; devono sommare al totale della fattura {1}',
  'must be a percentage above 0 and up to 100, like 50 or 33.33': 'deve essere una percentuale maggiore di 0 e fino a 100, come 50 o 33.33',
  'must not exceed the invoice total of {0}': 'non deve superare il totale della fattura di {0}',
  '{0} "{1}" has 0% VAT: the by-VAT variant (--piva) carries no nature code, so the service chooses one from the client and tax regime; to choose it yourself, use the manual variant with --natura':
    '{0} "{1}" ha IVA allo 0%: la variante per partita IVA (--piva) non porta un codice natura, quindi il servizio ne sceglie uno in base al cliente e al regime fiscale; per sceglierlo tu, usa la variante manuale con --natura',
  '{0} "{1}" has 0% VAT but no nature code (natura): the service chooses one from the client and tax regime; give --natura to choose it yourself (the SDI rejects a 0% line without one)':
    '{0} "{1}" ha IVA allo 0% ma nessun codice natura: il servizio ne sceglie uno in base al cliente e al regime fiscale; indica --natura per sceglierlo tu (lo SDI scarta una riga allo 0% senza codice natura)',
  '{0} "{1}" has VAT {2}%, not one of the ordinary rates {3}: right for a special regime, otherwise a typo':
    '{0} "{1}" ha IVA al {2}%, non una delle aliquote ordinarie {3}: corretto per un regime speciale, altrimenti è un errore di battitura',
  'VAT-exempt amounts total {0} EUR, over {1} EUR: a {2} EUR stamp duty (imposta di bollo) is due, unless these operations are exempt from it (e.g. exports, intra-EU supplies, reverse charge)':
    'le operazioni senza IVA ammontano a {0}, oltre {1}: è dovuta l’imposta di bollo di {2}, salvo che queste operazioni ne siano esenti (per esempio esportazioni, cessioni intracomunitarie, inversione contabile)',
  'issue date {0} is in the future (today is {1})': 'la data di emissione {0} è nel futuro (oggi è il {1})',
  'deferred invoice dated {0} should have reached the SDI by {1}: late transmission can be fined':
    'la fattura differita datata {0} doveva arrivare allo SDI entro il {1}: la trasmissione tardiva può essere sanzionata',
  'issue date {0} is {1} days ago: an invoice must reach the SDI within {2} days (by {3}); late transmission can be fined':
    'la data di emissione {0} è di {1} giorni fa: una fattura deve arrivare allo SDI entro {2} giorni (entro il {3}); la trasmissione tardiva può essere sanzionata',
  'client has both SDI code {0} and PEC {1}: the SDI delivers to the code and ignores the PEC':
    'il cliente ha sia il codice SDI {0} sia la PEC {1}: lo SDI recapita al codice e ignora la PEC',
  "SDI code {0} means delivery by PEC, but the client has no PEC: the invoice will only reach the client's tax drawer (cassetto fiscale)":
    'il codice SDI {0} indica il recapito via PEC, ma il cliente non ha una PEC: la fattura arriverà solo nel cassetto fiscale del cliente',
  'SDI code {0} is for foreign clients, but this client is Italian': 'il codice SDI {0} è per i clienti esteri, ma questo cliente è italiano',
  'CIG/CUP given but SDI code {0} has 7 characters: public administrations receive on 6-character office codes (codice univoco ufficio); check the recipient':
    'CIG/CUP indicati ma il codice SDI {0} ha 7 caratteri: le pubbliche amministrazioni ricevono su codici ufficio di 6 caratteri (codice univoco ufficio); controlla il destinatario',
  'foreign client with SDI code {0}: foreign clients normally use {1}': 'cliente estero con codice SDI {0}: i clienti esteri di norma usano {1}',
  // domain/money.ts
  'must be a decimal amount like 1234.50 (dot for decimals, no thousands separator)':
    'deve essere un importo decimale come 1234.50 (punto per i decimali, senza separatore delle migliaia)',
  'must be a unit price like 150.00 or 0.125 (dot for decimals, at most 8 decimals, no thousands separator)':
    'deve essere un prezzo unitario come 150.00 o 0.125 (punto per i decimali, al massimo 8 decimali, senza separatore delle migliaia)',
  'must be a positive quantity like 1, 1.5 or 0.25 (dot for decimals, at most 8 decimals)':
    'deve essere una quantità positiva come 1, 1.5 o 0.25 (punto per i decimali, al massimo 8 decimali)',
  'has more than {0} digits before the decimal point: the e-invoice format allows at most {1}':
    'ha più di {0} cifre prima della virgola: il formato della fattura elettronica ne ammette al massimo {1}',
  'must not be negative': 'non deve essere negativo',
  'must be greater than zero': 'deve essere maggiore di zero',
  'a rate in percent': 'un’aliquota in percentuale',
  'must be {0} from 0 to 100 with at most 2 decimals, like 22 or 10.5': 'deve essere {0} da 0 a 100 con al massimo 2 decimali, come 22 o 10.5',
  "'{0}' is ambiguous: write {1} (or {2}) for {3}, or {4} for {5} and {6} thousandths":
    "'{0}' è ambiguo: scrivi {1} (o {2}) per {3}, oppure {4} per {5} e {6} millesimi",
  'must be a number like 150,00 or 150.00 (1.234,50 with a thousands separator)':
    'deve essere un numero come 150,00 o 150.00 (1.234,50 con il separatore delle migliaia)',
  'a percentage': 'una percentuale',
  'a VAT rate in percent': 'un’aliquota IVA in percentuale',
  // domain/text.ts
  'a control character ({0})': 'un carattere di controllo ({0})',
  'a bidirectional control character ({0})': 'un carattere di controllo bidirezionale ({0})',
  'it changes how the text reads': 'cambia il modo in cui il testo si legge',
  'a line or paragraph separator ({0})': 'un separatore di riga o di paragrafo ({0})',
  'an unpaired surrogate ({0})': 'un surrogato spaiato ({0})',
  'the text is not valid Unicode': 'il testo non è Unicode valido',
  'holds {0} at character {1} ({2})': 'contiene {0} al carattere {1} ({2})',
  'holds {0} at character {1}': 'contiene {0} al carattere {1}',
  '{0}; remove it and try again': '{0}; toglilo e riprova',
  'is {0} characters long; at most {1} are allowed ({2})': 'è lungo {0} caratteri; ne sono ammessi al massimo {1} ({2})',
  'is {0} characters long; at most {1} are allowed': 'è lungo {0} caratteri; ne sono ammessi al massimo {1}',
  // domain/vat.ts
  'must be a VAT nature code: {0}': 'deve essere un codice natura IVA: {0}',
  // i18n/message.ts
  'the service said: {0}': 'il servizio ha risposto: «{0}»',
  // io/prompter.ts
  'missing {0}: pass {1}': 'manca un valore ({0}): indica {1}',
  'fisco asks for it only on a terminal (and not with --no-input).': 'fisco lo chiede solo su un terminale (e non con --no-input).',
  'a confirmation': 'una conferma',
  'cancelled at the prompt; nothing was sent': 'annullato alla richiesta di conferma; non è stato inviato nulla',
  // output/output.ts
  '--output-file {0}: cannot write ({1}); nothing was written there': '--output-file {0}: impossibile scrivere ({1}); lì non è stato scritto nulla',
  '1 item': '1 elemento',
  '{0} items': '{0} elementi',
  '{0} (after {1}; nothing was written to {2})': '{0} (dopo {1}; in {2} non è stato scritto nulla)',
  '{0} (after {1} had been written to stdout; the output is incomplete)': '{0} (dopo {1} già scritti su stdout; l’output è incompleto)',
  'No results.': 'Nessun risultato.',
  '{0} shortened': '{0} abbreviate',
  '{0} left out': '{0} omesse',
  '({0} to fit {1} columns; {2})': '({0} per stare in {1} colonne; {2})',
  '--fields or -o json show every field in full': '--fields o -o json mostrano ogni campo per intero',
  'warning:': 'attenzione:',
  '--fields: {0} is not a field of this resource': '--fields: {0} non è un campo di questa risorsa',
  '--fields: {0} are not fields of this resource': '--fields: {0} non sono campi di questa risorsa',
  'Fields: {0}': 'Campi: {0}',
  // output/table.ts
  'a record': 'un record',
  '{0} an amount with digits past the cent, shown exactly as the service sent it (never rounded): {1} and {2} more; -o json and -o csv carry it exactly':
    '{0} un importo con cifre oltre il centesimo, mostrato esattamente come l’ha inviato il servizio (mai arrotondato): {1} e altri {2}; -o json e -o csv lo riportano esatto',
  '{0} an amount with digits past the cent, shown exactly as the service sent it (never rounded): {1}; -o json and -o csv carry it exactly':
    '{0} un importo con cifre oltre il centesimo, mostrato esattamente come l’ha inviato il servizio (mai arrotondato): {1}; -o json e -o csv lo riportano esatto',
  // profiles/lang.ts
  "the profile's lang": 'la lingua del profilo',
  "{0}: '{1}' is not a language fisco speaks; use it (italiano) or en (English)": "{0}: '{1}' non è una lingua di fisco; usa it (italiano) o en (English)",
  // invoice/body.ts
  'is required{0}': 'è obbligatorio{0}',
  'is required: give --client ID, the --client-* flags, or --piva': 'è obbligatorio: indica --client ID, i flag --client-* oppure --piva',
  'must be one of {0}': 'deve essere uno tra {0}',
  'is a VAT nature code for 0% lines, but no line has 0% VAT': 'è un codice natura IVA per le righe allo 0%, ma nessuna riga ha IVA allo 0%',
  'a draft is fiscally void: no payment can be recorded on it; register it with `fisco invoice pay` once issued':
    'una bozza non ha valore fiscale: non vi si può registrare alcun pagamento; registralo con `fisco invoice pay` una volta emessa la fattura',
  // report/calendar.ts
  "--remind: '{0}' is not a number of days from 0 to {1}, or off (no reminder)":
    "--remind: '{0}' non è un numero di giorni da 0 a {1}, né off (nessun promemoria)",
};

/**
 * The Italian catalogue: English key (src/i18n/message.ts) → Italian, `{0}`, `{1}`… where the
 * arguments go (in any order). Checked by test/unit/i18n/catalogue.test.ts against every t`…` in
 * src/: each message has its translation with the same places, and none is left over. Loaded only
 * by an Italian run (a dynamic import). Flags, commands, field names and exit codes stay as they are.
 */
import type { Catalogue } from './message.js';
import { IT_SDI } from './it-sdi.js';

export const IT: Catalogue = {
  // invoice/draft.ts
  'Next step: the API has no call that sends an existing draft to the SDI: send it from the invoices area of the web application, or delete the draft there and create the invoice again with --send':
    'Prossimo passo: l’API non ha una chiamata che invii allo SDI una bozza esistente: inviala dall’area fatture dell’applicazione web, oppure elimina lì la bozza e crea di nuovo la fattura con --send',
  // receivables/as-of.ts
  "{0}: invoices issued by {1}, with today's residues ({2}), not those of {3}: the service does not list an invoice's payments and the mirror holds no sync on or before that date; an invoice paid since is left out, one paid in part counts what is due today":
    '{0}: fatture emesse entro il {1}, con i residui di oggi ({2}), non quelli del {3}: il servizio non elenca i pagamenti di una fattura e il mirror non ha sincronizzazioni fatte entro quella data; una fattura pagata dopo non compare, una pagata in parte conta quanto è dovuto oggi',
  "{0}: residues on {1} as the sync of {2} saw them (the mirror's last on or before that date); a payment registered between the two is not in them":
    '{0}: residui al {1} come li ha visti la sincronizzazione del {2} (l’ultima del mirror entro quella data); un pagamento registrato tra le due date non vi compare',
  "{0}: invoices issued by {1} that sync did not hold, at today's residues ({2}): {3}":
    '{0}: fatture emesse entro il {1} che quella sincronizzazione non conteneva, con i residui di oggi ({2}): {3}',
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
  // commands/bank/match.ts (--account against the statement's accounts)
  "{0}: the account {1} is {2}'s (its payment methods carry it), not that of {3}, which --account names":
    '{0}: il conto {1} è di {2} (è tra i suoi metodi di pagamento), non di {3}, indicata da --account',
  "{0}: the account {1} is not among the payment methods' IBANs of any company of this token: it cannot be attributed; its movements are matched as {2}'s, as --account says":
    '{0}: il conto {1} non è tra gli IBAN dei metodi di pagamento di alcuna azienda di questo token: non si può attribuire; i suoi movimenti si abbinano come di {2}, come dice --account',
  '{0}; nothing was printed': '{0}; non è stato stampato nulla',
  '{0} accounts of the statements belong to another company than {1}; nothing was printed':
    '{0} conti degli estratti appartengono a un’azienda diversa da {1}; non è stato stampato nulla',
  "Give that company's statements only, or leave out --account to route each statement to its company by its IBAN.":
    'Indica solo gli estratti di quell’azienda, oppure ometti --account per assegnare ogni estratto alla sua azienda dal suo IBAN.',
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
  'no reference rate for {0} in {1}: {2}': 'nessun tasso di riferimento per {0} ({1}): {2}',
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
  "the mirror's database {0} did not answer within {1} s (the --timeout): {2}":
    'il database della copia locale {0} non ha risposto entro {1} s (il --timeout): {2}',
  'Check that the server is up and not overloaded, or give a longer --timeout.':
    'Controlla che il server sia attivo e non sovraccarico, oppure indica un --timeout più lungo.',
  'give a CSV of from,rate: the first day of each half-year and its reference rate in percent':
    'indica un CSV di from,rate: il primo giorno di ogni semestre e il suo tasso di riferimento in percentuale',
  'give a CSV of VAT number and e-mail address, one client a line': 'indica un CSV di partita IVA e indirizzo e-mail, un cliente per riga',
  'is a folder, not a file': 'è una cartella, non un file',
  'not allowed to read it': 'non hai il permesso di leggerlo',
  'is a pipe, not a file (give - to read from stdin)': 'è una pipe, non un file (indica - per leggere dallo stdin)',
  'is a socket, not a file': 'è un socket, non un file',
  'is a device, not a file': 'è un dispositivo, non un file',
  'is not a regular file': 'non è un file regolare',
  '{0}: cannot read the plan ({1})': '{0}: impossibile leggere il piano ({1})',
  'is larger than {0} MB, more than fisco reads': 'supera {0} MB, più di quanto fisco legge',
  'stdin holds more than {0} MB, more than fisco reads': 'lo stdin contiene più di {0} MB, più di quanto fisco legge',
  'give the path of a JSON file naming the columns (docs/bank.md)': 'indica il percorso di un file JSON che nomina le colonne (docs/bank.md)',
  'give a statement file (camt.053, camt.054, CBI XML, CBI RH, MT940 or CSV), or - to read stdin':
    'indica un file di estratto conto (camt.053, camt.054, CBI XML, CBI RH, MT940 o CSV), oppure - per leggere dallo stdin',
  'give a file holding the webhook secrets, one a line': 'indica un file con i segreti dei webhook, uno per riga',
  'give the file holding the raw body, or - to read it from stdin': 'indica il file con il corpo grezzo, oppure - per leggerlo dallo stdin',
  'no complete answer within {0} s (--timeout)': 'nessuna risposta completa entro {0} s (--timeout)',
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
  'cannot write the journal {0}: {1}; the request was carried out but the journal still shows it in flight; fisco sent nothing more':
    'impossibile scrivere il registro {0}: {1}; la richiesta è stata eseguita ma il registro la mostra ancora in corso; fisco non ha inviato altro',
  'cannot write the journal {0}: {1}; the request it was to announce was not sent, nor anything after it':
    'impossibile scrivere il registro {0}: {1}; la richiesta che doveva annunciare non è stata inviata, né altro dopo di essa',
  'cannot write the journal {0}: {1}; fisco sent nothing more': 'impossibile scrivere il registro {0}: {1}; fisco non ha inviato altro',
  'Make room (or repair the disk) and run the same command again: what the journal shows in flight is looked up on the service first, never sent twice.':
    'Libera spazio (o ripara il disco) ed esegui di nuovo lo stesso comando: ciò che il registro mostra in corso viene prima cercato sul servizio, mai inviato due volte.',
  'the disk is full ({0})': 'il disco è pieno ({0})',
  'the file system refused it ({0})': 'il file system l’ha rifiutata ({0})',
  'the line was written short ({0} of {1} bytes)': 'la riga è stata scritta solo in parte ({0} byte su {1})',
  "an earlier fisco kept letters for {0} under FISCO_TOKEN in {1}, whatever its service: this run under profile {2} does not count them; if they are this service's, run `fisco dunning send` once with FISCO_TOKEN set for it: it adopts them":
    'una versione precedente di fisco ha registrato solleciti per {0} con FISCO_TOKEN in {1}, qualunque fosse il servizio: questa esecuzione con il profilo {2} non li conta; se sono di questo servizio, esegui una volta `fisco dunning send` con FISCO_TOKEN impostato per esso: li adotta',
  'Moved 1 journal of profile {0} to profile {1} ({2}).': 'Spostato 1 registro del profilo {0} al profilo {1} ({2}).',
  'Moved {0} journals of profile {1} to profile {2}.': 'Spostati {0} registri del profilo {1} al profilo {2}.',
  'the journal {0} stays under profile {1}: {2}; runs under profile {3} do not read it':
    'il registro {0} resta sotto il profilo {1}: {2}; le esecuzioni con il profilo {3} non lo leggono',
  'its header does not name profile {0}': 'la sua intestazione non nomina il profilo {0}',
  'the journal {0} is in use by fisco {1}; waited {2} s and sent nothing': 'il registro {0} è in uso da fisco {1}; atteso {2} s e non è stato inviato nulla',
  'the journal {0} is in use by fisco {1}: waiting for it (up to {2} s)': 'il registro {0} è in uso da fisco {1}: attendo che si liberi (fino a {2} s)',
  'Run the command again when the other one has finished.': 'Esegui di nuovo il comando quando l’altro avrà finito.',
  'cannot lock the journal {0} ({1})': 'impossibile bloccare il registro {0} ({1})',
  'the same work ({0}) is in progress in fisco {1}, perhaps under another profile name for this service: waiting for it (up to {2} s)':
    'lo stesso lavoro ({0}) è in corso in fisco {1}, forse con un altro nome di profilo per questo servizio: lo attendo (fino a {2} s)',
  'the same work ({0}) is in progress in fisco {1}, perhaps under another profile name for this service; waited {2} s and sent nothing':
    'lo stesso lavoro ({0}) è in corso in fisco {1}, forse con un altro nome di profilo per questo servizio; atteso {2} s, nulla inviato',
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
  'profile {0} was stored by another fisco while this logout ran; nothing was changed':
    'il profilo {0} è stato salvato da un altro fisco durante questa disconnessione; non è cambiato nulla',
  'Run `fisco auth list`, then the logout again.': 'Esegui `fisco auth list`, poi di nuovo la disconnessione.',
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
  'line {0}: two or three columns expected (VAT number, e-mail address, postal address), found {1}':
    'riga {0}: attese due o tre colonne (partita IVA, indirizzo e-mail, indirizzo postale), trovate {1}',
  'line {0}: neither an e-mail address nor a postal address': 'riga {0}: né un indirizzo e-mail né un indirizzo postale',
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
  'HTTP {0} where the contract answers 204 with no body': 'HTTP {0} dove il contratto risponde 204 senza corpo',
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
  "offline: {0} ({1}): 1 invoice added since the last full sync is listed last; the service's order of it is known after `{2} --full`":
    'offline: {0} ({1}): 1 fattura aggiunta dopo l’ultima sincronizzazione completa è elencata per ultima; l’ordine del servizio per essa si conosce dopo `{2} --full`',
  "offline: {0} ({1}): {2} invoices added since the last full sync are listed last, by id; the service's order of them is known after `{3} --full`":
    'offline: {0} ({1}): {2} fatture aggiunte dopo l’ultima sincronizzazione completa sono elencate per ultime, per id; l’ordine del servizio per esse si conosce dopo `{3} --full`',
  "offline: {0} ({1}), {2}: 1 added since the last full sync is listed last; the service's order of it is known after `{3} --full`":
    'offline: {0} ({1}), {2}: 1 elemento aggiunto dopo l’ultima sincronizzazione completa è elencato per ultimo; l’ordine del servizio per esso si conosce dopo `{3} --full`',
  "offline: {0} ({1}), {2}: {3} added since the last full sync are listed last, by id; the service's order of them is known after `{4} --full`":
    'offline: {0} ({1}), {2}: {3} elementi aggiunti dopo l’ultima sincronizzazione completa sono elencati per ultimi, per id; l’ordine del servizio per essi si conosce dopo `{4} --full`',
  "offline: {0} ({1}), {2}: {3} added since the last full sync are placed by one of the orders the last full walk showed, which differ on them; the service's order is known after `{4} --full`":
    'offline: {0} ({1}), {2}: {3} elementi aggiunti dopo l’ultima sincronizzazione completa sono collocati secondo uno degli ordini mostrati dall’ultima lettura completa, che per essi differiscono; l’ordine del servizio si conosce dopo `{4} --full`',
  'the mirror {0} cannot be written: {1}; nothing was changed, it keeps its previous state':
    'la copia locale {0} non si può scrivere: {1}; non è stato modificato nulla, resta com’era',
  'the disk is full': 'il disco è pieno',
  'it is read-only ({0})': 'è in sola lettura ({0})',
  'it cannot be opened for writing ({0})': 'non si può aprire in scrittura ({0})',
  "the mirror {0} is on a read-only folder or disk, and its last sync's changes are still in {1}-wal, which SQLite cannot merge there; nothing was read":
    'la copia locale {0} è su una cartella o un disco in sola lettura, e le modifiche della sua ultima sincronizzazione sono ancora in {1}-wal, che SQLite non può unire lì; non è stato letto nulla',
  'Read it where it can be written, or run `fisco sync` there once.': 'Leggila dove si può scrivere, o esegui lì `fisco sync` una volta.',
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
  '--offline: F24 {0} is not in the mirror (as of the last sync of {1}); nothing was sent':
    '--offline: l’F24 {0} non è nella copia locale (all’ultimo sync di {1}); non è stato inviato nulla',
  '--offline: F24 {0} is not in the mirror, which holds no company whose F24 forms were read; nothing was sent':
    '--offline: l’F24 {0} non è nella copia locale, che non contiene nessuna azienda di cui siano stati letti gli F24; non è stato inviato nulla',
  // the output layer, main() and the emulator command: a full stdout, a port in use
  'cannot write to standard output ({0})': 'impossibile scrivere sullo standard output ({0})',
  '--port: {0} on {1} is already in use (another emulator or program listens there); nothing was started':
    '--port: {0} su {1} è già in uso (vi ascolta un altro emulatore o programma); non è stato avviato nulla',
  'Pick another port with --port, or --port 0 for a free one (the address is printed).':
    'Scegli un’altra porta con --port, o --port 0 per una libera (l’indirizzo viene stampato).',
  '--port: {0} on {1} needs privileges this user lacks (ports below 1024); nothing was started':
    '--port: {0} su {1} richiede privilegi che questo utente non ha (porte sotto 1024); non è stato avviato nulla',
  'Pick a port from 1024 up with --port, or --port 0 for a free one (the address is printed).':
    'Scegli una porta da 1024 in su con --port, o --port 0 per una libera (l’indirizzo viene stampato).',
  // search: the kind of a hit
  invoice: 'fattura',
  client: 'cliente',
  deadline: 'scadenza',
  expense: 'spesa',
  'offline: {0} {1}': 'offline: {0} {1}',
  'no mirror yet for {0} ({1}): nothing to read offline': 'ancora nessuna copia locale per {0} ({1}): niente da leggere offline',
  'the profile {0}': 'il profilo {0}',
  'this token': 'questo token',
  'Run `{0}` while online: it fills {1}.': 'Esegui `{0}` online: riempie {1}.',
  'cannot create the mirror {0} ({1})': 'impossibile creare la copia locale {0} ({1})',
  'the mirror {0} {1}; nothing was read or changed: `{2}` (online) moves it aside to {3}.damaged-<time> and makes a new mirror':
    'la copia locale {0} {1}; non è stato letto né modificato nulla: `{2}` (online) la sposta in {3}.damaged-<ora> e ne crea una nuova',
  'is damaged ({0})': 'è danneggiata ({0})',
  'is damaged (a record that is not JSON)': 'è danneggiata (un record che non è JSON)',
  'is damaged (no such table: {0})': 'è danneggiata (tabella mancante: {0})',
  'is damaged ({0} records are not JSON)': 'è danneggiata ({0} record non sono JSON)',
  'is not a regular file ({0})': 'non è un file regolare ({0})',
  'is unreadable ({0})': 'non è leggibile ({0})',
  'a directory': 'una cartella',
  'a named pipe (FIFO)': 'una pipe con nome (FIFO)',
  'a device': 'un dispositivo',
  'a socket': 'un socket',
  'not a file': 'non un file',
  'a broken symbolic link': 'un collegamento simbolico interrotto',
  'the mirror {0} {1}: moved aside to {2}; a new mirror is made': 'la copia locale {0} {1}: spostata in {2}; se ne crea una nuova',
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
  'an invisible character ({0})': 'un carattere invisibile ({0})',
  'it cannot be seen, so the text is not what it looks like': 'non si vede, quindi il testo non è quello che sembra',
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
  navigate: 'scorri',
  '{0} B': '{0} B',
  '{0} KB': '{0} KB',
  select: 'scegli',
  'No results found': 'Nessun risultato',
  'You must provide a value': 'Serve un valore',
  'You must provide a valid value': 'Serve un valore valido',
  'Invalid input': 'Valore non valido',
  '{0} ({1}): {2}': '{0} ({1}): {2}',
  ' by POST /fatture/nuova/manuale (use --piva for a lookup in the business register)':
    ' per la fattura con i dati del cliente (POST /fatture/nuova/manuale; con --piva il cliente si cerca nel registro delle imprese)',
  ' by POST /fatture/nuova/manuale (--numbering)': ' per la fattura con i dati del cliente (POST /fatture/nuova/manuale; --numbering)',
  ' by POST /fatture/nuova/manuale (--payment-method)': ' per la fattura con i dati del cliente (POST /fatture/nuova/manuale; --payment-method)',
  "'{0}' is not an active numbering of {1}; there are: {2}": "'{0}' non è una numerazione attiva di {1}; quelle attive sono: {2}",
  "'{0}' is not a payment method of {1}; there are: {2}": "'{0}' non è un metodo di pagamento di {1}; quelli disponibili sono: {2}",
  'is required: give --client ID, the --client-* flags, or --piva': 'è obbligatorio: indica --client ID, i flag --client-* oppure --piva',
  'must be one of {0}': 'deve essere uno tra {0}',
  'is a VAT nature code for 0% lines, but no line has 0% VAT': 'è un codice natura IVA per le righe allo 0%, ma nessuna riga ha IVA allo 0%',
  'a draft is fiscally void: no payment can be recorded on it; register it with `fisco invoice pay` once issued':
    'una bozza non ha valore fiscale: non vi si può registrare alcun pagamento; registralo con `fisco invoice pay` una volta emessa la fattura',
  // report/calendar.ts
  "--remind: '{0}' is not a number of days from 0 to {1}, or off (no reminder)":
    "--remind: '{0}' non è un numero di giorni da 0 a {1}, né off (nessun promemoria)",
  // flags/parse.ts, flags/shared.ts and the commands' flag tables
  'is not a value this flag takes': 'non è un valore che questo flag accetta',
  "'{0}' is not a confidence from 0 to 1 (like 0.8)": "'{0}' non è una confidenza da 0 a 1 (come 0,8)",
  "'{0}' is not a year (four digits, like 2026)": "'{0}' non è un anno (quattro cifre, come 2026)",
  "'{0}' is not a whole number of seconds": "'{0}' non è un numero intero di secondi",
  'the folder {0} does not exist': 'la cartella {0} non esiste',
  '{0} is a folder': '{0} è una cartella',
  'did you mean `{0}`? ': 'intendevi `{0}`? ',
  'empty list; use a comma list of {0}': 'elenco vuoto; usa un elenco separato da virgole di {0}',
  "'{0}' is not allowed; {1}use a comma list of {2}": "'{0}' non è ammesso; {1}usa un elenco separato da virgole di {2}",
  '{0}use one of {1}': '{0}usa uno tra {1}',
  'at most {0} characters': 'al massimo {0} caratteri',
  'must be a whole number (0 or more)': 'deve essere un numero intero (0 o più)',
  'is out of range': 'è fuori dall’intervallo ammesso',
  '{0}: is not an option of this command': '{0}: non è un’opzione di questo comando',
  '{0} problems with the options, nothing was sent:': '{0} problemi con le opzioni, non è stato inviato nulla:',
  'is required': 'è obbligatorio',
  '{0} {1} is after {2} {3}': '{0} {1} è successivo a {2} {3}',
  'must be 1 or more (page number)': 'deve essere 1 o più (numero di pagina)',
  'must be a whole number from 1 to 100': 'deve essere un numero intero da 1 a 100',
  'must be from 1 to 100 (items per page, the service allows at most 100)':
    'deve essere da 1 a 100 (elementi per pagina, il servizio ne ammette al massimo 100)',
  'must be 1 or more (items)': 'deve essere 1 o più (elementi)',
  'letters, digits, dot, dash and underscore only': 'solo lettere, cifre, punto, trattino e trattino basso',
  'must be a whole number of weeks, 1 to 52': 'deve essere un numero intero di settimane, da 1 a 52',
  'must be from 1 to 52 weeks': 'deve essere da 1 a 52 settimane',
  'give some text to search for': 'indica un testo da cercare',
  'Too small: expected string to have >=1 characters': 'troppo corto: serve almeno 1 carattere',
  'must be a whole number of days, 1 or more': 'deve essere un numero intero di giorni, 1 o più',
  'give a cost center code or id': 'indica il codice o l’id di un centro di costo',
  'is required: the month to export, YYYY-MM': 'è obbligatorio: il mese da esportare, YYYY-MM',
  'must be a whole number from 1 to 16': 'deve essere un numero intero da 1 a 16',
  'must be from 1 to 16 (files downloaded at once)': 'deve essere da 1 a 16 (file scaricati insieme)',
  'must be a whole number of 1 or more': 'deve essere un numero intero, 1 o più',
  'is required: the amount collected, like 150.00 or 1.234,50': 'è obbligatorio: l’importo incassato, come 150.00 o 1.234,50',
  'must name a folder (omit --dir for the current folder)': 'deve indicare una cartella (ometti --dir per la cartella corrente)',
  'must be from 1 to 366 days': 'deve essere da 1 a 366 giorni',
  'must be a whole number of days, 0 or more': 'deve essere un numero intero di giorni, 0 o più',
  // the commands' tables with no row
  'No companies.': 'Nessuna azienda.',
  'No profiles: run `fisco auth login`.': 'Nessun profilo: esegui `fisco auth login`.',
  'No movements in the statements.': 'Nessun movimento negli estratti conto.',
  'No credits in the plan.': 'Nessun accredito nel piano.',
  'No clients.': 'Nessun cliente.',
  'No cost centers.': 'Nessun centro di costo.',
  'No tax deadlines for these filters.': 'Nessuna scadenza fiscale per questi filtri.',
  'No client has an invoice that late: no letter.': 'Nessun cliente ha una fattura così in ritardo: nessun sollecito.',
  'The plan has no letter.': 'Il piano non contiene solleciti.',
  'No events.': 'Nessun evento.',
  'No expenses for these filters.': 'Nessuna spesa per questi filtri.',
  'No F24 forms for these filters.': 'Nessun modello F24 per questi filtri.',
  'No webhook subscriptions for this company.': 'Nessuna sottoscrizione webhook per questa azienda.',
  'No records.': 'Nessun record.',
  'No invoices.': 'Nessuna fattura.',
  'No payment methods.': 'Nessun metodo di pagamento.',
  'No active numberings.': 'Nessuna numerazione attiva.',
  'No open invoices.': 'Nessuna fattura aperta.',
  'Nothing in the mirror matches.': 'Nulla nella copia locale corrisponde.',
  'The mirror holds no company yet: run fisco sync.': 'La copia locale non contiene ancora alcuna azienda: esegui fisco sync.',
  // cli.ts, help/commander-errors.ts, help/suggest.ts
  terminated: 'terminato',
  interrupted: 'interrotto',
  'This is a bug in fisco; please report it.': 'È un difetto di fisco; segnalalo, per favore.',
  'This is a bug in fisco; please report it (run again with --debug for the details).':
    'È un difetto di fisco; segnalalo, per favore (esegui di nuovo con --debug per i dettagli).',
  'unexpected error: {0}': 'errore imprevisto: {0}',
  "unknown option '{0}'": "opzione sconosciuta '{0}'",
  "unknown command '{0}', did you mean {1}?": "comando sconosciuto '{0}', intendevi {1}?",
  "unknown command '{0}'": "comando sconosciuto '{0}'",
  "missing required argument '{0}'": "manca l’argomento obbligatorio '{0}'",
  "option '{0}' argument missing": "manca il valore dell’opzione '{0}'",
  "required option '{0}' not specified": "l’opzione obbligatoria '{0}' non è indicata",
  "too many arguments for '{0}'. Expected 1 argument but got {1}.": "troppi argomenti per '{0}': ne è previsto 1, ne sono stati dati {1}.",
  "too many arguments for '{0}'. Expected {1} arguments but got {2}.": "troppi argomenti per '{0}': ne sono previsti {1}, ne sono stati dati {2}.",
  "option '{0}' argument '{1}' is invalid. Allowed choices are {2}.": "opzione '{0}': il valore '{1}' non è valido. Valori ammessi: {2}.",
  "command-argument value '{0}' is invalid for argument '{1}'. Allowed choices are {2}.":
    "il valore '{0}' non è valido per l’argomento '{1}'. Valori ammessi: {2}.",
  "option '{0}' cannot be used with option '{1}'": "l’opzione '{0}' non si può usare con l’opzione '{1}'",
  '(run with --help for usage)': '(esegui con --help per l’uso)',
  'Did you mean {0}? ({1} lists every flag)': 'Intendevi {0}? ({1} elenca tutti i flag)',
  // commands/bank/apply.ts, match-output.ts, match.ts
  'give the plan file that fisco bank match --plan wrote (- for stdin)': 'indica il file di piano scritto da fisco bank match --plan (- per lo stdin)',
  '{0} {1}: cannot write ({2}); nothing was written there': '{0} {1}: impossibile scrivere ({2}); lì non è stato scritto nulla',
  skipped: 'saltato',
  '1 statement': '1 estratto conto',
  '{0} statements': '{0} estratti conto',
  '1 file': '1 file',
  '{0} files': '{0} file',
  '1 movement': '1 movimento',
  '{0} movements': '{0} movimenti',
  '1 credit': '1 accredito',
  '{0} credits': '{0} accrediti',
  '{0} in {1} of {2} companies, {3} ({4})': '{0} in {1} di {2} aziende, {3} ({4})',
  '{0} in {1}, {2} ({3})': '{0} in {1}, {2} ({3})',
  '{0} matched ({1})': '{0} {0|abbinato|abbinati} ({1})',
  '{0} already registered': '{0} già {0|registrato|registrati}',
  '{0} skipped ({1})': '{0} {0|saltato|saltati} ({1})',
  '{0} skipped': '{0} {0|saltato|saltati}',
  '{0} unmatched ({1})': '{0} non {0|abbinato|abbinati} ({1})',
  "1 booking date taken from the value date or the statement's date (no BookgDt)":
    '1 data contabile presa dalla data valuta o dalla data dell’estratto conto (manca BookgDt)',
  "{0} booking dates taken from the value date or the statement's date (no BookgDt)":
    '{0} date contabili prese dalla data valuta o dalla data dell’estratto conto (manca BookgDt)',
  '1 open invoice not matchable (an amount due with digits past the cent)': '1 fattura aperta non abbinabile (un residuo con cifre oltre il centesimo)',
  '{0} open invoices not matchable (an amount due with digits past the cent)': '{0} fatture aperte non abbinabili (un residuo con cifre oltre il centesimo)',
  'give at least one statement file (camt.053, camt.054, CBI XML, CBI RH, MT940 or CSV); - reads stdin':
    'indica almeno un file di estratto conto (camt.053, camt.054, CBI XML, CBI RH, MT940 o CSV); - legge lo stdin',
  '- (stdin) can be given only once': '- (stdin) si può indicare una sola volta',
  '{0}: cannot read it ({1})': '{0}: impossibile leggerlo ({1})',
  '{0}; nothing was sent': '{0}; non è stato inviato nulla',
  '{0} statements cannot be read; nothing was sent:': '{0} estratti conto non si possono leggere; non è stato inviato nulla:',
  '{0}; pass --account ID to choose the company; nothing was printed': '{0}; indica --account ID per scegliere l’azienda; non è stato stampato nulla',
  '{0} accounts of the statements belong to no company; pass --account ID; nothing was printed':
    '{0} conti degli estratti non appartengono ad alcuna azienda; indica --account ID; non è stato stampato nulla',
  '{0}: invoice {1} is not matchable: {2}': '{0}: la fattura {1} non è abbinabile: {2}',
  '{0}: {1} more invoices are not matchable': '{0}: altre {1} fatture non sono abbinabili',
  'Reading {0}: {1}, 1 movement': 'Lettura di {0}: {1}, 1 movimento',
  'Reading {0}: {1}, {2} movements': 'Lettura di {0}: {1}, {2} movimenti',
  '{0}; nothing was printed, no plan was written': '{0}; non è stato stampato nulla, nessun piano è stato scritto',
  '{0} problems in the statements; nothing was printed, no plan was written:':
    '{0} problemi negli estratti conto; non è stato stampato nulla, nessun piano è stato scritto:',
  '--review needs a terminal (stdin and stdout), and not --no-input': '--review richiede un terminale (stdin e stdout), e non --no-input',
  'Without a terminal: fisco bank match … --plan plan.json, then fisco bank apply plan.json --yes':
    'Senza terminale: fisco bank match … --plan plan.json, poi fisco bank apply plan.json --yes',
  "--review walks one company's statements at a time: these belong to {0} companies":
    '--review esamina gli estratti conto di un’azienda alla volta: questi appartengono a {0} aziende',
  'Without --review: fisco bank match … --plan plan.json, then fisco bank apply plan.json':
    'Senza --review: fisco bank match … --plan plan.json, poi fisco bank apply plan.json',
  '{0}: 1 movement is also in {1} (the same identity): matched once': '{0}: 1 movimento è anche in {1} (stessa identità): abbinato una volta sola',
  '{0}: {1} movements are also in {2} (the same identity): matched once': '{0}: {1} movimenti sono anche in {2} (stessa identità): abbinati una volta sola',
  'Plan written to {0}: register it with {1}': 'Piano scritto in {0}: registralo con {1}',
  'Nothing to review: nothing was sent.': 'Niente da esaminare: non è stato inviato nulla.',
  'the reviewed plan is saved in {0}: {1} registers it later': 'il piano esaminato è salvato in {0}: {1} lo registra in seguito',
  'Nothing accepted: nothing was sent; {0}.': 'Nulla di accettato: non è stato inviato nulla; {0}.',
  'Nothing accepted: nothing was sent.': 'Nulla di accettato: non è stato inviato nulla.',
  // commands/bank/registration.ts
  '{0} companies': '{0} aziende',
  '{0} from {1}, total {2}, on {3}': '{0} da {1}, totale {2}, su {3}',
  'not confirmed: registering {0} needs --yes when there is no terminal; nothing was sent':
    'non confermato: registrare {0} richiede --yes quando non c’è un terminale; non è stato inviato nulla',
  'Check the plan first (fisco bank match … --plan plan.json), then: fisco bank apply plan.json --yes':
    'Controlla prima il piano (fisco bank match … --plan plan.json), poi: fisco bank apply plan.json --yes',
  'Register {0}?': 'Registrare {0}?',
  'not confirmed; nothing was sent': 'non confermato; non è stato inviato nulla',
  '1 payment': '1 incasso',
  '{0} payments': '{0} incassi',
  'Registering {0}/{1}: invoice {2}': 'Registrazione {0}/{1}: fattura {2}',
  'outcome unknown': 'esito sconosciuto',
  'a payment may or may not have been registered; the run stopped': 'un incasso potrebbe essere stato registrato oppure no; l’esecuzione si è fermata',
  '{0} payments may or may not have been registered; the run stopped': '{0} incassi potrebbero essere stati registrati oppure no; l’esecuzione si è fermata',
  'Check the invoice with: {0}': 'Controlla la fattura con: {0}',
  'Then run fisco bank apply again: it checks the invoice first and never registers the same credit twice.':
    'Poi esegui di nuovo fisco bank apply: controlla prima la fattura e non registra mai due volte lo stesso accredito.',
  'Run the same fisco bank apply again to register the rest: what was registered is skipped.':
    'Esegui di nuovo lo stesso fisco bank apply per registrare il resto: ciò che è stato registrato viene saltato.',
  'the plan changed since it was registered': 'il piano è cambiato da quando è stato registrato',
  refused: 'rifiutato',
  'no payment registered: {0} refused': 'nessun incasso registrato: {0} rifiutati',
  'credit {0} of {1} ({2}) on invoice {3} ({4})': 'accredito {0} del {1} ({2}) sulla fattura {3} ({4})',
  'residue changed since the match': 'residuo cambiato dopo l’abbinamento',
  'invoice no longer open': 'fattura non più aperta',
  'credit registered on another invoice': 'accredito registrato su un’altra fattura',
  '1 movement in the plan': '1 movimento nel piano',
  '{0} movements in the plan': '{0} movimenti nel piano',
  '1 matched credit to register': '1 accredito abbinato da registrare',
  '{0} matched credits to register': '{0} accrediti abbinati da registrare',
  '{0} below --min-confidence': '{0} sotto --min-confidence',
  '{0} to review (partial or over-payments: --min-confidence or bank match --review)':
    '{0} da esaminare (pagamenti parziali o in eccesso: --min-confidence o bank match --review)',
  '{0} refused': '{0} {0|rifiutato|rifiutati}',
  '{0} found registered by the lookup': '{0} {0|trovato già registrato|trovati già registrati} dalla verifica',
  '{0} waiting (an earlier request may still arrive)': '{0} in attesa (una richiesta precedente potrebbe ancora arrivare)',
  // commands/bank/review.ts
  'Credit of {0} on {1} from {2} ({3})': 'Accredito di {0} il {1} da {2} ({3})',
  'Credit of {0} on {1} ({2})': 'Accredito di {0} il {1} ({2})',
  '  text: {0}': '  causale: {0}',
  '  proposed (confidence {0}): {1}': '  proposta (confidenza {0}): {1}',
  '  bank fee read: {0}': '  commissione bancaria letta: {0}',
  '  excess not registered: {0}': '  eccedenza non registrata: {0}',
  '  no invoice matched': '  nessuna fattura abbinata',
  'invoice {0} chosen in the review': 'fattura {0} scelta nell’esame',
  'confidence {0} below --min-confidence {1}': 'confidenza {0} sotto --min-confidence {1}',
  Accept: 'Accetta',
  Skip: 'Salta',
  'Pick another invoice': 'Scegli un’altra fattura',
  'Pick an invoice': 'Scegli una fattura',
  'Skip this and the rest': 'Salta questo e i restanti',
  'This credit:': 'Questo accredito:',
  'Which invoice does it pay?': 'Quale fattura paga?',
  '{0}  {1} due  {2}': '{0}  residuo {1}  {2}',
  'None: skip this credit': 'Nessuna: salta questo accredito',
  'skipped in the review': 'saltato nell’esame',
  // commands/invoice/batch.ts
  'give the path of a CSV or NDJSON batch file, or - to read it from stdin':
    'indica il percorso di un file batch CSV o NDJSON, oppure - per leggerlo dallo stdin',
  "--resolve: '{0}' must be REF=created:ID (it was created, with that id) or REF=absent (it was not created)":
    "--resolve: '{0}' deve essere REF=created:ID (è stata creata, con quell’id) o REF=absent (non è stata creata)",
  '{0} problems with --resolve, nothing was sent:': '{0} problemi con --resolve, non è stato inviato nulla:',
  '--draft and --send exclude each other': '--draft e --send si escludono a vicenda',
  '--new-batch and --rebuild-from-service exclude each other': '--new-batch e --rebuild-from-service si escludono a vicenda',
  '--status only prints the journal: leave out --draft, --send, --dry-run and --resolve':
    '--status stampa solo il registro: togli --draft, --send, --dry-run e --resolve',
  '--dry-run sends nothing and records nothing: leave out --resolve': '--dry-run non invia e non registra nulla: togli --resolve',
  '--result: {0} must end in .csv or .json (the format follows the extension)': '--result: {0} deve finire in .csv o .json (il formato segue l’estensione)',
  "--csv-dialect: unknown dialect '{0}'; use rfc or it": "--csv-dialect: dialetto sconosciuto '{0}'; usa rfc o it",
  'say what to do with the invoices: --draft (drafts, not sent) or --send (transmit to the SDI, irreversible)':
    'indica cosa fare delle fatture: --draft (bozze, non inviate) o --send (trasmissione allo SDI, irreversibile)',
  '--dry-run shows every invoice and its totals without sending; --status shows what the journal recorded':
    '--dry-run mostra ogni fattura e i suoi totali senza inviare; --status mostra cosa ha registrato il registro',
  'run the same command with --draft or --send to continue the batch': 'esegui lo stesso comando con --draft o --send per continuare il batch',
  '{0}: 1 problem in 1 record; nothing was sent:': '{0}: 1 problema in 1 record; non è stato inviato nulla:',
  '{0}: {1} problems in 1 record; nothing was sent:': '{0}: {1} problemi in 1 record; non è stato inviato nulla:',
  '{0}: {1} problems in {2} records; nothing was sent:': '{0}: {1} problemi in {2} record; non è stato inviato nulla:',
  'no valid record is left to send': 'non resta alcun record valido da inviare',
  'fix them, or pass --skip-invalid to send the valid records and list the others':
    'correggili, oppure indica --skip-invalid per inviare i record validi ed elencare gli altri',
  '{0} invalid record(s) left out (--skip-invalid):': '{0} record non validi esclusi (--skip-invalid):',
  '-o json writes every request body': '-o json scrive il corpo di ogni richiesta',
  'dry run: 1 invoice checked, nothing was sent': 'prova: 1 fattura controllata, non è stato inviato nulla',
  'dry run: {0} invoices checked, nothing was sent': 'prova: {0} fatture controllate, non è stato inviato nulla',
  '--resolve {0}: the journal of this batch has no record {1}': '--resolve {0}: il registro di questo batch non ha il record {1}',
  'see {0}': 'vedi {0}',
  '--resolve {0}: its outcome is known ({1}); only a record in flight or unknown is settled by hand':
    '--resolve {0}: il suo esito è noto ({1}); si risolve a mano solo un record in corso o dall’esito sconosciuto',
  '{0} recorded as created (id {1})': '{0} registrato come creato (id {1})',
  '{0} recorded as absent (not created; a run sends it again)': '{0} registrato come assente (non creato; un’esecuzione lo invia di nuovo)',
  'nothing left to send: the record of this batch was created by an earlier run ({0} edited since: never sent again); nothing is asked, nothing is sent again':
    'niente da inviare: il record di questo batch è stato creato da un’esecuzione precedente ({0} modificati nel frattempo: mai reinviati); non si chiede nulla, non si reinvia nulla',
  'nothing left to send: all {0} records of this batch were created by an earlier run ({1} edited since: never sent again); nothing is asked, nothing is sent again':
    'niente da inviare: tutti i {0} record di questo batch sono stati creati da un’esecuzione precedente ({1} modificati nel frattempo: mai reinviati); non si chiede nulla, non si reinvia nulla',
  'nothing left to send: the record of this batch was created by an earlier run; nothing is asked, nothing is sent again':
    'niente da inviare: il record di questo batch è stato creato da un’esecuzione precedente; non si chiede nulla, non si reinvia nulla',
  'nothing left to send: all {0} records of this batch were created by an earlier run; nothing is asked, nothing is sent again':
    'niente da inviare: tutti i {0} record di questo batch sono stati creati da un’esecuzione precedente; non si chiede nulla, non si reinvia nulla',
  '{0} more created by an earlier run: not sent again': 'altri {0} creati da un’esecuzione precedente: non reinviati',
  '{0}/{1} · {2} · ref {3}': '{0}/{1} · {2} · ref {3}',
  Company: 'Azienda',
  Count: 'Numero',
  Taxable: 'Imponibile',
  VAT: 'IVA',
  Total: 'Totale',
  All: 'Tutte',
  'Batch preview — {0} ({1})': 'Anteprima del batch — {0} ({1})',
  'Action      SEND 1 invoice to the SDI (irreversible) — {0}': 'Azione      INVIO di 1 fattura allo SDI (irreversibile) — {0}',
  'Action      SEND {0} invoices to the SDI (irreversible) — {1}': 'Azione      INVIO di {0} fatture allo SDI (irreversibile) — {1}',
  'Action      create 1 DRAFT (not sent to the SDI)': 'Azione      crea 1 BOZZA (non inviata allo SDI)',
  'Action      create {0} DRAFTs (not sent to the SDI)': 'Azione      crea {0} BOZZE (non inviate allo SDI)',
  'Action      none (dry run)': 'Azione      nessuna (prova)',
  'not sent: --send without a terminal needs --yes to transmit to the SDI': 'non inviato: --send senza terminale richiede --yes per trasmettere allo SDI',
  'nothing was sent; add --yes to confirm, or use --draft': 'non è stato inviato nulla; aggiungi --yes per confermare, oppure usa --draft',
  'Type "{0}" to transmit it (irreversible; anything else cancels):': 'Digita "{0}" per trasmetterla (irreversibile; qualsiasi altra risposta annulla):',
  'Type "{0}" to transmit them (irreversible; anything else cancels):': 'Digita "{0}" per trasmetterle (irreversibile; qualsiasi altra risposta annulla):',
  'not sent: the answer was not "{0}"; nothing was sent': 'non inviato: la risposta non era "{0}"; non è stato inviato nulla',
  'edited since created (refused)': 'modificati dopo la creazione (rifiutati)',
  unknown: 'sconosciuti',
  waiting: 'in attesa',
  invalid: 'non validi',
  'not sent': 'non inviati',
  '{0} of {1} created and sent to the SDI': '{0} {0|fattura|fatture} su {1} {0|creata e inviata|create e inviate} allo SDI',
  '{0} of {1} created as drafts': '{0} {0|fattura|fatture} su {1} {0|creata come bozza|create come bozze}',
  '{0} now, {1} by an earlier run ({2} found on the service by the lookup)':
    '{0} ora, {1} da un’esecuzione precedente ({2} trovate sul servizio dalla verifica)',
  '{0} now, {1} by an earlier run': '{0} ora, {1} da un’esecuzione precedente',
  'the invoice list could not be read ({0})': 'non è stato possibile leggere l’elenco fatture ({0})',
  'the invoice list does not show them yet': 'l’elenco fatture non le mostra ancora',
  'the number of 1 created invoice is not known ({0}): {1}; it is created; run the same command again to read it (nothing is sent twice), or see {2}':
    'il numero di 1 fattura creata non è noto ({0}): {1}; la fattura è creata; esegui di nuovo lo stesso comando per leggerlo (nulla viene inviato due volte), oppure vedi {2}',
  'the number of {0} created invoices is not known ({1}): {2}; they are created; run the same command again to read them (nothing is sent twice), or see {3}':
    'il numero di {0} fatture create non è noto ({1}): {2}; le fatture sono create; esegui di nuovo lo stesso comando per leggerli (nulla viene inviato due volte), oppure vedi {3}',
  '--result {0}: cannot write ({1}); {2}': '--result {0}: impossibile scrivere ({1}); {2}',
  'the journal is exact: {0} shows every record': 'il registro è esatto: {0} mostra ogni record',
  '… {0} more refused: --result FILE or -o json lists every one': '… altri {0} rifiutati: --result FILE o -o json li elencano tutti',
  'run the same command again to send what was not sent': 'esegui di nuovo lo stesso comando per inviare ciò che non è stato inviato',
  'an edited record that was already created is never sent again: give it a new ref to create a second invoice':
    'un record modificato che era già stato creato non viene mai reinviato: dagli un nuovo ref per creare una seconda fattura',
  '{0}; stopped: 1 record may or may not have been created': '{0}; fermato: 1 record potrebbe essere stato creato oppure no',
  '{0}; stopped: {1} records may or may not have been created': '{0}; fermato: {1} record potrebbero essere stati creati oppure no',
  'Check them on the service (fisco invoice list --updated-since …, or the web application), then settle each and run again:':
    'Verificali sul servizio (fisco invoice list --updated-since …, o l’applicazione web), poi risolvili uno per uno ed esegui di nuovo:',
  '  {0}   (or {1})': '  {0}   (oppure {1})',
  'no journal for this batch yet: nothing was sent': 'ancora nessun registro per questo batch: non è stato inviato nulla',
  'no longer in the file': 'non più nel file',
  'journal {0}: {1}': 'registro {0}: {1}',
  'this journal was written by an earlier fisco, without the chain that shows damage: shown as it is':
    'questo registro è stato scritto da un fisco precedente, senza la catena che rivela i danni: mostrato così com’è',
  // commands/invoice/guard.ts, names.ts, pay.ts
  'say what to do with the invoice: --draft (a draft, not sent) or --send (transmit to the SDI, irreversible)':
    'indica cosa fare della fattura: --draft (una bozza, non inviata) o --send (trasmissione allo SDI, irreversibile)',
  'with --send and no terminal, also pass --yes; --dry-run shows the request without sending it':
    'con --send e senza terminale, indica anche --yes; --dry-run mostra la richiesta senza inviarla',
  'Transmit this invoice to the SDI now? This cannot be undone': 'Trasmettere ora questa fattura allo SDI? Non si può annullare',
  'discarded; nothing was created': 'scartata; non è stato creato nulla',
  'What now?': 'E adesso?',
  'Save as draft (not sent)': 'Salva come bozza (non inviata)',
  'Send to the SDI': 'Invia allo SDI',
  Edit: 'Modifica',
  Discard: 'Scarta',
  'Save as draft instead (not sent)': 'Salva invece come bozza (non inviata)',
  'not sent: {0}': 'non inviata: {0}',
  '{0}: did you mean `{1}`? (names are matched exactly; {2} lists them: {3})':
    '{0}: intendevi `{1}`? (i nomi devono corrispondere esattamente; {2} li elenca: {3})',
  "{0}: '{1}' is not a name the service lists ({2}: {3})": "{0}: '{1}' non è un nome elencato dal servizio ({2}: {3})",
  'not stated': 'non indicato',
  'fisco found invoice {0}: total {1}, paid {2}, still due {3}, payment status {4}, SDI status {5}':
    'fisco ha trovato la fattura {0}: totale {1}, pagato {2}, residuo {3}, stato del pagamento {4}, stato SDI {5}',
  'fisco: invoice {0} is fiscally void (SDI status {1}): the contract allows no payment on a draft, rejected or failed document':
    'fisco: la fattura {0} non ha valore fiscale (stato SDI {1}): il contratto non ammette incassi su una bozza o su un documento scartato o in errore',
  'fisco: {0} is over what is still due on invoice {1}: {2} of {3} (payment status {4})':
    'fisco: {0} supera il residuo della fattura {1}: {2} su {3} (stato del pagamento {4})',
  'no payment status: a credit note (TD04) takes no payments; a debit note (TD05) does, so the refusal may have another cause':
    'nessuno stato di pagamento: una nota di credito (TD04) non accetta incassi; una nota di debito (TD05) sì, quindi il rifiuto potrebbe avere un’altra causa',
  'invoice {0}: its residue is {1} as the service sent it (digits past the cent); {2} is below it, a part payment':
    'fattura {0}: il residuo è {1} come l’ha inviato il servizio (cifre oltre il centesimo); {2} è inferiore, un incasso parziale',
  'invoice {0}: its residue is {1} as the service sent it, with digits past the cent; {2} is not below it, and fisco cannot know which amount in cents settles it; nothing was sent':
    'fattura {0}: il residuo è {1} come l’ha inviato il servizio, con cifre oltre il centesimo; {2} non è inferiore, e fisco non può sapere quale importo in centesimi la salda; non è stato inviato nulla',
  'A part payment below {0} is sent as usual; to settle the invoice, ask the service (or its web application) what is due.':
    'Un incasso parziale sotto {0} si invia come sempre; per saldare la fattura, chiedi al servizio (o alla sua applicazione web) quanto è dovuto.',
  'See it with: {0}': 'Vedila con: {0}',
  'payment refused by the service: {0}': 'incasso rifiutato: {0}',
  'invoice {0} belongs to {1}; this token manages several companies and a payment is written to one: say which with --account; nothing was sent':
    'la fattura {0} appartiene a {1}; questo token gestisce più aziende e un incasso si registra su una sola: indicala con --account; non è stato inviato nulla',
  '--account ID names the company (the API calls it account_id); fisco accounts list shows the ids.':
    '--account ID indica l’azienda (l’API la chiama account_id); fisco accounts list mostra gli id.',
  'invoice {0} has no UUID in the list: the service takes payments by UUID':
    'la fattura {0} non ha un UUID nell’elenco: il servizio registra gli incassi per UUID',
  'Payment of {0} registered on invoice {1}: {2} still due ({3})': 'Incasso di {0} registrato sulla fattura {1}: restano {2} ({3})',
  // commands/journaled.ts
  'waiting until {0} ({1} s) before sending {2} again: its earlier request may still arrive':
    'attesa fino a {0} ({1} s) prima di inviare di nuovo {2}: la sua richiesta precedente potrebbe ancora arrivare',
  '1 record was not sent: its earlier request may still reach the service':
    '1 record non è stato inviato: la sua richiesta precedente potrebbe ancora raggiungere il servizio',
  '{0} records were not sent: their earlier request may still reach the service':
    '{0} record non sono stati inviati: la loro richiesta precedente potrebbe ancora raggiungere il servizio',
  'Run `{0}` again after {1}, or add --wait to wait for it: fisco looks again first and never sends twice.':
    'Esegui di nuovo `{0}` dopo le {1}, oppure aggiungi --wait per attendere: fisco verifica prima e non invia mai due volte.',
  // commands/api/api.ts
  "method: '{0}' is not one of {1}": "method: '{0}' non è uno tra {1}",
  "path: '{0}' must be a path under the base URL, starting with / (fisco never sends the token to another host)":
    "path: '{0}' deve essere un percorso sotto l’URL di base, che inizia con / (fisco non invia mai il token a un altro host)",
  '--paginate works with GET only': '--paginate funziona solo con GET',
  '{0} problems with the fields, nothing was sent:': '{0} problemi con i campi, non è stato inviato nulla:',
  '{0} (no content)': '{0} (nessun contenuto)',
  '--input: {0} is not valid JSON ({1})': '--input: {0} non è JSON valido ({1})',
  stdin: 'stdin',
  // commands/auth/*.ts
  'Pipe it in: echo "$TOKEN" | fisco auth login --with-token --base-url URL':
    'Passalo da una pipe: echo "$TOKEN" | fisco auth login --with-token --base-url URL',
  'Profile {0} is replaced by {1} (same company and environment).': 'Il profilo {0} è sostituito da {1} (stessa azienda e ambiente).',
  'Logged in to {0} as profile {1}{2}; it is now the active profile.': 'Accesso a {0} come profilo {1}{2}; ora è il profilo attivo.',
  ', replacing its previous token': ', al posto del token precedente',
  'FISCO_TOKEN is set in this environment and takes precedence over stored profiles; unset it to use this one.':
    'FISCO_TOKEN è impostato in questo ambiente e prevale sui profili salvati; rimuovilo per usare questo.',
  'this login replaces profile {0}: {1}, stored {2}, with another token.':
    'questo accesso sostituisce il profilo {0}: {1}, salvato il {2}, con un altro token.',
  'the new token can do less than the one it replaces: {0}.': 'il nuovo token può fare meno di quello che sostituisce: {0}.',
  '--force: profile {0} already holds another token for {1}; nothing was changed':
    '--force: il profilo {0} contiene già un altro token per {1}; non è stato cambiato nulla',
  'Pass --force to replace it, or --name NAME to store this token as a separate profile.':
    'Indica --force per sostituirlo, oppure --name NOME per salvare questo token come profilo separato.',
  'profile {0} kept; nothing was changed': 'profilo {0} mantenuto; non è stato cambiato nulla',
  '--account: this token manages one company; a default company is only for firm tokens':
    '--account: questo token gestisce una sola azienda; un’azienda predefinita serve solo ai token di studio',
  "--account: this token does not manage a company with id '{0}'": "--account: questo token non gestisce un’azienda con id '{0}'",
  '`fisco accounts list` shows the ones it does.': '`fisco accounts list` mostra quelle che gestisce.',
  'no active profile to log out of; name one: fisco auth logout NAME': 'nessun profilo attivo da cui uscire; indicane uno: fisco auth logout NOME',
  '`fisco auth list` shows the stored profiles.': '`fisco auth list` mostra i profili salvati.',
  "no profile named '{0}'": "nessun profilo di nome '{0}'",
  '--yes: logging out of {0} needs confirmation; nothing was changed': '--yes: uscire da {0} richiede conferma; non è stato cambiato nulla',
  'Pass --yes to log out without a terminal.': 'Indica --yes per uscire senza terminale.',
  '{0} kept; nothing was changed': '{0} mantenuto; non è stato cambiato nulla',
  'Removed {0}. The token itself stays valid until revoked in the web application.':
    'Rimosso {0}. Il token resta valido finché non viene revocato nell’applicazione web.',
  'The active profile is still {0} ({1}).': 'Il profilo attivo è ancora {0} ({1}).',
  'No profile is active now{0}: `fisco auth use NAME` picks one of {1}.': 'Ora nessun profilo è attivo{0}: `fisco auth use NOME` ne sceglie uno tra {1}.',
  ' (none was)': ' (non lo era nessuno)',
  'No profiles are left: `fisco auth login` stores one.': 'Non resta alcun profilo: `fisco auth login` ne salva uno.',
  "unknown setting '{0}'; a profile has: {1}": "impostazione sconosciuta '{0}'; un profilo ha: {1}",
  "csv-dialect: unknown dialect '{0}'; use it (Italian spreadsheets) or rfc (RFC 4180, the default)":
    "csv-dialect: dialetto sconosciuto '{0}'; usa it (fogli di calcolo italiani) o rfc (RFC 4180, il predefinito)",
  "lang: '{0}' is not a language fisco speaks; use it (italiano) or en (English)": "lang: '{0}' non è una lingua di fisco; usa it (italiano) o en (English)",
  'Log in first (`fisco auth login`), or name one with -p NAME (`fisco auth list`).':
    'Accedi prima (`fisco auth login`), oppure indicane uno con -p NOME (`fisco auth list`).',
  'Profile {0}: messages in {1} unless --lang or FISCO_LANG says otherwise.': 'Profilo {0}: messaggi in {1}, salvo diversa indicazione di --lang o FISCO_LANG.',
  Italian: 'italiano',
  English: 'inglese',
  'Credential in use: {0} ({1}, {2}; base URL from {3}{4}).': 'Credenziale in uso: {0} ({1}, {2}; URL di base da {3}{4}).',
  '; company {0} from {1}': '; azienda {0} da {1}',
  'FISCO_TOKEN shadows the active profile {0}: unset FISCO_TOKEN to use the profile.':
    'FISCO_TOKEN nasconde il profilo attivo {0}: rimuovi FISCO_TOKEN per usare il profilo.',
  'no credential in use: {0}': 'nessuna credenziale in uso: {0}',
  '{0} of {1} credential check(s) failed: {2}': '{0} di {1} verifiche delle credenziali non riuscite: {2}',
  'this prints a secret; anyone who sees it can act as this company.': 'questo stampa un segreto; chiunque lo veda può agire come questa azienda.',
  'Known profiles: {0}': 'Profili noti: {0}',
  'Profile {0} is now active.': 'Il profilo {0} ora è attivo.',
  // commands/cash, clients, deadlines, download
  '{0}: {1}: left out': '{0}: {1}: escluso',
  'client added{0}{1}': 'cliente aggiunto{0}{1}',
  ' (id {0})': ' (id {0})',
  ' from the business register': ' dal registro delle imprese',
  'a client with VAT number {0} already exists{1}; nothing was added': 'esiste già un cliente con partita IVA {0}{1}; non è stato aggiunto nulla',
  '(given)': '(indicata)',
  ' (id {0}, {1})': ' (id {0}, {1})',
  '--{0} needs --name: a client added by hand needs its name': '--{0} richiede --name: un cliente aggiunto a mano ha bisogno del suo nome',
  '--piva alone looks the client up in the business register (name and address come from there).':
    '--piva da solo cerca il cliente nel registro delle imprese (nome e indirizzo vengono da lì).',
  'say which client to add: --piva P (looked up in the business register) or --name N (by hand)':
    'indica quale cliente aggiungere: --piva P (cercato nel registro delle imprese) o --name N (a mano)',
  'fisco asks for the details itself only on a terminal (and not with --no-input).': 'fisco chiede i dati da sé solo su un terminale (e non con --no-input).',
  'must be a phone number like +39 02 1234567': 'deve essere un numero di telefono come +39 02 1234567',
  '--ics FILE is required: the iCalendar file to write (- for stdout)': '--ics FILE è obbligatorio: il file iCalendar da scrivere (- per lo stdout)',
  '--ics: cannot write {0} ({1})': '--ics: impossibile scrivere {0} ({1})',
  '{0} written to {1} ({2}; re-importing updates the same events)': '{0} scritte in {1} ({2}; reimportandolo si aggiornano gli stessi eventi)',
  '1 deadline': '1 scadenza',
  '{0} deadlines': '{0} scadenze',
  '{0}: the download link has expired or is no longer valid ({1}); list again for a fresh link':
    '{0}: il link di download è scaduto o non è più valido ({1}); rifai l’elenco per un link nuovo',
  '{0}: not found ({1})': '{0}: non trovato ({1})',
  '{0}: {1}': '{0}: {1}',
  'interrupted; 1 partial download removed, no incomplete PDF left': 'interrotto; 1 download parziale rimosso, nessun PDF incompleto rimasto',
  'interrupted; {0} partial downloads removed, no incomplete PDF left': 'interrotto; {0} download parziali rimossi, nessun PDF incompleto rimasto',
  'Run the same command again to resume: complete files are skipped.': 'Esegui di nuovo lo stesso comando per riprendere: i file completi vengono saltati.',
  'the transfer stopped after {0} of {1} bytes': 'il trasferimento si è fermato dopo {0} di {1} byte',
  'the file received is not a complete PDF': 'il file ricevuto non è un PDF completo',
  'the download was interrupted ({0}); nothing partial was kept': 'il download è stato interrotto ({0}); non è stato tenuto nulla di parziale',
  // commands/dunning
  '{0}: the letter {1} of an earlier send has an unknown outcome: its level is not counted; settle it with dunning send --resolve':
    '{0}: il sollecito {1} di un invio precedente ha esito sconosciuto: il suo livello non è contato; risolvilo con dunning send --resolve',
  '{0}: no payment method with an IBAN: the letters say to ask how to pay':
    '{0}: nessun metodo di pagamento con IBAN: i solleciti invitano a chiedere come pagare',
  '{0}: invoice {1} ({2}) set apart: {3}': '{0}: fattura {1} ({2}) messa da parte: {3}',
  '{0}: by registered mail ({1}): print {2}': '{0}: per raccomandata ({1}): stampa {2}',
  '{0} ({1}) in {2}; {3} by registered mail. Review them, then: fisco dunning send {4}':
    '{0} ({1}) in {2}; {3} per raccomandata. Controllali, poi: fisco dunning send {4}',
  '1 letter': '1 sollecito',
  '{0} letters': '{0} solleciti',
  '1 invoice': '1 fattura',
  '{0} invoices': '{0} fatture',
  'Source: {0}. Interest rate = reference rate + 8 points (art. 5 D.Lgs. 231/2002, as amended by D.Lgs. 192/2012).':
    'Fonte: {0}. Tasso di mora = tasso di riferimento + 8 punti (art. 5 D.Lgs. 231/2002, come modificato dal D.Lgs. 192/2012).',
  'The table ends with {0}: for a later half-year give --rates FILE to dunning plan (a CSV of from,rate), with the rate the Ministry published.':
    'La tabella termina con {0}: per un semestre successivo indica --rates FILE a fisco dunning plan (un CSV di `from,rate`), con il tasso pubblicato dal Ministero.',
  '--from {0}=…: {1} is not a company of the plan ({2})': '--from {0}=…: {1} non è un’azienda del piano ({2})',
  'no SMTP server: give --smtp smtps://user@host:465 (or smtp://user@host:587) or set FISCO_SMTP_URL':
    'nessun server SMTP: indica --smtp smtps://utente@host:465 (o smtp://utente@host:587) oppure imposta FISCO_SMTP_URL',
  'the SMTP password of {0}: set FISCO_SMTP_PASSWORD (there is no terminal to ask on)':
    'la password SMTP di {0}: imposta FISCO_SMTP_PASSWORD (non c’è un terminale su cui chiederla)',
  'not confirmed: sending {0} needs --yes when there is no terminal; nothing was sent':
    'non confermato: inviare {0} richiede --yes quando non c’è un terminale; non è stato inviato nulla',
  'Review the letters first, then: fisco dunning send PLAN --yes': 'Controlla prima i solleciti, poi: fisco dunning send PIANO --yes',
  'To: {0}': 'A: {0}',
  '--resolve {0}: write LETTER=sent (it went out) or LETTER=absent (it did not), LETTER as the result names it':
    '--resolve {0}: scrivi LETTERA=sent (è partito) o LETTERA=absent (non è partito), LETTERA come la chiama il risultato',
  'give the plan file that fisco dunning plan wrote': 'indica il file di piano scritto da fisco dunning plan',
  '{0} {1}: the plan is for {2}': '{0} {1}: il piano è per {2}',
  'no sender for {0}: give --from ADDRESS (or ACCOUNT=ADDRESS per company) or set FISCO_SMTP_FROM':
    'nessun mittente per {0}: indica --from INDIRIZZO (o ACCOUNT=INDIRIZZO per azienda) oppure imposta FISCO_SMTP_FROM',
  '{0} already sent': '{0} già {0|inviato|inviati}',
  '{0} changed since the plan': '{0} {0|cambiato|cambiati} dopo il piano',
  '{0} not sent': '{0} non {0|inviato|inviati}',
  '{0} for registered mail': '{0} per raccomandata',
  "{0}: must go by registered mail ({1}) and has no postal address: not ready to send; give it in --contacts (a third column: {2};;Via …, CAP Città (PR)) or on the client's record (fisco clients add --piva {3} --address …), then make the plan again":
    '{0}: va inviato per raccomandata ({1}) e manca l’indirizzo postale: non è pronto per l’invio; indicalo in --contacts (una terza colonna: {2};;Via …, CAP Città (PR)) o nella scheda del cliente (fisco clients add --piva {3} --address …), poi rifai il piano',
  '{0} from {1} ({2}, {3})': '{0} da {1} ({2}, {3})',
  '{0} clients': '{0} clienti',
  '1 client': '1 cliente',
  '{0} to {1}, asking {2} in all': '{0} a {1}, per {2} in tutto',
  '{0}: waiting: the letter of {1} gave {2} days, plus {3} of grace (--min-interval); the next (level {4}) from {5}':
    '{0}: in attesa: il sollecito del {1} ha dato {2} giorni, più {3} di tolleranza (--min-interval); il successivo (livello {4}) dal {5}',
  "the letters' journal of profile {0} for {1} is now kept per service and company ({2}); {3} entries adopted":
    'il giornale dei solleciti del profilo {0} per {1} è ora tenuto per servizio e azienda ({2}); {3} voci adottate',
  '{0}: the SMTP conversation took longer than {1} s (--timeout)': '{0}: la conversazione SMTP è durata più di {1} s (--timeout)',
  "{0}: its {1} '{2}' is not one address: not used (fix it on the service or in --contacts)":
    "{0}: il suo indirizzo {1} '{2}' non è un solo indirizzo: non usato (correggilo sul servizio o in --contacts)",
  'e-mail': 'e-mail',
  "--from '{0}': must be one e-mail address like solleciti@example.it (the sender's name is not taken)":
    "--from '{0}': deve essere un solo indirizzo e-mail come solleciti@example.it (il nome del mittente non è accettato)",
  "'{0}' is not one {1} address: nothing was sent to it": "'{0}' non è un solo indirizzo {1}: non gli è stato inviato nulla",
  '{0} held back by a letter in doubt': '{0} trattenuti da un sollecito dall’esito incerto',
  '{0}: held back: the letter {1} to the same client may or may not have gone out; check the mailbox, then --resolve {2}=sent or =absent':
    '{0}: trattenuto: il sollecito {1} allo stesso cliente potrebbe essere partito oppure no; controlla la casella, poi --resolve {2}=sent o =absent',
  '{0} held back: an earlier letter to the same client may or may not have gone out':
    '{0} trattenuti: un sollecito precedente allo stesso cliente potrebbe essere partito oppure no',
  '--resolve {0}: no letter of that name is in doubt in the journal: nothing to resolve':
    '--resolve {0}: nel giornale nessun sollecito con quel nome ha esito incerto: niente da risolvere',
  '--resolve {0}: the journal already shows it settled ({1}): left as it is': '--resolve {0}: il giornale lo mostra già definito ({1}): lasciato com’è',
  '{0} before it; the rest were not sent: run the same command again once the service answers.':
    '{0} prima dell’errore; gli altri non sono stati inviati: esegui di nuovo lo stesso comando quando il servizio risponde.',
  '1 letter sent': '1 sollecito inviato',
  '{0} letters sent': '{0} solleciti inviati',
  '{0} may or may not have gone out; nothing else was sent': '{0}: potrebbe essere partito oppure no; non è stato inviato nient’altro',
  'a letter': 'un sollecito',
  'partly done: 1 letter not sent': 'eseguito in parte: 1 sollecito non inviato',
  'partly done: {0} letters not sent': 'eseguito in parte: {0} solleciti non inviati',
  'no letter sent: {0} not sent': 'nessun sollecito inviato: {0} non inviati',
  // commands/expenses, export, f24
  '1 row needs review (highlighted): method diretto without a cost center, shown as UNASSIGNED.':
    '1 riga da controllare (evidenziata): metodo diretto senza centro di costo, mostrata come UNASSIGNED.',
  '{0} rows need review (highlighted): method diretto without a cost center, shown as UNASSIGNED.':
    '{0} righe da controllare (evidenziate): metodo diretto senza centro di costo, mostrate come UNASSIGNED.',
  '--period cannot be combined with --from/--to: give one month, or a range':
    '--period non si può combinare con --from/--to: indica un mese, oppure un intervallo',
  'F24 {0}: the service gave no file link (file_url) for it': 'F24 {0}: il servizio non ha fornito il link al file (file_url)',
  'the download of {0} was interrupted ({1}); nothing partial was kept': 'il download di {0} è stato interrotto ({1}); non è stato tenuto nulla di parziale',
  '{0}: the file received is not a complete PDF': '{0}: il file ricevuto non è un PDF completo',
  'this token manages no companies: nothing to export': 'questo token non gestisce alcuna azienda: niente da esportare',
  '{0}: {1} files in {2} ({3} written, {4} unchanged, {5} PDF downloaded)':
    '{0}: {1} file in {2} ({3} {3|scritto|scritti}, {4} {4|invariato|invariati}, {5} PDF {5|scaricato|scaricati})',
  '{0}: not exported: {1}; the report says so': '{0}: non esportata: {1}; il report lo indica',
  '{0}: not exported: {1}': '{0}: non esportata: {1}',
  'give F24 ids or --status/--due-from/--due-to, not both': 'indica gli id degli F24 oppure --status/--due-from/--due-to, non entrambi',
  'say which F24s to download: their ids, or --status (with --due-from/--due-to)':
    'indica quali F24 scaricare: i loro id, oppure --status (con --due-from/--due-to)',
  'Example: fisco f24 download --status ready --dir ./f24': 'Esempio: fisco f24 download --status ready --dir ./f24',
  '1 cancelled F24 left out (--status cancelled downloads them).': '1 F24 annullato escluso (--status cancelled scarica gli annullati).',
  '{0} cancelled F24s left out (--status cancelled downloads them).': '{0} F24 annullati esclusi (--status cancelled li scarica).',
  // commands/hooks
  '--event: {0}': '--event: {0}',
  'unknown event {0}': 'evento sconosciuto {0}',
  'give at least one event': 'indica almeno un evento',
  'Valid events: {0}': 'Eventi validi: {0}',
  '--url: the service delivers to https URLs only{0}': '--url: il servizio consegna solo a URL https{0}',
  ' (--allow-http covers 127.0.0.1 and localhost only)': ' (--allow-http vale solo per 127.0.0.1 e localhost)',
  '--secret-file: {0} already exists; fisco never overwrites a secret file': '--secret-file: {0} esiste già; fisco non sovrascrive mai un file di segreto',
  '{0} appeared while the subscription was being created': '{0} è comparso mentre si creava la sottoscrizione',
  'updated existing subscription {0} (an active one with the same URL and source): events now {1}':
    'aggiornata la sottoscrizione esistente {0} (una attiva con lo stesso URL e la stessa origine): ora gli eventi sono {1}',
  'Its secret is unchanged and is not shown again.': 'Il suo segreto è invariato e non viene mostrato di nuovo.',
  'created subscription {0}, but its secret could not be written to {1} ({2})':
    'creata la sottoscrizione {0}, ma non è stato possibile scriverne il segreto in {1} ({2})',
  'The secret is never shown again: turn the subscription off with `fisco hooks delete {0}` and create it again.':
    'Il segreto non viene mai più mostrato: disattiva la sottoscrizione con `fisco hooks delete {0}` e creala di nuovo.',
  'created subscription {0}; its secret is in {1} (mode 0600) and is never shown again':
    'creata la sottoscrizione {0}; il suo segreto è in {1} (modo 0600) e non viene mai più mostrato',
  'created subscription {0}': 'creata la sottoscrizione {0}',
  'store the secret now; it is never shown again (--secret-file FILE writes it to a private file instead).':
    'conserva ora il segreto; non viene mai più mostrato (--secret-file FILE lo scrive invece in un file privato).',
  'turned off subscription {0}: no more deliveries. It is not erased (`fisco hooks list` shows it inactive); `fisco hooks create` subscribes again with a new secret.':
    'disattivata la sottoscrizione {0}: nessuna altra consegna. Non è cancellata (`fisco hooks list` la mostra inattiva); `fisco hooks create` sottoscrive di nuovo con un nuovo segreto.',
  'rejected a delivery ({0}): {1}; answered {2}': 'rifiutata una consegna ({0}): {1}; risposto {2}',
  'duplicate delivery {0} ({1}) ignored; answered 200': 'consegna duplicata {0} ({1}) ignorata; risposto 200',
  'forwarded {0} to {1}: {2} in {3} ms': 'inoltrato {0} a {1}: {2} in {3} ms',
  'forwarding {0} to {1} failed ({2}); answered the sender {3} so the service retries it':
    'inoltro di {0} a {1} non riuscito ({2}); risposto {3} al mittente perché il servizio riprovi',
  'it answered {0}': 'ha risposto {0}',
  '--port: {0} on 127.0.0.1 is already in use; pick another (0 picks a free one)':
    '--port: {0} su 127.0.0.1 è già in uso; scegline un’altra (0 ne sceglie una libera)',
  'listening on {0} (signatures checked, tolerance {1} s{2}); Ctrl-C stops': 'in ascolto su {0} (firme verificate, tolleranza {1} s{2}); Ctrl-C ferma',
  ', forwarding to {0}': ', inoltro a {0}',
  '--secret-file: {0} holds no secret': '--secret-file: {0} non contiene alcun segreto',
  '--secret: a secret cannot be empty': '--secret: un segreto non può essere vuoto',
  'no webhook secret: pass --secret-file FILE (preferred: not on the command line), --secret S, or set FISCO_WEBHOOK_SECRET':
    'nessun segreto webhook: indica --secret-file FILE (preferibile: non sulla riga di comando), --secret S, oppure imposta FISCO_WEBHOOK_SECRET',
  'The secret is shown once by `fisco hooks create` (or written with --secret-file).':
    'Il segreto è mostrato una volta da `fisco hooks create` (o scritto con --secret-file).',
  "{0}: '{1}' is not a URL, like http://127.0.0.1:3000/hook": "{0}: '{1}' non è un URL, come http://127.0.0.1:3000/hook",
  '{0}: use an http or https URL': '{0}: usa un URL http o https',
  '{0}: only a local URL (127.0.0.1, localhost or [::1]) is allowed': '{0}: è ammesso solo un URL locale (127.0.0.1, localhost o [::1])',
  'could not deliver to {0}: {1}': 'impossibile consegnare a {0}: {1}',
  'Is the receiver running? `fisco hooks listen` is one.': 'Il ricevitore è in esecuzione? `fisco hooks listen` è uno di questi.',
  'the receiver rejected the delivery: {0}{1}': 'il ricevitore ha rifiutato la consegna: {0}{1}',
  ' ({0})': ' ({0})',
  '--body: give the file holding the raw body, or pipe the body in (--body -)':
    '--body: indica il file con il corpo grezzo, oppure passalo da una pipe (--body -)',
  'valid: signature matches{0}, timestamp within {1} s': 'valida: la firma corrisponde{0}, timestamp entro {1} s',
  ' secret {0} of {1}': ' segreto {0} di {1}',
  '--signature: {0}': '--signature: {0}',
  '--timestamp: {0}': '--timestamp: {0}',
  'invalid delivery ({0}): {1}': 'consegna non valida ({0}): {1}',
  // commands/invoice
  '--from takes the whole request body: leave out the invoice data flags':
    '--from prende l’intero corpo della richiesta: togli i flag con i dati della fattura',
  'and --piva exclude each other: --client invoices a client of your list, --piva looks the VAT number up in the business register':
    'e --piva si escludono a vicenda: --client fattura a un cliente del tuo elenco, --piva cerca la partita IVA nel registro delle imprese',
  "'{0}' is not a client id (a whole number, see fisco clients list)": "'{0}' non è un id cliente (un numero intero, vedi fisco clients list)",
  'no client with id {0} (see fisco clients list --search NAME)': 'nessun cliente con id {0} (vedi fisco clients list --search NOME)',
  'no invoice data: pass a client (--piva, --client ID or --client-name …) and --item, or --from FILE':
    'nessun dato della fattura: indica un cliente (--piva, --client ID o --client-name …) e --item, oppure --from FILE',
  'the guided flow runs only on a terminal; see fisco invoice create --help':
    'la procedura guidata funziona solo su un terminale; vedi fisco invoice create --help',
  '--from: the file says invia_sdi {0}, but --{1} was given; they must agree': '--from: il file indica invia_sdi {0}, ma è stato dato --{1}; devono concordare',
  'neither --draft nor --send: the body shows invia_sdi {0} (a draft)': 'né --draft né --send: il corpo mostra invia_sdi {0} (una bozza)',
  'neither --draft nor --send: the body shows invia_sdi {0} (from the file)': 'né --draft né --send: il corpo mostra invia_sdi {0} (dal file)',
  'dry run: nothing was sent': 'prova: non è stato inviato nulla',
  'an earlier run of this same invoice did not finish ({0} since {1}): fisco looks for it on the service before sending anything':
    'un’esecuzione precedente di questa stessa fattura non è terminata ({0} dal {1}): fisco la cerca sul servizio prima di inviare qualsiasi cosa',
  '{0}; fisco does not retry, it looks for the invoice instead…': '{0}; fisco non riprova, cerca invece la fattura…',
  '{0} (id {1}, UUID {2})': '{0} (id {1}, UUID {2})',
  'created as {0} (id {1}): the invoice exists, do not create it again': 'creata come {0} (id {1}): la fattura esiste, non crearla di nuovo',
  'created by the earlier run as {0} (id {1}): the invoice exists, do not create it again':
    'creata dall’esecuzione precedente come {0} (id {1}): la fattura esiste, non crearla di nuovo',
  '{0}: {1}; it may or may not have been created': '{0}: {1}; potrebbe essere stata creata oppure no',
  'an earlier run of this invoice': 'un’esecuzione precedente di questa fattura',
  'Do NOT create it again yet: check with fisco invoice list --updated-since … (or in the web application), then run the same command: fisco looks first.':
    'NON crearla ancora di nuovo: controlla con fisco invoice list --updated-since … (o nell’applicazione web), poi esegui lo stesso comando: fisco verifica prima.',
  'an earlier run of this same invoice was interrupted after it was created, as {0} (id {1}): not created again; run the command once more to create another':
    'un’esecuzione precedente di questa stessa fattura è stata interrotta dopo la creazione, come {0} (id {1}): non creata di nuovo; esegui il comando ancora una volta per crearne un’altra',
  '{0}; the lookup has not found it yet': '{0}; la verifica non l’ha ancora trovata',
  'Do NOT create it again by other means: it was probably created. {0}.': 'NON crearla di nuovo con altri mezzi: probabilmente è stata creata. {0}.',
  '{0}; not found: probably not created': '{0}; non trovata: probabilmente non creata',
  'Its request may still reach the service: {0}.': 'La sua richiesta potrebbe ancora raggiungere il servizio: {0}.',
  'cancelled (Ctrl-C); nothing was created': 'annullato (Ctrl-C); non è stato creato nulla',
  '--item \'{0}\' must be "nome;quantita;prezzo;iva[;descrizione]", e.g. "Consulenza;2;150.00;22"':
    '--item \'{0}\' deve essere "nome;quantita;prezzo;iva[;descrizione]", per esempio "Consulenza;2;150.00;22"',
  '--due \'{0}\' must be "YYYY-MM-DD=AMOUNT" or "YYYY-MM-DD=PCT%", e.g. 2026-12-31=50%':
    '--due \'{0}\' deve essere "YYYY-MM-DD=IMPORTO" o "YYYY-MM-DD=PCT%", per esempio 2026-12-31=50%',
  'say which invoices: their numbers (42/2026) or UUIDs': 'indica quali fatture: i loro numeri (42/2026) o UUID',
  'Example: fisco invoice pdf 42/2026 43/2026 (into the current folder; --dir ./fatture for another)':
    'Esempio: fisco invoice pdf 42/2026 43/2026 (nella cartella corrente; --dir ./fatture per un’altra)',
  '{0} references name several invoices each; say which (--year, --issued-from/--issued-to, the UUID, or uuid:ID / number:N), nothing was downloaded:':
    '{0} riferimenti indicano ciascuno più fatture; indica quale (--year, --issued-from/--issued-to, l’UUID, o uuid:ID / number:N), non è stato scaricato nulla:',
  'invoice {0}: not an invoice number (like 42/2026) or UUID; nothing was sent':
    'fattura {0}: non è un numero di fattura (come 42/2026) né un UUID; non è stato inviato nulla',
  'fisco invoice list --fields number,uuid shows them; uuid:ID names a UUID of any form.':
    'fisco invoice list --fields number,uuid li mostra; uuid:ID indica un UUID di qualsiasi forma.',
  'give the invoice number (42/2026) or UUID (see fisco invoice list --fields number,uuid)':
    'indica il numero della fattura (42/2026) o l’UUID (vedi fisco invoice list --fields number,uuid)',
  'invoice {0}: it is the UUID of one invoice and the number of {1}; say which, nothing was sent:':
    'fattura {0}: è l’UUID di una fattura e il numero di {1}; indica quale, non è stato inviato nulla:',
  another: 'un’altra',
  '{0} others': 'altre {0}',
  'uuid:{0} names the invoice whose UUID it is; number:{1} (or the number with its year) the one numbered so.':
    'uuid:{0} indica la fattura con quell’UUID; number:{1} (o il numero con il suo anno) quella con quel numero.',
  'invoice {0}: no outbound invoice has this {1}{2}': 'fattura {0}: nessuna fattura emessa ha questo {1}{2}',
  UUID: 'UUID',
  number: 'numero',
  'number or UUID': 'numero o UUID',
  ' within the given dates': ' tra le date indicate',
  'fisco invoice list --fields number,issue_date,uuid shows them (--issued-from/--issued-to narrow the list).':
    'fisco invoice list --fields number,issue_date,uuid le mostra (--issued-from/--issued-to restringono l’elenco).',
  'invoice {0}: {1} invoices have this {2}{3}; say which, nothing was sent:':
    'fattura {0}: {1} fatture hanno questo {2}{3}; indica quale, non è stato inviato nulla:',
  // commands/overview, runner, search, sync, usage
  'n/a: a figure that could not be read (not a zero); what failed and why is listed below.':
    'n/d: un dato che non è stato possibile leggere (non uno zero); cosa non è riuscito e perché è elencato sotto.',
  "--offline: `fisco {0}` is not answered offline: it writes to the service, or needs what the mirror does not keep (files, payment methods, webhooks, the service's raw answers); nothing was sent":
    '--offline: `fisco {0}` non ha risposta offline: scrive sul servizio, o richiede ciò che la copia locale non conserva (file, metodi di pagamento, webhook, le risposte grezze del servizio); non è stato inviato nulla',
  'Offline, fisco answers: {0} and sync --status. Without --offline (and FISCO_OFFLINE unset) it asks the service.':
    'Offline, fisco risponde a: {0} e sync --status. Senza --offline (e con FISCO_OFFLINE non impostato) chiede al servizio.',
  '{0} cannot be used with `fisco {1}`: it writes or acts on one company, and writes never fan out; name the company with --account ID':
    '{0} non si può usare con `fisco {1}`: scrive o agisce su una sola azienda, e le scritture non si estendono mai a più aziende; indica l’azienda con --account ID',
  '--limit {0} applies to each company: up to {1} rows per company.': '--limit {0} vale per ciascuna azienda: fino a {1} righe per azienda.',
  'A firm token and no company named: every company is read, each row naming its company (--account ID for one).':
    'Un token di studio e nessuna azienda indicata: si leggono tutte le aziende, ogni riga con la sua azienda (--account ID per una sola).',
  '`fisco {0}` reads one company and this token manages several (a firm token): say which company; nothing was read':
    '`fisco {0}` legge una sola azienda e questo token ne gestisce diverse (un token di studio): indica quale azienda; non è stato letto nulla',
  'give something to search for: a name, a VAT number, an invoice number (42/2026), an amount (1.234,50)':
    'indica qualcosa da cercare: un nome, una partita IVA, un numero di fattura (42/2026), un importo (1.234,50)',
  'the mirror holds no company yet: run `fisco sync` while online first':
    'la copia locale non contiene ancora alcuna azienda: esegui prima `fisco sync` online',
  'mirror: {0}, {1} MB': 'copia locale: {0}, {1} MB',
  'payments: seen moving updated_since; the open invoices are read once per service day':
    'pagamenti: visti spostare updated_since; le fatture aperte si leggono una volta per giorno del servizio',
  'payments: seen not moving updated_since; the open invoices are read on every sync':
    'pagamenti: visti non spostare updated_since; le fatture aperte si leggono a ogni sync',
  'payments: not yet seen whether they move updated_since; the open invoices are read on every sync':
    'pagamenti: non si è ancora visto se spostano updated_since; le fatture aperte si leggono a ogni sync',
  '{0} of {1} listed: the pages announced meta.total {2}, and the walk ended after {3}':
    '{0} di {1} elencati: le pagine annunciavano meta.total {2}, e la lettura si è fermata dopo {3}',
  "page: '{0}' is not a page number (a whole number from 1); with --paginate the walk starts there":
    "page: '{0}' non è un numero di pagina (un numero intero da 1); con --paginate la lettura parte da lì",
  "The list changed while it was read (records created or deleted), or the service's pages disagree: what was read is not the whole list. Run the command again.":
    "L'elenco è cambiato mentre veniva letto (record creati o eliminati), oppure le pagine del servizio non concordano: quanto letto non è l'elenco intero. Esegui di nuovo il comando.",
  '--status and --full conflict: --status shows the mirror and sends nothing':
    '--status e --full sono in conflitto: --status mostra la copia locale e non invia nulla',
  '--offline: `fisco sync` reads the service to fill the mirror; run it online (`fisco sync --status` shows the mirror offline)':
    '--offline: `fisco sync` legge il servizio per riempire la copia locale; eseguilo online (`fisco sync --status` mostra la copia locale offline)',
  '{0} is being written by {1} (another export); nothing was written': '{0} è in scrittura da parte di {1} (un altro export); non è stato scritto nulla',
  'Run the export again when that one has finished.': 'Esegui di nuovo l’export quando quello è terminato.',
  'cannot lock the folder {0} ({1})': 'impossibile bloccare la cartella {0} ({1})',
  'the mirror {0} is in use by {1} (another sync); nothing was done': 'la copia locale {0} è in uso da {1} (un altro sync); non è stato fatto nulla',
  'fisco {0}': 'fisco {0}',
  'another fisco': 'un altro fisco',
  // mirror/pg-store.ts, mirror/choose.ts, commands/auth/set.ts: the mirror on a shared PostgreSQL
  "the mirror's database {0} cannot be reached: {1}": 'il database della copia locale {0} non è raggiungibile: {1}',
  "Check the connection string (--mirror, FISCO_MIRROR_URL or the profile's mirror setting) and that the server is up.":
    'Controlla la stringa di connessione (--mirror, FISCO_MIRROR_URL o l’impostazione mirror del profilo) e che il server sia attivo.',
  "the mirror's database {0} answered: {1}{2}": 'il database della copia locale {0} ha risposto: {1}{2}',
  'the schema {0} of {1} is not a fisco mirror; nothing was read or changed':
    'lo schema {0} di {1} non è una copia locale di fisco; non è stato letto né modificato nulla',
  'Update fisco (every machine that reads this mirror needs the newer one).':
    'Aggiorna fisco (ogni macchina che legge questa copia locale ha bisogno di quello più recente).',
  'the mirror {0}: {1} is being synced by {2}; waiting for it to finish': 'la copia locale {0}: {1} è in sincronizzazione da {2}; attendo che finisca',
  '{0}: not a PostgreSQL connection string (a postgres:// or postgresql:// URL, as psql takes it; sslmode=verify-full for TLS)':
    '{0}: non è una stringa di connessione PostgreSQL (un URL postgres:// o postgresql://, come lo accetta psql; sslmode=verify-full per TLS)',
  "the profile's mirror setting": 'l’impostazione mirror del profilo',
  'Profile {0}: the mirror is the local file unless --mirror or FISCO_MIRROR_URL says otherwise.':
    'Profilo {0}: la copia locale è il file locale, salvo diversa indicazione di --mirror o FISCO_MIRROR_URL.',
  'Profile {0}: the mirror is on {1} unless --mirror or FISCO_MIRROR_URL says otherwise.':
    'Profilo {0}: la copia locale è su {1}, salvo diversa indicazione di --mirror o FISCO_MIRROR_URL.',
  'mirror: the connection string holds a password, and a profile never stores one; nothing was changed':
    'mirror: la stringa di connessione contiene una password, e un profilo non ne conserva mai; non è stato cambiato nulla',
  'Put the password in ~/.pgpass (or PGPASSWORD) and set {0}.': 'Metti la password in ~/.pgpass (o PGPASSWORD) e imposta {0}.',
  'Run fisco sync again when that one has finished.': 'Esegui di nuovo fisco sync quando quello è terminato.',
  "the mirror {0} holds the records of {1}, and this credential's base URL is {2}; nothing was sent":
    'la copia locale {0} contiene i dati di {1}, e l’URL di base di questa credenziale è {2}; non è stato inviato nulla',
  'the service sent no Date header: no cursor is kept, so the next sync reads every list whole':
    'il servizio non ha inviato l’intestazione `Date`: non si conserva alcun cursore, quindi il prossimo sync rilegge ogni elenco per intero',
  "the service's clock (its Date header) says {0}, this machine's {1}: more than 5 minutes apart; the cursors are kept within both clocks, so no change is missed":
    'l’orologio del servizio (la sua intestazione `Date`) segna {0}, quello di questa macchina {1}: più di 5 minuti di differenza; i cursori restano entro entrambi gli orologi, quindi nessuna modifica va persa',
  '{0}: no longer listed by the service; removed from the mirror': '{0}: non più elencata dal servizio; rimossa dalla copia locale',
  '{0}: {1} new, {2} changed, {3} removed, {4} requests ({5})': '{0}: {1} nuovi, {2} modificati, {3} rimossi, {4} richieste ({5})',
  '{0} problems, nothing was sent:': '{0} problemi, non è stato inviato nulla:',
  // factory, portfolio
  '{0} holds a space, a line break or another control character, so it cannot be sent as a header; nothing was sent':
    '{0} contiene uno spazio, un a capo o un altro carattere di controllo, quindi non si può inviare come intestazione; non è stato inviato nulla',
  "FISCO_OFFLINE: '{0}' is not 1 or 0 (true or false)": "FISCO_OFFLINE: '{0}' non è 1 o 0 (true o false)",
  "FISCO_MAX_WAIT: '{0}' is not a number of seconds, like 60": "FISCO_MAX_WAIT: '{0}' non è un numero di secondi, come 60",
  "FISCO_MAX_BODY_MB: '{0}' is not a size in megabytes, like 64": "FISCO_MAX_BODY_MB: '{0}' non è una dimensione in megabyte, come 64",
  "{0}: '{1}' is not a number of seconds from 0.1 to 3600 (the deadline of each request)":
    "{0}: '{1}' non è un numero di secondi da 0,1 a 3600 (il tempo massimo di ogni richiesta)",
  "FISCO_RATE_LIMIT: '{0}' is not LIMIT/WINDOW_MS, like 120/60000": "FISCO_RATE_LIMIT: '{0}' non è LIMITE/FINESTRA_MS, come 120/60000",
  '{0}: {1} {2} this token manages; it manages: {3}': '{0}: {1} {2} tra quelle gestite da questo token; gestisce: {3}',
  'is not a company': 'non è un’azienda',
  'are not companies': 'non sono aziende',
  'This token manages no companies.': 'Questo token non gestisce alcuna azienda.',
  'no company done: all {0} failed': 'nessuna azienda completata: tutte le {0} non sono riuscite',
  'partly done: of {0} companies, {1}': 'eseguito in parte: delle {0} aziende, {1}',
  'partly done: {0} of {1} companies failed; the others are complete': 'eseguito in parte: {0} aziende su {1} non sono riuscite; le altre sono complete',
  '{0} conflict: --account names one company, --accounts several, --all-accounts every one; give one of them':
    '{0} sono in conflitto: --account indica un’azienda, --accounts alcune, --all-accounts tutte; indicane uno solo',
  '--accounts: give a comma list of company ids (fisco accounts list), like acc_rossi,acc_verdi':
    '--accounts: indica un elenco di id di aziende separati da virgole (fisco accounts list), come acc_rossi,acc_verdi',
  'by its UUID:': 'per UUID:',
  'by its number:': 'per numero:',
  'issued {0}': 'emessa il {0}',
  'total {0}': 'totale {0}',
  // prompts: auth, clients add, dunning send; progress lines
  'Token for {0} ({1}):': 'Token per {0} ({1}):',
  'Replace profile {0}?': 'Sostituire il profilo {0}?',
  'Log out of {0}?': 'Uscire da {0}?',
  'Italian VAT number (looked up in the business register; leave empty to enter the client by hand):':
    'Partita IVA italiana (cercata nel registro delle imprese; lascia vuoto per inserire il cliente a mano):',
  'Name:': 'Nome:',
  'Country (two letters):': 'Paese (due lettere):',
  '{0} {1} {2}/{3}  {4}': '{0} {1} {2}/{3}  {4}',
  'SMTP password of {0} at {1}': 'Password SMTP di {0} su {1}',
  'Send {0}?': 'Inviare {0}?',
  'Sending {0}/{1}: {2}': 'Invio {0}/{1}: {2}',
  '{0} {1} {2}/{3} companies{4}{5}': '{0} {1} {2}/{3} aziende{4}{5}',
  ' · {0} failed': ' · {0} non riuscite',
  ' · {0}': ' · {0}',
  // commands/invoice/create.ts, preview.ts: the preview and the guard of one invoice
  'Invoice {0} created and sent to the SDI': 'Fattura {0} creata e inviata allo SDI',
  'Draft invoice {0} created (not sent to the SDI)': 'Bozza di fattura {0} creata (non inviata allo SDI)',
  'The invoice cannot be created as it is. What now?': 'La fattura non si può creare così com’è. E adesso?',
  'Not sent. What now?': 'Non inviata. E adesso?',
  'Codice fiscale {0} (on {1}; the request has no field for it)': 'Codice fiscale {0} (da {1}; la richiesta non ha un campo per indicarlo)',
  'Client      VAT {0}': 'Cliente     P.IVA {0}',
  '{0} (as in {1})': '{0} (come in {1})',
  '(not in your client list)': '(non è nel tuo elenco clienti)',
  'The service fills in name, address and delivery code from the business register.':
    'Il servizio compila nome, indirizzo e codice destinatario dal registro delle imprese.',
  'Client      {0} — VAT {1} ({2})': 'Cliente     {0} — P.IVA {1} ({2})',
  'Client      {0} — VAT {1}': 'Cliente     {0} — P.IVA {1}',
  "No SDI code or PEC: the invoice reaches the client's tax drawer (cassetto fiscale)":
    'Nessun codice SDI né PEC: la fattura arriva nel cassetto fiscale del cliente',
  'Invoice preview — {0} ({1})': 'Anteprima della fattura — {0} ({1})',
  'Date {0}': 'Data {0}',
  'Type {0}': 'Tipo {0}',
  'Numbering {0}': 'Numerazione {0}',
  "Standard (the service's default)": 'Standard (la predefinita del servizio)',
  'Payment {0}': 'Pagamento {0}',
  '(the service uses the last one used)': '(il servizio usa l’ultimo usato)',
  Lines: 'Righe',
  '(nature: by the service)': '(natura: dal servizio)',
  Discount: 'Sconto',
  'VAT {0}% {1} on {2}': 'IVA {0}% {1} su {2}',
  'VAT {0}% on {1}': 'IVA {0}% su {1}',
  TOTAL: 'TOTALE',
  'Due dates': 'Scadenze',
  'Due dates   (none given: the service sets 30 days from the issue date)':
    'Scadenze    (nessuna indicata: il servizio fissa 30 giorni dalla data di emissione)',
  'Paid at creation': 'Pagato alla creazione',
  'Action      SEND to the SDI (irreversible) — {0} ({1})': 'Azione      INVIO allo SDI (irreversibile) — {0} ({1})',
  'Action      save as a DRAFT (not sent to the SDI)': 'Azione      salva come BOZZA (non inviata allo SDI)',
  // commands/invoice/wizard.ts: the guided flow's questions
  'More options? (numbering, payment, type, date, discount, due dates, references, notes, e-mails)':
    'Altre opzioni? (numerazione, pagamento, tipo, data, sconto, scadenze, riferimenti, note, e-mail)',
  'Edit what?': 'Cosa modificare?',
  Client: 'Cliente',
  'More options (numbering, payment, type, date, discount, due dates, references, notes, e-mails)':
    'Altre opzioni (numerazione, pagamento, tipo, data, sconto, scadenze, riferimenti, note, e-mail)',
  'Client VAT number': 'Partita IVA del cliente',
  '+ New client by VAT number (data from the business register)': '+ Nuovo cliente da partita IVA (dati dal registro delle imprese)',
  '+ New client entered by hand': '+ Nuovo cliente inserito a mano',
  'Client (type to search by name or VAT number)': 'Cliente (digita per cercare per nome o partita IVA)',
  'no VAT': 'senza P.IVA',
  'Client name': 'Nome del cliente',
  'Country (two letters)': 'Paese (due lettere)',
  'VAT number': 'Partita IVA',
  Address: 'Indirizzo',
  'Postal code (CAP)': 'CAP',
  City: 'Città',
  'Province (e.g. MI; empty if none)': 'Provincia (per esempio MI; vuoto se nessuna)',
  'SDI code (7 characters; 6 for a public administration; empty if none)': 'Codice SDI (7 caratteri; 6 per una pubblica amministrazione; vuoto se nessuno)',
  'PEC (empty if none)': 'PEC (vuoto se nessuna)',
  'Line {0} — name': 'Riga {0} — nome',
  Quantity: 'Quantità',
  'Unit price in euro (150,00 or 150.00)': 'Prezzo unitario in euro (150,00 o 150.00)',
  'Add another line?': 'Aggiungere un’altra riga?',
  'VAT rate': 'Aliquota IVA',
  '{0}%': '{0}%',
  'another rate (special regimes)…': 'un’altra aliquota (regimi speciali)…',
  'VAT rate in percent': 'Aliquota IVA in percentuale',
  'VAT nature code for the 0% lines': 'Codice natura IVA per le righe allo 0%',
  '{0}  {1}': '{0}  {1}',
  'PA: CIG (empty if none)': 'PA: CIG (vuoto se nessuno)',
  'PA: CUP, or several comma-separated (empty if none)': 'PA: CUP, o più separati da virgole (vuoto se nessuno)',
  Numbering: 'Numerazione',
  'Payment method': 'Metodo di pagamento',
  '{0}{1}': '{0}{1}',
  'Document type': 'Tipo di documento',
  'Issue date (YYYY-MM-DD or dd/mm/yyyy)': 'Data di emissione (YYYY-MM-DD o gg/mm/aaaa)',
  'Discount in euro (empty for none)': 'Sconto in euro (vuoto se nessuno)',
  'Due dates: DATE=AMOUNT or DATE=PCT%, space-separated (empty: {0}, 30 days)': 'Scadenze: DATA=IMPORTO o DATA=PCT%, separate da spazi (vuoto: {0}, 30 giorni)',
  'Purchase-order references?': 'Riferimenti all’ordine d’acquisto?',
  'Order number': 'Numero dell’ordine',
  'Order date (YYYY-MM-DD or dd/mm/yyyy)': 'Data dell’ordine (YYYY-MM-DD o gg/mm/aaaa)',
  'Commitment (impegno)': 'Impegno',
  'Determination (determina)': 'Determina',
  'Job code (codice commessa)': 'Codice commessa',
  'Notes (optional)': 'Note (facoltative)',
  'Extra e-mail recipients, comma-separated (optional)': 'Altri destinatari e-mail, separati da virgole (facoltativi)',
  'Add descriptions to the lines?': 'Aggiungere descrizioni alle righe?',
  'Line {0} ({1}) — description': 'Riga {0} ({1}) — descrizione',
  // the commands' table column labels and progress labels (machine formats keep the API's field names)
  ID: 'ID',
  Name: 'Nome',
  'Fiscal code': 'Codice fiscale',
  Status: 'Stato',
  Active: 'Attivo',
  Profile: 'Profilo',
  Env: 'Ambiente',
  'Base URL': 'URL di base',
  'In use': 'In uso',
  Problem: 'Problema',
  Date: 'Data',
  Amount: 'Importo',
  Payer: 'Ordinante',
  'Conf.': 'Conf.',
  Invoices: 'Fatture',
  Why: 'Perché',
  Outcome: 'Esito',
  'Week from': 'Settimana dal',
  Cash: 'Cassa',
  SDI: 'SDI',
  PEC: 'PEC',
  'Prov.': 'Prov.',
  Country: 'Paese',
  Created: 'Creato',
  Code: 'Codice',
  Type: 'Tipo',
  Deadlines: 'Scadenze',
  Due: 'Scadenza',
  'Due{0}': 'Residuo{0}',
  Title: 'Titolo',
  Related: 'Collegato',
  Result: 'Esito',
  File: 'File',
  Bytes: 'Byte',
  Error: 'Errore',
  'Planning reminders': 'Preparazione solleciti',
  Lv: 'Liv.',
  By: 'Mezzo',
  Residue: 'Residuo',
  Interest: 'Interessi',
  To: 'A',
  'Half-year': 'Semestre',
  From: 'Da',
  'Reference %': 'Riferimento %',
  'Interest %': 'Interessi %',
  'Published in': 'Pubblicato in',
  State: 'Stato',
  Key: 'Chiave',
  Label: 'Etichetta',
  Category: 'Categoria',
  Description: 'Descrizione',
  Document: 'Documento',
  Period: 'Periodo',
  'Supplier / employee': 'Fornitore / dipendente',
  Method: 'Metodo',
  Center: 'Centro',
  Paid: 'Pagato',
  Review: 'Da controllare',
  Documents: 'Documenti',
  Folder: 'Cartella',
  Files: 'File',
  Written: 'Scritti',
  Unchanged: 'Invariati',
  PDFs: 'PDF',
  Missing: 'Mancanti',
  'Downloading F24 PDFs': 'Download dei PDF degli F24',
  'the service gave no file link (file_url) for it': 'il servizio non ha fornito il link al file (file_url)',
  'Paid on': 'Pagato il',
  Currency: 'Valuta',
  'Status at the source': 'Stato di origine',
  'Payment reference': 'Riferimento pagamento',
  'Receipt available': 'Quietanza disponibile',
  Taxpayer: 'Contribuente',
  'Tax code': 'Codice fiscale',
  Link: 'Link',
  'struttura (none)': 'struttura (non indicato)',
  total: 'totale',
  URL: 'URL',
  Events: 'Eventi',
  Source: 'Origine',
  Secret: 'Segreto',
  Ref: 'Ref',
  Number: 'Numero',
  Id: 'Id',
  Message: 'Messaggio',
  At: 'Quando',
  'Downloading invoice PDFs': 'Download dei PDF delle fatture',
  'the service gave no PDF link (pdf_url) for it': 'il servizio non ha fornito il link al PDF (pdf_url)',
  Counterpart: 'Controparte',
  'Due date': 'Scadenza',
  Payment: 'Pagamento',
  Overdue: 'Scaduto',
  'UUID (invoice pay)': 'UUID (invoice pay)',
  'Sent to SDI': 'Inviata allo SDI',
  PDF: 'PDF',
  Invoice: 'Fattura',
  'Payment date': 'Data incasso',
  'Payment status': 'Stato pagamento',
  IBAN: 'IBAN',
  'SDI code': 'Codice SDI',
  'Default payment method': 'Metodo di pagamento predefinito',
  Open: 'Aperto',
  'F24 to pay': 'F24 da pagare',
  'Next F24': 'Prossimo F24',
  'Deadl. late': 'Scad. in ritardo',
  'Overdue inv.': 'Fatt. scadute',
  'F24 expired': 'F24 scaduti',
  'Next F24 amount': 'Importo prossimo F24',
  'Open inv.': 'Fatt. aperte',
  'Review prev.': 'Da contr. mese prec.',
  Rejected: 'Scartate',
  'Resend by': 'Reinvio entro',
  Webhooks: 'Webhook',
  '--wide shows every column; -o json every figure': '--wide mostra ogni colonna; -o json ogni cifra',
  Overview: 'Panoramica',
  Receivables: 'Crediti',
  Days: 'Giorni',
  DSO: 'DSO',
  Kind: 'Tipo',
  Detail: 'Dettaglio',
  'As of': 'Al',
  'Last full sync': 'Ultimo sync completo',
  Clients: 'Clienti',
  Expenses: 'Spese',
  F24: 'F24',
  New: 'Nuovi',
  Changed: 'Modificati',
  Removed: 'Rimossi',
  Requests: 'Richieste',
  Full: 'Completo',
  Syncing: 'Sincronizzazione',
  'Company id': 'ID azienda',
  'Token type': 'Tipo di token',
  Companies: 'Aziende',
  'Full access': 'Accesso completo',
  Abilities: 'Permessi',
  'Webhooks supported': 'Webhook supportati',
  'Webhooks ready': 'Webhook pronti',
  Reading: 'Lettura',
  In: 'Entrate',
  Payables: 'Debiti',
  Net: 'Netto',
  'method {0}': 'metodo {0}',
  'cost center {0}': 'centro di costo {0}',
  'Expense summary, {0}': 'Riepilogo spese, {0}',
  'By allocation method': 'Per metodo di imputazione',
  'By cost center': 'Per centro di costo',
  '  (no expenses allocated to a cost center)': '  (nessuna spesa imputata a un centro di costo)',
  'Unassigned (outside the totals above): 1 document, {0}': 'Non assegnate (escluse dai totali sopra): 1 documento, {0}',
  'Unassigned (outside the totals above): {0} documents, {1}': 'Non assegnate (escluse dai totali sopra): {0} documenti, {1}',
  '{0} — method diretto without a cost center; they need review': '{0} — metodo diretto senza centro di costo; vanno controllate',
  'Exporting {0}': 'Esportazione {0}',
  'Deadl. ≤ {0} d': 'Scad. ≤ {0} g',
  'Not due': 'Non scaduto',
  'Total €': 'Totale €',
  'no profile is in use: the setting belongs to a profile': 'nessun profilo in uso: l’impostazione appartiene a un profilo',
  'Without a profile, FISCO_LANG=it says the same for a shell or a CI job.': 'Senza profilo, FISCO_LANG=it dice lo stesso per una shell o un job di CI.',
  'Without a profile, FISCO_CSV_DIALECT=it says the same for a shell or a CI job.':
    'Senza profilo, FISCO_CSV_DIALECT=it dice lo stesso per una shell o un job di CI.',
  'FISCO_TOKEN from the environment': 'FISCO_TOKEN dall’ambiente',
  'the demo emulator': 'l’emulatore demo',
  'profile {0}': 'profilo {0}',
  'none (run `fisco auth login`)': 'nessuno (esegui `fisco auth login`)',
  'No bank balance is known to fisco: the running balance starts from zero and shows only what these flows add or take (--opening-balance or --from-statement give one).':
    'Il saldo bancario non è noto a fisco: il saldo progressivo parte da zero e mostra solo ciò che questi flussi aggiungono o tolgono (--opening-balance o --from-statement ne danno uno).',
  "--opening-balance and --from-statement: give one of them (the balance typed, or the statement's closing balance)":
    '--opening-balance e --from-statement: indicane uno (il saldo scritto, o il saldo di chiusura dell’estratto conto)',
  'The running balance starts from the opening balance {0} (--opening-balance).': 'Il saldo progressivo parte dal saldo iniziale {0} (--opening-balance).',
  'Give a bank statement fisco reads: camt.053, MT940 or CBI.': 'Indica un estratto conto che fisco legge: camt.053, MT940 o CBI.',
  '--from-statement {0}: the statement states no closing balance (a CSV export carries none); give --opening-balance AMOUNT instead':
    '--from-statement {0}: l’estratto conto non indica un saldo di chiusura (un export CSV non ne ha); indica invece --opening-balance IMPORTO',
  "--from-statement {0}: its closing balance is in {1}; fisco's flows are in euro: give --opening-balance AMOUNT in euro instead":
    '--from-statement {0}: il suo saldo di chiusura è in {1}; i flussi di fisco sono in euro: indica invece --opening-balance IMPORTO in euro',
  'its account': 'il suo conto',
  'The running balance starts from {0}, the closing balance of {1} ({2}).': 'Il saldo progressivo parte da {0}, il saldo di chiusura di {1} ({2}).',
  "{0}: a bank balance is one company's, and this run covers {1} companies; choose one with --account":
    '{0}: un saldo bancario è di una sola azienda, e questa esecuzione ne copre {1}; scegline una con --account',
  '{0}: overdue invoices placed on the day their client usually pays (the payments the mirror saw): {1}':
    '{0}: fatture scadute collocate nel giorno in cui il loro cliente paga di solito (i pagamenti visti dal mirror): {1}',
  '{0}: overdue, date unknown: {1} (invoices: {2}), outside the weeks: no payment history of their clients in the mirror, or later than their usual delay (`fisco sync` every day builds it)':
    '{0}: scaduti, data sconosciuta: {1} (fatture: {2}), fuori dalle settimane: nessuno storico dei pagamenti dei loro clienti nel mirror, o oltre il loro ritardo abituale (`fisco sync` ogni giorno lo costruisce)',
  'no reminders': 'nessun promemoria',
  'reminders on the day, at 9:00': 'promemoria il giorno stesso, alle 9:00',
  'reminders 1 day before, at 9:00': 'promemoria 1 giorno prima, alle 9:00',
  'reminders {0} days before, at 9:00': 'promemoria {0} giorni prima, alle 9:00',
  '{0} downloaded, {1} already complete (skipped), {2} failed, in {3}':
    '{0} {0|scaricato|scaricati}, {1} già {1|completo (saltato)|completi (saltati)}, {2} non {2|riuscito|riusciti}, in {3}',
  'Download links expire: run the same command again; {0}': 'I link di download scadono: esegui di nuovo lo stesso comando; {0}',
  'Run the same command again to retry: files already saved are skipped.':
    'Esegui di nuovo lo stesso comando per riprovare: i file già salvati vengono saltati.',
  'cash flows of the next 13 weeks (GET /v1/invoices, /v1/f24s, /v1/tax-deadlines)':
    'flussi di cassa delle prossime 13 settimane (GET /v1/invoices, /v1/f24s, /v1/tax-deadlines)',
  'invoices (GET /v1/invoices)': 'fatture (GET /v1/invoices)',
  'F24 forms (GET /v1/f24s)': 'modelli F24 (GET /v1/f24s)',
  'expenses (GET /v1/expenses)': 'spese (GET /v1/expenses)',
  'expense summary (GET /v1/expenses/summary)': 'riepilogo spese (GET /v1/expenses/summary)',
  'tax deadlines (GET /v1/tax-deadlines)': 'scadenze fiscali (GET /v1/tax-deadlines)',
  'the PDF of F24 {0} (file_url)': 'il PDF dell’F24 {0} (file_url)',
  'the rest is written; report.html, note-studio.md, index.html and manifest.json say what is missing':
    'il resto è scritto; report.html, note-studio.md, index.html e manifest.json indicano cosa manca',
  "F24 {0}: no form with that id among this token's companies. `fisco f24 list` shows the ids; with a firm token, name the company with --account ID.":
    'F24 {0}: nessun modello con quell’id tra le aziende di questo token. `fisco f24 list` mostra gli id; con un token di studio, indica l’azienda con --account ID.',
  'Check the secret and that the body is the raw bytes received (not re-serialised JSON).':
    'Controlla il segreto e che il corpo sia esattamente i byte ricevuti (non JSON riserializzato).',
  'Check the clocks; a delivery older than the tolerance may be a replay (--tolerance changes the window).':
    'Controlla gli orologi; una consegna più vecchia della tolleranza può essere una ripetizione (--tolerance cambia la finestra).',
  'open receivables (GET /v1/invoices)': 'crediti aperti (GET /v1/invoices)',
  'F24 forms to pay (GET /v1/f24s)': 'modelli F24 da pagare (GET /v1/f24s)',
  'overdue tax deadlines (GET /v1/tax-deadlines)': 'scadenze fiscali scadute (GET /v1/tax-deadlines)',
  'tax deadlines due within {0} days (GET /v1/tax-deadlines)': 'scadenze fiscali entro {0} giorni (GET /v1/tax-deadlines)',
  'expenses to review in {0} (GET /v1/expenses/summary)': 'spese da controllare in {0} (GET /v1/expenses/summary)',
  'invoices rejected by the SDI (GET /v1/invoices)': 'fatture scartate dallo SDI (GET /v1/invoices)',
  '1 more recent rejected invoice of {0} is not explained here (at most {1} a company, the most urgent first); `{2}` lists it':
    'un’altra fattura scartata di recente di {0} non è spiegata qui (al massimo {1} per azienda, prima le più urgenti); `{2}` la elenca',
  '{0} more recent rejected invoices of {1} are not explained here (at most {2} a company, the most urgent first); `{3}` lists them':
    'altre {0} fatture scartate di recente di {1} non sono spiegate qui (al massimo {2} per azienda, prima le più urgenti); `{3}` le elenca',
  '1 rejected invoice of {0} is not explained here: its window to send the corrected one closed more than {1} days ago; `{2}` lists it':
    '1 fattura scartata di {0} non è spiegata qui: i giorni per inviare quella corretta sono finiti da più di {1} giorni; `{2}` la elenca',
  '{0} rejected invoices of {1} are not explained here: their window to send the corrected one closed more than {2} days ago; `{3}` lists them':
    '{0} fatture scartate di {1} non sono spiegate qui: i giorni per inviare quelle corrette sono finiti da più di {2} giorni; `{3}` le elenca',
  'full sync': 'sync completo',
  'last full sync never': 'ultimo sync completo: mai',
  'last full sync {0}': 'ultimo sync completo {0}',
  '{0}: {1} (exit {2})': '{0}: {1} (uscita {2})',
  '{0}; the 1 record read before the failure is included': '{0}; il record letto prima dell’errore è incluso',
  '{0}; the {1} records read before the failure are included': '{0}; i {1} record letti prima dell’errore sono inclusi',
  'what could be read is shown; the missing figures are n/a, null in json': 'ciò che si è potuto leggere è mostrato; i dati mancanti sono n/d, null in json',
  '{0}: not read: {1} (exit {2})': '{0}: non letto: {1} (uscita {2})',
  '{0}: not read: {1}': '{0}: non letto: {1}',
  '{0} failed': '{0} non riuscite',
  '{0} incomplete ({1})': '{0} incomplete ({1})',
  applied: 'registrato',
  'already-registered': 'già registrato',
  '{0} {1}': '{0} {1}',
  '{0} {1} {2}': '{0} {1} {2}',
  "webhook subscriptions need a single company's own API token: {0}": 'le sottoscrizioni webhook richiedono il token API proprio di una singola azienda: {0}',
  "fisco's table of the reference rates published by the Ministero dell'economia e delle finanze in the Gazzetta Ufficiale (art. 5 D.Lgs. 231/2002), checked on {0}":
    'la tabella di fisco dei tassi di riferimento pubblicati dal Ministero dell’economia e delle finanze in Gazzetta Ufficiale (art. 5 D.Lgs. 231/2002), verificata il {0}',
  'The service does not manage telematic receipts (corrispettivi).': 'Il servizio non gestisce i corrispettivi telematici.',
  'No receipt uploads.': 'Nessun invio di corrispettivi.',
  'answer s (sì) or n (no)': 'rispondi s (sì) o n (no)',
  'Press Ctrl-C to stop.': 'Premi Ctrl-C per fermarlo.',
  'cannot write a statement for {0}: {1}': 'impossibile scrivere un estratto conto per {0}: {1}',
  'no company': 'nessuna azienda',
  'Read it with: fisco --demo --account {0} bank match FILE --csv-date "{1}" --csv-credit "{2}" --csv-debit "{3}" --csv-description "{4}" --csv-counterpart "{5}" --csv-reference "{6}"':
    'Leggilo con: fisco --demo --account {0} bank match FILE --csv-date "{1}" --csv-credit "{2}" --csv-debit "{3}" --csv-description "{4}" --csv-counterpart "{5}" --csv-reference "{6}"',
  'no token on stdin': 'nessun token sullo stdin',
  'no token given and no terminal to ask on': 'nessun token indicato e nessun terminale su cui chiederlo',
  'full access': 'accesso completo',
  'abilities {0}': 'permessi {0}',
  'abilities not recorded': 'permessi non registrati',
  'the stored token has full access, the new one only {0}': 'il token salvato ha accesso completo, il nuovo solo {0}',
  'no abilities': 'nessun permesso',
  'it lacks {0}': 'gli manca {0}',
  "Profile {0}: CSV in the Italian dialect (';', decimal comma, dd/mm/yyyy, Italian headers, identifiers as text) unless --csv-dialect says otherwise.":
    "Profilo {0}: CSV nel dialetto italiano (';', virgola decimale, gg/mm/aaaa, intestazioni italiane, identificativi come testo), salvo diversa indicazione di --csv-dialect.",
  'Profile {0}: CSV as RFC 4180 unless --csv-dialect says otherwise.': 'Profilo {0}: CSV come RFC 4180, salvo diversa indicazione di --csv-dialect.',
  'no invoice matched': 'nessuna fattura abbinata',
  'The existing client is printed on stdout.': 'Il cliente esistente è stampato sullo stdout.',
  'Find it with: fisco clients list --search <VAT number>': 'Trovalo con: fisco clients list --search <partita IVA>',
  'VAT number (optional):': 'Partita IVA (facoltativa):',
  'SDI recipient code (optional; 0000000 when invoices go by PEC):': 'Codice destinatario SDI (facoltativo; 0000000 quando le fatture vanno via PEC):',
  'SDI recipient code (optional; XXXXXXX for foreign clients):': 'Codice destinatario SDI (facoltativo; XXXXXXX per i clienti esteri):',
  'PEC address (optional):': 'Indirizzo PEC (facoltativo):',
  'E-mail (optional):': 'E-mail (facoltativa):',
  'Phone (optional):': 'Telefono (facoltativo):',
  'Address (optional):': 'Indirizzo (facoltativo):',
  'CAP (optional):': 'CAP (facoltativo):',
  'City (optional):': 'Città (facoltativa):',
  'Province, like MI (optional):': 'Provincia, come MI (facoltativa):',
  'Web domain (optional):': 'Dominio web (facoltativo):',
  'must be a number from {0} to {1} ({2})': 'deve essere un numero da {0} a {1} ({2})',
  'must be a whole number from {0} to {1} ({2})': 'deve essere un numero intero da {0} a {1} ({2})',
  'must be from {0} to {1} ({2})': 'deve essere da {0} a {1} ({2})',
  port: 'porta',
  'must be a loopback address (127.x.x.x, ::1 or localhost)': 'deve essere un indirizzo di loopback (127.x.x.x, ::1 o localhost)',
  seed: 'seme',
  requests: 'richieste',
  milliseconds: 'millisecondi',
  fraction: 'frazione',
  invoices: 'fatture',
  expenses: 'spese',
  clients: 'clienti',
  deadlines: 'scadenze',
  'cost centers': 'centri di costo',
  'F24 forms': 'modelli F24',
  'tax deadlines': 'scadenze fiscali',
  'A 401 usually means the receiver checks with another secret, or reads a re-serialised body.':
    'Un 401 di solito significa che il ricevitore verifica con un altro segreto, o legge un corpo riserializzato.',
  'Receivers must answer 2xx within a few seconds.': 'I ricevitori devono rispondere 2xx entro pochi secondi.',
  'the request of an earlier run may still reach the service': 'la richiesta di un’esecuzione precedente potrebbe ancora raggiungere il servizio',
  'a company of this token': 'un’azienda di questo token',
  'Add --year {0} (or --issued-from/--issued-to), or give the UUID.': 'Aggiungi --year {0} (o --issued-from/--issued-to), oppure indica l’UUID.',
  'They belong to different companies: add --account ID, or give the UUID.': 'Appartengono ad aziende diverse: aggiungi --account ID, oppure indica l’UUID.',
  'Give the UUID, or narrow with --issued-from/--issued-to.': 'Indica l’UUID, oppure restringi con --issued-from/--issued-to.',
  "{0}: '{1}': {2}": "{0}: '{1}': {2}",
  "{0}: '{1}' is not key=value": "{0}: '{1}' non è chiave=valore",
  'the key must be name, name[] or name[sub]…': 'la chiave deve essere nome, nome[] o nome[sotto]…',
  '[] may only end the key': '[] può stare solo alla fine della chiave',
  '{0} is already a single value, not an array': '{0} è già un valore singolo, non un array',
  '{0} is already a value, not an object': '{0} è già un valore, non un oggetto',
  '{0} is given twice (use {1}[]=… for an array)': '{0} è indicato due volte (usa {1}[]=… per un array)',
  'Rebuild it first with the plan last applied: fisco bank apply PLAN --rebuild-from-service, then match again.':
    'Ricostruiscilo prima con l’ultimo piano applicato: fisco bank apply PIANO --rebuild-from-service, poi abbina di nuovo.',
  'interrupted; no partial file left (each file is written whole or not at all)':
    'interrotto; nessun file parziale rimasto (ogni file è scritto per intero o per niente)',
  'Run the same command again to resume: complete, unchanged files are skipped.':
    'Esegui di nuovo lo stesso comando per riprendere: i file completi e invariati vengono saltati.',
  'it lists the F24s anew for fresh links and skips the files already saved.': 'rielenca gli F24 per avere link nuovi e salta i file già salvati.',
  'A firm-wide token cannot manage webhooks, and --account does not change that.':
    'Un token di studio non può gestire i webhook, e --account non cambia questo.',
  'Create a token in the integration settings of the company concerned, then use it: fisco auth login (a profile of its own, fisco -p NAME hooks …) or FISCO_TOKEN.':
    'Crea un token nelle impostazioni di integrazione dell’azienda interessata, poi usalo: fisco auth login (un profilo a sé, fisco -p NOME hooks …) o FISCO_TOKEN.',
  'For a local receiver, add --allow-http with an http://127.0.0.1 URL: fisco --demo accepts it, as does fisco emulator --allow-http-hooks.':
    'Per un ricevitore locale, aggiungi --allow-http con un URL http://127.0.0.1: fisco --demo lo accetta, come fisco emulator --allow-http-hooks.',
  'must be a port number from 0 to 65535': 'deve essere un numero di porta da 0 a 65535',
  'give the path of a JSON request body, or - to read it from stdin': 'indica il percorso di un corpo di richiesta JSON, oppure - per leggerlo dallo stdin',
  'the invoice is not known to be created; the same command run again looks for it first':
    'non si sa se la fattura sia stata creata; lo stesso comando eseguito di nuovo la cerca prima',
  'fisco will check once more before sending it again: run the same command after {0} (in {1} s), or add --wait':
    'fisco verificherà ancora una volta prima di reinviarla: esegui lo stesso comando dopo {0} (tra {1} s), oppure aggiungi --wait',
  'it looks the invoices up anew and skips the files already saved.': 'ricerca di nuovo le fatture e salta i file già salvati.',
  "--account ID          one company (also FISCO_ACCOUNT, or a profile's default company)":
    '--account ID          una sola azienda (anche FISCO_ACCOUNT, o l’azienda predefinita di un profilo)',
  '--accounts ID,ID,…    several companies, each record naming its company': '--accounts ID,ID,…    alcune aziende, ogni record con la sua azienda',
  '--all-accounts        every company of the token, each record naming its company':
    '--all-accounts        tutte le aziende del token, ogni record con la sua azienda',
  '`fisco accounts list` shows the ids.': '`fisco accounts list` mostra gli id.',
  'the rest of each company is in the mirror; offline, a refused part answers as the service did':
    'il resto di ogni azienda è nella copia locale; offline, una parte rifiutata risponde come ha fatto il servizio',
  "the token of profile '{0}'": "il token del profilo '{0}'",
  'Set FISCO_TOKEN to the token alone.': 'Imposta FISCO_TOKEN al solo token.',
  'Store it again: fisco auth login (the profile {0}).': 'Salvalo di nuovo: fisco auth login (il profilo {0}).',
  'invoice {0}': 'fattura {0}',
  'Firm total': 'Totale studio',
  'Total {0}': 'Totale {0}',
  'n/a': 'n/d',
  Running: 'Progressivo',
  '{0} delivery {1}: {2} answered {3} in {4} ms': '{0} consegna {1}: {2} ha risposto {3} in {4} ms',
  '{0} ({1}): {2} leaves out {3} ({4}: digits past the cent, shown as the service sent them)':
    '{0} ({1}): {2} esclude {3} ({4}: cifre oltre il centesimo, mostrate come le ha inviate il servizio)',
  '{0} ({1}): {2} leave out {3} ({4}: digits past the cent, shown as the service sent them)':
    '{0} ({1}): {2} escludono {3} ({4}: cifre oltre il centesimo, mostrate come le ha inviate il servizio)',
  '{0} and {1}': '{0} e {1}',
  ', to send: {0}': ', da inviare: {0}',
  '; {0} more identical invoice(s) found: {1}': '; trovate altre {0} fatture identiche: {1}',
  '{0} are identical (client, date, total): {1} found on the service{2}{3}': '{0} sono identiche (cliente, data, totale): {1} trovate sul servizio{2}{3}',
  'number not read: the invoice list could not be read ({0}); run the same command again to read it':
    'numero non letto: non è stato possibile leggere l’elenco fatture ({0}); esegui di nuovo lo stesso comando per leggerlo',
  'number not read: the invoice list does not show it yet; run the same command again to read it':
    'numero non letto: l’elenco fatture non la mostra ancora; esegui di nuovo lo stesso comando per leggerlo',
  'found by the lookup after an unknown outcome': 'trovata dalla verifica dopo un esito sconosciuto',
  "the service's total {0} differs from the {1} the record was sent with": 'il totale del servizio {0} è diverso dai {1} con cui il record è stato inviato',
  'edited since it was created as {0}: not sent again (the journal keeps the first version)':
    'modificato dopo la creazione come {0}: non reinviato (il registro conserva la prima versione)',
  'its earlier request may still reach the service: sent again only after {0}, if it has not arrived':
    'la sua richiesta precedente potrebbe ancora raggiungere il servizio: reinviato solo dopo le {0}, se non è arrivata',
  'in flight when the run stopped': 'in corso quando l’esecuzione si è fermata',
  '1 payment registered': '1 incasso registrato',
  '{0} payments registered': '{0} incassi registrati',
  'interrupted: {0} before stopping; the journal is exact': 'interrotto: {0} prima di fermarsi; il registro è esatto',
  'partly done: 1 payment not registered, {0} registered': 'eseguito in parte: 1 incasso non registrato, {0} registrati',
  'partly done: {0} payments not registered, {1} registered': 'eseguito in parte: {0} incassi non registrati, {1} registrati',
  '1 failed': '1 non riuscita',
  '1 incomplete ({0})': '1 incompleta ({0})',
  // invoice/batch-origin.ts
  'this batch has no journal and no seal, but the service already holds invoices with the same content (client, issue date, total, draft or not) as {0} of its {1} records: it may have run before and lost its journal; nothing was sent':
    'questo lotto non ha registro né sigillo, ma il servizio ha già fatture con lo stesso contenuto (cliente, data di emissione, totale, bozza o no) di {0} dei suoi {1} record: potrebbe essere già stato eseguito e aver perso il registro; non è stato inviato nulla',
  '… and {0} more': '… e altri {0}',
  "If this batch was run before and its journal lost: run the same command again with --rebuild-from-service; these invoices are taken as the batch's and only the records left without one are sent (of n identical records with k invoices found, n − k).":
    'Se il lotto è già stato eseguito e il registro è andato perso: ripeti lo stesso comando con --rebuild-from-service; queste fatture sono considerate del lotto e si inviano solo i record rimasti senza fattura (di n record identici con k fatture trovate, n − k).',
  "If these invoices are not this batch's: run the same command again with --new-batch; every record is sent.":
    'Se queste fatture non sono di questo lotto: ripeti lo stesso comando con --new-batch; si inviano tutti i record.',
  'no. {0} of {1}, {2}': 'n. {0} del {1}, {2}',
  '{0} ({1} identical records): {2}': '{0} ({1} record identici): {2}',
  'Use the profile that reads that service, or run `fisco sync --full` to start the mirror over from {0}.':
    'Usa il profilo che legge quel servizio, oppure esegui `fisco sync --full` per ricominciare la copia locale da {0}.',
  'Removed the local mirror {0}: it held what the replaced token read; `fisco sync` fills it with this one.':
    'Rimossa la copia locale {0}: conteneva quanto letto dal token sostituito; `fisco sync` la riempie con questo.',
  'Moved the local mirror {0} to {1}: profile {2} has the same token as {3}.': 'Spostata la copia locale {0} in {1}: il profilo {2} ha lo stesso token di {3}.',
  'Removed the local mirror {0}: profile {1} has its own; `fisco sync` brings it up to date.':
    'Rimossa la copia locale {0}: il profilo {1} ha la sua; `fisco sync` la aggiorna.',
  'Removed its local mirror {0} (what `fisco sync` read with its token).': 'Rimossa la sua copia locale {0} (quanto letto da `fisco sync` con il suo token).',
  'it was filled with another token': 'è stata riempita con un altro token',
  'it was filled from {0}': 'è stata riempita da {0}',
  'it does not record which token filled it (an older fisco made it)': 'non registra quale token l’ha riempita (l’ha creata un fisco precedente)',
  'the mirror {0}: {1}; started over with this credential ({2})': 'la copia locale {0}: {1}; ricominciata con questa credenziale ({2})',
  '1 company removed': '1 azienda rimossa',
  '{0} companies removed': '{0} aziende rimosse',
  '--offline: {0} is not a company this token manages (as the last sync listed them: {1}); nothing was read':
    '--offline: {0} non è un’azienda gestita da questo token (secondo l’elenco dell’ultimo sync: {1}); non è stato letto nulla',
  "--offline: the mirror can tell what changed only after {0} (the first sync of {1} ({2}), the service's clock); {3} is not after it. Nothing was read":
    '--offline: la copia locale sa dire cosa è cambiato solo dopo {0} (il primo sync di {1} ({2}), orologio del servizio); {3} non è successivo. Non è stato letto nulla',
  'Run the command online: the service answers it.': 'Esegui il comando online: risponde il servizio.',
  "the mirror {0} was filled from {1}, not from this credential's base URL {2}; nothing was read: `{3} --full` (online) starts it over from {4}":
    'la copia locale {0} è stata riempita da {1}, non dall’URL di base di questa credenziale {2}; non è stato letto nulla: `{3} --full` (online) la ricomincia da {4}',
  'the mirror {0} was filled with another token than this one; nothing was read: `{1}` (online) starts it over with this token':
    'la copia locale {0} è stata riempita con un token diverso da questo; non è stato letto nulla: `{1}` (online) la ricomincia con questo token',
  'the mirror {0} does not record which token filled it (an older fisco made it); nothing was read: `{1}` (online) starts it over with this token':
    'la copia locale {0} non registra quale token l’ha riempita (l’ha creata un fisco precedente); non è stato letto nulla: `{1}` (online) la ricomincia con questo token',
  'the mirror never synced {0}, which this read covers; nothing was read: run `{1}` while online':
    'la copia locale non ha mai sincronizzato {0}, che questa lettura comprende; non è stato letto nulla: esegui `{1}` online',
  'Or read only the companies it holds: --accounts {0}.': 'Oppure leggi solo le aziende che contiene: --accounts {0}.',
  "--offline: the demo's mirror does not hold the demo company token's view yet; nothing was read: run `{0}` first":
    '--offline: la copia locale della demo non contiene ancora la vista del token aziendale della demo; non è stato letto nulla: esegui prima `{0}`',
  ...IT_SDI,
  'the credit {0} is already registered on another invoice ({1})': 'l’accredito {0} è già registrato su un’altra fattura ({1})',
  'invoice {0} is no longer open (paid, or not payable): the plan saw {1} due':
    'la fattura {0} non è più aperta (pagata, o non pagabile): il piano vedeva {1} da incassare',
  'the residue of invoice {0} is now {1}, the plan saw {2}: match the statement again':
    'il residuo della fattura {0} ora è {1}, il piano vedeva {2}: abbina di nuovo l’estratto conto',
  'skipped ({0})': 'saltato ({0})',
  // mcp/server.ts, invoice/keyed-payment.ts, commands/invoice/pay.ts, commands/mcp/serve.ts
  '{0} writes to the service: the server runs with --offline, and nothing was sent':
    '{0} scrive sul servizio: il server gira con --offline, e nulla è stato inviato',
  'cursor: this cursor pages another question (other filters or another tool); ask again without it; nothing was sent':
    "cursor: questo cursore scorre un'altra domanda (altri filtri o un altro strumento); chiedi di nuovo senza; nulla è stato inviato",
  'cursor: not a cursor fisco made (pass the next_cursor of the previous answer as it is); nothing was sent':
    "cursor: non è un cursore creato da fisco (passa il next_cursor della risposta precedente così com'è); nulla è stato inviato",
  'No records ({0} in all).': 'Nessun record ({0} in tutto).',
  'Records {0}–{1} of {2}; more follow: call again with the cursor {3}.': 'Record {0}–{1} di {2}; ce ne sono altri: chiama di nuovo con il cursore {3}.',
  'Records {0}–{1} of {2}.': 'Record {0}–{1} di {2}.',
  'One record.': 'Un record.',
  '--allow-send needs --allow-writes: sending is a write': '--allow-send richiede --allow-writes: inviare è una scrittura',
  'request_id {0} was used for another payment (other invoice, amount, date, method or note): a retry must repeat the same arguments; nothing was sent':
    'request_id {0} è già stato usato per un altro pagamento (altra fattura, importo, data, metodo o nota): un nuovo tentativo deve ripetere gli stessi argomenti; nulla è stato inviato',
  'Choose a new request_id for a new payment.': 'Scegli un nuovo request_id per un nuovo pagamento.',
  'request_id {0} was used for another payment: a retry must repeat the same arguments; nothing was sent':
    'request_id {0} è già stato usato per un altro pagamento: un nuovo tentativo deve ripetere gli stessi argomenti; nulla è stato inviato',
  'request_id {0}: its earlier request may still reach the service; nothing was sent now':
    'request_id {0}: la sua richiesta precedente può ancora arrivare al servizio; ora non è stato inviato nulla',
  'Call again with the same request_id after {0}: fisco looks the invoice up first and never pays twice.':
    'Chiama di nuovo con lo stesso request_id dopo {0}: fisco cerca prima la fattura e non paga mai due volte.',
  'request_id {0}: the payment may or may not have been registered ({1})': 'request_id {0}: il pagamento potrebbe essere stato registrato oppure no ({1})',
  'Call again with the same request_id: fisco looks the invoice up first and never pays twice.':
    'Chiama di nuovo con lo stesso request_id: fisco cerca prima la fattura e non paga mai due volte.',
  'Payment of {0} registered (request {1}).': 'Pagamento di {0} registrato (richiesta {1}).',
  'an earlier run of this same payment was interrupted after it was registered: not registered again; run the command once more to register another':
    'un’esecuzione precedente di questo stesso pagamento è stata interrotta dopo la registrazione: non registrato di nuovo; esegui il comando ancora una volta per registrarne un altro',
  'an earlier run of this same payment did not finish ({0} since {1}): fisco looks the invoice up on the service before sending anything':
    'un’esecuzione precedente di questo stesso pagamento non è terminata ({0} dal {1}): fisco controlla la fattura sul servizio prima di inviare qualsiasi cosa',
  "an earlier run of this same payment registered it: found on the service (the invoice's amount paid rose from {0} to {1}); not sent again":
    'un’esecuzione precedente di questo stesso pagamento lo ha registrato: trovato sul servizio (l’importo pagato della fattura è salito da {0} a {1}); non inviato di nuovo',
  'an earlier run of this same payment registered it: found on the service; not sent again':
    'un’esecuzione precedente di questo stesso pagamento lo ha registrato: trovato sul servizio; non inviato di nuovo',
  '{0}; not found on the service: probably not registered': '{0}; non trovato sul servizio: probabilmente non registrato',
  "{0}; the payment is registered: found on the service (the invoice's amount paid rose from {1} to {2}); do not register it again":
    '{0}; il pagamento è registrato: trovato sul servizio (l’importo pagato della fattura è salito da {1} a {2}); non registrarlo di nuovo',
  '{0}; the payment is registered: found on the service; do not register it again':
    '{0}; il pagamento è registrato: trovato sul servizio; non registrarlo di nuovo',
  'the answer was lost': 'la risposta è andata persa',
  '{0}; fisco does not retry, it looks the invoice up instead…': '{0}; fisco non riprova, controlla invece la fattura…',
  'the service accepted the payment (HTTP {0}) but its answer could not be read':
    'il servizio ha accettato il pagamento (HTTP {0}) ma la sua risposta non è leggibile',
  'the service answered the payment with a redirect': 'il servizio ha risposto al pagamento con un reindirizzamento',
  'the connection dropped after the payment was sent': 'la connessione è caduta dopo l’invio del pagamento',
  'the service answered HTTP {0} to the payment': 'il servizio ha risposto HTTP {0} al pagamento',
  // journal/words.ts
  'the service accepted the invoice (HTTP {0}) but its answer could not be read':
    'il servizio ha accettato la fattura (HTTP {0}) ma la sua risposta non è leggibile',
  'the service answered the creation with a redirect': 'il servizio ha risposto alla creazione con un reindirizzamento',
  'the connection dropped after the invoice was sent': 'la connessione è caduta dopo l’invio della fattura',
  'the service answered HTTP {0} to the creation': 'il servizio ha risposto HTTP {0} alla creazione',
  'not found by the lookup of {0}': 'non trovato dalla verifica del {0}',
  'adopted from the journal of {0} (written {1})': 'ripreso dal registro di {0} (scritto il {1})',
  'found on the service by the lookup': 'trovato sul servizio dalla verifica',
  'found on the service by the lookup (the journal had no line of it)': 'trovato sul servizio dalla verifica (il registro non ne aveva traccia)',
  'found by the lookup: one of {0} identical records ({1})': 'trovato dalla verifica: uno di {0} record identici ({1})',
  'found by the lookup: the residue of invoice {0} is {1}, lower than the {2} the plan saw by exactly these payments':
    'trovato dalla verifica: il residuo della fattura {0} è {1}, inferiore ai {2} visti dal piano esattamente di questi pagamenti',
  'invoice {0}: {1}': 'fattura {0}: {1}',
  'the run stopped while the letter was being sent': 'l’esecuzione si è fermata mentre il sollecito veniva inviato',
  '{0}: whether it went out cannot be looked up; check the sent folder or the PEC receipts, then --resolve {1}=sent or =absent':
    '{0}: non si può verificare se è partito; controlla la cartella della posta inviata o le ricevute PEC, poi --resolve {1}=sent o =absent',
  'the lookup found the write {0} that {1} already holds: it cannot tell whose it is':
    'la verifica ha trovato la scrittura {0} che {1} ha già: non può dire di chi sia',
  '{0}; looking it up failed too ({1})': '{0}; anche la verifica non è riuscita ({1})',
  'found by the lookup: amount_paid rose from {0} to {1}': 'trovato dalla verifica: amount_paid è salito da {0} a {1}',
  'amount_paid went from {0} to {1}, not by the {2} sent: check its payments':
    'amount_paid è passato da {0} a {1}, non dei {2} inviati: controlla i suoi pagamenti',
  'invoice {0} is no longer listed': 'la fattura {0} non è più elencata',
  'no answer': 'nessuna risposta',
  'Do NOT register it by other means: run the same command after {0}, or with --wait: fisco looks the invoice up first and never pays twice.':
    'NON registrarlo con altri mezzi: esegui lo stesso comando dopo {0}, o con --wait: fisco controlla prima la fattura e non paga mai due volte.',
  'the payment may or may not have been registered ({0})': 'il pagamento potrebbe essere stato registrato oppure no ({0})',
  'Do NOT register it again by other means: run the same command: fisco looks the invoice up first and never pays twice.':
    'NON registrarlo di nuovo con altri mezzi: esegui lo stesso comando: fisco controlla prima la fattura e non paga mai due volte.',
  'the payment is not known to be registered; the same command run again looks for it first':
    'non risulta che il pagamento sia registrato; lo stesso comando eseguito di nuovo lo cerca prima',
  'request {0} was registered before: nothing was sent now.': 'la richiesta {0} era già stata registrata: ora non è stato inviato nulla.',
  'request_id {0} was used with other arguments (or another tool): a retry must repeat them; nothing was sent':
    'request_id {0} è già stato usato con altri argomenti (o un altro strumento): un nuovo tentativo deve ripeterli; nulla è stato inviato',
  'Choose a new request_id for a new write.': 'Scegli un nuovo request_id per una nuova scrittura.',
  "not sent: this client cannot ask the person to confirm (it does not support MCP elicitation), and fisco never transmits to the SDI on an assistant's word alone; nothing was sent":
    "non inviata: questo client non può chiedere conferma alla persona (non supporta l'elicitation MCP), e fisco non trasmette mai allo SDI sulla sola parola di un assistente; nulla è stato inviato",
  'not sent: the person did not confirm the transmission to the SDI; nothing was sent':
    'non inviata: la persona non ha confermato la trasmissione allo SDI; nulla è stato inviato',
  // Issue 41 (the last words): a letter by registered mail with no postal address refused at send; reasons, states and reports of dunning, export and sync.
  "must go by registered mail and has no postal address: not sent; give it in --contacts (a third column: {0};;Via …, CAP Città (PR)) or on the client's record, then make the plan again":
    'va inviato per raccomandata e manca l’indirizzo postale: non inviato; indicalo in --contacts (una terza colonna: {0};;Via …, CAP Città (PR)) o nella scheda del cliente, poi rifai il piano',
  'the client has no PEC and no e-mail address (--contacts)': 'il cliente non ha né PEC né indirizzo e-mail (--contacts)',
  'a diffida ad adempiere goes only to a PEC, and the client has none': 'una diffida ad adempiere va solo a una PEC, e il cliente non ne ha',
  '{0}: print {1}': '{0}: stampa {1}',
  // End of issue 41's block.
};

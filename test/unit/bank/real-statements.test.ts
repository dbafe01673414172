import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStatement, type CsvMapping } from '../../../src/bank/read/index.js';
import type { Movement, StatementFormat } from '../../../src/bank/types.js';
import { MISSING_NOTICE, REQUIRE_BANK_STATEMENTS, bankStatementsDir, statementFiles } from './real-files.js';

/**
 * Every real statement of ../shared/bank-statements/ (issue 27) read in place, compared with figures
 * written down by reading each file apart from fisco: the counts and sums of credits and debits, the
 * number of statements and the currencies come from throwaway Python scripts (xml.etree for camt and
 * CBI XML, one entry a movement or one TxDtls a movement in a batch; a regex over the `:61:` lines for
 * MT940; the 62 records' columns 20-41 for CBI RH; the csv module over the mapped columns, balance
 * rows and rows without a date left out, for CSV); the first and last movement (date, amount,
 * direction) and a fragment of their text were read by eye in the file, the fragment copied from it.
 * The invalid or trimmed files SOURCES.md names give a warning (a closing balance the lines do not
 * explain, transactions in another currency than their entry), never a wrong figure.
 */

interface Edge {
  date: string;
  amount: string;
  direction: 'credit' | 'debit';
  /** A fragment of its text as the file writes it (remittance, payer or a reference), or '' when it has none. */
  text: string;
}

interface Expected {
  format: StatementFormat;
  statements: number;
  movements: number;
  credits: [count: number, sum: string];
  debits: [count: number, sum: string];
  first: Edge;
  last: Edge;
  currencies: string[];
  /** The statement's account IBAN as written (when the file names one account). */
  account?: string;
  /** Notes the reader must give (each matched by one note); without any, no closing-balance note is expected. */
  notes?: RegExp[];
  /** A CSV's mapping, as a person gives it for that export (column names as its header writes them). */
  csv?: Omit<CsvMapping, 'encoding'>;
}

const CLOSING = /the closing balance .* is not the opening balance/;

const EXPECTED: Record<string, Expected> = {
  'banana-bancaannia.csv': {
    format: 'csv',
    statements: 1,
    movements: 55,
    credits: [31, '37814.91'],
    debits: [24, '7710.60'],
    first: { date: '2023-05-31', amount: '3736.05', direction: 'credit', text: '*8474-38-87*MILIGNA COR ROTURES' },
    last: { date: '2023-01-02', amount: '829.13', direction: 'credit', text: 'GAVA-3357308771' },
    currencies: ['EUR'],
    notes: [/^no currency column: every amount is taken as EUR/],
    csv: { date: 'Data contabile', valueDate: 'Data valuta', amount: 'Importo', description: 'Descrizione' },
  },
  'banana-bancadelpiemonte.csv': {
    format: 'csv',
    statements: 1,
    movements: 9,
    credits: [2, '1430.99'],
    debits: [7, '678.38'],
    first: { date: '2024-12-20', amount: '119.95', direction: 'debit', text: '*8474-38-87*MILIGNA' },
    last: { date: '2024-12-03', amount: '1000.00', direction: 'credit', text: 'GAVA-2503065362' },
    // Its Divisa column says USD: read without a mapping.
    currencies: ['USD'],
    csv: { date: 'Data contabile', valueDate: 'Data Valuta', debit: 'Dare', credit: 'Avere', description: 'Descrizione' },
  },
  'banana-bps-format2.csv': {
    format: 'csv',
    statements: 1,
    movements: 153,
    credits: [80, '168402.00'],
    debits: [73, '269610.29'],
    first: { date: '2025-06-04', amount: '2250.00', direction: 'credit', text: 'ORDINE E CONTO' },
    last: { date: '2025-05-21', amount: '30000.00', direction: 'debit', text: 'VOSTRA DISPOSIZIONE' },
    // "Valuta" holds dates here (the value date), "Divisa" the currency.
    currencies: ['EUR'],
    csv: { date: 'Data', valueDate: 'Valuta', amount: 'Importo', description: 'Causale' },
  },
  'banana-fineco-example01.csv': {
    format: 'csv',
    statements: 1,
    movements: 22,
    credits: [3, '3651.92'],
    debits: [19, '1686.58'],
    first: { date: '2021-11-30', amount: '59.00', direction: 'debit', text: 'Addebito MAV nr. 05387' },
    last: { date: '2021-11-22', amount: '14.75', direction: 'debit', text: 'FARMACIA MURA' },
    currencies: ['EUR'],
    notes: [/^no currency column/],
    csv: { date: 'Data', credit: 'Entrate', debit: 'Uscite', description: 'Descrizione Completa' },
  },
  'banana-intesa-format1.csv': {
    format: 'csv',
    statements: 1,
    movements: 3,
    credits: [1, '260.00'],
    debits: [2, '219.57'],
    first: { date: '2024-05-23', amount: '260.00', direction: 'credit', text: 'Bonifico' },
    last: { date: '2024-05-17', amount: '196.00', direction: 'debit', text: 'Bonifico' },
    // "Valuta" holds currency codes here.
    currencies: ['EUR'],
    csv: { date: 'Data', amount: 'Importo', description: 'Operazione' },
  },
  'banana-intesa-format2.csv': {
    format: 'csv',
    statements: 1,
    movements: 11,
    credits: [9, '3306.60'],
    debits: [2, '70.88'],
    first: { date: '2024-04-18', amount: '640.00', direction: 'credit', text: 'ACCREDITO' },
    last: { date: '2024-04-28', amount: '48.00', direction: 'debit', text: 'ADDEBITO SALDO E/C CARTA DI CREDITO' },
    currencies: ['EUR'],
    // Saldo contabile iniziale/finale among the movements; the pending operations below them have no booking date.
    notes: [/^2 balance or total rows skipped \(lines 29, 41\)$/, /^3 rows without a date skipped \(lines 43, 45, 46\)$/, /^no currency column/],
    csv: { date: 'Data contabile', valueDate: 'Data valuta', credit: 'Accrediti', debit: 'Addebiti', description: 'Descrizione' },
  },
  'banana-unicredit-format2.csv': {
    format: 'csv',
    statements: 1,
    movements: 20,
    credits: [3, '3041.11'],
    debits: [17, '11091.36'],
    first: { date: '2025-02-19', amount: '14.49', direction: 'debit', text: 'Incasso 105XXX6018' },
    last: { date: '2024-12-27', amount: '34.40', direction: 'debit', text: 'Incasso 6557XXXX6' },
    // "Importo (EUR)": the amount column names its currency.
    currencies: ['EUR'],
    csv: { date: 'Data Registrazione', valueDate: 'Data valuta', amount: 'Importo (EUR)', description: 'Descrizione' },
  },
  'cbi-rh-tpm.txt': {
    format: 'cbi-rh',
    statements: 2,
    movements: 55,
    credits: [23, '2319197.22'],
    debits: [32, '2283809.23'],
    first: { date: '2023-05-11', amount: '6000.00', direction: 'credit', text: 'TRASPORTI STEMA' },
    last: { date: '2023-05-12', amount: '181.59', direction: 'debit', text: ':RMG:RETURN' },
    currencies: ['EUR'],
  },
  'cbi-xml-dlystmt-tpm.xml': {
    format: 'cbi-xml',
    statements: 1,
    movements: 7,
    credits: [5, '26668.11'],
    debits: [2, '26668.11'],
    first: { date: '2023-08-16', amount: '10000.00', direction: 'credit', text: '002300059736330' },
    last: { date: '2023-08-16', amount: '18937.52', direction: 'debit', text: '09800010664006500231' },
    currencies: ['EUR'],
    account: 'BA46C1438354457231783256397',
  },
  'cbi-xml-envelope-tpm.xml': {
    format: 'cbi-xml',
    statements: 12,
    movements: 129,
    credits: [109, '559058.95'],
    debits: [20, '559058.95'],
    first: { date: '2023-08-16', amount: '10000.00', direction: 'credit', text: '002300059736330' },
    last: { date: '2023-08-31', amount: '58078.12', direction: 'debit', text: '09800010682392300231' },
    currencies: ['EUR'],
    notes: [/^the file holds statements of 12 accounts/],
  },
  'genkgo-camt053.v2.five.decimals.xml': {
    format: 'camt.053',
    statements: 1,
    movements: 1,
    credits: [1, '8.85'],
    debits: [0, '0.00'],
    // Written 8.850: a zero past the cent is no third decimal.
    first: { date: '2014-12-31', amount: '8.85', direction: 'credit', text: 'Transaction Description' },
    last: { date: '2014-12-31', amount: '8.85', direction: 'credit', text: 'Transaction Description' },
    currencies: ['EUR'],
    account: 'NL26VAYB8060476890',
  },
  'genkgo-camt053.v2.minimal.xml': {
    format: 'camt.053',
    statements: 1,
    movements: 1,
    credits: [1, '8.85'],
    debits: [0, '0.00'],
    first: { date: '2014-12-31', amount: '8.85', direction: 'credit', text: 'NAME NAME' },
    last: { date: '2014-12-31', amount: '8.85', direction: 'credit', text: 'NAME NAME' },
    currencies: ['EUR'],
    account: 'NL26VAYB8060476890',
  },
  'genkgo-camt053.v2.multi.statement.xml': {
    format: 'camt.053',
    statements: 2,
    movements: 2,
    credits: [1, '8.85'],
    debits: [1, '7.00'],
    first: { date: '2014-12-31', amount: '8.85', direction: 'credit', text: 'Transaction Description 1' },
    last: { date: '2014-12-31', amount: '7.00', direction: 'debit', text: 'Transaction Description 2' },
    currencies: ['EUR'],
    account: 'NL26VAYB8060476890',
  },
  'genkgo-camt053.v4.xml': {
    format: 'camt.053',
    statements: 1,
    movements: 1,
    credits: [1, '8.85'],
    debits: [0, '0.00'],
    first: { date: '2014-12-31', amount: '8.85', direction: 'credit', text: 'AAAASESS-FP-CN_98765/01' },
    last: { date: '2014-12-31', amount: '8.85', direction: 'credit', text: 'AAAASESS-FP-CN_98765/01' },
    currencies: ['EUR'],
    // Acct/Id/Othr/Id holding an IBAN.
    account: 'NL26VAYB8060476890',
  },
  'genkgo-camt053.v8.xml': {
    format: 'camt.053',
    statements: 1,
    movements: 1,
    credits: [1, '8.85'],
    debits: [0, '0.00'],
    first: { date: '2014-12-31', amount: '8.85', direction: 'credit', text: 'MUELL/FINP/RA12345' },
    last: { date: '2014-12-31', amount: '8.85', direction: 'credit', text: 'MUELL/FINP/RA12345' },
    currencies: ['EUR'],
    account: 'NL26VAYB8060476890',
  },
  'genkgo-camt054.v8.xml': {
    format: 'camt.054',
    statements: 1,
    movements: 3,
    credits: [3, '9.50'],
    debits: [0, '0.00'],
    first: { date: '2007-10-18', amount: '3.10', direction: 'credit', text: 'UXC06170000006PI00001EE00001' },
    last: { date: '2007-10-18', amount: '3.20', direction: 'credit', text: 'Unstructured Remittance Information V3 block 1' },
    currencies: ['CHF'],
    account: 'CH2801234000123456789',
    // Internally inconsistent (SOURCES.md): a DBIT SEK entry whose transactions are CHF credits.
    notes: [/the entry is 200000\.00 SEK, its 3 transactions are in CHF/],
  },
  'oca-camt053-bookgdt-dttm.xml': {
    format: 'camt.053',
    statements: 1,
    movements: 1,
    credits: [0, '0.00'],
    debits: [1, '754.25'],
    first: { date: '2014-01-04', amount: '754.25', direction: 'debit', text: 'Insurance policy 857239' },
    last: { date: '2014-01-04', amount: '754.25', direction: 'debit', text: 'Insurance policy 857239' },
    currencies: ['EUR'],
    account: 'NL77ABNA0574908765',
  },
  'oca-camt053-txdtls.xml': {
    format: 'camt.053',
    statements: 1,
    movements: 2,
    credits: [2, '3483.00'],
    debits: [0, '0.00'],
    first: { date: '2017-03-22', amount: '2187.00', direction: 'credit', text: '302388292000011111111111111' },
    last: { date: '2017-03-22', amount: '1296.00', direction: 'credit', text: '302388292000022222222222222' },
    currencies: ['CHF'],
    account: 'CH1111000000123456789',
  },
  'oca-camt053.xml': {
    format: 'camt.053',
    statements: 1,
    movements: 4,
    credits: [1, '1405.31'],
    debits: [3, '1418.30'],
    first: { date: '2014-01-05', amount: '754.25', direction: 'debit', text: 'Insurance policy 857239' },
    last: { date: '2014-01-05', amount: '1405.31', direction: 'credit', text: '3rd party Media' },
    currencies: ['EUR'],
    account: 'NL77ABNA0574908765',
  },
  'oca-camt054.xml': {
    format: 'camt.054',
    statements: 1,
    movements: 1,
    credits: [1, '5.00'],
    debits: [0, '0.00'],
    first: { date: '2022-01-26', amount: '5.00', direction: 'credit', text: 'ENDTOENDID-01' },
    last: { date: '2022-01-26', amount: '5.00', direction: 'credit', text: 'ENDTOENDID-01' },
    currencies: ['EUR'],
    account: 'NL77ABNA0574908765',
  },
  'oca-ing.940': {
    format: 'mt940',
    statements: 1,
    movements: 8,
    credits: [4, '36.58'],
    debits: [4, '134.46'],
    first: { date: '2014-02-20', amount: '1.56', direction: 'credit', text: 'EV10001REP1000000T1000' },
    last: { date: '2014-02-20', amount: '119.00', direction: 'debit', text: '1070123412341234' },
    currencies: ['EUR'],
    // :25:NL77INGB0574908765EUR: the IBAN followed by its currency (its check digits are made up).
    account: 'NL77INGB0574908765',
  },
  'oca-rabo.swi': {
    format: 'mt940',
    statements: 4,
    movements: 2,
    credits: [1, '400.00'],
    debits: [1, '34.61'],
    first: { date: '2014-01-02', amount: '400.00', direction: 'credit', text: 'R. SMITH' },
    last: { date: '2014-01-01', amount: '34.61', direction: 'debit', text: 'Periode 01-10-2013' },
    currencies: ['EUR'],
    account: 'NL34RABO0142623393',
  },
  'oca-sheet-meta-credit-debit.csv': {
    format: 'csv',
    statements: 1,
    movements: 4,
    credits: [1, '1300.00'],
    debits: [3, '230.68'],
    first: { date: '2020-04-01', amount: '50.00', direction: 'debit', text: 'LABEL 1' },
    last: { date: '2020-04-02', amount: '1300.00', direction: 'credit', text: 'LABEL 4' },
    currencies: ['EUR'],
    // dd/mm/yy dates; "Balance at start of period" after the movements.
    notes: [/^1 balance or total row skipped \(line 10\)$/, /^no currency column/],
    csv: { date: 'Date', credit: 'Credit', debit: 'Debit', description: 'Label', reference: 'Operation Number' },
  },
  'oca-sns.940': {
    format: 'mt940',
    statements: 3,
    movements: 8,
    credits: [1, '0.00'],
    debits: [7, '1715.68'],
    first: { date: '2017-12-27', amount: '713.13', direction: 'debit', text: 'gerrits glas en schilderwerk' },
    last: { date: '2017-12-29', amount: '35.00', direction: 'debit', text: 'stichting derdengelden bucka' },
    currencies: ['EUR'],
    account: 'NL05SNSB0908244436',
  },
  'subite-camt053-be-202411.xml': {
    format: 'camt.053',
    statements: 1,
    movements: 268,
    credits: [4, '180000.00'],
    debits: [264, '151831.25'],
    first: { date: '2024-11-29', amount: '50000.00', direction: 'credit', text: 'Transfer ref HBAVHC9717' },
    last: { date: '2024-11-01', amount: '1450.00', direction: 'debit', text: 'Service fee MREIBQ2512' },
    currencies: ['EUR'],
    account: 'BE68793230773034',
  },
  'subite-camt053v08-lt-20240502.xml': {
    format: 'camt.053',
    statements: 2,
    movements: 12,
    credits: [5, '1871623.63'],
    debits: [7, '1150117.12'],
    // No BookgDt nor ValDt: the statement's date, its closing balance's <Dt>2024-05-02</Dt>.
    first: { date: '2024-05-02', amount: '1200.63', direction: 'credit', text: 'REF000005904440' },
    last: { date: '2024-05-02', amount: '97368.00', direction: 'debit', text: 'REF000006129931' },
    currencies: ['EUR'],
    notes: [/^12 entries have neither a booking nor a value date: the statement's date 2024-05-02 \(its closing balance\)/, /statements of 2 accounts/],
  },
  'subite-camt054v10-lt-20241112.xml': {
    format: 'camt.054',
    statements: 1,
    movements: 500,
    credits: [213, '387342.11'],
    debits: [287, '207073.93'],
    // No BookgDt nor ValDt: the notification's <CreDtTm>2024-11-12T01:02:46+02:00</CreDtTm>.
    first: { date: '2024-11-12', amount: '200.00', direction: 'credit', text: '' },
    last: { date: '2024-11-12', amount: '39.20', direction: 'debit', text: '' },
    currencies: ['EUR'],
    account: 'LT809872649478701594',
    notes: [/^1 entry has neither a booking nor a value date: the statement's date 2024-11-12 \(its creation date/, /status is INFO/],
  },
  'wolph-abnamro.sta': {
    format: 'mt940',
    statements: 2,
    movements: 10,
    credits: [0, '0.00'],
    debits: [10, '345.93'],
    first: { date: '2011-05-24', amount: '9.00', direction: 'debit', text: 'KPN - DIGITENNE' },
    last: { date: '2011-05-24', amount: '15.00', direction: 'debit', text: 'MYCOM DEN HAAG' },
    currencies: ['EUR'],
    notes: [CLOSING],
  },
  'wolph-asnb.940': {
    format: 'mt940',
    statements: 31,
    movements: 8,
    credits: [3, '2828.90'],
    debits: [5, '2771.96'],
    first: { date: '2020-01-01', amount: '65.00', direction: 'debit', text: 'Betaling sieraden' },
    last: { date: '2020-01-31', amount: '903.76', direction: 'debit', text: 'international card services' },
    currencies: ['EUR'],
    account: 'NL81ASNB9999999999',
  },
  'wolph-betterplace-sepa_mt9401.sta': {
    format: 'mt940',
    statements: 26,
    movements: 97,
    credits: [41, '5188474.94'],
    debits: [56, '14457610.84'],
    first: { date: '2007-09-04', amount: '300.00', direction: 'credit', text: '0724710345313905' },
    last: { date: '2007-09-04', amount: '50.05', direction: 'credit', text: '0724710290648274' },
    currencies: ['EUR'],
  },
  'wolph-betterplace-sepa_snippet.sta': {
    format: 'mt940',
    statements: 2,
    movements: 11,
    credits: [8, '1430745.72'],
    debits: [3, '3574069.11'],
    first: { date: '2007-09-04', amount: '50990.05', direction: 'credit', text: 'KAUFMANN' },
    last: { date: '2007-09-04', amount: '3572569.03', direction: 'debit', text: '0904059001' },
    currencies: ['EUR'],
    notes: [CLOSING],
  },
  'wolph-cmxl.sta': {
    format: 'mt940',
    statements: 3,
    movements: 16,
    credits: [7, '72436.74'],
    debits: [9, '60109.44'],
    first: { date: '2013-10-17', amount: '6800.00', direction: 'debit', text: 'SCHECK-NR. 0000016703074' },
    last: { date: '2003-10-20', amount: '40.00', direction: 'credit', text: 'Odsetki od lokaty' },
    currencies: ['DEM', 'EUR', 'PLN'],
  },
  'wolph-ing.sta': {
    format: 'mt940',
    statements: 1,
    movements: 7,
    credits: [2, '4.68'],
    debits: [5, '50.27'],
    first: { date: '2010-07-22', amount: '25.03', direction: 'debit', text: 'AFREKENING BETALINGSVERKEER' },
    last: { date: '2010-07-23', amount: '1.00', direction: 'credit', text: 'Hr S Marechal' },
    currencies: ['EUR'],
    notes: [CLOSING],
  },
  'wolph-knab.sta': {
    format: 'mt940',
    statements: 2,
    movements: 3,
    credits: [2, '1000.00'],
    debits: [1, '7260.00'],
    first: { date: '2014-05-07', amount: '500.00', direction: 'credit', text: 'B4E07XM00J000023' },
    last: { date: '2014-07-29', amount: '500.00', direction: 'credit', text: 'MEDIA MARKT' },
    currencies: ['EUR'],
    notes: [CLOSING],
  },
  'wolph-mbank.sta': {
    format: 'mt940',
    statements: 1,
    movements: 3,
    credits: [3, '0.03'],
    debits: [0, '0.00'],
    first: { date: '2017-01-19', amount: '0.01', direction: 'credit', text: 'MB170119012058' },
    last: { date: '2017-01-19', amount: '0.01', direction: 'credit', text: 'MB170119012121' },
    currencies: ['PLN'],
    account: 'PL29114010810000267002001002',
  },
  'wolph-postfinance.sta': {
    format: 'mt940',
    statements: 2,
    movements: 4,
    credits: [3, '239.30'],
    debits: [1, '79.90'],
    first: { date: '2013-12-09', amount: '79.70', direction: 'credit', text: 'JANE DOE' },
    last: { date: '2013-12-18', amount: '10.10', direction: 'credit', text: 'EINZAHLUNGSSCHEIN' },
    currencies: ['CHF'],
    notes: [CLOSING],
  },
  'wolph-rabobank-iban.sta': {
    format: 'mt940',
    statements: 2,
    movements: 4,
    credits: [0, '0.00'],
    debits: [4, '70.00'],
    first: { date: '2013-01-01', amount: '25.00', direction: 'debit', text: 'NL70ABNA0987654321' },
    last: { date: '2013-01-09', amount: '10.00', direction: 'debit', text: 'Reference 201301234' },
    currencies: ['EUR'],
    account: 'NL71RABO0123456789',
  },
  'wolph-raiffeisen-cmi.sta': {
    format: 'mt940',
    statements: 1,
    movements: 7,
    credits: [1, '2066637.00'],
    debits: [6, '3078850.50'],
    first: { date: '2018-04-17', amount: '2066637.00', direction: 'credit', text: 'CAB18D1700041116' },
    last: { date: '2018-04-17', amount: '6000.00', direction: 'debit', text: 'OLD18D038146' },
    currencies: ['HUF'],
    notes: [CLOSING],
  },
  'wolph-triodos.sta': {
    format: 'mt940',
    statements: 1,
    movements: 2,
    credits: [0, '0.00'],
    debits: [2, '715.70'],
    first: { date: '2011-01-01', amount: '15.70', direction: 'debit', text: 'ALGEMENE TUSSENREKENING' },
    last: { date: '2011-01-25', amount: '700.00', direction: 'debit', text: 'KANTOOR - FEB 2010' },
    currencies: ['EUR'],
    notes: [CLOSING],
  },
};

/** A sum of two-decimal amounts, in integer cents (exact), as a two-decimal string. */
function total(movements: Movement[]): string {
  const cents = movements.reduce((sum, m) => sum + BigInt(m.amount.replace('.', '')), 0n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

function edge(m: Movement): Edge {
  return { date: m.bookingDate, amount: m.amount, direction: m.direction, text: '' };
}

/** Everything of a movement a text fragment may be found in. */
/**
 * Movements of a file that repeat an earlier one in every fact fisco reads: numbered ~2, ~3 (twins),
 * never one identity for two. None of them is the same movement listed twice (no file here lists a
 * movement twice): BPS's export repeats its 0.50 COMMISSIONI fees and identical transfers of a day with
 * the text "test"; the Lithuanian camt.054 is one batch entry of many card transfers without
 * references or text read by fisco (their TxId, times and BICs differ), many of one amount. Every other
 * file (the cmxl MT940 included, whose debit of 800.00 and credit of 3,000.00 share the bank
 * reference 55555 on one day: two identities by their direction and amount) has none.
 */
const TWINS: Record<string, number> = {
  'banana-bps-format2.csv': 40,
  'subite-camt054v10-lt-20241112.xml': 196,
};

function words(m: Movement): string {
  return [m.remittance, m.payer?.name, m.payer?.iban, ...Object.values(m.references)].filter(Boolean).join(' ');
}

const dir = bankStatementsDir();

if (!dir) {
  if (REQUIRE_BANK_STATEMENTS) {
    describe('the real bank statements', () => {
      it('are beside this clone (FISCO_REQUIRE_BANK_STATEMENTS=1)', () => {
        expect.fail(MISSING_NOTICE);
      });
    });
  } else {
    console.warn(`notice: ${MISSING_NOTICE}`);
    describe.skip('the real bank statements (not beside this clone)', () => it('are read', () => undefined));
  }
} else {
  describe('the real bank statements of ../shared/bank-statements/', () => {
    it('every file there has its expected figures here', () => {
      expect(statementFiles(dir)).toEqual(Object.keys(EXPECTED).sort());
    });

    describe.each(Object.entries(EXPECTED))('%s', (file, want) => {
      const bytes = new Uint8Array(readFileSync(join(dir, file)));
      const read = () => readStatement(bytes, file, want.csv ? { csv: { ...want.csv, encoding: 'auto' } } : {});

      it('reads exactly the movements and sums the file holds', () => {
        const s = read();
        const credits = s.movements.filter((m) => m.direction === 'credit');
        const debits = s.movements.filter((m) => m.direction === 'debit');
        expect({
          format: s.format,
          statements: s.statements,
          movements: s.movements.length,
          credits: [credits.length, total(credits)],
          debits: [debits.length, total(debits)],
          first: edge(s.movements[0]!),
          last: edge(s.movements.at(-1)!),
          currencies: [...new Set(s.movements.map((m) => m.currency))].sort(),
        }).toEqual({
          format: want.format,
          statements: want.statements,
          movements: want.movements,
          credits: want.credits,
          debits: want.debits,
          first: { ...want.first, text: '' },
          last: { ...want.last, text: '' },
          currencies: want.currencies,
        });
        expect(words(s.movements[0]!)).toContain(want.first.text);
        expect(words(s.movements.at(-1)!)).toContain(want.last.text);
        if (want.account !== undefined) expect(s.accountIban).toBe(want.account);
      });

      it('gives the warnings its oddities call for, and no other closing-balance warning', () => {
        const notes = read().notes.map(String);
        for (const note of want.notes ?? [])
          expect(
            notes.some((n) => note.test(n)),
            `${note} among ${JSON.stringify(notes)}`,
          ).toBe(true);
        if (!(want.notes ?? []).includes(CLOSING)) expect(notes.filter((n) => CLOSING.test(n))).toEqual([]);
      });

      it('gives every movement an identity of its own', () => {
        const keys = read().movements.map((m) => m.key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys.every((k) => /^(bank|fp):/.test(k))).toBe(true);
      });

      it('numbers as twins only movements that are the same in every fact the file gives', () => {
        const movements = read().movements;
        const base = (key: string) => key.replace(/~\d+$/, '');
        const twins = movements.filter((m) => /~\d+$/.test(m.key));
        expect(twins.length).toBe(TWINS[file] ?? 0);
        // Each twin is identical to the movement it repeats in date, amount, sign, payer, text and references.
        for (const twin of twins) {
          const first = movements.find((m) => m.key === base(twin.key))!;
          const facts = (m: Movement) => [m.bookingDate, m.valueDate, m.amount, m.currency, m.direction, m.reversal, m.payer, m.remittance, m.references];
          expect(facts(twin)).toEqual(facts(first));
        }
      });
    });
  });
}

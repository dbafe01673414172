/**
 * Hand-written bank statements for the e2e tests of `fisco bank`: one list of movements rendered
 * in each format fisco reads (camt.053, camt.054, CBI XML, CBI RH, MT940, CSV), and the scenario
 * the issue asks for, built from the emulator's own open invoices (by number, by name and amount,
 * several invoices in one credit, partial, over, a fee within tolerance, unmatched, a debit, a reversal).
 */
import Big from 'big.js';
import type { Store } from '../../src/emulator/index.js';

export type Format = 'camt.053' | 'camt.054' | 'cbi-xml' | 'cbi-rh' | 'mt940' | 'csv';
export const FORMATS: Format[] = ['camt.053', 'camt.054', 'cbi-xml', 'cbi-rh', 'mt940', 'csv'];

export interface Credit {
  /** The bank's reference: the movement's identity in the journal. */
  ref: string;
  date: string;
  amount: string;
  direction?: 'credit' | 'debit';
  reversal?: boolean;
  payer?: string;
  text: string;
  currency?: string;
}

/** An IBAN with correct check digits for an Italian BBAN (CIN + ABI + CAB + 12-digit account). */
export function validIban(bban: string): string {
  const moved = `${bban}IT00`;
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    for (const d of code >= 65 ? String(code - 55) : ch) rest = (rest * 10 + Number(d)) % 97;
  }
  return `IT${String(98 - rest).padStart(2, '0')}${bban}`;
}

/** Adds a listed payment method with this IBAN to a company of the emulator (the seed's IBANs carry no valid check digits). */
export function addBankAccount(store: Store, accountId: string, iban: string): void {
  const id = Math.max(0, ...store.paymentMethods.map((p) => p.id)) + 1;
  const at = new Date().toISOString();
  store.paymentMethods.push({
    id,
    accountId,
    name: `Bonifico ${iban.slice(-4)}`,
    type: 'bank',
    iban,
    sdi_code: 'MP05',
    internal: false,
    createdAt: at,
    updatedAt: at,
  });
}

/**
 * What a statement says of itself, not of its movements: its date and number (camt Stmt/Id and
 * CreDtTm, CBI RH's 61 number and date, MT940 :20: and :28C:), and whether its movements carry the
 * bank's unique reference ('bank', the default) or only what a CBI bank writes (numbers 1..N in the
 * statement: camt NtryRef, MT940 NONREF, an empty CSV reference).
 */
export interface StatementOptions {
  date?: string;
  number?: string;
  refs?: 'bank' | 'none';
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function entry(c: Credit, version: '02' | '08', index = 0, refs: 'bank' | 'none' = 'bank'): string {
  const party = c.payer
    ? version === '02'
      ? `<RltdPties><Dbtr><Nm>${xml(c.payer)}</Nm></Dbtr></RltdPties>`
      : `<RltdPties><Dbtr><Pty><Nm>${xml(c.payer)}</Nm></Pty></Dbtr></RltdPties>`
    : '';
  const status = version === '02' ? '<Sts>BOOK</Sts>' : '<Sts><Cd>BOOK</Cd></Sts>';
  return `<Ntry><Amt Ccy="${c.currency ?? 'EUR'}">${c.amount}</Amt><CdtDbtInd>${c.direction === 'debit' ? 'DBIT' : 'CRDT'}</CdtDbtInd>${c.reversal ? '<RvslInd>true</RvslInd>' : ''}${status}<BookgDt><Dt>${c.date}</Dt></BookgDt><ValDt><Dt>${c.date}</Dt></ValDt>${refs === 'bank' ? `<AcctSvcrRef>${xml(c.ref)}</AcctSvcrRef>` : `<NtryRef>${index + 1}</NtryRef>`}<NtryDtls><TxDtls><Refs><EndToEndId>${refs === 'bank' ? `E2E-${xml(c.ref)}` : 'NOTPROVIDED'}</EndToEndId></Refs>${party}<RmtInf><Ustrd>${xml(c.text)}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
}

function stmt(iban: string, credits: Credit[], version: '02' | '08', element: 'Stmt' | 'Ntfctn', o: StatementOptions = {}): string {
  const id = o.number ? `S-${o.number}` : `S-${credits[0]?.ref ?? 'EMPTY'}`;
  return `<${element}><Id>${id}</Id><CreDtTm>${o.date ?? '2026-11-20'}T08:00:00</CreDtTm><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>${credits.map((c, i) => entry(c, version, i, o.refs)).join('')}</${element}>`;
}

export function camt053(iban: string, credits: Credit[], version: '02' | '08' = '02', o: StatementOptions = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-20T08:00:00</CreDtTm></GrpHdr>${stmt(iban, credits, version, 'Stmt', o)}</BkToCstmrStmt></Document>\n`;
}

export function camt054(iban: string, credits: Credit[], o: StatementOptions = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-20T08:00:00</CreDtTm></GrpHdr>${stmt(iban, credits, '02', 'Ntfctn', o)}</BkToCstmrDbtCdtNtfctn></Document>\n`;
}

export function cbiXml(iban: string, credits: Credit[], o: StatementOptions = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<CBIBdyBkToCstmrStmtReq xmlns="urn:CBI:xsd:CBIBdyBkToCstmrStmtReq.00.01.02" xmlns:cbi="urn:CBI:xsd:CBIBkToCstmrStmtReqLogMsg.00.01.02"><CBIEnvelBkToCstmrStmtReqLogMsg><CBIBkToCstmrStmtReqLogMsg><cbi:GrpHdr><cbi:MsgId>M1</cbi:MsgId><cbi:CreDtTm>2026-11-20T08:00:00</cbi:CreDtTm></cbi:GrpHdr><CBIDlyStmtReqLogMsg>${stmt(iban, credits, '02', 'Stmt', o)}</CBIDlyStmtReqLogMsg></CBIBkToCstmrStmtReqLogMsg></CBIEnvelBkToCstmrStmtReqLogMsg></CBIBdyBkToCstmrStmtReq>\n`;
}

const ddmmyy = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(2, 4)}`;
const cbiAmount = (amount: string) => amount.replace('.', ',').padStart(15, '0');
const rec = (text: string) => {
  if (text.length > 120) throw new Error(`CBI record over 120: ${text}`);
  return text.padEnd(120, ' ');
};
const fit = (text: string, width: number) => text.slice(0, width).padEnd(width, ' ');

export function cbiRh(iban: string, credits: Credit[], o: StatementOptions = {}): string {
  const [cin, abi, cab, account] = [iban.slice(4, 5), iban.slice(5, 10), iban.slice(10, 15), iban.slice(15, 27)];
  const date = o.date ?? '2026-11-20';
  const lines = [rec(` RH${abi}AB123${ddmmyy(date)}${fit('ROSSI CONSULTING', 20)}`)];
  const number = (o.number ?? '1').padStart(7, '0');
  lines.push(
    rec(
      ` 61${number}${' '.repeat(41)}${cin}${abi}${cab}${account}EUR${ddmmyy(o.date ?? '2026-11-18')}C${cbiAmount('0.00')}${iban.slice(0, 2)}${iban.slice(2, 4)}`,
    ),
  );
  let balance = new Big(0);
  credits.forEach((c, i) => {
    const n = String(i + 1).padStart(3, '0');
    const sign = c.direction === 'debit' ? 'D' : 'C';
    balance = sign === 'C' ? balance.plus(c.amount) : balance.minus(c.amount);
    const description = `${c.reversal ? 'STORNO ' : ''}BONIFICO A VOSTRO FAVORE`;
    lines.push(
      rec(
        ` 62${number}${n}${ddmmyy(c.date)}${ddmmyy(c.date)}${sign}${cbiAmount(c.amount)}48  ${' '.repeat(16)}${fit(o.refs === 'none' ? '' : c.ref, 16)}${' '.repeat(9)}${fit(description, 34)}`,
      ),
    );
    if (c.payer) lines.push(rec(` 63${number}${n}YYY${ddmmyy(c.date)}  ${' '.repeat(16)}${fit(c.payer, 40)}${fit('MILANO', 40)}`));
    if (o.refs !== 'none') lines.push(rec(` 63${number}${n}ID1${fit(`MSG-${c.ref}`, 35)}${fit(`E2E-${c.ref}`, 35)}`));
    lines.push(rec(` 63${number}${n}RI1${fit(c.text, 104)}`));
  });
  const closing = balance.abs().toFixed(2);
  lines.push(rec(` 64${number}EUR${ddmmyy(date)}${balance.lt(0) ? 'D' : 'C'}${cbiAmount(closing)}`));
  lines.push(rec(` EF${abi}AB123${ddmmyy(date)}${' '.repeat(26)}${'0000001'}${' '.repeat(30)}${String(lines.length + 1).padStart(7, '0')}`));
  return `${lines.join('\r\n')}\r\n`;
}

export function mt940(iban: string, credits: Credit[], o: StatementOptions = {}): string {
  const mtAmount = (a: string) => a.replace('.', ',');
  const number = o.number ?? '1';
  const lines = [`:20:STMT${number}`, `:25:${iban}`, `:28C:${number}/1`, ':60F:C261118EUR0,00'];
  let balance = new Big(0);
  for (const c of credits) {
    const mark = c.direction === 'debit' ? (c.reversal ? 'RD' : 'D') : c.reversal ? 'RC' : 'C';
    const credit = c.direction !== 'debit';
    balance = credit !== Boolean(c.reversal) ? balance.plus(c.amount) : balance.minus(c.amount);
    lines.push(
      `:61:${ddmmyy(c.date).slice(4)}${ddmmyy(c.date).slice(2, 4)}${ddmmyy(c.date).slice(0, 2)}${c.date.slice(5, 7)}${c.date.slice(8, 10)}${mark}${mtAmount(c.amount)}NTRFNONREF${o.refs === 'none' ? '' : `//${c.ref}`}`,
    );
    lines.push(`:86:/EREF/${o.refs === 'none' ? 'NOTPROVIDED' : `E2E-${c.ref}`}/ORDP//NAME/${c.payer ?? ''}/REMI/USTD//${c.text}/`);
  }
  lines.push(`:62F:${balance.lt(0) ? 'D' : 'C'}261120EUR${mtAmount(balance.abs().toFixed(2))}`);
  lines.push('-');
  return `${lines.join('\r\n')}\r\n`;
}

/** An Italian bank's CSV export: `;`, decimal comma, dd/mm/yyyy; its mapping goes in a mapping file (with the IBAN). */
export function csv(credits: Credit[], o: StatementOptions = {}): string {
  const rows = ['Data;Importo;Causale;Ordinante;Riferimento'];
  for (const c of credits) {
    const signed = (c.direction === 'debit') !== Boolean(c.reversal) ? `-${c.amount}` : c.amount;
    const cell = (s: string) => (/[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    rows.push(
      [
        `${c.date.slice(8, 10)}/${c.date.slice(5, 7)}/${c.date.slice(0, 4)}`,
        signed.replace('.', ','),
        cell(c.text),
        cell(c.payer ?? ''),
        o.refs === 'none' ? '' : c.ref,
      ].join(';'),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

export function csvMapping(iban: string): string {
  return JSON.stringify({ date: 'Data', amount: 'Importo', description: 'Causale', counterpart: 'Ordinante', reference: 'Riferimento', iban });
}

export function render(format: Format, iban: string, credits: Credit[], o: StatementOptions = {}): string {
  switch (format) {
    case 'camt.053':
      return camt053(iban, credits, '02', o);
    case 'camt.054':
      return camt054(iban, credits, o);
    case 'cbi-xml':
      return cbiXml(iban, credits, o);
    case 'cbi-rh':
      return cbiRh(iban, credits, o);
    case 'mt940':
      return mt940(iban, credits, o);
    case 'csv':
      return csv(credits, o);
  }
}

export interface OpenInvoice {
  uuid: string;
  number: string;
  client: string;
  due: string;
}

/** The company's open outbound invoices as the API lists them with payment_status=unpaid,partial. */
export function openInvoices(store: Store, accountId: string): OpenInvoice[] {
  return store.invoices
    .filter(
      (i) =>
        i.accountId === accountId &&
        i.direction === 'outbound' &&
        i.uuid &&
        !['TD04', 'TD05'].includes(i.tipo_documento) &&
        !['draft', 'rejected', 'error'].includes(i.sdi_status),
    )
    .map((i) => ({ uuid: i.uuid!, number: i.number, client: i.counterpart.name, due: new Big(i.total_amount).minus(i.amount_paid).toFixed(2) }))
    .filter((i) => new Big(i.due).gt(0));
}

export interface Scenario {
  credits: Credit[];
  /** What each credit must become: the invoices' numbers and the amounts registered on them. */
  expected: {
    ref: string;
    status: 'proposed' | 'unmatched' | 'skipped';
    allocations: { number: string; uuid: string; amount: string }[];
    fee?: string;
    excess?: string;
    /** How a proposed credit fits: exact, fee (less a bank fee), partial, over. */
    fit?: 'exact' | 'fee' | 'partial' | 'over';
  }[];
}

/** A name as a bank writes it: upper case, no dots ("ALFA LOGISTICA SRL" for "Alfa Logistica S.r.l."). */
export function bankSpelling(name: string): string {
  return name.toUpperCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The credits of the issue's cases, from the open invoices: each invoice used once, clients kept
 * apart so no credit could fit another case's invoice. `prefix` makes the bank references unique.
 */
export function scenario(open: OpenInvoice[], prefix: string, date = '2026-11-19'): Scenario {
  const byClient = new Map<string, OpenInvoice[]>();
  for (const i of open) byClient.set(i.client, [...(byClient.get(i.client) ?? []), i]);
  const multi = [...byClient.values()].find((list) => list.length >= 2 && new Set(list.map((i) => i.due)).size === list.length);
  if (!multi) throw new Error('the emulator has no client with two open invoices');
  const others = open.filter((i) => i.client !== multi[0]!.client && new Big(i.due).gt(300));
  // Clients used once each, so a name or an amount cannot point elsewhere.
  const pick: OpenInvoice[] = [];
  const usedClients = new Set<string>([multi[0]!.client]);
  for (const i of others) {
    if (usedClients.has(i.client)) continue;
    if (open.filter((o) => o.due === i.due).length > 1) continue;
    usedClients.add(i.client);
    pick.push(i);
    if (pick.length === 5) break;
  }
  if (pick.length < 5) throw new Error(`the emulator has too few distinct clients with open invoices (${pick.length})`);
  const [a, b, d, e, f] = pick as [OpenInvoice, OpenInvoice, OpenInvoice, OpenInvoice, OpenInvoice];
  const [c1, c2] = multi as [OpenInvoice, OpenInvoice];
  const due = (i: OpenInvoice) => i.due;
  const ref = (n: string) => `${prefix}${n}`;
  const credits: Credit[] = [
    { ref: ref('A'), date, amount: due(a), payer: a.client, text: `saldo fatt. n. ${a.number}` },
    { ref: ref('B'), date, amount: due(b), payer: bankSpelling(b.client), text: 'pagamento fornitura' },
    { ref: ref('C'), date, amount: new Big(due(c1)).plus(due(c2)).toFixed(2), payer: c1.client, text: `saldo fatture ${c1.number} e ${c2.number}` },
    { ref: ref('D'), date, amount: new Big(due(d)).minus('100.00').toFixed(2), payer: d.client, text: `acconto fattura ${d.number}` },
    { ref: ref('E'), date, amount: new Big(due(e)).plus('10.00').toFixed(2), payer: e.client, text: `FT ${e.number}` },
    { ref: ref('F'), date, amount: new Big(due(f)).minus('3.00').toFixed(2), payer: f.client, text: `fatt. ${f.number}` },
    { ref: ref('U'), date, amount: '777.77', payer: 'Sconosciuto Mario', text: 'rimborso spese viaggio' },
    { ref: ref('X'), date, amount: '50.00', direction: 'debit', payer: 'Enel Energia', text: 'addebito bolletta' },
    { ref: ref('R'), date, amount: due(a), reversal: true, payer: a.client, text: `storno fatt. ${a.number}` },
  ];
  const one = (i: OpenInvoice, amount = i.due) => [{ number: i.number, uuid: i.uuid, amount }];
  return {
    credits,
    expected: [
      { ref: ref('A'), status: 'proposed', allocations: one(a), fit: 'exact' },
      { ref: ref('B'), status: 'proposed', allocations: one(b), fit: 'exact' },
      { ref: ref('C'), status: 'proposed', allocations: [...one(c1), ...one(c2)], fit: 'exact' },
      { ref: ref('D'), status: 'proposed', allocations: one(d, credits[3]!.amount), fit: 'partial' },
      { ref: ref('E'), status: 'proposed', allocations: one(e), excess: '10.00', fit: 'over' },
      { ref: ref('F'), status: 'proposed', allocations: one(f), fee: '3.00', fit: 'fee' },
      { ref: ref('U'), status: 'unmatched', allocations: [] },
      { ref: ref('X'), status: 'skipped', allocations: [] },
      { ref: ref('R'), status: 'skipped', allocations: [] },
    ],
  };
}

/**
 * Adds an open outbound invoice to a company of the emulator (a copy of one of its open invoices with
 * another number, client, amount and day): for a case the seed does not have.
 */
export function addInvoice(store: Store, accountId: string, fields: { number: string; client: string; total: string; issueDate: string }): OpenInvoice {
  const model = store.invoices.find(
    (i) => i.accountId === accountId && i.direction === 'outbound' && i.uuid && i.amount_paid === '0.00' && ['TD01'].includes(i.tipo_documento),
  );
  if (!model) throw new Error(`no open invoice of ${accountId} to copy`);
  const n = store.invoices.length + 1;
  const uuid = `00000000-0000-4000-8000-${String(900_000 + n).padStart(12, '0')}`;
  store.invoices.push({
    ...structuredClone(model),
    id: `inv_test_${n}`,
    numericId: 900_000 + n,
    uuid,
    number: fields.number,
    issue_date: fields.issueDate,
    counterpart: { name: fields.client, vat_number: '' },
    total_amount: fields.total,
    amount_paid: '0.00',
    due_dates: [fields.issueDate],
  });
  return { uuid, number: fields.number, client: fields.client, due: fields.total };
}

/**
 * ISO 20022 writers for the demo statement: camt.053 in the .001.02 and .001.08 flavours (they differ
 * where readers trip: `<Sts>BOOK</Sts>` against `<Sts><Cd>BOOK</Cd></Sts>`, `Dbtr/Nm` against
 * `Dbtr/Pty/Nm`, the transaction amount under `AmtDtls/TxAmt` against `TxDtls/Amt`), camt.054.001.08
 * (a notification: no balances), and the CBI XML envelope Italian banks put around camt.053.001.02,
 * every element namespace-prefixed as those files are.
 */
import type { StatementMovement, StatementScenario } from './scenario.js';

export type CamtVersion = '02' | '08';

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A tiny element builder: el('Amt', '12.00', { Ccy: 'EUR' }), el('Bal', [children]). */
type Node = string | Node[];
function el(name: string, content: Node | undefined, attrs: Record<string, string> = {}): string {
  if (content === undefined) return '';
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join('');
  if (typeof content === 'string') return `<${name}${a}>${esc(content)}</${name}>`;
  const inner = flat(content);
  return `<${name}${a}>${inner}</${name}>`;
}
function flat(nodes: Node): string {
  return typeof nodes === 'string' ? nodes : nodes.map(flat).join('');
}

/** Pretty-prints the one-line XML the builders make (two spaces a level), with a prefix on every element. */
function pretty(xml: string, prefix = ''): string {
  const out: string[] = [];
  let depth = 0;
  const tokens = xml.match(/<[^>]+>|[^<]+/g) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const named = (tag: string) => (prefix ? tag.replace(/^<(\/?)([A-Za-z])/, `<$1${prefix}:$2`) : tag);
    if (t.startsWith('</')) {
      depth--;
      out.push(`${'  '.repeat(depth)}${named(t)}`);
    } else if (t.startsWith('<') && tokens[i + 1] && !tokens[i + 1].startsWith('<') && tokens[i + 2]?.startsWith('</')) {
      out.push(`${'  '.repeat(depth)}${named(t)}${tokens[i + 1]}${named(tokens[i + 2])}`);
      i += 2;
    } else if (t.startsWith('<')) {
      out.push(`${'  '.repeat(depth)}${named(t)}`);
      depth++;
    }
  }
  return out.join('\n');
}

const BIC = 'BPMOIT22XXX';

function party(version: CamtVersion, name: string): string {
  return version === '02' ? el('Nm', name) : el('Pty', [el('Nm', name)]);
}

function entry(m: StatementMovement, version: CamtVersion, index: number, quirks = false): string {
  const credit = m.direction === 'credit';
  const amount = el('Amt', m.amount, { Ccy: m.currency });
  const sts = version === '02' ? el('Sts', 'BOOK') : el('Sts', [el('Cd', 'BOOK')]);
  const family = credit ? (m.reversal ? ['RDDT', 'UPDD'] : ['RCDT', 'ESCT']) : ['IDDT', 'ESDD'];
  const bkTxCd = el('BkTxCd', [el('Domn', [el('Cd', 'PMNT'), el('Fmly', [el('Cd', family[0]), el('SubFmlyCd', family[1])])])]);
  const counterpartyRole = credit ? 'Dbtr' : 'Cdtr';
  const parties = el('RltdPties', [
    el(counterpartyRole, [party(version, m.counterparty.name)]),
    el(`${counterpartyRole}Acct`, [el('Id', [el('IBAN', m.counterparty.iban)])]),
  ]);
  // Quirks: the bank's reference is a placeholder, the entry's number its number within the day (CBI's 1..N).
  const bankRef = quirks ? 'NOTPROVIDED' : m.bankRef;
  const refs = el('Refs', [quirks ? '' : el('AcctSvcrRef', m.bankRef), el('EndToEndId', m.endToEndId)]);
  const txAmount =
    version === '02'
      ? el('AmtDtls', [el('TxAmt', [amount])])
      : [amount, el('CdtDbtInd', credit ? 'CRDT' : 'DBIT'), el('AmtDtls', [el('TxAmt', [amount])])].join('');
  const details = el('NtryDtls', [el('TxDtls', [refs, txAmount, parties, el('RmtInf', [el('Ustrd', m.remittance)])])]);
  return el('Ntry', [
    el('NtryRef', quirks ? m.bankRef : String(index + 1).padStart(6, '0')),
    amount,
    el('CdtDbtInd', credit ? 'CRDT' : 'DBIT'),
    m.reversal ? el('RvslInd', 'true') : '',
    sts,
    el('BookgDt', [el('Dt', m.bookingDate)]),
    el('ValDt', [el('Dt', m.valueDate)]),
    el('AcctSvcrRef', bankRef),
    bkTxCd,
    details,
  ]);
}

function balance(code: 'OPBD' | 'CLBD', amount: string, date: string): string {
  const negative = amount.startsWith('-');
  return el('Bal', [
    el('Tp', [el('CdOrPrtry', [el('Cd', code)])]),
    el('Amt', negative ? amount.slice(1) : amount, { Ccy: 'EUR' }),
    el('CdtDbtInd', negative ? 'DBIT' : 'CRDT'),
    el('Dt', [el('Dt', date)]),
  ]);
}

function account(s: StatementScenario, version: CamtVersion): string {
  const bic = el(version === '02' ? 'BIC' : 'BICFI', BIC);
  return el('Acct', [el('Id', [el('IBAN', s.iban)]), el('Ccy', s.currency), el('Ownr', [el('Nm', s.companyName)]), el('Svcr', [el('FinInstnId', [bic])])]);
}

function groupHeader(s: StatementScenario, kind: string): string {
  return el('GrpHdr', [el('MsgId', `${kind}-${s.accountId}-${s.today}`), el('CreDtTm', `${s.today}T07:30:00`)]);
}

/** The Stmt element of a camt.053 (also the body of the CBI envelope). */
function statement(s: StatementScenario, version: CamtVersion): string {
  const opening = s.openingBalance;
  return el('Stmt', [
    el('Id', `STMT-${s.accountId}-${s.today}`),
    el('ElctrncSeqNb', s.today.replace(/-/g, '').slice(2)),
    el('CreDtTm', `${s.today}T07:30:00`),
    el('FrToDt', [el('FrDtTm', `${s.fromDate}T00:00:00`), el('ToDtTm', `${s.toDate}T23:59:59`)]),
    account(s, version),
    balance('OPBD', opening, s.fromDate),
    balance('CLBD', s.closingBalance, s.toDate),
    ...s.movements.map((m, i) => entry(m, version, i, s.quirks)),
  ]);
}

export function camt053(s: StatementScenario, version: CamtVersion): string {
  const ns = `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}`;
  const body = el('Document', [el('BkToCstmrStmt', [groupHeader(s, 'CAMT053'), statement(s, version)])], {
    xmlns: ns,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${pretty(body)}\n`;
}

export function camt054(s: StatementScenario): string {
  const ns = 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08';
  const notification = el('Ntfctn', [
    el('Id', `NTFCTN-${s.accountId}-${s.today}`),
    el('CreDtTm', `${s.today}T07:30:00`),
    account(s, '08'),
    ...s.movements.map((m, i) => entry(m, '08', i, s.quirks)),
  ]);
  const body = el('Document', [el('BkToCstmrDbtCdtNtfctn', [groupHeader(s, 'CAMT054'), notification])], { xmlns: ns });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${pretty(body)}\n`;
}

/**
 * The CBI XML envelope (CBIBdyBkToCstmrStmtReq.00.01.02) around camt.053.001.02 content: the envelope's
 * elements in one namespace (prefix BODY), the daily statement message in another (LMSG), and the
 * camt content in a third (DLY), as Italian banks' files have them.
 */
export function cbiXml(s: StatementScenario): string {
  const inner = pretty(el('X', [groupHeader(s, 'CBI'), statement(s, '02')]), 'DLY')
    .split('\n')
    .slice(1, -1)
    .map((l) => `        ${l.slice(2)}`)
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<BODY:CBIBdyBkToCstmrStmtReq xmlns:BODY="urn:CBI:xsd:CBIBdyBkToCstmrStmtReq.00.01.02" xmlns:LMSG="urn:CBI:xsd:CBIBkToCstmrStmtReqLogMsg.00.01.02" xmlns:DLY="urn:CBI:xsd:CBIDlyStmtReqLogMsg.00.01.02">',
    '  <BODY:PhyMsgInf>',
    '    <BODY:PhyMsgTpCd>DLY-STMT</BODY:PhyMsgTpCd>',
    '    <BODY:NbOfLogMsg>1</BODY:NbOfLogMsg>',
    '  </BODY:PhyMsgInf>',
    '  <BODY:CBIEnvelBkToCstmrStmtReqLogMsg>',
    '    <BODY:CBIBkToCstmrStmtReqLogMsg>',
    '      <LMSG:CBIDlyStmtReqLogMsg>',
    inner,
    '      </LMSG:CBIDlyStmtReqLogMsg>',
    '    </BODY:CBIBkToCstmrStmtReqLogMsg>',
    '  </BODY:CBIEnvelBkToCstmrStmtReqLogMsg>',
    '</BODY:CBIBdyBkToCstmrStmtReq>',
    '',
  ].join('\n');
}

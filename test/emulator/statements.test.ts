import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { matchMovements } from '../../src/bank/matcher.js';
import { nameSimilarity, normaliseName } from '../../src/bank/remittance.js';
import type { Movement } from '../../src/bank/types.js';
import { amountDue } from '../../src/emulator/resources/invoice-model.js';
import { ACCOUNT_IDS } from '../../src/emulator/seed.js';
import {
  CBI_RECORD_LENGTH,
  STATEMENT_FORMATS,
  ibanChecks,
  italianIban,
  openInvoices,
  statementFor,
  type ScenarioKind,
  type StatementMovement,
} from '../../src/emulator/statements/index.js';
import type { Store } from '../../src/emulator/store.js';
import { TODAY, start } from './helpers.js';
import { checkAgainstScenario, matcherInvoices } from './statement-check.js';

const ACCOUNT = ACCOUNT_IDS.verdi;
const KINDS: ScenarioKind[] = ['exact', 'debit', 'partial', 'several', 'reversal', 'fee', 'name-variant', 'unrelated'];
const cents = (s: string) => Math.round(Number(s) * 100);

async function store(): Promise<Store> {
  return (await start()).store;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['Ntry', 'Bal', 'Stmt', 'TxDtls', 'Ustrd'].includes(name),
});

function text(file: { text: string | Buffer }): string {
  return typeof file.text === 'string' ? file.text : file.text.toString('latin1');
}

describe('IBANs', () => {
  it('computes the CIN and the check digits (the textbook IBAN) and the seed carries valid ones per company', async () => {
    expect(italianIban('05428', '11101', '000000123456')).toBe('IT60X0542811101000000123456');
    const s = await store();
    const banks = s.paymentMethods.filter((m) => m.iban !== '');
    expect(banks.length).toBeGreaterThan(4);
    for (const m of banks) expect(ibanChecks(m.iban), m.iban).toBe(true);
    expect(new Set(banks.map((m) => m.iban)).size).toBe(banks.length);
  });
});

describe('the scenario', () => {
  it("holds every kind, on the company's own open invoices, with amounts that tell each case", async () => {
    const s = await store();
    const file = statementFor(s, ACCOUNT, 'camt.053', { today: TODAY });
    const byKind = new Map(file.movements.map((m) => [m.kind, m]));
    expect(file.movements.map((m) => m.kind)).toEqual(KINDS);
    const open = new Map(openInvoices(s, ACCOUNT).map((i) => [i.id, i]));
    const due = (id: string) => cents(amountDue(open.get(id)!));
    for (const m of file.movements) for (const p of m.pays) expect(open.has(p.invoiceId), `${m.kind} pays an open invoice`).toBe(true);
    // No invoice is paid by two movements.
    const paid = file.movements.flatMap((m) => m.pays.map((p) => p.invoiceId));
    expect(new Set(paid).size).toBe(paid.length);

    const exact = byKind.get('exact')!;
    expect(cents(exact.amount)).toBe(due(exact.pays[0].invoiceId));
    expect(exact.remittance).toBe(`Saldo fatt. n. ${exact.pays[0].number}`);
    const partial = byKind.get('partial')!;
    expect(cents(partial.amount)).toBeLessThan(due(partial.pays[0].invoiceId));
    expect(partial.remittance).toMatch(/^Acconto fattura .+ del \d{2}\/\d{2}\/\d{4}$/);
    const several = byKind.get('several')!;
    expect(several.pays.length).toBeGreaterThanOrEqual(2);
    expect(cents(several.amount)).toBe(several.pays.reduce((sum, p) => sum + due(p.invoiceId), 0));
    expect(new Set(several.pays.map((p) => open.get(p.invoiceId)!.counterpart.vat_number)).size).toBe(1);
    expect(several.remittance).not.toMatch(/\d/);
    const fee = byKind.get('fee')!;
    expect(fee.fee).toBe('1.50');
    expect(due(fee.pays[0].invoiceId) - cents(fee.amount)).toBe(150);
    const variant = byKind.get('name-variant')!;
    const counterpart = open.get(variant.pays[0].invoiceId)!.counterpart.name;
    expect(variant.counterparty.name).not.toBe(counterpart);
    expect(nameSimilarity(normaliseName(variant.counterparty.name), normaliseName(counterpart))).toBe(1);
    expect(variant.remittance).not.toMatch(/\d/);
    expect(byKind.get('debit')).toMatchObject({ direction: 'debit', reversal: false, pays: [] });
    expect(byKind.get('reversal')).toMatchObject({ direction: 'credit', reversal: true, pays: [] });
    expect(byKind.get('unrelated')).toMatchObject({ direction: 'credit', reversal: false, pays: [] });
    const residues = new Set([...open.values()].map((i) => cents(amountDue(i))));
    for (const k of ['debit', 'reversal', 'unrelated'] as const) expect(residues.has(cents(byKind.get(k)!.amount))).toBe(false);
    // Balances add up.
    const net = file.movements.reduce((sum, m) => sum + (m.direction === 'credit' ? 1 : -1) * cents(m.amount), 0);
    expect(cents(file.scenario.closingBalance) - cents(file.scenario.openingBalance)).toBe(net);
    expect(file.scenario.iban).toBe(s.paymentMethods.find((m) => m.accountId === ACCOUNT && m.name === 'Bonifico Intesa')!.iban);
  });

  it('is deterministic for a store and a day, and references change with the day', async () => {
    const s = await store();
    for (const format of STATEMENT_FORMATS)
      expect(statementFor(s, ACCOUNT, format, { today: TODAY })).toEqual(statementFor(s, ACCOUNT, format, { today: TODAY }));
    const later = statementFor(s, ACCOUNT, 'camt.053', { today: '2025-03-16' });
    const now = statementFor(s, ACCOUNT, 'camt.053', { today: TODAY });
    expect(later.movements.map((m) => m.bankRef)).not.toEqual(now.movements.map((m) => m.bankRef));
    expect(new Set(now.movements.map((m) => m.bankRef)).size).toBe(now.movements.length);
  });

  it('the matcher finds what the scenario says (the movements as a reader would give them)', async () => {
    const s = await store();
    const file = statementFor(s, ACCOUNT, 'camt.053', { today: TODAY });
    const invoices = matcherInvoices(s, ACCOUNT);
    const movements: Movement[] = file.movements.map((m) => asMovement(m));
    const proposals = matchMovements(movements, invoices, { feeTolerance: '2.00' });
    checkAgainstScenario(file.movements, proposals);
  });
});

/** A scenario movement as the readers would give it. */
function asMovement(m: StatementMovement): Movement {
  return {
    key: `ref:${m.bankRef}`,
    source: { file: 'x', format: 'camt.053', location: '' },
    bookingDate: m.bookingDate,
    amount: m.amount,
    currency: m.currency,
    direction: m.direction,
    reversal: m.reversal,
    payer: { name: m.counterparty.name, iban: m.counterparty.iban },
    remittance: m.remittance,
    references: { bank: m.bankRef, endToEnd: m.endToEndId },
  };
}

describe('each format is produced and well formed', () => {
  it.each(['camt.053', 'camt.053.001.08', 'camt.054', 'cbi-xml'] as const)(
    '%s: XML that parses, one entry per movement, amounts as written',
    async (format) => {
      const s = await store();
      const file = statementFor(s, ACCOUNT, format, { today: TODAY });
      const body = text(file);
      expect(XMLValidator.validate(body)).toBe(true);
      const doc = xml.parse(body);
      const container =
        format === 'camt.054'
          ? doc.Document.BkToCstmrDbtCdtNtfctn.Ntfctn
          : format === 'cbi-xml'
            ? doc.CBIBdyBkToCstmrStmtReq.CBIEnvelBkToCstmrStmtReqLogMsg.CBIBkToCstmrStmtReqLogMsg.CBIDlyStmtReqLogMsg.Stmt[0]
            : doc.Document.BkToCstmrStmt.Stmt[0];
      expect(container.Acct.Id.IBAN).toBe(file.scenario.iban);
      const entries = container.Ntry as any[];
      expect(entries.map((e) => e.Amt['#text'])).toEqual(file.movements.map((m) => m.amount));
      expect(entries.map((e) => e.Amt['@_Ccy'])).toEqual(file.movements.map(() => 'EUR'));
      expect(entries.map((e) => e.CdtDbtInd)).toEqual(file.movements.map((m) => (m.direction === 'credit' ? 'CRDT' : 'DBIT')));
      expect(entries.map((e) => e.RvslInd === 'true')).toEqual(file.movements.map((m) => m.reversal));
      expect(entries.map((e) => e.AcctSvcrRef)).toEqual(file.movements.map((m) => m.bankRef));
      const v08 = format === 'camt.053.001.08' || format === 'camt.054';
      for (const [k, e] of entries.entries()) {
        const m = file.movements[k];
        const tx = e.NtryDtls.TxDtls[0];
        expect(v08 ? e.Sts.Cd : e.Sts).toBe('BOOK');
        const role = m.direction === 'credit' ? 'Dbtr' : 'Cdtr';
        expect(v08 ? tx.RltdPties[role].Pty.Nm : tx.RltdPties[role].Nm).toBe(m.counterparty.name);
        expect(tx.RmtInf.Ustrd).toEqual([m.remittance]);
        expect(tx.Refs.EndToEndId).toBe(m.endToEndId);
        expect(e.BookgDt.Dt).toBe(m.bookingDate);
      }
      if (format !== 'camt.054') expect((container.Bal as any[]).map((b) => b.Tp.CdOrPrtry.Cd)).toEqual(['OPBD', 'CLBD']);
      const ns = {
        'camt.053': 'camt.053.001.02',
        'camt.053.001.08': 'camt.053.001.08',
        'camt.054': 'camt.054.001.08',
        'cbi-xml': 'urn:CBI:xsd:CBIBdyBkToCstmrStmtReq.00.01.02',
      }[format];
      expect(body).toContain(ns);
      if (format === 'cbi-xml') expect(body).toMatch(/<DLY:Ntry>/);
    },
  );

  it('cbi-rh: every record 120 characters, RH … EF, the layout of each record', async () => {
    const s = await store();
    const file = statementFor(s, ACCOUNT, 'cbi-rh', { today: TODAY });
    const body = text(file);
    expect(body.endsWith('\r\n')).toBe(true);
    const lines = body.split('\r\n').slice(0, -1);
    for (const line of lines) expect(line.length, line).toBe(CBI_RECORD_LENGTH);
    expect(/^[\x20-\x7e\r\n]*$/.test(body)).toBe(true);
    const types = lines.map((l) => l.slice(1, 3));
    expect(types[0]).toBe('RH');
    expect(types[1]).toBe('61');
    expect(types.at(-2)).toBe('64');
    expect(types.at(-1)).toBe('EF');
    const field = (line: string, from: number, to: number) => line.slice(from - 1, to);
    // 61: the IBAN's parts and the opening balance.
    const r61 = lines[1];
    const iban = `${field(r61, 100, 101)}${field(r61, 102, 103)}${field(r61, 52, 52)}${field(r61, 53, 57)}${field(r61, 58, 62)}${field(r61, 63, 74)}`;
    expect(iban).toBe(file.scenario.iban);
    expect(field(r61, 75, 77)).toBe('EUR');
    expect(field(r61, 85, 99)).toMatch(/^\d{12},\d{2}$/);
    // 62: one per movement, amount, sign, date and reference.
    const r62 = lines.filter((l) => l.startsWith(' 62'));
    expect(r62).toHaveLength(file.movements.length);
    r62.forEach((line, k) => {
      const m = file.movements[k];
      expect(field(line, 11, 13)).toBe(String(k + 1).padStart(3, '0'));
      expect(field(line, 26, 26)).toBe(m.direction === 'credit' ? 'C' : 'D');
      const amount = field(line, 27, 41);
      expect(amount).toMatch(/^\d{12},\d{2}$/);
      expect(cents(amount.replace(',', '.'))).toBe(cents(m.amount));
      expect(field(line, 20, 25)).toBe(`${m.bookingDate.slice(8, 10)}${m.bookingDate.slice(5, 7)}${m.bookingDate.slice(2, 4)}`);
      expect(field(line, 62, 77).trim()).toBe(m.bankRef);
      expect(/STORNO/.test(field(line, 87, 120))).toBe(m.reversal);
    });
    // 63: payer (YYY), end-to-end id (ID1), remittance (RI1).
    const r63 = lines.filter((l) => l.startsWith(' 63'));
    const exact = file.movements.findIndex((m) => m.kind === 'exact');
    const seq = String(exact + 1).padStart(3, '0');
    const mine = r63.filter((l) => field(l, 11, 13) === seq);
    /** The text at columns from–to of this movement's 63 record of the given kind (YYY, ID1, RI1). */
    const detail = (kind: string, from: number, to: number) =>
      field(
        mine.find((l) => field(l, 14, 16) === kind)!,
        from,
        to,
      ).trim();
    expect(detail('YYY', 41, 80)).toBe(file.movements[exact].counterparty.name.toUpperCase());
    expect(detail('ID1', 52, 86)).toBe(file.movements[exact].endToEndId);
    expect(detail('RI1', 17, 120)).toBe(file.movements[exact].remittance);
    // EF counts the records.
    expect(Number(field(lines.at(-1)!, 83, 89))).toBe(lines.length);
    expect(field(lines.at(-1)!, 46, 52)).toBe('0000001');
  });

  it('mt940: tags in order, one :61: and :86: per movement, lines of at most 65 characters', async () => {
    const s = await store();
    const file = statementFor(s, ACCOUNT, 'mt940', { today: TODAY });
    const lines = text(file).split('\r\n').slice(0, -1);
    expect(lines[0]).toMatch(/^:20:/);
    expect(lines[1]).toBe(`:25:${file.scenario.iban}`);
    expect(lines.filter((l) => l.startsWith(':61:'))).toHaveLength(file.movements.length);
    expect(lines.filter((l) => l.startsWith(':86:'))).toHaveLength(file.movements.length);
    for (const l of lines.filter((x) => !x.startsWith(':'))) expect(l.length).toBeLessThanOrEqual(65);
    for (const l of lines.filter((x) => x.startsWith(':86:'))) expect(l.length).toBeLessThanOrEqual(69);
    const marks = lines.filter((l) => l.startsWith(':61:')).map((l) => /^:61:\d{10}(RC|RD|C|D)([\d,]+)N/.exec(l)!);
    expect(marks.map((m) => m[1])).toEqual(file.movements.map((m) => (m.reversal ? 'RD' : m.direction === 'credit' ? 'C' : 'D')));
    expect(marks.map((m) => m[2])).toEqual(file.movements.map((m) => m.amount.replace('.', ',')));
    expect(lines.at(-1)).toBe('-');
    expect(lines.some((l) => l.startsWith(':62F:'))).toBe(true);
  });

  it.each(['utf-8', 'latin1'] as const)('csv (%s): Italian dialect, consistent rows', async (encoding) => {
    const s = await store();
    const file = statementFor(s, ACCOUNT, 'csv', { today: TODAY, csvEncoding: encoding });
    const body = text(file);
    if (encoding === 'latin1') expect(Buffer.isBuffer(file.text)).toBe(true);
    else expect(body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parseCsv(body.replace(/^\uFEFF/, ''), { delimiter: ';', relax_column_count: false });
    const [header, ...data] = rows;
    expect(header).toEqual([
      'Data contabile',
      'Data valuta',
      'Dare',
      'Avere',
      'Divisa',
      'Descrizione operazione',
      'Ordinante/Beneficiario',
      'Riferimento banca',
    ]);
    for (const column of Object.values(file.csvMapping!)) expect(header).toContain(column);
    expect(data).toHaveLength(file.movements.length);
    data.forEach((row, k) => {
      const m = file.movements[k];
      expect(row).toHaveLength(header.length);
      const col = (name: string) => row[header.indexOf(name)];
      expect(col('Data contabile')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const amount = m.direction === 'credit' ? col('Avere') : col('Dare');
      expect(amount).toMatch(/^\d+,\d{2}$/);
      expect(amount).toBe(m.amount.replace('.', ','));
      expect(m.direction === 'credit' ? col('Dare') : col('Avere')).toBe('');
      expect(col('Descrizione operazione')).toContain(m.remittance);
      expect(col('Ordinante/Beneficiario')).toBe(m.counterparty.name);
      expect(col('Riferimento banca')).toBe(m.bankRef);
    });
  });
});

describe('GET /__emulator/statement', () => {
  it('serves each format as a file, and what it holds with view=expected', async () => {
    const emu = await start();
    for (const format of STATEMENT_FORMATS) {
      const res = await fetch(`${emu.url}/__emulator/statement?account_id=${ACCOUNT}&format=${format}`);
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(new RegExp(`attachment; filename="estratto-${ACCOUNT}-${TODAY}\\.`));
      const body = await res.text();
      expect(body.length).toBeGreaterThan(200);
    }
    const expected = await fetch(`${emu.url}/__emulator/statement?account_id=${ACCOUNT}&format=csv&view=expected`).then((r) => r.json() as Promise<any>);
    expect(expected.data.movements.map((m: StatementMovement) => m.kind)).toEqual(KINDS);
    expect(expected.data.csv_mapping).toMatchObject({ date: 'Data contabile', credit: 'Avere', debit: 'Dare' });
    const latin1 = await fetch(`${emu.url}/__emulator/statement?account_id=${ACCOUNT}&format=csv&encoding=latin1`);
    expect(latin1.headers.get('content-type')).toMatch(/iso-8859-1/);
  });

  it('refuses a missing account, an unknown format, an unknown account', async () => {
    const emu = await start();
    const bad = async (query: string) => {
      const res = await fetch(`${emu.url}/__emulator/statement?${query}`);
      return { status: res.status, body: await res.text() };
    };
    const missing = await bad('format=csv');
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.body).toMatch(/account_id: required/);
    const format = await bad(`account_id=${ACCOUNT}&format=ofx`);
    expect(format.body).toMatch(/format: must be one of camt\.053, camt\.053\.001\.08, camt\.054, cbi-xml, cbi-rh, mt940, csv/);
    expect((await bad('account_id=acc_nobody&format=csv')).status).toBe(404);
  });

  it('follows the emulator clock', async () => {
    const emu = await start();
    await fetch(`${emu.url}/__emulator/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ days: 2 }) });
    const expected = await fetch(`${emu.url}/__emulator/statement?account_id=${ACCOUNT}&format=mt940&view=expected`).then((r) => r.json() as Promise<any>);
    expect(expected.data.filename).toBe(`estratto-${ACCOUNT}-2025-03-17.mt940.sta`);
  });
});

/** Tables that keep the key: key columns, wrapping "why" columns, cells that mean nothing for a row, total rows, the width. */
import { describe, expect, it } from 'vitest';
import { PIPE_TABLE_WIDTH, tableWidth } from '../../../src/output/format.js';
import { layoutColumns, renderTable, TableWriter, wrapText } from '../../../src/output/table.js';
import type { Column, View } from '../../../src/output/view.js';
import { PassThrough } from 'node:stream';
import type { OutputOptions } from '../../../src/output/output.js';
import { plainOutput } from './plain-output.js';

function capture(options: Partial<OutputOptions>) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (d) => (out += d));
  return { output: plainOutput({ stdout, stderr, ...options }), stdout: () => out };
}

const UUID = '3f2a9c1e-0000-4000-8000-000000000001';

describe('key columns', () => {
  const columns: Column[] = [
    { key: 'id', label: 'ID', isKey: true },
    { key: 'description', label: 'Description', priority: 3 },
    { key: 'due', label: 'Due', kind: 'date' },
    { key: 'total', label: 'Total', kind: 'money' },
    { key: 'status', label: 'Status' },
  ];
  const row = { id: UUID, description: 'IVA mensile ottobre 2026, versamento unificato', due: '2026-11-16', total: '1234.50', status: 'ready' };

  it('a key is never shortened, cut or left out: the description goes first', () => {
    for (const width of [72, 80, 100]) {
      const text = renderTable([row], columns, { columns }, false, width);
      const [header, line] = text.split('\n');
      expect(header).toMatch(/^ID\s/);
      expect(line).toContain(UUID);
      for (const l of text.split('\n')) expect([...l].length, `${width}: ${l}`).toBeLessThanOrEqual(width);
    }
    const narrow = layoutColumns(columns, [36, 46, 10, 10, 6], new Set(), 72);
    expect(narrow.columns.map((c) => c.label)).toEqual(['ID', 'Due', 'Total', 'Status']);
    expect(narrow.hidden).toEqual(['Description']);
    expect(narrow.shortened).toEqual([]);
  });

  it('an identifier that is not a key still takes its short form, then goes', () => {
    const cols: Column[] = [
      { key: 'number', label: 'Number', isKey: true },
      { key: 'uuid', label: 'UUID', id: true, priority: 10 },
      { key: 'name', label: 'Name' },
    ];
    const layout = layoutColumns(cols, [22, 36, 30], new Set(), 50);
    expect(layout.columns.map((c) => c.label)).toEqual(['Number', 'Name']);
    expect(layout.widths[0]).toBe(22);
  });
});

describe('wrapping columns', () => {
  it('wraps at spaces onto at most the lines asked, the last cut with …', () => {
    expect(wrapText('number 2/2026 in the remittance text, the payer is the counterpart', 24, 2)).toEqual(['number 2/2026 in the', 'remittance text, the pa…']);
    expect(wrapText('a reversal: never matched', 30, 2)).toEqual(['a reversal: never matched']);
    expect(wrapText('', 10, 2)).toEqual(['']);
    expect(wrapText('abcdefghijklmnopqrstuvwxyz', 10, 2)).toEqual(['abcdefghij', 'klmnopqrs…']);
  });

  it('a row with a wrapping cell takes two lines, the other cells blank on the second; the column keeps a readable width', () => {
    const columns: Column[] = [
      { key: 'date', label: 'Date', kind: 'date' },
      { key: 'amount', label: 'Amount', kind: 'money' },
      { key: 'payer', label: 'Payer', priority: 2 },
      { key: 'why', label: 'Why', priority: 1, wrap: 2 },
    ];
    const rows = [
      {
        date: '2026-11-23',
        amount: '1818.04',
        payer: 'Alfa Logistica S.r.l.',
        why: 'number 2/2026 in the remittance text, the amount 1818.04 equals the residue',
      },
      { date: '2026-11-24', amount: '10.00', payer: 'Beta', why: 'a debit' },
    ];
    const text = renderTable(rows, columns, { columns }, false, 50);
    const lines = text.split('\n');
    expect(lines).toHaveLength(4); // header, two lines for the first row, one for the second
    expect(lines[1]).toMatch(/^23\/11\/2026\s+1\.818,04 €\s+number 2\/2026 in the/);
    expect(lines[2]).toMatch(/^\s{20,}remittance text/);
    expect(lines[3]).toMatch(/^24\/11\/2026\s+10,00 €\s+a debit$/);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(50);
    expect(text).not.toContain('Payer'); // the optional payer made room for the reason
  });
});

describe('cells that mean nothing for a row', () => {
  it('show – whatever the record holds', () => {
    const noPayments = (row: unknown) => (row as { payment_status: string | null }).payment_status === null;
    const columns: Column[] = [
      { key: 'number', label: 'Number', isKey: true },
      { key: 'amount_due', label: 'Due', kind: 'money', notApplicable: noPayments },
    ];
    const text = renderTable(
      [
        { number: '1/2026', amount_due: '100.00', payment_status: 'unpaid' },
        { number: 'NC-1/2026', amount_due: '50.00', payment_status: null },
      ],
      columns,
      { columns },
      false,
    );
    expect(text.split('\n')[1]).toMatch(/100,00 €$/);
    expect(text.split('\n')[2]).toMatch(/^NC-1\/2026\s+–$/);
  });
});

describe('a total row', () => {
  const columns: Column[] = [
    { key: 'company', label: 'Company' },
    { key: 'amount', label: 'Amount', kind: 'money' },
  ];
  const view: View = {
    columns,
    totalRow: (rows) => ({ company: 'Firm total', amount: String((rows as { amount: string }[]).reduce((n, r) => n + Number(r.amount), 0).toFixed(2)) }),
  };

  it('comes last in a table, counted in its widths, and never in json or csv', async () => {
    const rows = [
      { company: 'Rossi', amount: '10.00' },
      { company: 'Verdi', amount: '99990.00' },
    ];
    const table = capture({ format: 'table' });
    await table.output.list(rows, view);
    const lines = table.stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^Firm total\s+100\.000,00 €$/);
    expect(lines[2]!.length).toBe(lines[3]!.length); // the widths count the total

    const json = capture({ format: 'json' });
    await json.output.list(rows, view);
    expect(JSON.parse(json.stdout())).toEqual(rows);
    const csv = capture({ format: 'csv' });
    await csv.output.list(rows, view);
    expect(csv.stdout()).not.toContain('Firm total');
  });

  it('writer: pushTotal renders the row bold', () => {
    const writer = new TableWriter(columns, { columns }, { colour: true });
    writer.push({ company: 'Rossi', amount: '1.00' });
    const out = writer.pushTotal({ company: 'Firm total', amount: '1.00' }) + writer.end();
    expect(out).toContain('\x1b[1mFirm total');
  });
});

describe('the width a table is fitted into', () => {
  it('COLUMNS wins, then the terminal, then 100 in a pipe or a file', () => {
    expect(tableWidth('80', 200)).toBe(80);
    expect(tableWidth(' 132 ', undefined)).toBe(132);
    expect(tableWidth(undefined, 120)).toBe(120);
    expect(tableWidth(undefined, undefined)).toBe(PIPE_TABLE_WIDTH);
    expect(PIPE_TABLE_WIDTH).toBe(100);
    // A value that is no width is ignored.
    expect(tableWidth('wide', undefined)).toBe(100);
    expect(tableWidth('0', 90)).toBe(90);
    expect(tableWidth('', undefined)).toBe(100);
  });
});

import { PassThrough, Writable } from 'node:stream';
import { LocalWriteError } from '../../../src/errors.js';
import { describe, expect, it } from 'vitest';
import { csvColumns, type OutputOptions } from '../../../src/output/output.js';
import { escapeFormula } from '../../../src/output/csv.js';
import { flatten, pickFields } from '../../../src/output/fields.js';
import { resolveFormat } from '../../../src/output/format.js';
import type { View } from '../../../src/output/view.js';
import { plainOutput } from './plain-output.js';

function capture(options: Partial<OutputOptions>) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const output = plainOutput({ stdout, stderr, ...options });
  return { output, out: () => out, err: () => err };
}

const invoices = [
  {
    id: 'a',
    number: '1/2026',
    issue_date: '2026-10-31',
    counterpart: { name: 'Alfa S.r.l.', vat_number: '01234567897' },
    total_amount: '1234.50',
    overdue: false,
  },
  {
    id: 'b',
    number: '2/2026',
    issue_date: '2026-11-02',
    counterpart: { name: '=HYPERLINK("x")', vat_number: '12345678903' },
    total_amount: '-10.00',
    overdue: true,
  },
];
const view: View = {
  amountFields: ['total_amount'],
  columns: [
    { key: 'number', label: 'Number' },
    { key: 'counterpart.name', label: 'Counterpart' },
    { key: 'total_amount', label: 'Total' },
    { key: 'issue_date', label: 'Date', kind: 'date' },
  ],
};

async function* stream<T>(items: T[]) {
  for (const item of items) yield item;
}

describe('Output', () => {
  it('json prints one array, streamed, and --fields picks nested fields', async () => {
    const all = capture({});
    await all.output.list(stream(invoices), view);
    expect(JSON.parse(all.out())).toEqual(invoices);
    const picked = capture({ fields: ['number', 'counterpart.name'] });
    await picked.output.list(stream(invoices), view);
    expect(JSON.parse(picked.out())).toEqual([
      { number: '1/2026', counterpart: { name: 'Alfa S.r.l.' } },
      { number: '2/2026', counterpart: { name: '=HYPERLINK("x")' } },
    ]);
  });

  it('json prints an empty list as []', async () => {
    const c = capture({});
    await c.output.list(stream([]), view);
    expect(JSON.parse(c.out())).toEqual([]);
  });

  it('ndjson prints one item a line', async () => {
    const c = capture({ format: 'ndjson' });
    await c.output.list(stream(invoices), view);
    expect(
      c
        .out()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(invoices);
  });

  it('csv is RFC 4180 with dotted columns, CRLF and formula escaping', async () => {
    const c = capture({ format: 'csv' });
    await c.output.list(stream(invoices), view);
    expect(c.out()).toBe(
      'id,number,issue_date,counterpart.name,counterpart.vat_number,total_amount,overdue\r\n' +
        'a,1/2026,2026-10-31,Alfa S.r.l.,01234567897,1234.50,false\r\n' +
        `b,2/2026,2026-11-02,"'=HYPERLINK(""x"")",12345678903,-10.00,true\r\n`,
    );
  });

  it('the Italian csv dialect uses ; a decimal comma on amounts, dd/mm/yyyy, a BOM, Italian headers and numbers as text', async () => {
    const c = capture({ format: 'csv', csvDialect: 'it', fields: ['number', 'issue_date', 'total_amount'] });
    await c.output.list(stream(invoices), view);
    expect(c.out()).toBe('\uFEFFNumero;Data emissione;Totale\r\n"=""1/2026""";31/10/2026;1234,50\r\n"=""2/2026""";02/11/2026;-10,00\r\n');
  });

  it("the csv dialect: --csv-dialect (or FISCO_CSV_DIALECT) as given, else the profile's, else rfc", async () => {
    const fromProfile = capture({ format: 'csv', csvDialect: undefined, profileCsvDialect: async () => 'it', fields: ['number'] });
    await fromProfile.output.list(stream(invoices), view);
    expect(fromProfile.out().startsWith('\uFEFFNumero\r\n')).toBe(true);
    const given = capture({ format: 'csv', csvDialect: 'rfc', profileCsvDialect: async () => 'it', fields: ['number'] });
    await given.output.list(stream(invoices), view);
    expect(given.out()).toBe('number\r\n1/2026\r\n2/2026\r\n');
    const none = capture({ format: 'csv', csvDialect: undefined, profileCsvDialect: async () => undefined, fields: ['number'] });
    await none.output.list(stream(invoices), view);
    expect(none.out()).toBe('number\r\n1/2026\r\n2/2026\r\n');
  });

  it('an empty csv export still has its header when fields are given', async () => {
    const c = capture({ format: 'csv', fields: ['id', 'number'] });
    await c.output.list(stream([]), view);
    expect(c.out()).toBe('id,number\r\n');
  });

  it('tables format money and dates for people, and say when a list is empty', async () => {
    const c = capture({ format: 'table' });
    await c.output.list(stream(invoices), view);
    expect(c.out()).toContain('1.234,50 €');
    expect(c.out()).toContain('31/10/2026');
    expect(c.out()).toMatch(/Number\s+Counterpart\s+Total\s+Date/);
    const empty = capture({ format: 'table' });
    await empty.output.list(stream([]), { empty: 'No invoices.' });
    expect(empty.out()).toBe('');
    expect(empty.err()).toBe('No invoices.\n');
  });

  it('--quiet silences info and success but not warnings', () => {
    const c = capture({ quiet: true });
    c.output.info('info');
    c.output.success('done');
    c.output.warn('careful');
    expect(c.err()).toBe('warning: careful\n');
  });
});

describe('helpers', () => {
  it('escapes formula-like cells but not numbers', () => {
    expect(escapeFormula('=1+1')).toBe("'=1+1");
    expect(escapeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeFormula('+39 02 1234')).toBe("'+39 02 1234");
    expect(escapeFormula('-12.50')).toBe('-12.50');
    expect(escapeFormula('Rossi')).toBe('Rossi');
  });

  it('flattens nested objects and picks dotted fields', () => {
    expect(flatten({ a: { b: 1, c: { d: null } }, e: [1, 2] })).toEqual({ 'a.b': 1, 'a.c.d': null, e: [1, 2] });
    expect(pickFields({ a: { b: 1 } }, ['a.b', 'x'])).toEqual({ a: { b: 1 }, x: null });
  });

  it('defaults to a table on a terminal and json in a pipe; refuses unknown formats', () => {
    expect(resolveFormat(undefined, true)).toBe('table');
    expect(resolveFormat(undefined, false)).toBe('json');
    expect(() => resolveFormat('xml', true)).toThrow(/--output: unknown format 'xml'/);
  });
});

describe('csv columns of a view with declared fields', () => {
  const declared = ['id', 'supplier.id', 'supplier.name', 'total'];

  it('keeps the declared columns when the first record has a null object, and appends unknown keys', () => {
    expect(csvColumns(declared, { id: 'x', supplier: null, total: '1.00', extra: 1 })).toEqual([...declared, 'extra']);
    expect(csvColumns(undefined, { id: 'x', supplier: null })).toEqual(['id', 'supplier']);
  });

  it('writes later rows fully, and the header alone for an empty list', async () => {
    const csv = capture({ format: 'csv' });
    await csv.output.list(
      stream([
        { id: 'a', supplier: null, total: '1.00' },
        { id: 'b', supplier: { id: 's1', name: 'Enel' }, total: '2.00' },
      ]),
      { fields: declared },
    );
    expect(csv.out()).toBe('id,supplier.id,supplier.name,total\r\na,,,1.00\r\nb,s1,Enel,2.00\r\n');
    const empty = capture({ format: 'csv', csvDialect: 'it' });
    await empty.output.list(stream([]), { fields: declared });
    expect(empty.out()).toBe('\uFEFFID;ID fornitore;Fornitore;Totale\r\n');
  });
});

describe('a standard output that refuses data', () => {
  /** A stdout whose every write fails with `code` (a pipe to a failing device: the error arrives after the write returned). */
  function failing(code: string, text: string) {
    let writes = 0;
    const stdout = new Writable({
      write(_chunk, _encoding, done) {
        writes++;
        setImmediate(() => done(Object.assign(new Error(`${code}: ${text}, write`), { code })));
      },
    });
    return { stdout, writes: () => writes };
  }

  it('ends the list at the next write with exit 12 naming standard output and the cause, and says how much was written', async () => {
    const { stdout, writes } = failing('EIO', 'i/o error');
    const output = plainOutput({ stdout, stderr: new PassThrough(), format: 'ndjson' });
    // Enough to fill the stream's buffer: the list waits for it to drain, and meets the failure instead.
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: String(i), note: 'x'.repeat(1000) }));
    const error = await output.list(stream(many)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalWriteError);
    expect((error as LocalWriteError).exitCode).toBe(12);
    expect((error as LocalWriteError).code).toBe('EIO');
    expect(String((error as LocalWriteError).message)).toMatch(
      /^cannot write to standard output \(EIO: i\/o error\) \(after \d+ items? had been written to stdout; the output is incomplete\)$/,
    );
    // It stopped: not a thousand records into a stream that refuses them.
    expect(writes()).toBe(1);
    expect(Number(/after (\d+) item/.exec(String((error as LocalWriteError).message))![1])).toBeLessThan(100);
  });

  it('a failure the stream reported after the last write is the command’s failure when it finishes', async () => {
    const { stdout } = failing('ENOSPC', 'no space left on device');
    const output = plainOutput({ stdout, stderr: new PassThrough() });
    await output.item({ id: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    await expect(output.finish()).rejects.toThrow(/^cannot write to standard output \(ENOSPC: no space left on device\)$/);
  });

  it('a reader that closed the pipe (EPIPE) is not a failure of the output: main() stops quietly', async () => {
    const { stdout } = failing('EPIPE', 'broken pipe');
    stdout.on('error', () => undefined);
    const output = plainOutput({ stdout, stderr: new PassThrough() });
    await output.item({ id: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    await expect(output.finish()).resolves.toBeUndefined();
  });
});

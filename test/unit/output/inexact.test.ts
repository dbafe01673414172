import { describe, expect, it } from 'vitest';
import { InexactCells, renderRecord, TableWriter } from '../../../src/output/table.js';
import type { View } from '../../../src/output/view.js';

const view: View = {
  columns: [
    { key: 'number', label: 'Number' },
    { key: 'total', label: 'Total', kind: 'money' },
    { key: 'due', label: 'Due', kind: 'money', priority: 1 },
  ],
  name: (row) => `invoice ${(row as { number: string }).number}`,
};

describe('an amount with digits past the cent in a table', () => {
  it('is shown with every digit and marked; the note names the record and the field', () => {
    const writer = new TableWriter(view.columns!, view, { colour: false });
    const text =
      writer.push({ number: '1/2026', total: '100.125', due: '100.125' }) + writer.push({ number: '2/2026', total: '0.30', due: '0.30' }) + writer.end();
    expect(text).toContain('100,125 €*');
    expect(text).toContain('0,30 €');
    expect(text).not.toContain('0,30 €*');
    expect(text).not.toContain('100,13');
    expect(String(writer.inexact.message())).toBe(
      '* an amount with digits past the cent, shown exactly as the service sent it (never rounded): invoice 1/2026 total 100.125, invoice 1/2026 due 100.125; -o json and -o csv carry it exactly',
    );
  });

  it('names the first three and counts the rest; only the columns shown count', () => {
    const writer = new TableWriter(view.columns!, view, { colour: false, maxWidth: 20 });
    for (let n = 1; n <= 5; n++) writer.push({ number: `${n}/2026`, total: `${n}.005`, due: `${n}.005` });
    writer.end();
    expect(writer.hidden).toEqual(['Due']);
    expect(String(writer.inexact.message())).toMatch(/: invoice 1\/2026 total 1\.005, invoice 2\/2026 total 2\.005, invoice 3\/2026 total 3\.005 and 2 more;/);
  });

  it('no note when every amount is a whole number of cents', () => {
    const writer = new TableWriter(view.columns!, view, { colour: false });
    writer.push({ number: '1/2026', total: '12.50', due: '12.5000' });
    writer.end();
    expect(writer.inexact.message()).toBeUndefined();
  });

  it('a single record is marked the same way', () => {
    const inexact = new InexactCells(view);
    expect(renderRecord({ number: '9/2026', total: '-0.001', due: '0.00' }, view, false, undefined, undefined, inexact)).toContain('-0,001 €*');
    expect(String(inexact.message())).toContain('invoice 9/2026 total -0.001');
  });
});

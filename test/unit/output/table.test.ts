import { describe, expect, it } from 'vitest';
import { layoutColumns, renderTable, TableWriter, truncate } from '../../../src/output/table.js';
import type { Column, View } from '../../../src/output/view.js';

const columns: Column[] = [
  { key: 'number', label: 'Number' },
  { key: 'name', label: 'Counterpart' },
  { key: 'total', label: 'Total', kind: 'money' },
  { key: 'date', label: 'Date', kind: 'date', priority: 1 },
  { key: 'uuid', label: 'UUID', id: true },
];
const view: View = { columns };
const row = (n: number, name = 'Zeta Trasporti S.r.l.') => ({
  number: `${n}/2026`,
  name,
  total: '1234567.50',
  date: '2026-11-14',
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
});

describe('table layout', () => {
  it('cuts wide text with … and never cuts amounts, dates or identifiers', () => {
    const text = renderTable([row(1, 'A very long counterpart name, S.p.A. in liquidazione')], columns, view, false, 90);
    const [header, line] = text.split('\n');
    expect(line).toContain('1.234.567,50 €');
    expect(line).toContain('14/11/2026');
    expect(line).toContain('00000000-0000-4000-8000-000000000001');
    expect(line).toMatch(/A very long \S*…/);
    expect(header!.length).toBeLessThanOrEqual(90);
    expect(line!.length).toBeLessThanOrEqual(90);
  });

  it('leaves out optional columns when the fixed ones alone do not fit, and says which', () => {
    const layout = layoutColumns(columns, [7, 30, 14, 10, 36], new Set(), 72);
    expect(layout.columns.map((c) => c.label)).toEqual(['Number', 'Counterpart', 'Total', 'UUID']);
    expect(layout.hidden).toEqual(['Date']);
  });

  it('right-aligns amounts, header included, and keeps every column without a width limit', () => {
    const text = renderTable([row(1), { ...row(2), total: '5.00' }], columns, view, false);
    const lines = text.split('\n');
    const end = (line: string, what: string) => line.indexOf(what) + what.length;
    expect(end(lines[0]!, 'Total')).toBe(end(lines[1]!, '1.234.567,50 €'));
    expect(end(lines[1]!, '1.234.567,50 €')).toBe(end(lines[2]!, '5,00 €'));
    expect(lines[1]).toContain('Zeta Trasporti S.r.l.');
  });

  it('truncate keeps short text and ends cut text with an ellipsis', () => {
    expect(truncate('abc', 5)).toBe('abc');
    expect(truncate('abcdef', 4)).toBe('abc…');
  });
});

describe('TableWriter (streaming)', () => {
  it('writes nothing until the first window is complete, then one line per row', () => {
    const writer = new TableWriter(columns, view, { colour: false, window: 3 });
    expect(writer.push(row(1))).toBe('');
    expect(writer.push(row(2))).toBe('');
    const first = writer.push(row(3));
    expect(first.split('\n').filter(Boolean)).toHaveLength(4); // header + 3 rows
    expect(writer.push(row(4)).split('\n').filter(Boolean)).toHaveLength(1);
    expect(writer.end()).toBe('');
    expect(writer.rows).toBe(4);
  });

  it('takes column widths from the first window: a later, longer text is cut to them', () => {
    const writer = new TableWriter(columns, view, { colour: false, window: 2 });
    const head = writer.push(row(1, 'Short')) + writer.push(row(2, 'Short'));
    const later = writer.push(row(3, 'A much longer counterpart'));
    expect(head).toContain('Counterpart');
    expect(later).toContain('A much lon…'); // as wide as the header 'Counterpart'
    expect(later).not.toContain('longer');
    // Every line is as long as the first window's, so the columns stay aligned.
    const uuidAt = (line: string) => line.indexOf('00000000-');
    expect(uuidAt(later)).toBe(uuidAt(head.split('\n')[1]!));
  });

  it('renders many rows holding at most one window: output grows with each row pushed', () => {
    const writer = new TableWriter(columns, view, { colour: false, window: 50 });
    let lines = 0;
    for (let i = 1; i <= 5000; i++) {
      lines += writer.push(row(i)).split('\n').length - 1;
      if (i >= 50) expect(lines).toBe(i + 1);
    }
    lines += writer.end().split('\n').length - 1;
    expect(lines).toBe(5001);
  });

  it('a table shorter than one window is written whole at the end', () => {
    const writer = new TableWriter(columns, view, { colour: false });
    expect(writer.push(row(1))).toBe('');
    expect(writer.end().split('\n').filter(Boolean)).toHaveLength(2);
  });
});

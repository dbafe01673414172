import { describe, expect, it } from 'vitest';
import { layoutColumns, renderTable, TableWriter, truncate, truncateMiddle } from '../../../src/output/table.js';
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
  it('cuts wide text with … and never cuts amounts or dates; a long identifier takes its short form first', () => {
    const writer = new TableWriter(columns, view, { colour: false, maxWidth: 90 });
    const text = writer.push(row(1, 'A very long counterpart name, S.p.A. in liquidazione')) + writer.end();
    const [header, line] = text.split('\n');
    expect(line).toContain('1.234.567,50 €');
    expect(line).toContain('14/11/2026');
    expect(line).toContain('00000000…');
    expect(line).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(writer.shortened).toEqual(['UUID']);
    expect(line).toMatch(/A very long \S*/);
    expect(header!.length).toBeLessThanOrEqual(90);
    expect(line!.length).toBeLessThanOrEqual(90);
  });

  it('keeps a short identifier whole, and every column, when the table fits', () => {
    const text = renderTable([row(1)], columns, view, false, 200);
    expect(text).toContain('00000000-0000-4000-8000-000000000001');
  });

  it('leaves out optional columns when the rest does not fit at its minimum widths, and says which', () => {
    const layout = layoutColumns(columns, [7, 30, 14, 10, 36], new Set(), 50);
    expect(layout.columns.map((c) => c.label)).toEqual(['Number', 'Counterpart', 'Total', 'UUID']);
    expect(layout.hidden).toEqual(['Date']);
    expect(layout.shortened).toEqual(['UUID']);
  });

  it('leaves out an optional identifier before any text is cut, then the highest priority number', () => {
    const cols: Column[] = [
      { key: 'title', label: 'Title' },
      { key: 'status', label: 'Status', priority: 1 },
      { key: 'type', label: 'Type', priority: 5 },
      { key: 'id', label: 'ID', id: true, priority: 2 },
    ];
    const wide = layoutColumns(cols, [40, 8, 12, 8], new Set(), 66);
    expect(wide.hidden).toEqual(['ID']);
    expect(wide.widths).toEqual([40, 8, 12]);
    const narrow = layoutColumns(cols, [40, 8, 12, 8], new Set(), 26);
    expect(narrow.columns.map((c) => c.label)).toEqual(['Title', 'Status']);
    expect(narrow.hidden).toEqual(['Type', 'ID']);
  });

  it('never lays out wider than the width while the minimums fit, whatever the order of the text columns', () => {
    const cols: Column[] = [
      { key: 'a', label: 'A', minWidth: 24 },
      { key: 'b', label: 'B', minWidth: 12 },
      { key: 'c', label: 'C' },
      { key: 'd', label: 'D', kind: 'money' },
    ];
    for (const width of [52, 60, 70, 80]) {
      const layout = layoutColumns(cols, [7, 30, 15, 12], new Set(), width);
      expect(layout.widths.reduce((a, b) => a + b, 0) + 2 * (layout.widths.length - 1), String(width)).toBeLessThanOrEqual(width);
    }
  });

  it('an always-shown text column keeps 16 cells before an optional column is kept beside it', () => {
    const cols: Column[] = [
      { key: 'name', label: 'Name' },
      { key: 'city', label: 'City', priority: 1 },
    ];
    expect(layoutColumns(cols, [30, 10], new Set(), 27).columns.map((c) => c.label)).toEqual(['Name', 'City']);
    expect(layoutColumns(cols, [30, 10], new Set(), 25).columns.map((c) => c.label)).toEqual(['Name']);
  });

  it('cuts a number in the middle so two credit notes stay apart', () => {
    const cols: Column[] = [
      { key: 'number', label: 'Number', cut: 'middle', minWidth: 14 },
      { key: 'name', label: 'Name' },
    ];
    const text = renderTable(
      [
        { number: 'Note di credito-3/2026', name: 'x'.repeat(40) },
        { number: 'Note di credito-4/2026', name: 'y' },
      ],
      cols,
      { columns: cols },
      false,
      24,
    );
    const [, first, second] = text.split('\n');
    expect(first).toMatch(/^Note d…-3\/2026 /);
    expect(second).toMatch(/^Note d…-4\/2026 /);
    expect(truncateMiddle('Note di credito-3/2026', 14)).toBe('Note d…-3/2026');
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

describe('instants in a table', () => {
  it('keep their offset: a time never reads as local when it is not', () => {
    const view = { columns: [{ key: 'at', label: 'At', kind: 'instant' as const }] };
    const text = renderTable(
      [{ at: '2026-11-20T11:00:00+01:00' }, { at: '2026-11-20T10:00:00.123Z' }, { at: '2026-07-01T10:00:00-03:30' }],
      view.columns,
      view,
      false,
    );
    expect(text.split('\n').map((l) => l.trimEnd())).toEqual(['At', '2026-11-20 11:00:00 +01:00', '2026-11-20 10:00:00 UTC', '2026-07-01 10:00:00 -03:30']);
  });
});

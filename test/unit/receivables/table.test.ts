import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { tableRows, tableView } from '../../../src/commands/receivables/view.js';
import { Output } from '../../../src/output/output.js';
import { Redactor } from '../../../src/output/redact.js';
import { receivableRows } from '../../../src/receivables/ageing.js';
import { openItems } from '../../../src/receivables/items.js';

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { stream, text: () => text };
}

describe('the scadenzario table', () => {
  it('fits 80 columns for a firm, amounts whole, the firm total last', async () => {
    const invoice = (id: string, name: string, vat: string, due: string, amount: string) => ({
      id,
      account_id: 'a',
      direction: 'outbound',
      number: `${id}/2026`,
      issue_date: '2026-01-10',
      counterpart: { name, vat_number: vat },
      total_amount: amount,
      payment_status: 'unpaid' as const,
      amount_paid: '0.00',
      amount_due: amount,
      due_date: due,
      overdue: true,
      sdi_status: 'accepted',
    });
    const company = (id: string, name: string) => {
      const { items, apart } = openItems(
        [
          invoice(`${id}1`, 'Costruzioni Meccaniche Lombarde di Bianchi Giovanni & Figli S.a.s.', '00743110157', '2026-12-31', '12345.67'),
          invoice(`${id}2`, 'Costruzioni Meccaniche Lombarde di Bianchi Giovanni & Figli S.a.s.', '00743110157', '2026-11-01', '98765.43'),
          invoice(`${id}3`, 'Beta', '01234567897', '2026-09-01', '1234567.89'),
          invoice(`${id}4`, 'Beta', '01234567897', '2026-06-01', '55555.55'),
          invoice(`${id}5`, 'Beta', '01234567897', '2026-08-15', '4444.44'),
        ] as never,
        '2026-11-20',
        new Map(),
      );
      return { company: { id, name }, items, apart, sales: '100000.00' };
    };
    const rows = receivableRows([company('a', 'Rossi Consulting S.r.l.'), company('b', 'Verdi Costruzioni S.p.A.')], 'client', '2026-11-20');
    const out = capture();
    const err = capture();
    const output = new Output({
      format: 'table',
      csvDialect: 'rfc',
      colour: false,
      stderrColour: false,
      quiet: false,
      stdout: out.stream,
      stderr: err.stream,
      redactor: new Redactor(),
      width: 80,
    });
    await output.list(tableRows(rows), tableView());
    await output.finish();
    const lines = out.text().trimEnd().split('\n');
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(lines.at(-1)).toMatch(/^Firm total\s/);
    // Amounts are never cut: the firm's over-90 and total appear whole.
    expect(out.text()).toContain('2.469.135,78');
    expect(lines.some((l) => l.startsWith('Total Rossi'))).toBe(true);
    expect(err.text()).toMatch(/left out to fit 80 columns/);
  });
});

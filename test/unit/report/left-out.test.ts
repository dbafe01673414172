import { describe, expect, it } from 'vitest';
import type { ExpenseSummary } from '../../../src/api/expenses.js';
import type { F24 } from '../../../src/api/f24.js';
import type { Invoice } from '../../../src/api/invoices.js';
import { renderReport } from '../../../src/report/html.js';
import { monthReport } from '../../../src/report/month.js';
import { leftOutLines, overviewRow } from '../../../src/report/overview.js';
import { invoice as invoiceOf } from './fixtures.js';

const company = { id: 'acc_x', name: 'Rossi S.r.l.', vat_number: '00743110157' };
const invoice = (fields: Partial<Invoice>): Invoice => invoiceOf({ total_amount: '10.00', amount_due: '10.00', ...fields });
const f24 = (id: string, status: string, total: string) => ({ id, status, due_date: '2026-10-16', total_amount: total, amount: total }) as unknown as F24;
const summary: ExpenseSummary = {
  periodo: '2026-10',
  totali: { diretto: '0.105', personale: '0.20', struttura: '0.00', escluso: '0.00' },
  per_centro: [],
  non_assegnate: { conteggio: 0, importo: '0.00' },
};
const inexact = invoice({ id: '2', number: '2/2026', total_amount: '100.125', amount_due: '100.125' });

describe('a total never swallows an amount past the cent: it leaves that record out and names it', () => {
  it('the month report: invoices, receivables, F24 and expenses totals, each exclusion named', () => {
    const report = monthReport({
      period: '2026-10',
      asOf: '2026-10-31',
      company,
      outbound: [invoice({}), inexact],
      inbound: [invoice({ id: '3', direction: 'inbound', total_amount: '5.005' })],
      receivables: [invoice({}), inexact],
      summary,
      f24s: [f24('f1', 'paid', '3.00'), f24('f2', 'paid', '4.0001'), f24('f3', 'ready', '2.00')],
      deadlines: [],
    });
    expect(report.invoices).toMatchObject({ issued_count: 1, issued: '10.00', collected: '0.00', outstanding: '10.00', net: '10.00', inbound_total: '0.00' });
    expect(report.receivables!.find((b) => b.bucket === 'not_due')).toEqual({ bucket: 'not_due', count: 1, amount: '10.00' });
    expect(report.f24).toMatchObject({ paid_total: '3.00', to_pay_total: '2.00' });
    // Shown as sent in its own line, outside the total.
    expect(report.f24!.paid.map((f) => f.amount)).toEqual(['3.00', '4.0001']);
    expect(report.expenses).toMatchObject({ total: '0.20' });
    expect(report.left_out.map((l) => [l.figure, l.record, l.field, l.amount])).toEqual([
      ['receivables.not_due', 'invoice 2/2026', 'amount_due', '100.125'],
      ['invoices.issued', 'invoice 2/2026', 'total_amount', '100.125'],
      ['invoices.collected', 'invoice 2/2026', 'total_amount', '100.125'],
      ['invoices.outstanding', 'invoice 2/2026', 'total_amount', '100.125'],
      ['invoices.inbound', 'invoice 1/2026', 'total_amount', '5.005'],
      ['expenses.total', 'method diretto', 'totali.diretto', '0.105'],
      ['f24.paid', 'F24 f2', 'total_amount', '4.0001'],
    ]);
    const html = renderReport(report, '2026-11-20');
    expect(html).toContain('<section class="missing left-out" data-left-out-count="5"><h2>Importi oltre il centesimo</h2>');
    expect(html).toContain(
      'fattura 2/2026: <span class="money" data-value="100.125">100,125 €</span> <span class="code">total_amount</span>, escluso da Emesso, Incassato, Da incassare',
    );
    expect(html).toContain(
      'fattura 2/2026: <span class="money" data-value="100.125">100,125 €</span> <span class="code">amount_due</span>, escluso da Crediti aperti',
    );
    expect(html).toContain('spese con metodo diretto');
    expect(html).toContain('F24 f2: <span class="money" data-value="4.0001">4,0001 €</span>');
    expect(renderReport(report, '2026-11-20', 'en')).toContain('<h2>Amounts past the cent</h2>');
    expect(renderReport(monthReport({ period: '2026-10', asOf: '2026-10-31', company, outbound: [invoice({})], inbound: [] }), '2026-11-20')).not.toContain(
      'left-out',
    );
  });

  it('the overview: open and overdue totals and F24 totals leave the record out; one line says which', () => {
    const row = overviewRow(company, {
      today: '2026-11-20',
      open: [
        { number: '1/2026', amount_due: '10.00', overdue: true },
        { number: '2/2026', amount_due: '0.305', overdue: true },
      ],
      f24s: [
        { id: 'f1', status: 'ready', due_date: '2026-12-16', total_amount: '1.005' },
        { id: 'f2', status: 'expired', due_date: '2026-06-16', total_amount: '2.00' },
      ],
      webhooksReady: true,
    });
    expect(row).toMatchObject({
      open_count: 2,
      open_amount: '10.00',
      overdue_count: 2,
      overdue_amount: '10.00',
      f24_amount: '2.00',
      f24_nearest_amount: '1.005',
    });
    expect(leftOutLines(row).map(String)).toEqual([
      'Rossi S.r.l. (acc_x): open_amount and overdue_amount leave out invoice 2/2026 (amount_due 0.305: digits past the cent, shown as the service sent them)',
      'Rossi S.r.l. (acc_x): f24_amount leaves out F24 f1 (total_amount 1.005: digits past the cent, shown as the service sent them)',
    ]);
  });
});

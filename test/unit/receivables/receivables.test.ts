import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../src/api/invoices.js';
import { dso, receivableRows, salesInWindow } from '../../../src/receivables/ageing.js';
import { parseContacts } from '../../../src/receivables/contacts.js';
import { bucketOf, clientIndex, openItems, vatKey } from '../../../src/receivables/items.js';
import { channelOf, companyLetters, levelOf } from '../../../src/dunning/letter.js';
import { parseSmtpUrl } from '../../../src/dunning/smtp.js';
import { parseRatesFile } from '../../../src/dunning/rates-table.js';
import { cashForecast, clientDelays } from '../../../src/report/cash.js';

const inv = (fields: Partial<Invoice>): Invoice => ({
  id: '1',
  account_id: 'acc_x',
  direction: 'outbound',
  number: '1/2026',
  issue_date: '2026-10-01',
  counterpart: { name: 'Alfa S.r.l.', vat_number: 'IT00743110157' },
  total_amount: '100.00',
  payment_status: 'unpaid',
  amount_paid: '0.00',
  amount_due: '100.00',
  due_date: '2026-10-31',
  overdue: true,
  sdi_status: 'accepted',
  sdi_error: null,
  last_sdi_update: '2026-10-01T10:00:00Z',
  url: '',
  ...fields,
});
const client = { id: 7, name: 'Alfa S.r.l.', piva: '00743110157', pec: 'alfa@pec.it' };

describe('open items', () => {
  it('ages by days past due into the five buckets', () => {
    expect([null, -3, 0, 1, 30, 31, 60, 61, 90, 91].map((d) => bucketOf(d))).toEqual([
      'not_due',
      'not_due',
      'not_due',
      'd1_30',
      'd1_30',
      'd31_60',
      'd31_60',
      'd61_90',
      'd61_90',
      'over_90',
    ]);
  });

  it('keeps only documents that take money, joins the client by VAT number with or without IT, sets apart what is not cent-exact', () => {
    const { items, apart } = openItems(
      [
        inv({ id: '1' }),
        inv({ id: '2', payment_status: null, number: 'NC-1' }),
        inv({ id: '3', payment_status: 'paid', amount_due: '0.00' }),
        inv({ id: '4', direction: 'inbound' }),
        inv({ id: '5', number: '5/2026', amount_due: '100.125', total_amount: '100.125' }),
        inv({ id: '6', counterpart: { name: 'Privato', vat_number: null } }),
      ],
      '2026-11-20',
      clientIndex([client as never]),
    );
    expect(items.map((i) => i.invoice_id)).toEqual(['1', '6']);
    expect(items[0]!.counterpart).toMatchObject({ key: '00743110157', client_id: 7, pec: 'alfa@pec.it' });
    expect(items[0]!.days_late).toBe(20);
    expect(items[1]!.counterpart).toMatchObject({ key: 'name:privato', client_id: null });
    expect(apart).toEqual([expect.objectContaining({ number: '5/2026', reason: expect.stringMatching(/100\.125 with digits past the cent.*never rounded/) })]);
    expect(vatKey('IT 007 4311 0157')).toBe('00743110157');
    expect(vatKey('DE123456789')).toBe('DE123456789');
  });

  it('sums per client and company, the firm last; DSO = open ÷ sales of 90 days × 90', () => {
    const a = openItems([inv({ id: '1', amount_due: '300.00' }), inv({ id: '2', due_date: '2026-12-31', amount_due: '50.00' })], '2026-11-20', new Map());
    const b = openItems(
      [inv({ id: '9', counterpart: { name: 'Beta', vat_number: '01234567897' }, due_date: '2026-07-01', amount_due: '10.00' })],
      '2026-11-20',
      new Map(),
    );
    const rows = receivableRows(
      [
        { company: { id: 'a', name: 'A' }, ...a, sales: '900.00' },
        { company: { id: 'b', name: 'B' }, ...b, sales: '0.00' },
      ],
      'client',
      '2026-11-20',
    );
    expect(rows.map((r) => [r.row, r.client ?? r.company, r.total])).toEqual([
      ['client', 'Alfa S.r.l.', '350.00'],
      ['company', 'A', '350.00'],
      ['client', 'Beta', '10.00'],
      ['company', 'B', '10.00'],
      ['firm', null, '360.00'],
    ]);
    // A: 350 open ÷ 900 invoiced × 90 = 35 days; B: nothing invoiced → no DSO; firm: 360 ÷ 900 × 90 = 36
    expect(rows.map((r) => r.dso)).toEqual([null, 35, null, null, 36]);
    expect(rows[0]).toMatchObject({ d1_30: '300.00', not_due: '50.00', overdue: '300.00' });
    expect(rows[3]!.over_90).toBe('10.00');
    // 100 ÷ 300 × 90 = 30; 1 ÷ 3 × 90 = 30 (exactly); 2 ÷ 3 × 90 = 60; 1 ÷ 6 × 90 = 15; 1 ÷ 8 × 90 = 11.25 → 11; 1 ÷ 4.8 × 90 = 18.75 → 19
    expect([dso('100.00', '300.00'), dso('1.00', '3.00'), dso('2.00', '3.00'), dso('1.00', '6.00'), dso('1.00', '8.00'), dso('1.00', '4.80')]).toEqual([
      30, 30, 60, 15, 11, 19,
    ]);
    // Sales: documents that take payments, issued in (as-of − 90, as-of]
    expect(
      salesInWindow(
        [
          inv({ issue_date: '2026-08-22', total_amount: '1.00' }),
          inv({ issue_date: '2026-08-23', total_amount: '2.00' }),
          inv({ issue_date: '2026-11-21', total_amount: '4.00' }),
          inv({ payment_status: null, total_amount: '8.00' }),
        ],
        '2026-11-20',
      ),
    ).toBe('2.00');
  });
});

describe('--min-days', () => {
  it('0 (the default) lists every open invoice and every client, those not yet due too; N lists those N or more days late', () => {
    const { items, apart } = openItems(
      [
        inv({ id: '1', amount_due: '300.00' }),
        inv({ id: '2', counterpart: { name: 'Beta', vat_number: '01234567897' }, due_date: '2026-12-31', amount_due: '50.00' }),
        inv({ id: '3', counterpart: { name: 'Beta', vat_number: '01234567897' }, due_date: '2026-11-20', amount_due: '5.00' }),
      ],
      '2026-11-20',
      new Map(),
    );
    const company = [{ company: { id: 'a', name: 'A' }, items, apart, sales: '900.00' }];
    const shown = (by: 'client' | 'invoice', minDays?: number) =>
      receivableRows(company, by, '2026-11-20', minDays)
        .filter((r) => r.row === by)
        .map((r) => (by === 'client' ? r.client : r.number));
    // Beta owes only invoices not yet due (one due today: 0 days late): still a receivable.
    expect(shown('client')).toEqual(['Alfa S.r.l.', 'Beta']);
    expect(shown('invoice').length).toBe(3);
    expect(shown('client', 1)).toEqual(['Alfa S.r.l.']);
    expect(shown('invoice', 1).length).toBe(1);
    // The company's total is every open invoice whatever --min-days says.
    expect(receivableRows(company, 'client', '2026-11-20', 1).find((r) => r.row === 'company')?.total).toBe('355.00');
  });
});

describe('letters', () => {
  it('take their level from the letters already sent, at most 3; a level-3 letter goes only to a PEC', () => {
    expect(levelOf(['a', 'b'], new Map())).toBe(1);
    expect(levelOf(['a', 'b'], new Map([['b', 1]]))).toBe(2);
    expect(levelOf(['a'], new Map([['a', 5]]))).toBe(3);
    const cp = { key: 'k', name: 'X', vat_number: null, client_id: null, address: null };
    expect(channelOf({ ...cp, pec: 'x@pec.it', email: 'x@x.it' }, 3)).toMatchObject({ channel: 'pec', to: 'x@pec.it' });
    expect(channelOf({ ...cp, pec: null, email: 'x@x.it' }, 2)).toMatchObject({ channel: 'email', to: 'x@x.it' });
    expect(channelOf({ ...cp, pec: null, email: 'x@x.it' }, 3)).toMatchObject({ channel: 'post', to: null });
    expect(channelOf({ ...cp, pec: null, email: null }, 1)).toMatchObject({ channel: 'post' });
  });

  it("hold all of a client's late invoices, with the 40 euro each", () => {
    const rates = parseRatesFile('2026-07-01,2.40\n', 'r.csv');
    const { items } = openItems(
      [inv({ id: '1', uuid: 'u1' }), inv({ id: '2', uuid: 'u2', due_date: '2026-11-19' }), inv({ id: '3', uuid: 'u3', due_date: '2026-11-30' })],
      '2026-11-20',
      new Map(),
    );
    const [letter] = companyLetters({ account: 'a', items, asOf: '2026-11-20', minDays: 1, rates, compensation: true, sent: new Map([['u2', 1]]) });
    // 100 × 10.40 × 20 / 36500 = 0.5698… → 0.57; 100 × 10.40 × 1 / 36500 = 0.0284… → 0.03
    expect(letter!.invoices.map((i) => [i.number, i.days_late, i.interest])).toEqual([
      ['1/2026', 20, '0.57'],
      ['1/2026', 1, '0.03'],
    ]);
    expect(letter!.level).toBe(2);
    expect(letter!.totals).toEqual({ residue: '200.00', interest: '0.60', compensation: '80.00', total: '280.60' });
  });
});

describe('files and settings a person gives', () => {
  it('reads a contacts file, with or without IT and a header, every problem at once', () => {
    expect([...parseContacts('partita_iva,email\nIT00743110157,a@b.it\n01234567897;x\n'.replace(';x', ',c@d.it'), 'c.csv')]).toEqual([
      ['00743110157', { email: 'a@b.it', address: null }],
      ['01234567897', { email: 'c@d.it', address: null }],
    ]);
    // A third column: the postal address (the e-mail may be empty), with mixed line endings.
    expect([...parseContacts('partita_iva;email;indirizzo\r\n03456789019;;Via Po 3, 10121 Torino (TO)\n', 'c.csv')]).toEqual([
      ['03456789019', { email: null, address: 'Via Po 3, 10121 Torino (TO)' }],
    ]);
    expect(() => parseContacts('00743110157,nope\n00743110157,a@b.it\n00743110157,z@b.it\n', 'c.csv')).toThrow(/2 problems/);
  });

  it('takes an SMTP URL without a password; plain SMTP only on the loopback', () => {
    expect(parseSmtpUrl('smtps://me%40x.it@mail.x.it', false, '--smtp')).toMatchObject({ host: 'mail.x.it', port: 465, secure: true, user: 'me@x.it' });
    expect(parseSmtpUrl('smtp://u@mail.x.it', false, '--smtp')).toMatchObject({ port: 587, secure: false, insecure: false });
    expect(() => parseSmtpUrl('smtp://u:pw@mail.x.it', false, '--smtp')).toThrow(/carries a password/);
    expect(() => parseSmtpUrl('smtp://u@mail.x.it:25', true, '--smtp')).toThrow(/only for a server on 127\.0\.0\.1/);
    expect(() => parseSmtpUrl('http://x', false, '--smtp')).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});

describe('cash weeks', () => {
  it('puts overdue payables in the first week, overdue receivables apart (no history), and leaves out what is past the horizon', () => {
    const forecast = cashForecast({
      today: '2026-11-20',
      weeks: 2,
      receivables: [
        inv({ due_date: '2026-10-31', amount_due: '100.00' }),
        inv({ due_date: '2026-11-27', amount_due: '50.00' }),
        inv({ due_date: '2026-12-04', amount_due: '1.00' }),
      ],
      payables: [{ number: 'P', due_date: '2026-11-20', amount_due: '30.00' }],
      f24s: [
        { id: 'f', due_date: '2026-11-16', total_amount: '20.00', status: 'expired' },
        { id: 'g', due_date: '2026-11-30', total_amount: '5.00', status: 'draft' },
      ],
      deadlines: [
        { due_date: '2026-11-28', amount: '7.00', status: 'upcoming', related_resource: { type: 'iva', id: '1' }, title: 'IVA' },
        { due_date: '2026-11-28', amount: '9.00', status: 'upcoming', related_resource: { type: 'f24', id: 'f' }, title: 'F24' },
      ],
    });
    // week 1: 30 + 20 out → net −50; week 2: 50 in, 7 out → 43; running −50, −7; the overdue 100 apart
    expect(forecast.weeks.map((w) => [w.receivables, w.payables, w.f24, w.deadlines, w.net, w.running])).toEqual([
      ['0.00', '30.00', '20.00', '0.00', '-50.00', '-50.00'],
      ['50.00', '0.00', '0.00', '7.00', '43.00', '-7.00'],
    ]);
    expect(forecast.overdue_unknown).toEqual({ amount: '100.00', invoices: 1 });
    expect(forecast.opening).toBeNull();
  });

  it('places an overdue receivable on the day its client usually pays, from an opening balance; one later than that stays apart', () => {
    const alfa = { name: 'Alfa', vat_number: 'IT00743110157' };
    const delays = clientDelays([
      { counterpart: alfa, issue_date: '2026-09-01', paid_date: '2026-10-31' }, // 60 days
      { counterpart: { name: 'Alfa', vat_number: '00743110157' }, issue_date: '2026-08-01', paid_date: '2026-09-20' }, // 50
      { counterpart: alfa, issue_date: '2026-07-01', paid_date: '2026-09-09' }, // 70
    ]);
    expect(delays.get('00743110157')).toBe(60);
    const forecast = cashForecast({
      today: '2026-11-20',
      weeks: 3,
      opening: '1000.00',
      delays,
      receivables: [
        { ...inv({ due_date: '2026-10-31', amount_due: '100.00' }), issue_date: '2026-10-01', counterpart: alfa }, // 01/10 + 60 = 30/11: week 2
        { ...inv({ due_date: '2026-08-31', amount_due: '40.00' }), issue_date: '2026-08-01', counterpart: alfa }, // 30/09: past, apart
        { ...inv({ due_date: '2026-10-31', amount_due: '7.00' }), issue_date: '2026-10-01', counterpart: { name: 'Beta', vat_number: null } }, // no history
      ],
      payables: [],
      f24s: [],
      deadlines: [],
    });
    expect(forecast.weeks.map((w) => [w.receivables, w.running])).toEqual([
      ['0.00', '1000.00'],
      ['100.00', '1100.00'],
      ['0.00', '1100.00'],
    ]);
    expect(forecast.overdue_placed).toHaveLength(1);
    expect(forecast.overdue_unknown).toEqual({ amount: '47.00', invoices: 2 });
  });
});

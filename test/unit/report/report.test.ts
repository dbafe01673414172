import { describe, expect, it } from 'vitest';
import type { ExpenseSummary } from '../../../src/api/expenses.js';
import { selectionOf, portfolioSelectionOf } from '../../../src/portfolio/select.js';
import { pickCompanies } from '../../../src/portfolio/companies.js';
import { renderIndex, renderReport } from '../../../src/report/html.js';
import { renderFirmNotes } from '../../../src/report/notes.js';
import { ageBucket, companyFolder, lastDayOf, monthReport } from '../../../src/report/month.js';
import { overviewRow, overviewTotal, rejectedCountedBefore, rejectedLines } from '../../../src/report/overview.js';
import { addDays } from '../../../src/domain/dates.js';
import { invoice } from './fixtures.js';

const company = { id: 'acc_x', name: 'Bar & <Co> "S.r.l."', vat_number: '00743110157' };
const summary: ExpenseSummary = {
  periodo: '2026-10',
  totali: { diretto: '0.10', personale: '0.20', struttura: '0.00', escluso: '0.00' },
  per_centro: [{ cost_center_id: 'c1', cost_center_code: 'C<1>', nome: 'Centro', totale: '0.10', documenti: 1 }],
  non_assegnate: { conteggio: 2, importo: '5.05' },
};

describe('month report (pure, decimal)', () => {
  it('ages receivables at the bucket edges', () => {
    expect(ageBucket('2026-10-31', '2026-10-31')).toBe('not_due');
    expect(ageBucket('2026-10-30', '2026-10-31')).toBe('d1_30');
    expect(ageBucket('2026-10-01', '2026-10-31')).toBe('d1_30');
    expect(ageBucket('2026-09-30', '2026-10-31')).toBe('d31_60');
    expect(ageBucket('2026-09-01', '2026-10-31')).toBe('d31_60');
    expect(ageBucket('2026-08-31', '2026-10-31')).toBe('d61_90');
    expect(ageBucket('2026-08-02', '2026-10-31')).toBe('d61_90');
    expect(ageBucket('2026-08-01', '2026-10-31')).toBe('over_90');
    expect(ageBucket(null, '2026-10-31')).toBe('not_due');
  });

  it('sums with decimals, not floats (0.10 + 0.20 is 0.30); credit notes apart and netted, void documents out, delivery failures named', () => {
    const report = monthReport({
      period: '2026-10',
      asOf: '2026-10-31',
      company,
      outbound: [
        invoice({ id: 'a', total_amount: '0.10', amount_due: '0.10' }),
        invoice({ id: 'b', total_amount: '0.20', amount_paid: '0.20', amount_due: '0.00', payment_status: 'paid' }),
        invoice({ id: 'nc', number: 'Note di credito-1/2026', total_amount: '0.05', payment_status: null }),
        invoice({ id: 'nd', number: '8/2026', total_amount: '3.00', payment_status: null }),
        invoice({
          id: 'v',
          number: '9/2026',
          total_amount: '70.00',
          payment_status: null,
          sdi_status: 'rejected',
          sdi_error: '00404 - Fattura duplicata',
          last_sdi_update: '2026-10-20T10:00:00Z',
        }),
        invoice({ id: 'df', number: '10/2026', total_amount: '1.00', amount_due: '1.00', sdi_status: 'delivery_failed' }),
      ],
      inbound: [],
      receivables: [invoice({ amount_due: '0.10', due_date: '2026-10-30' }), invoice({ amount_due: '0.20', due_date: '2026-07-01' })],
      summary,
      f24s: [],
      deadlines: [
        { id: 'd', account_id: 'acc_x', type: 'iva', title: 'IVA', due_date: '2026-11-16', amount: '1.00', status: 'upcoming', related_resource: null },
      ],
    });
    expect(report.invoices).toMatchObject({
      issued_count: 3,
      issued: '1.30',
      collected: '0.20',
      outstanding: '1.10',
      credit_notes_total: '0.05',
      other_notes_total: '3.00',
      net: '1.25',
      inbound_count: 0,
    });
    expect(report.invoices!.notes.map((n) => [n.id, n.kind])).toEqual([
      ['nc', 'credit'],
      ['nd', 'unclassified'],
    ]);
    expect(report.invoices!.excluded.map((n) => [n.id, n.reason, n.sdi_error, n.resend_by])).toEqual([
      ['v', 'rejected', '00404 - Fattura duplicata', '2026-10-25'],
    ]);
    expect(report.invoices!.delivery_failed.map((n) => n.id)).toEqual(['df']);
    expect(report.receivables!.find((b) => b.bucket === 'd1_30')!.amount).toBe('0.10');
    expect(report.receivables!.find((b) => b.bucket === 'over_90')!.amount).toBe('0.20');
    expect(report.receivables_total).toBe('0.30');
    expect(report.expenses!.total).toBe('0.30');
    expect(report.next_deadlines!.map((d) => d.id)).toEqual(['d']);
    const html = renderReport(report, '2026-11-20');
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('Bar &amp; &lt;Co&gt; &quot;S.r.l.&quot;');
    expect(html).toContain('C&lt;1&gt;');
    expect(html).not.toMatch(/<script|https?:\/\//);
    expect(html).toContain('data-figure="invoices.issued" data-value="1.30"');
    expect(html).toContain('data-figure="invoices.net" data-value="1.25"');
    expect(html).toContain('Fatture emesse nel mese');
    expect(html).toContain('Netto = emesso meno le note di credito emesse nel mese.');
    // A credit note only when its number says so; a document taking no payments otherwise, its kind not named.
    expect(html).toContain('Note di credito emesse nel mese (sottratte nel netto)');
    expect(html).toContain('Altri documenti emessi nel mese, senza incassi (fuori dai totali)');
    expect(html).toContain('data-figure="invoices.other_notes" data-value="3.00"');
    expect(html).not.toMatch(/TD04|TD05|class="code"|debito/);
    // Codes in words only.
    // A rejection: the SDI's text, the control explained in the report's language, and the day the window to resend closes.
    expect(html).toContain(
      '<td>Scartata dallo SDI — fiscalmente non emessa: va corretta e riemessa<br><span class="muted">00404 - Fattura duplicata: non è già stata accettata una fattura con lo stesso cedente, anno, tipo documento e numero — da reinviare corretta (stesso numero e data) entro il 25/10/2026</span></td>',
    );
    expect(html).toContain('<td>Diretto (su centro di costo)</td>');
    expect(html).toContain('<td>IVA</td>');
    expect(html).toContain('Da fare, scade il 16/11/2026');
    expect(html).not.toMatch(/>(rejected|delivery_failed|diretto|iva|upcoming)</);
    // On every printed page: the company and the month, and "pagina n di m".
    expect(html).toContain('@top-left { content: "Bar \\26  \\3c Co\\3e  \\22 S\\2e r\\2e l\\2e \\22  \\2014  ottobre 2026";');
    expect(html).toContain('@top-right { content: "pagina " counter(page) " di " counter(pages);');
    expect(html).toContain('Scadenze fiscali di novembre 2026');
    expect(html).toContain('Generato da fisco il 20/11/2026');
    expect(html).toMatch(/<tr class="total"><td>Totale crediti aperti<\/td>/);
    expect(html).not.toMatch(/Invoices issued|Receivables by age|Deadlines in/);
    const english = renderReport(report, '2026-11-20', 'en');
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('Invoices issued this month');
    expect(english).toContain('<td>Direct (to a cost center)</td>');
    expect(english).toContain('"page " counter(page) " of " counter(pages)');
    expect(english).toContain('Tax deadlines in November 2026');
    const index = renderIndex(
      '2026-10',
      [
        { company, folder: companyFolder(company), report },
        { company: { ...company, id: 'acc_y' }, folder: 'y', error: '<b>403</b>', exitCode: 3 },
      ],
      '2026-11-20',
    );
    expect(index).toContain(
      'Non esportata: accesso negato: il token non ha il permesso necessario per questa azienda <span class="muted">(messaggio del servizio: «&lt;b&gt;403&lt;/b&gt;»)</span>',
    );
    expect(index).toContain('data-outcome="failed"');
    expect(index).toContain('Chiusura mensile');
  });

  it('a part that could not be read is null (never zero) and said in words, in the report and the index', () => {
    const missing = [
      { part: 'f24s', request: 'F24 forms (GET /v1/f24s)', figures: ['f24s.json'], reason: "This token lacks the ability 'f24:read'", exit_code: 3 },
    ];
    const report = monthReport({ period: '2026-10', asOf: '2026-10-31', company, outbound: [], inbound: [], receivables: [], summary, deadlines: [], missing });
    expect(report.f24).toBeNull();
    expect(report.invoices).not.toBeNull();
    const html = renderReport(report, '2026-11-20');
    expect(html).toContain('Dati non disponibili');
    // For the client, what is missing in words; why, with the service's message, for the firm (note-studio.md).
    expect(html).toContain(
      '<p class="unavailable" data-missing="f24s">Non disponibile: <strong>modelli F24</strong>: dati non disponibili alla preparazione del report</p>',
    );
    expect(html).not.toContain('lacks the ability');
    const notes = renderFirmNotes(report);
    expect(notes).toContain(
      "- modelli F24 (GET /v1/f24s): accesso negato: il token non ha il permesso necessario per questa azienda (uscita 3). Messaggio del servizio: «This token lacks the ability 'f24:read'»",
    );
    // In the notes' own language: English notes keep the English words of the part.
    expect(renderFirmNotes(report, 'en')).toContain('- F24 forms (GET /v1/f24s): ');
    expect(html).not.toContain('data-figure="f24.to_pay"');
    const index = renderIndex('2026-10', [{ company, folder: 'x', report }], '2026-11-20');
    expect(index).toContain('data-outcome="partial"');
    expect(index).toContain('Mancano: <strong>modelli F24</strong>: accesso negato');
    const none = monthReport({ period: '2026-10', asOf: '2026-10-31', company, missing: [] });
    expect([none.invoices, none.receivables, none.receivables_total, none.expenses, none.f24, none.next_deadlines]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('names folders readably and stably: name plus VAT number', () => {
    expect(companyFolder({ id: 'acc_r', name: 'Rossi Consulting S.r.l.', vat_number: '04821570159' })).toBe('rossi-consulting-srl_04821570159');
    expect(companyFolder({ id: 'acc_n', name: 'Società Cà Foscari', vat_number: 'IT06382150487' })).toBe('societa-ca-foscari_IT06382150487');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
  });
});

describe('overview row (pure)', () => {
  it('counts and sums what the lists say; the next F24 is the nearest not yet paid from today, expired ones counted apart', () => {
    const row = overviewRow(company, {
      today: '2026-11-20',
      open: [
        { amount_due: '0.10', overdue: true },
        { amount_due: '0.20', overdue: false },
      ],
      f24s: [
        { status: 'ready', due_date: '2027-01-16', total_amount: '1.00' },
        { status: 'ready', due_date: '2026-12-16', total_amount: '10.00' },
        { status: 'expired', due_date: '2026-06-16', total_amount: '0.05' },
      ],
      deadlinesOverdue: 3,
      deadlinesWindow: [{ status: 'upcoming' }, { status: 'done' }, { status: 'due_today' }],
      currentMonth: { non_assegnate: { conteggio: 1, importo: '2.00' } },
      previousMonth: { non_assegnate: { conteggio: 0, importo: '0.00' } },
      webhooksReady: false,
    });
    expect(row).toMatchObject({
      open_count: 2,
      open_amount: '0.30',
      overdue_count: 1,
      overdue_amount: '0.10',
      f24_count: 3,
      f24_expired_count: 1,
      f24_expired_amount: '0.05',
      f24_amount: '11.05',
      f24_nearest_due: '2026-12-16',
      f24_nearest_amount: '10.00',
      deadlines_overdue: 3,
      deadlines_due_soon: 2,
      review_current_month: 1,
      missing: [],
    });
  });

  it('a part not read leaves its figures null, never zero', () => {
    const missing = [{ request: 'F24', figures: ['f24_count'], reason: 'no', exit_code: 3 }];
    const row = overviewRow(company, { today: '2026-11-20', open: [], webhooksReady: true, missing });
    expect(row).toMatchObject({
      open_count: 0,
      open_amount: '0.00',
      f24_count: null,
      f24_amount: null,
      f24_nearest_due: null,
      deadlines_overdue: null,
      review_current_month: null,
      review_current_amount: null,
      rejected_count: null,
      rejected_resend_by: null,
      missing,
    });
  });

  // Rejected on 13/11 (window closed 18/11), on 17/11 (closes 22/11), on 19/11 (closes 24/11), and long ago.
  const rejected = [
    { number: '7/2026', sdi_status: 'rejected', sdi_error: '00404 - Fattura duplicata', last_sdi_update: '2026-11-13T12:00:00+01:00' },
    { number: '9/2026', sdi_status: 'rejected', sdi_error: '00305 - IdFiscaleIVA non valido', last_sdi_update: '2026-11-19T12:00:00+01:00' },
    { number: '8/2026', sdi_status: 'rejected', sdi_error: '00404 - Fattura duplicata', last_sdi_update: '2026-11-17T12:00:00+01:00' },
    { number: '1/2026', sdi_status: 'rejected', sdi_error: '00404 - Fattura duplicata', last_sdi_update: '2026-02-02T12:00:00+01:00' },
  ];

  it('rejected invoices: counted; the nearest window not yet closed; none open is null, not a date past', () => {
    const row = overviewRow(company, { today: '2026-11-20', rejected, webhooksReady: false });
    expect(row).toMatchObject({ rejected_count: 4, rejected_resend_by: '2026-11-22' });
    // The window's last day is still open; a day later it is not.
    expect(overviewRow(company, { today: '2026-11-24', rejected, webhooksReady: false }).rejected_resend_by).toBe('2026-11-24');
    expect(overviewRow(company, { today: '2026-11-25', rejected, webhooksReady: false })).toMatchObject({ rejected_count: 4, rejected_resend_by: null });
    expect(overviewRow(company, { today: '2026-11-20', rejected: [], webhooksReady: false })).toMatchObject({ rejected_count: 0, rejected_resend_by: null });
  });

  it('a record of the rejected read that is not rejected (a filter the service ignored) is neither counted nor explained', () => {
    const accepted = { number: '3/2026', sdi_status: 'accepted', sdi_error: null, last_sdi_update: '2026-11-19T12:00:00+01:00' };
    expect(overviewRow(company, { today: '2026-11-20', rejected: [...rejected, accepted], webhooksReady: false })).toMatchObject({
      rejected_count: 4,
      rejected_resend_by: '2026-11-22',
    });
    expect(rejectedLines([{ company: { id: 'acc_a', name: 'Alfa' }, rejected: [accepted, accepted] }], '2026-11-20')).toEqual([]);
  });

  it('the firm total adds the counts and takes the nearest window; a company not read makes them n/a', () => {
    const a = overviewRow(company, { today: '2026-11-20', rejected, webhooksReady: false });
    const b = overviewRow({ ...company, id: 'acc_b' }, { today: '2026-11-20', rejected: rejected.slice(1, 2), webhooksReady: false });
    expect(overviewTotal([a, b], 'Firm total')).toMatchObject({ rejected_count: 5, rejected_resend_by: '2026-11-22' });
    const missing = [{ request: 'rejected', figures: ['rejected_count', 'rejected_resend_by'], reason: 'no', exit_code: 8 }];
    const c = overviewRow({ ...company, id: 'acc_c' }, { today: '2026-11-20', webhooksReady: false, missing });
    expect(overviewTotal([a, c], 'Firm total')).toMatchObject({ rejected_count: null, rejected_resend_by: null });
  });

  it('after the overview: each rejection of the last 30 days explained, the company named; the older ones counted in one line', () => {
    const lines = rejectedLines(
      [
        { company: { id: 'acc_a', name: 'Alfa' }, rejected },
        { company: { id: 'acc_b', name: 'Beta' }, rejected: [rejected[3]!, rejected[3]!] },
        { company: { id: 'acc_c', name: 'Gamma' } },
      ],
      '2026-11-20',
    ).map(String);
    expect(lines.filter((l) => l.includes('was rejected by the SDI')).map((l) => l.slice(0, l.indexOf(' — ')))).toEqual([
      // The most urgent first: the open windows, nearest closing first, then the closed one.
      'Alfa (acc_a): invoice 8/2026 was rejected by the SDI: 00404 - Fattura duplicata',
      'Alfa (acc_a): invoice 9/2026 was rejected by the SDI: 00305 - IdFiscaleIVA non valido',
      'Alfa (acc_a): invoice 7/2026 was rejected by the SDI: 00404 - Fattura duplicata',
    ]);
    expect(lines).toContain(
      'Alfa (acc_a): what to do: if the first one was accepted, nothing is to be done: the invoice exists; otherwise check the numbering and send it again with the next free number (fisco sdi explain 00404)',
    );
    expect(lines.find((l) => l.includes('(same number and date) by 2026-11-24'))).toMatch(/^Alfa \(acc_a\): .*, 4 day\(s\) left;/);
    expect(lines.find((l) => l.includes('ended on 2026-11-18'))).toMatch(/^Alfa \(acc_a\): .*send the corrected invoice at once/);
    expect(lines.at(-1)).toBe(
      '3 rejected invoices of Alfa (acc_a), Beta (acc_b) are not explained here: their window to send the corrected one closed more than 30 days ago; `fisco --accounts acc_a,acc_b invoice list --sdi-status rejected` lists them',
    );
    expect(rejectedLines([{ company: { id: 'acc_b', name: 'Beta' }, rejected: [rejected[3]!] }], '2026-11-20').map(String)).toEqual([
      '1 rejected invoice of Beta (acc_b) is not explained here: its window to send the corrected one closed more than 30 days ago; `fisco --account acc_b invoice list --sdi-status rejected` lists it',
    ]);
    // A window closed exactly 30 days ago is still explained; 31 days ago it is counted.
    const at = (day: string) => [{ number: 'x', sdi_status: 'rejected', sdi_error: null, last_sdi_update: `${day}T12:00:00+01:00` }];
    expect(rejectedLines([{ company: { id: 'acc_a', name: 'Alfa' }, rejected: at('2026-10-16') }], '2026-11-20').map(String)[0]).toContain(
      'invoice x was rejected',
    );
    expect(rejectedLines([{ company: { id: 'acc_a', name: 'Alfa' }, rejected: at('2026-10-15') }], '2026-11-20').map(String)[0]).toContain(
      '1 rejected invoice of Alfa',
    );
    expect(rejectedLines([{ company: { id: 'acc_a', name: 'Alfa' }, rejected: [] }], '2026-11-20')).toEqual([]);
  });

  it('rejections written before rejectedCountedBefore only counted (as the mirror does) give the same row and lines as read', () => {
    const today = '2026-11-20';
    const cutoff = rejectedCountedBefore(today);
    expect(cutoff).toBe('2026-10-14');
    // Every day from 50 days before today, at the edges of the day in the furthest offsets and in Rome's, as the service might write them.
    const all: { number: string; sdi_status: string; sdi_error: string; last_sdi_update: string }[] = [];
    for (let n = 50; n >= 0; n--) {
      const day = addDays(today, -n);
      for (const time of [
        '00:00:00-12:00',
        '23:59:59-12:00',
        '23:59:59-23:59',
        '00:00:00+23:59',
        '00:00:00+14:00',
        '23:59:59+14:00',
        '00:00:00Z',
        '23:59:59Z',
        '23:30:00+01:00',
        '00:30:00+02:00',
      ])
        all.push({ number: `${all.length + 1}/2026`, sdi_status: 'rejected', sdi_error: '00404 - Fattura duplicata', last_sdi_update: `${day}T${time}` });
    }
    // What the mirror counts (store.ts REJECTED_DAY): an instant with Z or an offset, on the 1st to the 28th, written before the day.
    const counted = all.filter((i) => i.last_sdi_update.slice(0, 10) < cutoff && Number(i.last_sdi_update.slice(8, 10)) <= 28);
    const read = all.filter((i) => !counted.includes(i));
    expect(counted.length).toBeGreaterThan(50);
    for (const on of [today, '2026-11-18', '2026-11-23']) {
      const limit = rejectedCountedBefore(on);
      const old = all.filter((i) => i.last_sdi_update.slice(0, 10) < limit && Number(i.last_sdi_update.slice(8, 10)) <= 28);
      const rest = all.filter((i) => !old.includes(i));
      expect(overviewRow(company, { today: on, rejected: rest, rejectedOld: old.length, webhooksReady: false })).toEqual(
        overviewRow(company, { today: on, rejected: all, webhooksReady: false }),
      );
      const alfa = { id: 'acc_a', name: 'Alfa' };
      expect(rejectedLines([{ company: alfa, rejected: rest, old: old.length }], on).map(String)).toEqual(
        rejectedLines([{ company: alfa, rejected: all }], on).map(String),
      );
    }
    expect(read.length + counted.length).toBe(all.length);
    // A company whose rejections were not read has none counted either.
    expect(rejectedLines([{ company: { id: 'acc_a', name: 'Alfa' }, old: 3 }], today)).toEqual([]);
  });

  it('at most five recent rejections explained a company, the most urgent first; the rest counted, with the older ones apart', () => {
    const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T12:00:00+01:00`;
    const many = [10, 19, 12, 18, 14, 16, 11, 17].map((d, i) => ({
      number: `${i + 1}/2026`,
      sdi_status: 'rejected',
      sdi_error: '00404 - Fattura duplicata',
      last_sdi_update: day(d),
    }));
    const lines = rejectedLines([{ company: { id: 'acc_a', name: 'Alfa' }, rejected: [...many, rejected[3]!] }], '2026-11-20').map(String);
    const explained = lines.filter((l) => l.includes('was rejected by the SDI')).map((l) => /invoice (\S+)/.exec(l)![1]);
    // Open windows (rejected on the 16th or later: by the 21st or later) nearest first, then the most recently closed.
    expect(explained).toEqual(['6/2026', '8/2026', '4/2026', '2/2026', '5/2026']);
    expect(lines.at(-2)).toBe(
      '3 more recent rejected invoices of Alfa (acc_a) are not explained here (at most 5 a company, the most urgent first); `fisco --account acc_a invoice list --sdi-status rejected` lists them',
    );
    expect(lines.at(-1)).toMatch(/^1 rejected invoice of Alfa \(acc_a\) is not explained here: its window .* closed more than 30 days ago/);
  });
});

describe('portfolio selection', () => {
  it('reads the flags and refuses conflicts', () => {
    expect(selectionOf({})).toBeUndefined();
    expect(selectionOf({ account: 'a' })).toBeUndefined();
    expect(selectionOf({ allAccounts: true })).toEqual({ kind: 'all' });
    expect(selectionOf({ accounts: ' a, b,a ' })).toEqual({ kind: 'ids', ids: ['a', 'b'], flag: '--accounts' });
    expect(() => selectionOf({ allAccounts: true, account: 'a' })).toThrow(/--all-accounts and --account conflict/);
    expect(() => selectionOf({ accounts: ',' })).toThrow(/--accounts: give a comma list/);
    expect(portfolioSelectionOf({ account: 'a' }, { id: 'a', flag: '--account' })).toEqual({ kind: 'ids', ids: ['a'], flag: '--account' });
    expect(portfolioSelectionOf({}, { id: ' a ', flag: 'FISCO_ACCOUNT' })).toEqual({ kind: 'ids', ids: ['a'], flag: 'FISCO_ACCOUNT' });
    expect(portfolioSelectionOf({ allAccounts: true }, { id: 'a', flag: 'FISCO_ACCOUNT' })).toEqual({ kind: 'all' });
    expect(portfolioSelectionOf({})).toEqual({ kind: 'all' });
  });

  it('picks companies in the order given and names the unknown ones with the known ones', () => {
    const all = [
      { id: 'a', name: 'A', vat_number: '1', fiscal_code: '1', status: 'active' },
      { id: 'b', name: 'B', vat_number: '2', fiscal_code: '2', status: 'active' },
    ];
    expect(pickCompanies(all, { kind: 'ids', ids: ['b', 'a'], flag: '--accounts' }).map((c) => c.id)).toEqual(['b', 'a']);
    expect(() => pickCompanies(all, { kind: 'ids', ids: ['z'], flag: '--accounts' })).toThrow(
      '--accounts: z is not a company this token manages; it manages: a (A), b (B)',
    );
  });
});

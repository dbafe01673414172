import { describe, it, expect } from 'vitest';
import {
  assertInvoiceLine,
  assertPaidNotOverTotal,
  computeTotals,
  invoiceWarnings,
  validateDueDates,
  type DueDate,
  type InvoiceLine,
  type WarningInput,
} from '../../../src/invoice/rules.js';
import { ValidationErrors } from '../../../src/domain/validation-error.js';
import { refusal } from './refusal.js';

const line = (quantita: string, prezzo: string, iva: string, extra: Partial<InvoiceLine> = {}): InvoiceLine => ({
  nome: 'Consulenza',
  quantita,
  prezzo,
  iva,
  ...extra,
});

describe('computeTotals', () => {
  it('gets the 10.25 × 22% cent right', () => {
    const t = computeTotals([line('1', '10.25', '22')]);
    expect(t.perRate).toEqual([{ rate: '22', natura: null, taxable: '10.25', discount: '0.00', vat: '2.26' }]);
    expect([t.taxable, t.vat, t.total, t.discount, t.exemptTotal]).toEqual(['10.25', '2.26', '12.51', '0.00', '0.00']);
  });

  it('rounds each line amount half-up to the cent', () => {
    // 1.5 × 10.25 = 15.375 → 15.38; 0.333 × 10.00 = 3.33
    const t = computeTotals([line('1.5', '10.25', '10'), line('0.333', '10', '10')]);
    expect(t.lines.map((l) => l.imponibile)).toEqual(['15.38', '3.33']);
    // per rate: 18.71 × 10% = 1.871 → 1.87
    expect(t.perRate).toEqual([{ rate: '10', natura: null, taxable: '18.71', discount: '0.00', vat: '1.87' }]);
    expect(t.total).toBe('20.58');
  });

  it('computes VAT on the rate total, not line by line', () => {
    // line by line: 2.255 → 2.26 twice = 4.52; on the total: 20.50 × 22% = 4.51
    const t = computeTotals([line('1', '10.25', '22'), line('1', '10.25', '22', { nome: 'Trasferta' })]);
    expect(t.vat).toBe('4.51');
    expect(t.total).toBe('25.01');
  });

  it('returns the lines normalised', () => {
    const t = computeTotals([line('2.50', '7.5', '22.00', { nome: '  Ore  ', descrizione: 'novembre' })]);
    expect(t.lines).toEqual([{ nome: 'Ore', quantita: '2.5', prezzo: '7.50', iva: '22', natura: null, descrizione: 'novembre', imponibile: '18.75' }]);
  });

  const mixed = [
    line('2', '100', '22'), // 200.00
    line('1', '50.00', '10', { nome: 'Libri' }), // 50.00
    line('3', '10.25', '22', { nome: 'Trasferta' }), // 30.75
    line('1', '100', '0', { nome: 'Formazione', natura: 'n4' }), // 100.00
  ];

  it('groups a mixed-rate invoice by rate, in order of first appearance', () => {
    const t = computeTotals(mixed);
    expect(t.perRate).toEqual([
      { rate: '22', natura: null, taxable: '230.75', discount: '0.00', vat: '50.77' }, // 50.765
      { rate: '10', natura: null, taxable: '50.00', discount: '0.00', vat: '5.00' },
      { rate: '0', natura: 'N4', taxable: '100.00', discount: '0.00', vat: '0.00' },
    ]);
    expect([t.taxable, t.vat, t.total, t.exemptTotal]).toEqual(['380.75', '55.77', '436.52', '100.00']);
  });

  it('spreads a discount across the rates in proportion, the largest taking the remainder', () => {
    // 10.00 over 380.75: 10% group 10 × 50 / 380.75 = 1.3132 → 1.31; 0% group 10 × 100 / 380.75 = 2.6264 → 2.63;
    // 22% group (largest) takes 10.00 − 1.31 − 2.63 = 6.06.
    // VAT: 224.69 × 22% = 49.4318 → 49.43; 48.69 × 10% = 4.869 → 4.87.
    const t = computeTotals(mixed, '10');
    expect(t.perRate).toEqual([
      { rate: '22', natura: null, taxable: '224.69', discount: '6.06', vat: '49.43' },
      { rate: '10', natura: null, taxable: '48.69', discount: '1.31', vat: '4.87' },
      { rate: '0', natura: 'N4', taxable: '97.37', discount: '2.63', vat: '0.00' },
    ]);
    expect([t.discount, t.taxable, t.vat, t.total, t.exemptTotal]).toEqual(['10.00', '370.75', '54.30', '425.05', '97.37']);
  });

  it('makes discount shares add up exactly when every share rounds down', () => {
    // three equal groups: 3.333… → 3.33 each, the first of the largest takes 10.00 − 6.66 = 3.34
    const t = computeTotals([line('1', '100', '22'), line('1', '100', '10'), line('1', '100', '0', { natura: 'N2.2' })], '10.00');
    expect(t.perRate.map((g) => g.discount)).toEqual(['3.34', '3.33', '3.33']);
    expect(t.perRate.map((g) => g.taxable)).toEqual(['96.66', '96.67', '96.67']);
    expect(t.taxable).toBe('290.00');
    // 96.66 × 22% = 21.2652 → 21.27; 96.67 × 10% = 9.667 → 9.67
    expect(t.vat).toBe('30.94');
  });

  it('accepts a discount equal to the taxable total', () => {
    const t = computeTotals(mixed, '380.75');
    expect(t.perRate.map((g) => [g.discount, g.taxable, g.vat])).toEqual([
      ['230.75', '0.00', '0.00'],
      ['50.00', '0.00', '0.00'],
      ['100.00', '0.00', '0.00'],
    ]);
    expect(t.total).toBe('0.00');
  });

  it('treats a zero, null or absent discount alike', () => {
    const none = computeTotals(mixed);
    expect(computeTotals(mixed, '0')).toEqual(none);
    expect(computeTotals(mixed, null)).toEqual(none);
  });

  it('refuses a discount over the taxable total, or malformed', () => {
    expect(refusal(() => computeTotals(mixed, '380.76')).message).toBe('sconto: must not exceed the taxable total of 380.75');
    expect(refusal(() => computeTotals(mixed, '10,00')).field).toBe('sconto');
    expect(refusal(() => computeTotals(mixed, '-5')).message).toBe('sconto: must not be negative');
  });

  it('keeps 0% lines with different nature codes apart', () => {
    const t = computeTotals([
      line('1', '50', '0', { natura: 'N2.2' }),
      line('1', '40', '0', { natura: 'N4' }),
      line('1', '30', '0'),
      line('1', '20', '0.00', { natura: 'N2.2' }),
    ]);
    expect(t.perRate.map((g) => [g.natura, g.taxable])).toEqual([
      ['N2.2', '70.00'],
      ['N4', '40.00'],
      [null, '30.00'],
    ]);
    expect(t.exemptTotal).toBe('140.00');
    expect(t.total).toBe('140.00');
  });

  it('refuses an invoice without lines', () => {
    expect(refusal(() => computeTotals([])).message).toBe('articoli: must have at least one line');
  });

  it('names the failing line and field', () => {
    expect(refusal(() => computeTotals([line('1', '10', '22'), line('1', '1.234,56', '22')])).message).toBe(
      'articoli[1].prezzo: must be a unit price like 150.00 or 0.125 (dot for decimals, at most 8 decimals, no thousands separator)',
    );
    expect(refusal(() => computeTotals([line('0', '10', '22')])).field).toBe('articoli[0].quantita');
    expect(refusal(() => computeTotals([line('1', '10', '101')])).field).toBe('articoli[0].iva');
  });

  it('reports every broken rule of every line at once, each with its path', () => {
    const error = refusal(() => computeTotals([line('0', '10', '22'), line('1', '1,5', '101', { nome: ' ' })], '-1'));
    expect(error).toBeInstanceOf(ValidationErrors);
    expect((error as ValidationErrors).problems.map((p) => p.field)).toEqual([
      'articoli[0].quantita',
      'articoli[1].nome',
      'articoli[1].prezzo',
      'articoli[1].iva',
      'sconto',
    ]);
  });

  it('computes exactly from 8-decimal prices and quantities, half-up to the cent', () => {
    // 1200 kWh at 0.125 €/kWh; 0.33333333 × 3 = 0.99999999 → 1.00; 2.5 × 0.00500000 = 0.0125 → 0.01
    const t = computeTotals([line('1200', '0.125', '22'), line('3', '0.33333333', '22'), line('2.5', '0.005', '10')]);
    expect(t.lines.map((l) => l.imponibile)).toEqual(['150.00', '1.00', '0.01']);
    expect(t.lines.map((l) => l.prezzo)).toEqual(['0.125', '0.33333333', '0.005']);
    expect(t.perRate.map((g) => [g.rate, g.taxable, g.vat])).toEqual([
      ['22', '151.00', '33.22'],
      ['10', '0.01', '0.00'],
    ]);
    expect(t.total).toBe('184.23');
  });

  it('keeps every digit of large amounts (no float) and refuses what the e-invoice format cannot carry', () => {
    const big = computeTotals([line('1', '12345678901.23', '0', { natura: 'N4' })]);
    expect(big.total).toBe('12345678901.23');
    expect(refusal(() => computeTotals([line('1', '123456789012.00', '22')])).message).toBe(
      'articoli[0].prezzo: has more than 11 digits before the decimal point: the e-invoice format allows at most 11',
    );
    expect(refusal(() => computeTotals([line('1', '0.123456789', '22')])).field).toBe('articoli[0].prezzo');
    expect(refusal(() => computeTotals([line('1000000000000', '1', '22')])).message).toMatch(/^articoli\[0\]\.quantita: has more than 12 digits/);
    expect(refusal(() => computeTotals([line('10', '99999999999.00', '22')])).message).toMatch(/largest amount an e-invoice can carry/);
    expect(refusal(() => computeTotals([line('1', '90000000000.00', '22')])).message).toBe(
      'articoli: the invoice total 109800000000.00 is over 99999999999.99, the largest amount an e-invoice can carry',
    );
  });
});

describe('assertInvoiceLine', () => {
  it('refuses an empty name', () => {
    expect(refusal(() => assertInvoiceLine(line('1', '10', '22', { nome: '  ' }), 'articoli[3]')).message).toBe('articoli[3].nome: must not be empty');
  });

  it('allows a free item but not a negative price', () => {
    expect(assertInvoiceLine(line('1', '0', '22'), 'articoli[0]').imponibile).toBe('0.00');
    expect(refusal(() => assertInvoiceLine(line('1', '-10', '22'), 'articoli[0]')).message).toBe('articoli[0].prezzo: must not be negative');
  });

  it('refuses a nature code on a non-zero rate, and an unknown code', () => {
    expect(refusal(() => assertInvoiceLine(line('1', '10', '22', { natura: 'N4' }), 'articoli[2]')).message).toBe(
      'articoli[2].natura: must be empty on a 22% line: nature codes are only for 0% VAT lines',
    );
    expect(refusal(() => assertInvoiceLine(line('1', '10', '0', { natura: 'N2' }), 'articoli[2]')).field).toBe('articoli[2].natura');
  });

  it('treats an empty nature code as none', () => {
    expect(assertInvoiceLine(line('1', '10', '22', { natura: '' }), 'articoli[0]').natura).toBeNull();
  });
});

describe('validateDueDates', () => {
  const issue = '2026-11-20';
  const total = '425.05';
  const due = (date: string, value: string, type?: DueDate['type']): DueDate => (type ? { date, value, type } : { date, value });
  const refused = (...scadenze: DueDate[]): string => refusal(() => validateDueDates(scadenze, total, issue)).message;

  it('accepts percentages adding up to exactly 100', () => {
    const out = validateDueDates(
      [due('2026-12-20', '33.33', 'percent'), due('2027-01-20', '33.33', 'percent'), due('2027-02-20', '33.34', 'percent')],
      total,
      issue,
    );
    expect(out.map((s) => s.value)).toEqual(['33.33', '33.33', '33.34']);
  });

  it('accepts amounts (the default type) adding up to exactly the total, normalised', () => {
    expect(validateDueDates([due('2026-11-20', '200'), due('2026-12-20', '225.05', 'amount')], total, issue)).toEqual([
      { date: '2026-11-20', value: '200.00' },
      { date: '2026-12-20', value: '225.05', type: 'amount' },
    ]);
  });

  it('refuses percentages not adding up to 100', () => {
    expect(refused(due('2026-12-20', '50', 'percent'), due('2027-01-20', '40', 'percent'))).toBe(
      'scadenze: percentages add up to 90.00; they must add up to exactly 100',
    );
  });

  it('refuses amounts not adding up to the total, by a cent', () => {
    expect(refused(due('2026-12-20', '200'), due('2027-01-20', '225.04'))).toBe(
      'scadenze: amounts add up to 425.04; they must add up to the invoice total 425.05',
    );
  });

  it('refuses mixing percentages and amounts', () => {
    expect(refused(due('2026-12-20', '200'), due('2027-01-20', '50', 'percent'))).toBe(
      'scadenze[1].type: mixes percent and amount: use one type for all due dates',
    );
  });

  it('refuses an unknown type', () => {
    expect(refused(due('2026-12-20', '100', 'fixed' as DueDate['type']))).toBe('scadenze[0].type: must be percent or amount');
  });

  it('refuses bad and early dates', () => {
    expect(refused(due('2026-02-30', '425.05'))).toBe('scadenze[0].date: 2026-02-30 is not a calendar date (write YYYY-MM-DD)');
    expect(refused(due('2026-12-20', '400'), due('2026-11-19', '25.05'))).toBe('scadenze[1].date: must not be before the issue date 2026-11-20');
  });

  it('refuses bad values', () => {
    expect(refused(due('2026-12-20', '425,05'))).toBe('scadenze[0].value: must be a decimal amount like 1234.50 (dot for decimals, no thousands separator)');
    for (const value of ['0', '100.01', '50%', '33.333', '-10']) {
      expect(refused(due('2026-12-20', value, 'percent'))).toBe('scadenze[0].value: must be a percentage above 0 and up to 100, like 50 or 33.33');
    }
  });

  it('refuses an empty list', () => {
    expect(refused()).toBe('scadenze: give at least one due date, or leave it out for the default of 30 days');
  });
});

describe('assertPaidNotOverTotal', () => {
  it('accepts up to the total', () => {
    expect(assertPaidNotOverTotal('425.05', '425.05')).toBe('425.05');
    expect(assertPaidNotOverTotal('100', '425.05')).toBe('100.00');
    expect(assertPaidNotOverTotal('0', '425.05')).toBe('0.00');
  });

  it('refuses more than the total, negatives and bad forms', () => {
    expect(refusal(() => assertPaidNotOverTotal('425.06', '425.05')).message).toBe('paid: must not exceed the invoice total of 425.05');
    expect(refusal(() => assertPaidNotOverTotal('-1', '425.05')).message).toBe('paid: must not be negative');
    expect(refusal(() => assertPaidNotOverTotal('1.000,00', '425.05')).field).toBe('paid');
  });
});

/** The warnings as English text. */
const warningsOf = (input: Parameters<typeof invoiceWarnings>[0]) => invoiceWarnings(input).map(String);

describe('invoiceWarnings', () => {
  const clean = (over: Partial<WarningInput> = {}): WarningInput => ({
    totals: computeTotals([line('1', '100', '22')]),
    issueDate: '2026-11-20',
    today: '2026-11-20',
    client: { sdi: 'M5UXCR1', pec: null, country: 'IT' },
    ...over,
  });

  it('says nothing about a clean invoice', () => {
    expect(warningsOf(clean())).toEqual([]);
  });

  it('flags a 0% line without a nature code, unless the invoice has one', () => {
    const totals = computeTotals([line('1', '50', '22'), line('1', '50', '0', { nome: 'Bollo virtuale' })]);
    expect(warningsOf(clean({ totals }))).toEqual([
      'articoli[1] "Bollo virtuale" has 0% VAT but no nature code (natura): the service chooses one from the ' +
        'client and tax regime; give --natura to choose it yourself (the SDI rejects a 0% line without one)',
    ]);
    expect(warningsOf(clean({ totals, byVat: true }))[0]).toMatch(/the by-VAT variant \(--piva\) carries no nature code, so the service chooses one/);
    expect(warningsOf(clean({ totals, natura: 'N1' }))).toEqual([]);
    const withNature = computeTotals([line('1', '50', '0', { natura: 'N1' })]);
    expect(warningsOf(clean({ totals: withNature }))).toEqual([]);
  });

  it('warns about a VAT rate outside the ordinary ones, without refusing it', () => {
    const totals = computeTotals([line('1', '100', '6.4', { nome: 'Latte' })]);
    expect(totals.perRate[0]).toMatchObject({ rate: '6.4', vat: '6.40' });
    expect(warningsOf(clean({ totals }))).toEqual([
      'articoli[0] "Latte" has VAT 6.4%, not one of the ordinary rates 22, 10, 5, 4, 0: right for a special regime, otherwise a typo',
    ]);
  });

  it('flags stamp duty over 77.47 EUR of exempt amounts, not at 77.47', () => {
    const at = computeTotals([line('1', '77.47', '0', { natura: 'N4' })]);
    expect(warningsOf(clean({ totals: at }))).toEqual([]);
    const over = computeTotals([line('1', '77.48', '0', { natura: 'N4' }), line('1', '1000', '22')]);
    expect(warningsOf(clean({ totals: over }))).toEqual([
      'VAT-exempt amounts total 77.48 EUR, over 77.47 EUR: a 2.00 EUR stamp duty (imposta di bollo) is due, ' +
        'unless these operations are exempt from it (e.g. exports, intra-EU supplies, reverse charge)',
    ]);
  });

  it('flags an issue date in the future', () => {
    expect(warningsOf(clean({ issueDate: '2026-11-21' }))).toEqual(['issue date 2026-11-21 is in the future (today is 2026-11-20)']);
  });

  it('flags an issue date more than 12 days ago, not 12', () => {
    expect(warningsOf(clean({ issueDate: '2026-11-08' }))).toEqual([]);
    expect(warningsOf(clean({ issueDate: '2026-11-07' }))).toEqual([
      'issue date 2026-11-07 is 13 days ago: an invoice must reach the SDI within 12 days (by 2026-11-19); ' + 'late transmission can be fined',
    ]);
  });

  it('gives deferred invoices until the 15th of the next month', () => {
    expect(warningsOf(clean({ tipoDocumento: 'TD24', issueDate: '2026-10-31', today: '2026-11-15' }))).toEqual([]);
    expect(warningsOf(clean({ tipoDocumento: 'TD24', issueDate: '2026-10-31', today: '2026-11-16' }))).toEqual([
      'deferred invoice dated 2026-10-31 should have reached the SDI by 2026-11-15: late transmission can be fined',
    ]);
    expect(warningsOf(clean({ tipoDocumento: 'TD25', issueDate: '2026-12-31', today: '2027-01-10' }))).toEqual([]);
  });

  it('flags an SDI code and a PEC given together', () => {
    expect(warningsOf(clean({ client: { sdi: 'M5UXCR1', pec: 'a@pec.it' } }))).toEqual([
      'client has both SDI code M5UXCR1 and PEC a@pec.it: the SDI delivers to the code and ignores the PEC',
    ]);
    expect(warningsOf(clean({ client: { sdi: '0000000', pec: 'a@pec.it' } }))).toEqual([]);
  });

  it('flags 0000000 without a PEC for an Italian client only', () => {
    expect(warningsOf(clean({ client: { sdi: '0000000' } }))).toEqual([
      "SDI code 0000000 means delivery by PEC, but the client has no PEC: the invoice will only reach the client's " + 'tax drawer (cassetto fiscale)',
    ]);
    expect(warningsOf(clean({ client: { sdi: '0000000', pec: '  ', country: 'it' } }))).toHaveLength(1);
    expect(warningsOf(clean({ client: { sdi: '0000000', country: 'FR' } }))).toEqual([
      'foreign client with SDI code 0000000: foreign clients normally use XXXXXXX',
    ]);
  });

  it('flags XXXXXXX for an Italian client', () => {
    expect(warningsOf(clean({ client: { sdi: 'xxxxxxx' } }))).toEqual(['SDI code XXXXXXX is for foreign clients, but this client is Italian']);
    expect(warningsOf(clean({ client: { sdi: 'XXXXXXX', country: 'DE' } }))).toEqual([]);
  });

  it('flags a foreign client with an Italian-style code', () => {
    expect(warningsOf(clean({ client: { sdi: 'M5UXCR1', country: 'DE' } }))).toEqual([
      'foreign client with SDI code M5UXCR1: foreign clients normally use XXXXXXX',
    ]);
  });

  it('lists several problems at once', () => {
    const totals = computeTotals([line('1', '100', '0')]);
    expect(warningsOf({ totals, issueDate: '2026-12-01', today: '2026-11-20', client: { sdi: 'XXXXXXX' } })).toHaveLength(4);
  });
});

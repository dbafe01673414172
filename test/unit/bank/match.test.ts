import { describe, expect, it } from 'vitest';
import { CLIENT_SCAN, CONFIDENCE, createMatcher, matchMovements, SUBSET_LIMITS } from '../../../src/bank/matcher.js';
import type { Movement, OpenInvoice, Proposal } from '../../../src/bank/types.js';
import { english } from '../../shared/english.js';

let seq = 0;
function credit(amount: string, remittance = '', payer?: string, extra: Partial<Movement> = {}): Movement {
  seq++;
  return {
    key: `ref:T${seq}`,
    source: { file: 'test.xml', format: 'camt.053', location: `Ntry[${seq}]` },
    bookingDate: '2026-11-20',
    amount,
    currency: 'EUR',
    direction: 'credit',
    reversal: false,
    ...(payer ? { payer: { name: payer } } : {}),
    remittance,
    references: { bank: `T${seq}` },
    ...extra,
  };
}

function invoice(id: string, number: string, amountDue: string, counterpartName: string, extra: Partial<OpenInvoice> = {}): OpenInvoice {
  return { id, uuid: `uuid-${id}`, number, issueDate: '2026-10-01', counterpartName, totalAmount: amountDue, amountDue, ...extra };
}

const ALFA = 'Alfa Logistica S.r.l.';
const BETA = 'Beta Software S.p.A.';
const GAMMA = 'Gamma Ristorazione S.n.c.';

function book(): OpenInvoice[] {
  return [
    invoice('1', '12/2026', '1220.00', ALFA, { counterpartVat: 'IT01234560157', issueDate: '2026-09-01' }),
    invoice('2', '13/2026', '305.00', ALFA, { counterpartVat: 'IT01234560157', issueDate: '2026-09-10' }),
    invoice('3', '14/2026', '99.90', ALFA, { counterpartVat: 'IT01234560157', issueDate: '2026-09-20' }),
    invoice('4', '15/2026', '488.00', BETA, { counterpartVat: '02345670588' }),
    invoice('5', '16/2026', '732.00', GAMMA),
    invoice('6', '17/2026', '2440.00', GAMMA, { issueDate: '2026-10-15' }),
  ];
}

const match = (movements: Movement[], invoices = book(), feeTolerance = '0.00', registered?: Map<string, string>) =>
  english(matchMovements(movements, invoices, { feeTolerance, registered }));
const alloc = (p: Proposal) => p.allocations.map((a) => `${a.number}=${a.amount}`);

describe('skips', () => {
  it('skips debits, reversals, other currencies and zero amounts, saying why, and marks registered credits', () => {
    const movements = [
      credit('100.00', 'FT 12/2026', ALFA, { direction: 'debit' }),
      credit('1220.00', 'FT 12/2026', ALFA, { reversal: true }),
      credit('1220.00', 'FT 12/2026', ALFA, { currency: 'USD' }),
      credit('0.00', 'FT 12/2026', ALFA),
      credit('1220.00', 'FT 12/2026', ALFA),
    ];
    const registered = new Map([[movements[4].key, 'registered on 12/2026 on 2026-11-20']]);
    const out = match(movements, book(), '0.00', registered);
    expect(out.map((p) => p.status)).toEqual(['skipped', 'skipped', 'skipped', 'skipped', 'already-registered']);
    expect(out.map((p) => p.skipReason)).toEqual([
      'a debit: money going out is not matched',
      'a reversal: never matched',
      'foreign currency: USD, while the invoices are in EUR: never matched',
      'a credit of 0.00: nothing to register',
      'already registered: registered on 12/2026 on 2026-11-20',
    ]);
    for (const p of out) {
      expect(p.allocations).toEqual([]);
      expect(p.reasons).toEqual([p.skipReason]);
      expect(p.confidence).toBe(0);
    }
  });
  it('returns one proposal per movement in input order, each with its movement', () => {
    const movements = [credit('488.00', 'FT 15/2026'), credit('1.00', 'x', undefined, { direction: 'debit' }), credit('5.55', 'nothing')];
    const out = match(movements);
    expect(out.map((p) => p.movement)).toEqual(movements);
  });
  it('refuses a fee tolerance that is not an amount', () => {
    expect(() => match([], book(), '1,50')).toThrow(/feeTolerance/);
  });
});

describe('by invoice number', () => {
  it.each([['Saldo fatt. n. 12/2026'], ['FT 12/2026'], ['fattura 12 del 01/09/2026'], ['rif. 2026/12']])('%j with the exact residue: 0.99', (text) => {
    const [p] = match([credit('1220.00', text, ALFA)]);
    expect(p.status).toBe('proposed');
    expect(p.confidence).toBe(CONFIDENCE.numberExact);
    expect(alloc(p)).toEqual(['12/2026=1220.00']);
    expect(p.allocations[0]).toMatchObject({ invoiceId: '1', uuid: 'uuid-1', amountDueSeen: '1220.00' });
    expect(p.reasons[0]).toBe('number 12/2026 in the remittance text');
    expect(p.reasons).toContain('the amount 1220.00 equals the residue');
    expect(p.fee).toBeUndefined();
    expect(p.excess).toBeUndefined();
  });

  it('matches the service numbers however they are written (FPR 12/2026, 2026/00012, a bare 12)', () => {
    const invoices = [
      invoice('a', 'FPR 12/2026', '100.00', ALFA),
      invoice('b', '2026/00013', '200.00', BETA),
      invoice('c', '14', '300.00', GAMMA, { issueDate: '2026-03-01' }),
    ];
    const out = match([credit('100.00', 'FT 12/2026'), credit('200.00', 'fattura 13/2026'), credit('300.00', 'fatt. 14/2026')], invoices);
    expect(out.map(alloc)).toEqual([['FPR 12/2026=100.00'], ['2026/00013=200.00'], ['14=300.00']]);
    expect(out.every((p) => p.confidence === CONFIDENCE.numberExact)).toBe(true);
  });

  it('reads a residue and a plain N/YYYY number however the service writes them (one decimal, zeros before or past the cent, a zero-padded sequence)', () => {
    const invoices = [
      invoice('a', '0012/2026', '1220.5', ALFA),
      invoice('b', '13/2026', '0305.00', BETA),
      invoice('c', '00014/2026', '99.900', GAMMA),
      invoice('d', '15/1989', '40.00', GAMMA, { issueDate: '2025-01-10' }),
    ];
    const out = match(
      [credit('1220.50', 'FT 12/2026'), credit('305.00', 'fattura 13/2026'), credit('99.90', 'fatt. 14/2026'), credit('40.00', 'fattura 15/1989')],
      invoices,
    );
    expect(out.map(alloc)).toEqual([['0012/2026=1220.50'], ['13/2026=305.00'], ['00014/2026=99.90'], ['15/1989=40.00']]);
    expect(out.map((p) => p.allocations[0]?.amountDueSeen)).toEqual(['1220.50', '305.00', '99.90', '40.00']);
    // 1989 is not read as a year (1990–2099 are): that number's year is implied, as for a bare 15.
    expect(out.map((p) => p.confidence)).toEqual([0.99, 0.99, 0.99, 0.94]);
  });

  it('a payer whose name the bank glued or cut is compared with the clients sharing the first four letters of a word', () => {
    const invoices = [invoice('a', '12/2026', '1220.00', ALFA), invoice('b', '13/2026', '488.00', BETA), invoice('c', '14/2026', '1220.00', GAMMA)];
    // No word in common with any client: ALFA is found by "alfa", the first four letters of the glued word.
    const [glued, cut] = match([credit('1220.00', 'bonifico', 'ALFALOGISTICA'), credit('488.00', 'bonifico', 'BETASOFT')], invoices);
    expect(alloc(glued)).toEqual(['12/2026=1220.00']);
    expect(glued.confidence).toBe(CONFIDENCE.nameExact);
    expect(glued.reasons[0]).toBe(
      'the payer "ALFALOGISTICA" is the counterpart Alfa Logistica S.r.l. (names compared without case, punctuation and legal form)',
    );
    expect(alloc(cut)).toEqual(['13/2026=488.00']);
  });

  it('a number without a year: the year is implied and the confidence a little lower', () => {
    const invoices = [...book(), invoice('old', '12/2025', '1220.00', ALFA, { issueDate: '2025-05-01' })];
    const [p] = match([credit('1220.00', 'pagamento n.12', ALFA)], invoices);
    expect(alloc(p)).toEqual(['12/2026=1220.00']);
    expect(p.confidence).toBe(0.94);
    expect(p.reasons.join(' | ')).toMatch(/year is implied/);
  });

  it('tells numberings apart by the issue date written beside the number', () => {
    const invoices = [
      invoice('s', '12/2026', '100.00', ALFA, { issueDate: '2026-02-01' }),
      invoice('p', 'PA-12/2026', '100.00', ALFA, { issueDate: '2026-03-05' }),
    ];
    const [p] = match([credit('100.00', 'fattura 12 del 05/03/2026')], invoices);
    expect(alloc(p)).toEqual(['PA-12/2026=100.00']);
  });

  it('tells numberings apart by prefix', () => {
    const invoices = [invoice('s', '5/2026', '100.00', ALFA), invoice('p', 'PA-5/2026', '100.00', 'Comune di Sesto')];
    const [p] = match([credit('100.00', 'FT PA-5/2026')], invoices);
    expect(alloc(p)).toEqual(['PA-5/2026=100.00']);
  });

  it('one credit for several numbered invoices: saldo fatt. 12, 13 e 14/2026', () => {
    const [p] = match([credit('1624.90', 'saldo fatt. 12, 13 e 14/2026', 'ALFA LOGISTICA SRL')]);
    expect(p.confidence).toBe(CONFIDENCE.numberExact);
    expect(alloc(p)).toEqual(['12/2026=1220.00', '13/2026=305.00', '14/2026=99.90']);
    expect(p.reasons).toContain('the amount 1624.90 equals the sum of their residues');
  });

  it('numbers naming more invoices than paid: the exact subset of them', () => {
    const [p] = match([credit('1319.90', 'fatture 12, 13 e 14/2026', ALFA)]);
    expect(alloc(p)).toEqual(['12/2026=1220.00', '14/2026=99.90']);
    expect(p.confidence).toBe(CONFIDENCE.numberSubset);
  });

  it('partial payment with a number: the credit is allocated, the rest stays due', () => {
    const [p] = match([credit('500.00', 'acconto fatt. 12/2026', ALFA)]);
    expect(p.status).toBe('proposed');
    expect(alloc(p)).toEqual(['12/2026=500.00']);
    expect(p.confidence).toBe(CONFIDENCE.numberPartial);
    expect(p.reasons.join(' | ')).toMatch(/partial payment: 500.00 of the 1220.00 still due/);
  });

  it('partial payment of several numbered invoices fills them in the order written', () => {
    const [p] = match([credit('1300.00', 'fatt 13/2026 e 12/2026', ALFA)]);
    expect(alloc(p)).toEqual(['13/2026=305.00', '12/2026=995.00']);
  });

  it('overpayment: registers the residue and reports the excess', () => {
    const [p] = match([credit('1250.00', 'FT 12/2026', ALFA)]);
    expect(alloc(p)).toEqual(['12/2026=1220.00']);
    expect(p.excess).toBe('30.00');
    expect(p.confidence).toBe(CONFIDENCE.numberOver);
  });

  it('a shortfall within the fee tolerance is a bank fee: the residue is registered', () => {
    const [p] = match([credit('1218.50', 'FT 12/2026', ALFA)], book(), '2.00');
    expect(alloc(p)).toEqual(['12/2026=1220.00']);
    expect(p.fee).toBe('1.50');
    expect(p.excess).toBeUndefined();
    expect(p.confidence).toBe(CONFIDENCE.numberFee);
    expect(p.reasons.join(' | ')).toMatch(/shortfall of 1.50, within the fee tolerance of 2.00, read as a bank fee/);
  });

  it('the same shortfall with the tolerance off is a partial payment', () => {
    const [p] = match([credit('1218.50', 'FT 12/2026', ALFA)]);
    expect(alloc(p)).toEqual(['12/2026=1218.50']);
    expect(p.fee).toBeUndefined();
  });

  it('charges the statement states are read as the fee even beyond the tolerance', () => {
    const [p] = match([credit('1215.00', 'FT 12/2026', ALFA, { charges: '5.00' })], book(), '1.00');
    expect(p.fee).toBe('5.00');
    expect(alloc(p)).toEqual(['12/2026=1220.00']);
  });

  it('a payer unlike the counterpart lowers the confidence and says so', () => {
    const [p] = match([credit('1220.00', 'FT 12/2026', 'Omega Costruzioni Srl')]);
    expect(p.confidence).toBe(0.89);
    expect(p.reasons.join(' | ')).toMatch(/does not resemble the counterpart/);
  });

  it('a yearless number whose amount does not fit needs the payer to agree', () => {
    const [trusted] = match([credit('500.00', 'n.12', ALFA)]);
    expect(alloc(trusted)).toEqual(['12/2026=500.00']);
    const [untrusted] = match([credit('500.00', 'n.12', 'Omega Costruzioni')]);
    expect(untrusted.status).toBe('unmatched');
    expect(untrusted.nearMisses?.[0]).toMatchObject({ number: '12/2026' });
  });

  it('a number that is no open invoice is said, and the credit goes on by client and amount', () => {
    const [p] = match([credit('488.00', 'FT 99/2026', BETA)]);
    expect(alloc(p)).toEqual(['15/2026=488.00']);
    expect(p.reasons.join(' | ')).toMatch(/number 99\/2026 in the remittance text: no open invoice has it/);
  });
});

describe('by client and amount', () => {
  it('payer name spelled differently, no number: amount + name, 0.9', () => {
    const [p] = match([credit('488.00', 'BONIFICO SEPA', 'BETA SOFTWARE SPA')]);
    expect(alloc(p)).toEqual(['15/2026=488.00']);
    expect(p.confidence).toBe(CONFIDENCE.nameExact);
    expect(p.reasons[0]).toMatch(/the payer "BETA SOFTWARE SPA" is the counterpart Beta Software S.p.A./);
  });

  it('a VAT number in the text (with or without IT) identifies the client: 0.95', () => {
    const [a, b] = match([credit('488.00', 'PAGAMENTO P.IVA 02345670588'), credit('732.00', 'x')], book());
    expect(alloc(a)).toEqual(['15/2026=488.00']);
    expect(a.confidence).toBe(CONFIDENCE.vatExact);
    expect(b.confidence).toBe(CONFIDENCE.amountOnly);
    const [c] = match([credit('305.00', 'cliente IT01234560157')]);
    expect(alloc(c)).toEqual(['13/2026=305.00']);
  });

  it('one credit paying several invoices of the same client: an exact-cent subset', () => {
    const [p] = match([credit('1319.90', 'bonifico cumulativo', 'Alfa Logistica')]);
    expect(alloc(p)).toEqual(['12/2026=1220.00', '14/2026=99.90']);
    expect(p.confidence).toBe(CONFIDENCE.clientSubset);
  });

  it('the subset search is bounded: 200 invoices of one client stay fast and never explode', () => {
    const many = Array.from({ length: 200 }, (_, k) =>
      invoice(`m${k}`, `${k + 1}/2026`, `${100 + k}.${String((k * 7) % 100).padStart(2, '0')}`, ALFA, {
        issueDate: `2026-01-${String((k % 28) + 1).padStart(2, '0')}`,
      }),
    );
    // No subset can reach this (sum of all residues is smaller): worst case for a naive search.
    const out = match([credit('999999.99', 'x', ALFA), credit('1.01', 'x', ALFA), credit('12345.67', 'x', ALFA)], many);
    expect(out.map((p) => p.status)).toEqual(['unmatched', 'unmatched', 'unmatched']);
    // A reachable subset of the oldest invoices is found.
    const oldest = [...many].sort((a, b) => a.issueDate.localeCompare(b.issueDate) || Number(a.id.slice(1)) - Number(b.id.slice(1)));
    const target =
      (Number(oldest[0].amountDue.replace('.', '')) + Number(oldest[3].amountDue.replace('.', '')) + Number(oldest[5].amountDue.replace('.', ''))) / 1;
    const amount = `${Math.trunc(target / 100)}.${String(target % 100).padStart(2, '0')}`;
    const [p] = match([credit(amount, 'x', ALFA)], many);
    expect(p.status).toBe('proposed');
    expect(p.allocations.reduce((s, a) => s + Number(a.amount.replace('.', '')), 0)).toBe(target);
  });

  it('the subset search stops at its step budget (SUBSET_LIMITS.steps), whatever the invoices', () => {
    // 17 invoices of 0.02 (the oldest), then 1,000.00, 1,000.00 and 1,000.01: 3,000.01 is paid only by
    // the last three, and by no pair. Depth first (the oldest taken first), no even sum of the small
    // ones rules itself out, so the search goes through every subset of them, 2^18 − 1 > 200,000
    // steps, before it comes to the subset without any: found without a budget, not within one.
    const dated = (k: number) => ({ issueDate: `2026-02-${String(k + 1).padStart(2, '0')}` });
    const small = Array.from({ length: 17 }, (_, k) => invoice(`s${k}`, `${k + 1}/2026`, '0.02', ALFA, dated(k)));
    const large = ['1000.00', '1000.00', '1000.01'].map((amount, k) => invoice(`l${k}`, `${k + 18}/2026`, amount, ALFA, dated(k + 17)));
    expect(2 ** (small.length + 1) - 1).toBeGreaterThan(SUBSET_LIMITS.steps);
    expect(small.length + large.length).toBe(SUBSET_LIMITS.candidates);
    const [beyond] = match([credit('3000.01', 'bonifico', ALFA)], [...small, ...large]);
    expect(beyond.status).toBe('unmatched');
    // Without the small ones in the way, the same three are found at once.
    const [within] = match([credit('3000.01', 'bonifico', ALFA)], large);
    expect(alloc(within)).toEqual(['18/2026=1000.00', '19/2026=1000.00', '20/2026=1000.01']);
    expect(within.confidence).toBe(CONFIDENCE.clientSubset);
  });

  it("two invoices paid at once are found among all the client's invoices, not only the 20 oldest", () => {
    const cents = (k: number) => 100_000 + k * k * 101 + k * 7;
    const eur = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    const many = Array.from({ length: 60 }, (_, k) =>
      invoice(`p${k}`, `${k + 1}/2026`, eur(cents(k)), ALFA, { issueDate: `2026-0${1 + Math.floor(k / 10)}-${String(10 + (k % 10)).padStart(2, '0')}` }),
    );
    // Invoices 46/2026 and 53/2026 (far from the 20 oldest), and no other pair adds up the same.
    const target = cents(45) + cents(52);
    let pairs = 0;
    for (let i = 0; i < 60; i++) for (let j = i + 1; j < 60; j++) if (cents(i) + cents(j) === target) pairs++;
    expect(pairs).toBe(1);
    const [p] = match([credit(eur(target), 'bonifico', ALFA)], many);
    expect(alloc(p)).toEqual([`46/2026=${eur(cents(45))}`, `53/2026=${eur(cents(52))}`]);
    expect(p.confidence).toBe(CONFIDENCE.clientSubset);
  });

  it(`a client's invoices are looked at up to its ${CLIENT_SCAN} oldest open ones for each credit, never all of them`, () => {
    const cents = (k: number) => 100_000 + k * k * 101 + k * 7;
    const eur = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    const count = CLIENT_SCAN + 100;
    const many = Array.from({ length: count }, (_, k) => invoice(`c${k}`, `${k + 1}/2026`, eur(cents(k)), ALFA, { issueDate: '2026-03-01' }));
    /** Whether invoices i and j are the only ones that pay their sum (no other pair, no single invoice). */
    const onlyPair = (i: number, j: number) => {
      let pairs = 0;
      for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) if (cents(a) + cents(b) === cents(i) + cents(j)) pairs++;
      return pairs === 1 && many.every((_, k) => cents(k) !== cents(i) + cents(j));
    };
    // A pair among the oldest is found; the same kind of pair past the CLIENT_SCAN oldest is not looked for.
    expect(onlyPair(40, 90) && onlyPair(CLIENT_SCAN + 40, CLIENT_SCAN + 90)).toBe(true);
    const [within] = match([credit(eur(cents(40) + cents(90)), 'bonifico', ALFA)], many);
    expect(alloc(within)).toEqual([`41/2026=${eur(cents(40))}`, `91/2026=${eur(cents(90))}`]);
    const [beyond] = match([credit(eur(cents(CLIENT_SCAN + 40) + cents(CLIENT_SCAN + 90)), 'bonifico', ALFA)], many);
    expect(beyond.status).toBe('unmatched');
  });

  it('when another pair adds up the same, the oldest pair is proposed at 0.7 and the reasons say so', () => {
    const invoices = [
      invoice('a', '1/2026', '100.00', ALFA, { issueDate: '2026-01-01' }),
      invoice('b', '2/2026', '300.00', ALFA, { issueDate: '2026-02-01' }),
      invoice('c', '3/2026', '200.00', ALFA, { issueDate: '2026-03-01' }),
      invoice('d', '4/2026', '200.00', ALFA, { issueDate: '2026-04-01' }),
    ];
    const [p] = match([credit('400.00', '', ALFA)], invoices);
    expect(alloc(p)).toEqual(['1/2026=100.00', '2/2026=300.00']);
    expect(p.confidence).toBe(CONFIDENCE.clientSubsetNotUnique);
    expect(p.reasons.join(' | ')).toMatch(/another combination/);
  });

  it('several invoices of the client share the amount: the oldest, at 0.7', () => {
    const invoices = [
      invoice('x1', '20/2026', '100.00', ALFA, { issueDate: '2026-08-01' }),
      invoice('x2', '21/2026', '100.00', ALFA, { issueDate: '2026-07-01' }),
    ];
    const [p] = match([credit('100.00', '', ALFA)], invoices);
    expect(alloc(p)).toEqual(['21/2026=100.00']);
    expect(p.confidence).toBe(CONFIDENCE.clientSharedAmount);
  });

  it('client + a shortfall within the tolerance is a fee', () => {
    const [p] = match([credit('486.50', '', 'Beta Software')], book(), '1.50');
    expect(alloc(p)).toEqual(['15/2026=488.00']);
    expect(p.fee).toBe('1.50');
    expect(p.confidence).toBe(CONFIDENCE.clientFee);
  });

  it('client + several invoices net of a fee', () => {
    const [p] = match([credit('1318.40', 'bonifico', ALFA)], book(), '2.00');
    expect(alloc(p)).toEqual(['12/2026=1220.00', '14/2026=99.90']);
    expect(p.fee).toBe('1.50');
    expect(p.confidence).toBe(CONFIDENCE.clientSubsetFee);
  });

  it('client with one open invoice paid more: overpayment with excess', () => {
    const [p] = match([credit('500.00', '', 'Beta Software')]);
    expect(alloc(p)).toEqual(['15/2026=488.00']);
    expect(p.excess).toBe('12.00');
    expect(p.confidence).toBe(CONFIDENCE.clientOnlyInvoiceOver);
  });

  it('amount alone, one candidate: 0.6; a resembling payer: 0.75', () => {
    const [a] = match([credit('2440.00', 'bonifico')]);
    expect(alloc(a)).toEqual(['17/2026=2440.00']);
    expect(a.confidence).toBe(CONFIDENCE.amountOnly);
    const invoices = [...book(), invoice('g2', '30/2026', '2440.00', 'Zeta Trasporti S.r.l.')];
    const [b] = match([credit('2440.00', 'bonifico', 'Gamma Catering')], invoices);
    expect(alloc(b)).toEqual(['17/2026=2440.00']);
    expect(b.confidence).toBe(CONFIDENCE.amountResemblingPayer);
  });

  it('amount alone within the tolerance: 0.5', () => {
    const [p] = match([credit('2438.50', 'bonifico')], book(), '2.00');
    expect(alloc(p)).toEqual(['17/2026=2440.00']);
    expect(p.fee).toBe('1.50');
    expect(p.confidence).toBe(CONFIDENCE.amountFee);
  });
});

describe('unmatched', () => {
  it('nothing fits: unmatched with near-misses and why, never forced', () => {
    const [p] = match([credit('1000.00', 'GIROCONTO', 'Omega Costruzioni')]);
    expect(p.status).toBe('unmatched');
    expect(p.allocations).toEqual([]);
    expect(p.confidence).toBe(0);
    expect(p.reasons).toContain('no invoice number in the remittance text');
    expect(p.nearMisses?.length).toBeGreaterThan(0);
    expect(p.nearMisses?.[0]).toMatchObject({
      number: '12/2026',
      amountDue: '1220.00',
      why: expect.stringMatching(/nearest residue.*220.00 more than the credit/),
    });
    expect(p.nearMisses?.[1]).toMatchObject({ number: '16/2026', amountDue: '732.00', why: expect.stringMatching(/268.00 less than the credit/) });
  });

  it("a partial payment without a number is not guessed: the client's invoices are the near-misses", () => {
    const [p] = match([credit('200.00', 'acconto', 'Gamma Ristorazione')]);
    expect(p.status).toBe('unmatched');
    expect(p.nearMisses?.[0]).toMatchObject({ number: '16/2026', why: expect.stringMatching(/not read as a partial payment/) });
  });

  it('the same amount on several invoices of different clients, no payer: unmatched, both listed', () => {
    const invoices = [invoice('p', '1/2026', '50.00', ALFA), invoice('q', '2/2026', '50.00', BETA)];
    const [p] = match([credit('50.00', 'bonifico')], invoices);
    expect(p.status).toBe('unmatched');
    expect(p.nearMisses?.map((n) => n.number).sort()).toEqual(['1/2026', '2/2026']);
    expect(p.nearMisses?.[0].why).toMatch(/as do 1 other open invoice/);
  });

  it('a payer who is a known client but whose amount fits another client: unmatched, not forced', () => {
    const [p] = match([credit('2440.00', '', 'Beta Software')]);
    expect(p.status).toBe('unmatched');
    expect(p.nearMisses?.map((n) => n.number)).toContain('17/2026');
  });
});

describe('residues across one run', () => {
  it('two credits never allocate one invoice beyond its residue', () => {
    const out = match([credit('1220.00', 'FT 12/2026', ALFA), credit('1220.00', 'FT 12/2026', ALFA)]);
    expect(out[0].status).toBe('proposed');
    expect(out[1].status).toBe('unmatched');
    expect(out[1].reasons.join(' | ')).toMatch(/already covered by another credit of this run/);
  });

  it('a partial then the rest: both allocations carry the amount due as read', () => {
    const out = match([credit('500.00', 'acconto FT 12/2026', ALFA), credit('720.00', 'saldo FT 12/2026', ALFA)]);
    expect(out.map(alloc)).toEqual([['12/2026=500.00'], ['12/2026=720.00']]);
    expect(out.map((p) => p.allocations[0].amountDueSeen)).toEqual(['1220.00', '1220.00']);
    expect(out[1].confidence).toBe(CONFIDENCE.numberExact);
  });

  it('is deterministic', () => {
    const movements = [credit('1624.90', 'saldo fatt. 12, 13 e 14/2026'), credit('732.00', '', 'GAMMA RISTORAZIONE'), credit('3.00', '')];
    expect(match(movements)).toEqual(match(movements));
  });

  it('property: allocations never exceed residues and sum to at most the credit plus the fee', () => {
    // A small deterministic PRNG (LCG) drives random books and credits.
    let state = 12345;
    const rnd = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const names = [ALFA, BETA, GAMMA, 'Delta Impianti S.r.l.', 'Zeta Trasporti S.r.l.'];
    const cents = (s: string) => Math.round(Number(s) * 100);
    for (let round = 0; round < 40; round++) {
      const invoices = Array.from({ length: 30 }, (_, k) =>
        invoice(`r${k}`, `${k + 1}/2026`, `${rnd(500) + 1}.${String(rnd(100)).padStart(2, '0')}`, names[rnd(names.length)], {
          issueDate: `2026-0${rnd(9) + 1}-1${rnd(9)}`,
        }),
      );
      const movements = Array.from({ length: 25 }, () => {
        const kind = rnd(4);
        const target = invoices[rnd(invoices.length)];
        const amount = kind === 0 ? target.amountDue : `${rnd(800)}.${String(rnd(100)).padStart(2, '0')}`;
        const text = kind <= 1 ? `FT ${target.number}` : kind === 2 ? `saldo fatt. ${rnd(30) + 1}, ${rnd(30) + 1} e ${rnd(30) + 1}/2026` : 'bonifico';
        return credit(amount, text, rnd(2) ? target.counterpartName : undefined);
      });
      const out = match(movements, invoices, ['0.00', '1.50', '5.00'][rnd(3)]);
      const residue = new Map(invoices.map((i) => [i.id, cents(i.amountDue)]));
      for (const p of out) {
        let sum = 0;
        for (const a of p.allocations) {
          const left = residue.get(a.invoiceId)!;
          expect(cents(a.amount)).toBeGreaterThan(0);
          expect(cents(a.amount)).toBeLessThanOrEqual(left);
          expect(cents(a.amountDueSeen)).toBe(cents(invoices.find((i) => i.id === a.invoiceId)!.amountDue));
          residue.set(a.invoiceId, left - cents(a.amount));
          sum += cents(a.amount);
        }
        const credited = cents(p.movement.amount);
        if (p.status === 'proposed') {
          expect(sum).toBeLessThanOrEqual(credited + cents(p.fee ?? '0'));
          expect(credited + cents(p.fee ?? '0') - sum).toBe(cents(p.excess ?? '0'));
          expect(p.confidence).toBeGreaterThan(0);
          expect(p.confidence).toBeLessThanOrEqual(1);
        } else expect(p.allocations).toEqual([]);
      }
    }
  });
});

// At scale: what comes out of large runs, and the bounds that keep a credit's work small, proved by
// what they leave out. How fast is measured by `npm run bench` (bench/bank-match.js: matching against
// 20,000 invoices beside 5,000, as a ratio in one run); no clock is read here.
describe('at scale', () => {
  it('a company that invoices one client only: 2,000 credits against its 20,000 invoices, half of them proposed', () => {
    const invoices = Array.from({ length: 20_000 }, (_, k) =>
      invoice(`s${k}`, `${k + 1}/2026`, `${100 + (k % 7000)}.${String((k * 37) % 100).padStart(2, '0')}`, 'Comune di Sesto Fiorentino', {
        counterpartVat: '05678900480',
        issueDate: `2026-${String((k % 12) + 1).padStart(2, '0')}-01`,
      }),
    );
    const movements = Array.from({ length: 2_000 }, (_, k) =>
      k % 2 === 0
        ? credit(invoices[k * 5].amountDue, 'mandato di pagamento', 'COMUNE DI SESTO FIORENTINO')
        : credit(`${90_000 + k}.77`, 'mandato di pagamento', 'COMUNE DI SESTO FIORENTINO'),
    );
    const out = match(movements, invoices, '1.50');
    expect(out.filter((p) => p.status === 'proposed').length).toBeGreaterThanOrEqual(1000);
  });

  it('5,000 payers sharing two words with every one of 5,000 clients, against their 20,000 invoices: none proposed', () => {
    const invoices = Array.from({ length: 20_000 }, (_, k) =>
      invoice(`w${k}`, `${k + 1}/2026`, `${100 + (k % 9000)}.${String(k % 100).padStart(2, '0')}`, `Studio Servizi ${k % 5000} S.r.l.`),
    );
    const movements = Array.from({ length: 5_000 }, (_, k) => credit(`${50_000 + k}.01`, 'bonifico', `Studio Servizi Associati ${k}`));
    const out = match(movements, invoices);
    expect(out.every((p) => p.status === 'unmatched')).toBe(true);
  });

  it('a word every client has does not make each payer compare with every client: only those sharing its rarest words', () => {
    // 5,000 clients named STUDIO SERVIZI <n>, and STUDIO SERVIZI itself, whose invoice has the same
    // amount as one of VERDI COSTRUZIONI (so the amount alone picks neither).
    const invoices = [
      ...Array.from({ length: 5_000 }, (_, k) => invoice(`w${k}`, `${k + 1}/2026`, `${100 + (k % 600)}.00`, `Studio Servizi ${100 + k} S.r.l.`)),
      invoice('a', '9001/2026', '777.77', 'Studio Servizi S.r.l.'),
      invoice('b', '9002/2026', '777.77', 'Verdi Costruzioni S.r.l.'),
    ];
    // Compared with the clients of its only words, every one of them, the payer is STUDIO SERVIZI.
    const [alone] = match([credit('777.77', 'bonifico', 'Studio Servizi')], invoices);
    expect(alloc(alone)).toEqual(['9001/2026=777.77']);
    // With a rarer word, VERDI, it is compared with VERDI COSTRUZIONI only, not with the 5,001 clients
    // sharing STUDIO and SERVIZI: it resembles no client, and the amount alone picks neither invoice.
    const [rarer] = match([credit('777.77', 'bonifico', 'Studio Servizi Verdi')], invoices);
    expect(rarer.status).toBe('unmatched');
  });

  it('10,000 credits against 20,000 open invoices of 400 clients: one proposal each, two thirds proposed', () => {
    const names = Array.from({ length: 400 }, (_, k) => `Cliente ${['Alfa', 'Beta', 'Gamma', 'Delta'][k % 4]} ${k} S.r.l.`);
    const invoices = Array.from({ length: 20_000 }, (_, k) =>
      invoice(`i${k}`, `${k + 1}/2026`, `${100 + (k % 5000)}.${String(k % 100).padStart(2, '0')}`, names[k % names.length], {
        issueDate: `2026-${String((k % 12) + 1).padStart(2, '0')}-01`,
      }),
    );
    const movements = Array.from({ length: 10_000 }, (_, k) => {
      const target = invoices[(k * 7) % invoices.length];
      return k % 3 === 0
        ? credit(target.amountDue, `saldo fattura n. ${target.number}`, target.counterpartName)
        : k % 3 === 1
          ? credit(target.amountDue, 'bonifico', target.counterpartName?.toUpperCase())
          : credit(`${k % 900}.13`, 'giroconto', 'Sconosciuto Spa');
    });
    const out = match(movements, invoices, '1.50');
    expect(out).toHaveLength(10_000);
    expect(out.filter((p) => p.status === 'proposed').length).toBeGreaterThan(6000);
  });
});

describe('allocation over the whole run (issue 27)', () => {
  const STELLAR = 'Stellar Ltd';
  const seven = () => [invoice('7', '7/2024', '30000.00', STELLAR, { issueDate: '2024-10-01' })];

  it('gives an invoice to the exact credit, wherever it stands, and leaves an over-payment candidate unmatched', () => {
    // Newest first, as the Belgian statement lists them: 50,000.00 three times, then the 30,000.00 that pays 7/2024.
    const newestFirst = [
      credit('50000.00', 'Transfer ref HBAVHC9717', STELLAR, { bookingDate: '2024-11-29' }),
      credit('50000.00', 'Transfer ref HBAVHC9717', STELLAR, { bookingDate: '2024-11-21' }),
      credit('50000.00', 'Service fee VZWWJT1081', STELLAR, { bookingDate: '2024-11-12' }),
      credit('30000.00', 'Service fee VZWWJT1081', STELLAR, { bookingDate: '2024-11-05' }),
    ];
    for (const order of [newestFirst, [...newestFirst].reverse()]) {
      const out = match(order, seven());
      const exact = out.find((p) => p.movement.amount === '30000.00')!;
      expect(exact).toMatchObject({ status: 'proposed', fit: 'exact' });
      expect(alloc(exact)).toEqual(['7/2024=30000.00']);
      for (const p of out.filter((x) => x.movement.amount === '50000.00')) expect([p.status, p.allocations]).toEqual(['unmatched', []]);
    }
  });

  it('lets an exact credit by number win over a partial one quoting the same invoice earlier in the file', () => {
    const partialFirst = [credit('500.00', 'acconto fatt. 12/2026', ALFA), credit('1220.00', 'saldo fatt. 12/2026', ALFA)];
    const out = match(partialFirst);
    expect([out[1]!.status, out[1]!.fit, alloc(out[1]!)]).toEqual(['proposed', 'exact', ['12/2026=1220.00']]);
    // The partial one finds 12/2026 taken by the exact credit: it is not allocated over what is due.
    expect(out[0]!.allocations.some((a) => a.number === '12/2026')).toBe(false);
  });

  it('says how each proposal fits: exact, fee, partial, over', () => {
    const out = match(
      [
        credit('1220.00', 'FT 12/2026', ALFA),
        credit('486.50', 'FT 15/2026', BETA),
        credit('300.00', 'acconto FT 16/2026', GAMMA),
        credit('2500.00', 'FT 17/2026', GAMMA),
      ],
      book(),
      '2.00',
    );
    expect(out.map((p) => [p.status, p.fit])).toEqual([
      ['proposed', 'exact'],
      ['proposed', 'fee'],
      ['proposed', 'partial'],
      ['proposed', 'over'],
    ]);
  });

  it('registers the exact proposals in the first pass and the others only in the second', () => {
    const matcher = createMatcher(book(), { feeTolerance: '0.00' });
    const partial = credit('500.00', 'acconto fatt. 12/2026', ALFA);
    const exact = credit('1220.00', 'saldo fatt. 12/2026', ALFA);
    const first = [matcher.first(partial), matcher.first(exact)];
    expect(first.map((f) => [f.final, f.proposal.fit])).toEqual([
      [false, 'partial'],
      [true, 'exact'],
    ]);
    // 12/2026 was taken by the exact credit of the first pass: the second gives the partial one nothing of it.
    expect(matcher.second(partial).allocations).toEqual([]);
  });

  it('sets apart an open invoice whose residue has digits past the cent, and goes on with the others', () => {
    const invoices = [...book(), invoice('8', '18/2026', '100.125', BETA)];
    const matcher = createMatcher(invoices, { feeTolerance: '0.00' });
    expect(matcher.notMatchable.map((n) => [n.invoice.number, String(n.reason)])).toEqual([
      ['18/2026', 'its amount due 100.125 has digits past the cent: no credit can pay it exactly'],
    ]);
    const out = matchMovements([credit('100.13', 'FT 18/2026', BETA), credit('1220.00', 'FT 12/2026', ALFA)], invoices, { feeTolerance: '0.00' });
    expect(out[0]!.allocations).toEqual([]);
    expect(alloc(out[1]!)).toEqual(['12/2026=1220.00']);
    // Zeros past the cent are whole cents.
    expect(createMatcher([invoice('9', '19/2026', '100.100', BETA)], { feeTolerance: '0.00' }).notMatchable).toEqual([]);
  });
});

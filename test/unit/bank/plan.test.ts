import { describe, expect, it } from 'vitest';
import { movementOfKey, paymentNote, registeredMovements, sentOutcome, stepsOf } from '../../../src/bank/payments.js';
import {
  acceptedProposals,
  checkPlanTarget,
  parsePlan,
  PLAN_KIND,
  PLAN_VERSION,
  planHead,
  planProposal,
  planTail,
  planText,
  stepKey,
  whyNotAccepted,
  type Plan,
  type PlanProposal,
} from '../../../src/bank/plan.js';
import { routeStatements } from '../../../src/bank/route.js';
import { ApiError, NetworkError, OutcomeUnknownError, UnexpectedAnswerError, UsageError } from '../../../src/errors.js';
import { english } from '../../shared/english.js';

function proposal(over: Partial<PlanProposal> = {}, amount = '100.00'): PlanProposal {
  return {
    account: 'acc_rossi',
    movement: {
      key: 'ref:BANK1',
      source: { file: 'estratto.xml', format: 'camt.053', location: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]' },
      accountIban: 'IT60X0542811101000000123456',
      bookingDate: '2026-11-19',
      amount,
      currency: 'EUR',
      direction: 'credit',
      reversal: false,
      payer: { name: 'Alfa Logistica S.r.l.' },
      remittance: 'saldo fatt. n. 12/2026',
      references: { bank: 'BANK1' },
    },
    status: 'proposed',
    confidence: 0.99,
    reasons: ['number 12/2026 in the remittance text'],
    allocations: [{ invoiceId: 'inv_12', uuid: 'uuid-12', number: '12/2026', amount, amountDueSeen: amount }],
    fit: 'exact',
    ...over,
  };
}

function plan(proposals: PlanProposal[], over: Partial<Plan> = {}): Plan {
  return {
    kind: PLAN_KIND,
    version: PLAN_VERSION,
    createdAt: '2026-11-20T08:00:00.000Z',
    profile: 'work',
    baseUrl: 'https://api.example.it',
    feeTolerance: '5.00',
    companies: [{ id: 'acc_rossi', name: 'Rossi Consulting S.r.l.' }],
    statements: [{ file: 'estratto.xml', format: 'camt.053', statements: 1, movements: proposals.length }],
    proposals,
    ...over,
  };
}

const problems = (text: string): string[] => {
  try {
    parsePlan(text, 'piano.json');
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    const e = error as UsageError;
    return [e.message, ...e.hints.map(String)];
  }
  throw new Error('the plan was accepted');
};

describe('the plan file', () => {
  it('reads back what it writes', () => {
    const written = plan([proposal(), proposal({ status: 'unmatched', allocations: [], confidence: 0 })]);
    expect(parsePlan(planText(written), 'piano.json')).toEqual(written);
  });

  it('is the same document written proposal by proposal as written whole', () => {
    const written = plan([proposal(), proposal({ status: 'unmatched', allocations: [], confidence: 0 })]);
    const { proposals, companies, statements, ...head } = written;
    const streamed = planHead(head) + proposals.map((p, i) => planProposal(p, i === 0)).join('') + planTail(true, { companies, statements });
    expect(parsePlan(streamed, 'piano.json')).toEqual(written);
    const empty = plan([]);
    expect(JSON.parse(planHead(head) + planTail(false, { companies: empty.companies, statements: empty.statements }))).toEqual(empty);
  });

  it('refuses a plan of version 1, 2 or 3 by name, saying how to go on, and an unknown version clearly', () => {
    const { account: _account, ...p } = proposal();
    const v1 = { ...plan([proposal()]), version: 1, account: { id: 'acc_rossi', name: 'Rossi Consulting S.r.l.' }, proposals: [p] } as Record<string, unknown>;
    delete v1.companies;
    for (const old of [v1, { ...plan([proposal()]), version: 2 }, { ...plan([proposal()]), version: 3 }]) {
      const lines = problems(JSON.stringify(old));
      expect(lines[0]).toMatch(
        /^piano\.json: a plan of version [123], made by an earlier fisco whose bank movement identities could collide .*: it is not applied; nothing was sent$/,
      );
      expect(lines[1]).toBe('Match the statement again with this fisco: fisco bank match STATEMENT --plan plan.json, then fisco bank apply plan.json');
    }
    expect(problems(JSON.stringify({ ...plan([]), version: 5 }))[0]).toBe('piano.json: a plan of version 5: this fisco reads version 4; nothing was sent');
  });

  it('refuses a proposal of a company the plan does not list', () => {
    expect(problems(planText(plan([proposal({ account: 'acc_verdi' })]))).join('\n')).toContain(
      "proposals[0].account: acc_verdi is not one of the plan's companies",
    );
  });

  it('refuses what is not a plan, naming the file', () => {
    expect(problems('{"hello": 1}')[0]).toMatch(/piano\.json: not a plan file/);
    expect(problems('not json')[0]).toMatch(/piano\.json: not a plan file: not JSON/);
  });

  it('names every problem of a hand-edited plan with its path', () => {
    const edited = JSON.parse(planText(plan([proposal()])));
    edited.proposals[0].allocations[0].amount = '12.345';
    edited.proposals[0].confidence = 2;
    edited.proposals[0].movement.bookingDate = '19/11/2026';
    edited.surprise = true;
    const lines = problems(JSON.stringify(edited)).join('\n');
    expect(lines).toContain('proposals[0].allocations[0].amount: must be an amount with two decimals');
    expect(lines).toContain('proposals[0].confidence');
    expect(lines).toContain('proposals[0].movement.bookingDate: must be a date YYYY-MM-DD');
    expect(lines).toContain('surprise');
  });

  it('checks the sums: allocations add up to the credit plus the fee minus the excess, none over what was due', () => {
    expect(() =>
      parsePlan(
        planText(plan([proposal({ fee: '3.00', allocations: [{ invoiceId: 'i', uuid: 'u', number: '1/2026', amount: '103.00', amountDueSeen: '103.00' }] })])),
        'p',
      ),
    ).not.toThrow();
    expect(() =>
      parsePlan(
        planText(
          plan([proposal({ excess: '10.00', allocations: [{ invoiceId: 'i', uuid: 'u', number: '1/2026', amount: '90.00', amountDueSeen: '90.00' }] })]),
        ),
        'p',
      ),
    ).not.toThrow();
    const short = proposal({ allocations: [{ invoiceId: 'i', uuid: 'u', number: '1/2026', amount: '90.00', amountDueSeen: '90.00' }] });
    expect(problems(planText(plan([short]))).join('\n')).toMatch(/they add up to 90\.00, but the credit of 100\.00 is 100\.00/);
    const over = proposal({ allocations: [{ invoiceId: 'i', uuid: 'u', number: '1/2026', amount: '100.00', amountDueSeen: '80.00' }], excess: undefined });
    expect(problems(planText(plan([over]))).join('\n')).toMatch(/100\.00 is more than the 80\.00 the invoice was due/);
    const twice = proposal({
      allocations: [
        { invoiceId: 'i', uuid: 'u', number: '1/2026', amount: '50.00', amountDueSeen: '50.00' },
        { invoiceId: 'i', uuid: 'u', number: '1/2026', amount: '50.00', amountDueSeen: '50.00' },
      ],
    });
    expect(problems(planText(plan([twice]))).join('\n')).toMatch(/allocated twice/);
    const bigFee = proposal({ fee: '9.00', allocations: [{ invoiceId: 'i', uuid: 'u', number: '1/2026', amount: '109.00', amountDueSeen: '109.00' }] });
    expect(problems(planText(plan([bigFee]))).join('\n')).toMatch(/fee: 9\.00 is over the plan's fee tolerance 5\.00/);
    // A fee equal to the charges the statement states is allowed beyond the tolerance.
    const stated = { ...bigFee, movement: { ...bigFee.movement, charges: '9.00' } };
    expect(() => parsePlan(planText(plan([stated])), 'p')).not.toThrow();
  });

  it('refuses a proposed debit, reversal or foreign currency', () => {
    const debit = proposal();
    debit.movement = { ...debit.movement, direction: 'debit' };
    const usd = proposal();
    usd.movement = { ...usd.movement, currency: 'USD', key: 'ref:USD' };
    const lines = problems(planText(plan([debit, usd]))).join('\n');
    expect(lines).toMatch(/proposals\[0\]\.movement: only a credit/);
    expect(lines).toMatch(/proposals\[1\]\.movement\.currency: only EUR/);
  });

  it('is applied only where it was made', () => {
    const p = plan([proposal()]);
    expect(() => checkPlanTarget(p, 'p', { profile: 'work', baseUrl: 'https://api.example.it/' })).not.toThrow();
    expect(() => checkPlanTarget(p, 'p', { profile: 'work', baseUrl: 'https://api.example.it', account: 'acc_rossi' })).not.toThrow();
    let error: unknown;
    try {
      checkPlanTarget(p, 'p', { profile: 'home', baseUrl: 'https://sandbox.example.it', account: 'acc_verdi' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    const text = [(error as UsageError).message, ...(error as UsageError).hints].join('\n');
    expect(text).toContain("profile 'work'");
    expect(text).toContain('https://sandbox.example.it');
    expect(text).toContain('acc_verdi');
  });

  it('accepts the proposed ones at or above the minimum confidence', () => {
    const low = proposal({ confidence: 0.8 });
    low.movement = { ...low.movement, key: 'ref:LOW' };
    const p = plan([proposal(), low, proposal({ status: 'skipped', allocations: [] })]);
    expect(acceptedProposals(p).length).toBe(2);
    expect(acceptedProposals(p, 0.9).map((x) => x.movement.key)).toEqual(['ref:BANK1']);
  });

  it('without a minimum confidence, accepts only the sure ones (exact, or less a fee) and the reviewed ones', () => {
    const key = (k: string, over: Partial<PlanProposal>) => {
      const p = proposal(over);
      p.movement = { ...p.movement, key: k };
      return p;
    };
    const p = plan([
      key('exact', { confidence: 0.6 }),
      key('fee', { fit: 'fee' }),
      key('partial', { fit: 'partial', confidence: 0.8 }),
      key('over', { fit: 'over', confidence: 0.85 }),
      key('reviewed', { fit: 'partial', reviewed: true }),
    ]);
    expect(acceptedProposals(p).map((x) => x.movement.key)).toEqual(['exact', 'fee', 'reviewed']);
    expect(acceptedProposals(p, 0.8).map((x) => x.movement.key)).toEqual(['fee', 'partial', 'over', 'reviewed']);
    expect(english(whyNotAccepted(p.proposals[2]!, undefined))).toEqual({
      outcome: 'needs-review',
      reason: 'a partial payment: registered only once reviewed (bank match --review, or "reviewed": true in the plan) or with --min-confidence',
    });
    expect(english(whyNotAccepted(p.proposals[0]!, 0.9))).toEqual({ outcome: 'below-confidence', reason: 'confidence 0.6 is below --min-confidence 0.9' });
  });
});

describe('the application', () => {
  it('one step per allocation, keyed by the movement and the invoice', () => {
    const steps = stepsOf([
      proposal({
        allocations: [
          { invoiceId: 'a', uuid: 'ua', number: '1/2026', amount: '60.00', amountDueSeen: '60.00' },
          { invoiceId: 'b', uuid: 'ub', number: '2/2026', amount: '40.00', amountDueSeen: '40.00' },
        ],
      }),
    ]);
    expect(steps.map((s) => s.key)).toEqual(['ref:BANK1>ua', 'ref:BANK1>ub']);
    expect(steps[0]!.key).toBe(stepKey('ref:BANK1', { uuid: 'ua' }));
    expect(movementOfKey('ref:A>B#1>ua')).toEqual({ movement: 'ref:A>B#1', uuid: 'ua' });
    expect(new Set(steps.map((s) => s.hash)).size).toBe(2);
  });

  it('a note naming the bank reference and the statement, the fee or the excess, at most 500 characters', () => {
    const note = paymentNote(proposal().movement, { fee: '3.00' });
    expect(note).toContain('BANK1');
    expect(note).toContain('estratto.xml');
    expect(note).toContain('commissione bancaria 3.00');
    expect(paymentNote(proposal().movement, { excess: '10.00' })).toContain('eccedenza 10.00');
    const long = proposal();
    long.movement = { ...long.movement, payer: { name: 'X'.repeat(700) } };
    expect(paymentNote(long.movement, {}).length).toBe(500);
  });

  it('what the journal says is registered, per movement', () => {
    const at = '2026-11-20T09:00:00.000Z';
    const registered = registeredMovements([
      { key: 'ref:A>u1', state: 'done', at, result: { number: '1/2026' } },
      { key: 'ref:A>u2', state: 'done', at, result: { number: '2/2026' } },
      { key: 'ref:B>u3', state: 'refused', at, message: 'no' },
    ]);
    expect([...registered.keys()]).toEqual(['ref:A']);
    expect(english(registered.get('ref:A'))).toBe('registered on invoice 1/2026 on 2026-11-20, invoice 2/2026 on 2026-11-20');
  });

  it('a lost answer is unknown, a refusal is refused, a bug is thrown', () => {
    expect(sentOutcome(new OutcomeUnknownError('dropped')).state).toBe('unknown');
    expect(sentOutcome(new ApiError({ status: 502, message: 'bad gateway', method: 'POST', path: '/x' })).state).toBe('unknown');
    expect(sentOutcome(new ApiError({ status: 422, message: 'over the residue', method: 'POST', path: '/x' })).state).toBe('refused');
    expect(sentOutcome(new UnexpectedAnswerError('html', 'POST', '/x', 201, true)).state).toBe('unknown');
    expect(sentOutcome(new NetworkError('refused')).state).toBe('refused');
    expect(() => sentOutcome(new TypeError('bug'))).toThrow(TypeError);
  });
});

describe('routing', () => {
  const table = [
    { company: { id: 'acc_rossi', name: 'Rossi' } as never, ibans: ['IT60X0542811101000000123456'] },
    { company: { id: 'acc_verdi', name: 'Verdi' } as never, ibans: ['IT02A0306909606100000000001'] },
  ];
  it('by IBAN, --account first; an unknown IBAN names it and every company IBAN', () => {
    expect(routeStatements([{ file: 'a', iban: 'it02 a030 6909 6061 0000 0000 001' }], table).byFile.get('a')).toMatchObject({ id: 'acc_verdi' });
    expect(routeStatements([{ file: 'a', iban: 'IT99' }], table, 'acc_rossi')).toMatchObject({ by: 'account' });
    try {
      routeStatements([{ file: 'a.xml', iban: 'IT11Z0000000000000000000000' }], table);
      throw new Error('routed');
    } catch (error) {
      const text = [(error as UsageError).message, ...(error as UsageError).hints].join('\n');
      expect(text).toContain('IT11Z0000000000000000000000');
      expect(text).toContain('IT60X0542811101000000123456');
      expect(text).toContain('IT02A0306909606100000000001');
    }
    // Statements of two companies in one run: each to its own.
    const both = routeStatements(
      [
        { file: 'a', iban: table[0]!.ibans[0] },
        { file: 'b', iban: table[1]!.ibans[0] },
        { file: 'c', iban: table[0]!.ibans[0] },
      ],
      table,
    );
    expect([...both.byFile].map(([file, c]) => [file, c.id])).toEqual([
      ['a', 'acc_rossi'],
      ['b', 'acc_verdi'],
      ['c', 'acc_rossi'],
    ]);
    expect(both.companies.map((c) => c.id)).toEqual(['acc_rossi', 'acc_verdi']);
    expect(() =>
      routeStatements(
        [
          { file: 'a.xml', iban: 'IT11Z0000000000000000000000' },
          { file: 'b.xml', iban: 'IT22Z0000000000000000000000' },
        ],
        table,
      ),
    ).toThrow(/2 statements cannot be routed to a company/);
    expect(() => routeStatements([{ file: 'a.csv' }], table)).toThrow(/names no account IBAN/);
    expect(routeStatements([{ file: 'a.csv' }], [table[0]!]).byFile.get('a.csv')).toMatchObject({ id: 'acc_rossi' });
  });
});

import { describe, expect, it } from 'vitest';
import { kindOf } from '../../../src/portfolio/token-kind.js';

const company = { id: 'acc_rossi', name: 'Rossi Consulting S.r.l.', vat_number: '04821570159' };

describe('the one rule for a token companies, from GET /v1/me', () => {
  it('a company token: one company, its own as /v1/me names it', () => {
    expect(kindOf({ token_type: 'company', accounts_count: 1, company })).toEqual({
      type: 'company',
      companies: 1,
      own: { ...company, fiscal_code: null, status: null },
    });
  });

  it('a firm token over several companies: a firm, and /v1/me names the firm, not a company', () => {
    const kind = kindOf({ token_type: 'firm', accounts_count: 4, company: { id: 'firm_bianchi', name: 'Studio Bianchi', vat_number: '1' } });
    expect(kind).toEqual({ type: 'firm', companies: 4 });
  });

  it("a firm's or partner's token over one company: not a firm (no company to name), but its company comes from the list", () => {
    for (const type of ['firm', 'partner', 'Accountant']) expect(kindOf({ token_type: type, accounts_count: 1, company }).own, type).toBeUndefined();
  });

  it('whatever token_type says, more than one company is a firm', () => {
    expect(kindOf({ token_type: 'company', accounts_count: 2, company })).toEqual({ type: 'company', companies: 2 });
  });
});

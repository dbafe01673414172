// decodeAnswer checks a schema's first answer without zod's compiled parser and the next ones with
// it (src/api/decode.ts): both must accept, transform and refuse exactly alike.
import { describe, expect, it } from 'vitest';
import { decodeAnswer } from '../../../src/api/decode.js';
import { UnexpectedAnswerError } from '../../../src/errors.js';
import { listPage } from '../../../src/api/schemas.js';
import { invoiceSchema } from '../../../src/api/invoices.js';

const answer = (body: unknown) => ({ method: 'GET' as const, path: '/v1/invoices', status: 200, text: typeof body === 'string' ? body : JSON.stringify(body) });

const invoice = {
  id: '28',
  account_id: 'acc_rossi',
  direction: 'outbound',
  number: '53/2026',
  issue_date: '2026-11-14',
  counterpart: { name: 'Zeta Trasporti S.r.l.', vat_number: '07890120582' },
  total_amount: 316.2,
  payment_status: 'partial',
  amount_paid: '100',
  amount_due: 216.2,
  due_date: '2026-12-14',
  overdue: false,
  sdi_status: 'sent',
  sdi_error: null,
  last_sdi_update: '2026-11-15T12:00:00+01:00',
  uuid: '00000000-0000-4000-8000-000000000028',
  pdf_url: 'https://api.example.it/fatture/00000000-0000-4000-8000-000000000028/pdf',
  url: 'https://api.example.it/app/fatture/28',
  unknown_extra: { kept: true },
};

function outcome(schema: Parameters<typeof decodeAnswer>[1], body: unknown): unknown {
  try {
    return { ok: decodeAnswer(answer(body), schema) };
  } catch (error) {
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    return { error: (error as Error).message };
  }
}

describe('a schema decoded for the first time and again', () => {
  const bodies = [
    { data: [invoice, { ...invoice, id: '29', amount_paid: 0 }], meta: { page: 1, per_page: 2, total: 9, next_page: 2 } },
    { data: [{ ...invoice, total_amount: 'ten' }], meta: { page: 1, per_page: 1, total: 1, next_page: null } },
    { data: [{ ...invoice, counterpart: null }], meta: { page: 1, per_page: 1, total: 1, next_page: null } },
    { data: [{ ...invoice, id: undefined }], meta: { page: 1, per_page: 1, total: 1, next_page: null } },
    { data: 'nope', meta: null },
  ];

  it('gives the same data and the same refusals either way', () => {
    for (const body of bodies) {
      // A fresh schema each time: its first decode is the uncompiled one.
      const first = listPage(invoiceSchema, true);
      const once = outcome(first, body);
      const again = outcome(first, body);
      const third = outcome(first, body);
      expect(again, JSON.stringify(body).slice(0, 80)).toEqual(once);
      expect(third).toEqual(once);
    }
    expect(outcome(listPage(invoiceSchema, true), bodies[0])).toMatchObject({ ok: { data: [{ id: '28' }, { id: '29' }] } });
    expect(outcome(listPage(invoiceSchema, true), bodies[1])).toMatchObject({ error: expect.stringContaining('total_amount') });
  });
});

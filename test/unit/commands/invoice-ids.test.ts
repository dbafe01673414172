import { describe, expect, it } from 'vitest';
import { checkRef, directUuid, matchesNumber, matchesRef, matchesUuid, onlyOne } from '../../../src/commands/invoice/resolve.js';
import { normalizeInvoice } from '../../../src/api/invoices.js';

const invoice = (over: Record<string, unknown>) =>
  normalizeInvoice({
    id: '9',
    number: '42/2026',
    issue_date: '2026-10-17',
    total_amount: 100,
    payment_status: 'unpaid',
    sdi_status: 'accepted',
    uuid: 'uuid-17',
    counterpart: { name: 'Gamma' },
    ...over,
  });

function thrown(fn: () => unknown): { exitCode: number; message: string; hints: string[] } {
  try {
    fn();
  } catch (error) {
    // The hints are Messages: their English text.
    const { exitCode, message, hints } = error as { exitCode: number; message: string; hints: unknown[] };
    return { exitCode, message, hints: hints.map(String) };
  }
  throw new Error('expected a refusal');
}

describe('ids as the service gives them', () => {
  it('a uuid of any form matches by uuid: exactly, an RFC 4122 one in any case', () => {
    expect(matchesUuid(invoice({}), 'uuid-17')).toBe(true);
    expect(matchesUuid(invoice({}), 'UUID-17')).toBe(false);
    expect(matchesUuid(invoice({ uuid: '9012' }), '9012')).toBe(true);
    expect(matchesUuid(invoice({ uuid: '4db66db5-a83b-40f8-bdf7-f585b8246fa7' }), '4DB66DB5-A83B-40F8-BDF7-F585B8246FA7')).toBe(true);
    expect(matchesRef(invoice({}), 'uuid-17')).toBe(true);
    expect(matchesRef(invoice({}), '42')).toBe(true);
  });

  it('uuid: and number: say which is meant', () => {
    const twelve = invoice({ uuid: '12', number: '12/2026' });
    expect(matchesUuid(twelve, 'number:12')).toBe(false);
    expect(matchesNumber(twelve, 'number:12')).toBe(true);
    expect(matchesNumber(twelve, 'uuid:12')).toBe(false);
    expect(matchesUuid(twelve, 'uuid:12')).toBe(true);
  });

  it('checkRef takes non-RFC uuids, and uuid: of any path-safe form; refuses what cannot name an invoice', () => {
    expect(checkRef('uuid-17')).toBe('uuid-17');
    expect(checkRef('9012')).toBe('9012');
    expect(checkRef(' uuid:abc_DEF ')).toBe('uuid:abc_DEF');
    expect(checkRef('NUMBER: 12/2026')).toBe('number:12/2026');
    for (const bad of ['uuid:', 'uuid:a/b', 'uuid:..', 'uuid:x\x1b', 'number:..', 'a/b']) expect(() => checkRef(bad), bad).toThrow(/UUID/);
  });

  it('only an RFC 4122 uuid or a uuid: reference is used without a lookup', () => {
    expect(directUuid('4db66db5-a83b-40f8-bdf7-f585b8246fa7')).toBe('4db66db5-a83b-40f8-bdf7-f585b8246fa7');
    expect(directUuid('uuid:uuid-17')).toBe('uuid-17');
    expect(directUuid('uuid-17')).toBeUndefined();
    expect(directUuid('9012')).toBeUndefined();
  });

  it('one invoice by uuid and another by number: exit 2 listing both, and how to say which', () => {
    const byUuid = invoice({ id: '1', uuid: '12', number: '3/2026' });
    const byNumber = invoice({ id: '2', uuid: 'uuid-2', number: '12/2026' });
    const e = thrown(() => onlyOne('12', [byUuid, byNumber], {}));
    expect(e.exitCode).toBe(2);
    expect(e.message).toBe('invoice 12: it is the UUID of one invoice and the number of another; say which, nothing was sent:');
    expect(e.hints[0]).toMatch(/^by its UUID: {3}3\/2026 .* uuid 12$/);
    expect(e.hints[1]).toMatch(/^by its number: {3}12\/2026 .* uuid uuid-2$/);
    expect(e.hints[2]).toBe('uuid:12 names the invoice whose UUID it is; number:12 (or the number with its year) the one numbered so.');
  });

  it('the same invoice matched both ways is that invoice; none found says what was looked for', () => {
    const both = invoice({ uuid: '42', number: '42/2026' });
    expect(onlyOne('42', [both], {})).toBe(both);
    expect(thrown(() => onlyOne('uuid-1', [], {})).message).toBe('invoice uuid-1: no outbound invoice has this number or UUID');
    expect(thrown(() => onlyOne('uuid:uuid-1', [], {})).message).toBe('invoice uuid:uuid-1: no outbound invoice has this UUID');
    expect(thrown(() => onlyOne('4db66db5-a83b-40f8-bdf7-f585b8246fa7', [], {})).exitCode).toBe(4);
  });
});

/**
 * Issue 22 (hostile data and odd hosts, round two): the pure parts. Each test names its item
 * (`#N`) so the reliability matrix (scripts/test-matrix.mjs) counts it on that item's row.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvWriter, escapeFormula } from '../../src/output/csv.js';
import { jsonText, MAX_DEPTH, parseAnswerJson, scanJson, TooDeepError } from '../../src/domain/answer-json.js';
import { decodeAnswer } from '../../src/api/decode.js';
import { UnexpectedAnswerError } from '../../src/errors.js';
import { cutMessage, readErrorDetails, toApiError } from '../../src/api/error-body.js';
import { amount } from '../../src/api/amounts.js';
import { f24FileName } from '../../src/report/f24-files.js';
import { companyFolder, companyFolders } from '../../src/report/month.js';
import { Redactor } from '../../src/output/redact.js';
import { parseFieldList } from '../../src/output/fields.js';
import { italianCsv } from '../../src/commands/export/files.js';
import { Pacer, RateLimitWaitError } from '../../src/api/pacer.js';

function csv(dialect: 'rfc' | 'it', columns: string[], rows: Record<string, unknown>[]): string {
  let text = '';
  const writer = new CsvWriter((chunk) => (text += chunk), dialect, columns, new Set());
  for (const row of rows) writer.row(row);
  writer.end();
  return text;
}

describe('issue 22 #1: a line break inside a CSV cell never starts a new row', () => {
  const hostile = { id: '1', note: 'first line\n=HYPERLINK("http://evil.example","x")', other: 'a\rb', plain: 'ok' };
  it.each(['rfc', 'it'] as const)('%s: bare LF and bare CR are quoted; the parsed row is whole; every line a cell can start is guarded', (dialect) => {
    const text = csv(dialect, ['id', 'note', 'other', 'plain'], [hostile]);
    const rows = parse(text.replace(/^\uFEFF/, ''), { delimiter: dialect === 'it' ? ';' : ',', relax_column_count: false }) as string[][];
    expect(rows).toHaveLength(2);
    // A bare CR is shown escaped (as every control character from the service), a LF kept inside the quoted cell.
    // In the Italian dialect the id is text a spreadsheet keeps as written (="1": a formula whose value is that text).
    expect(rows[1]).toEqual([dialect === 'it' ? '="1"' : '1', 'first line\n\'=HYPERLINK("http://evil.example","x")', 'a\\rb', 'ok']);
    // No physical line of the document starts with a formula character.
    for (const line of text.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@]/);
  });

  it("export's CSVs (italianCsv) go through the same writer: the cell stays whole and guarded", () => {
    const text = italianCsv([{ number: '1/2026', counterpart: { name: 'Ok\n@SUM(A1:A9)' } }], ['number', 'counterpart.name'], []);
    const rows = parse(text.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(rows).toEqual([
      ['Numero', 'Controparte'],
      ['="1/2026"', "Ok\n'@SUM(A1:A9)"],
    ]);
  });

  it('escapeFormula guards each line after a CR or LF, and leaves numbers alone', () => {
    expect(escapeFormula('a\n+1\r\n@x')).toBe("a\n'+1\r\n'@x");
    expect(escapeFormula('-12.50')).toBe('-12.50');
    expect(escapeFormula('=1+1')).toBe("'=1+1");
  });
});

describe('issue 22 #2: CSV header cells go through the same escaping as values', () => {
  it('a key holding ESC or BEL is escaped in the header, and a formula key is guarded', () => {
    const text = csv('rfc', ['id', 'evil\x1b[2J\x07', '=cmd'], [{ id: '1', 'evil\x1b[2J\x07': 'x', '=cmd': 'y' }]);
    const header = text.split('\r\n')[0]!;
    expect(header).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(header).toBe("id,evil\\x1b[2J\\x07,'=cmd");
  });
});

describe('issue 22 #3: a pacing wait longer than the bound ends with exit 7 and the time to wait (fake clock)', () => {
  function fakeClock() {
    let now = 0;
    const slept: number[] = [];
    return { now: () => now, sleep: async (ms: number) => void (slept.push(ms), (now += ms)), slept };
  }

  it('an announced window of 100000 s: the second request is refused at once, naming the wait', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 120, windowMs: 60_000, now: clock.now, sleep: clock.sleep });
    pacer.observe({ 'ratelimit-policy': '1;w=100000' });
    await pacer.acquire();
    const error = await pacer.acquire().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect((error as RateLimitWaitError).exitCode).toBe(7);
    expect((error as RateLimitWaitError).message).toMatch(/asks to wait 27 h 46 min, longer than fisco waits \(1 min, FISCO_MAX_WAIT\)/);
    expect(clock.slept).toEqual([]); // not a moment spent waiting
  });

  it('a Retry-After hold beyond the bound is refused; within it, sat through and noted once it is a few seconds', async () => {
    const clock = fakeClock();
    const notes: number[] = [];
    const pacer = new Pacer({ limit: 120, windowMs: 60_000, now: clock.now, sleep: clock.sleep, maxWaitMs: 30_000, onWait: (ms) => notes.push(ms) });
    pacer.blockUntil(999_999_000);
    await expect(pacer.acquire()).rejects.toThrow(/asks to wait .*longer than fisco waits \(30 s/);
    const other = new Pacer({ limit: 120, windowMs: 60_000, now: clock.now, sleep: clock.sleep, maxWaitMs: 30_000, onWait: (ms) => notes.push(ms) });
    other.blockUntil(clock.now() + 10_000);
    await other.acquire();
    expect(notes).toEqual([10_000]);
    other.blockUntil(clock.now() + 1_000);
    await other.acquire();
    expect(notes).toEqual([10_000]); // a second is not worth a notice
  });

  it("one company's Retry-After hold does not hold another company's requests", async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 120, windowMs: 60_000, now: clock.now, sleep: clock.sleep });
    pacer.blockUntil(clock.now() + 999_999_000, 'acc_a');
    await expect(pacer.acquire('acc_a')).rejects.toBeInstanceOf(RateLimitWaitError);
    await pacer.acquire('acc_b');
    expect(clock.now()).toBe(0);
  });

  it("the contract's own window (60 s plus margin) is still sat through under the default bound", async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 1, windowMs: 60_000, now: clock.now, sleep: clock.sleep });
    await pacer.acquire();
    await pacer.acquire();
    expect(clock.now()).toBe(60_250);
  });
});

describe('issue 22 #6: an answer nested deeper than the bound is unusable (exit 8), before anything is built from it', () => {
  it('scanJson counts depth outside strings; the decode boundary refuses it as an unusable answer', () => {
    expect(scanJson('{"a":"[[[[[[","b":[[1]]}').depth).toBe(3);
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(() => parseAnswerJson(deep)).toThrow(TooDeepError);
    const error = (() => {
      try {
        decodeAnswer({ method: 'GET', path: '/v1/me', status: 200, text: `{"data":${deep}}` });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect((error as UnexpectedAnswerError).exitCode).toBe(8);
    expect((error as Error).message).toContain(`unusable answer: nested more than ${MAX_DEPTH} levels deep`);
    expect(parseAnswerJson(`${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}`)).toBeInstanceOf(Array);
  });
});

describe('issue 22 #9: every secret fisco holds is redacted from data too', () => {
  it('redactSecrets replaces the held secrets only, not the patterns of the service data', () => {
    const redactor = new Redactor();
    redactor.add('tok-very-secret-123');
    expect(redactor.redactSecrets('{"echo":"tok-very-secret-123","token":"someone-elses"}')).toBe('{"echo":"***","token":"someone-elses"}');
  });
});

describe('issue 22 #10: --fields naming no field is a usage error', () => {
  it.each([',,,', ',', ' , ', ''])('%j', (raw) => {
    expect(() => parseFieldList(raw)).toThrow(/--fields: .* names no field/);
  });
  it('a list with names keeps them', () => expect(parseFieldList(' id, ,number ')).toEqual(['id', 'number']));
});

describe('issue 22 #11: integers beyond 2^53 are kept exactly', () => {
  it('parsed as BigInt and written back as the same literal; small numbers stay numbers', () => {
    const text = '{"id":9007199254740993,"n":12,"price":12.5,"s":"9007199254740993123","tiny":1e-7}';
    const value = parseAnswerJson(text) as Record<string, unknown>;
    expect(value.id).toBe(9007199254740993n);
    expect(value.n).toBe(12);
    expect(jsonText(value)).toBe('{"id":9007199254740993,"n":12,"price":12.5,"s":"9007199254740993123","tiny":1e-7}');
    expect(jsonText({ a: [1n << 70n] }, 2)).toBe('{\n  "a": [\n    1180591620717411303424\n  ]\n}');
    expect(scanJson('{"a":"12345678901234567890"}').longIntegers).toBe(false);
    expect(scanJson('{"a":0.12345678901234567890}').longIntegers).toBe(false);
  });
});

describe('issue 22 #12, as issue 27 decided: an amount past the cent is kept exactly as sent, never rounded', () => {
  it.each([
    [100.125, '100.125'],
    ['100.125', '100.125'],
    ['0.001', '0.001'],
    ['-5.0001', '-5.0001'],
  ])('%j', (value, shown) => {
    expect(amount.parse(value)).toBe(shown);
  });
  it.each([
    ['100.120', '100.12'],
    [100.1, '100.10'],
    ['7', '7.00'],
    [-0, '0.00'],
  ])('%j is exact: %s', (value, shown) => {
    expect(amount.parse(value)).toBe(shown);
  });
});

describe('issue 22 #13: F24 file names from ids are unique', () => {
  it('ids differing only in punctuation never share a file name; a plain id keeps its readable name', () => {
    const names = ['f24/1', 'f24:1', 'f24 1', 'f24_1', 'f24-1'].map((id) => f24FileName({ id, period: '2026-Q3', due_date: '2026-11-16' }));
    expect(new Set(names).size).toBe(names.length);
    expect(f24FileName({ id: 'f24_0012', period: '2026-Q3', due_date: '2026-11-16' })).toBe('2026-Q3_2026-11-16_f24_0012.pdf');
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9._-]+\.pdf$/);
  });
});

describe('issue 22 #5: export folders are unique within a run', () => {
  it('same name and VAT, ids differing in punctuation, names like . and ..: distinct, never . / .. / empty', () => {
    const companies = [
      { id: 'acc_1', name: 'Rossi S.r.l.', vat_number: '04821570159' },
      { id: 'acc_2', name: 'Rossi S.r.l.', vat_number: '04821570159' },
      { id: 'acc-3', name: 'Verdi', vat_number: null },
      { id: 'acc_3', name: 'Verdi', vat_number: null },
      { id: 'acc_4', name: '.', vat_number: null },
      { id: 'acc_5', name: '..', vat_number: null },
      { id: '..', name: '..', vat_number: null },
    ];
    const folders = companyFolders(companies);
    const names = companies.map((c) => folders.get(c.id)!);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(companies.length);
    for (const name of names) {
      expect(name).not.toMatch(/^\.{0,2}$/);
      expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
    }
    // A company alone keeps its readable name.
    expect(companyFolders([companies[0]!]).get('acc_1')).toBe(companyFolder(companies[0]!));
    expect(companyFolder(companies[0]!)).toMatch(/_04821570159$/);
  });
});

describe('issue 22 #17: field errors are read from every 422 shape', () => {
  it.each([
    [{ errors: { name: ['is required'], piva: ['is not valid', 'is taken'] } }, 'name: is required; piva: is not valid, is taken'],
    [{ message: 'The given data was invalid.', errors: { cap: ['must be 5 digits'] } }, 'The given data was invalid.: cap: must be 5 digits'],
    [{ success: false, errors: [{ field: 'amount', message: 'exceeds the residue' }] }, 'amount: exceeds the residue'],
    [{ success: false, errors: [{ message: 'amount exceeds the residue' }] }, 'amount exceeds the residue'],
    [{ error: { code: 'validation_failed', message: 'invalid', fields: { email: 'not an address' } } }, 'invalid: email: not an address'],
  ])('%j', (body, message) => {
    expect(readErrorDetails(422, body).message).toBe(message);
  });
});

describe('issue 22 #18: service messages are cut to a readable length', () => {
  it('a 50 MB message becomes 500 characters and "… N more characters"', () => {
    const huge = 'x'.repeat(50_000_000);
    const error = toApiError({ status: 422, method: 'POST', path: '/clients/store/manual', body: { error: { code: 'bad', message: huge } } });
    expect(error.message).toBe(`${'x'.repeat(500)}… ${50_000_000 - 500} more characters`);
    expect(cutMessage('short')).toBe('short');
  });
});

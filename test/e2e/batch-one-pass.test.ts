/**
 * One validation pass (issue 41): `invoice batch FILE --dry-run` reports every problem of the file in
 * one run, those of the reading, of the invoice rules and of the service's lists (numberings, payment
 * methods) alike, even when one record has several kinds; nothing is sent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { piva } from './batch-helpers.js';
import { harness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

const HEADER = 'ref;client_name;client_piva;client_address;client_cap;client_city;numbering;date;payment_method;due;item;quantity;price;vat';

describe('invoice batch: one validation pass', () => {
  it('eight kinds of mistakes, four of them on one record, all reported by one --dry-run; nothing sent', async () => {
    const lines = [
      HEADER,
      // A: a price that is not a number (reading), a 4-digit CAP (rules), an unknown numbering and payment method (service).
      `A;Alfa S.r.l.;${piva(1)};Via Roma 1;2012;Milano;Standrd;20/11/2026;Bonifco;31/12/2026=100%;Canone;1;12,3,4;22`,
      // B: no VAT number nor fiscal code (rules), a date that does not exist (reading).
      `B;Beta S.r.l.;;Via Roma 2;20121;Milano;Standard;31/02/2026;Bonifico Intesa;31/12/2026=100%;Canone;1;100,00;22`,
      // C: a quantity of zero (reading), due dates that cover 90% of the total (rules).
      `C;Gamma S.r.l.;${piva(3)};Via Roma 3;20121;Milano;Standard;20/11/2026;Bonifico Intesa;31/12/2026=90%;Canone;0;100,00;22`,
    ];
    const file = join(mkdtempSync(join(tmpdir(), 'fisco-one-pass-')), 'lotto.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const mark = h.mark();
    const run = await h.run(['invoice', 'batch', file, '--dry-run', '-o', 'json']);
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe('');
    const expected = [
      /line 2 \(ref A\): articoli\[0\]\.prezzo: must be a number/,
      /line 2 \(ref A\): cliente\.cap: must be a CAP \(postal code\) of 5 digits/,
      /line 2 \(ref A\): numerazione: 'Standrd' is not an active numbering/,
      /line 2 \(ref A\): metodo_pagamento: 'Bonifco' is not a payment method/,
      /line 3 \(ref B\): cliente\.piva: is required/,
      /line 3 \(ref B\): issue_date: 31\/02\/2026 is not a calendar date/,
      /line 4 \(ref C\): articoli\[0\]\.quantita: must be greater than zero/,
      /line 4 \(ref C\): scadenze: percentages add up to 90\.00/,
    ];
    for (const pattern of expected) expect(run.stderr).toMatch(pattern);
    expect(run.stderr).toMatch(/8 problems in 3 records; nothing was sent/);
    // Each field is named once per record.
    const problemLines = run.stderr.split('\n').filter((l) => /^\s+line \d+ \(ref /.test(l));
    expect(new Set(problemLines).size).toBe(problemLines.length);
    expect(mark().filter((r) => r.method === 'POST')).toEqual([]);
  });
});

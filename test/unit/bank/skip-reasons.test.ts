import { describe, expect, it } from 'vitest';
import { creditElsewhere, invoiceClosed, residueChanged, SKIP_CODES, skipSummary, skipWords } from '../../../src/bank/skip-reasons.js';
import { loadLanguage } from '../../../src/i18n/load.js';
import { ENGLISH, render } from '../../../src/i18n/message.js';
import { byCode } from '../../../src/journal/reason.js';

describe('bank apply: why an allocation is skipped, as data', () => {
  const reasons = [
    residueChanged('7/2026', '90.00', '100.00'),
    invoiceClosed('8/2026', '50.00'),
    residueChanged('9/2026', '1.00', '2.00'),
    creditElsewhere('C1', '3/2026'),
  ];

  it('each reason is a code and its parameters; a summary groups by code, never by the words', () => {
    expect(reasons[0]).toEqual({ code: 'residue-changed', params: { invoice: '7/2026', now: '90.00', seen: '100.00' } });
    const groups = byCode(reasons);
    expect([...groups.keys()]).toEqual(['residue-changed', 'invoice-closed', 'credit-elsewhere']);
    expect(groups.get('residue-changed')!.length).toBe(2);
    expect(new Set(reasons.map((r) => r.code))).toEqual(new Set(SKIP_CODES));
  });

  it('the words are rendered at the edge, in the run’s language', async () => {
    const it_ = await loadLanguage('it', true);
    expect(render(skipWords(reasons[0]!), ENGLISH)).toBe('the residue of invoice 7/2026 is now 90.00, the plan saw 100.00: match the statement again');
    expect(render(skipWords(reasons[0]!), it_)).toMatch(/^il residuo della fattura 7\/2026 ora è 90,00 €, il piano vedeva 100,00 €/);
    for (const r of reasons) {
      expect(render(skipWords(r), it_)).not.toBe(render(skipWords(r), ENGLISH));
      expect(render(skipSummary(r.code), it_)).not.toBe(render(skipSummary(r.code), ENGLISH));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { fitLine } from '../../../src/output/safe-text.js';

describe('fitLine (progress lines)', () => {
  it('keeps a line one cell narrower than the terminal, cut with a mark', () => {
    const long = `Overview [##########----------] 2/4 companies · ${'Rossi Consulting S.r.l., '.repeat(5)}`;
    const line = fitLine(long, 80);
    expect([...line]).toHaveLength(79);
    expect(line.endsWith('…')).toBe(true);
    expect(fitLine('short', 80)).toBe('short');
  });

  it('counts characters, not bytes, and escapes control characters from the service', () => {
    expect(fitLine('€'.repeat(10), 6)).toBe('€€€€…');
    expect(fitLine('a\u001b[31mb', 80)).toBe('a\\x1b[31mb');
  });

  it('assumes 80 columns when the terminal does not say', () => {
    expect([...fitLine('x'.repeat(200), undefined)]).toHaveLength(79);
    expect([...fitLine('x'.repeat(200), 0)]).toHaveLength(79);
  });
});

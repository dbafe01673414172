/**
 * Stored amounts are two-decimal strings made from integer cents, never from float division:
 * `(n / 100).toFixed(2)` happens to be right for small integers, but it is float arithmetic on
 * money all the same. Rendering as a JSON number (where the spec shows numbers) happens only at
 * serialisation, with Number() of the string.
 */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234.5" / "1234.50" / "-3.07" → cents, exactly. */
export function toCents(amount: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) throw new TypeError(`not a two-decimal amount: ${JSON.stringify(amount)}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/**
 * A JSON number from a request body as a plain decimal string, never in exponent form: the
 * shortest round-trip digits of the number (what String() gives) with the exponent shifted into
 * the digits, so `0.0000001` stays "0.0000001" and `1e21` is "1000000000000000000000".
 */
export function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, rest = '', exp] = match;
  const digits = lead + rest;
  const point = 1 + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

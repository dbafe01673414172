/**
 * "Did you mean `Standard`?": a numbering or payment-method name the service refused, set beside
 * the names it lists (GET /fatture/numerazioni, /fatture/metodi-pagamento). Asked only after a
 * refusal, so a creation that goes through costs no extra request.
 */
import type { ApiClient } from '../../api/client.js';
import { listNumberings, listPaymentMethods } from '../../api/invoices.js';
import { t, type Message } from '../../i18n/message.js';

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length]!;
}

/** The listed name a typed one most likely meant: the same but for case and spaces, else one or two letters away. */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  const fold = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  const wanted = fold(typed);
  const same = names.find((n) => fold(n) === wanted);
  if (same !== undefined) return same;
  const scored = names.map((n) => ({ n, d: distance(fold(n), wanted) })).filter((s) => s.d <= Math.max(1, Math.min(2, Math.floor(wanted.length / 4))));
  scored.sort((a, b) => a.d - b.d);
  return scored[0]?.n;
}

async function names<T extends { name: string }>(items: AsyncIterable<T>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of items) out.push(item.name);
  return out;
}

/** Hints for a refused numbering (`numerazione`) or payment method (`metodo_pagamento`); none when the lists cannot be read. */
export async function nameHints(
  client: ApiClient,
  given: { numerazione?: unknown; metodo_pagamento?: unknown },
  refusal: string,
  /** The flag that gave the payment method (`invoice pay` calls it --method). */
  methodFlag = '--payment-method',
): Promise<Message[]> {
  const hints: Message[] = [];
  const check = async (field: 'numerazione' | 'metodo_pagamento', flag: string, what: string, list: () => AsyncIterable<{ name: string }>, command: string) => {
    const typed = given[field];
    if (typeof typed !== 'string' || !new RegExp(`\\b${field}\\b|${what}`, 'i').test(refusal)) return;
    const listed = await names(list()).catch(() => undefined);
    if (!listed || listed.includes(typed)) return;
    const near = nearestName(typed, listed);
    hints.push(
      near
        ? t`${flag}: did you mean \`${near}\`? (names are matched exactly; ${command} lists them: ${listed.join(', ')})`
        : t`${flag}: '${typed}' is not a name the service lists (${command}: ${listed.join(', ')})`,
    );
  };
  await check('numerazione', '--numbering', 'numbering', () => listNumberings(client), 'fisco invoice numberings');
  await check('metodo_pagamento', methodFlag, 'payment method', () => listPaymentMethods(client), 'fisco invoice payment-methods');
  return hints;
}

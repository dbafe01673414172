import type { Factory } from '../../factory/factory.js';
import { SHIPPED_CHECKED, SHIPPED_ORIGIN, shippedRates } from '../../dunning/rates-table.js';
import { day, t } from '../../i18n/message.js';

export async function run(_args: string[], _options: object, factory: Factory): Promise<void> {
  const table = shippedRates();
  factory.output.info(
    t`Source: ${table.origin === SHIPPED_ORIGIN ? t`fisco's table of the reference rates published by the Ministero dell'economia e delle finanze in the Gazzetta Ufficiale (art. 5 D.Lgs. 231/2002), checked on ${day(SHIPPED_CHECKED)}` : table.origin}. Interest rate = reference rate + 8 points (art. 5 D.Lgs. 231/2002, as amended by D.Lgs. 192/2012).`,
  );
  await factory.output.list(table.rows, {
    columns: [
      { key: 'half_year', label: t`Half-year` },
      { key: 'from', label: t`From`, kind: 'date' },
      { key: 'to', label: t`To`, kind: 'date', priority: 2 },
      { key: 'rate', label: t`Reference %`, kind: 'count' },
      { key: 'interest_rate', label: t`Interest %`, kind: 'count' },
      { key: 'source', label: t`Published in`, priority: 1 },
    ],
    fields: ['from', 'to', 'half_year', 'rate', 'interest_rate', 'source'],
  });
  const last = table.rows.at(-1)!;
  factory.output.info(
    t`The table ends with ${last.half_year}: for a later half-year give --rates FILE to dunning plan (a CSV of from,rate), with the rate the Ministry published.`,
  );
}

import type { PeriodQuery } from '../../api/expenses.js';
import { UsageError } from '../../errors.js';
import { checkRange } from '../../flags/parse.js';
import type { FlagValues } from '../../flags/spec.js';
import type { PERIOD_FLAGS } from './flags.js';
import { t } from '../../i18n/message.js';

/** --period, or --from/--to (either end may be open), as the API's query parameters. */
export function periodQuery(options: FlagValues<typeof PERIOD_FLAGS>): PeriodQuery {
  if (options.period && (options.from || options.to)) throw new UsageError(t`--period cannot be combined with --from/--to: give one month, or a range`);
  checkRange(options.from, options.to, '--from', '--to');
  return { periodo: options.period, periodo_da: options.from, periodo_a: options.to };
}

/** How the period reads in headings and CSV rows: `2026-10`, `2026-06..2026-10`, `all periods`. */
export function periodLabel(query: PeriodQuery): string {
  if (query.periodo) return query.periodo;
  if (query.periodo_da || query.periodo_a) return `${query.periodo_da ?? ''}..${query.periodo_a ?? ''}`;
  return 'all periods';
}

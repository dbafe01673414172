import type { Decided } from '../../sdi/control-table.js';

/** Who checks a control, as `sdi controls` and `sdi explain` write it (a value, the same in every language). */
export const CHECKED_BY: Readonly<Record<Decided, string>> = { fisco: 'fisco', partly: 'fisco+SDI', sdi: 'SDI' };

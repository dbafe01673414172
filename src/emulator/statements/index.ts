/**
 * Demo bank statements of a company's own open invoices (issue 18, item 8): one scenario
 * (scenario.ts: exact, partial, several invoices in one credit, a fee deducted, a name spelled
 * differently, a debit, a reversal, an unrelated credit) written in each format fisco reads.
 * Deterministic for a given store and today. Emulator code only: nothing of the CLI is imported.
 */
import type { Store } from '../store.js';
import { camt053, camt054, cbiXml } from './camt.js';
import { cbiRh } from './cbi-rh.js';
import { CSV_MAPPING, csvBytes } from './csv.js';
import { mt940 } from './mt940.js';
import { buildScenario, withQuirks, type StatementMovement, type StatementScenario } from './scenario.js';

export {
  buildScenario,
  withQuirks,
  counterpartIban,
  openInvoices,
  spelledDifferently,
  type ScenarioKind,
  type StatementMovement,
  type StatementScenario,
} from './scenario.js';
export { CSV_MAPPING } from './csv.js';
export { CBI_RECORD_LENGTH } from './cbi-rh.js';
export { italianIban, ibanChecks } from './iban.js';

export const STATEMENT_FORMATS = ['camt.053', 'camt.053.001.08', 'camt.054', 'cbi-xml', 'cbi-rh', 'mt940', 'csv'] as const;
export type StatementFileFormat = (typeof STATEMENT_FORMATS)[number];

export function isStatementFormat(value: string): value is StatementFileFormat {
  return (STATEMENT_FORMATS as readonly string[]).includes(value);
}

export interface StatementOptions {
  /** The statement's day (default: the store's today, meta.today). */
  today?: string;
  /** The account's IBAN (default: the company's first bank payment method with one). */
  iban?: string;
  /** CSV only: UTF-8 with a BOM (default, a string) or Latin-1 (bytes). */
  csvEncoding?: 'utf-8' | 'latin1';
  /** Written as some banks do: newest first, references reused or left as placeholders (scenario.ts withQuirks). */
  quirks?: boolean;
}

export interface StatementFile {
  /** The file's content: a string, or bytes for a Latin-1 CSV. */
  text: string | Buffer;
  filename: string;
  /** The MIME type to serve it with. */
  contentType: string;
  /** What the statement holds and what a matcher should make of each movement, in file order. */
  movements: StatementMovement[];
  scenario: StatementScenario;
  /** CSV only: the column mapping a reader needs. */
  csvMapping?: typeof CSV_MAPPING;
}

const EXTENSIONS: Record<StatementFileFormat, string> = {
  'camt.053': 'camt053.xml',
  'camt.053.001.08': 'camt053-v08.xml',
  'camt.054': 'camt054.xml',
  'cbi-xml': 'cbi.xml',
  'cbi-rh': 'cbi-rh.txt',
  mt940: 'mt940.sta',
  csv: 'csv',
};

/** The demo statement of one company in one format. Throws Error when the account is unknown or has no IBAN. */
export function statementFor(store: Store, accountId: string, format: StatementFileFormat, options: StatementOptions = {}): StatementFile {
  const today = options.today ?? store.meta.today;
  const built = buildScenario(store, accountId, { today, iban: options.iban });
  const scenario = options.quirks ? withQuirks(built) : built;
  const filename = `estratto-${accountId}-${today}.${EXTENSIONS[format]}`;
  const movements = scenario.movements;
  switch (format) {
    case 'camt.053':
      return { text: camt053(scenario, '02'), filename, contentType: 'application/xml; charset=utf-8', movements, scenario };
    case 'camt.053.001.08':
      return { text: camt053(scenario, '08'), filename, contentType: 'application/xml; charset=utf-8', movements, scenario };
    case 'camt.054':
      return { text: camt054(scenario), filename, contentType: 'application/xml; charset=utf-8', movements, scenario };
    case 'cbi-xml':
      return { text: cbiXml(scenario), filename, contentType: 'application/xml; charset=utf-8', movements, scenario };
    case 'cbi-rh':
      return { text: cbiRh(scenario), filename, contentType: 'text/plain; charset=us-ascii', movements, scenario };
    case 'mt940':
      return { text: mt940(scenario), filename, contentType: 'text/plain; charset=utf-8', movements, scenario };
    case 'csv': {
      const encoding = options.csvEncoding ?? 'utf-8';
      return {
        text: csvBytes(scenario, encoding),
        filename,
        contentType: `text/csv; charset=${encoding === 'latin1' ? 'iso-8859-1' : 'utf-8'}`,
        movements,
        scenario,
        csvMapping: CSV_MAPPING,
      };
    }
  }
}

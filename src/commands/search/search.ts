/**
 * fisco search TEXT…: full-text search over the mirror, across every company the selection
 * covers (every mirrored company by default): invoices, clients, F24 forms, deadlines and
 * expenses, best match first. Never a request: the mirror is what `fisco sync` last read.
 */
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { UsageError } from '../../errors.js';
import { SEARCH_HIT_FIELDS, SEARCH_KINDS, type Kind, type SearchHit } from '../../mirror/kinds.js';
import { searchHits, searchOf, searchTotal } from '../../mirror/read.js';
import { listedAccounts } from '../../mirror/answer.js';
import { assertSynced, sayAges } from '../../mirror/open.js';
import { searchExpression } from '../../mirror/search.js';
import type { View } from '../../output/view.js';
import { pickCompanies } from '../../portfolio/companies.js';
import { pageNote } from '../../output/page-note.js';
import { SEARCH_IN_VALUES, type SEARCH_FLAGS } from './flags.js';
import { t, type Message } from '../../i18n/message.js';

const view: View = {
  columns: [
    { key: 'company', label: t`Company`, minWidth: 14, priority: 3 },
    { key: 'kind', label: t`Kind` },
    { key: 'ref', label: t`Ref`, minWidth: 8 },
    { key: 'name', label: t`Name`, minWidth: 16 },
    { key: 'vat_number', label: t`VAT number`, priority: 4, minWidth: 11 },
    { key: 'date', label: t`Date`, kind: 'date', priority: 2 },
    { key: 'amount', label: t`Amount`, kind: 'money', priority: 1 },
    { key: 'detail', label: t`Detail`, priority: 5 },
    { key: 'id', label: t`ID`, id: true, priority: 9 },
  ],
  fields: SEARCH_HIT_FIELDS,
  amountFields: ['amount'],
  italianHeaders: { kind: 'Tipo', ref: 'Riferimento', date: 'Data' },
  empty: t`Nothing in the mirror matches.`,
};

export async function run(words: string[], options: FlagValues<typeof SEARCH_FLAGS>, factory: Factory): Promise<void> {
  const text = words.join(' ').trim();
  const match = searchExpression(text);
  if (match === undefined) throw new UsageError(t`give something to search for: a name, a VAT number, an invoice number (42/2026), an amount (1.234,50)`);
  void factory.output; // a bad -o or --csv-dialect is exit 2 before the mirror is opened
  const mirror = await factory.mirror();
  const held = mirror.companies();
  const selection = await factory.selection();
  // The companies the token manages as the last sync listed them: a selection covering one never synced is refused, naming it.
  const picked = pickCompanies(listedAccounts(mirror) ?? held, selection);
  assertSynced(factory, mirror, picked, selection);
  const companies = picked.map((company) => mirror.company(company.id)!);
  if (companies.length === 0) throw new UsageError(t`the mirror holds no company yet: run \`fisco sync\` while online first`);
  const kinds: Kind[] = (options.in ?? SEARCH_IN_VALUES).map((name) => SEARCH_KINDS[name]);
  const perPage = options.perPage ?? 50;
  const page = options.page ?? 1;
  const limit = options.all ? -1 : (options.limit ?? perPage);
  const offset = options.all || options.limit !== undefined ? 0 : (page - 1) * perPage;
  const search = searchOf(match, kinds, companies, held);
  const hits = searchHits(mirror, search, offset, limit);
  await factory.output.list(hits.map(shown), view);
  if (!options.all && options.limit === undefined) sayMore(factory, searchTotal(mirror, search, { offset, perPage, shown: hits.length }), perPage, page);
  sayAges(factory, mirror, companies);
}

/** A hit's kind in fisco's words: the run's language in a table and the Italian CSV, English (as ever) in json, ndjson and RFC csv. */
const KIND_WORDS: Record<SearchHit['kind'], Message> = {
  invoice: t`invoice`,
  client: t`client`,
  f24: t`F24`,
  deadline: t`deadline`,
  expense: t`expense`,
};

function shown(hit: SearchHit): Omit<SearchHit, 'kind'> & { kind: Message } {
  return { ...hit, kind: KIND_WORDS[hit.kind] };
}

/** As a list says it (src/commands/page-note.ts): what this page showed of how many, and how to get the rest. */
function sayMore(factory: Factory, total: number, perPage: number, page: number): void {
  const next = page * perPage < total ? page + 1 : null;
  if (next === null) return;
  const table = factory.output.format === 'table';
  const note = table || !factory.io.stdoutIsTTY ? pageNote({ page, per_page: perPage, total, next_page: next }, table) : null;
  if (note) factory.output.info(note);
}

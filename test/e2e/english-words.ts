/**
 * The English-word scan of Italian runs (issue 41): the enum values of the service and of fisco, and
 * the common English words, that an Italian reader must never meet in fisco's own words. Used by
 * test/e2e/italian-words.test.ts (tables, views, messages, reports) and test/e2e/help-italian.test.ts
 * (every command's help).
 */
/** The service's enum values and fisco's own, as they would leak into a table. */
export const ENUMS = [
  'paid',
  'unpaid',
  'partial',
  'draft',
  'queued',
  'sent',
  'delivered',
  'accepted',
  'rejected',
  'delivery_failed',
  'failed_delivery',
  'ready',
  'expired',
  'cancelled',
  'upcoming',
  'due_today',
  'overdue',
  'done',
  'outbound',
  'inbound',
  'proposed',
  'unmatched',
  'skipped',
  'applied',
  'needs-review',
  'already-registered',
  'synced',
  'incomplete',
  'failed',
  'downloaded',
  'exact',
  'other',
  'active',
  'inactive',
  'pending',
];

/** Common English words: one of them in a table or a message of fisco's own is an untranslated sentence. */
export const WORDS = [
  'the',
  'of',
  'to',
  'and',
  'not',
  'is',
  'are',
  'has',
  'have',
  'with',
  'without',
  'found',
  'created',
  'skipped',
  'error',
  'warning',
  'invoice',
  'invoices',
  'client',
  'clients',
  'company',
  'amount',
  'date',
  'total',
  'yes',
  'none',
  'from',
  'for',
  'this',
  'that',
  'by',
  'use',
  'run',
  'see',
  'page',
  'more',
  'shown',
  'left',
  'out',
  'field',
  'fields',
  'ago',
  'days',
  'week',
];

/**
 * The English words of fisco's own left in `text`: the service's words (passed in, found in the
 * json of the same data), «quoted», `code`, 'quoted' and "quoted" text, flags, commands after
 * `fisco`, paths, URLs and API requests are set aside first. `alsoItalian`: words of the list that
 * are Italian words too in that text ("date", the plural of data).
 */
export function englishWords(text: string, serviceText: readonly string[], alsoItalian: readonly string[] = []): string[] {
  let ours = text;
  for (const s of [...serviceText].sort((a, b) => b.length - a.length)) if (s.length > 1) ours = ours.split(s).join(' ');
  ours = ours
    .replace(/«[^»]*»/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/'[^'\n]*'/g, ' ')
    .replace(/"[^"\n]*"/g, ' ')
    .replace(/\bfisco( [a-z-]+)+/g, ' ')
    .replace(/\b(GET|POST|PUT|PATCH|DELETE) \S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S*\/\S*/g, ' ')
    .replace(/--?[\w-]+/g, ' ')
    .replace(/\b[\w.-]*_[\w.-]*\b/g, (w) => (ENUMS.includes(w) ? w : ' '));
  const words = new Set([...ENUMS, ...WORDS].filter((w) => !alsoItalian.includes(w)));
  const found = new Set<string>();
  for (const word of ours.split(/[^A-Za-z_-]+/)) if (words.has(word.toLowerCase())) found.add(word);
  return [...found];
}

/**
 * `fisco help exit-codes` and `fisco help formats`: reference pages that are no command's help.
 * Plain text, no imports: answered before any command is loaded.
 */
export const TOPICS: Record<string, { summary: string; text: string }> = {
  'exit-codes': {
    summary: 'what each exit code means',
    text: `Exit codes (the same for every command; scripts and CI can rely on them)

  0    success
  1    unexpected failure: a bug in fisco (run again with --debug and report it)
  2    usage or local validation error: nothing was sent (a bad flag or value, a file that
       cannot be read, a firm token with no company named where one is needed)
  3    not authenticated or not allowed (401; 403 wrong environment or missing ability)
  4    not found (404, or no invoice with that number)
  5    conflict (409: a client with that VAT number exists)
  6    rejected by the service (422)
  7    rate limited, still after retries (429)
  8    network failure, timeout or server error, after retries; an answer that is not
       what the contract says
  9    outcome unknown: a write may or may not have happened; the message says how to check
  10   not confirmed: cancelled at a prompt, or --send without --yes and no terminal
  11   partly done: a run over several companies, records or files where some failed;
       the summary names them
  12   a local file or folder could not be written after the work was done; nothing partial
       is left and the message names the path (a path refused before any request is 2);
       standard output refusing data (a full disk) too
  130  interrupted (Ctrl-C); 143 for SIGTERM: what was done is stated, no partial file is left

Errors are one line on stderr naming the field or cause, with what to do on the lines below;
stdout carries data only.
`,
  },
  formats: {
    summary: 'dates, amounts and CSV dialects fisco reads and writes',
    text: `Formats

Dates you type (flags such as --date, --due-from, --issued-from, and the guided flow's prompts)
  2026-11-24    YYYY-MM-DD
  24/11/2026    dd/mm/yyyy (also 4/3/2026 and 24.11.2026)
  A date must exist in the calendar (31/02/2026 is refused). Months (--period, --from/--to of
  expenses) are YYYY-MM or mm/yyyy (10/2026). Instants (--updated-since) are ISO-8601 with Z or an offset, or a date.

Amounts you type (--amount, --paid, --discount, --due DATE=AMOUNT, the guided flow)
  1234.50   1234,50   1.234,50   1,234.50   1234
  At most two decimals. A single separator followed by exactly three digits (1.234, 1,234)
  reads as a thousand in one notation and as three decimals in the other: it is refused, with
  the spellings that say which (1234 or 1.234,00). A euro sign and spaces are ignored.
  In --item, unit prices and quantities take a dot for decimals (up to 8: 0.125); written with
  a comma (150,00, 1.234,50) they are read as Italian.

What fisco prints
  table   for people: dates dd/mm/yyyy, amounts 1.234,50 €
  json, ndjson, csv   the API's field names and values: dates YYYY-MM-DD, amounts "1234.50"
  (strings, never floats), ids as strings.

CSV dialects (-o csv, --csv-dialect)
  rfc   RFC 4180: ',' separator, '.' decimals, YYYY-MM-DD dates, dotted column names
        (counterpart.name), UTF-8 without BOM. The default.
  it    for Italian spreadsheets: ';' separator, decimal comma without thousands separators
        (1234,50), dd/mm/yyyy dates, UTF-8 with BOM.
  In both, a cell a spreadsheet would run as a formula (=, +, -, @ first) is escaped.

Files you prepare (a batch, a CSV statement, a mapping)
  A regular file (not a folder, a pipe or a device: - reads stdin), up to 64 MB (statements up
  to 2 GB); a CSV may have a BOM, lines ending in CRLF, LF or CR, mixed, and empty lines, a
  trailing one too.
`,
  },
};

/**
 * The text of `fisco help TOPIC`, or undefined when TOPIC is not one. `computed` adds topics made
 * from the command tree (`flags`: the global flags, src/help/format.ts).
 */
export function topicText(
  words: readonly string[],
  computed: Record<string, () => string> = {},
  topics: Readonly<Record<string, { summary: string; text: string }>> = TOPICS,
): string | undefined {
  if (words.length !== 2 || words[0] !== 'help') return undefined;
  const topic = words[1]!;
  if (Object.hasOwn(computed, topic)) return computed[topic]!();
  return Object.hasOwn(topics, topic) ? topics[topic]!.text : undefined;
}

/**
 * The fast path of the mirror's reads (src/mirror/), answered by bin/fisco.js before the CLI is
 * loaded (as `--help` is answered from dist/help.json): built alone into dist/offline.cjs, it loads
 * node:sqlite and a few pure modules, never commander, zod or undici, so an offline read costs
 * little more than starting Node. A mirror on PostgreSQL (--mirror, FISCO_MIRROR_URL, the profile's
 * mirror setting, as src/mirror/choose.ts picks it) is read the same way through the reader of
 * src/mirror/pg-reader.ts (dist/offline-pg.cjs: node-postgres on the process's own thread, the
 * statements of the CLI's store), which bin/fisco.js hands over as `options.pg` only then.
 *
 * It answers only the plainest form of three reads, and only when every part of the answer is in
 * the mirror exactly as the CLI's own offline path would find it:
 *   fisco --offline [--account ID] invoice list [--direction D] [--page N] [--per-page N]
 *   (each with --mirror URL too)
 *   fisco --offline [--account ID | --accounts IDS | --all-accounts] overview [--days N]
 *   fisco search TEXT… [--in KINDS] [--page N] [--per-page N] [--all] [--limit N] [selection]
 * in json or ndjson (stdout not a terminal), with -q, a FISCO_TOKEN credential with FISCO_BASE_URL.
 * The overview's warnings (each recent rejected invoice explained) are the CLI's lines too, even
 * with -q; when they would be Italian or coloured (stderr a terminal) the CLI says them.
 * Anything else — another flag, a profile, a firm fan-out, a table, a company not synced, a part
 * the service refused, an error of any kind — returns undefined before anything is written, and
 * the CLI answers (and says why). Its output is the CLI's byte for byte (test/e2e/mirror-fast.test.ts).
 */
import { tokenCannotBeSent } from './api/token.js';
import type { Env } from './io/env.js';
import { resolveAccount } from './profiles/account.js';
import { addDays, previousMonth, todayIn } from './domain/dates.js';
import { dataDir, profileSettings } from './profiles/paths.js';
import type { openShared } from './mirror/pg-reader.js';
import { Redactor } from './output/redact.js';
import { safeText } from './output/safe-text.js';
import { overviewRow, rejectedCountedBefore, rejectedLines, type CompanyRejections, type OverviewInputs } from './report/overview.js';
import { pageNote } from './output/page-note.js';
import { centsText, SEARCH_KINDS, KIND, RESOURCES, type SearchKindName } from './mirror/kinds.js';
import { ageLines, mirrorPath } from './mirror/locate.js';
import { hitsOf, openInvoicesQuery, searchOf, shownTotal } from './mirror/read.js';
import { searchExpression } from './mirror/search.js';
import { matchOwner, parseOwner } from './mirror/owner.js';
import { Mirror, type MirrorCompany, type RecordQuery, type StoredRow } from './mirror/store.js';
import type { MirrorStore } from './mirror/storage.js';

export interface FastIO {
  stdout(text: string): void;
  stderr(text: string): void;
  stdoutIsTTY: boolean;
  /** Whether stderr is a terminal (where the CLI colours "warning:"); unknown counts as one. */
  stderrIsTTY?: boolean;
}

/** The reads the fast path makes of a mirror: the SQLite store answers them at once, the PostgreSQL reader over its connection. */
type Reads = Pick<
  MirrorStore,
  'meta' | 'companies' | 'company' | 'refusal' | 'refusals' | 'get' | 'count' | 'totals' | 'rows' | 'guessed' | 'search' | 'searchCount'
>;
export type FastStore = { [K in keyof Reads]: (...args: Parameters<Reads[K]>) => ReturnType<Reads[K]> | Promise<ReturnType<Reads[K]>> };

/** What bin/fisco.js gives the fast path: the PostgreSQL reader's bundle (dist/offline-pg.cjs), loaded on use. */
export interface FastOptions {
  pg?: () => { openShared: typeof openShared };
}

interface Parsed {
  globals: {
    offline: boolean;
    /** --mirror as given (a connection string, or '' for the SQLite file). */
    mirror?: string;
    account?: string;
    /** The company the run names by the one rule (--account, FISCO_ACCOUNT), as the CLI resolves it. */
    named?: string;
    accounts?: string;
    allAccounts: boolean;
    format: 'json' | 'ndjson';
    quiet: boolean;
  };
  words: string[];
  flags: Map<string, string | true>;
}

/** Global flags that take a value, and the ones that do not (anything else: not answered here). */
const VALUED = new Set(['--account', '--accounts', '--output', '-o', '--mirror']);
const BARE = new Set(['--offline', '--all-accounts', '--quiet', '-q', '--no-color', '--no-pager', '--no-input']);
const VERB_VALUED = new Set(['--direction', '--page', '--per-page', '--days', '--in', '--limit']);
const VERB_BARE = new Set(['--all']);

/** The arguments as commander would read them, for the forms answered here; undefined for anything else. */
function parse(argv: readonly string[], env: Env): Parsed | undefined {
  const words: string[] = [];
  const values = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) {
      words.push(arg);
      continue;
    }
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (values.has(name)) return undefined;
    if (BARE.has(name) || VERB_BARE.has(name)) {
      if (inline !== undefined) return undefined;
      values.set(name, true);
    } else if (VALUED.has(name) || VERB_VALUED.has(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value.startsWith('-')) return undefined;
      values.set(name, value);
    } else return undefined;
  }
  const format = values.get('-o') ?? values.get('--output') ?? 'json';
  if (format !== 'json' && format !== 'ndjson') return undefined;
  if ((values.has('-o') && values.has('--output')) || (values.has('-q') && values.has('--quiet'))) return undefined;
  const offline = offlineEnv(env.FISCO_OFFLINE);
  if (offline === undefined) return undefined;
  const text = (name: string) => (typeof values.get(name) === 'string' ? (values.get(name) as string) : undefined);
  const globals = {
    offline: values.has('--offline') || offline,
    mirror: text('--mirror'),
    account: text('--account'),
    named: resolveAccount(text('--account'), env)?.id,
    accounts: text('--accounts'),
    allAccounts: values.has('--all-accounts'),
    format: format as 'json' | 'ndjson',
    quiet: values.has('-q') || values.has('--quiet'),
  };
  for (const name of [
    '--account',
    '--accounts',
    '--output',
    '-o',
    '--mirror',
    '--offline',
    '--all-accounts',
    '--quiet',
    '-q',
    '--no-color',
    '--no-pager',
    '--no-input',
  ])
    values.delete(name);
  return { globals, words, flags: values };
}

function offlineEnv(raw: string | undefined): boolean | undefined {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(value)) return false;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  return undefined;
}

/** A whole number within bounds, as the flag tables take it; undefined when absent, NaN when not one. */
function int(flags: Parsed['flags'], name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = flags.get(name);
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) return Number.NaN;
  return Number(raw);
}

/** A mirror open for the fast path: its reads, the credential's token and companies, the secrets to redact, and how to close it. */
interface Opened {
  store: FastStore;
  token: string;
  accounts: readonly string[];
  secrets: string[];
  close(): void | Promise<void>;
}

/**
 * The mirror of a FISCO_TOKEN credential with FISCO_BASE_URL (what the CLI would open), read-only,
 * in one snapshot, and only when that credential filled it; undefined otherwise (the CLI then opens
 * it and says what it is). A connection string (--mirror, FISCO_MIRROR_URL, the profile's setting,
 * in that order, as src/mirror/choose.ts picks it) is the PostgreSQL mirror's, read by `options.pg`.
 */
async function mirrorOf(env: Env, parsed: Parsed, options: FastOptions, settings: Settings): Promise<Opened | undefined> {
  const token = env.FISCO_TOKEN?.trim();
  const base = env.FISCO_BASE_URL;
  if (!token || !base || tokenCannotBeSent(token)) return undefined;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return undefined;
  const environment = env.FISCO_ENV ?? 'production';
  if (environment !== 'production' && environment !== 'sandbox') return undefined;
  const identity = { baseUrl: base.replace(/\/+$/, ''), token };
  if (settings === 'unreadable') return undefined;
  const shared = parsed.globals.mirror ?? env.FISCO_MIRROR_URL ?? settings?.mirror;
  let opened: Opened | undefined;
  if (shared !== undefined && shared.trim() !== '') {
    if (!options.pg) return undefined;
    const shown = await options.pg().openShared(shared, env, identity);
    if (!shown) return undefined;
    const { reader, secrets } = shown;
    opened = { store: reader, token, accounts: [], secrets, close: () => reader.close() };
  } else {
    const mirror = Mirror.openReadOnly(mirrorPath(dataDir(env), { environment, ...identity }));
    if (!mirror) return undefined;
    opened = { store: mirror, token, accounts: [], secrets: [env.PGPASSWORD ?? ''], close: () => mirror.close() };
    // One snapshot for the whole answer, as the CLI's offline reads (a sync may commit meanwhile).
    mirror.holdSnapshot();
  }
  try {
    // Only the credential that filled it (src/mirror/owner.ts): anything else is the CLI's to refuse.
    const owner = parseOwner(await opened.store.meta('owner'));
    if (owner && matchOwner(owner, identity) === 'same') return { ...opened, accounts: owner.accounts };
  } catch {
    /* the CLI meets it again and says what it is */
  }
  await opened.close();
  return undefined;
}

/** What a fast answer prints: the data, the warnings (even with -q, as the CLI's), then the notes (not with -q). */
interface Answered {
  data: string;
  notes: string[];
  warnings?: string[];
}

/** Prints the answer the CLI would print: data (its secrets redacted), the warnings, then the notes unless -q. */
function print(io: FastIO, parsed: Parsed, secrets: readonly string[], answered: Answered): number {
  const redactor = new Redactor();
  for (const secret of secrets) redactor.add(secret);
  io.stdout(redactor.redactSecrets(answered.data));
  for (const warning of answered.warnings ?? []) io.stderr(`warning: ${safeText(redactor.redact(warning))}\n`);
  if (!parsed.globals.quiet) for (const note of answered.notes) io.stderr(safeText(redactor.redact(`${note}\n`)));
  return 0;
}

function listText(format: 'json' | 'ndjson', items: readonly string[]): string {
  if (format === 'ndjson') return items.map((item) => `${item}\n`).join('');
  return items.length === 0 ? '[]\n' : `[\n  ${items.join(',\n  ')}\n]\n`;
}

/** `--offline invoice list` of one company, one page. */
async function invoiceList(parsed: Parsed, mirror: FastStore): Promise<Answered | undefined> {
  const { flags, globals } = parsed;
  const direction = flags.get('--direction') ?? 'outbound';
  const page = int(flags, '--page', 1) ?? 1;
  const perPage = int(flags, '--per-page', 1, 100) ?? 50;
  if ([...flags.keys()].some((f) => !['--direction', '--page', '--per-page'].includes(f)) || Number.isNaN(page) || Number.isNaN(perPage)) return undefined;
  if (direction !== 'outbound' && direction !== 'inbound') return undefined;
  if (globals.accounts !== undefined || globals.allAccounts) return undefined;
  const account = globals.named;
  const held = await mirror.companies();
  let company: MirrorCompany | undefined;
  if (account !== undefined) company = await mirror.company(account);
  else {
    // No company named: the CLI asks whether the token is a firm's (the mirror's GET /v1/me); a company token's one company.
    const count = (JSON.parse((await mirror.meta('me')) ?? '{}') as { accounts_count?: unknown }).accounts_count;
    if (held.length === 1 && typeof count === 'number' && count <= 1) company = held[0];
  }
  if (!company) return undefined;
  const query = { cids: [company.cid], kind: KIND.invoice, part: direction === 'inbound' ? 1 : 0, descending: true };
  // Asked at once (a PostgreSQL mirror gets them in one round trip: pg-reader.ts), then checked in turn.
  const [refused, guessed, total, stored] = await Promise.all([
    ask(() => mirror.refusal(company.cid, direction === 'inbound' ? RESOURCES.inbound : RESOURCES.outbound)),
    ask(() => mirror.guessed(query)),
    ask(() => mirror.count(query)),
    rowsOf(mirror, query, (page - 1) * perPage, perPage),
  ]);
  if (refused) return undefined;
  // Invoices whose place in the service's order is a guess get a word on stderr: the CLI says it.
  if (guessed.last > 0 || guessed.unsure > 0) return undefined;
  const rows = stored.map((r) => r.json);
  const next = page * perPage < total ? page + 1 : null;
  const note = next === null ? null : pageNote({ page, per_page: perPage, total, next_page: next }, false)?.toString();
  return { data: listText(globals.format, rows), notes: [...(note ? [note] : []), ...ageLines([company], held.length, Date.now()).map(String)] };
}

/**
 * The companies of --accounts / --all-accounts / --account among the mirrored ones, in the order
 * given; undefined for an unknown one, or every company when one the token manages was never synced.
 */
function selected(parsed: Parsed, held: readonly MirrorCompany[], managed: readonly string[]): MirrorCompany[] | undefined {
  const { account, named, accounts, allAccounts } = parsed.globals;
  if ([account, accounts, allAccounts ? true : undefined].filter((x) => x !== undefined).length > 1) return undefined;
  if (allAccounts || (!named?.trim() && accounts === undefined)) return managed.every((id) => held.some((c) => c.id === id)) ? [...held] : undefined;
  const ids =
    accounts === undefined
      ? [named!.trim()]
      : [
          ...new Set(
            accounts!
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean),
          ),
        ];
  const byId = new Map(held.map((c) => [c.id, c]));
  const picked = ids.map((id) => byId.get(id));
  return ids.length > 0 && picked.every(Boolean) ? (picked as MirrorCompany[]) : undefined;
}

/**
 * What `fisco overview` reads for one company (src/commands/overview/overview.ts, companyFigures),
 * from the mirror: open receivables, F24s ready and expired, the overdue deadlines' count, the
 * deadlines due within `days`, the current and previous month's expense summaries, the invoices
 * the SDI rejected (in the service's order). Undefined when a part is not in the mirror as the
 * online read would find it (refused, a month not held, invoices whose place in the service's
 * order is a guess, which the CLI notes): the caller then answers through the client, which says why.
 */
async function overviewInputs(
  mirror: FastStore,
  company: MirrorCompany,
  today: string,
  days: number,
): Promise<Omit<OverviewInputs, 'webhooksReady'> | undefined> {
  const cids = [company.cid];
  const summary = async (month: string) => {
    const json = await mirror.get(company.cid, KIND.summary, month);
    return json === undefined ? undefined : (JSON.parse(json) as OverviewInputs['currentMonth']);
  };
  // Every part asked at once (a PostgreSQL mirror gets them in one round trip: pg-reader.ts), then checked.
  const rejections = { cids, kind: KIND.invoice, part: 0, k: [''], sdi: ['rejected'] };
  const longAgo = rejectedCountedBefore(today);
  const [refusals, currentMonth, lastMonth, guessed, open, ready, expired, deadlinesOverdue, deadlinesWindow, rejected, rejectedOld] = await Promise.all([
    ask(() => mirror.refusals(company.cid)),
    summary(today.slice(0, 7)),
    summary(previousMonth(today)),
    ask(() => mirror.guessed({ cids, kind: KIND.invoice, part: 0 })),
    openReceivables(mirror, company),
    records<NonNullable<OverviewInputs['f24s']>[number]>(mirror, { cids, kind: KIND.f24, k: ['ready'] }),
    records<NonNullable<OverviewInputs['f24s']>[number]>(mirror, { cids, kind: KIND.f24, k: ['expired'] }),
    ask(() => mirror.count({ cids, kind: KIND.deadline, k: ['overdue'] })),
    records<{ status: string }>(mirror, { cids, kind: KIND.deadline, dFrom: today, dTo: addDays(today, days) }),
    // Those rejected long ago only counted (report/overview.ts rejectedCountedBefore), the rest read.
    records<NonNullable<OverviewInputs['rejected']>[number]>(mirror, { ...rejections, notRejectedBefore: longAgo, descending: true }),
    ask(() => mirror.count({ ...rejections, rejectedBefore: longAgo })),
  ]);
  const refused = new Set(refusals.map((refusal) => refusal.resource));
  if ([RESOURCES.outbound, RESOURCES.f24s, RESOURCES.deadlines, RESOURCES.summaries].some((resource) => refused.has(resource))) return undefined;
  if (!currentMonth || !lastMonth) return undefined;
  if (guessed.last > 0 || guessed.unsure > 0) return undefined;
  return {
    today,
    ...open,
    f24s: [...ready, ...expired],
    deadlinesOverdue,
    deadlinesWindow,
    currentMonth,
    previousMonth: lastMonth,
    rejected,
    rejectedOld,
    missing: [],
  };
}

/**
 * A read as a promise, asked at once: the SQLite store answers (or throws: a damaged file) while
 * it is called, so a read among others asked together must not throw before they are all handed
 * to Promise.all, which would leave the others' failures unhandled.
 */
async function ask<T>(read: () => T | Promise<T>): Promise<T> {
  return read();
}

/** Every record of a query, parsed, in the mirror's order (src/mirror/read.ts records, of a store that may answer later). */
async function records<T>(mirror: FastStore, query: RecordQuery): Promise<T[]> {
  return (await rowsOf(mirror, query)).map((row) => JSON.parse(row.json) as T);
}

/**
 * A query's rows, read whole before anything else is asked: the SQLite store's rows are a lazy
 * walk of a statement it reuses for the same query, which another read asked meanwhile would
 * start over; the PostgreSQL reader's come whole.
 */
async function rowsOf(mirror: FastStore, query: RecordQuery, offset?: number, limit?: number): Promise<StoredRow[]> {
  const rows = mirror.rows(query, offset, limit);
  return rows instanceof Promise ? [...(await rows)] : [...rows];
}

/** The open receivables' figures, added up in SQL (whole cents); the invoices themselves when an amount is not in whole cents. */
async function openReceivables(mirror: FastStore, company: MirrorCompany): Promise<Pick<OverviewInputs, 'open' | 'openTotals'>> {
  const totals = await mirror.totals({ cids: [company.cid], kind: KIND.invoice, part: 0, k: ['unpaid', 'partial'] });
  if (totals.priced !== totals.count) return { open: await records<NonNullable<OverviewInputs['open']>[number]>(mirror, openInvoicesQuery(company)) };
  return {
    openTotals: { count: totals.count, amount: centsText(totals.amount), overdueCount: totals.flagged, overdueAmount: centsText(totals.flaggedAmount) },
  };
}

/** `--offline overview` of the selected companies, every part from the mirror. */
async function overview(parsed: Parsed, mirror: FastStore, managed: readonly string[]): Promise<Answered | undefined> {
  const { flags } = parsed;
  const days = int(flags, '--days', 1, 366) ?? 14;
  if ([...flags.keys()].some((f) => f !== '--days') || Number.isNaN(days) || parsed.words.length !== 1) return undefined;
  const held = await mirror.companies();
  const companies = selected(parsed, held, managed);
  const me = JSON.parse((await mirror.meta('me')) ?? 'null') as { webhooks_ready?: unknown } | null;
  if (!companies || companies.length === 0 || held.length === 0 || !me) return undefined;
  // The service's date at the latest sync (what the CLI's overview reads from the mirror's Date header), as the sync stored it.
  const latest = held.reduce((a, b) => (b.syncedAt > a.syncedAt ? b : a));
  const today = latest.day ?? todayIn('Europe/Rome', new Date(latest.syncedAt));
  const rows: string[] = [];
  const rejections: CompanyRejections[] = [];
  const every = await Promise.all(companies.map((company) => overviewInputs(mirror, company, today, days)));
  for (const [n, company] of companies.entries()) {
    const inputs = every[n];
    if (!inputs) return undefined;
    const account = JSON.parse(company.json) as { id: string; name: string; vat_number: string | null };
    rows.push(JSON.stringify(overviewRow(account, { ...inputs, webhooksReady: me.webhooks_ready === true })));
    rejections.push({ company: account, rejected: inputs.rejected, old: inputs.rejectedOld });
  }
  return {
    data: listText(parsed.globals.format, rows),
    notes: ageLines(companies, held.length, Date.now()).map(String),
    warnings: rejectedLines(rejections, today).map(String),
  };
}

/** `fisco search`: the same hits, page and notes as the command. */
async function search(parsed: Parsed, mirror: FastStore, managed: readonly string[], stdoutIsTTY: boolean): Promise<Answered | undefined> {
  const { flags } = parsed;
  if ([...flags.keys()].some((f) => !['--in', '--page', '--per-page', '--all', '--limit'].includes(f))) return undefined;
  const page = int(flags, '--page', 1) ?? 1;
  const perPage = int(flags, '--per-page', 1, 100) ?? 50;
  const limitFlag = int(flags, '--limit', 1);
  const all = flags.has('--all');
  const kindsRaw = flags.get('--in');
  const names = typeof kindsRaw === 'string' ? [...new Set(kindsRaw.split(',').map((k) => k.trim()))] : Object.keys(SEARCH_KINDS);
  if ([page, perPage, limitFlag].some((n) => Number.isNaN(n)) || names.some((n) => !(n in SEARCH_KINDS))) return undefined;
  const match = searchExpression(parsed.words.slice(1).join(' ').trim());
  const held = await mirror.companies();
  const companies = selected(parsed, held, managed);
  if (match === undefined || !companies || companies.length === 0) return undefined;
  const kinds = names.map((n) => SEARCH_KINDS[n as SearchKindName]);
  const offset = all || limitFlag !== undefined ? 0 : (page - 1) * perPage;
  const search = searchOf(match, kinds, companies, held);
  const hits = hitsOf(search, await mirror.search(search.match, search.within, offset, all ? -1 : (limitFlag ?? perPage)));
  const notes: string[] = [];
  if (!all && limitFlag === undefined && !stdoutIsTTY) {
    const total = shownTotal({ offset, perPage, shown: hits.length }) ?? (await mirror.searchCount(search.match, search.within));
    const note = page * perPage < total ? pageNote({ page, per_page: perPage, total, next_page: page + 1 }, false)?.toString() : null;
    if (note) notes.push(note);
  }
  notes.push(...ageLines(companies, held.length, Date.now()).map(String));
  return {
    data: listText(
      parsed.globals.format,
      hits.map((hit) => JSON.stringify(hit)),
    ),
    notes,
  };
}

/**
 * Whether the run speaks English, by the CLI's precedence (--lang is not answered here): FISCO_LANG,
 * else the lang of the profile in use (FISCO_PROFILE or the active one), else the locale.
 */
function surelyEnglish(env: Env, settings: Settings): boolean {
  if (env.FISCO_LANG) return env.FISCO_LANG.trim().toLowerCase() === 'en';
  if (settings === 'unreadable') return false;
  if (settings?.lang !== undefined) return settings.lang === 'en';
  return !/^it(_|\.|@|$)/i.test(env.LC_ALL || env.LC_MESSAGES || env.LANG || '');
}

/** The profile in use's settings, read once for the run (its language, its mirror); 'unreadable' for a file that is not JSON (the CLI says so). */
type Settings = ReturnType<typeof profileSettings> | 'unreadable';

function settingsOf(env: Env): Settings {
  try {
    return profileSettings(env);
  } catch {
    return 'unreadable';
  }
}

/** Whether the CLI would write stderr without colour whatever it is (--no-color, NO_COLOR). */
function plainStderr(argv: readonly string[], env: Env): boolean {
  return argv.includes('--no-color') || Boolean(env.NO_COLOR);
}

/**
 * Answers `argv` (the words after `fisco`) when it is one of the forms above and everything it
 * needs is in the mirror: the exit code, after writing. Undefined (nothing written) otherwise.
 */
export async function answer(argv: readonly string[], env: Env, io: FastIO, options: FastOptions = {}): Promise<number | undefined> {
  if (env.FISCO_NO_FAST_PATH || io.stdoutIsTTY) return undefined;
  const parsed = parse(argv, env);
  if (!parsed) return undefined;
  const [noun, verb] = parsed.words;
  const isSearch = noun === 'search' && parsed.words.length > 1;
  const isList = noun === 'invoice' && verb === 'list' && parsed.words.length === 2;
  if (!isSearch && !(parsed.globals.offline && (isList || (noun === 'overview' && parsed.words.length === 1)))) return undefined;
  // Its notes are English: a run that may speak another language (src/profiles/lang.ts) is the CLI's.
  const settings = settingsOf(env);
  if (!parsed.globals.quiet && !surelyEnglish(env, settings)) return undefined;
  let opened: Opened | undefined;
  let answered: Answered | undefined;
  try {
    opened = await mirrorOf(env, parsed, options, settings);
    if (!opened) return undefined;
    answered = isSearch
      ? await search(parsed, opened.store, opened.accounts, io.stdoutIsTTY)
      : isList
        ? await invoiceList(parsed, opened.store)
        : await overview(parsed, opened.store, opened.accounts);
  } catch {
    // Whatever it is, the CLI meets it again and says what it is.
    answered = undefined;
  } finally {
    await opened?.close();
  }
  if (!answered || !opened) return undefined;
  // Warnings are printed even with -q, in the run's language and (on a terminal) coloured: the CLI's then, unless surely plain English.
  if (answered.warnings?.length && (!surelyEnglish(env, settings) || (io.stderrIsTTY !== false && !plainStderr(argv, env)))) return undefined;
  return print(io, parsed, [opened.token, ...opened.secrets], answered);
}

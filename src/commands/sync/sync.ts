/**
 * fisco sync [--full] [--status]: the local mirror of the token's companies (src/mirror/). Each
 * company is synced in one transaction, one company after the other, every request through the
 * one client and its one pacer; progress on a terminal, a summary line per company on stderr and
 * one record per company on stdout; exit 11 when some companies failed or were refused a part.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { getMe, getMeWithClock } from '../../api/me.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { jsonText } from '../../domain/answer-json.js';
import { todayIn } from '../../domain/dates.js';
import { UsageError } from '../../errors.js';
import { acquireLock, describeOwner, LockBusyError } from '../../io/lock.js';
import { when } from '../../mirror/locate.js';
import { identityOf, mirrorFile } from '../../mirror/open.js';
import { matchOwner, ownerRow, parseOwner, type Identity } from '../../mirror/owner.js';
import type { MirrorStore } from '../../mirror/storage.js';
import { assertWritable, Mirror } from '../../mirror/store.js';
import { CLOCK_SKEW_MS, syncCompany, type CompanyResult, type ServiceClock } from '../../mirror/sync.js';
import type { View } from '../../output/view.js';
import { companyLabel, listCompanies, pickCompanies, type Company } from '../../portfolio/companies.js';
import { partialSummary, type MissingPart } from '../../portfolio/partial.js';
import { Portfolio, type Outcome } from '../../portfolio/run.js';
import type { SYNC_FLAGS } from './flags.js';
import type { Text } from '../../i18n/message.js';
import { instant, t } from '../../i18n/message.js';

export const SYNC_FIELDS = [
  'account_id',
  'company',
  'result',
  'full',
  'new',
  'changed',
  'removed',
  'requests',
  'last_full_sync',
  'refused',
  'warnings',
  'error',
] as const;

/** One row of `fisco sync -o json` (the tests read it too). */
export interface SyncRow {
  account_id: string;
  company: string;
  result: 'synced' | 'incomplete' | 'failed';
  full: boolean | null;
  new: number | null;
  changed: number | null;
  removed: number | null;
  requests: number | null;
  last_full_sync: string | null;
  refused: string[];
  warnings: Text[];
  error: string | null;
}

const view: View = {
  columns: [
    { key: 'company', label: t`Company`, minWidth: 20, tone: (row) => ((row as SyncRow).result === 'synced' ? undefined : 'danger') },
    { key: 'result', label: t`Result` },
    { key: 'new', label: t`New`, kind: 'count' },
    { key: 'changed', label: t`Changed`, kind: 'count' },
    { key: 'removed', label: t`Removed`, kind: 'count', priority: 2 },
    { key: 'requests', label: t`Requests`, kind: 'count', priority: 3 },
    { key: 'full', label: t`Full`, kind: 'bool', priority: 1 },
  ],
  fields: SYNC_FIELDS,
  empty: t`No companies.`,
};

export async function run(_args: string[], options: FlagValues<typeof SYNC_FLAGS>, factory: Factory): Promise<void> {
  if (options.status) {
    if (options.full) throw new UsageError(t`--status and --full conflict: --status shows the mirror and sends nothing`);
    const { showStatus } = await import('./status.js');
    return showStatus(factory);
  }
  if (factory.offline)
    throw new UsageError(t`--offline: \`fisco sync\` reads the service to fill the mirror; run it online (\`fisco sync --status\` shows the mirror offline)`);
  const portfolio = new Portfolio(factory, await factory.selection());
  // A mirror on a shared PostgreSQL locks each company as its sync starts (src/mirror/pg-store.ts): a second sync of it waits, named.
  if (!(await factory.sharedMirror())) {
    await lockFile(factory);
    // --full over a damaged mirror (not a regular file, unreadable, damaged inside): kept aside, and a new one made.
    const path = await mirrorFile(factory);
    const damaged = options.full ? Mirror.setAsideIfDamaged(path, Date.now()) : undefined;
    if (damaged) factory.output.warn(t`the mirror ${path} ${damaged.cause}: moved aside to ${damaged.aside}; a new mirror is made`);
  }
  const mirror = await factory.mirror({ create: true });
  // The demo's emulator listens on a new port every run: its mirror is the demo's, whatever the port and token.
  const identity = await identityOf(factory);
  checkBaseUrl(mirror, identity.baseUrl, mirror.path, options.full === true);
  // The companies are mirrored as the service lists them (GET /v1/accounts), a company token's own
  // too: offline, `accounts list` answers exactly what it answers online.
  const listed = await listCompanies(await factory.client());
  // A FISCO_TOKEN credential's mirror is named by a digest of its token and base URL, the demo's is the demo's: whose it is goes without saying.
  adopt(factory, mirror, identity, listed, factory.globals.demo === true || (await factory.credentials()).profile === undefined);
  const companies = pickCompanies(listed, await factory.selection());
  const clock = await serviceClock(factory, mirror);
  if (factory.globals.demo) await keepDemoCompanyView(factory, mirror);
  const outcomes = await portfolio.each(
    companies,
    async (company, client) => {
      // A shared mirror: another sync of this company (from any machine) is waited for, named.
      await mirror.reserve?.(company.id);
      const result = await syncCompany(
        mirror,
        { account: { id: company.id, json: jsonText(company), pos: companies.indexOf(company) }, client },
        { full: options.full === true, clock, progress: (text) => factory.io.progress(text) },
        companies.indexOf(company) + 1,
      );
      // Said as each company is committed: a run stopped later (Ctrl-C) has said what it did.
      saySynced(factory, mirror, company, result);
      return result;
    },
    { concurrency: 1, label: t`Syncing` },
  );
  if (options.full && (await factory.selection()).kind === 'all') removeUnlisted(factory, mirror, companies);
  await report(factory, mirror, outcomes);
}

/** Checked before anything is sent: another sync of the same mirror file is named, and nothing is done. */
async function lockFile(factory: Factory): Promise<void> {
  const path = await mirrorFile(factory);
  // A read-only folder, file or disk is said before anything is sent, naming the file (store.ts).
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  } catch (error) {
    assertWritable(path, error);
  }
  assertWritable(path);
  // The one lock (src/io/lock.ts), not waited for: a second sync is refused at once, naming the first.
  const lock = await acquireLock(`${path}.sync.lock`, { timeoutMs: 0 }).catch((error: unknown) => {
    if (error instanceof LockBusyError)
      throw new UsageError(
        t`the mirror ${path} is in use by ${error.owner ? t`fisco ${describeOwner(error.owner)}` : t`another fisco`} (another sync); nothing was done`,
        [t`Run fisco sync again when that one has finished.`],
      );
    return assertWritable(path, error) as never;
  });
  factory.onClose(async () => lock.release());
}

/**
 * A mirror holds one service's records: a profile pointed at another base URL does not mix them in
 * (often an override pointed elsewhere by mistake); `--full` starts the mirror over from the new one.
 */
function checkBaseUrl(mirror: MirrorStore, baseUrl: string, path: string, full: boolean): void {
  const held = parseOwner(mirror.meta('owner'))?.base_url ?? mirror.meta('base_url');
  if (held === undefined || held === baseUrl || full) return;
  throw new UsageError(t`the mirror ${path} holds the records of ${held}, and this credential's base URL is ${baseUrl}; nothing was sent`, [
    t`Use the profile that reads that service, or run \`fisco sync --full\` to start the mirror over from ${baseUrl}.`,
  ]);
}

/**
 * The mirror becomes this credential's: one filled with another token (or from another base URL,
 * with --full), or by an older fisco that did not record whose it was, starts over, so no company
 * the token does not manage survives; then the owner row records this credential and the companies
 * GET /v1/accounts listed (read offline by `accounts list` and every fan-out). An older fisco's
 * mirror whose file name already says whose it is (`named`: a FISCO_TOKEN credential's, the demo's)
 * is kept.
 */
function adopt(factory: Factory, mirror: MirrorStore, identity: Identity, listed: readonly Company[], named: boolean): void {
  const owner = parseOwner(mirror.meta('owner'));
  const match = matchOwner(owner, identity);
  const legacyBase = mirror.meta('base_url');
  const implied = match === 'unknown' && named && (legacyBase === undefined || legacyBase === identity.baseUrl);
  if (match !== 'same' && !implied && (mirror.companies().length > 0 || mirror.meta('me') !== undefined)) {
    const removed = mirror.startOver();
    const why =
      match === 'token'
        ? t`it was filled with another token`
        : match === 'base-url' || (legacyBase !== undefined && legacyBase !== identity.baseUrl)
          ? t`it was filled from ${owner?.base_url ?? legacyBase ?? ''}`
          : t`it does not record which token filled it (an older fisco made it)`;
    const gone = removed === 1 ? t`1 company removed` : t`${removed} companies removed`;
    factory.output.info(t`the mirror ${mirror.path}: ${why}; started over with this credential (${gone})`);
  }
  mirror.setMeta('base_url', identity.baseUrl);
  mirror.setMeta('accounts', listed.map((company) => jsonText(company)).join('\n'));
  mirror.setMeta(
    'owner',
    ownerRow(
      identity,
      listed.map((company) => company.id),
      match === 'same' ? owner!.key : randomBytes(16).toString('hex'),
    ),
  );
}

/** GET /v1/me once per run: the token's facts (kept for offline reads) and the service's clock, which the cursors are taken from. */
async function serviceClock(factory: Factory, mirror: MirrorStore): Promise<ServiceClock> {
  const client = await factory.client();
  const { me, serviceDate } = await getMeWithClock(client.forAccount(''));
  mirror.setMeta('me', jsonText(me));
  const localMs = Date.now();
  if (!serviceDate) factory.output.warn(t`the service sent no Date header: no cursor is kept, so the next sync reads every list whole`);
  else if (Math.abs(serviceDate.getTime() - localMs) > CLOCK_SKEW_MS)
    factory.output.warn(
      t`the service's clock (its Date header) says ${instant(serviceDate.toISOString())}, this machine's ${instant(new Date(localMs).toISOString())}: more than 5 minutes apart; the cursors are kept within both clocks, so no change is missed`,
    );
  return { serviceMs: serviceDate?.getTime(), localMs, today: todayIn('Europe/Rome', serviceDate ?? new Date(localMs)) };
}

/**
 * `--demo` gives a verb over the token's companies the firm's token, and any other verb a company's
 * (src/factory/demo.ts): the sync fills the mirror with the firm's, and keeps the company token's
 * GET /v1/me, so that `--demo --offline X` reads what `--demo X` reads (src/mirror/open.ts).
 */
async function keepDemoCompanyView(factory: Factory, mirror: MirrorStore): Promise<void> {
  const demo = await factory.demo();
  const me = await getMe(factory.clientFor({ token: demo.companyToken, baseUrl: demo.url }).forAccount(''));
  mirror.setMeta('demo_company_me', jsonText(me));
}

/** A full sync of every company: the companies the service no longer lists leave the mirror. */
function removeUnlisted(factory: Factory, mirror: MirrorStore, listed: readonly Company[]): void {
  const ids = new Set(listed.map((c) => c.id));
  for (const company of mirror.companies()) {
    if (ids.has(company.id)) continue;
    mirror.removeCompany(company.id);
    factory.output.info(t`${companyLabel(company)}: no longer listed by the service; removed from the mirror`);
  }
}

function rowOf(outcome: Outcome<CompanyResult>, mirror: MirrorStore): SyncRow {
  const { company } = outcome;
  const held = mirror.company(company.id);
  const lastFull = held?.fullAt === undefined ? null : new Date(held.fullAt).toISOString();
  const base = { account_id: company.id, company: company.name, last_full_sync: lastFull };
  if (!outcome.ok) {
    return {
      ...base,
      result: 'failed',
      full: null,
      new: null,
      changed: null,
      removed: null,
      requests: null,
      refused: [],
      warnings: [],
      error: outcome.error.message,
    };
  }
  const r = outcome.value;
  return {
    ...base,
    result: r.refused.length > 0 ? 'incomplete' : 'synced',
    full: r.full,
    new: r.new,
    changed: r.changed,
    removed: r.removed,
    requests: r.requests,
    refused: r.refused.map((p) => `${p.request}: ${p.reason}`),
    warnings: r.warnings,
    error: null,
  };
}

/** A company's summary line on stderr (and its warnings), as soon as it is committed. */
function saySynced(factory: Factory, mirror: MirrorStore, company: Company, result: CompanyResult): void {
  const held = mirror.company(company.id);
  const full = result.full
    ? t`full sync`
    : held?.fullAt === undefined
      ? t`last full sync never`
      : t`last full sync ${when(held.fullAt, held.fullLocal ?? held.syncedLocal, Date.now())}`;
  factory.output.info(
    t`${companyLabel(company)}: ${result.new} new, ${result.changed} changed, ${result.removed} removed, ${result.requests} requests (${full})`,
  );
  for (const warning of result.warnings) factory.output.warn(t`${companyLabel(company)}: ${warning}`);
}

/** A record per company on stdout, exit 11 when some failed or were refused a part (the summary lines were said as each company was committed). */
async function report(factory: Factory, mirror: MirrorStore, outcomes: Outcome<CompanyResult>[]): Promise<void> {
  const rows = outcomes.map((o) => rowOf(o, mirror));
  await factory.output.list(rows, view);
  const incomplete = new Map<string, MissingPart[]>(
    outcomes.flatMap((o) =>
      o.ok ? [[o.company.id, o.value.refused.map((p) => ({ request: p.request, figures: [], reason: p.reason, exit_code: p.exit_code }))]] : [],
    ),
  );
  const failure = partialSummary(outcomes, incomplete, t`the rest of each company is in the mirror; offline, a refused part answers as the service did`);
  if (failure) throw failure;
}

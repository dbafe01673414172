/**
 * The mirror as a run meets it (Factory.mirror(), Factory.client() with --offline): the file of
 * the run's credential, opened once, closed with the run; and the offline client, the one client
 * answering from it, whose run ends with one stderr line per company read saying how old it is.
 */
import { UsageError } from '../errors.js';
import type { Selection } from '../portfolio/select.js';
import type { ApiClient, LocalAnswerer } from '../api/client.js';
import type { Env } from '../io/env.js';
import type { Credentials } from '../profiles/credentials.js';
import { dataDir } from '../profiles/paths.js';
import { MirrorAnswers, type CompanyView } from './answer.js';
import { ageLines, asOf, mirrorPath } from './locate.js';
import { DEMO_IDENTITY, matchOwner, parseOwner, type Identity } from './owner.js';
import type { SharedMirror } from './choose.js';
import type { MirrorStore } from './storage.js';
import { Mirror, type MirrorCompany } from './store.js';
import { t, type Text } from '../i18n/message.js';
import { DEFAULT_TIMEOUT_MS } from '../api/client.js';

/** What the mirror needs of a run (src/factory/factory.ts's Factory is one). */
export interface MirrorRun {
  readonly env: Env;
  readonly globals: { demo?: boolean; profile?: string };
  /** `--demo` with the firm's token (a verb over the token's companies); a company's otherwise. */
  readonly demoFirm?: boolean;
  credentials(): Promise<Credentials>;
  mirror(): Promise<MirrorStore>;
  /** The shared PostgreSQL holding the mirror, or undefined for the SQLite file (choose.ts). */
  sharedMirror(): Promise<SharedMirror | undefined>;
  onClose(closer: () => Promise<void>): void;
  /** --timeout (ms), or undefined for the default. */
  timeoutMs(): number | undefined;
  readonly output: { info(message: Text): void };
  clientFor(credentials: Credentials, local?: LocalAnswerer): ApiClient;
}

/** The sync command that fills this run's mirror, as a person types it. */
export function syncCommand(run: MirrorRun): string {
  const profile = run.globals.profile ? ` -p ${run.globals.profile}` : '';
  return `fisco${run.globals.demo ? ' --demo' : ''}${profile} sync`;
}

/** The file of the run's mirror (profile and environment, or the token's digest). */
export async function mirrorFile(run: MirrorRun): Promise<string> {
  const credentials = await run.credentials();
  return mirrorPath(dataDir(run.env), {
    profile: credentials.profile,
    environment: credentials.environment,
    baseUrl: credentials.baseUrl,
    token: credentials.token,
    demo: run.globals.demo,
  });
}

export async function openMirror(run: MirrorRun, create: boolean): Promise<MirrorStore> {
  const credentials = await run.credentials();
  const shared = await run.sharedMirror();
  const path = shared ? shared.shown : await mirrorFile(run);
  const mirror = shared ? await openShared(run, shared, create) : Mirror.open(path, { create, repair: `${syncCommand(run)} --full` });
  if (!mirror) throw noMirrorYet(run, credentials, path);
  run.onClose(async () => mirror.close());
  if (create) mirror.assertSound();
  // A sync checks the owner itself (and starts the mirror over for another token); a read answers only for the owner.
  if (!create) {
    // Every read of this run from one snapshot: a sync committing meanwhile is not seen halfway (an --all walk).
    mirror.holdSnapshot();
    // A file that never held anything (a first sync that failed before storing a company): no mirror yet.
    if (mirror.companies().length === 0 && mirror.meta('me') === undefined && mirror.meta('owner') === undefined) throw noMirrorYet(run, credentials, path);
    checkOwner(run, mirror, await identityOf(run));
  }
  return mirror;
}

/** The mirror on a shared PostgreSQL (pg-store.ts), as this run's credential sees it; undefined when the database holds none. */
async function openShared(run: MirrorRun, shared: SharedMirror, create: boolean): Promise<MirrorStore | undefined> {
  const { PgMirror } = await import('./pg-store.js');
  return PgMirror.open({
    ...shared,
    env: run.env,
    identity: await identityOf(run),
    create,
    timeoutMs: run.timeoutMs() ?? DEFAULT_TIMEOUT_MS,
    say: (text) => run.output.info(text),
  });
}

function noMirrorYet(run: MirrorRun, credentials: Credentials, path: string): UsageError {
  return new UsageError(
    t`no mirror yet for ${credentials.profile ? t`the profile ${credentials.profile}` : t`this token`} (${credentials.environment}): nothing to read offline`,
    [t`Run \`${syncCommand(run)}\` while online: it fills ${path}.`],
  );
}

/** The credential that reads or fills the run's mirror: the demo's is one, whatever its emulator's port and token. */
export async function identityOf(run: MirrorRun): Promise<Identity> {
  if (run.globals.demo) return DEMO_IDENTITY;
  const credentials = await run.credentials();
  return { baseUrl: credentials.baseUrl, token: credentials.token };
}

/** A mirror filled with another token or from another base URL answers nothing: exit 2, naming the cause and the sync. */
function checkOwner(run: MirrorRun, mirror: MirrorStore, identity: Identity): void {
  const owner = parseOwner(mirror.meta('owner'));
  const sync = syncCommand(run);
  switch (matchOwner(owner, identity)) {
    case 'same':
      return;
    case 'base-url':
      throw new UsageError(
        t`the mirror ${mirror.path} was filled from ${owner!.base_url}, not from this credential's base URL ${identity.baseUrl}; nothing was read: \`${sync} --full\` (online) starts it over from ${identity.baseUrl}`,
      );
    case 'token':
      throw new UsageError(
        t`the mirror ${mirror.path} was filled with another token than this one; nothing was read: \`${sync}\` (online) starts it over with this token`,
      );
    default:
      throw new UsageError(
        t`the mirror ${mirror.path} does not record which token filled it (an older fisco made it); nothing was read: \`${sync}\` (online) starts it over with this token`,
      );
  }
}

/**
 * Offline, a read over several companies answers for all of them or for none: a company the token
 * manages that the mirror never synced is exit 2, naming every such company and the sync that
 * fills them (a firm-wide total that silently left some out would look complete).
 */
export function assertSynced(run: MirrorRun, mirror: MirrorStore, companies: readonly { id: string }[], selection: Selection): void {
  const missing = companies.filter((company) => !mirror.company(company.id)).map((company) => company.id);
  if (missing.length === 0) return;
  const synced = companies.filter((company) => !missing.includes(company.id)).map((company) => company.id);
  const sync = missing.length === 1 ? `${syncCommand(run)} --account ${missing[0]}` : `${syncCommand(run)} --accounts ${missing.join(',')}`;
  throw new UsageError(
    t`the mirror never synced ${missing.join(', ')}, which this read covers; nothing was read: run \`${selection.kind === 'all' ? syncCommand(run) : sync}\` while online`,
    synced.length > 0 && selection.kind === 'all' ? [t`Or read only the companies it holds: --accounts ${synced.join(',')}.`] : [],
  );
}

/** The run's client for --offline: every read answered by the mirror; the age of what was read said at the end. */
export async function offlineClient(run: MirrorRun): Promise<ApiClient> {
  const mirror = await run.mirror();
  const credentials = await run.credentials();
  const read = new Map<string, MirrorCompany>();
  const notes = new Map<string, Text>();
  const answers = new MirrorAnswers(
    mirror,
    { served: (company) => read.set(company.id, company), note: (text) => notes.set(String(text), text) },
    syncCommand(run),
    run.globals.demo && !run.demoFirm ? demoCompanyView(run, mirror) : undefined,
  );
  run.onClose(async () => {
    for (const note of notes.values()) run.output.info(note);
    sayAges(run, mirror, [...read.values()]);
  });
  return run.clientFor(credentials, answers);
}

/**
 * `--demo` reads with a company token unless the verb works over the token's companies: offline,
 * such a read sees the mirror as that token does (its GET /v1/me, its one company), as online.
 */
function demoCompanyView(run: MirrorRun, mirror: MirrorStore): CompanyView {
  const me = mirror.meta('demo_company_me');
  const id = me === undefined ? undefined : (JSON.parse(me) as { company?: { id?: unknown } }).company?.id;
  if (me === undefined || typeof id !== 'string')
    throw new UsageError(t`--offline: the demo's mirror does not hold the demo company token's view yet; nothing was read: run \`${syncCommand(run)}\` first`);
  return { me, ids: [id] };
}

/**
 * The age of what was read, per company, on stderr: `offline: as of 26/11/2026 14:02, 3 h ago` (a
 * mirror of one company), else one line per moment naming its companies: `offline: Rossi
 * Consulting S.r.l. (acc_rossi), Verdi Costruzioni S.p.A. (acc_verdi) as of 26/11/2026 14:02, 3 h ago`.
 */
export function sayAges(run: MirrorRun, mirror: MirrorStore, read: readonly MirrorCompany[]): void {
  for (const line of ageLines(read, mirror.companies().length, Date.now())) run.output.info(line);
}

/** The age of an offline `accounts list`: each company listed, as of its own last sync (the sync that read its record). */
export async function sayListedAges(run: MirrorRun, ids: readonly string[]): Promise<void> {
  const mirror = await run.mirror();
  sayAges(
    run,
    mirror,
    ids.flatMap((id) => mirror.company(id) ?? []),
  );
}

/** The age of an offline `whoami`: the token's facts as of the latest sync, which read them last (`offline: as of …`). */
export async function sayLatestAge(run: MirrorRun): Promise<void> {
  const mirror = await run.mirror();
  const latest = mirror.companies().reduce<MirrorCompany | undefined>((a, b) => (a && a.syncedAt >= b.syncedAt ? a : b), undefined);
  if (latest) run.output.info(t`offline: ${asOf(latest.syncedAt, latest.syncedLocal, Date.now())}`);
}

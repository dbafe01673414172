/**
 * The mirror as a run meets it (Factory.mirror(), Factory.client() with --offline): the file of
 * the run's credential, opened once, closed with the run; and the offline client, the one client
 * answering from it, whose run ends with one stderr line per company read saying how old it is.
 */
import { UsageError } from '../errors.js';
import type { ApiClient, LocalAnswerer } from '../api/client.js';
import type { Env } from '../io/env.js';
import type { Credentials } from '../profiles/credentials.js';
import { dataDir } from '../profiles/paths.js';
import { MirrorAnswers } from './answer.js';
import { ageLines, asOf, mirrorPath } from './locate.js';
import { Mirror, type MirrorCompany } from './store.js';
import { t, type Text } from '../i18n/message.js';

/** What the mirror needs of a run (src/factory/factory.ts's Factory is one). */
export interface MirrorRun {
  readonly env: Env;
  readonly globals: { demo?: boolean; profile?: string };
  credentials(): Promise<Credentials>;
  mirror(): Promise<Mirror>;
  onClose(closer: () => Promise<void>): void;
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

export async function openMirror(run: MirrorRun, create: boolean): Promise<Mirror> {
  const credentials = await run.credentials();
  const path = await mirrorFile(run);
  const mirror = Mirror.open(path, { create });
  if (!mirror) {
    throw new UsageError(
      t`no mirror yet for ${credentials.profile ? t`the profile ${credentials.profile}` : t`this token`} (${credentials.environment}): nothing to read offline`,
      [t`Run \`${syncCommand(run)}\` while online: it fills ${path}.`],
    );
  }
  run.onClose(async () => mirror.close());
  return mirror;
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
  );
  run.onClose(async () => {
    for (const note of notes.values()) run.output.info(note);
    sayAges(run, mirror, [...read.values()]);
  });
  return run.clientFor(credentials, answers);
}

/**
 * The age of what was read, per company, on stderr: `offline: as of 26/11/2026 14:02, 3 h ago` (a
 * mirror of one company), else one line per moment naming its companies: `offline: Rossi
 * Consulting S.r.l. (acc_rossi), Verdi Costruzioni S.p.A. (acc_verdi) as of 26/11/2026 14:02, 3 h ago`.
 */
export function sayAges(run: MirrorRun, mirror: Mirror, read: readonly MirrorCompany[]): void {
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

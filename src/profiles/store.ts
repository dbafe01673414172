import type { Redactor } from '../output/redact.js';
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { acquireLock, LockBusyError, type HeldLock } from '../io/lock.js';
import Conf from 'conf';
import * as z from '../api/zod.js';
import { ConfigError } from '../errors.js';
import { CSV_DIALECT_SETTINGS, ENVIRONMENTS, LANG_SETTINGS, type Environment, type Profile, type ProfileSettings } from './profile.js';
import { type Message, t } from '../i18n/message.js';

/** The format of the profile file. A later change bumps it and migrates older files on their next write. */
export const STORE_FORMAT = 1;

/** How long a command waits for another fisco to finish writing the profile file. */
export const DEFAULT_LOCK_TIMEOUT_MS = 10_000;

const profileSchema = z
  .object({
    name: z.string().min(1),
    token: z.string().min(1),
    environment: z.enum(ENVIRONMENTS),
    baseUrl: z.string().min(1),
    company: z.looseObject({ id: z.string(), name: z.string(), vat_number: z.string().optional() }),
    tokenType: z.string().optional(),
    account: z.string().optional(),
    csvDialect: z.enum(CSV_DIALECT_SETTINGS).optional(),
    lang: z.enum(LANG_SETTINGS).optional(),
    mirror: z.string().optional(),
    abilities: z.array(z.string()).optional(),
    fullAccess: z.boolean().optional(),
    createdAt: z.string(),
  })
  .loose();

const body = {
  active: z.string().optional(),
  profiles: z.record(z.string(), profileSchema),
  baseUrls: z.object({ production: z.string().optional(), sandbox: z.string().optional() }).loose(),
};
/** Format 1: the shape of format 0 plus `version`. Unknown keys are kept, never dropped. */
const formatOne = z.looseObject({ version: z.literal(STORE_FORMAT), ...body });
/** Format 0: the unversioned file of fisco before formats existed; `profiles` and `baseUrls` may be absent. */
const formatZero = z.looseObject({ active: body.active, profiles: body.profiles.optional(), baseUrls: body.baseUrls.optional() });

export interface StoreData {
  version: typeof STORE_FORMAT;
  active?: string;
  profiles: Record<string, Profile>;
  /** The base URL last used per environment, so a second login needs no --base-url. */
  baseUrls: Partial<Record<Environment, string>>;
  [other: string]: unknown;
}

export interface StoreOptions {
  lockTimeoutMs?: number;
}

/** Profiles a new one would take the place of: the same name, or the same company and environment. */
export function conflictsOf(data: Pick<StoreData, 'profiles'>, profile: Pick<Profile, 'name' | 'company' | 'environment'>): Profile[] {
  return Object.values(data.profiles).filter((p) => p.name === profile.name || (p.company.id === profile.company.id && p.environment === profile.environment));
}

/**
 * The profile store: tokens per company and environment, in a 0600 file inside a 0700 folder.
 *
 * - Every change is a read-modify-write under the one lock between processes (src/io/lock.ts; a
 *   bounded wait that never blocks the event loop, then a clear message), so two `fisco auth login`
 *   at the same moment both keep their profile; a crashed fisco's lock is taken over at once.
 * - The file is read and checked by fisco: one that does not parse, or parses but is not the
 *   store's shape, is reported by path (exit 2) and never rewritten by any command.
 * - The file carries `version` (format {@link STORE_FORMAT}); the unversioned file of earlier
 *   fisco versions is read as is and written back versioned on its next change. A newer format is
 *   refused with a message rather than rewritten in an older shape.
 * - conf does the writing (atomic, mode 0600); it is never asked to read, since it would turn a
 *   file of the wrong shape into an empty store.
 */
export class ProfileStore {
  readonly path: string;
  private readonly lockPath: string;
  private readonly lockTimeoutMs: number;
  private data: StoreData;
  private conf?: Conf<StoreData>;

  constructor(
    readonly dir: string,
    /** The run's one redactor: every token the store loads is registered with it. */
    private readonly redactor: Redactor,
    options: StoreOptions = {},
  ) {
    this.path = join(dir, 'config.json');
    this.lockPath = join(dir, 'config.json.lock');
    this.lockTimeoutMs = options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
    this.data = this.read();
  }

  /** The format the file on disk has now: 0 when unversioned (or absent), else its version. */
  static formatOf(data: unknown): number {
    return data && typeof data === 'object' && 'version' in data && typeof data.version === 'number' ? data.version : 0;
  }

  list(): Profile[] {
    return Object.values(this.data.profiles).sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): Profile | undefined {
    return Object.hasOwn(this.data.profiles, name) ? this.data.profiles[name] : undefined;
  }

  activeName(): string | undefined {
    const active = this.data.active;
    return active && this.get(active) ? active : undefined;
  }

  /** Stored profiles `profile` would replace (same name, or same company and environment). */
  conflicts(profile: Pick<Profile, 'name' | 'company' | 'environment'>): Profile[] {
    return conflictsOf(this.data, profile);
  }

  /**
   * Stores `profile` (and, with `activate`, makes it the active one) in one locked change. Profiles
   * it replaces (same name, or same company and environment) are removed; any of them holding
   * another token must be listed in `replace`, and hold the token this store's copy showed the
   * caller, or nothing is written: a profile stored by another fisco since the caller looked (even
   * under a name it listed) is never replaced unseen. `removed`: the profiles replaced, as they
   * were on the disk (their mirrors are the caller's to move or remove).
   */
  async save(profile: Profile, options: { replace?: string[]; activate?: boolean } = {}): Promise<{ replaced: string[]; removed: Profile[] }> {
    let replaced: string[] = [];
    let removed: Profile[] = [];
    await this.update((data) => {
      const conflicts = conflictsOf(data, profile);
      const seen = (p: Profile) => options.replace!.includes(p.name) && this.get(p.name)?.token === p.token;
      const unseen = conflicts.filter((p) => p.token !== profile.token && options.replace && !seen(p));
      if (unseen.length > 0) {
        throw new ConfigError(t`profile ${unseen.map((p) => p.name).join(', ')} was stored by another fisco while this login ran; nothing was changed`, [
          t`Run \`fisco auth list\`, then the login again to review what it replaces.`,
        ]);
      }
      for (const p of conflicts) delete data.profiles[p.name];
      replaced = conflicts.map((p) => p.name).filter((name) => name !== profile.name);
      removed = conflicts;
      data.profiles[profile.name] = profile;
      data.baseUrls = { ...data.baseUrls, [profile.environment]: profile.baseUrl };
      if (options.activate) data.active = profile.name;
    });
    return { replaced, removed };
  }

  /** Sets (or, with undefined, removes) one setting of a profile (its CSV dialect, its language), in one locked change. */
  async setSetting<K extends keyof ProfileSettings>(name: string, key: K, value: ProfileSettings[K] | undefined): Promise<void> {
    await this.update((data) => {
      const profile = Object.hasOwn(data.profiles, name) ? data.profiles[name] : undefined;
      if (!profile) throw new ConfigError(t`no profile named '${name}' (another fisco may have removed it)`);
      if (value === undefined) delete profile[key];
      else Object.assign(profile, { [key]: value });
    });
  }

  async setActive(name: string): Promise<void> {
    await this.update((data) => {
      if (!Object.hasOwn(data.profiles, name)) throw new ConfigError(t`no profile named '${name}' (another fisco may have removed it)`);
      data.active = name;
    });
  }

  /**
   * Removes a profile. When it was the active one, no other profile is made active: switching to
   * another company (or environment) is for the user to decide (`fisco auth use`). A profile that
   * holds another token than this store's copy showed (another login stored it since) is kept.
   */
  async remove(name: string): Promise<{ wasActive: boolean; active?: string }> {
    let wasActive = false;
    const shown = this.get(name);
    await this.update((data) => {
      if (!Object.hasOwn(data.profiles, name)) throw new ConfigError(t`no profile named '${name}' (another fisco may have removed it)`);
      if (shown && data.profiles[name]!.token !== shown.token)
        throw new ConfigError(t`profile ${name} was stored by another fisco while this logout ran; nothing was changed`, [
          t`Run \`fisco auth list\`, then the logout again.`,
        ]);
      delete data.profiles[name];
      wasActive = data.active === name;
      if (wasActive) delete data.active;
    });
    return { wasActive, active: this.activeName() };
  }

  baseUrlFor(environment: Environment): string | undefined {
    return this.data.baseUrls[environment];
  }

  /** The profile whose base URL is `host`, to tell a user which one to use after a wrong-environment 403. */
  profileForHost(host: string): string | undefined {
    const wanted = host.replace(/\/+$/, '');
    return this.list().find((p) => p.baseUrl.replace(/\/+$/, '') === wanted)?.name;
  }

  /** Read-modify-write under the lock: the change applies to the file as it is now, not as it was read. */
  private async update(change: (data: StoreData) => void): Promise<void> {
    const lock = await this.lock();
    try {
      const data = this.read();
      change(data);
      this.write({ ...data, version: STORE_FORMAT });
      this.data = this.read();
    } finally {
      lock.release();
    }
  }

  private read(): StoreData {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: STORE_FORMAT, profiles: {}, baseUrls: {} };
      throw this.unusable(t`cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw this.unusable(t`cannot be read (${(error as Error).message.split('\n')[0]})`);
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
      throw this.unusable(
        t`is not a fisco profile store (it holds ${Array.isArray(raw) ? t`an array` : raw === null ? 'null' : t`a ${typeof raw}`}, not an object)`,
      );
    const format = ProfileStore.formatOf(raw);
    if ('version' in raw && (!Number.isInteger(format) || format < 1))
      throw this.unusable(t`is not a fisco profile store (version: ${JSON.stringify((raw as { version: unknown }).version)})`);
    if (format > STORE_FORMAT) {
      throw new ConfigError(
        t`the profile file ${this.path} has format ${format}, written by a newer fisco; this one reads format ${STORE_FORMAT} and left it unchanged`,
        [t`Upgrade fisco, or point FISCO_CONFIG_DIR at another folder.`],
      );
    }
    const parsed = (format === 0 ? formatZero : formatOne).safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw this.unusable(t`is not a fisco profile store (${issue.path.length ? issue.path.join('.') : t`top level`}: ${issue.message})`);
    }
    const data = { ...parsed.data, version: STORE_FORMAT, profiles: parsed.data.profiles ?? {}, baseUrls: parsed.data.baseUrls ?? {} } as StoreData;
    for (const [key, profile] of Object.entries(data.profiles)) {
      if (profile.name !== key) throw this.unusable(t`is not a fisco profile store (profiles.${key}.name is '${profile.name}')`);
      // Every token fisco has loaded is a secret the one redactor keeps out of what it prints.
      this.redactor.add(profile.token);
    }
    return data;
  }

  private write(data: StoreData): void {
    this.conf ??= new Conf<StoreData>({ projectName: 'fisco', cwd: this.dir, configFileMode: 0o600, clearInvalidConfig: false });
    this.conf.store = data;
  }

  private unusable(what: Message): ConfigError {
    return new ConfigError(t`the profile file ${this.path} ${what}`, [
      t`fisco left it unchanged. Fix it by hand, or move it away and run \`fisco auth login\` again.`,
    ]);
  }

  /** Takes the lock between processes, waiting (without blocking) up to the timeout. */
  private async lock(): Promise<HeldLock> {
    try {
      return await acquireLock(this.lockPath, { timeoutMs: this.lockTimeoutMs });
    } catch (error) {
      if (error instanceof LockBusyError) {
        throw new ConfigError(
          t`the profile file ${this.path} is locked by another fisco; waited ${Math.round(this.lockTimeoutMs / 1000)} s and changed nothing`,
          [t`Run the command again when the other one has finished. A lock left by a crashed fisco (${this.lockPath}) is taken over at once.`],
        );
      }
      throw new ConfigError(t`cannot lock the profile file ${this.path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}

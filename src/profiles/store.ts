import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import { ConfigError } from '../api/errors.js';
import type { Environment, Profile } from './profile.js';

interface StoreShape {
  active?: string;
  profiles: Record<string, Profile>;
  /** The base URL last used per environment, so a second login needs no --base-url. */
  baseUrls: Partial<Record<Environment, string>>;
}

/**
 * The profile store (conf): tokens per company and environment, in a 0600 file inside a 0700
 * folder. A file that cannot be read is reported and left as it is, never emptied.
 */
export class ProfileStore {
  private readonly conf: Conf<StoreShape>;
  readonly path: string;

  constructor(readonly dir: string) {
    this.path = join(dir, 'config.json');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
    try {
      this.conf = new Conf<StoreShape>({
        projectName: 'fisco',
        cwd: dir,
        configFileMode: 0o600,
        defaults: { profiles: {}, baseUrls: {} },
        clearInvalidConfig: false,
      });
    } catch (error) {
      throw new ConfigError(`the profile file ${this.path} cannot be read (${(error as Error).message.split('\n')[0]})`, [
        'fisco left it unchanged. Fix it by hand, or move it away and run `fisco auth login` again.',
      ]);
    }
  }

  list(): Profile[] {
    return Object.values(this.conf.get('profiles') ?? {}).sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): Profile | undefined {
    return this.conf.get('profiles')?.[name];
  }

  activeName(): string | undefined {
    const active = this.conf.get('active');
    return active && this.get(active) ? active : undefined;
  }

  /** One profile per company and environment: a new login for the same pair replaces the old one. */
  save(profile: Profile): { replaced?: string } {
    const profiles = { ...this.conf.get('profiles') };
    let replaced: string | undefined;
    for (const [name, existing] of Object.entries(profiles)) {
      if (existing.company.id === profile.company.id && existing.environment === profile.environment) {
        delete profiles[name];
        replaced = name;
      }
    }
    profiles[profile.name] = profile;
    this.conf.set('profiles', profiles);
    this.conf.set('baseUrls', { ...this.conf.get('baseUrls'), [profile.environment]: profile.baseUrl });
    return { replaced };
  }

  setActive(name: string): void {
    this.conf.set('active', name);
  }

  remove(name: string): void {
    const profiles = { ...this.conf.get('profiles') };
    delete profiles[name];
    this.conf.set('profiles', profiles);
    if (this.conf.get('active') === name) {
      const next = Object.keys(profiles).sort()[0];
      if (next) this.conf.set('active', next);
      else this.conf.delete('active');
    }
  }

  baseUrlFor(environment: Environment): string | undefined {
    return this.conf.get('baseUrls')?.[environment];
  }

  /** The profile whose base URL is `host`, to tell a user which one to use after a wrong-environment 403. */
  profileForHost(host: string): string | undefined {
    const wanted = host.replace(/\/+$/, '');
    return this.list().find((p) => p.baseUrl.replace(/\/+$/, '') === wanted)?.name;
  }
}

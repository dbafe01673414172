/**
 * Where a credential's mirror lives, and how its age reads. One file per profile and environment,
 * in fisco's data folder (FISCO_DATA_DIR moves it): `mirror/<profile>-<environment>.sqlite`; the
 * demo's is `mirror/demo-production.sqlite`; a credential from FISCO_TOKEN (no profile) gets one
 * per base URL and token, named by a digest of both (the file never holds the token itself).
 */
import { join } from 'node:path';
import { joined, type Message, t } from '../i18n/message.js';
import { sha256Hex } from '../domain/sha256.js';

export interface MirrorOwner {
  profile?: string;
  environment: string;
  baseUrl: string;
  token: string;
  demo?: boolean;
}

const safe = (text: string): string => text.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');

export function mirrorFileName(owner: MirrorOwner): string {
  if (owner.demo) return `demo-${owner.environment}.sqlite`;
  if (owner.profile) {
    const name = safe(owner.profile);
    // A profile name that had to be changed to be a file name gets a digest, so two names never meet.
    const digest = name === owner.profile ? '' : `-${sha256Hex(owner.profile).slice(0, 8)}`;
    return `${name}${digest}-${safe(owner.environment)}.sqlite`;
  }
  const digest = sha256Hex(`fisco mirror\0${owner.baseUrl}\0${owner.token}`).slice(0, 12);
  return `token-${safe(owner.environment)}-${digest}.sqlite`;
}

export function mirrorPath(dataDir: string, owner: MirrorOwner): string {
  return join(dataDir, 'mirror', mirrorFileName(owner));
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * `26/11/2026 14:02`: an instant on this machine's clock face (its time zone, as `ls -l` and
 * `git log` show times). Not Intl.DateTimeFormat: creating one costs ~10 ms, a third of an offline read.
 */
export function localTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** How long ago, in words: `just now`, `12 min ago`, `3 h ago`, `2 days ago`. */
export function ago(ms: number): Message {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return t`just now`;
  if (minutes < 60) return t`${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t`${hours} h ago`;
  return t`${Math.floor(hours / 24)} days ago`;
}

/** `26/11/2026 14:02, 3 h ago`: when the service said it (its clock, on this machine's clock face), and how long ago by this machine's clock. */
export function when(serviceMs: number, localMs: number, nowMs: number): Message {
  return joined([localTime(serviceMs), ago(nowMs - localMs)], ', ');
}

/** `as of 26/11/2026 14:02, 3 h ago`: when the service said what the mirror holds (its clock, shown in this machine's time zone). */
export function asOf(serviceMs: number, localMs: number, nowMs: number): Message {
  return t`as of ${localTime(serviceMs)}, ${ago(nowMs - localMs)}`;
}

/**
 * The age of what was read, per company, for stderr: `offline: as of 26/11/2026 14:02, 3 h ago`
 * (a mirror of one company), else one line per moment naming its companies: `offline: Rossi
 * Consulting S.r.l. (acc_rossi), Verdi Costruzioni S.p.A. (acc_verdi) as of 26/11/2026 14:02, 3 h ago`.
 */
export function ageLines(
  read: readonly { id: string; name: string; pos: number; syncedAt: number; syncedLocal: number }[],
  held: number,
  now: number,
): Message[] {
  const companies = [...read].sort((a, b) => a.pos - b.pos);
  const alone = companies.length === 1 && held === 1;
  const byMoment = new Map<string, { moment: Message; names: string[] }>();
  for (const company of companies) {
    const moment = asOf(company.syncedAt, company.syncedLocal, now);
    const same = byMoment.get(String(moment)) ?? { moment, names: [] };
    same.names.push(company.name ? `${company.name} (${company.id})` : company.id);
    byMoment.set(String(moment), same);
  }
  return [...byMoment.values()].map(({ moment, names }) => (alone ? t`offline: ${moment}` : t`offline: ${names.join(', ')} ${moment}`));
}

/**
 * The one rule for a token's companies (docs/firm.md, "Without a company named"): GET /v1/me
 * decides, for every command. A token that manages more than one company (`accounts_count` > 1)
 * is a firm's: a read with no company named reads every company by name (or is refused), a write
 * must name one. Otherwise the token acts on one company: a company token's own company is the
 * one /v1/me names, so nothing needs GET /v1/accounts, no account column and no --account.
 * (A firm's or partner's token over one company: /v1/me names the firm, so that company comes from
 * GET /v1/accounts, where it is the only one.)
 *
 * Reads (the runner), `invoice batch`, `bank match`, the portfolio commands and every fan-out ask
 * here: one function, one answer.
 *
 * Asked once with GET /v1/me (no ability needed), once per run, and remembered per token in the
 * data folder (`token-kinds.json`, 0600, keyed by a SHA-256 of the token: never the token itself;
 * a token is bound to one environment, so its kind is the same wherever it is sent). A company
 * token's answer never changes, so it is kept, as is a firm token's over several companies; a
 * firm token with one company is asked again each time (it may gain a second).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getMe, type Me } from '../api/me.js';
import type { ApiClient } from '../api/client.js';
import { writeFileAtomic } from '../io/atomic.js';
import type { Credentials } from '../profiles/credentials.js';
import { listCompanies, type Company } from './companies.js';
import { sha256Hex } from '../domain/sha256.js';

/** What the rule needs of a run (src/factory/factory.ts's Factory is one). */
export interface TokenRun {
  readonly offline: boolean;
  /** The data folder, where the answers are remembered. */
  readonly dataDir: string;
  /** One answer per run: the object every share of the run (a company's in a fan-out too) has in common. */
  readonly runKey: object;
  credentials(): Promise<Credentials>;
  /** The run's client as the token's (no company's view, no check before it). */
  tokenClient(): Promise<ApiClient>;
  /** Work the run's end waits for. */
  onClose(closer: () => Promise<void>): void;
}

/** What GET /v1/me says about the companies a token acts on. */
export interface TokenScope {
  /** token_type as GET /v1/me gave it. */
  type: string;
  /** accounts_count: the companies the token manages. */
  count: number;
  /** More than one company: a command must say which (or run over them all). */
  firm: boolean;
  /** The token's own company, as /v1/me names it (a company token): no GET /v1/accounts is needed. */
  own?: Company;
}

interface Kind {
  type: string;
  companies: number;
  own?: Company;
}

type Cache = Record<string, Kind>;

/** token_type values naming a firm or partner: /v1/me's `company` is then the firm, not a company it writes to. */
const FIRM_TYPES = /firm|partner|accountant/i;

function cachePath(run: TokenRun): string {
  return join(run.dataDir, 'token-kinds.json');
}

// node:fs (loaded already), not node:fs/promises: this runs before every list a token makes.
function readCache(path: string): Cache {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Cache) : {};
  } catch {
    return {};
  }
}

function scopeOf(kind: Kind): TokenScope {
  return { type: kind.type, count: kind.companies, firm: kind.companies > 1, ...(kind.own ? { own: kind.own } : {}) };
}

/** The rule itself (pure): what an answer of GET /v1/me says. */
export function kindOf(me: Pick<Me, 'token_type' | 'accounts_count' | 'company'>): Kind {
  const single = me.accounts_count <= 1;
  const company = me.company as Partial<Me['company']> | null | undefined;
  const own =
    single && !FIRM_TYPES.test(me.token_type) && typeof company?.id === 'string' && company.id !== ''
      ? { id: company.id, name: company.name ?? company.id, vat_number: company.vat_number ?? null, fiscal_code: null, status: null }
      : undefined;
  return { type: me.token_type, companies: me.accounts_count, ...(own ? { own } : {}) };
}

// One answer per run: the runner, a command and a fan-out never ask twice.
const asked = new WeakMap<object, Promise<TokenScope>>();

function tokenKey(token: string): string {
  return sha256Hex(`fisco token kind\0${token}`).slice(0, 32);
}

/** Remembers an answer of GET /v1/me that a command asked for itself (overview's, with the service's clock). */
export function noteMe(run: TokenRun, me: Me): void {
  const kind = kindOf(me);
  asked.set(run.runKey, Promise.resolve(scopeOf(kind)));
  const written = run
    .credentials()
    .then((credentials) => remember(run, tokenKey(credentials.token), kind))
    .catch(() => undefined);
  // Never a write left running after the command: the run's close waits for it.
  run.onClose(() => written);
}

/** A kind worth keeping: a firm's over several companies, or a company token's with its company. */
function lasting(kind: Partial<Kind> | undefined): kind is Kind {
  return typeof kind?.type === 'string' && typeof kind.companies === 'number' && (kind.companies > 1 || kind.own !== undefined);
}

async function remember(run: TokenRun, key: string, kind: Kind): Promise<void> {
  if (!lasting(kind)) return;
  const path = cachePath(run);
  // Remembering is an optimisation: a folder that cannot be written only costs a request next time.
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    await writeFileAtomic(path, `${JSON.stringify({ ...readCache(path), [key]: kind })}\n`, { mode: 0o600 });
  } catch {
    /* not remembered */
  }
}

async function ask(run: TokenRun, client: () => Promise<ApiClient>): Promise<TokenScope> {
  // Offline, the mirror's GET /v1/me (as the last sync read it) says, and nothing is remembered.
  if (run.offline) return scopeOf(kindOf(await getMe((await client()).forAccount(''))));
  const credentials = await run.credentials();
  const key = tokenKey(credentials.token);
  const known = readCache(cachePath(run))[key];
  if (lasting(known)) return scopeOf(known);
  const kind = kindOf(await getMe((await client()).forAccount('')));
  await remember(run, key, kind);
  return scopeOf(kind);
}

/** What GET /v1/me says about the run's token (asked once per run, remembered per token). */
export function tokenScope(run: TokenRun, client: () => Promise<ApiClient> = () => run.tokenClient()): Promise<TokenScope> {
  let scope = asked.get(run.runKey);
  if (!scope) {
    scope = ask(run, client);
    asked.set(run.runKey, scope);
    scope.catch(() => asked.delete(run.runKey));
  }
  return scope;
}

/** True when the run's token manages more than one company. */
export async function isFirmToken(run: TokenRun, client?: () => Promise<ApiClient>): Promise<boolean> {
  return (await tokenScope(run, client)).firm;
}

/**
 * The companies a command may act on, by the one rule: a company token's own (from /v1/me, no
 * other request), otherwise the companies GET /v1/accounts lists for the token.
 */
export function tokenCompanies(run: TokenRun, client: () => Promise<ApiClient> = () => run.tokenClient()): Promise<Company[]> {
  let companies = listed.get(run.runKey);
  if (!companies) {
    companies = (async () => {
      const scope = await tokenScope(run, client);
      return scope.own ? [scope.own] : listCompanies(await client());
    })();
    listed.set(run.runKey, companies);
    companies.catch(() => listed.delete(run.runKey));
  }
  return companies;
}

// The token's companies, listed once per run (the runner's check of a named company, a fan-out and a command share them).
const listed = new WeakMap<object, Promise<Company[]>>();

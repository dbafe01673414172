/**
 * The mirror's storage interface: what the sync engine, the offline answers, search and the other
 * readers ask of a mirror, whichever store holds it. Two stores implement it: one SQLite file per
 * credential (store.ts, the default) and a PostgreSQL database a firm shares (pg-store.ts, chosen
 * by `--mirror postgres://…`, FISCO_MIRROR_URL or the profile's `mirror` setting: choose.ts).
 * Both are synchronous: the PostgreSQL store runs its driver in a worker thread (docs/mirror.md,
 * "Why synchronous").
 */
import type { Kind } from './kinds.js';
import type { CompanyWriter, Guessed, Listing, Mirror, MirrorCompany, PreviousSync, PutResult, RecordQuery, StoredRow, SweepScope } from './store.js';

export type { Guessed };

export type { Listing, MirrorCompany, PreviousSync, PutResult, RecordQuery, StoredRow, SweepScope } from './store.js';

/** Where a search looks: kinds and companies, or (undefined) everything the index holds. */
export type SearchWithin = { kinds: readonly Kind[]; cids: readonly number[] } | undefined;

/** A mirror, open: reads, the service's facts (meta), and a company's sync (beginSync). */
export interface MirrorStore {
  /** What messages call it: a file's path, or a connection string without its password. */
  readonly path: string;
  close(): void;
  /** Before a sync writes: a store damaged inside is a clear exit naming it and its repair (store.ts). */
  assertSound(): void;
  /** Every read until close() from one snapshot: a sync committing meanwhile is not seen halfway. */
  holdSnapshot(): void;
  /**
   * A held snapshot ended and a new one held: the next read sees every sync committed since. For a
   * run that outlives one read (`fisco mcp`: each tool call is one read); nothing when none is held.
   */
  renewSnapshot(): void;
  meta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  companies(): MirrorCompany[];
  company(accountId: string): MirrorCompany | undefined;
  firstSyncAt(cid: number): number | undefined;
  startOver(): number;
  refusal(cid: number, resource: string): { status: number; body: string } | undefined;
  refusals(cid: number): { resource: string; status: number; body: string }[];
  get(cid: number, kind: Kind, id: string): string | undefined;
  count(query: RecordQuery): number;
  /** How many of a query's records have no sure place in the service's order yet (order.ts guessKey, UNSURE_MARK). */
  guessed(query: RecordQuery): Guessed;
  totals(query: RecordQuery): { count: number; priced: number; amount: number; flagged: number; flaggedAmount: number };
  rows(query: RecordQuery, offset?: number, limit?: number): IterableIterator<StoredRow>;
  search(match: string, within: SearchWithin, offset?: number, limit?: number): { cid: number; kind: Kind; json: string }[];
  searchCount(match: string, within: SearchWithin): number;
  counts(cid: number): Map<Kind, number>;
  removeCompany(accountId: string): number;
  /** The syncs of a company that recorded its outbound invoices' residues, oldest first. */
  residueSnapshots(accountId: string): { gen: number; atMs: number }[];
  /** Each outbound invoice's payment status and residue as the sync `gen` left them; absent: not held then. */
  residuesAt(accountId: string, gen: number): Map<string, { status: string | null; due: string | null }>;
  /** The outbound invoices seen going from open to paid, with the service's clock at the first sync that saw them paid. */
  paidHistory(accountId: string): { issueDate: string | null; name: string | null; vat: string | null; paidMs: number }[];
  /** The mirror's size in bytes (a file and its log, or a database's tables). */
  bytes(): number;
  beginSync(account: { id: string; json: string; pos: number }, clock: { serviceMs: number; localMs: number }, full: boolean): MirrorWriter;
  /**
   * Waits (asynchronously: Ctrl-C still stops it) until no other sync of this company runs, and
   * keeps it from starting until this one's transaction ends. The SQLite store has none: its
   * whole file is locked by the sync command.
   */
  reserve?(accountId: string): Promise<void>;
}

/** One company's sync, inside its transaction (store.ts's CompanyWriter says what each does). */
export interface MirrorWriter {
  readonly counts: { new: number; changed: number; removed: number };
  readonly previous: PreviousSync;
  readonly gen: number;
  readonly full: boolean;
  put(kind: Kind, record: Record<string, unknown>, json: string, listing?: Listing): PutResult;
  /** The service clock of this company's latest sync before this one at or before `ms` (a cursor pulled back to it). */
  lastSyncAtOrBefore(ms: number): number | undefined;
  /** Every record of `kind` (one part) gets its key in the service's order anew from its stored version. */
  reorder(kind: Kind, part: number, key: (json: string, o: string) => string): void;
  /** The order of this company's list of `kind` (one part) as a walk showed it (order.ts), when one was watched. */
  order(kind: Kind, part: number): string | undefined;
  setOrder(kind: Kind, part: number, value: string): void;
  /** The records just before and just after `o` in the service's order of this company's list of `kind` (one part), as stored (JSON). */
  neighbours(kind: Kind, part: number, o: string): { below?: string; above?: string };
  /** Records what this sync leaves of the outbound invoices' residues; before commit(), only when they were read. */
  snapshotResidues(): void;
  sweep(kind: Kind, scope?: SweepScope): number;
  stale(kind: Kind, scope?: SweepScope): { rid: number }[];
  listed(kind: Kind, id: string): boolean;
  unseen(kind: Kind, part: number, ks: readonly string[]): string[];
  removeAll(kind: Kind, part?: number): number;
  stored(kind: Kind, id: string): string | undefined;
  fact(key: string): string | undefined;
  learn(key: string, value: string): void;
  cursor(resource: string): string | undefined;
  setCursor(resource: string, value: string | undefined): void;
  refuse(resource: string, status: number, body: string): void;
  accept(resource: string): void;
  commit(state: { day?: string; expensesFrom?: string; expensesTo?: string }): void;
  rollback(): void;
}

/** The SQLite store is one (checked by the compiler: a change to either side that breaks it fails the build). */
type Implements<T extends U, U> = T;
export type SqliteImplements = [Implements<Mirror, MirrorStore>, Implements<CompanyWriter, MirrorWriter>];

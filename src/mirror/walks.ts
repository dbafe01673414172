/**
 * The walks of a read's snapshot, for both stores' rows() (store.ts, pg-store.ts): an offline walk
 * asks a list page after page (`--all`, the overview's receivables), and OFFSET would step through
 * and sort every record before each page again (a CLI walk of 20,000 invoices: seconds). A query
 * whose page is asked right after the one read last of it reads on from where that page ended, from
 * a reader the store starts at the walk's second page (SQLite: a statement of its own; PostgreSQL:
 * a cursor of the snapshot's transaction). Any other read is the store's plain statement, and a
 * first read of a query is where a walk may start. Pure bookkeeping: the store reads.
 */
export interface WalkReads<Row, Rest> {
  /** The page as a statement of its own reads it (LIMIT and OFFSET). */
  plain(): Iterable<Row>;
  /** A reader of the query's records from `offset` on, for the pages after. */
  start(offset: number): Rest;
  /** The next `limit` records of a reader (fewer at the end). */
  next(rest: Rest, limit: number): Row[];
}

export class Walks<Rest> {
  private readonly held = new Map<string, { at: number; rest?: Rest }>();

  /** The rows of `query`'s page at `offset` (at most `limit`). */
  page<Row>(query: object, offset: number, limit: number, reads: WalkReads<Row, Rest>): IterableIterator<Row> {
    const key = JSON.stringify(query);
    const walk = this.held.get(key);
    if (walk !== undefined && walk.at === offset && offset > 0) {
      walk.rest ??= reads.start(offset);
      const rows = reads.next(walk.rest, limit);
      walk.at += rows.length;
      return rows.values();
    }
    // A walk's reader stays where it is; a first read of a query is where a walk may start.
    if (walk?.rest !== undefined) return reads.plain()[Symbol.iterator]() as IterableIterator<Row>;
    const started = { at: offset };
    this.held.set(key, started);
    return (function* () {
      for (const row of reads.plain()) {
        started.at++;
        yield row;
      }
    })();
  }

  /** The walks end with their snapshot: each reader given to `close`. */
  end(close: (rest: Rest) => void = () => undefined): void {
    for (const walk of this.held.values()) if (walk.rest !== undefined) close(walk.rest);
    this.held.clear();
  }
}

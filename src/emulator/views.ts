/**
 * Ordered views of the store's collections, so that a list page is a slice and not a sort (or a
 * filter-copy) of the whole collection.
 *
 * A view is the records of one collection that belong to one scope (a set of companies, and
 * optionally a partition such as an invoice direction), in the list's order. It is built once —
 * one filter and one sort — on the first request that needs it, and then kept in step with the
 * collection: a route that pushes a record calls `inserted()`, which places it in every view
 * that holds it by binary search. A view notices when its collection was replaced (reset, load)
 * or grew behind its back (a test pushing directly) and rebuilds itself, so it is never stale.
 *
 * Records are appended to the emulator's collections and never removed in place (webhooks are
 * turned off, not erased; the one deletion, DELETE /__emulator/invoices/{id}, replaces the
 * collection with a new array, which every view rebuilds from), and the fields a view orders on
 * never change after creation.
 *
 * `stats` counts the work done, for the scale tests: `builds` (full sorts), `compared`
 * (comparator calls) and `tested` (scope predicate calls). A page request on a built view adds
 * nothing to any of them.
 */
import type { Store } from './store.js';

export interface ViewStats {
  builds: number;
  compared: number;
  tested: number;
}

interface View<T> {
  source: readonly T[];
  length: number;
  predicate: (item: T) => boolean;
  items: T[];
}

export class OrderedViews<T> {
  private views = new Map<string, View<T>>();

  constructor(
    private readonly order: (a: T, b: T) => number,
    readonly stats: ViewStats,
  ) {}

  private compare = (a: T, b: T): number => {
    this.stats.compared++;
    return this.order(a, b);
  };

  private test(view: View<T>, item: T): boolean {
    this.stats.tested++;
    return view.predicate(item);
  }

  /** The records of `source` for which `predicate` holds, in order; `key` names that selection. */
  get(source: readonly T[], key: string, predicate: (item: T) => boolean): readonly T[] {
    const existing = this.views.get(key);
    if (existing && existing.source === source && existing.length === source.length) return existing.items;
    this.stats.builds++;
    const view: View<T> = { source, length: source.length, predicate, items: [] };
    for (const item of source) if (this.test(view, item)) view.items.push(item);
    view.items.sort(this.compare);
    this.views.set(key, view);
    return view.items;
  }

  /** `item` was just pushed onto `source`: place it in every view of that collection that holds it. */
  inserted(source: readonly T[], item: T): void {
    for (const [key, view] of this.views) {
      if (view.source === source && view.length === source.length) continue; // built after the push: holds it
      if (view.source !== source || view.length !== source.length - 1) {
        this.views.delete(key); // stale anyway: rebuilt on its next use
        continue;
      }
      view.length = source.length;
      if (!this.test(view, item)) continue;
      let lo = 0;
      let hi = view.items.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.compare(view.items[mid] as T, item) <= 0) lo = mid + 1;
        else hi = mid;
      }
      view.items.splice(lo, 0, item);
    }
  }
}

const registries = new WeakMap<Store, { stats: ViewStats; byName: Map<string, OrderedViews<unknown>> }>();

function registry(store: Store) {
  let r = registries.get(store);
  if (!r) registries.set(store, (r = { stats: { builds: 0, compared: 0, tested: 0 }, byName: new Map() }));
  return r;
}

/** The views of one collection of `store`, ordered by `order` (one instance per name). */
export function viewsOf<T>(store: Store, name: string, order: (a: T, b: T) => number): OrderedViews<T> {
  const r = registry(store);
  let views = r.byName.get(name) as OrderedViews<T> | undefined;
  if (!views) {
    views = new OrderedViews<T>(order, r.stats);
    r.byName.set(name, views as unknown as OrderedViews<unknown>);
  }
  return views;
}

/** Work counters of every view of `store` (tests read them before and after a request). */
export function viewStats(store: Store): ViewStats {
  return { ...registry(store).stats };
}

/** A scope's view key: the companies it covers (in the token's order) and a partition label. */
export function scopeKey(accountIds: Iterable<string>, partition = ''): string {
  return `${[...accountIds].join(',')}|${partition}`;
}

/** `items` itself when no filter is active (no copy), else the matching records (a scan, never a sort). */
export function filtered<T>(items: readonly T[], predicates: Array<((item: T) => boolean) | false | undefined>): readonly T[] {
  const active = predicates.filter((p): p is (item: T) => boolean => typeof p === 'function');
  if (active.length === 0) return items;
  return items.filter((item) => active.every((p) => p(item)));
}

/** The records of `source` in `scope` (and `partition`), in the view's order. */
export function inScopeOrdered<T extends { accountId: string }>(
  views: OrderedViews<T>,
  source: readonly T[],
  scope: { accountIds: ReadonlySet<string> },
  partition?: { key: string; test: (item: T) => boolean },
): readonly T[] {
  const ids = scope.accountIds;
  return views.get(source, scopeKey(ids, partition?.key), (item) => ids.has(item.accountId) && (partition === undefined || partition.test(item)));
}

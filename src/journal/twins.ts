/**
 * Twin steps and the writes a lookup finds: the one rule every job's lookup settles with (pure).
 *
 * A job describes each step by what its write shows on the service's list (`Shown`: the fields the
 * list gives back of what the step sent, normalised the way the list writes them: counterpart name
 * and VAT number, date, total…), and each listed write by the same fields. Then:
 *
 * - A listed write is a step's only if EVERY field the step sent and the list shows is equal, except
 *   a field the service is seen to rewrite: one whose listed value differs from what was sent on a
 *   write known to be a step's (tied by the job's common key). A field a step did not send (a name
 *   the service fills in itself) is not compared.
 * - Steps the list cannot tell apart (the same compared fields) form a group, whatever the journal
 *   says of each (done, in flight, never journaled, journal lost or rebuilt): with n steps in a
 *   group and k matching writes found, the writes tied to its done steps are theirs and the others
 *   settle its open steps (those in flight first), so n − k are sent, and which is said.
 * - A write settles at most one step: a write tied to a done step, or given to one open step, is
 *   never given to another (of its group or of any other). Groups that compare more fields are
 *   settled first, so a write that fits a narrow group and a broad one goes to the narrow one.
 */

/** What a write shows on the service's list, field by field (undefined: not sent, or not shown). */
export type Shown = Readonly<Record<string, string | undefined>>;

export interface TwinStep {
  key: string;
  /** What the step's write shows (or would show) on the list. */
  shown: Shown;
  /** The step is done: its journaled result, for the job's `tied` to recognise its write. */
  done?: unknown;
  /** Its request was in flight (a write found is most likely its). */
  inFlight?: boolean;
}

export interface TwinOptions<W> {
  /** The listed write's fields. */
  shownOf(write: W): Shown;
  /** Per done result, the write it is (the job's common key, e.g. a creation answer's url against the list's), each write at most once. */
  tie(done: readonly unknown[], writes: readonly W[]): (W | undefined)[];
}

export interface TwinGroup<W> {
  /** Every step of the group, in the job's order. */
  keys: string[];
  /** Writes of the group found (tied to its done steps, or given to its open steps). */
  found: number;
  /** Its open steps left without a write: to send. */
  toSend: string[];
  /** Matching writes left over (more than the group has steps). */
  surplus: W[];
}

export interface TwinSettlement<W> {
  /** Open steps settled by a write found, each with its own. */
  assigned: Map<string, W>;
  groups: TwinGroup<W>[];
  /** Fields the service was seen to rewrite (not compared). */
  rewritten: Set<string>;
}

/** The fields a step's write was seen rewritten in: listed otherwise than sent, on writes known to be the steps'. */
export function rewrittenFields(pairs: readonly { sent: Shown; listed: Shown }[]): Set<string> {
  const out = new Set<string>();
  for (const { sent, listed } of pairs) for (const [field, value] of Object.entries(sent)) if (value !== undefined && listed[field] !== value) out.add(field);
  return out;
}

/** The fields compared for a step: those it sent, less those the service rewrites, in a stable order. */
function compared(sent: Shown, rewritten: ReadonlySet<string>): [string, string][] {
  return Object.entries(sent)
    .filter((e): e is [string, string] => e[1] !== undefined && !rewritten.has(e[0]))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether a listed write shows every compared field of what a step sent. */
export function sameShown(sent: Shown, listed: Shown, rewritten: ReadonlySet<string> = new Set()): boolean {
  return compared(sent, rewritten).every(([field, value]) => listed[field] === value);
}

/** Steps with the same key cannot be told apart by the list. */
export function twinKey(sent: Shown, rewritten: ReadonlySet<string> = new Set()): string {
  return JSON.stringify(compared(sent, rewritten));
}

/** The rule above, over every step of a job (of one place: one company) and the writes found on the service since the work began (oldest first). */
export function settleTwins<W>(steps: readonly TwinStep[], writes: readonly W[], options: TwinOptions<W>): TwinSettlement<W> {
  const done = steps.filter((s) => s.done !== undefined);
  const ties = options.tie(
    done.map((s) => s.done),
    writes,
  );
  const taken = new Set<W>();
  const tiedTo = new Map<string, W>();
  done.forEach((s, k) => {
    const write = ties[k];
    if (write !== undefined && !taken.has(write)) {
      taken.add(write);
      tiedTo.set(s.key, write);
    }
  });
  const rewritten = rewrittenFields(done.filter((s) => tiedTo.has(s.key)).map((s) => ({ sent: s.shown, listed: options.shownOf(tiedTo.get(s.key)!) })));

  const byKey = new Map<string, TwinStep[]>();
  for (const step of steps) {
    const key = twinKey(step.shown, rewritten);
    byKey.set(key, [...(byKey.get(key) ?? []), step]);
  }
  // The groups that compare more fields first: a write that fits two groups goes to the narrower.
  const ordered = [...byKey.values()].sort((a, b) => compared(b[0]!.shown, rewritten).length - compared(a[0]!.shown, rewritten).length);
  const assigned = new Map<string, W>();
  const groups: TwinGroup<W>[] = [];
  for (const members of ordered) {
    const open = members.filter((m) => m.done === undefined).sort((a, b) => Number(Boolean(b.inFlight)) - Number(Boolean(a.inFlight)));
    const candidates = writes.filter((w) => !taken.has(w) && sameShown(members[0]!.shown, options.shownOf(w), rewritten));
    open.forEach((m, k) => {
      const write = candidates[k];
      if (write === undefined) return;
      taken.add(write);
      assigned.set(m.key, write);
    });
    const tied = members.filter((m) => tiedTo.has(m.key)).length;
    groups.push({
      keys: members.map((m) => m.key),
      found: tied + Math.min(open.length, candidates.length),
      toSend: open.filter((m) => !assigned.has(m.key)).map((m) => m.key),
      surplus: candidates.slice(open.length),
    });
  }
  return { assigned, groups, rewritten };
}

/**
 * The two passes of one `bank match` run (issue 27): every movement of every statement is read and
 * given to its company's matcher's first pass (add), which registers the exact proposals at once; the
 * movements are kept in a spool (src/bank/spool.ts), not in memory; then, once the whole run is read
 * and nothing in it was refused, the second pass (proposals) gives each movement its final proposal,
 * in the order read: the exact ones as the first pass made them, every other one against what the
 * exact ones of the whole run left. See "Allocation is global" in src/bank/match.ts.
 */
import type { Matcher } from './match.js';
import { Spool } from './spool.js';
import type { Movement, Proposal } from './types.js';

interface Spooled {
  /** The company. */
  a: string;
  m: Movement;
  /** The first pass's proposal, without its movement, when it is final. */
  p?: Omit<Proposal, 'movement'>;
}

export class TwoPasses {
  private readonly spool: Spool<Spooled>;

  /** `matcherOf` gives a company's matcher, the same for both passes. */
  constructor(
    private readonly matcherOf: (account: string) => Matcher,
    spoolLimit?: number,
  ) {
    this.spool = new Spool<Spooled>(spoolLimit);
  }

  /** Movements added so far. */
  get count(): number {
    return this.spool.count;
  }

  /** The first pass over one movement of `account`'s. */
  add(account: string, movement: Movement): void {
    const { proposal, final } = this.matcherOf(account).first(movement);
    delete movement.legacyKey; // what the journal of the version before knew is settled in this pass
    if (!final) {
      this.spool.write({ a: account, m: movement });
      return;
    }
    const { movement: _movement, ...rest } = proposal;
    this.spool.write({ a: account, m: movement, p: rest });
  }

  /** The second pass: every movement added, in order, with its final proposal. Once. */
  async *proposals(): AsyncGenerator<{ account: string; proposal: Proposal }> {
    for await (const { a, m, p } of this.spool.read()) {
      yield { account: a, proposal: p ? { movement: m, ...p } : this.matcherOf(a).second(m) };
    }
  }

  close(): void {
    this.spool.close();
  }
}

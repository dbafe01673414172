/**
 * What `bank match` writes besides its output: the plan (renamed into place only when whole), the
 * unmatched credits as CSV, and the summary's counts. Each is written only after the whole run was
 * read and nothing in it refused (issue 27): a refused statement leaves neither.
 */
import type { Plan, PlanProposal } from '../../bank/plan.js';
import { planHead, planProposal, planTail } from '../../bank/plan.js';
import type { Proposal } from '../../bank/types.js';
import type { Factory } from '../../factory/factory.js';
import { add, formatEuro } from '../../domain/money.js';
import { FiscoError, LocalWriteError } from '../../errors.js';
import { AtomicFile } from '../../io/atomic.js';
import { resolveCsvDialect } from '../../output/format.js';

/** The unmatched credits as CSV, written as they are found (atomically: the file appears whole at the end). */
export class UnmatchedWriter {
  private readonly file: AtomicFile;
  private pending = '';
  private readonly writer: import('../../output/csv.js').CsvWriter;

  private constructor(path: string, factory: Factory, CsvWriter: typeof import('../../output/csv.js').CsvWriter) {
    this.file = new AtomicFile(path);
    this.file.stream.on('error', () => undefined); // reported through write() / commit()
    const columns = ['booking_date', 'amount', 'currency', 'payer', 'remittance', 'reference', 'file', 'location', 'near_misses'];
    this.writer = new CsvWriter(
      (chunk: string) => {
        this.pending += chunk;
      },
      resolveCsvDialect(factory.globals.csvDialect),
      columns,
      new Set(['amount']),
    );
  }

  static async open(path: string, factory: Factory): Promise<UnmatchedWriter> {
    const { CsvWriter } = await import('../../output/csv.js');
    return new UnmatchedWriter(path, factory, CsvWriter);
  }

  async row(proposal: Proposal): Promise<void> {
    const m = proposal.movement;
    this.writer.row({
      booking_date: m.bookingDate,
      amount: m.amount,
      currency: m.currency,
      payer: m.payer?.name ?? '',
      remittance: m.remittance,
      reference: m.references.bank ?? m.references.entry ?? m.references.endToEnd ?? m.key,
      file: m.source.file,
      location: m.source.location,
      near_misses: (proposal.nearMisses ?? []).map((n) => `${n.number} (${n.amountDue}): ${n.why}`),
    });
    await this.flush();
  }

  private async flush(): Promise<void> {
    const text = this.pending;
    this.pending = '';
    if (text) await this.file.write(text);
  }

  async commit(): Promise<void> {
    this.writer.end();
    await this.flush();
    await this.file.commit();
  }

  abort(): Promise<void> {
    return this.file.abort();
  }
}

/** The plan written as the proposals are made, renamed into place only when whole. */
export class PlanWriter {
  private readonly file: AtomicFile;
  private any = false;

  constructor(path: string, head: Omit<Plan, 'proposals' | 'companies' | 'statements'>) {
    this.file = new AtomicFile(path);
    this.file.stream.on('error', () => undefined); // reported through write() / commit()
    void this.file.write(planHead(head)).catch(() => undefined);
  }

  async proposal(proposal: PlanProposal): Promise<void> {
    await this.file.write(planProposal(proposal, !this.any));
    this.any = true;
  }

  async commit(tail: Pick<Plan, 'companies' | 'statements'>): Promise<void> {
    await this.file.write(planTail(this.any, tail));
    await this.file.commit();
  }

  abort(): Promise<void> {
    return this.file.abort();
  }
}

export async function localWrite<T>(flag: string, path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof FiscoError) throw error;
    throw new LocalWriteError(`${flag} ${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was written there`);
  }
}

/** The counts of the summary line, kept as the proposals go by (nothing of them is kept). */
export class Tally {
  movements = 0;
  credits = 0;
  matched = 0;
  matchedTotal = '0.00';
  registered = 0;
  skipped = 0;
  readonly skipReasons = new Set<string>();
  unmatched = 0;
  unmatchedTotal = '0.00';

  add(p: Proposal): void {
    this.movements++;
    if (p.movement.direction === 'credit') this.credits++;
    if (p.status === 'proposed') (this.matched++, (this.matchedTotal = add(this.matchedTotal, p.movement.amount)));
    else if (p.status === 'unmatched') (this.unmatched++, (this.unmatchedTotal = add(this.unmatchedTotal, p.movement.amount)));
    else if (p.status === 'already-registered') this.registered++;
    else if (p.status === 'skipped') {
      this.skipped++;
      if (this.skipReasons.size < 8)
        this.skipReasons.add(
          String(p.skipReason ?? 'skipped')
            .replace(/[:(].*$/, '')
            .trim(),
        );
    }
  }

  /** The summary: the statements (counted in their files), the companies, then what became of the movements. */
  line(read: { statements: number; files: number; companies: number; dated: number; notMatchable: number }): string {
    const reasons = [...this.skipReasons];
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const parts = [
      `${plural(read.statements, 'statement')} in ${plural(read.files, 'file')}${read.companies > 1 ? ` of ${read.companies} companies` : ''}, ${plural(this.movements, 'movement')} (${plural(this.credits, 'credit')})`,
      `${this.matched} matched (${formatEuro(this.matchedTotal)})`,
      `${this.registered} already registered`,
      `${this.skipped} skipped${reasons.length ? ` (${reasons.slice(0, 4).join(', ')})` : ''}`,
      `${this.unmatched} unmatched (${formatEuro(this.unmatchedTotal)})`,
    ];
    if (read.dated) parts.push(`${read.dated} booking date${read.dated === 1 ? '' : 's'} taken from the value date or the statement's date (no BookgDt)`);
    if (read.notMatchable) parts.push(`${plural(read.notMatchable, 'open invoice')} not matchable (an amount due with digits past the cent)`);
    return parts.join(', ');
  }
}

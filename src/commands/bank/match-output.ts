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
import { t, joined, money, type Message, type Text } from '../../i18n/message.js';

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
      // fisco's own words (why a near miss did not fit) in the run's language in the Italian dialect; English in the RFC one.
      { language: factory.language },
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
      near_misses: (proposal.nearMisses ?? []).map((n) => t`${n.number} (${money(n.amountDue)}): ${n.why}`),
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
    throw cannotWrite(flag, path, error);
  }
}

/** A file of `bank match` that could not be written: the flag, the path and the system's code. */
export function cannotWrite(flag: string, path: string, error: unknown): LocalWriteError {
  return new LocalWriteError(t`${flag} ${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was written there`);
}

/** The counts of the summary line, kept as the proposals go by (nothing of them is kept). */
export class Tally {
  movements = 0;
  credits = 0;
  matched = 0;
  matchedTotal = '0.00';
  registered = 0;
  skipped = 0;
  /** The reasons' first words (up to a colon or a parenthesis), by their English. */
  readonly skipReasons = new Map<string, Text>();
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
      const reason = p.skipReason ?? t`skipped`;
      if (this.skipReasons.size < 8) this.skipReasons.set(firstWords(String(reason)), reason);
    }
  }

  /** The summary: the statements (counted in their files), the companies, then what became of the movements. */
  line(read: { statements: number; files: number; companies: number; dated: number; notMatchable: number }, say: (text: Text) => string): Message {
    const reasons = [...new Set([...this.skipReasons.values()].map((reason) => firstWords(say(reason))))].slice(0, 4).join(', ');
    const statements = read.statements === 1 ? t`1 statement` : t`${read.statements} statements`;
    const files = read.files === 1 ? t`1 file` : t`${read.files} files`;
    const movements = this.movements === 1 ? t`1 movement` : t`${this.movements} movements`;
    const credits = this.credits === 1 ? t`1 credit` : t`${this.credits} credits`;
    const parts: Text[] = [
      read.companies > 1
        ? t`${statements} in ${files} of ${read.companies} companies, ${movements} (${credits})`
        : t`${statements} in ${files}, ${movements} (${credits})`,
      t`${this.matched} matched (${formatEuro(this.matchedTotal)})`,
      t`${this.registered} already registered`,
      reasons ? t`${this.skipped} skipped (${reasons})` : t`${this.skipped} skipped`,
      t`${this.unmatched} unmatched (${formatEuro(this.unmatchedTotal)})`,
    ];
    if (read.dated)
      parts.push(
        read.dated === 1
          ? t`1 booking date taken from the value date or the statement's date (no BookgDt)`
          : t`${read.dated} booking dates taken from the value date or the statement's date (no BookgDt)`,
      );
    if (read.notMatchable)
      parts.push(
        read.notMatchable === 1
          ? t`1 open invoice not matchable (an amount due with digits past the cent)`
          : t`${read.notMatchable} open invoices not matchable (an amount due with digits past the cent)`,
      );
    return joined(parts, ', ');
  }
}

/** A skip reason's first words: up to its first colon or parenthesis. */
function firstWords(reason: string): string {
  return reason.replace(/[:(].*$/, '').trim();
}

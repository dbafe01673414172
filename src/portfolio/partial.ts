/**
 * A company's run that keeps what could be read: each part of its data is asked on its own, and a
 * part the service refuses (a missing ability → 403, a 404, a 5xx or network failure after
 * retries) is noted with the figures it leaves unknown and why, instead of failing the company.
 * The run then exits 11 naming, per company, what is missing (partialSummary).
 */
import { FiscoError, PartialError } from '../errors.js';
import { companyLabel } from './companies.js';
import { isCompanyFailure, type Outcome } from './run.js';
import { joined, t, type Message, type Text } from '../i18n/message.js';

/** One part of a company's data that could not be read. */
export interface MissingPart {
  /** Which part, as a key a page can put in words (`f24s`, `expenses`, …), when the caller names one. */
  part?: string;
  /** What was asked, in words and as the request: `F24 forms (GET /v1/f24s)`. */
  request: Text;
  /** The fields (or files, or report sections) left unknown because of it. */
  figures: string[];
  /** The service's (or the network's) answer, on one line. */
  reason: string;
  exit_code: number;
}

/** A missing part's reason as fisco says it (the service's words framed, fisco's translated); `reason` keeps the English for machine formats. */
const REASONS = new WeakMap<MissingPart, Text>();

export class PartialReads {
  readonly missing: MissingPart[] = [];
  private readonly errors: FiscoError[] = [];
  private attempted = 0;

  /** `work()`'s value, or undefined when it failed for this company alone (noted in `missing`). */
  async read<T>(request: Text, figures: readonly string[], work: () => Promise<T>, part?: string): Promise<T | undefined> {
    this.attempted++;
    try {
      return await work();
    } catch (error) {
      if (!isCompanyFailure(error)) throw error;
      const missing: MissingPart = { ...(part ? { part } : {}), request, figures: [...figures], reason: oneLine(error.message), exit_code: error.exitCode };
      REASONS.set(missing, error.text);
      this.missing.push(missing);
      this.errors.push(error);
      return undefined;
    }
  }

  /** Nothing at all could be read: the company failed as a whole (its first error). */
  get nothingRead(): boolean {
    return this.attempted > 0 && this.errors.length === this.attempted;
  }

  get firstError(): FiscoError | undefined {
    return this.errors[0];
  }
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** How a missing part reads in a summary line: `F24 forms (GET /v1/f24s): This token lacks … (exit 3)`. */
export function describeMissing(part: MissingPart): Message {
  return t`${part.request}: ${REASONS.get(part) ?? part.reason} (exit ${part.exit_code})`;
}

/**
 * The error that ends a run where some companies failed or are incomplete, or undefined when
 * every company was read whole. Every company failed entirely: that failure's exit code; else 11.
 */
export function partialSummary(
  outcomes: readonly Outcome<unknown>[],
  incomplete: ReadonlyMap<string, readonly MissingPart[]>,
  kept: Text = t`what could be read is shown; the missing figures are n/a, null in json`,
): FiscoError | undefined {
  const failed = outcomes.filter((o): o is Extract<Outcome<unknown>, { ok: false }> => !o.ok);
  const partial = outcomes.filter((o) => o.ok && (incomplete.get(o.company.id)?.length ?? 0) > 0);
  if (failed.length === 0 && partial.length === 0) return undefined;
  const hints = [
    ...failed.map((f) => t`${companyLabel(f.company)}: not read: ${f.error.text} (exit ${f.error.exitCode})`),
    ...partial.flatMap((o) => incomplete.get(o.company.id)!.map((m) => t`${companyLabel(o.company)}: not read: ${describeMissing(m)}`)),
  ];
  if (failed.length === outcomes.length) return new FiscoError(t`no company done: all ${outcomes.length} failed`, failed[0]!.error.exitCode, hints);
  const failedWords = failed.length === 1 ? t`1 failed` : t`${failed.length} failed`;
  const partialWords = partial.length === 1 ? t`1 incomplete (${kept})` : t`${partial.length} incomplete (${kept})`;
  const parts = [...(failed.length ? [failedWords] : []), ...(partial.length ? [partialWords] : [])];
  return new PartialError(t`partly done: of ${outcomes.length} companies, ${joined(parts, ', ')}`, hints);
}

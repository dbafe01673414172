/**
 * One tool call run as the command it stands for: the same verb, flags table, scope rules (a firm
 * token's companies, --account), mirror and journal as on the terminal, its data captured as the
 * command's `-o json` and its messages (the mirror's "as of", warnings) kept as notes.
 */
import { Writable } from 'node:stream';
import type { Confirmer, Factory, PageFacts } from '../factory/factory.js';

/** A command line as the tool asks for it: the verb's path (`invoice list`), its arguments and its flags as commander would hand them. */
export interface VerbCall {
  path: readonly string[];
  args?: readonly string[];
  flags?: Record<string, unknown>;
}

/** Runs a verb by its path on the given Factory (src/commands/mcp/: the runner's own rules). */
export type VerbRunner = (call: VerbCall, factory: Factory) => Promise<void>;

export interface CallResult {
  /** What `-o json` prints: a list as an array, a record as an object; undefined when nothing was printed. */
  data: unknown;
  /** The lines the command said on stderr, without the `fisco: ` prefix. */
  notes: string[];
  /** Every page the lists read (one per company over a firm's companies). */
  pages: PageFacts[];
}

class Capture extends Writable {
  text = '';
  readonly isTTY = false;
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    callback();
  }
}

export async function runCall(run: VerbRunner, factory: Factory, call: VerbCall, confirm?: Confirmer): Promise<CallResult> {
  const stdout = new Capture();
  const stderr = new Capture();
  const pages: PageFacts[] = [];
  const one = factory.forCall({ stdout, stderr }, { pages: (facts) => pages.push(facts), confirm });
  await run(call, one);
  await one.output.finish();
  const text = stdout.text.trim();
  const notes = stderr.text
    .split('\n')
    .map((line) => line.replace(/^fisco: /, '').trimEnd())
    .filter((line) => line !== '');
  return { data: text === '' ? undefined : (JSON.parse(text) as unknown), notes, pages };
}

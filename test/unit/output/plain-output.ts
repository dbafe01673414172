import { Output, type OutputOptions } from '../../../src/output/output.js';
import { Redactor } from '../../../src/output/redact.js';

/** The output layer as a pipe gets it (json, RFC CSV, no colour, not quiet, a fresh redactor), over the given streams; `options` override any of it. */
export function plainOutput(options: Partial<OutputOptions> & Pick<OutputOptions, 'stdout' | 'stderr'>): Output {
  return new Output({ format: 'json', csvDialect: 'rfc', colour: false, stderrColour: false, quiet: false, redactor: new Redactor(), ...options });
}

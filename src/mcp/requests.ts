/**
 * The caller's request_id of a write tool (create_invoice, send_invoice): recorded in a journal
 * (src/journal/) before the command runs, its result after. The same id with the same arguments
 * answers the first result and runs nothing; with other arguments it is refused. A call that died
 * before its result runs the command again: the command's own journal (invoice create's) looks the
 * invoice up on the service before it would send again.
 */
import { createHash } from 'node:crypto';
import { UsageError } from '../errors.js';
import type { Factory } from '../factory/factory.js';
import { t } from '../i18n/message.js';

export interface Written {
  record: unknown;
  notes: string[];
}

export function argumentsHash(tool: string, input: Record<string, unknown>): string {
  const { request_id: _key, ...rest } = input;
  const stable = Object.keys(rest)
    .sort()
    .map((key) => [key, rest[key]]);
  return createHash('sha256')
    .update(JSON.stringify([tool, stable]))
    .digest('hex');
}

export async function once(factory: Factory, tool: string, input: Record<string, unknown>, work: () => Promise<Written>): Promise<Written> {
  const where = await factory.requestJournal('mcp');
  const journal = await factory.journal(where.kind, where.parts, where.header);
  try {
    const key = String(input.request_id);
    const hash = argumentsHash(tool, input);
    const earlier = journal.get(key);
    if (earlier?.hash !== undefined && earlier.hash !== hash)
      throw new UsageError(t`request_id ${key} was used with other arguments (or another tool): a retry must repeat them; nothing was sent`, [
        t`Choose a new request_id for a new write.`,
      ]);
    if (earlier?.state === 'done' && earlier.result) {
      return { record: { ...earlier.result, settled: 'replayed' }, notes: [] };
    }
    await journal.write({ key, state: 'sending', hash, context: { tool } });
    const written = await work();
    const record =
      written.record !== null && typeof written.record === 'object' && !Array.isArray(written.record)
        ? (written.record as Record<string, unknown>)
        : { value: written.record };
    await journal.write({ key, state: 'done', hash, result: { ...record, request_id: key } });
    return { record: { ...record, request_id: key, settled: 'sent' }, notes: written.notes };
  } finally {
    await journal.close();
  }
}

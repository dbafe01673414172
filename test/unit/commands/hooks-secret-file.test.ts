/**
 * `hooks create --secret-file`: the only copy of a subscription's secret is never overwritten, also
 * when another fisco writes the same file at the same moment (two runs of the same CI step): one
 * keeps its secret there, the other is told its secret could not be written. Two writes started
 * together in this process stand for the two processes: each looks for the file before either has
 * written it.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeSecretFile } from '../../../src/commands/hooks/create.js';

it('two writes of one secret file at once: exactly one is written (mode 0600), the other refused, never replaced', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fisco-secret-'));
  const path = join(dir, 'hook.secret');
  const outcomes = await Promise.allSettled([writeSecretFile(path, 'whsec_first'), writeSecretFile(path, 'whsec_second')]);
  const written = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [['whsec_first', 'whsec_second'][i]] : []));
  expect(written).toHaveLength(1);
  expect(readFileSync(path, 'utf8')).toBe(`${written[0]}\n`);
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([
    expect.stringContaining('appeared while the subscription was being created'),
  ]);
  expect(readdirSync(dir)).toEqual(['hook.secret']); // no temporary file left
});

/**
 * `hooks listen --forward-to`: the sender's answer waits for the forward. A forward that fails
 * (an error status, nothing listening) is answered 502 so the service retries, and said on
 * stderr; the retry of the same delivery_id is forwarded again, not dropped as a duplicate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDelivery } from '../../src/webhooks/signature.js';
import { freePort, listen, receiver, until } from './webhooks-helpers.js';

const SECRET = 'whsec_forward_test_0001';
let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'fisco-forward-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

function delivery(id: string) {
  const body = JSON.stringify({ event: 'invoice.created', delivery_id: id, occurred_at: '2026-11-20T10:00:00+01:00', data: { invoice_id: 7 } });
  return (url: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...signDelivery(SECRET, Math.floor(Date.now() / 1000), body) }, body });
}

describe('hooks listen --forward-to', () => {
  it('answers 502 when the local URL answers an error, says so, and forwards the retry of the same delivery', async () => {
    const statuses = [500, 200];
    const downstream = await receiver(() => statuses.shift() ?? 200);
    const listener = await listen(['--port', '0', '--secret', SECRET, '--forward-to', downstream.url], home);
    try {
      const send = delivery('d0000000-0000-4000-8000-000000000001');
      const first = await send(`${listener.url}/`);
      expect(first.status).toBe(502);
      expect(await first.json()).toMatchObject({ error: 'forward_failed' });
      await until(() => /failed \(it answered 500\); answered the sender 502/.test(listener.stderr()), 10_000, 'the warning');
      expect(listener.lines()).toEqual([]);

      const retry = await send(`${listener.url}/`);
      expect(retry.status).toBe(200);
      await until(() => listener.lines().length === 1, 10_000, 'the delivery line');
      expect(listener.lines()[0]).toMatchObject({ event: 'invoice.created', delivery_id: 'd0000000-0000-4000-8000-000000000001' });
      expect(downstream.received).toHaveLength(2);
      expect(listener.stderr()).not.toContain('duplicate delivery');

      // Once forwarded, the same delivery again is a duplicate: 200, not forwarded twice.
      expect((await send(`${listener.url}/`)).status).toBe(200);
      expect(downstream.received).toHaveLength(2);
      await until(() => listener.stderr().includes('duplicate delivery d0000000-0000-4000-8000-000000000001'), 10_000, 'the duplicate note');
    } finally {
      await listener.stop();
      await downstream.close();
    }
  });

  it('answers 502 when nothing listens at the local URL, and keeps running', async () => {
    const port = await freePort();
    const listener = await listen(['--port', '0', '--secret', SECRET, '--forward-to', `http://127.0.0.1:${port}/hook`], home);
    try {
      const response = await delivery('d0000000-0000-4000-8000-000000000002')(`${listener.url}/`);
      expect(response.status).toBe(502);
      await until(
        () => /forwarding d0000000-0000-4000-8000-000000000002 to .* failed \(.+\); answered the sender 502 so the service retries it/.test(listener.stderr()),
        10_000,
        'the warning',
      );
      expect(listener.lines()).toEqual([]);
      expect(listener.process.exitCode).toBeNull();
    } finally {
      await listener.stop();
    }
  });

  it('answers 200 when the forward succeeds', async () => {
    const downstream = await receiver(() => 204);
    const listener = await listen(['--port', '0', '--secret', SECRET, '--forward-to', downstream.url, '--max-deliveries', '1'], home);
    try {
      expect((await delivery('d0000000-0000-4000-8000-000000000003')(`${listener.url}/`)).status).toBe(200);
      expect((await listener.process).exitCode).toBe(0);
      expect(listener.lines()).toHaveLength(1);
      expect(listener.stderr()).toMatch(/forwarded d0000000-0000-4000-8000-000000000003 to .*: 204/);
    } finally {
      await listener.stop();
      await downstream.close();
    }
  });
});

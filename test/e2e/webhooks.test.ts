import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAbility } from '../../src/emulator/auth.js';
import { nextId, recordEvent } from '../../src/emulator/store.js';
import { resolveAccount } from '../../src/emulator/tenancy.js';
import type { EmulatorResource } from '../../src/emulator/types.js';
import { EVENT_KEYS } from '../../src/webhooks/event-keys.js';
import { signDelivery, type SignatureHeaders } from '../../src/webhooks/signature.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { freePort, listen, receiver, until } from './webhooks-helpers.js';

/**
 * Test-only stand-in for the invoices module (another branch): creating an "invoice" records
 * invoice.created with its integer id, as the real POST /fatture/nuova/* will.
 * The same flow against the real endpoint is test/e2e/webhooks-invoice.test.ts.
 */
const testInvoices: EmulatorResource = {
  name: 'test-invoices',
  register(app, ctx) {
    app.post('/test-only/invoices', requireAbility('invoices:write'), (c) => {
      const scope = resolveAccount(c, { requireSingle: true });
      const id = nextId(ctx.store, 'test-invoices');
      recordEvent(ctx.store, scope.account.id, 'invoice.created', { invoice_id: id });
      return c.json({ id, url: `https://example.invalid/${id}` }, 201);
    });
  },
};

let h: Harness;
beforeAll(async () => {
  h = await harness({ allowHttpHooks: true, webhookDelivery: { retryDelaysMs: [20, 20], timeoutMs: 2_000 }, extraResources: [testInvoices] });
});
afterAll(async () => h.close());

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

async function createHook(url: string, events: string[], extra: string[] = []): Promise<{ id: string; secret: string }> {
  const result = await h.run(['hooks', 'create', '--url', url, '--allow-http', ...events.flatMap((e) => ['--event', e]), '-o', 'json', ...extra]);
  expect(result.exitCode, result.stderr).toBe(0);
  return parseJson(result.stdout);
}

const hookRecord = (id: string) => h.emulator.store.hooks.find((x) => String(x.id) === id)!;

describe('events', () => {
  it('lists all 14 keys of the spec with label, category and description', async () => {
    const result = await h.run(['events', 'list']);
    expect(result.exitCode).toBe(0);
    const events = parseJson<{ key: string; label: string; category: string; description: string }[]>(result.stdout);
    expect(events.map((e) => e.key)).toEqual([...EVENT_KEYS]);
    for (const e of events) expect(e.label && e.category && e.description).toBeTruthy();
  });

  it('sample gives the envelope; the named payload fields are there; an unknown key exits 4 listing the valid ones', async () => {
    const sample = parseJson((await h.run(['events', 'sample', 'invoice.created'])).stdout);
    expect(Object.keys(sample)).toEqual(['event', 'delivery_id', 'occurred_at', 'data']);
    expect(Number.isInteger(sample.data.invoice_id)).toBe(true);
    expect(parseJson((await h.run(['events', 'sample', 'invoice.sent'])).stdout).data.channel).toBeDefined();
    expect(typeof parseJson((await h.run(['events', 'sample', 'payment.received'])).stdout).data.is_fully_paid).toBe('boolean');
    expect(parseJson((await h.run(['events', 'sample', 'quote.rejected'])).stdout).data).toHaveProperty('reason');
    expect(typeof parseJson((await h.run(['events', 'sample', 'tax.deadline_approaching'])).stdout).data.days_until_due).toBe('number');
    const unknown = await h.run(['events', 'sample', 'invoice.deleted']);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('invoice.created');
    expect(unknown.stderr).toContain('subscription.cancelled');
  });
});

describe('hooks create, list, delete', () => {
  it('checks https and event keys locally (exit 2, nothing sent)', async () => {
    const sent = h.mark();
    const http = await h.run(['hooks', 'create', '--url', 'http://example.org/h', '--event', 'invoice.created']);
    expect(http.exitCode).toBe(2);
    expect(http.stderr).toContain('https');
    const remoteHttp = await h.run(['hooks', 'create', '--url', 'http://example.org/h', '--event', 'invoice.created', '--allow-http']);
    expect(remoteHttp.exitCode).toBe(2);
    const badEvent = await h.run(['hooks', 'create', '--url', 'https://example.org/h', '--event', 'invoice.deleted']);
    expect(badEvent.exitCode).toBe(2);
    expect(badEvent.stderr).toContain('Valid events: invoice.created');
    expect(sent()).toEqual([]);
  });

  it('shows the secret once with a warning, never in hooks list (json, table, --debug); updates an active same URL+source', async () => {
    const created = await h.run(['hooks', 'create', '--url', 'https://example.org/one', '--event', 'invoice.created', '--name', 'One', '-o', 'json']);
    expect(created.exitCode).toBe(0);
    const hook = parseJson(created.stdout);
    expect(hook.secret).toMatch(/^whsec_/);
    expect(created.stderr).toContain(`created subscription ${hook.id}`);
    expect(created.stderr).toContain('never shown again');
    expect(created.stderr).not.toContain(hook.secret);

    const again = await h.run(['hooks', 'create', '--url', 'https://example.org/one', '--event', 'payment.received', '--event', 'invoice.sent']);
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain(`updated existing subscription ${hook.id}`);
    expect(parseJson(again.stdout).secret).toBeUndefined();
    const otherSource = parseJson(
      (await h.run(['hooks', 'create', '--url', 'https://example.org/one', '--event', 'invoice.created', '--source', 'zapier'])).stdout,
    );
    expect(otherSource.id).not.toBe(hook.id);

    for (const args of [
      ['hooks', 'list'],
      ['hooks', 'list', '-o', 'table'],
      ['hooks', 'list', '--debug'],
    ]) {
      const list = await h.run(args);
      expect(list.exitCode).toBe(0);
      expect(list.stdout + list.stderr).not.toContain(hook.secret);
      expect(list.stdout).toContain('example.org/one');
    }
    const listed = parseJson<any[]>((await h.run(['hooks', 'list'])).stdout).find((x) => x.id === hook.id);
    expect(listed.events).toEqual(['payment.received', 'invoice.sent']);
    expect(listed).not.toHaveProperty('secret');
  });

  it('--secret-file writes the secret 0600 and prints it nowhere; refuses to overwrite before sending', async () => {
    const file = join(h.home, 'hook.secret');
    const result = await h.run(['hooks', 'create', '--url', 'https://example.org/file', '--event', 'client.created', '--secret-file', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    const secret = readFileSync(file, 'utf8').trim();
    expect(secret).toMatch(/^whsec_/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(result.stdout + result.stderr).not.toContain(secret);
    const sent = h.mark();
    const again = await h.run(['hooks', 'create', '--url', 'https://example.org/file2', '--event', 'client.created', '--secret-file', file]);
    expect(again.exitCode).toBe(2);
    expect(sent()).toEqual([]);
  });

  it('delete turns off, not erases; unknown id exits 4', async () => {
    const hook = parseJson((await h.run(['hooks', 'create', '--url', 'https://example.org/del', '--event', 'expense.created'])).stdout);
    const deleted = await h.run(['hooks', 'delete', hook.id]);
    expect(deleted.exitCode).toBe(0);
    expect(deleted.stderr).toMatch(/turned off .*not erased/);
    const listed = parseJson<any[]>((await h.run(['hooks', 'list'])).stdout).find((x) => x.id === hook.id);
    expect(listed.is_active).toBe(false);
    expect((await h.run(['hooks', 'delete', '99999'])).exitCode).toBe(4);
  });

  it("a firm token is told webhooks need a company's own token, and that --account does not change that", async () => {
    for (const args of [
      ['hooks', 'list'],
      ['hooks', 'list', '--account', 'acc_verdi'],
      ['hooks', 'delete', '1', '--account', 'acc_verdi'],
    ]) {
      const result = await h.run(args, { token: TOKENS.firm });
      expect(result.exitCode, args.join(' ')).toBe(6);
      expect(result.stderr).toMatch(/single company's own API token/);
      expect(result.stderr).toMatch(/Webhook subscriptions belong to one company/); // the service's own words
      expect(result.stderr).toContain('--account does not change that');
      expect(result.stderr).not.toContain('--account acc_rossi');
    }
    const created = await h.run(['hooks', 'create', '--url', 'https://example.org/firm', '--event', 'invoice.created', '--account', 'acc_verdi'], {
      token: TOKENS.firm,
    });
    expect(created.exitCode).toBe(6);
    expect(created.stderr).toContain('--account does not change that');
    expect(h.emulator.store.hooks.some((hook) => hook.target_url === 'https://example.org/firm')).toBe(false);
  });
});

describe('deliveries from the emulator', () => {
  it('an invoice created in the emulator arrives signed at `hooks listen`, which verifies it', async () => {
    const port = await freePort();
    const secretFile = join(h.home, 'listen.secret');
    await h.run(['hooks', 'create', '--url', `http://127.0.0.1:${port}/in`, '--event', 'invoice.created', '--allow-http', '--secret-file', secretFile]);
    const listener = await listen(['--port', String(port), '--secret-file', secretFile, '--max-deliveries', '1'], h.home);
    try {
      const created = await h.run(['api', 'POST', '/test-only/invoices', '--input', '-'], { input: '{}' });
      expect(created.exitCode, created.stderr).toBe(0);
      const invoiceId = parseJson(created.stdout).id;
      const [line] = await until(() => listener.lines().length > 0 && listener.lines(), 10_000, 'the delivery');
      expect(line.event).toBe('invoice.created');
      expect(line.data).toEqual({ invoice_id: invoiceId });
      expect(line.delivery_id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await listener.process).exitCode).toBe(0);
      const delivery = h.emulator.store.deliveries.find((d) => d.id === line.delivery_id)!;
      expect(delivery.status).toBe('delivered');
    } finally {
      await listener.stop();
    }
  });

  it('the raw delivery verifies with `hooks verify`; a tampered body is rejected (exit 3)', async () => {
    const rx = await receiver();
    try {
      const hook = await createHook(rx.url, ['invoice.created']);
      await h.run(['api', 'POST', '/test-only/invoices', '--input', '-'], { input: '{}' });
      const got = await until(() => rx.received[0], 10_000, 'the delivery');
      const bodyFile = join(h.home, 'body.json');
      writeFileSync(bodyFile, got.body);
      const args = [
        'hooks',
        'verify',
        '--secret',
        hook.secret,
        '--signature',
        String(got.headers['x-service-signature']),
        '--timestamp',
        String(got.headers['x-service-timestamp']),
      ];
      expect(String(got.headers['x-service-signature'])).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(String(got.headers['x-service-timestamp'])).toMatch(/^\d{10}$/);
      const ok = await h.run([...args, '--body', bodyFile]);
      expect(ok.exitCode, ok.stderr).toBe(0);
      expect(ok.stderr).toContain('valid');
      expect(ok.stdout + ok.stderr).not.toContain(hook.secret);
      const viaStdin = await h.run([...args, '--body', '-'], { input: got.body.toString() });
      expect(viaStdin.exitCode).toBe(0);
      const tampered = await h.run([...args, '--body', '-'], { input: got.body.toString().replace(/"invoice_id":\d+/, '"invoice_id":999') });
      expect(tampered.exitCode).toBe(3);
      expect(tampered.stderr).toContain('bad_signature');
      expect(tampered.stdout + tampered.stderr).not.toContain(hook.secret);
    } finally {
      await rx.close();
    }
  });

  it('410 Gone cancels the subscription: no more deliveries, gone from hooks list', async () => {
    const rx = await receiver(() => 410);
    try {
      const hook = await createHook(rx.url, ['client.created']);
      recordEvent(h.emulator.store, 'acc_rossi', 'client.created', { client_id: 1 });
      await until(() => hookRecord(hook.id).state === 'cancelled', 10_000, 'the cancellation');
      expect(rx.received).toHaveLength(1);
      recordEvent(h.emulator.store, 'acc_rossi', 'client.created', { client_id: 2 });
      // Deliveries are recorded as the event is: none for this one, so nothing can ever be sent for it.
      expect(h.emulator.store.deliveries.filter((d) => d.hookId === Number(hook.id)).map((d) => d.status)).toEqual(['cancelled']);
      expect(rx.received).toHaveLength(1);
      const listed = parseJson<any[]>((await h.run(['hooks', 'list'])).stdout);
      expect(listed.find((x) => x.id === hook.id)).toBeUndefined();
    } finally {
      await rx.close();
    }
  });

  it('20 consecutive failures turn the subscription off; a 2xx before resets the count', async () => {
    let answer = 500;
    const rx = await receiver(() => answer);
    try {
      const hook = await createHook(rx.url, ['expense.created']);
      // 3 attempts per event (retries after 20 ms twice): 3 failed events, then a success.
      for (let i = 0; i < 3; i++) recordEvent(h.emulator.store, 'acc_rossi', 'expense.created', { expense_id: `e${i}` });
      await until(
        () => rx.received.length === 9 && h.emulator.store.deliveries.filter((d) => d.hookId === Number(hook.id) && d.status === 'failed').length === 3,
        10_000,
        '9 attempts',
      );
      expect(hookRecord(hook.id).consecutiveFailures).toBe(9);
      answer = 200;
      recordEvent(h.emulator.store, 'acc_rossi', 'expense.created', { expense_id: 'ok' });
      await until(() => hookRecord(hook.id).consecutiveFailures === 0 && rx.received.length === 10, 10_000, 'the reset');
      answer = 503;
      for (let i = 0; i < 8; i++) recordEvent(h.emulator.store, 'acc_rossi', 'expense.created', { expense_id: `f${i}` });
      await until(() => hookRecord(hook.id).state === 'inactive', 10_000, 'the subscription to turn off');
      // Every delivery settled (a retry due after the turn-off is cancelled, not sent): the count is final.
      const pending = () => h.emulator.store.deliveries.filter((d) => d.hookId === Number(hook.id) && d.status === 'pending');
      await until(() => pending().length === 0, 10_000, 'every delivery to settle');
      expect(rx.received.length).toBe(10 + 20);
      const listed = parseJson<any[]>((await h.run(['hooks', 'list'])).stdout).find((x) => x.id === hook.id);
      expect(listed.is_active).toBe(false);
    } finally {
      await rx.close();
    }
  });
});

describe('hooks verify against openssl', () => {
  it.skipIf(!hasOpenssl)('agrees with `openssl dgst -sha256 -hmac` (hex and base64), rejects stale and future timestamps', async () => {
    const key = 'whsec_openssl_check';
    const body = '{"event":"payment.received","delivery_id":"d1","occurred_at":"2026-11-20T10:00:00+01:00","data":{"is_fully_paid":true}}';
    const bodyFile = join(h.home, 'openssl-body.json');
    writeFileSync(bodyFile, body);
    const sign = (ts: string, binary = false) =>
      execFileSync('sh', ['-c', `printf '%s' "$1" | openssl dgst -sha256 -hmac "$2" ${binary ? '-binary | base64' : '-r'}`, 'sh', `${ts}.${body}`, key])
        .toString()
        .trim()
        .split(/\s+/)[0]!;
    const now = Math.floor(Date.now() / 1000);
    const verify = (ts: number, sig: string, extra: string[] = []) =>
      h.run(['hooks', 'verify', '--secret', key, '--signature', `sha256=${sig}`, '--timestamp', String(ts), '--body', bodyFile, ...extra]);
    expect((await verify(now, sign(String(now)))).exitCode).toBe(0);
    expect((await verify(now, sign(String(now), true))).exitCode).toBe(0);
    const stale = await verify(now - 400, sign(String(now - 400)));
    expect(stale.exitCode).toBe(3);
    expect(stale.stderr).toContain('stale_timestamp');
    expect((await verify(now - 400, sign(String(now - 400)), ['--tolerance', '600'])).exitCode).toBe(0);
    const future = await verify(now + 400, sign(String(now + 400)));
    expect(future.exitCode).toBe(3);
    expect(future.stderr).toContain('future_timestamp');
    const iso = new Date(now * 1000).toISOString().replace('.000Z', 'Z');
    expect(
      (await h.run(['hooks', 'verify', '--secret', 'x', '--secret', key, '--signature', `sha256=${sign(iso)}`, '--timestamp', iso, '--body', bodyFile])).stderr,
    ).toContain('secret 2 of 2');
    expect((await h.run(['hooks', 'verify', '--secret', key, '--signature', 'nonsense', '--timestamp', String(now), '--body', bodyFile])).exitCode).toBe(2);
    expect((await h.run(['hooks', 'verify', '--signature', 'sha256=00', '--timestamp', String(now), '--body', bodyFile])).exitCode).toBe(2);
  });
});

describe('hooks listen and trigger', () => {
  it('trigger delivers every event key to the listener, signed as the service would', async () => {
    const secret = 'whsec_trigger_test';
    const listener = await listen(['--port', '0', '--secret', secret, '--max-deliveries', String(EVENT_KEYS.length)], h.home);
    try {
      for (const key of EVENT_KEYS) {
        const result = await h.run(['hooks', 'trigger', key, '--to', `${listener.url}/hook`, '--secret', secret]);
        expect(result.exitCode, `${key}: ${result.stderr}`).toBe(0);
        const printed = parseJson(result.stdout);
        expect(printed).toMatchObject({ event: key, status: 200 });
        expect(result.stdout + result.stderr).not.toContain(secret);
      }
      expect((await listener.process).exitCode).toBe(0);
      const lines = listener.lines();
      expect(lines.map((l) => l.event)).toEqual([...EVENT_KEYS]);
      expect(new Set(lines.map((l) => l.delivery_id)).size).toBe(EVENT_KEYS.length);
    } finally {
      await listener.stop();
    }
    const unknown = await h.run(['hooks', 'trigger', 'nope.event', '--to', 'http://127.0.0.1:9/x', '--secret', secret]);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('invoice.created');
    // Fifteen fisco processes in a row: a loaded machine needs more than the default 30 s.
  }, 120_000);

  it('answers 401 to a bad signature or a stale timestamp, drops a replayed delivery_id, forwards raw body and headers', async () => {
    const secret = 'whsec_listen_test';
    const downstream = await receiver(() => 202);
    const listener = await listen(['--port', '0', '--secret', secret, '--forward-to', downstream.url], h.home);
    try {
      const body = JSON.stringify({
        event: 'invoice.created',
        delivery_id: 'c0ffee00-0000-4000-8000-000000000001',
        occurred_at: '2026-11-20T10:00:00+01:00',
        data: { invoice_id: 5 },
      });
      const post = (headers: SignatureHeaders, payload = body) =>
        fetch(`${listener.url}/`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
      const now = Math.floor(Date.now() / 1000);
      expect((await post(signDelivery('other', now, body))).status).toBe(401);
      expect((await post(signDelivery(secret, now, body), body.replace('5', '6'))).status).toBe(401);
      expect((await post(signDelivery(secret, now - 1000, body))).status).toBe(401);
      const signed = signDelivery(secret, now, body);
      expect((await post(signed)).status).toBe(200);
      expect((await post(signed)).status).toBe(200);
      await until(() => downstream.received.length === 1 && /forwarded .* 202/.test(listener.stderr()), 5_000, 'the forward');
      expect(listener.lines()).toHaveLength(1);
      expect(listener.stderr()).toContain('duplicate delivery c0ffee00-0000-4000-8000-000000000001');
      expect(listener.stderr()).toContain('bad_signature');
      expect(listener.stderr()).toContain('stale_timestamp');
      expect(downstream.received[0]!.body.toString()).toBe(body);
      expect(downstream.received[0]!.headers['x-service-signature']).toBe(signed['X-Service-Signature']);
      expect(downstream.received[0]!.headers['x-service-timestamp']).toBe(signed['X-Service-Timestamp']);
      expect(JSON.stringify(listener.lines())).not.toContain(secret);
    } finally {
      await listener.stop();
      await downstream.close();
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, parseRetryAfter } from '../../../src/api/client.js';
import { ApiError, ExitCode, NetworkError, OutcomeUnknownError } from '../../../src/errors.js';
import { json, scriptedServer } from './server.js';
import * as zAny from '../../../src/api/zod.js';
import { Redactor } from '../../../src/output/redact.js';

/** These tests are about the client's mechanics, not a resource's shape: any JSON answer. */
const ANY = zAny.unknown();

const TOKEN = 'tok-secret-1234567890';
let servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function setup(handle: Parameters<typeof scriptedServer>[0], extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  const server = await scriptedServer(handle);
  servers.push(server);
  const sleeps: number[] = [];
  const client = new ApiClient({
    redactor: new Redactor(),
    baseUrl: server.url,
    token: `${TOKEN}-${Math.random()}`,
    userAgent: 'fisco/test',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  servers.push({ close: () => client.close() });
  return { server, client, sleeps };
}

describe('retries', () => {
  it('retries a GET after a 503 and returns the later success', async () => {
    const { server, client } = await setup((_req, res, seen) =>
      seen.length < 3 ? json(res, 503, { error: { code: 'server_error', message: 'down' } }) : json(res, 200, { ok: true }),
    );
    await expect(client.get('/v1/me', undefined, ANY)).resolves.toEqual({ ok: true });
    expect(server.seen).toHaveLength(3);
  });

  it('gives up on a GET after the retry budget with exit 8', async () => {
    const { server, client } = await setup((_req, res) => json(res, 502, { error: { code: 'bad_gateway', message: 'upstream' } }));
    const error = await client.get('/v1/me', undefined, ANY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).exitCode).toBe(ExitCode.network);
    expect(server.seen).toHaveLength(4);
  });

  it('never retries a POST or a DELETE', async () => {
    const { server, client } = await setup((_req, res) => json(res, 503, { error: { code: 'server_error', message: 'down' } }));
    await expect(client.post('/fatture/nuova/piva', { piva: '1' }, { schema: ANY })).rejects.toMatchObject({ status: 503 });
    await expect(client.delete('/v1/hooks/1')).rejects.toMatchObject({ status: 503 });
    expect(server.seen.map((s) => s.method)).toEqual(['POST', 'DELETE']);
  });

  it('honours Retry-After on a 429 for a GET', async () => {
    const { server, client, sleeps } = await setup((_req, res, seen) =>
      seen.length === 1 ? json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '2' }) : json(res, 200, { data: [] }),
    );
    await client.get('/v1/invoices', undefined, ANY);
    expect(server.seen).toHaveLength(2);
    expect(sleeps).toContain(2000);
  });

  it('does not retry a 429 on a POST and says how long to wait (exit 7)', async () => {
    const { server, client } = await setup((_req, res) => json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '30' }));
    const error = (await client.post('/clients/store/manual', { name: 'x' }, { schema: ANY }).catch((e: unknown) => e)) as ApiError;
    expect(error.exitCode).toBe(ExitCode.rateLimited);
    expect(error.hints.join(' ')).toContain('30 s');
    expect(server.seen).toHaveLength(1);
  });

  it('retries a GET whose connection was dropped, but reports a dropped POST as outcome unknown (exit 9)', async () => {
    const { server, client } = await setup((req, res, seen) => {
      if (req.method === 'GET' && seen.length > 1) return json(res, 200, { ok: 1 });
      req.socket.destroy();
    });
    await expect(client.get('/v1/me', undefined, ANY)).resolves.toEqual({ ok: 1 });
    const error = await client.post('/fatture/nuova/manuale', {}, { schema: ANY }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).exitCode).toBe(ExitCode.outcomeUnknown);
    expect(server.seen.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('reports a refused connection on a POST as a network error that is safe to retry (exit 8)', async () => {
    const client = new ApiClient({ redactor: new Redactor(), baseUrl: 'http://127.0.0.1:1', token: 't', userAgent: 'x', sleep: async () => {} });
    const error = (await client.post('/clients/store/manual', {}, { schema: ANY }).catch((e: unknown) => e)) as NetworkError;
    await client.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.exitCode).toBe(ExitCode.network);
    expect(error.hints.join(' ')).toContain('safe to try again');
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    // An HTTP date: the time left until it, at an instant of parseRetryAfter's own clock; none once past.
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(parseRetryAfter(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(parseRetryAfter(new Date(now - 5000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('error mapping', () => {
  it('reads the /v1 error shape with its code', async () => {
    const { client } = await setup((_req, res) => json(res, 404, { error: { code: 'not_found', message: 'F24 abc not found' } }));
    await expect(client.get('/v1/f24s/abc', undefined, ANY)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'F24 abc not found',
      exitCode: ExitCode.notFound,
    });
  });

  it('reads the payments error shape (success false, errors[])', async () => {
    const { client } = await setup((_req, res) => json(res, 422, { success: false, errors: [{ message: 'amount exceeds the residue of 100.00' }] }));
    await expect(client.post('/fatture/u/pagamenti', { amount: 200 }, { schema: ANY })).rejects.toMatchObject({
      status: 422,
      message: 'amount exceeds the residue of 100.00',
      exitCode: ExitCode.rejected,
    });
  });

  it('names the right host and the profile to use on a wrong-environment 403', async () => {
    const { client } = await setup(
      (_req, res) => json(res, 403, { error: { code: 'wrong_environment', message: 'token of sandbox', host: 'http://sandbox.test' } }),
      {
        hints: { profileForHost: (host) => (host === 'http://sandbox.test' ? 'rossi-sandbox' : undefined) },
      },
    );
    const error = (await client.get('/v1/me', undefined, ANY).catch((e: unknown) => e)) as ApiError;
    expect(error.exitCode).toBe(ExitCode.auth);
    expect(error.message).toContain('wrong environment');
    expect(error.hints.join('\n')).toContain('fisco -p rossi-sandbox');
  });

  it('lists the companies and --account on ambiguous_account', async () => {
    const accounts = [
      { id: 'acc_a', name: 'Alfa' },
      { id: 'acc_b', name: 'Beta' },
    ];
    const { client } = await setup((_req, res) => json(res, 422, { error: { code: 'ambiguous_account', message: 'which company?', accounts } }));
    const error = (await client.get('/v1/hooks', undefined, ANY).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('ambiguous_account');
    expect(error.hints.join('\n')).toMatch(/--account acc_a\s+Alfa/);
    expect(error.hints.join('\n')).toMatch(/--account acc_b\s+Beta/);
  });
});

describe('requests', () => {
  it('sends the bearer token, a fisco User-Agent and account_id for a firm token', async () => {
    const { server, client } = await setup((_req, res) => json(res, 200, {}), { accountId: 'acc_verdi', userAgent: 'fisco/9.9.9 (node)' });
    await client.get('/v1/invoices', { direction: 'inbound', sdi_status: ['sent', 'queued'] }, ANY);
    const seen = server.seen[0];
    expect(seen.headers.authorization).toMatch(/^Bearer tok-secret/);
    expect(seen.headers['user-agent']).toBe('fisco/9.9.9 (node)');
    expect(seen.url).toBe('/v1/invoices?direction=inbound&sdi_status=sent%2Cqueued&account_id=acc_verdi');
  });

  it('keeps a base URL path prefix (the emulator serves the sandbox under /sandbox)', async () => {
    const server = await scriptedServer((_req, res) => json(res, 200, {}));
    servers.push(server);
    const client = new ApiClient({ redactor: new Redactor(), baseUrl: `${server.url}/sandbox/`, token: 't', userAgent: 'x' });
    await client.get('/v1/me', undefined, ANY);
    await client.close();
    expect(server.seen[0].url).toBe('/sandbox/v1/me');
  });

  it('traces exchanges for --debug without the token or webhook secrets', async () => {
    const lines: string[] = [];
    const token = 'super-secret-token-value';
    const { client } = await setup((_req, res) => json(res, 201, { data: { id: '1', secret: 'whsec_abcdef', secret_note: 'store it' } }), {
      token,
      debug: (l) => lines.push(l),
    });
    await client.post('/v1/hooks', { target_url: 'https://x', events: ['invoice.created'] }, { schema: ANY });
    const trace = lines.join('\n');
    expect(trace).toContain('> POST');
    expect(trace).toContain('< 201');
    expect(trace).toContain('Bearer ***');
    expect(trace).not.toContain(token);
    expect(trace).not.toContain('whsec_abcdef');
  });
});

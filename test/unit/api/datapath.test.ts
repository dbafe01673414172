import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiClient, assertBaseUrl } from '../../../src/api/client.js';
import { decodeAnswer } from '../../../src/api/decode.js';
import { ApiError, ExitCode, OutcomeUnknownError, TimeoutError, UnexpectedAnswerError, UsageError } from '../../../src/errors.js';
import { getMe } from '../../../src/api/me.js';
import { nextPageOf, paginate } from '../../../src/api/paginate.js';
import { plainOutput } from '../output/plain-output.js';
import { Redactor } from '../../../src/output/redact.js';
import { json, scriptedServer } from './server.js';
import * as zAny from '../../../src/api/zod.js';

/** These tests are about the client's mechanics, not a resource's shape: any JSON answer. */
const ANY = zAny.unknown();

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function setup(handle: Parameters<typeof scriptedServer>[0], extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  const server = await scriptedServer(handle);
  const client = new ApiClient({
    baseUrl: server.url,
    token: `dp-${Math.random()}`,
    redactor: new Redactor(),
    userAgent: 'fisco/test',
    sleep: async () => undefined,
    ...extra,
  });
  cleanup.push(
    () => client.close(),
    () => server.close(),
  );
  return { server, client };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const answer = (text: string, method = 'GET', status = 200) => ({ method, path: '/v1/me', status, text });
const schema = z.looseObject({ data: z.looseObject({ name: z.string() }) });

describe('decoding at the boundary', () => {
  it.each([
    ['<!DOCTYPE html><html><body>Bad gateway</body></html>', /an HTML page \("<!DOCTYPE html>/],
    ['{"data": {"na', /truncated or malformed JSON/],
    ['', /an empty body/],
    ['null', /null instead of a JSON object/],
    ['{"other": 1}', /no data/],
    ['{"data": {"name": 3}}', /data\.name: expected string, received number/],
    ['plain text', /not JSON \("plain text"\)/],
  ])('%j is one UnexpectedAnswerError (exit 8) naming the request and what came back', (text, what) => {
    const error = (() => {
      try {
        decodeAnswer(answer(text), schema);
      } catch (e) {
        return e as UnexpectedAnswerError;
      }
    })()!;
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(error.exitCode).toBe(ExitCode.network);
    expect(error.message).toMatch(/^GET \/v1\/me: unexpected answer \(HTTP 200, /);
    expect(error.message).toMatch(what);
    expect(error.message).toContain('`--debug` shows the whole answer');
    expect(error.message).not.toContain('\n');
  });

  it('keeps fields it does not know and normalises amounts given as numbers or strings', () => {
    const invoice = z.looseObject({ total: z.union([z.number(), z.string()]) });
    expect(decodeAnswer(answer('{"data":{"name":"x","extra":{"a":1}}}'), schema)).toEqual({ data: { name: 'x', extra: { a: 1 } } });
    expect(decodeAnswer(answer('{"total": 1}'), invoice)).toEqual({ total: 1 });
  });

  it('an excerpt is short, printable and redacted when printed (the run redactor holds the secret)', () => {
    const redactor = new Redactor();
    redactor.add('super-secret-token-123');
    const error = (() => {
      try {
        decodeAnswer(answer(`<html>\u001b]0;pwned\u0007 super-secret-token-123 ${'x'.repeat(200)}`), schema);
      } catch (e) {
        return e as Error;
      }
    })()!;
    expect(redactor.redact(error.message)).not.toContain('super-secret-token-123');
    expect(error.message).not.toMatch(/[\u0000-\u001f]/);
    expect(error.message).toContain('\\x1b');
    expect(error.message.length).toBeLessThan(220);
  });

  it('a write answered 2xx whose answer cannot be read is an unknown outcome (exit 9), with how to check', () => {
    for (const text of ['<html>', '{"data": {"id', '', 'null', '{"data": 1}']) {
      const error = (() => {
        try {
          decodeAnswer(answer(text, 'POST', 201), schema, 'See it with: fisco clients list');
        } catch (e) {
          return e as OutcomeUnknownError;
        }
      })()!;
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error.exitCode).toBe(9);
      expect(error.answered).toBe(201);
      expect(error.message).toMatch(/answered HTTP 201, but its answer cannot be read .*: the request was probably carried out, and fisco cannot tell/);
      expect(error.message).not.toMatch(/and carried it out/);
      expect(error.hints.join(' ')).toContain('fisco clients list');
    }
  });

  it('an empty answer is fine for DELETE and 204, where the contract has no body', () => {
    expect(decodeAnswer(answer('', 'DELETE', 204))).toBeNull();
    expect(decodeAnswer(answer('', 'DELETE', 200))).toBeNull();
  });

  it('a real client never returns undefined for a 200 that is not the contract', async () => {
    const { client } = await setup((_req, res) => json(res, 200, { data: null }));
    await expect(getMe(client)).rejects.toBeInstanceOf(UnexpectedAnswerError);
  });
});

describe('next_page is a page indicator', () => {
  const client = {
    baseUrl: 'https://api.example.it/sandbox',
    sameOrigin: (url: URL) => url.origin === 'https://api.example.it',
    relativePath: (url: URL) => ({ path: url.pathname.replace(/^\/sandbox/, ''), query: Object.fromEntries(url.searchParams) }),
  };
  it('a number, a numeric string, a same-origin link; null ends the walk', () => {
    expect(nextPageOf(2, client)).toEqual({ page: 2 });
    expect(nextPageOf('3', client)).toEqual({ page: 3 });
    expect(nextPageOf(null, client)).toBeNull();
    expect(nextPageOf('https://api.example.it/sandbox/v1/f24s?page=4&per_page=100', client)).toEqual({
      path: '/v1/f24s',
      query: { page: '4', per_page: '100' },
      key: 'page:4',
    });
    expect(nextPageOf('/sandbox/v1/f24s?cursor=abc', client)).toMatchObject({ path: '/v1/f24s', query: { cursor: 'abc' } });
  });
  it('a link to another host, a negative or odd value is refused', () => {
    expect(() => nextPageOf('https://evil.example/v1/f24s?page=2', client)).toThrow(/another host/);
    expect(() => nextPageOf(-1, client)).toThrow();
    expect(() => nextPageOf(true, client)).toThrow();
  });
});

describe('pagination that fails cleanly', () => {
  const page = (n: number, next: unknown, items = 2) => ({ data: Array.from({ length: items }, (_, i) => ({ id: `${n}-${i}` })), meta: { next_page: next } });

  it('follows a numeric string and a same-origin link', async () => {
    const { client, server } = await setup((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/v1/x' && !url.searchParams.get('cursor') && url.searchParams.get('page') === '1') return json(res, 200, page(1, '2'));
      if (url.searchParams.get('page') === '2') return json(res, 200, page(2, `http://${req.headers.host}/v1/x?cursor=c3`));
      return json(res, 200, page(3, null));
    });
    const items = await collect(paginate(client, '/v1/x', {}, { all: true }));
    expect(items.map((i: any) => i.id)).toEqual(['1-0', '1-1', '2-0', '2-1', '3-0', '3-1']);
    expect(server.seen).toHaveLength(3);
  });

  it('stops at an empty page and at a page seen before, so no answer loops forever', async () => {
    const looping = await setup((_req, res) => json(res, 200, page(1, 1)));
    expect(await collect(paginate(looping.client, '/v1/x', {}, { all: true }))).toHaveLength(2);
    expect(looping.server.seen).toHaveLength(1);
    const empty = await setup((req, res) =>
      new URL(req.url!, 'http://x').searchParams.get('page') === '1' ? json(res, 200, page(1, 2)) : json(res, 200, page(2, 3, 0)),
    );
    expect(await collect(paginate(empty.client, '/v1/x', {}, { all: true }))).toHaveLength(2);
    expect(empty.server.seen).toHaveLength(2);
  });

  it('a page fetched ahead that fails is reported once, and no rejection is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { client } = await setup((req, res) => {
        const n = Number(new URL(req.url!, 'http://x').searchParams.get('page'));
        if (n >= 3) return json(res, 200, { data: 'broken' });
        json(res, 200, { data: [{ id: n }], meta: { page: n, per_page: 1, total: 8, next_page: n + 1 } });
      });
      const seen: unknown[] = [];
      const error = await (async () => {
        for await (const item of paginate(client, '/v1/x', {}, { all: true, concurrency: 4 })) seen.push(item);
      })().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnexpectedAnswerError);
      expect(seen).toHaveLength(2);
      // Node reports an unhandled rejection at the end of the tick it was left in.
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a partial json list never parses as complete and says how many items were written', async () => {
    let text = '';
    const stdout = new Writable({ write: (chunk, _e, done) => ((text += chunk), done()) });
    const output = plainOutput({ stdout, stderr: stdout });
    async function* items() {
      yield { id: 1 };
      yield { id: 2 };
      throw new UnexpectedAnswerError('GET /v1/x: unexpected answer', 'GET', '/v1/x', 200, false);
    }
    const error = await output.list(items()).catch((e: Error) => e);
    expect((error as Error).message).toContain('after 2 items had been written to stdout; the output is incomplete');
    expect(() => JSON.parse(text)).toThrow();
    const failedFirst = plainOutput({ stdout, stderr: stdout });
    text = '';
    // eslint-disable-next-line require-yield
    await failedFirst
      .list(
        (async function* () {
          throw new Error('first page');
        })(),
      )
      .catch(() => undefined);
    expect(text).toBe('');
  });
});

describe('deadlines', () => {
  it('a body that trickles is cut off by the overall deadline, and the message names it', async () => {
    const { client } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(timer));
      },
      { timeoutMs: 300, retry: { retries: 0 } },
    );
    // The body never ends, and its chunks come far more often than undici's idle bodyTimeout (the
    // deadline + 1 s): only the overall deadline can end this request, which a TimeoutError naming
    // 0.3 s proves (a deadline that stopped at the headers would leave it hanging until the test's timeout).
    const error = await client.get('/v1/me', undefined, ANY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('no complete answer within 0.3 s');
  });

  it('read retries stop at their count and at their total time, and say which', async () => {
    const counted = await setup((_req, res) => json(res, 503, { error: { code: 'down', message: 'down' } }), { retry: { retries: 2 } });
    const byCount = (await counted.client.get('/v1/me', undefined, ANY).catch((e: unknown) => e)) as ApiError;
    expect(byCount.message).toContain('after 3 attempts');
    expect(counted.server.seen).toHaveLength(3);
    const timed = await setup((_req, res) => json(res, 503, { error: { code: 'down', message: 'down' } }), {
      retry: { retries: 10, maxTotalMs: 1, baseDelayMs: 50 },
    });
    const byTime = (await timed.client.get('/v1/me', undefined, ANY).catch((e: unknown) => e)) as ApiError;
    expect(byTime.message).toMatch(/reads retry for at most 0\.001 s/);
    expect(timed.server.seen.length).toBeLessThan(11);
  });

  it('a write without an answer within the deadline is "outcome unknown", never retried', async () => {
    const { client, server } = await setup(() => undefined, { timeoutMs: 200 });
    const error = await client.post('/clients/store/manual', { name: 'x' }, { schema: ANY }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(server.seen).toHaveLength(1);
  });
});

describe('redirects, headers and credentials', () => {
  it('a 3xx is never a success and never followed: a read is exit 8, a write is outcome unknown', async () => {
    const elsewhere = await scriptedServer((_req, res) => json(res, 200, { data: { name: 'elsewhere' } }));
    cleanup.push(() => elsewhere.close());
    const { client, server } = await setup((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/v1/me` });
      res.end();
    });
    const read = await client.get('/v1/me', undefined, ANY).catch((e: unknown) => e);
    expect(read).toBeInstanceOf(UnexpectedAnswerError);
    expect((read as Error).message).toMatch(/redirect \(HTTP 302\)/);
    await expect(client.post('/v1/hooks', {}, { schema: ANY })).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(server.seen).toHaveLength(2);
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('HTTP 431 and a token a header cannot carry are usage errors; the second sends nothing', async () => {
    const { client } = await setup((_req, res) => json(res, 431, {}));
    await expect(client.get('/v1/me', undefined, ANY)).rejects.toMatchObject({ exitCode: ExitCode.usage });
    const bad = await setup((_req, res) => json(res, 200, {}), { token: 'abc def\n' });
    await expect(bad.client.get('/v1/me', undefined, ANY)).rejects.toBeInstanceOf(UsageError);
    expect(bad.server.seen).toHaveLength(0);
  });

  it('a base URL with user:password@ is refused without printing the password', () => {
    const error = (() => {
      try {
        assertBaseUrl('https://me:hunter22@api.example.it', 'FISCO_BASE_URL');
      } catch (e) {
        return e as UsageError;
      }
    })()!;
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toContain('FISCO_BASE_URL');
    expect(error.message).not.toContain('hunter22');
  });
});

describe('error hints', () => {
  it('ambiguous_account in the legacy shape still gets --account and the companies, fetched and aligned', async () => {
    const { client } = await setup((req, res) => {
      if (req.url!.startsWith('/v1/accounts'))
        return json(res, 200, {
          data: [
            { id: 'acc_1', name: 'Uno S.r.l.' },
            { id: 'acc_longer', name: 'Due S.p.A.' },
          ],
          meta: { next_page: null },
        });
      json(res, 422, { success: false, errors: [{ message: 'ambiguous_account: say which company' }] });
    });
    const error = (await client.post('/fatture/x/pagamenti', { amount: 1 }, { schema: ANY }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('ambiguous_account');
    expect(String(error.hints[0])).toContain('--account');
    expect(error.hints.slice(1)).toEqual(['  --account acc_1        Uno S.r.l.', '  --account acc_longer   Due S.p.A.']);
  });

  it('a 403 names the right host when only its message carries it', async () => {
    const { client } = await setup((_req, res) =>
      json(res, 403, { error: { code: 'forbidden', message: 'wrong host: use https://sandbox.example.it for this token' } }),
    );
    const error = (await client.get('/v1/me', undefined, ANY).catch((e: unknown) => e)) as ApiError;
    expect(error.hints.join(' ')).toContain('--base-url https://sandbox.example.it');
  });

  it('messages on stderr go through the one redactor and are terminal-safe', () => {
    let text = '';
    const stderr = new Writable({ write: (chunk, _e, done) => ((text += chunk), done()) });
    const redactor = new Redactor();
    redactor.add('whsec_0123456789');
    const output = plainOutput({ stdout: stderr, stderr, redactor });
    output.warn('the service said: whsec_0123456789 \u202eevil\u001b[31m');
    expect(text).not.toContain('whsec_0123456789');
    expect(text).toContain('\\u202e');
    expect(text).toContain('\\x1b');
  });
});

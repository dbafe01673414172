import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { Redactor } from '../../../src/output/redact.js';

let server: Server;
let port: number;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    if (req.url?.startsWith('/gone')) {
      res.writeHead(410, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'link_expired', message: 'expired' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '9' }).end('%PDF-1.4\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = () =>
  new ApiClient({ redactor: new Redactor(), baseUrl: `http://127.0.0.1:${port}`, token: 'secret-token', userAgent: 'test', retry: { retries: 0 } });

describe('ApiClient.download', () => {
  it('sends the bearer token only to the API origin, and never with a signed link', async () => {
    const c = client();
    const own = await c.download(`http://127.0.0.1:${port}/file.pdf`);
    expect(await own.body.text()).toBe('%PDF-1.4\n');
    expect(seen.at(-1)?.authorization).toBe('Bearer secret-token');
    const signed = await c.download(`http://127.0.0.1:${port}/file.pdf?expires=9&signature=abc`);
    await signed.body.text();
    expect(seen.at(-1)?.authorization).toBeUndefined();
    // Plain http is followed on the API's own host only (issue 22 #16): another host is refused, nothing sent.
    const before = seen.length;
    await expect(c.download(`http://localhost:${port}/file.pdf?sig=1`)).rejects.toThrow(/uses http on another host/);
    expect(seen).toHaveLength(before);
    await c.close();
  });

  it('maps an error answer to an ApiError with its code', async () => {
    const c = client();
    await expect(c.download(`http://127.0.0.1:${port}/gone`)).rejects.toMatchObject({ status: 410, code: 'link_expired' });
    await c.close();
  });
});

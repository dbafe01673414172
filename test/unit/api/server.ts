import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  at: number;
}

/** A scripted HTTP server on 127.0.0.1 for client tests: each request goes to `handle`. */
export async function scriptedServer(handle: (req: IncomingMessage, res: ServerResponse, seen: Seen[]) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, at: Date.now() });
    req.resume();
    req.on('end', () => handle(req, res, seen));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

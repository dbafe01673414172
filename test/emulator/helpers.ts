import { afterEach } from 'vitest';
import { requireAbility } from '../../src/emulator/auth.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { recordEvent } from '../../src/emulator/store.js';
import { resolveAccount } from '../../src/emulator/tenancy.js';
import type { EmulatorResource } from '../../src/emulator/types.js';

export const TODAY = '2025-03-15';

/** A test-only write route: records an event for one company (needs account_id for a firm token). */
export const notesResource: EmulatorResource = {
  name: 'test-notes',
  register(app, ctx) {
    app.post('/v1/test-notes', requireAbility('invoices:write'), async (c) => {
      const scope = resolveAccount(c, { requireSingle: true });
      const body = (await c.req.json()) as Record<string, unknown>;
      const event = recordEvent(ctx.store, scope.account.id, 'test.note', body);
      return c.json({ data: { id: event.id, account_id: scope.account.id } }, 201);
    });
  },
};

const running: RunningEmulator[] = [];

/** Starts an emulator (quiet, fixed date, the test write route) that is closed after the test. */
export async function start(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emu = await startEmulator({ quiet: true, today: TODAY, extraResources: [notesResource], ...opts });
  running.push(emu);
  return emu;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
});

export interface Answer {
  status: number;
  headers: Headers;
  json: any;
}

export async function call(base: string, path: string, init: { token?: string; method?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text === '' ? null : JSON.parse(text) };
}

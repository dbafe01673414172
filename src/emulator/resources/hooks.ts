/**
 * Webhook subscriptions (the service's API document "Webhook subscription", states table; Authentication 6):
 * GET /v1/hooks            the company's subscriptions, active and inactive, never the secret;
 *                          cancelled ones (410 Gone) are removed and not listed
 * POST /v1/hooks           201 a new active subscription with `secret` and `secret_note` (the only
 *                          time the secret is returned); when an ACTIVE subscription of the company
 *                          has the same target_url and source it is updated instead: 200, no secret
 *                          (the status tells the client which happened); 422 invalid_events when no
 *                          valid key is given (unknown keys among valid ones are dropped); https
 *                          only, 422 invalid_target_url otherwise (http on a loopback host with
 *                          the emulator option allowHttpHooks)
 * DELETE /v1/hooks/{id}    204: turned off (inactive), not erased; 404 not_found
 * Every route needs the ability webhooks:manage and ONE company's own token (Authentication 6:
 * "the key used must be that of the single company, not a firm-wide token"): a firm token gets
 * 422 ambiguous_account on every route, with or without account_id. Deliveries: ../delivery.ts.
 */
import { z } from 'zod';
import { EVENT_KEYS, isEventKey } from '../../webhooks/event-keys.js';
import { requireAbility } from '../auth.js';
import { setState, startDeliveryEngine } from '../delivery.js';
import { ApiError, notFound } from '../errors.js';
import { parseBody } from '../query.js';
import { freshSecret } from '../rng.js';
import { nextId, type HookRecord } from '../store.js';
import { inScope, resolveAccount, tokenAccounts, type SingleAccountScope } from '../tenancy.js';
import type { EmulatorEnv, EmulatorResource } from '../types.js';
import type { Context } from 'hono';

const SOURCES = ['zapier', 'n8n', 'custom'] as const;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
export const SECRET_NOTE = 'Store this secret now: it is used to sign every delivery and is never shown again.';

const createSchema = z.object({
  target_url: z.string().min(1).max(2000),
  events: z.array(z.string()),
  name: z.string().max(200).nullish(),
  source: z.enum(SOURCES).nullish(),
});

export function hookJson(h: HookRecord): Record<string, unknown> {
  return { id: String(h.id), name: h.name, target_url: h.target_url, events: h.events, source: h.source, is_active: h.state === 'active' };
}

function checkTargetUrl(value: string, allowHttp: boolean): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError(422, 'invalid_target_url', `target_url '${value}' is not a URL`, { field: 'target_url' });
  }
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && allowHttp && LOOPBACK_HOSTS.has(url.hostname)) return;
  throw new ApiError(422, 'invalid_target_url', 'target_url must use https', { field: 'target_url' });
}

/** The one company of a single-company token; a firm token is refused whatever account_id says. */
function companyScope(c: Context<EmulatorEnv>): SingleAccountScope {
  const token = c.var.token;
  if (token.kind === 'firm') {
    const managed = tokenAccounts(c.var.store, token);
    throw new ApiError(
      422,
      'ambiguous_account',
      "Webhook subscriptions belong to one company: use that company's own API token. A firm-wide token cannot manage them, with or without account_id.",
      { accounts: managed.map((a) => ({ id: a.id, name: a.name })) },
    );
  }
  return resolveAccount(c, { requireSingle: true });
}

export const resource: EmulatorResource = {
  name: 'hooks',
  register(app, ctx) {
    startDeliveryEngine(ctx);

    app.get('/v1/hooks', requireAbility('webhooks:manage'), (c) => {
      const scope = companyScope(c);
      const hooks = inScope(c.var.store.hooks, scope).filter((h) => h.state !== 'cancelled');
      return c.json({ data: hooks.map(hookJson) });
    });

    app.post('/v1/hooks', requireAbility('webhooks:manage'), async (c) => {
      const scope = companyScope(c);
      const body = await parseBody(c, createSchema);
      checkTargetUrl(body.target_url, ctx.settings.allowHttpHooks);
      const events = [...new Set(body.events.filter(isEventKey))];
      if (events.length === 0) {
        throw new ApiError(422, 'invalid_events', `No valid event key given. Valid events: ${EVENT_KEYS.join(', ')}`, { valid_events: EVENT_KEYS });
      }
      const source = body.source ?? 'custom';
      const now = ctx.clock.nowIso();
      const store = c.var.store;
      const existing = store.hooks.find(
        (h) => h.accountId === scope.account.id && h.state === 'active' && h.target_url === body.target_url && h.source === source,
      );
      if (existing) {
        existing.events = events;
        if (body.name) existing.name = body.name;
        existing.updatedAt = now;
        return c.json({ data: hookJson(existing) }, 200);
      }
      const id = nextId(store, 'hooks');
      const hook: HookRecord = {
        id,
        accountId: scope.account.id,
        name: body.name || `Webhook ${id}`,
        target_url: body.target_url,
        events,
        source,
        secret: freshSecret(),
        state: 'active',
        consecutiveFailures: 0,
        stateReason: null,
        createdAt: now,
        updatedAt: now,
      };
      store.hooks.push(hook);
      return c.json({ data: { ...hookJson(hook), secret: hook.secret, secret_note: SECRET_NOTE } }, 201);
    });

    app.delete('/v1/hooks/:id', requireAbility('webhooks:manage'), (c) => {
      const scope = companyScope(c);
      const id = c.req.param('id');
      const hook = inScope(c.var.store.hooks, scope).find((h) => String(h.id) === id && h.state !== 'cancelled');
      if (!hook) throw notFound(`Webhook subscription ${id} not found`);
      if (hook.state === 'active') setState(hook, 'inactive', 'deleted', ctx.clock.nowIso());
      return c.body(null, 204);
    });
  },
};

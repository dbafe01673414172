/**
 * Control routes under /__emulator/ — no token, never faulted, never rate-limited, not logged:
 *   GET    /__emulator/state      the whole store as JSON
 *   POST   /__emulator/reset      re-seed the demo data (also clears the request log)
 *   GET    /__emulator/faults     knobs, pending rules, rate limit
 *   POST   /__emulator/faults     { latencyMs?, errorRate?, dropRate?, rateLimit?: { limit, windowMs },
 *                                   rule?: FaultRule, rules?: FaultRule[], clear?: true }
 *                                  (`clear` first turns every knob off and forgets rules)
 *   GET    /__emulator/requests   the request log: { data: [{ seq, at, method, path, query, token,
 *                                   environment, status, dropped, fault, body }] }
 *   DELETE /__emulator/requests   empties the request log
 *   GET    /__emulator/tokens     the demo tokens
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { parseBody } from './query.js';
import { faultRuleSchema, faultsSchema } from './faults.js';
import { notFound } from './errors.js';
import { demoTokens } from './seed.js';
import type { EmulatorRuntime } from './runtime.js';
import type { EmulatorEnv } from './types.js';

export const CONTROL_PREFIX = '/__emulator';

const faultsBodySchema = faultsSchema.extend({
  rateLimit: z.object({ limit: z.number().int().min(1), windowMs: z.number().int().min(1) }).optional(),
  rule: faultRuleSchema.optional(),
  rules: z.array(faultRuleSchema).optional(),
  clear: z.boolean().optional(),
});

export function controlApp(rt: EmulatorRuntime): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>();
  const faultsView = () => ({
    data: { faults: rt.faults.faults, rules: rt.faults.pendingRules(), rateLimit: rt.rateLimiter.config },
  });

  app.get('/state', (c) => c.json(rt.store));
  app.post('/reset', (c) => {
    rt.reset();
    return c.json({ data: { reset: true, tokens: demoTokens(rt.store) } });
  });
  app.get('/faults', (c) => c.json(faultsView()));
  app.post('/faults', async (c) => {
    const body = await parseBody(c, faultsBodySchema);
    if (body.clear) rt.faults.clear();
    const { latencyMs, errorRate, dropRate } = body;
    rt.faults.set({ latencyMs, errorRate, dropRate });
    if (body.rateLimit) rt.rateLimiter.configure(body.rateLimit);
    for (const rule of [...(body.rule ? [body.rule] : []), ...(body.rules ?? [])]) rt.faults.inject(rule);
    return c.json(faultsView());
  });
  app.get('/requests', (c) => c.json({ data: rt.store.requests }));
  app.delete('/requests', (c) => {
    rt.store.requests.length = 0;
    return c.body(null, 204);
  });
  app.get('/tokens', (c) => c.json({ data: demoTokens(rt.store) }));
  app.all('*', (c) => {
    throw notFound(`No control route ${c.req.method} ${c.req.path}`);
  });
  return app;
}

import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import * as z from '../../../src/api/zod.js';
import { Redactor } from '../../../src/output/redact.js';

describe('the client offers no unchecked read', () => {
  it('types a read from its schema, and the compiler refuses a read without one', () => {
    const client = new ApiClient({ redactor: new Redactor(), baseUrl: 'http://127.0.0.1:9', token: 't', userAgent: 'test' });
    const schema = z.object({ data: z.object({ n: z.number() }) });
    const typed = () => client.get('/v1/me', undefined, schema);
    expectTypeOf(typed).returns.resolves.toEqualTypeOf<{ data: { n: number } }>();
    // @ts-expect-error: a read passes its schema
    const unchecked = () => client.get('/v1/me');
    // @ts-expect-error: no generic cast of a body
    const cast = () => client.get<{ data: string }>('/v1/me', undefined);
    const raw = () => client.request('GET', '/v1/me');
    expectTypeOf(raw).returns.resolves.toHaveProperty('body').toEqualTypeOf<unknown>();
    expect([typed, unchecked, cast, raw].every((f) => typeof f === 'function')).toBe(true);
  });
});

/**
 * `fisco mcp` (issue 39): pay_invoice once per request_id (a retry, a retry with other arguments,
 * a server killed mid-call and restarted), the mirror with the emulator stopped, and paging
 * through 5,000 invoices, one page a message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { mcpEnv, startMcp, type McpRun } from './mcp-helpers.js';
import { until } from './fault-helpers.js';

type Answer = { structuredContent?: any; content: { type: string; text: string }[]; isError?: boolean };

const opened: { runs: McpRun[]; harnesses: Harness[] } = { runs: [], harnesses: [] };

async function mcp(h: Harness, args: string[], extra: Record<string, string | undefined> = {}): Promise<McpRun> {
  const run = await startMcp(args, mcpEnv(h, extra));
  opened.runs.push(run);
  return run;
}

async function call(run: McpRun, name: string, args: Record<string, unknown> = {}): Promise<Answer> {
  return (await run.client.callTool({ name, arguments: args })) as Answer;
}

function noSecrets(run: McpRun): void {
  const text = JSON.stringify(run.received) + run.stderr();
  for (const token of Object.values(TOKENS)) expect(text).not.toContain(token);
}

afterAll(async () => {
  for (const run of opened.runs) await run.close().catch(() => undefined);
  for (const h of opened.harnesses) await h.close();
});

async function fresh(options: Parameters<typeof harness>[0] = {}): Promise<Harness> {
  const h = await harness(options);
  opened.harnesses.push(h);
  return h;
}

async function unpaid(h: Harness): Promise<{ number: string; uuid: string }[]> {
  const list = await h.run(['invoice', 'list', '--direction', 'outbound', '--payment-status', 'unpaid', '--per-page', '10', '-o', 'json']);
  return parseJson(list.stdout);
}

describe('fisco mcp: pay_invoice writes once per request_id', () => {
  it('twice with one request_id: one payment, the first result again; other arguments refused, nothing sent', async () => {
    const h = await fresh();
    const [invoice] = await unpaid(h);
    const run = await mcp(h, ['mcp', '--allow-writes']);
    const before = h.emulator.store.payments.length;
    const args = { invoice: invoice!.number, amount: '1.234,50', date: '24/11/2026', request_id: 'rossi-pay-0001' };
    const first = await call(run, 'pay_invoice', args);
    expect(first.isError, first.content[0]?.text).toBeFalsy();
    expect(first.structuredContent.record).toMatchObject({ amount: '1234.50', number: invoice!.number, settled: 'sent', request_id: 'rossi-pay-0001' });
    expect(h.emulator.store.payments.length).toBe(before + 1);
    expect(h.emulator.store.payments.at(-1)).toMatchObject({ amount: '1234.50', payment_date: '2026-11-24' });

    const mark = h.mark();
    const again = await call(run, 'pay_invoice', args);
    expect(again.isError).toBeFalsy();
    expect(again.structuredContent.record).toMatchObject({ ...first.structuredContent.record, settled: 'replayed' });
    expect(mark().filter((r) => r.method === 'POST')).toEqual([]);
    expect(h.emulator.store.payments.length).toBe(before + 1);

    const other = await call(run, 'pay_invoice', { ...args, amount: '100.00' });
    expect(other.isError).toBe(true);
    expect(other.content[0]!.text).toMatch(/request_id rossi-pay-0001 was used for another payment/);
    expect(mark().filter((r) => r.method === 'POST')).toEqual([]);

    const badAmount = await call(run, 'pay_invoice', { ...args, amount: '12.3.4', request_id: 'rossi-pay-0002' });
    expect(badAmount.isError).toBe(true);
    expect(badAmount.content[0]!.text).toMatch(/amount/);
    const noKey = await call(run, 'pay_invoice', { invoice: invoice!.number, amount: '1.00' });
    expect(noKey.isError).toBe(true);
    expect(noKey.content[0]!.text).toMatch(/request_id/);
    expect(h.emulator.store.payments.length).toBe(before + 1);
    noSecrets(run);
  });

  it('on the terminal too: invoice pay --request-id pays once, a retry answers the first result', async () => {
    const h = await fresh();
    const [, , invoice] = await unpaid(h);
    const before = h.emulator.store.payments.length;
    const args = ['invoice', 'pay', invoice!.number, '--amount', '12,50', '--request-id', 'terminal-pay-01', '-o', 'json'];
    const first = await h.run(args);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(parseJson(first.stdout)).toMatchObject({ amount: '12.50', settled: 'sent' });
    const again = await h.run(args);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(parseJson(again.stdout)).toMatchObject({ amount: '12.50', settled: 'replayed' });
    expect(again.stderr).toContain('nothing was sent now');
    const other = await h.run(['invoice', 'pay', invoice!.number, '--amount', '13,00', '--request-id', 'terminal-pay-01']);
    expect(other.exitCode).toBe(2);
    expect(h.emulator.store.payments.length).toBe(before + 1);
  });

  it('killed with SIGKILL while the request is held, restarted, called again with the same request_id: still one payment', async () => {
    const h = await fresh();
    const [, invoice] = await unpaid(h);
    const before = h.emulator.store.payments.length;
    const args = { invoice: invoice!.uuid, amount: '50.00', request_id: 'rossi-pay-kill-1' };
    // The service holds the payment until the client goes away, then applies it: the answer is lost.
    h.emulator.injectFault({ method: 'POST', path: /\/pagamenti$/, times: 1, action: 'late', lateMs: 0, lateMaxMs: 0 });
    const doomed = await mcp(h, ['mcp', '--allow-writes']);
    const pending = call(doomed, 'pay_invoice', args).catch((error: unknown) => error);
    await until(() => h.emulator.holding() === 1);
    process.kill(doomed.transport.pid!, 'SIGKILL');
    await pending;
    await until(() => h.emulator.holding() === 0 && h.emulator.store.payments.length === before + 1);

    const restarted = await mcp(h, ['mcp', '--allow-writes']);
    const mark = h.mark();
    const again = await call(restarted, 'pay_invoice', args);
    expect(again.isError, again.content[0]?.text).toBeFalsy();
    expect(again.structuredContent.record).toMatchObject({ uuid: invoice!.uuid, amount: '50.00', settled: 'found' });
    expect(mark().filter((r) => r.method === 'POST')).toEqual([]);
    expect(h.emulator.store.payments.length).toBe(before + 1);
    // And once more: the journal's result.
    const third = await call(restarted, 'pay_invoice', args);
    expect(third.structuredContent.record.settled).toBe('replayed');
    expect(h.emulator.store.payments.length).toBe(before + 1);
    noSecrets(restarted);
  });
});

describe('fisco mcp: the mirror and the pages', () => {
  it('--offline answers from the mirror with the emulator stopped, saying as of when', async () => {
    const h = await fresh();
    // No mirror yet: a tool asking for it is answered by the service.
    const early = await mcp(h, ['mcp']);
    const unsynced = await call(early, 'list_invoices', { page_size: 5, use_mirror: true });
    expect(unsynced.isError, unsynced.content[0]?.text).toBeFalsy();
    expect(unsynced.structuredContent).toMatchObject({ source: 'service', as_of: null });
    const sync = await h.run(['sync']);
    expect(sync.exitCode, sync.stderr).toBe(0);
    const expected = parseJson((await h.run(['--offline', 'invoice', 'list', '--payment-status', 'overdue', '--per-page', '100', '-o', 'json'])).stdout);
    const online = await mcp(h, ['mcp']);
    const fromMirror = await call(online, 'list_invoices', { payment_status: ['overdue'], page_size: 100, use_mirror: true });
    expect(fromMirror.structuredContent.source).toBe('mirror');
    await h.emulator.close();
    const run = await mcp(h, ['--offline', 'mcp']);
    const answer = await call(run, 'list_invoices', { payment_status: ['overdue'], page_size: 100 });
    expect(answer.isError, answer.content[0]?.text).toBeFalsy();
    expect(answer.structuredContent.items).toEqual(expected);
    expect(fromMirror.structuredContent.items).toEqual(expected);
    expect(answer.structuredContent.source).toBe('mirror');
    expect(answer.structuredContent.notes.join('\n')).toMatch(/as of/);
    expect(answer.content[0]!.text).toMatch(/as of/);
    const search = await call(run, 'search', { text: 'Gamma', page_size: 100 });
    expect(search.isError, search.content[0]?.text).toBeFalsy();
    expect(search.structuredContent.items).toEqual(parseJson((await h.run(['search', 'Gamma', '-o', 'json'])).stdout));
    expect(search.structuredContent.items.length).toBeGreaterThan(0);
    const status = await call(run, 'sync_status');
    expect(status.isError, status.content[0]?.text).toBeFalsy();
    expect(status.structuredContent.record).toEqual(parseJson((await h.run(['sync', '--status', '-o', 'json'])).stdout));
    const write = await startMcp(['--offline', 'mcp', '--allow-writes'], mcpEnv(h));
    opened.runs.push(write);
    const refused = await call(write, 'pay_invoice', { invoice: '42/2026', amount: '1.00', request_id: 'offline-pay-01' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/--offline/);
  });

  it('a long-lived --offline server sees each sync: every tool call reads a snapshot of its own', async () => {
    const h = await fresh();
    expect((await h.run(['sync'])).exitCode).toBe(0);
    const run = await mcp(h, ['--offline', 'mcp']);
    const ask = async () => {
      const answer = await call(run, 'list_invoices', { payment_status: ['unpaid'], page_size: 100 });
      expect(answer.isError, answer.content[0]?.text).toBeFalsy();
      return answer.structuredContent as { total: number; items: { number: string }[] };
    };
    const first = await ask();
    // While the server runs, an invoice is paid in full and another process syncs.
    const [invoice] = (await unpaid(h)) as unknown as { number: string; amount_due: string }[];
    const paid = await h.run(['invoice', 'pay', invoice!.number, '--amount', invoice!.amount_due, '--yes']);
    expect(paid.exitCode, paid.stderr).toBe(0);
    expect((await h.run(['sync'])).exitCode).toBe(0);
    const second = await ask();
    expect(second.total).toBe(first.total - 1);
    expect(second.items.map((i) => i.number)).not.toContain(invoice!.number);
    expect(first.items.map((i) => i.number)).toContain(invoice!.number);
  });

  it('pages through 5,000 invoices with cursors: every one once, the total said, never more than one page a message', async () => {
    const h = await fresh({ sizes: { invoices: 5000 } });
    const run = await mcp(h, ['mcp']);
    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    let total = 0;
    for (const direction of ['outbound', 'inbound']) {
      cursor = undefined;
      for (;;) {
        const answer = await call(run, 'list_invoices', { direction, page_size: 100, ...(cursor ? { cursor } : {}) });
        expect(answer.isError, answer.content[0]?.text).toBeFalsy();
        const { items, has_more, next_cursor } = answer.structuredContent;
        if (!cursor) total += answer.structuredContent.total;
        expect(items.length).toBeLessThanOrEqual(100);
        for (const item of items as { id: string }[]) seen.add(`${direction}:${item.id}`);
        pages++;
        expect(has_more).toBe(next_cursor !== null);
        if (!has_more) break;
        cursor = next_cursor;
      }
    }
    expect(total).toBe(5000);
    expect(seen.size).toBe(5000);
    expect(pages).toBe(50);
    // No message carried more than one page: the largest list in any message is 100 records.
    for (const message of run.received) {
      const items = (message as { result?: { structuredContent?: { items?: unknown[] } } }).result?.structuredContent?.items;
      if (items) expect(items.length).toBeLessThanOrEqual(100);
    }
    // A cursor is for its own question.
    const first = await call(run, 'list_invoices', { page_size: 100, direction: 'inbound' });
    const foreign = await call(run, 'list_invoices', { page_size: 100, direction: 'outbound', cursor: first.structuredContent.next_cursor });
    expect(foreign.isError).toBe(true);
  }, 120_000);
});

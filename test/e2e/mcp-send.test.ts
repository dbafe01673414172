/**
 * `fisco mcp --allow-writes --allow-send` (issue 39): create_invoice makes a draft once per
 * request_id; send_invoice transmits only after the person confirmed through the client's
 * elicitation, shown the terminal guard's own preview; declined or unsupported, nothing is sent.
 */
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { mcpEnv, startMcp, type McpRun } from './mcp-helpers.js';

type Answer = { structuredContent?: any; content: { type: string; text: string }[]; isError?: boolean };

let h: Harness;
let body: Record<string, unknown>;
const runs: McpRun[] = [];

async function mcp(args: string[], elicitation: boolean): Promise<McpRun> {
  const run = await startMcp(args, mcpEnv(h), { capabilities: elicitation ? { capabilities: { elicitation: {} } } : undefined });
  runs.push(run);
  return run;
}

async function call(run: McpRun, name: string, args: Record<string, unknown> = {}): Promise<Answer> {
  return (await run.client.callTool({ name, arguments: args })) as Answer;
}

const posts = (requests: { method: string; path: string }[]) => requests.filter((r) => r.method === 'POST');

beforeAll(async () => {
  h = await harness();
  const dry = await h.run([
    'invoice',
    'create',
    '--client',
    '3',
    '--numbering',
    'Standard',
    '--payment-method',
    'Bonifico Intesa',
    '--item',
    'Sviluppo;10;80.00;22',
    '--dry-run',
  ]);
  expect(dry.exitCode, dry.stderr).toBe(0);
  body = parseJson(dry.stdout).body;
  delete body.invia_sdi;
});
afterAll(async () => {
  for (const run of runs) await run.close().catch(() => undefined);
  await h.close();
});

describe('fisco mcp: plan_dunning', () => {
  it("plans the letters in fisco's data folder, once per request_id, sending nothing", async () => {
    const run = await mcp(['mcp', '--allow-writes'], false);
    const rates = [
      { from: '2025-07-01', rate: '2,15' },
      { from: '2026-01-01', rate: '2.15' },
      { from: '2026-07-01', rate: '2.15' },
    ];
    const mark = h.mark();
    const plan = await call(run, 'plan_dunning', { request_id: 'plan-req-0001', rates, min_days: 30 });
    expect(plan.isError, plan.content[0]?.text).toBeFalsy();
    const { record } = plan.structuredContent;
    expect(record.plan_file).toMatch(/piano\.json$/);
    expect(record.plan.length).toBeGreaterThan(0);
    const file = parseJson(readFileSync(record.plan_file, 'utf8'));
    expect(file).toBeDefined();
    expect(posts(mark())).toEqual([]);
    // The text beside the data keeps its lines.
    expect(plan.content[0]!.text.split('\n').length).toBeGreaterThan(1);
    const again = await call(run, 'plan_dunning', { request_id: 'plan-req-0001', rates, min_days: 30 });
    expect(again.structuredContent.record.settled).toBe('replayed');
  });
});

describe('fisco mcp: create_invoice and send_invoice', () => {
  it('lists send_invoice only with --allow-send (destructive), create_invoice with --allow-writes', async () => {
    const writes = await mcp(['mcp', '--allow-writes'], false);
    const names = (await writes.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('create_invoice');
    expect(names).not.toContain('send_invoice');
    const send = await mcp(['mcp', '--allow-writes', '--allow-send'], true);
    const tool = (await send.client.listTools()).tools.find((t) => t.name === 'send_invoice')!;
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    const refused = await h.run(['mcp', '--allow-send']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--allow-writes');
  });

  it('create_invoice: a draft, once per request_id', async () => {
    const run = await mcp(['mcp', '--allow-writes'], false);
    const mark = h.mark();
    const first = await call(run, 'create_invoice', { invoice: body, request_id: 'draft-req-0001' });
    expect(first.isError, first.content[0]?.text).toBeFalsy();
    expect(first.structuredContent.record.settled).toBe('sent');
    expect(posts(mark())).toHaveLength(1);
    const created = posts(mark())[0]!;
    expect(created.path).toMatch(/^\/fatture\/nuova\//);
    const again = await call(run, 'create_invoice', { invoice: body, request_id: 'draft-req-0001' });
    expect(again.structuredContent.record.settled).toBe('replayed');
    expect(posts(mark())).toHaveLength(1);
    const other = await call(run, 'create_invoice', { invoice: { ...body, note: 'altro' }, request_id: 'draft-req-0001' });
    expect(other.isError).toBe(true);
    expect(posts(mark())).toHaveLength(1);
  });

  it("send_invoice: the person sees the terminal guard's preview and accepts: sent; declines: nothing sent; a client without elicitation: refused", async () => {
    // The terminal's preview: --send without a terminal and without --yes prints it, then refuses (exit 10).
    const folder = mkdtempSync(join(tmpdir(), 'fisco-mcp-send-'));
    const file = join(folder, 'invoice.json');
    writeFileSync(file, JSON.stringify(body));
    const terminal = await h.run(['invoice', 'create', '--from', file, '--send']);
    expect(terminal.exitCode).toBe(10);
    const preview = terminal.stderr.slice(0, terminal.stderr.indexOf('fisco: not sent')).trim();
    expect(preview).toMatch(/SDI|Total|total/);

    const run = await mcp(['mcp', '--allow-writes', '--allow-send'], true);
    const asked: string[] = [];
    let reply: 'accept' | 'decline' = 'decline';
    run.client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return reply === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
    });
    let mark = h.mark();
    const declined = await call(run, 'send_invoice', { invoice: body, request_id: 'send-req-0001' });
    expect(declined.isError).toBe(true);
    expect(JSON.parse(declined.content[1]!.text).error.exit_code).toBe(10);
    expect(posts(mark())).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.trim()).toBe(preview);

    reply = 'accept';
    mark = h.mark();
    const sent = await call(run, 'send_invoice', { invoice: body, request_id: 'send-req-0002' });
    expect(sent.isError, sent.content[0]?.text).toBeFalsy();
    expect(posts(mark())).toHaveLength(1);
    expect(asked).toHaveLength(2);
    const again = await call(run, 'send_invoice', { invoice: body, request_id: 'send-req-0002' });
    expect(again.structuredContent.record.settled).toBe('replayed');
    expect(posts(mark())).toHaveLength(1);
    expect(asked).toHaveLength(2);

    const plain = await mcp(['mcp', '--allow-writes', '--allow-send'], false);
    mark = h.mark();
    const unsupported = await call(plain, 'send_invoice', { invoice: body, request_id: 'send-req-0003' });
    expect(unsupported.isError).toBe(true);
    expect(unsupported.content[0]!.text).toMatch(/elicitation/);
    expect(posts(mark())).toEqual([]);
    for (const r of runs) {
      const text = JSON.stringify(r.received) + r.stderr();
      for (const token of Object.values(TOKENS)) expect(text).not.toContain(token);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, type Harness } from './harness.js';

/** Issue 11, point 3 (output) and point 2 (help): --fields checked, items left, --query, help A B, near flags. */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

describe('--fields', () => {
  it('refuses fields the resource does not declare, listing those it does, before anything is fetched', async () => {
    const sent = h.mark();
    const result = await h.run(['invoice', 'list', '--fields', 'numero,totale,number']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^fisco: --fields: 'numero', 'totale' are not fields of this resource\n/);
    expect(result.stderr).toMatch(/Fields: id, account_id, .*number.*total_amount/);
    expect(sent()).toEqual([]);
  });

  it('takes declared fields and the objects that hold them', async () => {
    const result = await h.run(['invoice', 'list', '--fields', 'number,counterpart', '--limit', '2']);
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = parseJson<Record<string, unknown>[]>(result.stdout);
    expect(Object.keys(rows[0])).toEqual(['number', 'counterpart']);
    expect(rows[0].counterpart).toHaveProperty('name');
  });
});

describe('a partial list in a pipe', () => {
  it('says on stderr how many items were left and how to get them; -q silences it; --all leaves none', async () => {
    const result = await h.run(['invoice', 'list', '--per-page', '20']);
    const items = parseJson<unknown[]>(result.stdout);
    expect(items).toHaveLength(20);
    const line = /^(\d+) more items not fetched \(this was 1–20 of (\d+)\); add --all for every page, or --page 2\.\n$/.exec(result.stderr);
    expect(line, result.stderr).not.toBeNull();
    expect(Number(line![1])).toBe(Number(line![2]) - 20);
    const all = await h.run(['invoice', 'list', '--all']);
    expect(parseJson<unknown[]>(all.stdout)).toHaveLength(Number(line![2]));
    expect(all.stderr).toBe('');
    const quiet = await h.run(['invoice', 'list', '--per-page', '20', '-q']);
    expect(quiet.stderr).toBe('');
  });
});

describe('--query', () => {
  it('filters the list document with JMESPath', async () => {
    const all = parseJson<{ number: string; overdue: boolean }[]>((await h.run(['invoice', 'list', '--all'])).stdout);
    const result = await h.run(['invoice', 'list', '--all', '--query', '[?overdue].number']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(parseJson(result.stdout)).toEqual(all.filter((i) => i.overdue).map((i) => i.number));
  });

  it('applies to a single object, and keeps a list of records in the requested format', async () => {
    const name = await h.run(['whoami', '--query', 'company.name']);
    expect(parseJson(name.stdout)).toMatch(/Rossi Consulting/);
    const csv = await h.run(['invoice', 'list', '--limit', '3', '--query', '[].{n: number, total: total_amount}', '-o', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('n,total');
    expect(csv.stdout.trim().split('\n')).toHaveLength(4);
  });

  it('refuses a malformed expression with exit 2 and sends nothing', async () => {
    const sent = h.mark();
    const result = await h.run(['invoice', 'list', '--query', '[?overdue']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^fisco: --query: .* in '\[\?overdue'/);
    expect(sent()).toEqual([]);
  });
});

describe('help and flags', () => {
  it('fisco help A B shows the leaf command, as A B --help does', async () => {
    const viaHelp = await h.run(['help', 'invoice', 'list']);
    const direct = await h.run(['invoice', 'list', '--help']);
    expect(viaHelp.exitCode).toBe(0);
    expect(viaHelp.stdout).toMatch(/^Usage: fisco invoice list /);
    expect(viaHelp.stdout).toBe(direct.stdout);
  });

  it('an unknown flag names the nearest flags of that command', async () => {
    const sent = h.mark();
    const result = await h.run(['invoice', 'list', '--status', 'overdue']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([
      "fisco: unknown option '--status'",
      '  Did you mean --sdi-status or --payment-status? (fisco invoice list --help lists every flag)',
    ]);
    const typo = await h.run(['f24', 'list', '--due-form', '2026-01-01']);
    expect(typo.stderr).toContain('Did you mean --due-from');
    expect(sent()).toEqual([]);
  });
});

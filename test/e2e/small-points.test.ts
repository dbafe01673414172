/**
 * The smaller points of issue 31, each as a user meets it: `invoice pdf` saves into the current
 * folder by default; `--amount 100,505` says it has three decimals; `--limit` over several
 * companies is per company and a table says so; group help lists the subcommands first and
 * points to `fisco help flags`; help for a command that does not exist is exit 2 with a
 * suggestion, through main() and through the launcher's help fast path alike.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, harness, parseJson, TOKENS, type Harness } from './harness.js';
import { harnessFolders, processEnv } from './process-env.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

/** The built bin, as a user runs it, in `cwd`. */
const bin = (args: string[], cwd: string, token: string = TOKENS.prod) =>
  execa('node', [BIN, ...args], { cwd, env: { ...processEnv(h, harnessFolders(h), token) }, extendEnv: false, reject: false, input: '' });

describe('invoice pdf', () => {
  it('without --dir saves into the current folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'fisco-pdf-here-'));
    const list = parseJson<{ number: string; pdf_url: string | null }[]>((await h.run(['invoice', 'list', '--per-page', '20', '-o', 'json'])).stdout);
    const invoice = list.find((i) => i.pdf_url)!;
    const result = await bin(['invoice', 'pdf', invoice.number, '-o', 'json'], folder);
    expect(result.exitCode, result.stderr).toBe(0);
    const records = parseJson<{ file: string; result: string }[]>(result.stdout);
    expect(records).toHaveLength(1);
    const saved = readdirSync(folder).filter((f) => f.endsWith('.pdf'));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(new RegExp(`^${invoice.number.replace(/\//g, '-')}_`));
    expect(existsSync(join(folder, saved[0]!))).toBe(true);
  });

  it('--dir "" is refused before any request', async () => {
    const mark = h.mark();
    const result = await h.run(['invoice', 'pdf', '1/2026', '--dir', '']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--dir: must name a folder (omit --dir for the current folder)');
    expect(mark()).toEqual([]);
  });
});

describe('an amount with three decimals after a comma', () => {
  it('says so and names the amounts in cents it lies between; nothing is sent', async () => {
    const mark = h.mark();
    const result = await h.run(['invoice', 'pay', '1/2026', '--amount', '100,505']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("--amount: '100,505' has three decimals: an amount has at most two (100,50 or 100,51?)");
    expect(result.stderr).not.toMatch(/100505|100\.505/);
    expect(mark()).toEqual([]);
  });
});

describe('--limit over several companies', () => {
  it('is per company: each company shows up to N rows, and a table says so', async () => {
    const json = parseJson<{ account_id: string }[]>(
      (await h.run(['--all-accounts', 'invoice', 'list', '--limit', '2', '-o', 'json'], { token: TOKENS.firm })).stdout,
    );
    const perCompany = new Map<string, number>();
    for (const r of json) perCompany.set(r.account_id, (perCompany.get(r.account_id) ?? 0) + 1);
    expect(perCompany.size).toBeGreaterThan(1);
    for (const count of perCompany.values()) expect(count).toBe(2);

    const table = await h.run(['--all-accounts', '-o', 'table', 'invoice', 'list', '--limit', '2'], { token: TOKENS.firm });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stderr).toContain('--limit 2 applies to each company: up to 2 rows per company.');
    const machine = await h.run(['--all-accounts', 'invoice', 'list', '--limit', '2', '-o', 'csv'], { token: TOKENS.firm });
    expect(machine.stderr).not.toContain('applies to each company');
    const help = await h.run(['invoice', 'list', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('--limit <n> stop after N items (per company with --all-accounts or --accounts)');
  });
});

describe('help', () => {
  it('fisco invoice --help: the subcommands come first, the global flags are one line pointing to fisco help flags', async () => {
    const result = await h.run(['invoice', '--help']);
    expect(result.exitCode).toBe(0);
    const text = result.stdout;
    const commands = text.indexOf('\nCommands:\n');
    const options = text.indexOf('\nOptions:\n');
    expect(commands).toBeGreaterThan(0);
    expect(commands).toBeLessThan(options);
    expect(text).not.toContain('Global Options:');
    expect(text).toContain('Global flags (-o, --fields, --account, --all-accounts, …): fisco help flags');
    expect(text.split('\n').length).toBeLessThan(40);
    // Each subcommand says what it does first; an API path may follow, never lead.
    const lines = text
      .slice(commands)
      .split('\n')
      .filter((l) => /^ {2}[a-z]/.test(l));
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) expect(line.replace(/^\s+\S+(\s\S+)*?\s{2,}/, ''), line).not.toMatch(/^(GET|POST|DELETE|\/)/);

    const flags = await h.run(['help', 'flags']);
    expect(flags.exitCode).toBe(0);
    for (const flag of ['--output <format>', '--fields <list>', '--account <id>', '--all-accounts', '--csv-dialect <dialect>', '--demo'])
      expect(flags.stdout).toContain(flag);
    expect(flags.stdout).toContain('FISCO_CSV_DIALECT');
  });

  it('a command that runs keeps its flags, then the global ones', async () => {
    const text = (await h.run(['invoice', 'list', '--help'])).stdout;
    expect(text.indexOf('\nOptions:\n')).toBeLessThan(text.indexOf('\nGlobal Options:\n'));
  });

  it('fisco --help: the commands before the flags', async () => {
    const text = (await h.run(['--help'])).stdout;
    expect(text.indexOf('\nCommands:\n')).toBeGreaterThan(0);
    expect(text.indexOf('\nCommands:\n')).toBeLessThan(text.indexOf('\nOptions:\n'));
  });

  it.each([
    [['invoce', '--help'], "unknown command 'invoce', did you mean invoice?"],
    [['help', 'invoce'], "unknown command 'invoce', did you mean invoice?"],
    [['invoice', 'lst', '-h'], "unknown command 'lst', did you mean list?"],
    [['--account', 'acc_rossi', 'invoce', '--help'], "unknown command 'invoce', did you mean invoice?"],
  ])('fisco %j: exit 2 and a suggestion, never the parent help with exit 0', async (args, message) => {
    const folder = mkdtempSync(join(tmpdir(), 'fisco-unknown-'));
    for (const result of [await h.run(args), await bin(args, folder)]) {
      expect(result.exitCode, result.stdout).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`fisco: ${message}`);
    }
  });
});

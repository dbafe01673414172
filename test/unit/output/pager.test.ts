import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGER, PagedOutput, selectPager } from '../../../src/output/pager.js';

const PATH = process.env.PATH;

describe('selectPager', () => {
  it('FISCO_PAGER before PAGER before less -FRX, only on a terminal and never with --no-pager', () => {
    expect(selectPager({ env: { PATH, FISCO_PAGER: 'more', PAGER: 'cat -v' }, noPager: false, stdoutIsTTY: true })).toBe('more');
    expect(selectPager({ env: { PATH, PAGER: 'sed -n p' }, noPager: false, stdoutIsTTY: true })).toBe('sed -n p');
    expect(selectPager({ env: { PATH: '/bin:/usr/bin' }, noPager: false, stdoutIsTTY: true })).toBe(DEFAULT_PAGER);
    expect(selectPager({ env: { PATH, PAGER: 'more' }, noPager: true, stdoutIsTTY: true })).toBeUndefined();
    expect(selectPager({ env: { PATH, PAGER: 'more' }, noPager: false, stdoutIsTTY: false })).toBeUndefined();
  });

  it('an empty value or cat means no pager, and so does a pager that is not installed', () => {
    expect(selectPager({ env: { PATH, FISCO_PAGER: '', PAGER: 'more' }, noPager: false, stdoutIsTTY: true })).toBeUndefined();
    expect(selectPager({ env: { PATH, PAGER: 'cat' }, noPager: false, stdoutIsTTY: true })).toBeUndefined();
    expect(selectPager({ env: { PATH, PAGER: 'no-such-pager-here -R' }, noPager: false, stdoutIsTTY: true })).toBeUndefined();
  });
});

describe('PagedOutput', () => {
  const collect = () => {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (d: Buffer) => (text += d.toString()));
    return { stdout, text: () => text };
  };

  it('writes text shorter than the screen straight through, starting no pager', async () => {
    const out = collect();
    let spawned = 0;
    const sink = new PagedOutput({ command: 'x', rows: 5, stdout: out.stdout, env: {}, spawn: () => (spawned++, spawn('true')) });
    sink.write('a\nb\n');
    await sink.end();
    expect(out.text()).toBe('a\nb\n');
    expect(spawned).toBe(0);
    expect(sink.paging).toBe(false);
  });

  it('starts the pager once the text is taller than the screen and gives it everything', async () => {
    const out = collect();
    let received = '';
    const sink = new PagedOutput({
      command: 'x',
      rows: 3,
      stdout: out.stdout,
      env: {},
      spawn: () => {
        const child = spawn('cat', [], { stdio: ['pipe', 'pipe', 'inherit'] });
        child.stdout!.on('data', (d: Buffer) => (received += d.toString()));
        return child;
      },
    });
    for (let i = 1; i <= 10; i++) sink.write(`line ${i}\n`);
    await sink.end();
    expect(sink.paging).toBe(true);
    expect(out.text()).toBe('');
    expect(received.split('\n').filter(Boolean)).toHaveLength(10);
  });

  it('when the user quits the pager early, says closed so the producer stops', async () => {
    const out = collect();
    const sink = new PagedOutput({
      command: 'x',
      rows: 1,
      stdout: out.stdout,
      env: {},
      spawn: () => spawn('head', ['-n', '1'], { stdio: ['pipe', 'ignore', 'inherit'] }),
    });
    let i = 0;
    while (!sink.closed && i < 1_000_000) {
      const ok = sink.write(`${'x'.repeat(100)} ${i++}\n`);
      if (!ok) await sink.drained();
    }
    await sink.end();
    expect(sink.closed).toBe(true);
    expect(i).toBeLessThan(1_000_000);
  });
});

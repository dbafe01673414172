import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TODAY, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

interface Deadline {
  id: string;
  type: string;
  title: string;
  due_date: string;
  amount: string;
  status: string;
}

async function list(args: string[] = []): Promise<Deadline[]> {
  const result = await h.run(['deadlines', 'list', '--all', ...args]);
  expect(result.exitCode, result.stderr).toBe(0);
  return parseJson<Deadline[]>(result.stdout);
}

describe('deadlines list', () => {
  it('lists every page with every type and status, amounts as strings', async () => {
    const all = await list();
    expect(all).toHaveLength(60);
    expect(new Set(all.map((d) => d.type))).toEqual(new Set(['f24', 'lipe', 'iva', 'dichiarazione', 'inps', 'other']));
    expect(new Set(all.map((d) => d.status))).toEqual(new Set(['upcoming', 'due_today', 'overdue', 'done']));
    expect(all.every((d) => /^\d+\.\d{2}$/.test(d.amount))).toBe(true);
  });

  it('filters by type, status, due-date range and --updated-since', async () => {
    expect((await list(['--type', 'inps'])).every((d) => d.type === 'inps')).toBe(true);
    const today = await list(['--status', 'due_today']);
    expect(today.length).toBeGreaterThan(0);
    expect(today.every((d) => d.due_date === TODAY)).toBe(true);
    const range = await list(['--from', '2026-11-01', '--to', '2026-11-30']);
    expect(range.every((d) => d.due_date >= '2026-11-01' && d.due_date <= '2026-11-30')).toBe(true);
    expect((await list(['--updated-since', '2026-11-10'])).length).toBeLessThan(60);
    const bad = await h.run(['deadlines', 'list', '--status', 'late']);
    expect(bad.exitCode).toBe(2);
  });

  it('makes overdue and due-today rows stand out in the table', async () => {
    const table = await h.run(['deadlines', 'list', '--all', '-o', 'table'], { env: { FORCE_COLOR: '1', NO_COLOR: undefined } });
    const lines = table.stdout.split('\n');
    expect(lines.find((l) => l.includes('overdue'))).toMatch(/\x1b\[31m/);
    expect(lines.find((l) => l.includes('due_today'))).toMatch(/\x1b\[33m/);
  });
});

describe('deadlines export --ics', () => {
  it('writes one all-day event per deadline with stable UIDs, parsed back by ical.js', async () => {
    const deadlines = await list(['--from', '2026-10-01']);
    const file = join(h.home, 'scadenze.ics');
    const result = await h.run(['deadlines', 'export', '--from', '2026-10-01', '--ics', file]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(`${deadlines.length} deadlines written`);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/\r\n/);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(deadlines.length);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    for (const d of deadlines) {
      const event = byUid.get(`${d.id}@fisco`)!;
      expect(event, d.id).toBeDefined();
      expect(event.startDate.isDate).toBe(true);
      expect(event.startDate.toString()).toBe(d.due_date);
      expect(event.summary).toContain(d.title);
      expect(event.description).toContain(`Stato: `);
      expect(event.description).toContain(`ID della scadenza: ${d.id}`);
      // A reminder 3 days before at 9:00, for every deadline still to do.
      const alarms = event.component.getAllSubcomponents('valarm');
      if (d.status === 'done') expect(alarms).toEqual([]);
      else expect(alarms.map((a) => String(a.getFirstPropertyValue('trigger')))).toEqual(['-P2DT15H']);
    }
    expect(result.stderr).toContain('reminders 3 days before, at 9:00');

    const weekAhead = await h.run(['deadlines', 'export', '--from', '2026-10-01', '--remind', '7', '--ics', '-']);
    expect(weekAhead.exitCode, weekAhead.stderr).toBe(0);
    expect(weekAhead.stdout).toContain('TRIGGER:-P6DT15H');
    const none = await h.run(['deadlines', 'export', '--from', '2026-10-01', '--remind', 'off', '--ics', '-']);
    expect(none.stdout).not.toContain('BEGIN:VALARM');
    const mark = h.mark();
    const bad = await h.run(['deadlines', 'export', '--remind', 'soon', '--ics', '-']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--remind: 'soon' is not a number of days from 0 to 60, or off (no reminder)");
    expect(mark()).toEqual([]);

    const again = join(h.home, 'again.ics');
    await h.run(['deadlines', 'export', '--from', '2026-10-01', '--ics', again]);
    const uids = (t: string) => [...t.matchAll(/^UID:(.*)$/gm)].map((m) => m[1].trim());
    expect(uids(readFileSync(again, 'utf8'))).toEqual(uids(text));
  });

  it('writes to stdout with --ics - and needs --ics', async () => {
    const out = await h.run(['deadlines', 'export', '--type', 'iva', '--ics', '-']);
    expect(out.stdout).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const missing = await h.run(['deadlines', 'export']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('--ics FILE is required');
  });
});

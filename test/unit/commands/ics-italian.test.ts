/** The deadlines calendar: Italian descriptions that say nothing relative to the export's day, and a reminder (VALARM) read back with ical.js. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { TaxDeadline } from '../../../src/api/deadlines.js';
import { deadlinesToIcs, DEFAULT_REMIND_DAYS, parseRemind } from '../../../src/report/calendar.js';

const deadline = (id: string, due: string, extra: Partial<TaxDeadline> = {}): TaxDeadline => ({
  id,
  account_id: 'acc',
  type: 'f24',
  title: 'Versamento IVA; acconto, saldo',
  due_date: due,
  amount: '1234.50',
  status: 'upcoming',
  related_resource: { type: 'f24', id: 'f24_0001' },
  ...extra,
});

const STAMP = new Date(Date.UTC(2026, 10, 20));

function events(text: string) {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
}

/** Each event's alarms: trigger (as ical.js reads it) and description. */
const alarmsOf = (event: ICAL.Component) =>
  event.getAllSubcomponents('valarm').map((a) => ({
    action: a.getFirstPropertyValue('action'),
    trigger: String(a.getFirstPropertyValue('trigger')),
    description: a.getFirstPropertyValue('description'),
  }));

describe('the deadlines calendar', () => {
  it('describes each deadline in Italian, with its type in words and dates, never "today"', () => {
    const text = deadlinesToIcs(
      [
        deadline('d1', '2026-12-16'),
        deadline('d2', '2026-11-20', { status: 'due_today', type: 'iva', amount: null }),
        deadline('d3', '2026-11-16', { status: 'overdue', type: 'inps' }),
        deadline('d4', '2026-10-16', { status: 'done' }),
      ],
      STAMP,
    );
    const [upcoming, today, overdue, done] = events(text).map((v) => new ICAL.Event(v));
    expect(upcoming!.description).toBe(
      'Tipo: Versamento F24\nImporto: 1.234,50 €\nStato: scade il 16/12/2026\nCollegata a: f24 f24_0001\nID della scadenza: d1',
    );
    expect(today!.description).toContain('Tipo: IVA\nImporto: non indicato\nStato: scade il 20/11/2026');
    expect(overdue!.description).toContain('Tipo: Contributi INPS');
    expect(overdue!.description).toContain('Stato: scaduta il 16/11/2026, da fare');
    expect(done!.description).toContain('Stato: fatta');
    expect(done!.summary).toBe('✓ Versamento IVA; acconto, saldo');
    const words = events(text).flatMap((v) => [new ICAL.Event(v).description, ...alarmsOf(v).map((a) => String(a.description))]);
    for (const line of words) expect(line).not.toMatch(/\boggi\b|today|Amount|Status|Type:/i);
  });

  it(`reminds ${DEFAULT_REMIND_DAYS} days before at 9:00 by default; a deadline done has none`, () => {
    const list = events(deadlinesToIcs([deadline('d1', '2026-12-16'), deadline('d2', '2026-10-16', { status: 'done' })], STAMP));
    expect(alarmsOf(list[0]!)).toEqual([
      { action: 'DISPLAY', trigger: '-P2DT15H', description: 'Scadenza fiscale tra 3 giorni (16/12/2026): Versamento IVA; acconto, saldo' },
    ]);
    expect(alarmsOf(list[1]!)).toEqual([]);
    // 3 days before the all-day event's start (midnight of the 16th) at 9:00: the 13th, 09:00.
    const event = new ICAL.Event(list[0]!);
    const trigger = list[0]!.getFirstSubcomponent('valarm')!.getFirstPropertyValue('trigger') as ICAL.Duration;
    const at = event.startDate.clone();
    at.isDate = false;
    at.addDuration(trigger);
    expect(at.toString()).toBe('2026-12-13T09:00:00');
  });

  it('--remind N, 0 (the day itself), 1 (the day before) and off', () => {
    const trigger = (days: number | null) => alarmsOf(events(deadlinesToIcs([deadline('d1', '2026-12-16')], STAMP, { remindDays: days }))[0]!);
    expect(trigger(7)[0]).toMatchObject({ trigger: '-P6DT15H', description: expect.stringContaining('tra 7 giorni') });
    expect(trigger(1)[0]).toMatchObject({ trigger: '-PT15H', description: expect.stringContaining('domani') });
    expect(trigger(0)[0]).toMatchObject({ trigger: 'PT9H', description: expect.stringContaining('oggi') });
    expect(trigger(null)).toEqual([]);
    expect(parseRemind(undefined)).toBe(3);
    expect(parseRemind('7')).toBe(7);
    expect(parseRemind('0')).toBe(0);
    expect(parseRemind('OFF')).toBeNull();
    expect(parseRemind('none')).toBeNull();
    for (const bad of ['-1', '3d', '61', ''])
      expect(() => parseRemind(bad)).toThrow(`--remind: '${bad}' is not a number of days from 0 to 60, or off (no reminder)`);
  });
});

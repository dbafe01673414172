/**
 * What to do after the SDI rejected an invoice (a "notifica di scarto"), for the invoice at hand:
 * the control's explanation beside the service's own text, and the day the five-day window to send
 * the corrected invoice closes (from the rejection's date, `last_sdi_update`). docs/invoicing.md,
 * "After a rejection", says it once in full. Pure.
 */
import { addDays, dayReader, daysBetween } from '../domain/dates.js';
import { day, t, type Message } from '../i18n/message.js';
import { controlOf } from './control-table.js';

/** Days after the rejection within which the corrected invoice is sent again (circolare 14/E of 2019). */
export const RESEND_WINDOW_DAYS = 5;

export interface RejectedInvoice {
  number?: string | null;
  sdi_status?: string | null;
  sdi_error?: string | null;
  last_sdi_update?: string | null;
}

/** The calendar day of an instant in Italy (dates.ts dayReader('Europe/Rome')): one reader serves a whole list. */
export type RomeDay = (instant: string) => string | undefined;

/** The day the window closes, YYYY-MM-DD, from the rejection's instant (Italian time); undefined without one. */
export function resendBy(lastSdiUpdate: string | null | undefined, romeDay: RomeDay = dayReader('Europe/Rome')): string | undefined {
  return resendReader(romeDay)(lastSdiUpdate);
}

/**
 * resendBy for a whole list: one Rome-day reader, and each local day's closing day worked out once
 * (a firm's rejections fall on far fewer days than there are of them: the overview of thousands).
 */
export function resendReader(romeDay: RomeDay = dayReader('Europe/Rome')): (lastSdiUpdate: string | null | undefined) => string | undefined {
  const closing = new Map<string, string>();
  return (lastSdiUpdate) => {
    if (!lastSdiUpdate) return undefined;
    const local = romeDay(lastSdiUpdate) ?? (/^\d{4}-\d{2}-\d{2}/.test(lastSdiUpdate) ? lastSdiUpdate.slice(0, 10) : undefined);
    if (local === undefined) return undefined;
    const day = local.slice(0, 10);
    let by = closing.get(day);
    if (by === undefined) closing.set(day, (by = addDays(day, RESEND_WINDOW_DAYS)));
    return by;
  };
}

/** The lines that explain a rejected invoice (none for any other): the control, what to do, the window. */
export function rejectionNotes(invoice: RejectedInvoice, today: string, romeDay?: RomeDay): Message[] {
  if (invoice.sdi_status !== 'rejected' && !(invoice.sdi_status === 'error' && controlOf(invoice.sdi_error))) return [];
  const name = invoice.number ?? '?';
  const control = controlOf(invoice.sdi_error);
  const notes: Message[] = [];
  const said = invoice.sdi_error ? t`invoice ${name} was rejected by the SDI: ${invoice.sdi_error}` : t`invoice ${name} was rejected by the SDI`;
  notes.push(control ? t`${said} — ${control.what}; usually: ${control.why}` : said);
  if (control) notes.push(t`what to do: ${control.fix} (fisco sdi explain ${control.code})`);
  const by = resendBy(invoice.last_sdi_update, romeDay);
  if (by !== undefined) {
    const left = daysBetween(today, by);
    notes.push(
      left >= 0
        ? t`a rejected invoice counts as never issued: send the corrected one (same number and date) by ${day(by)}, ${left} day(s) left; a credit note is not the fix (see docs/invoicing.md, "After a rejection")`
        : t`a rejected invoice counts as never issued: the five days to send the corrected one (same number and date) ended on ${day(by)}: send the corrected invoice at once (late now, so penalties may apply); a credit note is not the fix (see docs/invoicing.md, "After a rejection")`,
    );
  }
  return notes;
}

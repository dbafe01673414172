/**
 * The firm's contacts file (`--contacts FILE`): the e-mail address of a client, by VAT number, since
 * the contract's client record has no e-mail field. CSV of two or three columns: VAT number, e-mail
 * address (may be empty) and postal address (for a letter by registered mail to a client the service
 * has no address of); a header row is optional; `;` also separates; the VAT number with or without
 * `IT`. Pure.
 */
import { parse } from 'csv-parse/sync';
import { errorText, UsageError } from '../errors.js';
import { vatKey } from './items.js';
import { isMailbox } from '../domain/identifiers.js';
import { type Message, t } from '../i18n/message.js';

/** VAT key → address; every problem at once, each with its line (exit 2). */
/** A client's line of the contacts file: its e-mail and, for letters by registered mail, its postal address. */
export interface Contact {
  email: string | null;
  address: string | null;
}

export function parseContacts(text: string, file: string): Map<string, Contact> {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'); // One line ending whatever the editor or `echo >>` wrote (CRLF, LF, both)
  let records: string[][];
  try {
    const delimiter = /^[^\n]*;/.test(body) ? ';' : ',';
    records = parse(body, { delimiter, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  } catch (error) {
    throw new UsageError(t`${file}: not a CSV of VAT number and e-mail address (${errorText(error)})`);
  }
  const contacts = new Map<string, Contact>();
  const lines = new Map<string, number>();
  const problems: Message[] = [];
  records.forEach((record, index) => {
    const line = index + 1;
    if (index === 0 && !isMailbox(record[1] ?? '') && /vat|piva|partita|email|mail|indirizzo|address/i.test(record.join(' '))) return;
    if (record.length !== 2 && record.length !== 3)
      return void problems.push(t`line ${line}: two or three columns expected (VAT number, e-mail address, postal address), found ${record.length}`);
    const key = vatKey(record[0]);
    const email = record[1]!;
    const address = record[2]?.trim() || null;
    if (!key) return void problems.push(t`line ${line}: the VAT number is empty`);
    if (email === '' && !address) return void problems.push(t`line ${line}: neither an e-mail address nor a postal address`);
    if (email !== '' && !isMailbox(email)) return void problems.push(t`line ${line}: '${email}' is not an e-mail address`);
    const known = contacts.get(key);
    if (known !== undefined && (known.email ?? '').toLowerCase() !== email.toLowerCase())
      return void problems.push(t`line ${line}: VAT number ${record[0]} already has ${known.email ?? ''} (line ${lines.get(key)}): one address per client`);
    contacts.set(key, { email: email || null, address });
    lines.set(key, line);
  });
  if (problems.length > 0)
    throw new UsageError(
      problems.length === 1
        ? t`${file}: the contacts file is not valid (1 problem); nothing was read`
        : t`${file}: the contacts file is not valid (${problems.length} problems); nothing was read`,
      problems,
    );
  return contacts;
}

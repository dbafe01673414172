/**
 * Sending one message by SMTP through nodemailer's SMTP connection, with the outcome told apart as
 * the journal needs it: `sent` (the server took it: 2xx after the data), `refused` (the server said
 * no, or the conversation broke before the message was handed over: nothing went out), `unknown`
 * (it broke after the message started to be handed over and before the server's answer).
 * STARTTLS is required on smtp:// unless the server is on the loopback and `insecure` is set.
 */
import { Readable } from 'node:stream';
import { UsageError } from '../errors.js';
import { t, type Text } from '../i18n/message.js';
import { redactPatterns } from '../output/redact.js';

export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps:// (TLS from the start). */
  secure: boolean;
  user?: string;
  /** Plain SMTP to a loopback server (--smtp-insecure). */
  insecure: boolean;
  /** The URL without any password, for messages. */
  shown: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** `smtps://user@host:465` / `smtp://user@host:587`; a password in the URL is refused (it would sit in the shell's history). */
export function parseSmtpUrl(raw: string, insecure: boolean, source: string): SmtpSettings {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(t`${source}: '${redactPatterns(raw)}' is not a URL like smtps://user@host:465 or smtp://user@host:587`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new UsageError(t`${source}: the scheme must be smtp:// or smtps://, not ${url.protocol}//`);
  if (url.password)
    throw new UsageError(t`${source}: the URL carries a password: give it with FISCO_SMTP_PASSWORD or at the hidden prompt, never on the command line`);
  const host = url.hostname;
  if (insecure && !LOOPBACK.has(host))
    throw new UsageError(t`--smtp-insecure: only for a server on 127.0.0.1 (this one is ${host}): use smtps:// or smtp:// with STARTTLS`);
  if (insecure && url.protocol === 'smtps:') throw new UsageError(t`--smtp-insecure goes with smtp://, not smtps://`);
  const secure = url.protocol === 'smtps:';
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const user = url.username ? decodeURIComponent(url.username) : undefined;
  return { host, port, secure, user, insecure, shown: `${url.protocol}//${user ? `${encodeURIComponent(user)}@` : ''}${url.host}` };
}

export type SmtpOutcome = { state: 'sent'; response: string } | { state: 'refused'; message: Text; auth?: boolean } | { state: 'unknown'; message: Text };

export interface OutgoingMessage {
  from: string;
  to: string;
  /** The whole RFC 5322 message. */
  raw: Buffer;
}

/** Composes the message: the HTML as the body, a plain-text part, the PDF attached; a stable Message-ID. */
export async function composeMessage(mail: {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  pdf: { filename: string; content: Buffer };
  messageId: string;
  date: Date;
}): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const composer = new MailComposer({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.date,
    attachments: [{ filename: mail.pdf.filename, content: mail.pdf.content, contentType: 'application/pdf' }],
  });
  return composer.compile().build();
}

/**
 * The forms of the SMTP password a server may quote back: as typed, in base64 (AUTH LOGIN sends it
 * alone), and the AUTH PLAIN token (base64 of NUL user NUL password) with and without padding.
 */
export function smtpSecrets(user: string, password: string): string[] {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const plain = b64(`\u0000${user}\u0000${password}`);
  return [password, b64(password), b64(password).replace(/=+$/, ''), plain, plain.replace(/=+$/, ''), b64(`${user}\u0000${user}\u0000${password}`)];
}

export interface SendOptions {
  /** The whole conversation's deadline (--timeout): connect, greeting, login, data and answer. */
  timeoutMs?: number;
  /** The run's redactor: every word of the server passes it before it becomes a message (stderr, the journal). */
  redact?: (text: string) => string;
}

/** One message over one connection: connect (TLS or STARTTLS), log in, send, quit; the whole of it within `timeoutMs`. */
export async function sendOne(settings: SmtpSettings, password: string | undefined, message: OutgoingMessage, options: SendOptions = {}): Promise<SmtpOutcome> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const redact = options.redact ?? ((text: string) => text);
  const { default: SMTPConnection } = await import('nodemailer/lib/smtp-connection');
  const connection = new SMTPConnection({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: !settings.secure && !settings.insecure,
    ignoreTLS: settings.insecure,
    // The whole conversation's deadline (below) comes first; these only stop a socket left behind.
    connectionTimeout: timeoutMs + 1000,
    greetingTimeout: timeoutMs + 1000,
    socketTimeout: timeoutMs + 1000,
  });
  let handedOver = false;
  const body = new Readable({
    read() {
      handedOver = true;
      this.push(message.raw);
      this.push(null);
    },
  });
  const failure = (error: unknown): SmtpOutcome => {
    const e = error as { message?: string; code?: string; responseCode?: number };
    const text =
      error === timedOut
        ? t`${settings.shown}: the SMTP conversation took longer than ${Math.round(timeoutMs / 1000)} s (--timeout)`
        : redact(`${settings.shown}: ${e.message ?? String(error)}`);
    if (handedOver && !e.responseCode) return { state: 'unknown', message: t`the conversation broke after the message was handed over (${text})` };
    return { state: 'refused', message: handedOver ? t`the server refused the message (${text})` : t`not sent (${text})`, auth: e.code === 'EAUTH' };
  };
  // The socket timeouts bound each silence; this bounds the whole conversation (a server that trickles never ends it).
  let timer: NodeJS.Timeout | undefined;
  const timedOut = { code: 'ETIMEDOUT' };
  const deadline = new Promise<never>((_done, fail) => {
    timer = setTimeout(() => fail(timedOut), timeoutMs);
  });
  const within = <T>(step: Promise<T>): Promise<T> => Promise.race([step, deadline]);
  try {
    await within(
      new Promise<void>((done, fail) => {
        connection.once('error', fail);
        connection.connect(() => done());
      }),
    );
    if (settings.user)
      await within(new Promise<void>((done, fail) => connection.login({ user: settings.user!, pass: password ?? '' }, (err) => (err ? fail(err) : done()))));
    const info = await within(
      new Promise<{ response?: string }>((done, fail) => {
        connection.removeAllListeners('error');
        connection.once('error', fail);
        connection.send({ from: message.from, to: [message.to] }, body, (err, result) => (err ? fail(err) : done(result as { response?: string })));
      }),
    );
    connection.quit();
    return { state: 'sent', response: redact(info.response ?? '') };
  } catch (error) {
    connection.close();
    return failure(error);
  } finally {
    clearTimeout(timer);
  }
}

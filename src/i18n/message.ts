/**
 * One language per run (issue 31): every message fisco prints is written once, in English, as a
 * tagged template — t`Payment of ${money(amount)} registered` — and rendered in the run's language
 * when it is printed. The English text is the key (`Payment of {0} registered`); the Italian
 * catalogue (`it.ts`) maps each key to its translation, placeholders in any order. Arguments that
 * are amounts, dates or decimal numbers follow the language (`1.234,50 €`, `23/11/2026`, `1,5` in
 * Italian); text from the service or the user is passed through as it is.
 *
 * Nothing here holds state and nothing here imports the rest of fisco (errors.ts builds on it): a
 * run makes its Language (language + catalogue) once, and the output layer and the error report
 * render through it. A Message printed outside a run (a test, a debug line, `String(message)`)
 * renders in English.
 */

import { italianValue } from './values-it.js';

export type Lang = 'en' | 'it';
export const LANGS: readonly Lang[] = ['en', 'it'];

/** An amount, a date or a decimal number inside a message: written the language's way when rendered. */
export interface Formatted {
  readonly kind: 'money' | 'date' | 'instant' | 'decimal' | 'integer' | 'enum';
  readonly value: string;
  /** An enum value's field (`state`, `payment_status`): what its words are in another language (values-it.ts). */
  readonly field?: string;
}

export type Arg = string | number | bigint | boolean | Message | Formatted | null | undefined;

/** What fisco prints: a Message (translated), or a plain string (not fisco's words: a file's text, data). */
export type Text = string | Message;

/** A catalogue: English key → translation, with `{0}`, `{1}`… where the arguments go. */
export type Catalogue = Readonly<Record<string, string>>;

export class Message {
  constructor(
    /** The English text with `{0}`, `{1}`… for the arguments: the catalogue's key. */
    readonly key: string,
    readonly args: readonly Arg[] = [],
  ) {}

  /** English, as written in the source. */
  toString(): string {
    return renderMessage(this, ENGLISH);
  }

  /** In a machine format (json, ndjson, a plan file) a message is its English text: those never change with the language. */
  toJSON(): string {
    return this.toString();
  }
}

/** A tagged template: t`${n} invoices sent` is the key `{0} invoices sent` with its argument. */
export function t(strings: TemplateStringsArray, ...args: Arg[]): Message {
  return new Message(keyOf(strings), args);
}

/** The catalogue key of a template's literal parts: `{n}` between them. */
export function keyOf(parts: readonly string[]): string {
  let key = parts[0] ?? '';
  for (let i = 1; i < parts.length; i++) key += `{${i - 1}}${parts[i]}`;
  return key;
}

const VERBATIM = '{0}';

/** A message whose text is not fisco's (a service message, a file name): never translated. */
export function verbatim(text: string): Message {
  return new Message(VERBATIM, [text]);
}

/** Messages (or text) one after the other with a separator that no language changes (`; `, a line break). */
export class Joined extends Message {
  constructor(
    readonly parts: readonly Arg[],
    readonly separator: string,
  ) {
    super(VERBATIM, []);
  }
}

/**
 * Words fisco wrote earlier, in English, into a file of its own that it reads back (a plan's skip
 * reason: machine files are always English): in another language, the catalogue's translation
 * when it holds those words whole, else the words as written. Never a missing translation.
 */
export class Recalled extends Message {
  constructor(text: string) {
    super(text, []);
  }
}

export function recalled(text: string): Message {
  return new Recalled(text);
}

export function joined(parts: readonly Arg[], separator: string): Message {
  return new Joined(parts, separator);
}

/**
 * What the service said, as it said it. In English the text stands alone, as fisco has always
 * printed it; in another language it is framed so a reader sees whose words these are («il servizio
 * ha risposto: …»). The frame's key is in the catalogue like any other message.
 */
export function serviceSaid(text: string): Message {
  return t`the service said: ${verbatim(text)}`;
}
const SERVICE_SAID = 'the service said: {0}';

export const money = (amount: string): Formatted => ({ kind: 'money', value: amount });
export const day = (isoDate: string): Formatted => ({ kind: 'date', value: isoDate });
export const instant = (iso: string): Formatted => ({ kind: 'instant', value: iso });
/** A whole number grouped by thousands: `200,000` in English, `200.000` in Italian. */
/** A value of the service's or fisco's own enums (`paid`, `created`) in a message: the language's word for it (`pagata`, `creata`). */
export const enumValue = (field: string, value: string): Formatted => ({ kind: 'enum', value, field });
export const integer = (value: number): Formatted => ({ kind: 'integer', value: String(value) });
/** A decimal number that is not an amount (`1.5` seconds, `12.3` MB, `200000.00` SEK): `1,5`, `200.000,00` in Italian. */
export const decimal = (value: string | number): Formatted => ({ kind: 'decimal', value: String(value) });

/** The run's language: how every Message of the run becomes text. */
export interface Language {
  readonly lang: Lang;
  /** A key missing from the catalogue: English is printed; in strict mode (the tests) it throws. */
  readonly strict?: boolean;
  readonly catalogue?: Catalogue;
}

export const ENGLISH: Language = { lang: 'en' };

/** A message with no translation in the run's language (strict mode only: the tests fail on it). */
export class MissingTranslation extends Error {
  constructor(
    readonly lang: Lang,
    readonly key: string,
  ) {
    super(`no ${lang} translation for: ${key}`);
  }
}

export function renderMessage(message: Message, language: Language): string {
  if (message instanceof Joined) return message.parts.map((part) => renderArg(part, language)).join(message.separator);
  if (message instanceof Recalled) {
    const translated = language.lang === 'en' ? undefined : language.catalogue?.[message.key];
    return translated !== undefined && !/\{\d+\}/.test(translated) ? translated : message.key;
  }
  let template = message.key;
  if (language.lang === 'en' && message.key === SERVICE_SAID) template = VERBATIM;
  else if (language.lang !== 'en' && message.key !== VERBATIM) {
    const translated = language.catalogue?.[message.key];
    if (translated !== undefined) template = translated;
    else if (language.strict) throw new MissingTranslation(language.lang, message.key);
  }
  template = template.replace(PLURAL, (whole, index: string, one: string, other: string) => {
    const i = Number(index);
    if (i >= message.args.length) return whole;
    return pluralForm(message.args[i], language.lang) === 'one' ? one : other;
  });
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const i = Number(index);
    return i < message.args.length ? renderArg(message.args[i], language) : whole;
  });
}

/**
 * A plural choice in a translation: `{0|fattura non abbinata|fatture non abbinate}` is the first
 * form when argument 0 is a count the language calls singular (Intl.PluralRules: `1` in Italian),
 * the second otherwise — so a catalogue says `1 fattura non abbinata` and `2 fatture non abbinate`
 * from one key. The count itself is written where `{0}` stands.
 */
const PLURAL = /\{(\d+)\|([^|{}]*)\|([^|{}]*)\}/g;

function pluralForm(arg: Arg, lang: Lang): Intl.LDMLPluralRule {
  const n =
    typeof arg === 'number' || typeof arg === 'bigint'
      ? Number(arg)
      : arg !== null && typeof arg === 'object' && !(arg instanceof Message)
        ? Number(arg.value)
        : Number(arg);
  return Number.isFinite(n) ? new Intl.PluralRules(lang).select(n) : 'other';
}

/** Text or a Message, as the run's language writes it. */
export function render(text: Text, language: Language): string {
  return typeof text === 'string' ? text : renderMessage(text, language);
}

function renderArg(arg: Arg, language: Language): string {
  if (arg instanceof Message) return renderMessage(arg, language);
  if (arg !== null && typeof arg === 'object') return formatted(arg, language.lang);
  return String(arg);
}

function formatted(arg: Formatted, lang: Lang): string {
  if (arg.kind === 'integer') return /^-?\d+$/.test(arg.value) ? arg.value.replace(/\B(?=(\d{3})+$)/g, lang === 'en' ? ',' : '.') : arg.value;
  if (lang === 'en') return arg.value;
  switch (arg.kind) {
    case 'enum':
      return italianValue(arg.field ?? '', arg.value);
    case 'money':
      return /^-?\d+(\.\d+)?$/.test(arg.value) ? italianMoney(arg.value) : arg.value;
    case 'decimal': {
      // `200000.00` → `200.000,00`: a decimal comma, and thousands grouped as in any Italian figure.
      const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(arg.value);
      return m ? `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+$)/g, '.')}${m[3] === undefined ? '' : `,${m[3]}`}` : arg.value;
    }
    case 'date':
      return italianDate(arg.value);
    case 'instant': {
      const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(arg.value);
      return m ? `${italianDate(m[1])} ${m[2]}` : arg.value;
    }
  }
}

/** `1234.5` → `1.234,50 €`; digits past the cent are kept as they are (`100.125` → `100,125 €`), never rounded. */
function italianMoney(amount: string): string {
  const [int, fraction = ''] = amount.split('.') as [string, string?];
  const negative = int.startsWith('-');
  const grouped = (negative ? int.slice(1) : int).replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, '.');
  return `${negative ? '-' : ''}${grouped},${fraction.padEnd(2, '0')} €`;
}

/** `2026-11-23` → `23/11/2026`; anything else as it is. */
function italianDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

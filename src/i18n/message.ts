/**
 * One language per run (issue 31): every message fisco prints is written once, in English, as a
 * tagged template — t`Payment of ${money(amount)} registered` — and rendered in the run's language
 * when it is printed. The English text is the key (`Payment of {0} registered`); the Italian
 * catalogue (`it.ts`) maps each key to its translation, placeholders in any order. Arguments that
 * are amounts or dates follow the language (`1.234,50 €`, `23/11/2026` in Italian); text from the
 * service or the user is passed through as it is.
 *
 * Nothing here holds state: a run makes its Language (language + catalogue) once, and the output
 * layer and the error report render through it. A Message printed outside a run (a test, a debug
 * line) renders in English.
 */
import { formatEuro } from '../domain/money.js';

export type Lang = 'en' | 'it';
export const LANGS: readonly Lang[] = ['en', 'it'];

/** An amount or a date inside a message: written the language's way when rendered. */
export interface Formatted {
  readonly kind: 'money' | 'date' | 'instant';
  readonly value: string;
}

export type Arg = string | number | bigint | boolean | Message | Formatted | null | undefined;

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

/** A message whose text is not fisco's (a service message, a file name): never translated. */
export function verbatim(text: string): Message {
  return new Message('{0}', [text]);
}

export const money = (amount: string): Formatted => ({ kind: 'money', value: amount });
export const day = (isoDate: string): Formatted => ({ kind: 'date', value: isoDate });
export const instant = (iso: string): Formatted => ({ kind: 'instant', value: iso });

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
  let template = message.key;
  if (language.lang !== 'en' && message.key !== '{0}') {
    const translated = language.catalogue?.[message.key];
    if (translated !== undefined) template = translated;
    else if (language.strict) throw new MissingTranslation(language.lang, message.key);
  }
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const i = Number(index);
    return i < message.args.length ? renderArg(message.args[i], language) : whole;
  });
}

/** Text or a Message, as the run's language writes it. */
export function render(text: string | Message, language: Language): string {
  return typeof text === 'string' ? text : renderMessage(text, language);
}

function renderArg(arg: Arg, language: Language): string {
  if (arg instanceof Message) return renderMessage(arg, language);
  if (arg !== null && typeof arg === 'object') return formatted(arg, language.lang);
  return String(arg);
}

function formatted(arg: Formatted, lang: Lang): string {
  if (lang === 'en') return arg.value;
  switch (arg.kind) {
    case 'money':
      return /^-?\d+(\.\d+)?$/.test(arg.value) ? italianMoney(arg.value) : arg.value;
    case 'date':
      return italianDate(arg.value);
    case 'instant': {
      const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(arg.value);
      return m ? `${italianDate(m[1])} ${m[2]}` : arg.value;
    }
  }
}

/** `1234.5` → `1.234,50 €`; digits past the cent are kept as they are (`100.125` → `100,125 €`). */
function italianMoney(amount: string): string {
  const [, decimals = ''] = amount.split('.');
  if (decimals.length <= 2) return formatEuro(amount);
  const [int, fraction] = amount.split('.');
  const negative = int.startsWith('-');
  const grouped = (negative ? int.slice(1) : int).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${negative ? '-' : ''}${grouped},${fraction} €`;
}

/** `2026-11-23` → `23/11/2026`; anything else as it is. */
function italianDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

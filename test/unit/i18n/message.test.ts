import { describe, expect, it } from 'vitest';
import {
  day,
  decimal,
  ENGLISH,
  instant,
  integer,
  joined,
  keyOf,
  Message,
  MissingTranslation,
  money,
  render,
  renderMessage,
  serviceSaid,
  t,
  verbatim,
  type Language,
} from '../../../src/i18n/message.js';
import { loadLanguage } from '../../../src/i18n/load.js';
import { formatBytes } from '../../../src/io/progress.js';
import { resolveLang } from '../../../src/profiles/lang.js';
import { errorText, UsageError, WordedError } from '../../../src/errors.js';

const italian = (catalogue: Record<string, string>, strict = false): Language => ({ lang: 'it', catalogue, strict });

describe('a message', () => {
  it('is keyed by its English text with numbered places for the arguments', () => {
    const m = t`Payment of ${money('1234.5')} registered on ${day('2026-11-23')}; ${'2/2026'} still open`;
    expect(m.key).toBe('Payment of {0} registered on {1}; {2} still open');
    expect(keyOf(['a', 'b', ''])).toBe('a{0}b{1}');
    expect(String(m)).toBe('Payment of 1234.5 registered on 2026-11-23; 2/2026 still open');
  });

  it('renders in English as written, amounts and dates as the machine writes them', () => {
    expect(renderMessage(t`${money('1234.50')} due on ${day('2026-11-23')} at ${instant('2026-11-23T14:02:00+01:00')}`, ENGLISH)).toBe(
      '1234.50 due on 2026-11-23 at 2026-11-23T14:02:00+01:00',
    );
  });

  it('renders in Italian through the catalogue, with the places in any order and amounts and dates the Italian way', () => {
    const it_ = italian({ 'Payment of {0} registered on {1}': 'Il {1} registrato un incasso di {0}' });
    expect(renderMessage(t`Payment of ${money('1234.5')} registered on ${day('2026-11-23')}`, it_)).toBe('Il 23/11/2026 registrato un incasso di 1.234,50 €');
    expect(renderMessage(new Message('{0} at {1}', [money('-0.3'), instant('2026-11-23T14:02:09Z')]), italian({ '{0} at {1}': '{0} alle {1}' }))).toBe(
      '-0,30 € alle 23/11/2026 14:02',
    );
  });

  it('chooses the plural form of a count in the catalogue (Intl.PluralRules): 1 fattura non abbinata, 2 fatture non abbinate', () => {
    const it_ = italian({ '{0} unmatched': '{0} {0|fattura non abbinata|fatture non abbinate}', '{0} of {1} created': '{0} su {1} {0|creata|create}' });
    expect(renderMessage(t`${1} unmatched`, it_)).toBe('1 fattura non abbinata');
    expect(renderMessage(t`${2} unmatched`, it_)).toBe('2 fatture non abbinate');
    expect(renderMessage(t`${0} unmatched`, it_)).toBe('0 fatture non abbinate');
    expect(renderMessage(t`${integer(1)} of ${2} created`, it_)).toBe('1 su 2 creata');
    expect(renderMessage(t`${'2'} of ${2} created`, it_)).toBe('2 su 2 create');
  });

  it('writes decimals and sizes the Italian way: 200.000,00 SEK, 11,6 KB, 0,75', () => {
    const it_ = italian({ '{0} SEK': '{0} SEK', '{0} KB': '{0} KB', '{0}': '{0}' });
    expect(renderMessage(t`${decimal('200000.00')} SEK`, it_)).toBe('200.000,00 SEK');
    expect(renderMessage(t`${decimal('200000.00')} SEK`, ENGLISH)).toBe('200000.00 SEK');
    expect(renderMessage(formatBytes(11_878), it_)).toBe('11,6 KB');
    expect(renderMessage(formatBytes(11_878), ENGLISH)).toBe('11.6 KB');
    expect(renderMessage(t`${decimal(0.75)} SEK`, it_)).toBe('0,75 SEK');
  });

  it('keeps digits past the cent in Italian (never rounded) and leaves what is not an amount or a date as it is', () => {
    const it_ = italian({ '{0}': '{0}', 'due {0} by {1}': 'dovuti {0} entro il {1}' });
    expect(renderMessage(t`due ${money('1234567.125')} by ${day('not a date')}`, it_)).toBe('dovuti 1.234.567,125 € entro il not a date');
    expect(renderMessage(t`due ${money('n/a')} by ${day('2026-02-01')}`, it_)).toBe('dovuti n/a entro il 01/02/2026');
  });

  it('renders nested messages in the same language, and service text verbatim', () => {
    const it_ = italian({ 'the service said: {0}': 'il servizio ha risposto: {0}', '{0} invoices': '{0} fatture' });
    expect(renderMessage(t`the service said: ${verbatim('Invoice not found {0}')}`, it_)).toBe('il servizio ha risposto: Invoice not found {0}');
    expect(renderMessage(t`the service said: ${t`${3} invoices`}`, it_)).toBe('il servizio ha risposto: 3 fatture');
    expect(render('plain', it_)).toBe('plain');
  });

  it('falls back to English for a missing translation, and throws in strict mode (the tests)', () => {
    expect(renderMessage(t`nothing to send`, italian({}))).toBe('nothing to send');
    expect(() => renderMessage(t`nothing to send`, italian({}, true))).toThrow(MissingTranslation);
    expect(() => renderMessage(t`nothing to send`, italian({}, true))).toThrow('no it translation for: nothing to send');
  });
});

describe('the language of a run', () => {
  it('comes from --lang, then FISCO_LANG, then the profile, then LC_ALL, LC_MESSAGES, LANG', () => {
    expect(resolveLang({ flag: 'it', env: { FISCO_LANG: 'en', LANG: 'en_US.UTF-8' } })).toBe('it');
    expect(resolveLang({ env: { FISCO_LANG: 'IT', LANG: 'en_US.UTF-8' }, profile: 'en' })).toBe('it');
    expect(resolveLang({ env: { LANG: 'it_IT.UTF-8' }, profile: 'en' })).toBe('en');
    expect(resolveLang({ env: { LANG: 'it_IT.UTF-8' } })).toBe('it');
    expect(resolveLang({ env: { LC_ALL: 'it_CH.UTF-8', LANG: 'en_GB.UTF-8' } })).toBe('it');
    expect(resolveLang({ env: { LC_ALL: 'C', LANG: 'it_IT.UTF-8' } })).toBe('en');
    expect(resolveLang({ env: { LC_MESSAGES: 'it', LANG: 'en_GB' } })).toBe('it');
    expect(resolveLang({ env: { LANG: 'it@euro' } })).toBe('it');
    expect(resolveLang({ env: { LANG: 'ita' } })).toBe('en');
    expect(resolveLang({ env: {} })).toBe('en');
  });

  it('refuses a language it does not speak, naming where it came from (exit 2)', () => {
    expect(() => resolveLang({ flag: 'de', env: {} })).toThrow(UsageError);
    expect(() => resolveLang({ flag: 'de', env: {} })).toThrow("--lang: 'de' is not a language fisco speaks; use it (italiano) or en (English)");
    expect(() => resolveLang({ env: { FISCO_LANG: 'fr' } })).toThrow("FISCO_LANG: 'fr'");
  });
});

describe('what the mechanism adds for the sources', () => {
  const it_ = italian({
    'the service said: {0}': 'il servizio ha risposto: «{0}»',
    '{0} rows': '{0} righe',
    'wrong environment: {0}': 'ambiente sbagliato: {0}',
  });

  it("frames the service's words in Italian and prints them bare in English, as fisco always has", () => {
    expect(renderMessage(serviceSaid('Invoice not found'), ENGLISH)).toBe('Invoice not found');
    expect(renderMessage(serviceSaid('Invoice not found'), it_)).toBe('il servizio ha risposto: «Invoice not found»');
    expect(renderMessage(t`wrong environment: ${serviceSaid('use {0}')}`, it_)).toBe('ambiente sbagliato: il servizio ha risposto: «use {0}»');
  });

  it('joins messages and text with a separator no language changes', () => {
    const list = joined([t`${2} rows`, 'plain', money('1234.5')], '; ');
    expect(String(list)).toBe('2 rows; plain; 1234.5');
    expect(renderMessage(list, it_)).toBe('2 righe; plain; 1.234,50 €');
  });

  it('writes whole numbers grouped and decimals with the language separator', () => {
    const m = new Message('{0} {1}', [integer(200000), decimal('1.5')]);
    expect(renderMessage(m, ENGLISH)).toBe('200,000 1.5');
    expect(renderMessage(m, italian({ '{0} {1}': '{0} {1}' }))).toBe('200.000 1,5');
  });

  it('is its English text in a machine format (json), whatever the run language', () => {
    expect(JSON.stringify({ reasons: [t`${3} rows`, 'x'] })).toBe('{"reasons":["3 rows","x"]}');
  });

  it('loads the Italian catalogue only for an Italian run', async () => {
    expect(await loadLanguage('en')).toBe(ENGLISH);
    const language = await loadLanguage('it', true);
    expect([language.lang, language.strict, language.catalogue?.['the service said: {0}']]).toEqual(['it', true, 'il servizio ha risposto: «{0}»']);
  });
});

describe('a FiscoError carries its words', () => {
  it('as a Message rendered by the report, English in .message; reword changes both, an assigned message replaces them', () => {
    const error = new UsageError(t`${2} rows`, [t`${3} rows`]);
    expect(error.message).toBe('2 rows');
    expect(error.text).toBeInstanceOf(Message);
    error.reword((text) => t`wrong environment: ${text}`);
    expect(error.message).toBe('wrong environment: 2 rows');
    expect(renderMessage(error.text as Message, italian({ '{0} rows': '{0} righe', 'wrong environment: {0}': 'ambiente sbagliato: {0}' }))).toBe(
      'ambiente sbagliato: 2 righe',
    );
    error.message = 'plain words';
    expect([error.message, error.text]).toEqual(['plain words', 'plain words']);
  });

  it('errorText finds the words of any error: a Message when it has one, else its message', () => {
    expect(errorText(new WordedError(t`${1} rows`))).toBeInstanceOf(Message);
    expect(errorText(new Error('plain'))).toBe('plain');
    expect(errorText('thrown text')).toBe('thrown text');
  });
});

import { NotConfirmedError, UsageError } from '../errors.js';
import { ENGLISH, render, t, type Language, type Message, type Text } from '../i18n/message.js';

export interface Choice<T> {
  name: Text;
  value: T;
  description?: Text;
}

/**
 * Prompts, only where a person can answer: stdin and stdout both terminals and no --no-input.
 * Otherwise asking for a value is a usage error naming the flag that provides it. Prompts write
 * to stderr so stdout stays data. Questions, choices and validation messages are Messages rendered
 * in the run's language. @inquirer/prompts is loaded on first use only.
 */
/** What an Italian confirmation takes: sì or no (y and yes too), or nothing for the default. */
const ITALIAN_YES_NO = /^(|s|sì|si|y|yes|n|no)$/i;

export class Prompter {
  constructor(
    readonly canPrompt: boolean,
    private readonly streams: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream },
    private readonly language: () => Language = () => ENGLISH,
  ) {}

  private async prompts() {
    return import('@inquirer/prompts');
  }

  private text(text: Text): string {
    return render(text, this.language());
  }

  /** Without a person to ask: the flag that gives the value. `what` is the question without its colon. */
  private require(flag: string, what: Text): void {
    if (this.canPrompt) return;
    const shown = typeof what === 'string' ? what : this.text(what);
    throw new UsageError(t`missing ${shown.replace(/[:?]\s*$/, '').toLowerCase()}: pass ${flag}`, [
      t`fisco asks for it only on a terminal (and not with --no-input).`,
    ]);
  }

  /**
   * Inquirer's own words (its key hints `↑↓ navigate • ⏎ select`, "No results found", "You must
   * provide a value") in the run's language, through the one door it leaves open: its theme. An
   * English run keeps inquirer's own theme, colours and all.
   */
  private theme(): { theme?: object } {
    if (this.language().lang === 'en') return {};
    const say = (english: string): string => (Object.hasOwn(INQUIRER_WORDS, english) ? this.text(INQUIRER_WORDS[english]!) : english);
    return {
      theme: {
        style: {
          keysHelpTip: (keys: [string, string][]) => keys.map(([key, action]) => `${key} ${say(action)}`).join(' • '),
          error: (text: string) => `> ${say(text)}`,
        },
      },
    };
  }

  private context() {
    return { input: this.streams.input, output: this.streams.output, clearPromptOnDone: false };
  }

  private choices<T>(choices: Choice<T>[]) {
    return choices.map((c) => ({ ...c, name: this.text(c.name), description: c.description === undefined ? undefined : this.text(c.description) }));
  }

  async input(options: { message: Text; flag: string; default?: string; required?: boolean; validate?: (value: string) => true | Text }): Promise<string> {
    this.require(options.flag, options.message);
    const { input } = await this.prompts();
    const validate = options.validate;
    return guard(() =>
      input(
        {
          message: this.text(options.message),
          default: options.default,
          required: options.required,
          ...this.theme(),
          validate: validate && ((value: string) => this.checked(validate(value))),
        },
        this.context(),
      ),
    );
  }

  private checked(result: true | Text): true | string {
    return result === true ? true : this.text(result);
  }

  async password(options: { message: Text; flag: string }): Promise<string> {
    this.require(options.flag, options.message);
    const { password } = await this.prompts();
    return guard(() => password({ message: this.text(options.message), mask: '*', ...this.theme() }, this.context()));
  }

  async confirm(options: { message: Text; default?: boolean; flag: string }): Promise<boolean> {
    this.require(options.flag, t`a confirmation`);
    if (this.language().lang === 'it') return this.confirmItalian(options.message, options.default ?? false);
    const { confirm } = await this.prompts();
    return guard(() => confirm({ message: this.text(options.message), default: options.default ?? false }, this.context()));
  }

  /**
   * A yes or no in Italian: `s`/`sì` (or `y`/`yes`) is yes, `n`/`no` is no, an empty answer the
   * default; anything else is asked again. Inquirer's confirm knows only y and n, and would read an
   * Italian `s` as the default.
   */
  private async confirmItalian(message: Text, fallback: boolean): Promise<boolean> {
    const { input } = await this.prompts();
    const answer = await guard(() =>
      input(
        {
          message: `${this.text(message)} ${fallback ? '(S/n)' : '(s/N)'}`,
          validate: (value: string) => ITALIAN_YES_NO.test(value.trim()) || this.text(t`answer s (sì) or n (no)`),
        },
        this.context(),
      ),
    );
    const word = answer.trim().toLowerCase();
    return word === '' ? fallback : /^(s|sì|si|y|yes)$/.test(word);
  }

  async select<T>(options: { message: Text; flag: string; choices: Choice<T>[]; default?: T }): Promise<T> {
    this.require(options.flag, options.message);
    const { select } = await this.prompts();
    return guard(() =>
      select<T>(
        { message: this.text(options.message), choices: this.choices(options.choices), default: options.default, loop: false, ...this.theme() },
        this.context(),
      ),
    );
  }

  async search<T>(options: { message: Text; flag: string; source: (term: string | undefined) => Promise<Choice<T>[]> }): Promise<T> {
    this.require(options.flag, options.message);
    const { search } = await this.prompts();
    return guard(() =>
      search<T>({ message: this.text(options.message), source: async (term) => this.choices(await options.source(term)), ...this.theme() }, this.context()),
    );
  }
}

/** What inquirer itself writes on a prompt, by its English text. */
const INQUIRER_WORDS: Record<string, Message> = {
  navigate: t`navigate`,
  select: t`select`,
  'No results found': t`No results found`,
  'You must provide a value': t`You must provide a value`,
  'You must provide a valid value': t`You must provide a valid value`,
  'Invalid input': t`Invalid input`,
};

/** Ctrl-C at a prompt is a cancellation (exit 10), not a crash. */
async function guard<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) {
      throw new NotConfirmedError(t`cancelled at the prompt; nothing was sent`);
    }
    throw error;
  }
}

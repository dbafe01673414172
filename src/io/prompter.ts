import { NotConfirmedError, UsageError } from '../errors.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

/**
 * Prompts, only where a person can answer: stdin and stdout both terminals and no --no-input.
 * Otherwise asking for a value is a usage error naming the flag that provides it. Prompts write
 * to stderr so stdout stays data. @inquirer/prompts is loaded on first use only.
 */
export class Prompter {
  constructor(
    readonly canPrompt: boolean,
    private readonly streams: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream },
  ) {}

  private async prompts() {
    return import('@inquirer/prompts');
  }

  private require(flag: string, what: string): void {
    if (!this.canPrompt) throw new UsageError(`missing ${what}: pass ${flag}`, ['fisco asks for it only on a terminal (and not with --no-input).']);
  }

  private context() {
    return { input: this.streams.input, output: this.streams.output, clearPromptOnDone: false };
  }

  async input(options: { message: string; flag: string; default?: string; required?: boolean; validate?: (value: string) => true | string }): Promise<string> {
    this.require(options.flag, options.message.replace(/[:?]\s*$/, '').toLowerCase());
    const { input } = await this.prompts();
    return guard(() => input({ message: options.message, default: options.default, required: options.required, validate: options.validate }, this.context()));
  }

  async password(options: { message: string; flag: string }): Promise<string> {
    this.require(options.flag, options.message.replace(/[:?]\s*$/, '').toLowerCase());
    const { password } = await this.prompts();
    return guard(() => password({ message: options.message, mask: '*' }, this.context()));
  }

  async confirm(options: { message: string; default?: boolean; flag: string }): Promise<boolean> {
    this.require(options.flag, 'a confirmation');
    const { confirm } = await this.prompts();
    return guard(() => confirm({ message: options.message, default: options.default ?? false }, this.context()));
  }

  async select<T>(options: { message: string; flag: string; choices: Choice<T>[]; default?: T }): Promise<T> {
    this.require(options.flag, options.message.replace(/[:?]\s*$/, '').toLowerCase());
    const { select } = await this.prompts();
    return guard(() => select<T>({ message: options.message, choices: options.choices, default: options.default, loop: false }, this.context()));
  }

  async search<T>(options: { message: string; flag: string; source: (term: string | undefined) => Promise<Choice<T>[]> }): Promise<T> {
    this.require(options.flag, options.message.replace(/[:?]\s*$/, '').toLowerCase());
    const { search } = await this.prompts();
    return guard(() => search<T>({ message: options.message, source: (term) => options.source(term) }, this.context()));
  }
}

/** Ctrl-C at a prompt is a cancellation (exit 10), not a crash. */
async function guard<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) {
      throw new NotConfirmedError('cancelled at the prompt; nothing was sent');
    }
    throw error;
  }
}

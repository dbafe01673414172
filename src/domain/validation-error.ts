import { joined, type Text } from '../i18n/message.js';

/**
 * A user-supplied value broke a rule. `field` is the path the user can act on, e.g.
 * `articoli[2].prezzo`; `detail` says what is wrong, a Message rendered in the run's language
 * (`message` is its English rendering).
 */
export class ValidationError extends Error {
  override readonly name: string = 'ValidationError';

  constructor(
    public readonly field: string,
    public readonly detail: Text,
  ) {
    super(`${field}: ${String(detail)}`);
  }

  /** `field: detail`, to render in the run's language. */
  get text(): Text {
    return joined([this.field, this.detail], ': ');
  }
}

/**
 * Several broken rules reported at once (docs/invoicing.md: "Validation reports every problem at once,
 * each with its field path"). It is a ValidationError too, naming the first problem's field, so
 * code that handles one problem handles many.
 */
export class ValidationErrors extends ValidationError {
  override readonly name = 'ValidationErrors';

  constructor(readonly problems: readonly ValidationError[]) {
    super(
      problems[0].field,
      problems.length === 1
        ? problems[0].detail
        : joined(
            problems.map((p) => p.text),
            '; ',
          ),
    );
    this.message = problems.map((p) => p.message).join('; ');
  }

  override get text(): Text {
    return joined(
      this.problems.map((p) => p.text),
      '; ',
    );
  }
}

/** The problems inside an error: several for ValidationErrors, one for a ValidationError. */
export function problemsOf(error: ValidationError): readonly ValidationError[] {
  return error instanceof ValidationErrors ? error.problems : [error];
}

/**
 * Gathers problems instead of stopping at the first: `check` runs a rule and returns its result,
 * or undefined after recording what it threw; `done` throws them all together.
 */
export class Problems {
  readonly list: ValidationError[];

  constructor(earlier: readonly ValidationError[] = []) {
    this.list = [...earlier];
  }

  check<T>(rule: () => T): T | undefined {
    try {
      return rule();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      this.list.push(...problemsOf(error));
      return undefined;
    }
  }

  add(field: string, detail: Text): void {
    this.list.push(new ValidationError(field, detail));
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  /** Throws every problem gathered so far, if any. */
  done(): void {
    if (this.list.length) throw new ValidationErrors(this.list);
  }
}

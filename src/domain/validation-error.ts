/** A user-supplied value broke a rule. `field` is the path the user can act on, e.g. `articoli[2].prezzo`. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';

  constructor(
    public readonly field: string,
    public readonly detail: string,
  ) {
    super(`${field}: ${detail}`);
  }
}

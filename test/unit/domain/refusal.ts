import { expect } from 'vitest';
import { ValidationError } from '../../../src/domain/validation-error.js';

/** Runs `fn`, expects it to throw a ValidationError, and returns that error. */
export function refusal(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return e as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

export const detail = (fn: () => unknown): string => String(refusal(fn).detail);

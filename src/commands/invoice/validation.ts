import { UsageError } from '../../api/errors.js';
import { ValidationError } from '../../domain/validation-error.js';

/** Runs domain checks; a broken rule becomes one usage line naming the field (exit 2, nothing sent). */
export function asUsage<T>(check: () => T, hints: string[] = []): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ValidationError) throw new UsageError(error.message, hints);
    throw error;
  }
}

/** For prompts: `true` or the rule's message. */
export function promptCheck(check: () => unknown): true | string {
  try {
    check();
    return true;
  } catch (error) {
    if (error instanceof ValidationError) return error.detail;
    throw error;
  }
}

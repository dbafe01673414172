import { UsageError } from '../errors.js';
import { problemsOf, ValidationError } from '../domain/validation-error.js';
import { joined, t, type Text } from '../i18n/message.js';

/**
 * The usage error (exit 2, nothing sent) for broken rules: one problem is one line naming its
 * field; several are a count followed by one line each, every one with its field path.
 */
export function usageFor(error: ValidationError, hints: Text[] = []): UsageError {
  const problems = problemsOf(error);
  if (problems.length === 1) return new UsageError(problems[0].text, hints);
  return new UsageError(t`${problems.length} problems, nothing was sent:`, [...problems.map((p) => p.text), ...hints]);
}

/** Runs domain checks; broken rules become a usage error listing each with its field. */
export function asUsage<T>(check: () => T, hints: Text[] = []): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ValidationError) throw usageFor(error, hints);
    throw error;
  }
}

/** For prompts: `true` or the rules' messages. */
export function promptCheck(check: () => unknown): true | Text {
  try {
    check();
    return true;
  } catch (error) {
    if (error instanceof ValidationError)
      return joined(
        problemsOf(error).map((p) => p.detail),
        '; ',
      );
    throw error;
  }
}

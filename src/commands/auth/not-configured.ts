import { ExitCode, FiscoError } from '../../errors.js';
import { NotLoggedInError } from '../../profiles/credentials.js';

/** `auth status` and `auth token` with nothing configured: not authenticated (exit 3), same message. */
export function notConfigured(error: unknown): never {
  if (error instanceof NotLoggedInError) throw new FiscoError(error.text, ExitCode.auth, error.hints);
  throw error;
}

import { ApiError } from '../../errors.js';
import { t } from '../../i18n/message.js';

/**
 * the service's API document, Authentication 6: webhook subscriptions belong to one company, and the key used
 * must be that company's own, never a firm-wide token. The service answers ambiguous_account to
 * a firm token on every /v1/hooks route, with or without a company named, so the generic
 * "say which with --account" hint would send the user in a circle: the hooks commands replace it
 * with what works. The service's own message comes first, unchanged.
 */
export async function needsCompanyToken<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'ambiguous_account') throw error;
    throw new ApiError({
      status: error.status,
      code: error.code,
      message: t`webhook subscriptions need a single company's own API token: ${error.text}`,
      method: error.method,
      path: error.path,
      body: error.body,
      hints: [
        t`A firm-wide token cannot manage webhooks, and --account does not change that.`,
        t`Create a token in the integration settings of the company concerned, then use it: fisco auth login (a profile of its own, fisco -p NAME hooks …) or FISCO_TOKEN.`,
      ],
    });
  }
}

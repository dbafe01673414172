import { ApiError } from '../../errors.js';
import { getF24 } from '../../api/f24.js';
import { pathSegment } from '../../api/path.js';
import type { Factory } from '../../factory/factory.js';
import { t } from '../../i18n/message.js';
import { f24DetailView } from './view.js';

/** The detail's shape is not in the spec: show what arrives, every field, nothing assumed. */
export async function run([id]: string[], _options: object, factory: Factory): Promise<void> {
  pathSegment(id ?? '', 'ID'); // checked before any request (the client's first use may ask who the token is)
  const client = await factory.client();
  let record: Record<string, unknown>;
  try {
    record = await getF24(client, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      // The service's own message is shown as it is; fisco's hint goes beside it.
      throw new ApiError({
        status: 404,
        code: error.code,
        method: error.method,
        path: error.path,
        body: error.body,
        message: error.text,
        hints: [
          ...error.hints,
          t`F24 ${id}: no form with that id among this token's companies. \`fisco f24 list\` shows the ids; with a firm token, name the company with --account ID.`,
        ],
      });
    }
    throw error;
  }
  await factory.output.item(record, f24DetailView(record));
}

/** The Italian catalogue: English key (src/i18n/message.ts) → Italian. Checked by test/unit/i18n/catalogue.test.ts against every t`…` in src/. */
import type { Catalogue } from './message.js';

export const IT: Catalogue = {};

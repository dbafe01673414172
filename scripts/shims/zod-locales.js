// zod's `z.locales` namespace holds every language's messages (about 300 KB); fisco speaks English
// only (zod configures `en` itself), so the bundle keeps just that one.
export { default as en } from 'zod/v4/locales/en.js';

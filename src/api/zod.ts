/**
 * zod as fisco uses it: every schema module does `import * as z from '…/api/zod.js'`, never
 * imports 'zod' itself. A namespace of zod's own exports, used by property (`z.object`), lets the
 * bundle keep only the parts fisco calls. (When zod compiles a schema: see src/api/decode.ts.)
 */
export * from 'zod';

/**
 * zod as fisco uses it: every schema module does `import * as z from '…/api/zod.js'`, never
 * imports 'zod' itself.
 * - A namespace of zod's own exports, used by property (`z.object`), so the bundle keeps only the
 *   parts fisco calls.
 * - Without zod's JIT (`jitless`): zod would compile each object schema with `new Function` on its
 *   first parse, code no cache can keep; a command lives for one run, and the plain parser
 *   decodes a page of 100 invoices in well under a millisecond.
 * zod reads the setting when a schema is made; a module's imports run before its body, so every
 * schema is made after this.
 */
import { config } from 'zod';

config({ jitless: true });

export * from 'zod';

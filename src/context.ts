/** Until every verb takes the Factory (src/factory/factory.ts): the earlier names of what a verb is handed. */
export type { Factory as Context } from './factory/factory.js';
export type { GlobalFlags as GlobalOptions } from './flags/global.js';

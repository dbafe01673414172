export { ValidationError } from './validation-error.js';
export * from './money.js';
export * from './identifiers.js';
export * from './dates.js';
export * from './vat.js';
export * from './invoice.js';

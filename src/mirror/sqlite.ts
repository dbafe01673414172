/**
 * node:sqlite, loaded on first use with exactly one warning kept from the user: Node 22's
 * "ExperimentalWarning: SQLite is an experimental feature" (Node 24 prints none). Every other
 * warning, of this module or any other, is emitted as usual.
 */
export type Sqlite = typeof import('node:sqlite');
export type Database = import('node:sqlite').DatabaseSync;
export type Statement = import('node:sqlite').StatementSync;

let loaded: Sqlite | undefined;

/** The one warning node:sqlite emits when it is loaded on Node 22. */
export function isSqliteExperimentalWarning(warning: unknown, rest: unknown[]): boolean {
  const option = rest[0];
  const type = typeof option === 'string' ? option : option && typeof option === 'object' ? (option as { type?: unknown }).type : undefined;
  const name = warning instanceof Error ? warning.name : type;
  const text = warning instanceof Error ? warning.message : String(warning);
  return (name === 'ExperimentalWarning' || type === 'ExperimentalWarning') && /\bSQLite\b/.test(text);
}

/** node:sqlite; its ExperimentalWarning, emitted while it loads, is dropped (and only that one). */
export function sqlite(): Sqlite {
  if (loaded) return loaded;
  const emit = process.emitWarning;
  const filtered = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    if (isSqliteExperimentalWarning(warning, rest)) return;
    return (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  };
  process.emitWarning = filtered as typeof process.emitWarning;
  try {
    // process.getBuiltinModule (Node 22.3+): no require of its own, so node:module is not loaded for it.
    loaded = process.getBuiltinModule('node:sqlite') as Sqlite;
  } finally {
    process.emitWarning = emit;
  }
  return loaded;
}

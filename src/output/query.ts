import { UsageError } from '../errors.js';
import { t } from '../i18n/message.js';

/**
 * `--query EXPR`: a JMESPath expression (the community edition, as aws and az users know it)
 * applied to the JSON document fisco would print — a list's array of items (every fetched page)
 * or a single object — after --fields. The library is loaded only when a query is given.
 */
type Engine = typeof import('@jmespath-community/jmespath');
let engine: Promise<Engine> | undefined;

function load(): Promise<Engine> {
  engine ??= import('@jmespath-community/jmespath');
  return engine;
}

function usage(expression: string, error: unknown): UsageError {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new UsageError(t`--query: ${reason} in '${expression}'`, [t`JMESPath, as aws and az take it; e.g. --query "[?payment_status=='overdue'].number"`]);
}

/** Checks the expression's syntax before anything is fetched (exit 2). */
export async function checkQuery(expression: string): Promise<void> {
  const { compile } = await load();
  try {
    compile(expression);
  } catch (error) {
    throw usage(expression, error);
  }
}

export async function applyQuery(expression: string, document: unknown): Promise<unknown> {
  const { search } = await load();
  try {
    return search(document as Parameters<Engine['search']>[0], expression);
  } catch (error) {
    throw usage(expression, error);
  }
}

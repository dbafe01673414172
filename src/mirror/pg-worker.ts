/**
 * The PostgreSQL mirror's driver thread (dist/pg-worker.cjs): node-postgres (`pg`) is asynchronous,
 * the mirror's storage interface synchronous (storage.ts), so pg-store.ts sends each statement here
 * and waits for its answer (synckit: a worker thread and Atomics.wait). One connection per run,
 * opened by `connect` and used for every statement after it, so a company's transaction spans the
 * calls that make it. Errors come back as values ({ error }), never thrown across the thread.
 */
import pg from 'pg';
import { runAsWorker } from 'synckit';

/** What connect needs: the connection string, and the PG* variables and HOME of the run (libpq's defaults, ~/.pgpass). */
export interface PgConnect {
  url: string;
  env: Record<string, string>;
  applicationName: string;
  /** The run's --timeout: the most connecting, and each statement, may take. */
  timeoutMs: number;
}

export type PgCall =
  { op: 'connect'; connect: PgConnect } | { op: 'query'; id: number; text: string; params?: readonly unknown[] } | { op: 'close'; id: number };

export type PgAnswer = { rows: Record<string, unknown>[]; rowCount: number } | { error: { message: string; code?: string } };

// Numbers as numbers: bigint (ms instants, generations, counts) and numeric sums of cents stay within 2^53.
pg.types.setTypeParser(20, Number);
pg.types.setTypeParser(1700, Number);

/** The connections of this process's mirrors, by the id connect gave them (the thread is shared: synckit keeps one per file). */
const clients = new Map<number, pg.Client>();
let next = 0;

async function answer(call: PgCall): Promise<PgAnswer> {
  switch (call.op) {
    case 'connect': {
      // node-postgres takes PG* variables and ~/.pgpass from this thread's own copy of the
      // environment: the run's, given here (a worker's process.env is its own).
      for (const [name, value] of Object.entries(call.connect.env)) process.env[name] = value;
      const client = new pg.Client({
        connectionString: call.connect.url,
        application_name: call.connect.applicationName,
        connectionTimeoutMillis: call.connect.timeoutMs,
        query_timeout: call.connect.timeoutMs,
      });
      // A dropped connection after connect: the next statement says so; this keeps it from being an uncaught error.
      client.on('error', () => undefined);
      await client.connect();
      clients.set(++next, client);
      return { rows: [{ id: next }], rowCount: 1 };
    }
    case 'query': {
      const client = clients.get(call.id);
      if (!client) throw new TypeError('not connected');
      const result = await client.query({ text: call.text, values: call.params as unknown[] | undefined });
      return { rows: result.rows as Record<string, unknown>[], rowCount: result.rowCount ?? 0 };
    }
    case 'close': {
      const closing = clients.get(call.id);
      clients.delete(call.id);
      await closing?.end().catch(() => undefined);
      return { rows: [], rowCount: 0 };
    }
  }
}

runAsWorker(async (call: PgCall): Promise<PgAnswer> => {
  try {
    return await answer(call);
  } catch (error) {
    const e = error as { message?: unknown; code?: unknown };
    const message = String(e.message ?? error);
    // node-postgres's own words when --timeout ran out (connecting, or a statement): no code of their own.
    // eslint-disable-next-line no-restricted-syntax -- node-postgres's words, not fisco's
    const timedOut = typeof e.code !== 'string' && /\b(timeout|timed out)\b/i.test(message);
    return { error: { message, code: timedOut ? 'FISCO_TIMEOUT' : typeof e.code === 'string' ? e.code : undefined } };
  }
});

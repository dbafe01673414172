import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Method, Query } from '../../api/client.js';
import { ApiError, UsageError } from '../../api/errors.js';
import { paginate } from '../../api/paginate.js';
import type { Context } from '../../context.js';
import { readStdin } from '../../io/stdin.js';
import { parseOptions } from '../options.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const schema = z.object({
  field: z.array(z.string()).optional(),
  typedField: z.array(z.string()).optional(),
  input: z.string().optional(),
  paginate: z.boolean().optional(),
});

export async function run([rawMethod, path]: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const method = rawMethod.toUpperCase() as Method;
  if (!(METHODS as readonly string[]).includes(method)) throw new UsageError(`method: '${rawMethod}' is not one of ${METHODS.join(', ')}`);
  if (!path.startsWith('/') || /^\/\//.test(path)) {
    throw new UsageError(`path: '${path}' must be a path under the base URL, starting with / (fisco never sends the token to another host)`);
  }
  if (options.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');

  const fields: Record<string, unknown> = {};
  for (const entry of options.field ?? []) {
    const [key, value] = splitField(entry, '--field');
    fields[key] = value;
  }
  for (const entry of options.typedField ?? []) {
    const [key, value] = splitField(entry, '--typed-field');
    fields[key] = typed(value);
  }

  const body = options.input !== undefined ? parseJson(options.input === '-' ? await readStdin(context.streams.stdin) : await readInput(options.input), options.input) : undefined;
  const fieldsInQuery = method === 'GET' || method === 'DELETE' || body !== undefined;
  const [pathOnly, pathQuery] = path.split('?', 2);
  const query: Query = Object.fromEntries(new URLSearchParams(pathQuery ?? ''));
  if (fieldsInQuery) for (const [key, value] of Object.entries(fields)) query[key] = typeof value === 'object' && value !== null ? JSON.stringify(value) : (value as string);

  const client = await context.client();
  if (options.paginate) {
    // Any list: with the pagination envelope it is followed; without one (events, hooks) it is the whole list.
    await context.output.list(paginate(client, pathOnly, query, { all: true }, undefined, 'optional'));
    return;
  }
  const requestBody = body ?? (fieldsInQuery ? undefined : fields);
  try {
    const response = await client.request(method, pathOnly, { query, body: requestBody });
    if (response.body === null || response.body === undefined || response.body === '') {
      context.output.info(`${response.status} (no content)`);
      return;
    }
    await printBody(context, response.body);
  } catch (error) {
    if (error instanceof ApiError && error.body !== undefined && error.body !== null) await printBody(context, error.body);
    throw error;
  }
}

async function printBody(context: Context, body: unknown): Promise<void> {
  if (typeof body === 'string') context.output.data(body.endsWith('\n') ? body : `${body}\n`);
  else if (context.globals.output) await context.output.item(body);
  else context.output.data(`${JSON.stringify(body, null, 2)}\n`);
}

function splitField(entry: string, flag: string): [string, string] {
  const at = entry.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag}: '${entry}' is not key=value`);
  return [entry.slice(0, at), entry.slice(at + 1)];
}

function typed(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (/^[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

async function readInput(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--input: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--input: ${source === '-' ? 'stdin' : source} is not valid JSON (${(error as Error).message})`);
  }
}

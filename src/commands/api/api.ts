import { readInputFile } from '../../io/input-file.js';
import type { Method, Query } from '../../api/client.js';
import { ApiError, UsageError } from '../../errors.js';
import { paginate } from '../../api/paginate.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { jsonNumber, RawJson, writeJson } from '../../domain/json-number.js';
import { readStdin } from '../../io/stdin.js';
import { jsonText } from '../../domain/answer-json.js';
import type { API_FLAGS } from './flags.js';
import { t, type Message, type Text } from '../../i18n/message.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export async function run([rawMethod, path]: string[], options: FlagValues<typeof API_FLAGS>, factory: Factory): Promise<void> {
  const method = rawMethod.toUpperCase() as Method;
  if (!(METHODS as readonly string[]).includes(method)) throw new UsageError(t`method: '${rawMethod}' is not one of ${METHODS.join(', ')}`);
  if (!path.startsWith('/') || /^\/\//.test(path)) {
    throw new UsageError(t`path: '${path}' must be a path under the base URL, starting with / (fisco never sends the token to another host)`);
  }
  if (options.paginate && method !== 'GET') throw new UsageError(t`--paginate works with GET only`);

  const problems: Text[] = [];
  const fields: Record<string, unknown> = {};
  const put = (entry: string, flag: string, convert: (v: string) => unknown) => {
    const split = splitField(entry, flag);
    if (!Array.isArray(split)) return problems.push(split);
    const error = setField(fields, split[0], convert(split[1]));
    if (error) problems.push(t`${flag}: '${entry}': ${error}`);
  };
  for (const entry of options.field ?? []) put(entry, '--field', (v) => v);
  for (const entry of options.typedField ?? []) put(entry, '--typed-field', typed);
  if (problems.length === 1) throw new UsageError(problems[0]!);
  if (problems.length > 1) throw new UsageError(t`${problems.length} problems with the fields, nothing was sent:`, problems);

  // The input is sent as written (RawJson), so its numbers reach the service exactly.
  const body =
    options.input !== undefined
      ? parseJson(options.input === '-' ? await readStdin(factory.io.stdin) : await readInput(options.input), options.input)
      : undefined;
  const fieldsInQuery = method === 'GET' || method === 'DELETE' || body !== undefined;
  const [pathOnly, pathQuery] = path.split('?', 2);
  const query: Query = Object.fromEntries(new URLSearchParams(pathQuery ?? ''));
  if (fieldsInQuery) {
    for (const [key, value] of Object.entries(fields)) {
      // An array goes as the comma-separated list the API's filters take (sdi_status=sent,accepted).
      query[key] = Array.isArray(value) ? value.map(String) : typeof value === 'object' && value !== null ? writeJson(value) : String(value);
    }
  }

  const client = await factory.client();
  // Secrets fisco holds are redacted from what it prints, stdout too, unless asked for raw.
  if (options.showSecrets) factory.output.options.showSecrets = true;
  if (options.paginate) {
    // Any list: with the pagination envelope it is followed; without one (events, hooks) it is the whole list.
    // A page given (-f page=3) is where the walk starts, as it would be without --paginate.
    const { page, ...rest } = query;
    if (page !== undefined && !(typeof page === 'string' && /^[1-9]\d{0,8}$/.test(page)))
      throw new UsageError(t`page: '${String(page)}' is not a page number (a whole number from 1); with --paginate the walk starts there`);
    const start = page === undefined ? {} : { page: Number(page) };
    await factory.output.list(paginate(client, pathOnly, rest, { all: true, ...start }, undefined, 'optional'));
    return;
  }
  const requestBody = body ?? (fieldsInQuery ? undefined : fields);
  try {
    const response = await client.request(method, pathOnly, { query, body: requestBody });
    if (response.body === null || response.body === undefined || response.body === '') {
      factory.output.info(t`${response.status} (no content)`);
      return;
    }
    await printBody(factory, response.body);
  } catch (error) {
    if (error instanceof ApiError && error.body !== undefined && error.body !== null) await printBody(factory, error.body);
    throw error;
  }
}

async function printBody(factory: Factory, body: unknown): Promise<void> {
  if (typeof body === 'string') factory.output.data(body.endsWith('\n') ? body : `${body}\n`);
  else if (factory.globals.output) await factory.output.item(body);
  else factory.output.data(`${jsonText(body, 2)}\n`);
}

function splitField(entry: string, flag: string): [string, string] | Message {
  const at = entry.indexOf('=');
  if (at <= 0) return t`${flag}: '${entry}' is not key=value`;
  return [entry.slice(0, at), entry.slice(at + 1)];
}

/**
 * Puts one field into the body as gh does: `key=v`, `key[]=v` appends to an array, `key[sub]=v`
 * nests (`pa[cups][]=A`). Returns what is wrong with the key, if anything.
 */
export function setField(target: Record<string, unknown>, key: string, value: unknown): Message | undefined {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return t`the key must be name, name[] or name[sub]…`;
  const parts = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((p) => p[1])];
  if (parts.slice(0, -1).includes('')) return t`[] may only end the key`;
  let node: Record<string, unknown> = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i];
    const appendNext = parts[i + 1] === '';
    const existing = node[part];
    if (appendNext) {
      if (existing === undefined) node[part] = [];
      else if (!Array.isArray(existing)) return t`${part} is already a single value, not an array`;
      (node[part] as unknown[]).push(value);
      return undefined;
    }
    if (existing === undefined) node[part] = {};
    else if (typeof existing !== 'object' || existing === null || Array.isArray(existing)) return t`${part} is already a value, not an object`;
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  if (node[last] !== undefined) return t`${last} is given twice (use ${last}[]=… for an array)`;
  node[last] = value;
  return undefined;
}

/** -F values: true, false, null, numbers (written exactly, never through a float), JSON; else text. */
function typed(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(value) && !/^-0(\.0+)?$/.test(value)) return jsonNumber(value);
  if (/^[[{]/.test(value)) {
    try {
      return new RawJson(value);
    } catch {
      return value;
    }
  }
  return value;
}

async function readInput(file: string): Promise<string> {
  return (await readInputFile(file, `--input ${file}`, t`give the path of a JSON request body, or - to read it from stdin`)).toString('utf8');
}

function parseJson(text: string, source: string): RawJson {
  try {
    return new RawJson(text);
  } catch (error) {
    throw new UsageError(t`--input: ${source === '-' ? t`stdin` : source} is not valid JSON (${(error as Error).message})`);
  }
}

import { UsageError } from '../errors.js';
import { Message } from '../i18n/message.js';
import { t } from '../i18n/message.js';
/** Dotted-path helpers shared by every output format (`counterpart.name`). */
export function getPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Keeps only the named (dotted) fields, nested as the API has them. */
export function pickFields(value: unknown, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const parts = field.split('.');
    let target = out;
    parts.slice(0, -1).forEach((part) => {
      if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
      target = target[part] as Record<string, unknown>;
    });
    const found = getPath(value, field);
    target[parts[parts.length - 1]] = found === undefined ? null : found;
  }
  return out;
}

/** A record with fisco's words (Messages in a row) as English text: what --query's expressions see, like json. */
export function withoutMessages(value: unknown): unknown {
  if (value instanceof Message) return String(value);
  if (Array.isArray(value)) return value.map(withoutMessages);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutMessages(v)]));
  return value;
}

/** Flattens nested objects into dotted keys; arrays stay whole (rendered by each format). */
export function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Message) {
    if (prefix) out[prefix] = value;
    return out;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 && prefix) out[prefix] = null;
  for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** `--fields` as given: a list naming no field at all (`,,,`, `" "`, `""`) is a usage error, not "every field". */
export function parseFieldList(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const fields = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) throw new UsageError(t`--fields: '${raw}' names no field; give comma-separated field names, like --fields number,total`);
  return fields;
}

/**
 * `--fields` names fields the resource declares (a view's `fields`, dotted) or an object holding
 * some (`counterpart` for `counterpart.name`); anything else is a usage error listing the fields,
 * rather than a column of nulls. A view that declares no fields (a body shown as it arrives)
 * accepts any name.
 */
export function unknownFields(requested: readonly string[] | undefined, declared: readonly string[] | undefined): string[] {
  if (!requested || !declared || declared.length === 0) return [];
  return requested.filter((field) => !declared.some((d) => d === field || d.startsWith(`${field}.`)));
}

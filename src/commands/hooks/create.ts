import { open, rm, type FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import { UsageError } from '../../api/errors.js';
import { createHook, type Hook } from '../../api/hooks.js';
import type { Context } from '../../context.js';
import { EVENT_KEYS, isEventKey } from '../../webhooks/event-keys.js';
import { parseOptions } from '../options.js';
import { needsCompanyToken } from './company-token.js';
import { isLoopbackUrl, parseUrlFlag } from './secrets.js';
import { createdHookView, hookView } from './view.js';

const schema = z.object({
  url: z.string(),
  event: z.array(z.string()),
  name: z.string().optional(),
  source: z.enum(['zapier', 'n8n', 'custom']).optional(),
  secretFile: z.string().min(1).optional(),
  allowHttp: z.boolean().optional(),
});

/** Event keys from repeated and comma-separated --event, checked against the spec's catalog. */
function eventKeys(values: string[]): string[] {
  const keys = [...new Set(values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))];
  const unknown = keys.filter((k) => !isEventKey(k));
  if (unknown.length > 0 || keys.length === 0) {
    throw new UsageError(`--event: ${unknown.length ? `unknown event ${unknown.map((k) => `'${k}'`).join(', ')}` : 'give at least one event'}`, [`Valid events: ${EVENT_KEYS.join(', ')}`]);
  }
  return keys;
}

function targetUrl(value: string, allowHttp: boolean): string {
  const url = parseUrlFlag('--url', value);
  if (url.protocol === 'https:') return value;
  if (allowHttp && isLoopbackUrl(url)) return value;
  throw new UsageError(
    `--url: the service delivers to https URLs only${allowHttp ? ' (--allow-http covers 127.0.0.1 and localhost only)' : ''}`,
    allowHttp ? [] : ['For a local emulator receiver, add --allow-http with an http://127.0.0.1 URL (the emulator must allow http hooks).'],
  );
}

/** Creates the secret file before anything is sent: a path we cannot write must not cost the only copy of the secret. */
async function reserveSecretFile(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'EEXIST' ? `--secret-file: ${path} already exists; fisco never overwrites a secret file` : `--secret-file: cannot create ${path} (${code ?? 'error'})`,
    );
  }
}

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const events = eventKeys(options.event);
  const url = targetUrl(options.url, Boolean(options.allowHttp));
  const client = await context.client();
  const file = options.secretFile === undefined ? undefined : await reserveSecretFile(options.secretFile);
  let result: { hook: Hook; created: boolean };
  try {
    result = await needsCompanyToken(() => createHook(client, { target_url: url, events, name: options.name, source: options.source }));
  } catch (error) {
    if (file) await file.close().then(() => rm(options.secretFile!, { force: true }));
    throw error;
  }
  const { hook, created } = result;
  const { secret, secret_note: _note, ...shown } = hook;

  if (!created || secret === undefined) {
    if (file) await file.close().then(() => rm(options.secretFile!, { force: true }));
    await context.output.item(shown, hookView);
    context.output.success(`updated existing subscription ${hook.id} (an active one with the same URL and source): events now ${hook.events.join(', ')}`);
    context.output.info('Its secret is unchanged and is not shown again.');
    return;
  }
  if (file) {
    await file.writeFile(`${secret}\n`);
    await file.chmod(0o600);
    await file.close();
    await context.output.item(shown, hookView);
    context.output.success(`created subscription ${hook.id}; its secret is in ${options.secretFile} (mode 0600) and is never shown again`);
    return;
  }
  await context.output.item({ ...shown, secret }, createdHookView);
  context.output.success(`created subscription ${hook.id}`);
  context.output.warn('store the secret now; it is never shown again (--secret-file FILE writes it to a private file instead).');
}

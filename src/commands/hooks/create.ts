import { lstat } from 'node:fs/promises';
import { errorText, ExitCode, FiscoError, UsageError, WordedError } from '../../errors.js';
import { createHook } from '../../api/hooks.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { createFileDurableSync } from '../../io/durable.js';
import { assertWritableFile } from '../../io/paths.js';
import { EVENT_KEYS, isEventKey } from '../../webhooks/event-keys.js';
import { safeLine } from '../../output/safe-text.js';
import type { HOOKS_CREATE_FLAGS } from './flags.js';
import { needsCompanyToken } from './company-token.js';
import { isLoopbackUrl, parseUrlFlag } from './secrets.js';
import { createdHookView, hookView } from './view.js';
import { assertText, TEXT_LIMITS } from '../../domain/text.js';
import { Problems, ValidationErrors } from '../../domain/validation-error.js';
import { usageFor } from '../usage.js';
import { t } from '../../i18n/message.js';

/** Event keys from repeated and comma-separated --event, checked against the spec's catalog. */
function eventKeys(values: string[]): string[] {
  const keys = [
    ...new Set(
      values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = keys.filter((k) => !isEventKey(k));
  if (unknown.length > 0 || keys.length === 0) {
    throw new UsageError(t`--event: ${unknown.length ? t`unknown event ${unknown.map((k) => `'${safeLine(k)}'`).join(', ')}` : t`give at least one event`}`, [
      t`Valid events: ${EVENT_KEYS.join(', ')}`,
    ]);
  }
  return keys;
}

function targetUrl(value: string, allowHttp: boolean): string {
  const url = parseUrlFlag('--url', value);
  if (url.protocol === 'https:') return value;
  if (allowHttp && isLoopbackUrl(url)) return value;
  throw new UsageError(
    t`--url: the service delivers to https URLs only${allowHttp ? t` (--allow-http covers 127.0.0.1 and localhost only)` : ''}`,
    allowHttp
      ? []
      : [t`For a local receiver, add --allow-http with an http://127.0.0.1 URL: fisco --demo accepts it, as does fisco emulator --allow-http-hooks.`],
  );
}

/**
 * The secret file is checked before anything is sent (a path fisco cannot write must not cost the
 * only copy of the secret) and is never overwritten: it must not exist yet.
 */
async function checkSecretFile(path: string): Promise<void> {
  await assertWritableFile(path, '--secret-file');
  if (await exists(path)) throw new UsageError(t`--secret-file: ${path} already exists; fisco never overwrites a secret file`);
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Written all or nothing, mode 0600 from the first byte; a file that appeared meanwhile (another
 * fisco's secret) is not replaced: created only if absent, in one step (src/io/durable.ts), not a
 * look and then a rename.
 */
export async function writeSecretFile(path: string, secret: string): Promise<void> {
  if (!createFileDurableSync(path, `${secret}\n`, { mode: 0o600 })) throw new WordedError(t`${path} appeared while the subscription was being created`);
}

/** What can never be right in the text given, every problem at once: control or direction-changing characters, a URL past 2,048 characters. */
function checkTexts(options: { url: string; name?: string }): void {
  const problems = new Problems();
  problems.check(() => assertText(options.url, '--url', { max: TEXT_LIMITS.url, limitName: 'what servers and proxies take' }));
  if (options.name !== undefined) problems.check(() => assertText(options.name!, '--name'));
  if (!problems.empty) throw usageFor(new ValidationErrors(problems.list));
}

export async function run(_args: string[], options: FlagValues<typeof HOOKS_CREATE_FLAGS>, factory: Factory): Promise<void> {
  checkTexts(options);
  const events = eventKeys(options.event);
  const url = targetUrl(options.url, Boolean(options.allowHttp));
  if (options.secretFile !== undefined) await checkSecretFile(options.secretFile);
  const client = await factory.client();
  const { hook, created } = await needsCompanyToken(() => createHook(client, { target_url: url, events, name: options.name, source: options.source }));
  const { secret, secret_note: _note, ...shown } = hook;

  if (!created || secret === undefined) {
    await factory.output.item(shown, hookView);
    factory.output.success(t`updated existing subscription ${hook.id} (an active one with the same URL and source): events now ${hook.events.join(', ')}`);
    factory.output.info(t`Its secret is unchanged and is not shown again.`);
    return;
  }
  if (options.secretFile !== undefined) {
    try {
      await writeSecretFile(options.secretFile, secret);
    } catch (error) {
      // The subscription exists but its only secret could not be kept: say so, and how to replace it.
      throw new FiscoError(
        t`created subscription ${hook.id}, but its secret could not be written to ${options.secretFile} (${(error as NodeJS.ErrnoException).code ?? errorText(error)})`,
        ExitCode.unexpected,
        [t`The secret is never shown again: turn the subscription off with \`fisco hooks delete ${hook.id}\` and create it again.`],
      );
    }
    await factory.output.item(shown, hookView);
    factory.output.success(t`created subscription ${hook.id}; its secret is in ${options.secretFile} (mode 0600) and is never shown again`);
    return;
  }
  await factory.output.reveal(() => factory.output.item({ ...shown, secret }, createdHookView));
  factory.output.success(t`created subscription ${hook.id}`);
  factory.output.warn(t`store the secret now; it is never shown again (--secret-file FILE writes it to a private file instead).`);
}

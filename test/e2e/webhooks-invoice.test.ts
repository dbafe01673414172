/**
 * The whole chain: `fisco hooks create` subscribes a `fisco hooks listen` receiver, `fisco invoice
 * create --send --yes` creates an invoice, and the emulator's delivery engine brings the signed
 * `invoice.created` to the receiver, which verifies it.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, type Harness } from './harness.js';
import { manualClientArgs } from './invoice-args.js';
import { freePort, listen, until } from './webhooks-helpers.js';

describe('webhooks: a real invoice creation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ allowHttpHooks: true, webhookDelivery: { retryDelaysMs: [20], timeoutMs: 2_000 } });
  });
  afterAll(async () => h?.close());

  it('fisco invoice create --send delivers a signed invoice.created to `hooks listen`', async () => {
    const port = await freePort();
    const secretFile = join(h.home, 'invoice-hook.secret');
    const created = await h.run([
      'hooks',
      'create',
      '--url',
      `http://127.0.0.1:${port}/in`,
      '--event',
      'invoice.created',
      '--allow-http',
      '--secret-file',
      secretFile,
    ]);
    expect(created.exitCode, created.stderr).toBe(0);
    const listener = await listen(['--port', String(port), '--secret-file', secretFile, '--max-deliveries', '1'], h.home);
    try {
      const invoice = await h.run([
        'invoice',
        'create',
        ...manualClientArgs({ name: 'Bianchi Arredamenti S.r.l.', province: 'MI', sdi: 'M5UXCR1' }),
        '--item',
        'Consulenza;1;1000.00;22',
        '--send',
        '--yes',
      ]);
      expect(invoice.exitCode, invoice.stderr).toBe(0);
      const invoiceId = parseJson(invoice.stdout).id;
      const [line] = await until(() => listener.lines().length > 0 && listener.lines(), 10_000, 'invoice.created');
      expect(line.event).toBe('invoice.created');
      // fisco prints ids as strings (as the lists give them); the event's payload carries the integer.
      expect(typeof invoiceId).toBe('string');
      expect(String(line.data.invoice_id)).toBe(invoiceId);
      expect((await listener.process).exitCode).toBe(0);
    } finally {
      await listener.stop();
    }
  });
});

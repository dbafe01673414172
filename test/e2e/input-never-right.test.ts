import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchHarness, ndjson, records } from './batch-helpers.js';
import { manualClientArgs } from './invoice-args.js';
import type { Harness } from './harness.js';

/**
 * Input that can never be right is refused with exit 2 and nothing sent (issue 28, point 9):
 * control and direction-changing characters in names, addresses and notes, lengths past the
 * e-invoice's or the contract's limits, every problem at once; and a webhook secret pattern never
 * printed, whoever sent it.
 */
let h: Harness;
let dir: string;
beforeAll(async () => {
  ({ h, dir } = await batchHarness());
}, 30_000);
afterAll(async () => h?.close());

const RLO = '\u202e';
const writes = (sent: { method: string }[]) => sent.filter((r) => r.method !== 'GET');

describe('refused before anything is sent', () => {
  it('clients add: a right-to-left override, a control character and an overlong name, all reported at once', async () => {
    const sent = h.mark();
    const result = await h.run(['clients', 'add', '--name', `Rossi${RLO}lrs.S`, '--address', 'Via Roma\u0007 1', '--city', 'M'.repeat(61), '--country', 'DE']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^fisco: 3 problems, nothing was sent:/);
    expect(result.stderr).toContain('--name: holds a bidirectional control character (U+202E) at character 6 (it changes how the text reads); remove it');
    expect(result.stderr).toContain('--address: holds a control character (U+0007) at character 9');
    expect(result.stderr).toContain("--city: is 61 characters long; at most 60 are allowed (the e-invoice's Comune)");
    expect(result.stderr).not.toContain(RLO);
    expect(writes(sent())).toEqual([]);
    const long = await h.run(['clients', 'add', '--name', 'N'.repeat(100_000), '--country', 'DE']);
    expect(long.exitCode).toBe(2);
    expect(long.stderr).toContain("--name: is 100000 characters long; at most 80 are allowed (the e-invoice's Denominazione)");
    expect(long.stderr.length).toBeLessThan(2_000);
    expect(writes(sent())).toEqual([]);
  });

  it('invoice create: a client name with a bidi override or over 80 characters, a note with an escape; line breaks in a note are fine', async () => {
    const sent = h.mark();
    const bad = await h.run([
      'invoice',
      'create',
      ...manualClientArgs({ name: `Alfa${RLO} S.r.l.` }),
      '--item',
      'Canone;1;10.00;22',
      '--note',
      'pagare \u001b[31mora',
      '--draft',
    ]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('cliente.name: holds a bidirectional control character (U+202E)');
    expect(bad.stderr).toContain('note: holds a control character (U+001B)');
    const long = await h.run(['invoice', 'create', ...manualClientArgs({ name: 'A'.repeat(81) }), '--item', 'Canone;1;10.00;22', '--draft']);
    expect(long.exitCode).toBe(2);
    expect(long.stderr).toContain(
      'cliente.name: SDI 00200 (CessionarioCommittente/DatiAnagrafici/Anagrafica/Denominazione): is 81 characters long; the e-invoice allows at most 80',
    );
    expect(writes(sent())).toEqual([]);
    const ok = await h.run(['invoice', 'create', ...manualClientArgs(), '--item', 'Canone;1;10.00;22', '--note', 'riga uno\nriga due', '--dry-run']);
    expect(ok.exitCode, ok.stderr).toBe(0);
  });

  it('invoice batch: a record with a control character is named by its line and field; nothing sent', async () => {
    const recs = records(2, { prefix: 'TXT', vatBase: 800_000 });
    recs[1]!.client = `Beta\u0000 S.r.l.`;
    const file = join(dir, 'controls.ndjson');
    writeFileSync(file, ndjson(recs));
    const sent = h.mark();
    const result = await h.run(['invoice', 'batch', file, '--draft']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/line 2 \(ref TXT-0002\): cliente\.name: holds a control character \(U\+0000\)/);
    expect(writes(sent())).toEqual([]);
  });

  it('hooks create: a URL of 100,000 characters, a name with a control character; invoice pay: a note with a bidi override', async () => {
    const sent = h.mark();
    const url = `https://receiver.example/${'x'.repeat(100_000)}`;
    const hook = await h.run(['hooks', 'create', '--url', url, '--event', 'invoice.created', '--name', 'ricevitore\u0008']);
    expect(hook.exitCode).toBe(2);
    expect(hook.stderr).toMatch(/^fisco: 2 problems, nothing was sent:/);
    expect(hook.stderr).toContain('--url: is 100025 characters long; at most 2048 are allowed');
    expect(hook.stderr).toContain('--name: holds a control character (U+0008)');
    expect(hook.stderr.length).toBeLessThan(2_000);
    const invoice = h.emulator.store.invoices.find((i) => i.accountId === 'acc_rossi' && i.sdi_status !== 'draft' && i.uuid)!;
    const pay = await h.run(['invoice', 'pay', invoice.uuid!, '--amount', '1.00', '--note', `rif. ${RLO}123`]);
    expect(pay.exitCode).toBe(2);
    expect(pay.stderr).toContain('--note: holds a bidirectional control character (U+202E)');
    expect(writes(sent())).toEqual([]);
  });
});

describe('a webhook secret is never printed, whoever sent it', () => {
  it('a 422 that echoes a secret fisco never held shows the message without it', async () => {
    h.emulator.injectFault({
      method: 'POST',
      path: '/v1/hooks',
      times: 1,
      action: 'status',
      status: 422,
      body: { error: { code: 'invalid_events', message: 'rejected for whsec_0f1e2d3c4b5a69788796a5b4c3d2e1f0 (another subscription)' } },
    });
    const result = await h.run(['hooks', 'create', '--url', 'https://receiver.example/echo', '--event', 'invoice.created']);
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain('rejected for whsec_*** (another subscription)');
    expect(result.stderr).not.toMatch(/whsec_[0-9a-f]{8}/);
  });

  it('in data on stdout too (fisco api), unless --show-secrets', async () => {
    h.emulator.injectFault({ method: 'GET', path: '/v1/events', times: 2, action: 'raw', raw: '{"data":[{"key":"x","note":"whsec_abcdef0123456789"}]}' });
    const shown = await h.run(['api', 'GET', '/v1/events']);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('whsec_***');
    expect(shown.stdout).not.toContain('whsec_abcdef0123456789');
    const raw = await h.run(['api', 'GET', '/v1/events', '--show-secrets']);
    expect(raw.stdout).toContain('whsec_abcdef0123456789');
  });
});

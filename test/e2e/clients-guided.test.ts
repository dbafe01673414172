import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, harness, type Harness } from './harness.js';
import { processEnv } from './process-env.js';
import { KEY, spawnPty } from './pty.js';

/** Each wait has its own deadline (pty.ts); the whole flow gets room for a loaded machine. */
const GUIDED_TIMEOUT_MS = 180_000;

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

const env = () => processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'cfg') });

describe('guided clients add on a terminal', () => {
  it('checks the VAT number as it is typed, then adds the client from the business register', { timeout: GUIDED_TIMEOUT_MS }, async () => {
    const before = h.emulator.store.clients.length;
    const session = spawnPty('node', [BIN, 'clients', 'add'], env());
    await session.expect('Italian VAT number');
    session.send(`IT00743110158${KEY.enter}`);
    await session.expect('check digit is wrong');
    session.send(`${KEY.backspace}7${KEY.enter}`);
    expect(await session.exit()).toBe(0);
    expect(session.screen()).toContain('Lombarda Servizi Industriali S.p.A.');
    expect(h.emulator.store.clients.length).toBe(before + 1);
    expect(h.emulator.store.clients.at(-1)).toMatchObject({ piva: '00743110157', name: 'Lombarda Servizi Industriali S.p.A.' });
  });

  it('enters a client by hand when no VAT number is given, refusing a bad CAP at its prompt', { timeout: GUIDED_TIMEOUT_MS }, async () => {
    const session = spawnPty('node', [BIN, 'clients', 'add'], env());
    const answer = async (prompt: string, keys: string) => {
      await session.expect(prompt);
      session.send(`${keys}${KEY.enter}`);
    };
    await answer('Italian VAT number', '');
    await answer('Name:', 'Bottega Artigiana S.r.l.');
    await answer('Country', '');
    await answer('VAT number (optional)', '02345678904');
    await answer('SDI recipient code', 'M5UXCR1');
    await answer('PEC address', 'bottega@pec.it');
    await answer('E-mail', '');
    await answer('Phone', '');
    await answer('Address', 'Via Roma 1');
    await answer('CAP', '2012');
    await session.expect('5 digits'); // the refusal itself, not the prompt's own echo
    session.send(`1${KEY.enter}`);
    await answer('City', 'Milano');
    await answer('Province', 'MI');
    await answer('Web domain', '');
    expect(await session.exit()).toBe(0);
    expect(h.emulator.store.clients.at(-1)).toMatchObject({
      name: 'Bottega Artigiana S.r.l.',
      piva: '02345678904',
      sdi: 'M5UXCR1',
      cap: '20121',
      country: 'IT',
    });
  });
});

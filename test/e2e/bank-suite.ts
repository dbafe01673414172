import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { addBankAccount } from './bank-fixtures.js';
import { harness, type Harness } from './harness.js';

/** What a bank end-to-end file works with: its harness, its scratch folder and this test's data folder. */
export interface BankSuite {
  readonly h: Harness;
  readonly dir: string;
  /** A fresh data folder (journals) for each test. */
  readonly data: string;
  /** The number of the test running (1, 2, …): names its files apart from other tests'. */
  readonly test: number;
}

/**
 * The set-up the bank end-to-end files share: one harness for the file and a scratch folder
 * (`fisco-<name>-…`, removed at the end); before each test the emulator's seed again with its
 * faults cleared, the bank `accounts` given (company id → IBAN), and a fresh data folder.
 */
export function bankSuite(name: string, accounts: Record<string, string> = {}): BankSuite {
  const state = { h: undefined as unknown as Harness, dir: '', data: '', test: 0 };
  beforeAll(async () => {
    state.h = await harness();
    state.dir = mkdtempSync(join(tmpdir(), `fisco-${name}-`));
  }, 60_000);
  afterAll(async () => {
    await state.h?.close();
    if (state.dir) rmSync(state.dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    state.h.emulator.reset();
    state.h.emulator.clearFaults();
    for (const [accountId, iban] of Object.entries(accounts)) addBankAccount(state.h.emulator.store, accountId, iban);
    state.data = join(state.dir, `data-${++state.test}`);
  });
  return state;
}

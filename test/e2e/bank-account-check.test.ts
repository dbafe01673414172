/**
 * `bank match --account X` checks the statement's accounts against X's (issue 41): a statement of
 * another company's account is refused naming that company; an account no company is known to have
 * is said once on stderr and matched as X's; X's own account passes without a word.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { camt053, validIban } from './bank-fixtures.js';
import { bankSuite } from './bank-suite.js';
import { TOKENS } from './harness.js';

const ROSSI = validIban('X0542811101000000123456');
const VERDI = validIban('X0306909606100000063512');
const STRANGER = validIban('X0200805239000106337223');
const suite = bankSuite('bank-account', { acc_rossi: ROSSI, acc_verdi: VERDI });

const credit = { ref: 'R1', date: '2026-11-19', amount: '12.34', payer: 'Someone', text: 'bonifico' };
function statement(name: string, iban: string): string {
  const file = join(suite.dir, `${suite.test}-${name}.xml`);
  writeFileSync(file, camt053(iban, [credit]));
  return file;
}
const run = (args: string[], lang?: 'it') => suite.h.run(args, { token: TOKENS.firm, env: { FISCO_DATA_DIR: suite.data }, lang });

describe('bank match --account checks the statement accounts', () => {
  it("refuses a statement of another company's account, naming it (exit 2, nothing printed), in both languages", async () => {
    const file = statement('rossi', ROSSI);
    const en = await run(['--account', 'acc_verdi', 'bank', 'match', file, '-o', 'json']);
    expect(en.exitCode).toBe(2);
    expect(en.stdout).toBe('');
    expect(en.stderr).toContain(
      `the account ${ROSSI} is Rossi Consulting S.r.l. (acc_rossi)'s (its payment methods carry it), not that of Verdi Costruzioni S.p.A. (acc_verdi), which --account names`,
    );
    expect(en.stderr).toContain('leave out --account to route each statement to its company by its IBAN');
    const it = await run(['--account', 'acc_verdi', 'bank', 'match', file, '-o', 'json'], 'it');
    expect(it.exitCode).toBe(2);
    expect(it.stderr).toContain(`il conto ${ROSSI} è di Rossi Consulting S.r.l. (acc_rossi)`);
  });

  it('matches its own account without a word; an account no company has is said once and matched as the named one', async () => {
    const own = await run(['--account', 'acc_verdi', 'bank', 'match', statement('verdi', VERDI), '-o', 'json']);
    expect(own.exitCode, own.stderr).toBe(0);
    expect(own.stderr).not.toContain('cannot be attributed');
    const stranger = statement('stranger', STRANGER);
    const unknown = await run(['--account', 'acc_verdi', 'bank', 'match', stranger, stranger, '-o', 'json']);
    expect(unknown.exitCode, unknown.stderr).toBe(0);
    const said = unknown.stderr.split('\n').filter((l) => l.includes(`the account ${STRANGER} is not among the payment methods' IBANs of any company`));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain("its movements are matched as Verdi Costruzioni S.p.A. (acc_verdi)'s, as --account says");
  });
});

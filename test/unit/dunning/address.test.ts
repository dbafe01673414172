import { describe, expect, it } from 'vitest';
import { isMailbox } from '../../../src/domain/identifiers.js';

describe('isMailbox: one SMTP mailbox, nothing else', () => {
  it.each(['amministrazione@pec.alfa-solleciti.it', 'a@pec.it', "o'neil+fatture@example.co.uk", 'x.y_z@sub.domain.it'])('takes %s', (text) => {
    expect(isMailbox(text)).toBe(true);
  });
  it.each([
    'not-an-address',
    'a@pec.it, evil@attacker.it',
    'a@pec.it,evil@attacker.it',
    'a@pec.it;evil@attacker.it',
    'Studio Rossi',
    'Studio Rossi <studio@rossi.it>',
    '<studio@rossi.it>',
    '"a b"@x.it',
    'a@localhost',
    'a@-x.it',
    'a@x-.it',
    'a..b@x.it',
    '.a@x.it',
    'a@x..it',
    'a@x.it\r\nBcc: evil@attacker.it',
    ' a@x.it',
    'a@[127.0.0.1]',
    'a@x.1t2',
    `${'a'.repeat(65)}@x.it`,
    '',
  ])('refuses %j', (text) => {
    expect(isMailbox(text)).toBe(false);
  });
});

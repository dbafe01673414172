import { describe, expect, it } from 'vitest';
import { isMailbox } from '../../../src/domain/identifiers.js';
import { channelOf, channelRefusal, postReasonText } from '../../../src/dunning/letter.js';
import { english } from '../../shared/english.js';

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

describe('channelRefusal: a letter that cannot go by its channel, and why', () => {
  const client = { address: null as string | null, vat_number: 'IT03456789019' };
  it('passes a PEC or e-mail that is one mailbox, and a letter by post with a postal address', () => {
    expect(channelRefusal({ channel: 'pec', to: 'a@pec.it', client })).toBeUndefined();
    expect(channelRefusal({ channel: 'email', to: 'a@x.it', client })).toBeUndefined();
    expect(channelRefusal({ channel: 'post', to: null, client: { ...client, address: 'Via Po 3, 10121 Torino (TO)' } })).toBeUndefined();
  });
  it('refuses a letter by post with no postal address, saying how to give it', () => {
    expect(english(channelRefusal({ channel: 'post', to: null, client }))).toBe(
      "must go by registered mail and has no postal address: not sent; give it in --contacts (a third column: IT03456789019;;Via …, CAP Città (PR)) or on the client's record, then make the plan again",
    );
    expect(english(channelRefusal({ channel: 'post', to: null, client: { address: '', vat_number: null } }))).toContain('(a third column: PIVA;;');
  });
  it('refuses an address that is not one mailbox, naming it', () => {
    expect(english(channelRefusal({ channel: 'pec', to: 'a@pec.it, evil@attacker.it', client }))).toBe(
      "'a@pec.it, evil@attacker.it' is not one PEC address: nothing was sent to it",
    );
    expect(english(channelRefusal({ channel: 'email', to: null, client }))).toBe("'' is not one e-mail address: nothing was sent to it");
  });
});

describe('postReasonText: the plan file keeps English, a run says it in its language', () => {
  it('gives the two reasons fisco writes as messages, and any other text as it is', () => {
    const cp = { key: 'k', name: 'X', vat_number: null, client_id: null, address: null, pec: null };
    const level3 = channelOf({ ...cp, email: 'a@x.it' }, 3);
    const none = channelOf({ ...cp, email: null }, 1);
    for (const { post_reason } of [level3, none]) expect(english(postReasonText(post_reason))).toBe(post_reason);
    expect(postReasonText(level3.post_reason)).not.toBe(level3.post_reason);
    expect(postReasonText('edited by hand')).toBe('edited by hand');
    expect(postReasonText(null)).toBe('');
  });
});

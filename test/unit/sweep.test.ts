import { describe, expect, it } from 'vitest';
import { allowed, findLeaks, type OutputRecord, type SecretRecord } from '../e2e/sweep.js';

const secrets: SecretRecord[] = [
  { kind: 'token', value: 'demo-prod-rossi' },
  { kind: 'webhook-secret', value: 'whsec_0123456789abcdef' },
];

describe('the secrets sweep', () => {
  it('allows only what the product rules allow (docs/reliability.md, Secrets)', () => {
    expect(allowed({ args: ['auth', 'token'], stream: 'stdout' }, 'token')).toBe(true);
    expect(allowed({ args: ['auth', 'token'], stream: 'stderr' }, 'token')).toBe(false);
    expect(allowed({ args: ['auth', 'status'], stream: 'stdout' }, 'token')).toBe(false);
    expect(allowed({ args: ['-o', 'json', 'hooks', 'create', '--url', 'https://x'], stream: 'stdout' }, 'webhook-secret')).toBe(true);
    expect(allowed({ args: ['hooks', 'create'], stream: 'stdout' }, 'token')).toBe(false);
    expect(allowed({ args: ['hooks', 'list'], stream: 'stdout' }, 'webhook-secret')).toBe(false);
    expect(allowed({ args: ['hooks', 'create'], stream: 'terminal' }, 'webhook-secret')).toBe(false);
  });

  it('finds a token in an error message and a secret in a listing, and masks them in the report', () => {
    const outputs: OutputRecord[] = [
      { args: ['whoami'], stream: 'stderr', text: 'fisco: 401 token demo-prod-rossi is expired' },
      { args: ['hooks', 'list'], stream: 'stdout', text: '[{"secret":"whsec_0123456789abcdef"}]' },
      { args: ['auth', 'token'], stream: 'stdout', text: 'demo-prod-rossi\n' },
      { args: ['hooks', 'create'], stream: 'stdout', text: '{"secret":"whsec_0123456789abcdef"}' },
      { args: ['invoice', 'list'], stream: 'stdout', text: '[]' },
    ];
    const leaks = findLeaks(outputs, secrets);
    expect(leaks.map((l) => [l.args.join(' '), l.stream, l.kind])).toEqual([
      ['whoami', 'stderr', 'token'],
      ['hooks list', 'stdout', 'webhook-secret'],
    ]);
    for (const leak of leaks) for (const s of secrets) expect(leak.excerpt).not.toContain(s.value);
  });

  it('a creation output holding a second hook secret is a leak', () => {
    const two = [...secrets, { kind: 'webhook-secret' as const, value: 'whsec_another_hook_secret' }];
    const leaks = findLeaks(
      [{ args: ['hooks', 'create'], stream: 'stdout', text: '{"secret":"whsec_0123456789abcdef","old":"whsec_another_hook_secret"}' }],
      two,
    );
    expect(leaks).toHaveLength(2);
  });
});

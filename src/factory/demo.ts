/**
 * `--demo`: an in-process emulator with the demo data, its state kept in the user's data folder,
 * and the credential a run uses against it. Which demo token a run gets is the verb's record's to
 * say (its scope): a verb that works over the token's companies gets the firm's, every other verb a
 * company's. The company is named by the one rule (flag, FISCO_ACCOUNT), as on the real service.
 */
import { join } from 'node:path';
import type { Env } from '../io/env.js';
import { resolveAccount, type Credentials } from '../profiles/credentials.js';
import { dataDir, storeOptions } from '../profiles/paths.js';

/** The demo's rate limit: none a person can reach (the emulator's default, 120 a minute, is `fisco emulator`'s). */
export const DEMO_RATE_LIMIT = { limit: 1_000_000, windowMs: 60_000 };

export interface DemoHandle {
  url: string;
  token: string;
  /** The demo's company token (the one every verb not over the token's companies gets): `--demo sync` records its view for offline reads. */
  companyToken: string;
  close(): Promise<void>;
}

/** Starts the demo emulator; `firm` picks the firm token (a run over the token's companies). */
export async function startDemo(env: Env, firm: boolean): Promise<DemoHandle> {
  const { startEmulator } = await import('../emulator/index.js');
  // FISCO_LOCK_TIMEOUT_MS bounds the wait for the demo state's lock too (another fisco --demo writing).
  const emulator = await startEmulator({
    stateFile: join(dataDir(env), 'demo-state.json'),
    stateLockTimeoutMs: storeOptions(env).lockTimeoutMs,
    quiet: true,
    // A newcomer's demo is not throttled (its first sync would wait on the limit); `fisco emulator` keeps the real one.
    rateLimit: DEMO_RATE_LIMIT,
    // Its hooks may deliver to a local receiver: `hooks create --allow-http` with an http://127.0.0.1 URL.
    allowHttpHooks: true,
  });
  const companyToken = emulator.tokens.find((t) => t.environment === 'production' && !/firm|readonly|expired/.test(t.name))?.token ?? emulator.tokens[0].token;
  const token = (firm ? emulator.tokens.find((t) => t.environment === 'production' && /firm/.test(t.name))?.token : undefined) ?? companyToken;
  return { url: emulator.url, token, companyToken, close: () => emulator.close() };
}

/** The demo's credential: the emulator's (none offline, where its mirror is read without starting it). */
export function demoCredentials(demo: DemoHandle | undefined, account: string | undefined, env: Env): Credentials {
  const named = resolveAccount(account, env);
  return {
    token: demo?.token ?? 'demo',
    baseUrl: demo?.url ?? 'http://127.0.0.1',
    environment: 'production',
    accountId: named?.id,
    profile: 'demo',
    sources: { token: 'demo', baseUrl: 'demo', account: named?.source },
  };
}

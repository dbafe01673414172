import { ApiError, errorText, ExitCode, FiscoError } from '../../errors.js';
import { getMe } from '../../api/me.js';
import type { Factory } from '../../factory/factory.js';
import type { Credentials } from '../../profiles/credentials.js';
import type { Profile } from '../../profiles/profile.js';
import { notConfigured } from './not-configured.js';
import { t } from '../../i18n/message.js';

interface Check {
  profile: string;
  active: boolean;
  in_use: boolean;
  environment: string;
  base_url: string;
  company: string | null;
  token_source: string;
  status: 'ok' | 'failed';
  error: string | null;
}

/** Verifies the credential in use and every stored profile; exits non-zero when any check fails. */
export async function run(_args: string[], _options: object, factory: Factory): Promise<void> {
  const store = await factory.store();
  const activeName = store.activeName();
  let inUse: Credentials | undefined;
  let resolveError: FiscoError | undefined;
  try {
    inUse = await factory.credentials();
  } catch (error) {
    if (!(error instanceof FiscoError)) throw error;
    resolveError = error;
  }

  const checks: Check[] = [];
  if (inUse && inUse.sources.token !== 'profile') {
    checks.push(
      await verify(
        factory,
        { name: inUse.sources.token === 'demo' ? 'demo' : '(FISCO_TOKEN)', token: inUse.token, baseUrl: inUse.baseUrl, environment: inUse.environment },
        false,
        true,
        inUse.sources.token === 'demo' ? 'demo emulator' : 'environment (FISCO_TOKEN)',
      ),
    );
  }
  for (const profile of store.list()) {
    const used = inUse?.sources.token === 'profile' && inUse.profile === profile.name;
    checks.push(await verify(factory, profile, profile.name === activeName, used, 'profile'));
  }

  if (inUse) {
    const where =
      inUse.sources.token === 'env' ? t`FISCO_TOKEN from the environment` : inUse.sources.token === 'demo' ? t`the demo emulator` : t`profile ${inUse.profile}`;
    factory.output.info(
      t`Credential in use: ${where} (${inUse.environment}, ${inUse.baseUrl}; base URL from ${inUse.sources.baseUrl}${inUse.accountId ? t`; company ${inUse.accountId} from ${inUse.sources.account}` : ''}).`,
    );
    const shadowed = inUse.sources.token === 'env' ? activeName : undefined;
    if (shadowed) factory.output.warn(t`FISCO_TOKEN shadows the active profile ${shadowed}: unset FISCO_TOKEN to use the profile.`);
  } else if (resolveError) {
    factory.output.warn(t`no credential in use: ${errorText(resolveError)}`);
  }

  if (checks.length > 0) {
    await factory.output.list(checks, {
      columns: [
        { key: 'profile', label: t`Profile` },
        { key: 'active', label: t`Active`, priority: 3 },
        { key: 'in_use', label: t`In use`, priority: 4 },
        { key: 'environment', label: t`Env`, priority: 2 },
        { key: 'company', label: t`Company` },
        { key: 'base_url', label: t`Base URL`, priority: 1 },
        { key: 'status', label: t`Status`, tone: (row) => ((row as Check).status === 'ok' ? 'ok' : 'danger') },
        { key: 'error', label: t`Problem` },
      ],
    });
  }
  const failed = checks.filter((c) => c.status === 'failed');
  if (failed.length > 0) {
    const worst = failed.map((c) => c.error ?? '').join('; ');
    throw new FiscoError(t`${failed.length} of ${checks.length} credential check(s) failed: ${worst}`, ExitCode.auth);
  }
  if (!inUse && resolveError) notConfigured(resolveError);
}

async function verify(
  factory: Factory,
  profile: Pick<Profile, 'name' | 'token' | 'baseUrl' | 'environment'>,
  active: boolean,
  inUse: boolean,
  source: string,
): Promise<Check> {
  const base = { profile: profile.name, active, in_use: inUse, environment: profile.environment, base_url: profile.baseUrl, token_source: source };
  try {
    const me = await getMe(factory.clientFor({ token: profile.token, baseUrl: profile.baseUrl }));
    return { ...base, company: me.company.name, status: 'ok', error: null };
  } catch (error) {
    if (!(error instanceof FiscoError)) throw error;
    const reason = error instanceof ApiError ? `${error.status} ${error.message}` : error.message;
    return { ...base, company: null, status: 'failed', error: reason };
  }
}

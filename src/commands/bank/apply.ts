import { acceptedProposals, checkPlanTarget, parsePlan, type Plan } from '../../bank/plan.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { readStdin } from '../../io/stdin.js';
import { readInputFile } from '../../io/input-file.js';
import { applier } from '../journaled.js';
import type { APPLY_FLAGS } from './flags.js';
import { executeApply, guardPaidInvoices } from './registration.js';
import { t } from '../../i18n/message.js';

export async function run([file]: string[], options: FlagValues<typeof APPLY_FLAGS>, factory: Factory): Promise<void> {
  // Without --min-confidence only the sure proposals (exact, or less a bank fee) and reviewed ones are registered.
  const minConfidence = options.minConfidence;
  if (!file) throw new UsageError(t`give the plan file that fisco bank match --plan wrote (- for stdin)`);
  const text =
    file === '-'
      ? await readStdin(factory.io.stdin)
      : (await readInputFile(file, file, t`give the plan file that fisco bank match --plan wrote (- for stdin)`)).toString('utf8');
  const plan: Plan = parsePlan(text, file);
  const here = await applier(factory);
  // The company the run names (--account, FISCO_ACCOUNT, the profile's default) applies its part of a plan of several companies.
  const only = (await factory.namedAccount())?.id;
  checkPlanTarget(plan, file, { ...here, account: only });
  const proposals = only === undefined ? plan.proposals : plan.proposals.filter((p) => p.account === only);
  const accepted = acceptedProposals({ proposals }, minConfidence);
  const client = await factory.client();
  const targets = plan.companies
    .filter((c) => only === undefined || c.id === only)
    .map((account) => ({ client: client.forAccount(account.id), profile: here.profile, account }));
  // A lost journal: partial and over-payments on invoices already showing payments wait for --trust-paid.
  await guardPaidInvoices(factory, targets, accepted, options.trustPaid === true);
  await executeApply(factory, targets, proposals, accepted, minConfidence, options);
}

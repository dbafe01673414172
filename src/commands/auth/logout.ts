import { NotConfirmedError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import { removeProfileMirrors } from '../../mirror/profile-files.js';
import { companyLabel } from '../../profiles/profile.js';
import { t } from '../../i18n/message.js';

/**
 * Forgets a profile after asking (on a terminal; `--yes` otherwise), then says which profile, if
 * any, is active. Removing the active profile never makes another one active: that would put
 * another company's (or environment's) token behind the next command without a word.
 */
export async function run([requested]: string[], _options: object, factory: Factory): Promise<void> {
  const store = await factory.store();
  const name = requested ?? store.activeName();
  if (!name) throw new UsageError(t`no active profile to log out of; name one: fisco auth logout NAME`, [t`\`fisco auth list\` shows the stored profiles.`]);
  const profile = store.get(name);
  if (!profile) throw new UsageError(t`no profile named '${name}'`, [t`\`fisco auth list\` shows the stored profiles.`]);
  const what = `profile ${name} (${companyLabel(profile.company.name, profile.environment)})`;
  if (!factory.globals.yes) {
    if (!factory.io.canPrompt)
      throw new UsageError(t`--yes: logging out of ${what} needs confirmation; nothing was changed`, [t`Pass --yes to log out without a terminal.`]);
    const yes = await factory.io.prompter.confirm({ message: t`Log out of ${what}?`, default: false, flag: '--yes' });
    if (!yes) throw new NotConfirmedError(t`${what} kept; nothing was changed`);
  }
  const { wasActive, active } = await store.remove(name);
  factory.output.success(t`Removed ${what}. The token itself stays valid until revoked in the web application.`);
  // The records its token synced go with it: no other token reads them, no later login under this name picks them up.
  for (const path of removeProfileMirrors(factory.dataDir, name))
    factory.output.info(t`Removed its local mirror ${path} (what \`fisco sync\` read with its token).`);
  const others = store.list();
  if (active) {
    const current = store.get(active)!;
    factory.output.info(t`The active profile is still ${active} (${companyLabel(current.company.name, current.environment)}).`);
  } else if (others.length > 0) {
    factory.output.info(
      t`No profile is active now${wasActive ? '' : t` (none was)`}: \`fisco auth use NAME\` picks one of ${others.map((p) => p.name).join(', ')}.`,
    );
  } else {
    factory.output.info(t`No profiles are left: \`fisco auth login\` stores one.`);
  }
}

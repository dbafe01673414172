import { addClientByVat, addClientManually, existingClientOf, type ManualClient } from '../../api/clients.js';
import { ApiError, ExitCode, FiscoError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import { assertCountry, assertPartitaIva } from '../../domain/identifiers.js';
import { ValidationError } from '../../domain/validation-error.js';
import { checkClientText, checkers, manualClientBody, promptCheck } from './fields.js';
import { usageFor } from '../usage.js';
import { clientView } from './view.js';
import type { FlagValues } from '../../flags/spec.js';
import type { CLIENTS_ADD_FLAGS } from './flags.js';
import { t, type Text } from '../../i18n/message.js';

const MANUAL_ONLY = ['country', 'sdi', 'pec', 'email', 'phone', 'domain', 'address', 'cap', 'city', 'province'] as const;

type Plan = { kind: 'register'; piva: string } | { kind: 'manual'; body: ManualClient };

export async function run(_args: string[], options: FlagValues<typeof CLIENTS_ADD_FLAGS>, factory: Factory): Promise<void> {
  const plan = await local(() => decide(options, factory));
  const client = await factory.client();
  const vat = plan.kind === 'register' ? plan.piva : plan.body.piva;
  try {
    const created = plan.kind === 'register' ? await addClientByVat(client, plan.piva) : await addClientManually(client, plan.body);
    await factory.output.item(created, clientView.columns ? { columns: clientView.columns.filter((c) => c.key in created) } : {});
    factory.output.success(
      t`client added${created.id !== undefined ? t` (id ${String(created.id)})` : ''}${plan.kind === 'register' ? t` from the business register` : ''}`,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const existing = existingClientOf(error.body);
      if (existing) await factory.output.item(existing, clientView);
      throw new FiscoError(
        t`a client with VAT number ${vat ?? t`(given)`} already exists${existing?.id !== undefined ? t` (id ${String(existing.id)}, ${String(existing.name ?? '')})` : ''}; nothing was added`,
        ExitCode.conflict,
        [existing ? t`The existing client is printed on stdout.` : t`Find it with: fisco clients list --search <VAT number>`],
      );
    }
    throw error;
  }
}

/** Local validation problems are usage errors (exit 2), every one at once, each naming its flag; nothing is sent. */
async function local<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ValidationError) throw usageFor(error);
    throw error;
  }
}

async function decide(options: FlagValues<typeof CLIENTS_ADD_FLAGS>, factory: Factory): Promise<Plan> {
  const manualGiven = MANUAL_ONLY.filter((key) => options[key] !== undefined);
  if (options.name !== undefined) return { kind: 'manual', body: manualClientBody(options) };
  if (options.piva !== undefined) {
    if (manualGiven.length > 0) {
      throw new UsageError(t`--${manualGiven[0]} needs --name: a client added by hand needs its name`, [
        t`--piva alone looks the client up in the business register (name and address come from there).`,
      ]);
    }
    return { kind: 'register', piva: assertPartitaIva(options.piva, '--piva') };
  }
  if (manualGiven.length > 0) throw new UsageError(t`--${manualGiven[0]} needs --name: a client added by hand needs its name`);
  if (!factory.io.canPrompt) {
    throw new UsageError(t`say which client to add: --piva P (looked up in the business register) or --name N (by hand)`, [
      t`fisco asks for the details itself only on a terminal (and not with --no-input).`,
    ]);
  }
  return guided(factory);
}

async function guided(factory: Factory): Promise<Plan> {
  const p = factory.io.prompter;
  const vat = await p.input({
    message: t`Italian VAT number (looked up in the business register; leave empty to enter the client by hand):`,
    flag: '--piva',
    validate: (v) => {
      if (v.trim() === '') return true;
      try {
        assertPartitaIva(v, 'VAT number');
        return true;
      } catch (error) {
        return error instanceof ValidationError ? error.detail : String(error);
      }
    },
  });
  if (vat.trim() !== '') return { kind: 'register', piva: assertPartitaIva(vat, '--piva') };

  const name = await p.input({
    message: t`Name:`,
    flag: '--name',
    required: true,
    validate: (v) => {
      try {
        checkClientText('name', v);
        return true;
      } catch (error) {
        return error instanceof ValidationError ? error.detail : String(error);
      }
    },
  });
  const countryRaw = await p.input({
    message: t`Country (two letters):`,
    flag: '--country',
    default: 'IT',
    validate: (v) => {
      try {
        assertCountry(v, 'country');
        return true;
      } catch (error) {
        return error instanceof ValidationError ? error.detail : String(error);
      }
    },
  });
  const country = countryRaw.trim().toUpperCase();
  const values: Partial<Record<keyof ManualClient, string>> = { name, country };
  const ask: Array<[keyof typeof checkers, Text]> = [
    ['piva', t`VAT number (optional):`],
    [
      'sdi',
      country === 'IT' ? t`SDI recipient code (optional; 0000000 when invoices go by PEC):` : t`SDI recipient code (optional; XXXXXXX for foreign clients):`,
    ],
    ['pec', t`PEC address (optional):`],
    ['email', t`E-mail (optional):`],
    ['phone', t`Phone (optional):`],
    ['address', t`Address (optional):`],
    ['cap', t`CAP (optional):`],
    ['city', t`City (optional):`],
    ['province', t`Province, like MI (optional):`],
    ['domain', t`Web domain (optional):`],
  ];
  for (const [key, message] of ask) {
    values[key] = await p.input({ message, flag: `--${key}`, validate: promptCheck(key, () => country) });
  }
  return { kind: 'manual', body: manualClientBody(values) };
}

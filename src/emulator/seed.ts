/**
 * The core seed: firms, companies (accounts) and demo tokens, with dates relative to `today`.
 * Resource modules seed their own collections (see resources/).
 *
 * Demo tokens (deterministic, also listed in docs/emulator.md):
 *
 * | token                   | environment | acts on                               | abilities            |
 * |-------------------------|-------------|---------------------------------------|----------------------|
 * | demo-prod-rossi         | production  | acc_rossi                             | full access          |
 * | demo-sandbox-rossi      | sandbox     | acc_rossi_sandbox                     | full access          |
 * | demo-firm-bianchi       | production  | firm Studio Bianchi: acc_rossi,       | every ability, but   |
 * |                         |             | acc_verdi, acc_neri, acc_gialli       | NOT f24:read on      |
 * |                         |             |                                       | acc_gialli (403)     |
 * | demo-readonly-invoices  | production  | acc_rossi                             | invoices:read only   |
 * | demo-expired            | production  | acc_rossi                             | expired yesterday    |
 *
 * Every company of the firm has data of its own (invoices both ways, expenses, cost centers, F24s,
 * deadlines), including the current and the previous month relative to `today`. acc_gialli
 * (Gialli Alimentari S.n.c.) is the firm's company on which its token lacks `f24:read`: GET
 * /v1/f24s?account_id=acc_gialli answers 403, and a firm-wide F24 read leaves it out.
 *
 * VAT numbers carry a correct check digit; companies' codice fiscale is their VAT number, the
 * sole proprietor's is a personal code with a correct check character.
 */
import { makeFiscalCode, makeVat } from './italian.js';
import { ABILITIES, type Ability, type Account, type Environment, type Firm, type Store, type TokenRecord } from './store.js';
import { addDays, romeIso } from './time.js';

export const ACCOUNT_IDS = {
  rossi: 'acc_rossi',
  verdi: 'acc_verdi',
  neri: 'acc_neri',
  gialli: 'acc_gialli',
  rossiSandbox: 'acc_rossi_sandbox',
} as const;

type CompanyKey = keyof typeof ACCOUNT_IDS;

/** The prefix of each company's seeded ids (the first company's have none), so that ids stay apart across companies. */
const SEED_ID_PREFIXES: Record<CompanyKey, string> = { rossi: '', verdi: 'verdi_', neri: 'neri_', gialli: 'gialli_', rossiSandbox: 'sbx_' };

/** Seeds each company with its own count, one after the other in the order of ACCOUNT_IDS (the random source is shared, so the order is part of the seed). */
export function seedEachCompany(counts: Record<CompanyKey, number>, seedOne: (accountId: string, count: number, idPrefix: string) => void): void {
  for (const key of Object.keys(ACCOUNT_IDS) as CompanyKey[]) seedOne(ACCOUNT_IDS[key], counts[key], SEED_ID_PREFIXES[key]);
}

export const FIRM_ID = 'firm_bianchi';

const ROSSI_VAT = makeVat('0482157015'); // Milano office (015)
const VERDI_VAT = makeVat('1273946058'); // Roma office (058)
const NERI_VAT = makeVat('0638215048'); // Firenze office (048)
const GIALLI_VAT = makeVat('0917362072'); // Bari office (072)
/** The firm's company on which its token lacks an ability. */
export const FIRM_DENIED: Record<string, Ability[]> = { [ACCOUNT_IDS.gialli]: ['f24:read'] };
/** The companies the firm token manages, in its order. */
export const FIRM_ACCOUNTS = [ACCOUNT_IDS.rossi, ACCOUNT_IDS.verdi, ACCOUNT_IDS.neri, ACCOUNT_IDS.gialli];
const BIANCHI_VAT = makeVat('0291734037'); // Bologna office (037)
const NERI_FISCAL_CODE = makeFiscalCode('NRENNA85M52D612'); // Anna Neri, F, 12/08/1985, Firenze

/** A public description of a demo token (what `fisco emulator` prints). */
export interface DemoToken {
  name: string;
  token: string;
  environment: Environment;
  description: string;
}

function account(id: string, environment: Environment, name: string, vat: string, fiscalCode: string, updatedAt: string): Account {
  return { id, environment, name, vat_number: vat, fiscal_code: fiscalCode, status: 'active', updatedAt };
}

function token(fields: Omit<TokenRecord, 'environment' | 'kind' | 'firmId' | 'abilities' | 'fullAccess' | 'expiresAt'> & Partial<TokenRecord>): TokenRecord {
  return {
    environment: 'production',
    kind: 'company',
    firmId: null,
    abilities: [...ABILITIES],
    fullAccess: true,
    expiresAt: null,
    ...fields,
  };
}

export function seedCore(store: Store, today: string): void {
  const firm: Firm = {
    id: FIRM_ID,
    environment: 'production',
    name: 'Studio Bianchi Commercialisti',
    vat_number: BIANCHI_VAT,
    fiscal_code: BIANCHI_VAT,
  };
  store.firms.push(firm);
  store.accounts.push(
    account(ACCOUNT_IDS.rossi, 'production', 'Rossi Consulting S.r.l.', ROSSI_VAT, ROSSI_VAT, romeIso(addDays(today, -3))),
    account(ACCOUNT_IDS.verdi, 'production', 'Verdi Costruzioni S.p.A.', VERDI_VAT, VERDI_VAT, romeIso(addDays(today, -40))),
    account(ACCOUNT_IDS.neri, 'production', 'Neri Design di Anna Neri', NERI_VAT, NERI_FISCAL_CODE, romeIso(addDays(today, -10))),
    account(ACCOUNT_IDS.gialli, 'production', 'Gialli Alimentari S.n.c.', GIALLI_VAT, GIALLI_VAT, romeIso(addDays(today, -20))),
    account(ACCOUNT_IDS.rossiSandbox, 'sandbox', 'Rossi Consulting S.r.l. (sandbox)', ROSSI_VAT, ROSSI_VAT, romeIso(addDays(today, -1))),
  );
  store.tokens.push(
    token({
      name: 'prod-rossi',
      token: 'demo-prod-rossi',
      accountIds: [ACCOUNT_IDS.rossi],
      description: 'Production, Rossi Consulting S.r.l., full access',
    }),
    token({
      name: 'sandbox-rossi',
      token: 'demo-sandbox-rossi',
      environment: 'sandbox',
      accountIds: [ACCOUNT_IDS.rossiSandbox],
      description: 'Sandbox, Rossi Consulting S.r.l. (sandbox), full access',
    }),
    token({
      name: 'firm-bianchi',
      token: 'demo-firm-bianchi',
      kind: 'firm',
      firmId: FIRM_ID,
      accountIds: FIRM_ACCOUNTS,
      deniedOn: FIRM_DENIED,
      fullAccess: false,
      description: "Production, accounting firm Studio Bianchi over 4 companies (pass account_id); lacks 'f24:read' on acc_gialli",
    }),
    token({
      name: 'readonly-invoices',
      token: 'demo-readonly-invoices',
      accountIds: [ACCOUNT_IDS.rossi],
      abilities: ['invoices:read'],
      fullAccess: false,
      description: "Production, Rossi Consulting S.r.l., limited to 'invoices:read'",
    }),
    token({
      name: 'expired',
      token: 'demo-expired',
      accountIds: [ACCOUNT_IDS.rossi],
      expiresAt: romeIso(addDays(today, -1), '00:00:00'),
      description: 'Production, Rossi Consulting S.r.l., expired yesterday (401)',
    }),
  );
}

export function demoTokens(store: Store): DemoToken[] {
  return store.tokens.map(({ name, token: t, environment, description }) => ({ name, token: t, environment, description }));
}

import { slugify } from '../domain/slug.js';

export const ENVIRONMENTS = ['production', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The CSV dialects a profile may prefer (src/output/format.ts reads them). */
export const CSV_DIALECT_SETTINGS = ['rfc', 'it'] as const;
export type CsvDialectSetting = (typeof CSV_DIALECT_SETTINGS)[number];

/** The languages a profile may speak (src/profiles/lang.ts reads them). */
export const LANG_SETTINGS = ['it', 'en'] as const;
export type LangSetting = (typeof LANG_SETTINGS)[number];

/** The settings `fisco auth set` changes, by their key in the profile. */
export interface ProfileSettings {
  csvDialect: CsvDialectSetting;
  lang: LangSetting;
  mirror: string;
}

/** One stored credential: one company in one environment. */
export interface Profile {
  name: string;
  token: string;
  environment: Environment;
  baseUrl: string;
  company: { id: string; name: string; vat_number?: string };
  tokenType?: string;
  /** Default company for a firm token (overridden by --account / FISCO_ACCOUNT). */
  account?: string;
  /** The CSV dialect when neither --csv-dialect nor FISCO_CSV_DIALECT says (`fisco auth set csv-dialect it`). */
  csvDialect?: CsvDialectSetting;
  /** The language of messages when neither --lang nor FISCO_LANG says (`fisco auth set lang it`). */
  lang?: LangSetting;
  /** The shared PostgreSQL mirror's connection string, without a password, when neither --mirror nor FISCO_MIRROR_URL says (`fisco auth set mirror postgres://…`). */
  mirror?: string;
  /** What GET /v1/me said at login, so a later login with a narrower token can be called out. */
  abilities?: string[];
  fullAccess?: boolean;
  createdAt: string;
}

/** A profile name from the company and environment: "Rossi Consulting S.r.l." → rossi-consulting-srl-production. */
export function profileName(companyName: string, environment: Environment): string {
  const slug = slugify(companyName).replace(new RegExp(`-${environment}$`), '');
  return `${slug || 'company'}-${environment}`;
}

/** A profile as it may be shown: never the token. */
export function publicProfile(profile: Profile, active: boolean) {
  return {
    name: profile.name,
    active,
    environment: profile.environment,
    base_url: profile.baseUrl,
    company: profile.company,
    token_type: profile.tokenType ?? null,
    account: profile.account ?? null,
    csv_dialect: profile.csvDialect ?? null,
    lang: profile.lang ?? null,
    mirror: profile.mirror ?? null,
    created_at: profile.createdAt,
  };
}

/** "Rossi Consulting S.r.l. (sandbox)": the company and its environment, without saying the environment twice. */
export function companyLabel(companyName: string, environment: Environment): string {
  return companyName.toLowerCase().includes(`(${environment})`) ? companyName : `${companyName} (${environment})`;
}

/** The typings of what eslint.config.mjs exports beside the config: the selectors a test checks (test/unit/i18n/lint-rule.test.ts). */
import type { Linter } from 'eslint';

export declare const UNTRANSLATED_MESSAGES: { selector: string; message: string }[];
declare const config: Linter.Config[];
export default config;
/** Regular expressions over fisco's own words (issue 37). */
export declare const PARSED_MESSAGES: { selector: string; message: string }[];

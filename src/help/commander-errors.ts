/**
 * Commander's own refusals (a missing argument, an unknown option or command, a value not among a
 * flag's choices) as fisco reports them: one Message each, so an Italian run says them in Italian.
 * The English keys are commander's words, so an English run prints what it always printed; a
 * refusal this module does not know is passed on as commander wrote it.
 */
import { joined, t, verbatim, type Message, type Text } from '../i18n/message.js';

type Rule = [RegExp, (m: RegExpExecArray) => Message];

const RULES: Rule[] = [
  [/^unknown option '([^']+)'$/, (m) => t`unknown option '${m[1]}'`],
  [/^unknown command '([^']*)'\n\(Did you mean (?:one of )?(.+)\?\)$/, (m) => t`unknown command '${m[1]}', did you mean ${m[2]}?`],
  [/^unknown command '([^']*)'$/, (m) => t`unknown command '${m[1]}'`],
  [/^missing required argument '([^']+)'$/, (m) => t`missing required argument '${m[1]}'`],
  [/^option '([^']+)' argument missing$/, (m) => t`option '${m[1]}' argument missing`],
  [/^required option '([^']+)' not specified$/, (m) => t`required option '${m[1]}' not specified`],
  [
    /^too many arguments for '([^']+)'\. Expected 1 argument but got (\d+)\.$/,
    (m) => t`too many arguments for '${m[1]}'. Expected 1 argument but got ${m[2]}.`,
  ],
  [
    /^too many arguments for '([^']+)'\. Expected (\d+) arguments but got (\d+)\.$/,
    (m) => t`too many arguments for '${m[1]}'. Expected ${m[2]} arguments but got ${m[3]}.`,
  ],
  [
    /^option '([^']+)' argument '([^']*)' is invalid\. Allowed choices are (.+)\.$/,
    (m) => t`option '${m[1]}' argument '${m[2]}' is invalid. Allowed choices are ${m[3]}.`,
  ],
  [
    /^command-argument value '([^']*)' is invalid for argument '([^']+)'\. Allowed choices are (.+)\.$/,
    (m) => t`command-argument value '${m[1]}' is invalid for argument '${m[2]}'. Allowed choices are ${m[3]}.`,
  ],
  [/^option '([^']+)' cannot be used with option '([^']+)'$/, (m) => t`option '${m[1]}' cannot be used with option '${m[2]}'`],
];

/** The words of commander's error text (`error: …`, its own suggestion on a second line): a Message when fisco knows it. */
export function commanderText(text: string): Text {
  const body = text.replace(/^error: /, '').replace(/\n+$/, '');
  for (const [pattern, message] of RULES) {
    const m = pattern.exec(body);
    if (m) return message(m);
  }
  return verbatim(body);
}

/** The line commander adds after a refusal. */
export const RUN_WITH_HELP = (): Message => t`(run with --help for usage)`;

/** `--a, --b or --c`, in the run's language. */
export function orList(items: readonly string[]): Text {
  return items.length === 1 ? items[0]! : t`${joined(items.slice(0, -1), ', ')} or ${items[items.length - 1]}`;
}

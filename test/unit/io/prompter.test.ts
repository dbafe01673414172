import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Prompter } from '../../../src/io/prompter.js';
import { loadLanguage } from '../../../src/i18n/load.js';
import { t, type Language } from '../../../src/i18n/message.js';

/** A select prompt answered with Enter; what it wrote on the (captured) terminal. */
async function selectScreen(language: Language): Promise<{ screen: string; answer: string }> {
  const input = new PassThrough();
  let screen = '';
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      screen += chunk.toString();
      callback();
    },
  });
  const prompter = new Prompter(true, { input, output }, () => language);
  const asked = prompter.select({
    message: t`Numbering`,
    flag: '--numbering',
    choices: [
      { name: 'Standard', value: 'a' },
      { name: 'PA', value: 'b' },
    ],
  });
  // Enter, once the prompt has drawn itself (it writes its key hints with its first screen).
  await new Promise<void>((resolve) => {
    const check = () => (screen.includes('⏎') ? resolve() : setImmediate(check));
    check();
  });
  input.write('\r');
  const answer = await asked;
  return { screen: screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, ''), answer };
}

describe("a prompt's own words (inquirer's key hints) in the run's language", () => {
  it('in Italian: ↑↓ scorri • ⏎ scegli, never navigate or select', async () => {
    const { screen, answer } = await selectScreen(await loadLanguage('it', true));
    expect(answer).toBe('a');
    expect(screen).toContain('↑↓ scorri • ⏎ scegli');
    expect(screen).not.toMatch(/navigate|select/);
  });

  it('in English: inquirer as it is', async () => {
    const { screen } = await selectScreen(await loadLanguage('en'));
    expect(screen).toContain('↑↓ navigate • ⏎ select');
  });
});

/**
 * The words of help in a language: English as written, Italian from src/help/words-it.ts, loaded
 * only for Italian help (a file of its own in dist, like the message catalogue).
 */
import type { Lang } from '../i18n/message.js';
import { ENGLISH_HELP, type HelpWords } from './format.js';

export async function loadHelpWords(lang: Lang): Promise<{ words: HelpWords; topics?: Readonly<Record<string, { summary: string; text: string }>> }> {
  if (lang === 'en') return { words: ENGLISH_HELP };
  const { italianHelpWords, TOPICS_IT } = await import('./words-it.js');
  return { words: italianHelpWords, topics: TOPICS_IT };
}

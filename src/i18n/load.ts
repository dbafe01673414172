/**
 * The Language of a run (src/factory/factory.ts makes it once). The Italian catalogue is loaded only when the
 * run is Italian: a dynamic import, built into a file of its own (dist/vendor/catalogue-it.cjs), so an
 * English start-up never reads it. Apart from message.ts, which the fast offline path bundles too.
 */
import { ENGLISH, type Lang, type Language } from './message.js';

export async function loadLanguage(lang: Lang, strict = false): Promise<Language> {
  if (lang === 'en') return strict ? { lang, strict } : ENGLISH;
  const { IT } = await import('./it.js');
  return { lang, strict, catalogue: IT };
}

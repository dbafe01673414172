// Rewrites completions/ from src/completion/generate.ts (built): `npm run completions`. The scripts
// ask `fisco __complete` for their candidates, so a new command or flag needs no regeneration.
import { writeFileSync } from 'node:fs';
import { COMPLETION_FILES, COMPLETION_SCRIPTS } from '../dist/completion/generate.js';

for (const [shell, file] of Object.entries(COMPLETION_FILES)) {
  writeFileSync(new URL(`../completions/${file}`, import.meta.url), COMPLETION_SCRIPTS[shell]());
}
console.error('completions/ regenerated');

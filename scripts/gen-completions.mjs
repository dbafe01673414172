// Regenerates completions/ from the built command tree: `npm run completions` after changing commands.
import { writeFileSync } from 'node:fs';
import { buildProgram } from '../dist/cli.js';
import { bashCompletion, fishCompletion, zshCompletion, COMPLETION_FILES } from '../dist/completion/generate.js';

const program = buildProgram();
const scripts = { bash: bashCompletion(program), zsh: zshCompletion(program), fish: fishCompletion(program) };
for (const [shell, file] of Object.entries(COMPLETION_FILES)) {
  writeFileSync(new URL(`../completions/${file}`, import.meta.url), scripts[shell]);
}
console.error('completions/ regenerated');

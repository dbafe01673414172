#!/usr/bin/env node
/**
 * The rooms of src/ keep their rules (scripts/rooms.mjs: nouns import no other noun, no verb's
 * module is imported but by its records, no two files need their folder to be told apart). Exit 1
 * listing every problem; 0 when the house keeps them. Run by `npm run lint`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import madge from 'madge';
import { roomProblems, verbModules } from './rooms.mjs';

const SRC = 'src';
const entries = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(SRC, path).split('\\').join('/');
    if (entry.isDirectory()) {
      entries.push(`${rel}/`);
      walk(path);
    } else if (entry.name.endsWith('.ts')) entries.push(rel);
  }
};
walk(SRC);
const verbs = entries.filter((e) => /^commands\/[^/]+\/index\.ts$/.test(e)).flatMap((index) => verbModules(index, readFileSync(join(SRC, index), 'utf8')));
const graph = (await madge(SRC, { fileExtensions: ['ts'], tsConfig: 'tsconfig.json' })).obj();
const problems = roomProblems(graph, entries, verbs);
if (problems.length === 0) {
  console.log(`✔ The rooms of src/ keep their rules (${verbs.length} verbs, ${entries.length} files and folders)`);
  process.exit(0);
}
for (const problem of problems) console.error(`✖ ${problem}`);
process.exit(1);

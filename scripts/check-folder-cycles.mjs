#!/usr/bin/env node
/**
 * No import circle between folders of src/ (issue 20): `madge --circular` (also in `npm run lint`)
 * finds circles between files; this finds them between rooms, where a file-level check is blind
 * (api/ → output/ → io/ → api/ through three different files). Each folder of src/ is one node and
 * each file at src/'s top (cli.ts, errors.ts, fast-offline.ts) is a node of its own. Exit 1 listing every
 * circle with one import of each edge; 0 when the rooms form layers.
 */
import madge from 'madge';
import { folderCycles } from './folder-cycles.mjs';

const { rooms, circles } = folderCycles((await madge('src', { fileExtensions: ['ts'], tsConfig: 'tsconfig.json' })).obj());
if (circles.length === 0) {
  console.log(`✔ No import circle between the ${rooms} rooms of src/`);
  process.exit(0);
}
for (const circle of circles) {
  console.error(`✖ import circle between ${circle.rooms.join(', ')}:`);
  for (const edge of circle.edges) console.error(`    ${edge.from} → ${edge.to}  (e.g. ${edge.example})`);
}
process.exit(1);

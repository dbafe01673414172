/**
 * The rules of the rooms of src/ that an import circle check cannot see (issue 32 item 4;
 * docs/development.md "The house"), over a file graph ({ file: [imported files] }, paths relative
 * to src/) and the list of src/'s files and folders:
 *
 * 1. A noun of src/commands/ imports nothing of another noun: what two nouns share moves down to a
 *    room of its own (src/report/, src/receivables/, …) or to a module of src/commands/ itself.
 * 2. No module imports a verb's module (one a record's `load` names) but its own noun's index.ts:
 *    a verb is run by the runner, never called by another verb.
 * 3. No two files need their folder to be told apart: no src/commands/P beside a src/P (a command
 *    and a domain module of one name; a folder's index.ts aside), and no file named like a folder
 *    beside it (create.ts or create.flags.ts beside create/).
 *
 * 4. The emulator (src/emulator/) is the service's stand-in and computes with its own code: of the
 *    client it imports only what EMULATOR_MAY_IMPORT names (the primitives of src/domain/: decimal
 *    arithmetic, dates, Italian identifiers; the contract's list of event names; the crash-safe write
 *    and the lock of the demo's state file), never a rule of the client (src/invoice/, src/bank/,
 *    src/api/, src/webhooks/signature.ts…), so that a mistake there is not made by both sides.
 *
 * `verbs` are the verb modules, paths relative to src/ (the `load: () => import('./x.js')` of the
 * records). Returns one line per problem, [] when the house keeps its rules. Used by
 * scripts/check-rooms.mjs (npm run lint) and its unit test.
 */
export const EMULATOR_MAY_IMPORT = [/^domain\//, /^webhooks\/event-keys\.ts$/, /^io\/(durable|lock)\.ts$/];

export function roomProblems(graph, entries, verbs) {
  const problems = [];
  const nounOf = (file) => (file.startsWith('commands/') && file.split('/').length > 2 ? file.split('/')[1] : undefined);
  const verbSet = new Set(verbs);
  for (const [file, imports] of Object.entries(graph)) {
    for (const target of imports) {
      const [from, to] = [nounOf(file), nounOf(target)];
      if (from && to && from !== to) problems.push(`${file} imports ${target}: the noun ${from} uses the noun ${to}; move what they share down`);
      if (file.startsWith('emulator/') && !target.startsWith('emulator/') && !EMULATOR_MAY_IMPORT.some((allowed) => allowed.test(target)))
        problems.push(`${file} imports ${target}: the emulator computes with its own code, and imports of the client only src/domain/'s primitives`);
      if (verbSet.has(target) && file !== `commands/${nounOf(target)}/index.ts`)
        problems.push(`${file} imports ${target}, a verb's module: run verbs through their records; move what they share into a module that is not a verb`);
    }
  }
  const files = new Set(entries.filter((e) => !e.endsWith('/')));
  const folders = new Set(entries.filter((e) => e.endsWith('/')).map((e) => e.slice(0, -1)));
  for (const file of files) {
    // A folder's index.ts is the room's own entry in each room (commands/emulator/ and emulator/).
    if (file.startsWith('commands/') && !file.endsWith('/index.ts') && files.has(file.slice('commands/'.length)))
      problems.push(`${file} and ${file.slice('commands/'.length)}: a command and a domain module of one name; rename the domain module after what it holds`);
    const slash = file.lastIndexOf('/');
    const [dir, name] = slash < 0 ? ['', file] : [file.slice(0, slash + 1), file.slice(slash + 1)];
    const stem = name.split('.')[0];
    if (folders.has(`${dir}${stem}`)) problems.push(`${file} beside the folder ${dir}${stem}/: a file named like a folder beside it`);
  }
  return problems;
}

/** The verb modules the records of a noun's index.ts load (`load: () => import('./list.js')`), relative to src/. */
export function verbModules(indexFile, text) {
  const dir = indexFile.slice(0, indexFile.lastIndexOf('/') + 1);
  return [...text.matchAll(/load:\s*\(\)\s*=>\s*import\('\.\/([^']+)\.js'\)/g)].map((m) => `${dir}${m[1]}.ts`);
}

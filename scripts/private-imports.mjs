/**
 * scripts/shims/undici-lite.cjs requires files inside undici's lib/ that are not its public API, and
 * a release may move them. So undici is pinned to an exact version in package.json, and the build
 * stops with this message when the installed undici is another version or lacks one of the files.
 * Returns the problem, or undefined when all is well.
 */
export function checkPrivateImports({ shimSource, pinned, installed, resolve }) {
  const required = [...shimSource.matchAll(/require\('(undici\/[^']+)'\)/g)].map((m) => m[1]);
  const advice = `scripts/shims/undici-lite.cjs imports undici's private files (${required.join(', ')}): check them against the new undici, update the shim, then pin that version exactly in package.json.`;
  if (!/^\d+\.\d+\.\d+$/.test(pinned ?? '')) return `undici must be pinned to an exact version in package.json (it is ${JSON.stringify(pinned)}).\n  ${advice}`;
  if (installed !== pinned) return `undici ${installed} is installed, but package.json pins ${pinned}, the version the shim was checked against.\n  ${advice}`;
  for (const id of required) {
    try {
      resolve(id);
    } catch {
      return `undici ${installed} has no ${id}.\n  ${advice}`;
    }
  }
  return undefined;
}

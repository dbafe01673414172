import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../../src', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Code, without comments (a comment may say what the code must not do). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('commands run in-process: only bin/ touches the process', () => {
  // The emulator is a separate house (it runs as its own server too); the rest of src/ asks main()'s io.
  // The PostgreSQL driver's worker (src/mirror/pg-worker.ts) is the entry of a thread of its own,
  // like bin/ is the process's: it sets that thread's environment to the one main() hands it, for pg.
  const cli = files(SRC).filter((path) => !relative(SRC, path).startsWith('emulator') && relative(SRC, path) !== join('mirror', 'pg-worker.ts'));

  it.each([
    ['reads process.env', /\bprocess\.env\b/],
    ['writes to process.stdout or process.stderr', /\bprocess\.(stdout|stderr)\b/],
    ['reads process.stdin', /\bprocess\.stdin\b/],
    ['sets the exit code or exits', /\bprocess\.(exitCode|exit)\b/],
    ['listens to the process’s signals', /\bprocess\.(on|once|off)\(\s*['"]SIG/],
  ])('no module outside bin/ %s', (_what, pattern) => {
    const offenders = cli.filter((path) => pattern.test(code(readFileSync(path, 'utf8')))).map((path) => relative(SRC, path));
    expect(offenders).toEqual([]);
  });

  it('no context is derived with Object.create', () => {
    const offenders = cli.filter((path) => /Object\.create\(/.test(code(readFileSync(path, 'utf8')))).map((path) => relative(SRC, path));
    expect(offenders).toEqual([]);
  });
});

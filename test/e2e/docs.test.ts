/**
 * The documentation refers only to what exists, and its numbers about the demo data are the
 * emulator's: every link of README.md and docs/ (relative, or to this repository on GitHub) names
 * a file that exists and, with an anchor, a heading it has; every file or folder cited in code
 * (`src/…`, `examples/…`, `.ci/run`) exists; the documents the project keeps outside the
 * repository are never cited; the generated demo-token table is the emulator's; the README stays
 * a five-minute read that leads to every page of docs/. (The shell blocks themselves run in
 * examples-docs.test.ts.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { demoTokensTable, withDemoTokens } from '../../src/help/reference.js';
import { DOCS, ROOT } from './doc-pages.js';
import { harness, TOKENS, type Harness } from './harness.js';

const REPOSITORY = 'https://github.com/fisco-cli/fisco/';
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
/** What a reader sees: HTML comments (the integrator's placeholders) and fenced code left out. */
const prose = (text: string) => text.replace(/<!--[\s\S]*?-->/g, '').replace(/```[\s\S]*?```/g, '');

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchors = (file: string) =>
  new Set(
    [
      ...read(file)
        .replace(/```[\s\S]*?```/g, '')
        .matchAll(/^#{1,6} (.+)$/gm),
    ].map((m) => slug(m[1])),
  );

/** Every link of a Markdown file, as [target path relative to the repository (or undefined: elsewhere), anchor, as written]. */
function links(file: string): { path?: string; anchor?: string; written: string }[] {
  const out: { path?: string; anchor?: string; written: string }[] = [];
  for (const match of prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
    const written = match[1];
    const [target, anchor] = written.split('#');
    if (target.startsWith(REPOSITORY)) {
      const path = target.slice(REPOSITORY.length).replace(/^(blob|tree)\/main\/?/, '');
      out.push({ path: path || '.', anchor, written });
    } else if (/^[a-z]+:/.test(target)) out.push({ written });
    else out.push({ path: target === '' ? file : relative(ROOT, resolve(ROOT, dirname(file), target)), anchor, written });
  }
  return out;
}

describe('links and cited files', () => {
  it('every link of README.md and docs/ names a file of the repository, and a heading it has', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of DOCS) {
      for (const link of links(file)) {
        if (link.path === undefined) continue;
        checked++;
        if (!existsSync(join(ROOT, link.path))) broken.push(`${file}: ${link.written} (no ${link.path})`);
        else if (link.anchor && link.path.endsWith('.md') && !anchors(link.path).has(link.anchor))
          broken.push(`${file}: ${link.written} (${link.path} has no heading #${link.anchor})`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it('every file or folder of the repository cited in code exists', () => {
    const missing: string[] = [];
    const pattern = /`((?:\.ci|src|test|docs|examples|bench|scripts|completions|bin)\/[^`\s]*)`/g;
    for (const file of [...DOCS, 'src/emulator/README.md']) {
      for (const [, cited] of prose(read(file)).matchAll(pattern)) {
        // A pattern (`src/api/<resource>.ts`, `f24/*.pdf`) names its folder.
        const path = /[<*]/.test(cited) ? cited.slice(0, cited.search(/[<*]/)).replace(/[^/]*$/, '') : cited;
        if (!existsSync(join(ROOT, path))) missing.push(`${file}: ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("never cites the service's API document or the product notes by file name: they are not in the repository", () => {
    const names = ['api-spec', 'PRODUCT', 'ARCHITECTURE', 'NOTES'].map((n) => `${n}.md`);
    for (const name of names) expect(existsSync(join(ROOT, name)), name).toBe(false);
    const walk = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    const files = [...DOCS, ...['src', 'test', 'scripts', 'bench', 'examples', 'bin', '.ci'].flatMap(walk)].filter(
      (f) => statSync(join(ROOT, f)).size < 2_000_000,
    );
    const citing = files.flatMap((f) => names.filter((n) => read(f).includes(n)).map((n) => `${f}: ${n}`));
    expect(citing).toEqual([]);
  });

  it('docs/ci.md shows examples/month-end.yml exactly as it is', () => {
    const yaml = [...read('docs/ci.md').matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).find((block) => block.includes('\nname: month-end\n'));
    expect(yaml).toBe(read('examples/month-end.yml'));
  });
});

describe('the README', () => {
  it('is a five-minute read: what fisco is, install, the quick start, everyday commands, the documentation', () => {
    const readme = read('README.md');
    expect(prose(readme).split(/\s+/).length).toBeLessThan(1_200);
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 4)).toEqual(['Install', 'Quick start', 'Everyday commands', 'Documentation']);
  });

  it('leads to every page of docs/, and the index lists each', () => {
    const fromReadme = new Set(links('README.md').map((l) => l.path));
    const fromIndex = new Set(links('docs/README.md').map((l) => l.path));
    for (const page of DOCS.filter((f) => f.startsWith('docs/') && f !== 'docs/README.md')) {
      expect(fromReadme.has(page), `README links ${page}`).toBe(true);
      expect(fromIndex.has(page), `docs/README.md links ${page}`).toBe(true);
    }
  });

  it('keeps the everyday sections of collections from the bank and month-end invoicing, each linking its page', () => {
    const readme = read('README.md');
    const everyday = readme.slice(readme.indexOf('## Everyday commands'), readme.indexOf('## Documentation'));
    for (const [heading, page] of [
      ['### Month-end invoicing', 'docs/batch.md'],
      ['### Collections from the bank', 'docs/bank.md'],
    ]) {
      expect(everyday, heading).toContain(heading);
      expect(everyday, page).toContain(page);
      expect(read('docs/README.md'), page).toContain(`](${page.slice('docs/'.length)})`);
    }
  });
});

describe("the demo data's numbers come from the emulator", () => {
  let h: Harness;
  let emulator: RunningEmulator;
  beforeAll(async () => {
    h = await harness();
    emulator = h.emulator;
  });
  afterAll(async () => h?.close());

  it("docs/emulator.md's demo-token table is the emulator's (run `npm run docs:commands` after changing the seed)", () => {
    const doc = read('docs/emulator.md');
    expect(doc).toBe(withDemoTokens(doc, demoTokensTable(emulator.tokens)));
  });

  it("the firm token's description counts the companies the token really manages", async () => {
    const answer = await fetch(`${emulator.url}/v1/accounts?per_page=100`, { headers: { authorization: `Bearer ${TOKENS.firm}` } });
    const companies = ((await answer.json()) as { data: unknown[] }).data.length;
    const firm = emulator.tokens.find((t) => t.token === TOKENS.firm)!;
    expect(firm.description).toContain(`over ${companies} companies`);
    // No page states another count of the demo firm's companies in words.
    const words = ['two', 'three', 'four', 'five', 'six'];
    for (const file of DOCS) {
      for (const [phrase, word] of prose(read(file)).matchAll(/\b(two|three|four|five|six) companies\b/gi)) {
        if (/firm export|bench/i.test(read(file).slice(Math.max(0, read(file).indexOf(phrase) - 200), read(file).indexOf(phrase) + 50))) continue;
        expect(words.indexOf(word.toLowerCase()) + 2, `${file}: "${phrase}"`).toBe(companies);
      }
    }
  });
});

/**
 * The Italian catalogue holds exactly the messages fisco's sources write: every t`…` template in
 * src/ (found with the TypeScript parser, so a template inside a template or spread over lines is
 * still one key) has its translation, each translation uses the same places ({0}, {1}…) as its key,
 * and no translation is left for a message that no longer exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { keyOf } from '../../../src/i18n/message.js';
import { IT } from '../../../src/i18n/it.js';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // The emulator (src/emulator) is a house of its own; `fisco emulator`'s verbs (src/commands/emulator) are fisco's.
    if (entry.isDirectory()) return entry.name === 'emulator' && join(dir, entry.name) === join(SRC, 'emulator') ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every t`…` key in a source text, with where it is. */
export function templateKeys(file: string, text: string): { key: string; at: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { key: string; at: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 't') {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template) ? [template.text] : [template.head.text, ...template.templateSpans.map((s) => s.literal.text)];
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push({ key: keyOf(parts), at: `${relative(SRC, file)}:${line + 1}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const places = (text: string) => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort();

describe('the Italian catalogue', () => {
  const used = sources(SRC).flatMap((file) => templateKeys(file, readFileSync(file, 'utf8')));
  const keys = new Set(used.map((u) => u.key));

  it('finds templates as the parser sees them (a self-check of the scanner)', () => {
    const sample = 'const a = t`one ${x} two ${y.z}`; const b = t`plain`; const c = t`outer ${t`inner ${n}`}`; const d = other`x`;';
    expect(templateKeys('sample.ts', sample).map((k) => k.key)).toEqual(['one {0} two {1}', 'plain', 'outer {0}', 'inner {0}']);
  });

  it('translates every message the sources write', () => {
    const missing = used.filter((u) => IT[u.key] === undefined).map((u) => `${u.at}: ${u.key}`);
    expect(missing).toEqual([]);
  });

  it('uses in each translation the same places as its key, and nothing empty', () => {
    const wrong = Object.entries(IT)
      .filter(([key, text]) => text.trim() === '' || places(key).join() !== places(text).join())
      .map(([key, text]) => `${key} → ${text}`);
    expect(wrong).toEqual([]);
  });

  it('keeps no translation of a message that no longer exists', () => {
    expect(Object.keys(IT).filter((key) => !keys.has(key))).toEqual([]);
  });
});

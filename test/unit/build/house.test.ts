// docs/development.md draws the house (issue 32 item 6): its list of rooms names every folder and
// top-level file of src/, and every room it names exists.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The rooms the development guide's list names: `src/x/` and `src/x.ts` at the start of its lines. */
export function roomsNamed(markdown: string): string[] {
  const section = markdown.slice(markdown.indexOf('### The rooms'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => /^(src\/[^\s/]+\/?)(?:\s|$)/.exec(line)?.[1])
    .filter((room): room is string => room !== undefined);
}

/** The rooms of src/: each folder, and each top-level file. */
function roomsOfSrc(): string[] {
  return readdirSync(`${ROOT}src`, { withFileTypes: true }).map((entry) => `src/${entry.name}${entry.isDirectory() ? '/' : ''}`);
}

describe('docs/development.md draws the house', () => {
  it('names every room of src/, and only rooms that exist', () => {
    const named = roomsNamed(readFileSync(`${ROOT}docs/development.md`, 'utf8'));
    expect(named.length).toBeGreaterThan(20);
    const actual = roomsOfSrc();
    expect(
      actual.filter((room) => !named.includes(room)),
      'rooms of src/ the guide does not name',
    ).toEqual([]);
    expect(
      named.filter((room) => !actual.includes(room)),
      'rooms the guide names that src/ does not have',
    ).toEqual([]);
  });

  it('reads the rooms of a list as the guide writes it, and would see one missing', () => {
    const guide = [
      '### The rooms',
      '',
      '```',
      'src/cli.ts           main()',
      'src/commands/        the verbs',
      '                     src/commands/verb.ts continues a line: not a room',
      '```',
    ].join('\n');
    expect(roomsNamed(guide)).toEqual(['src/cli.ts', 'src/commands/']);
  });
});

import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the lint step, without types
import { folderCycles } from '../../../scripts/folder-cycles.mjs';

interface Circle {
  rooms: string[];
  edges: { from: string; to: string; example: string }[];
}
const cycles = (graph: Record<string, string[]>) => folderCycles(graph) as { rooms: number; circles: Circle[] };

describe('import circles between the rooms of src/ (npm run lint: scripts/check-folder-cycles.mjs)', () => {
  it('finds a circle through three different files that a file-level check does not see', () => {
    // The shape that was in the tree: api/ → output/ → io/ → api/, no file importing itself back.
    const { circles } = cycles({
      'api/client.ts': ['output/redact.ts', 'errors.ts'],
      'output/output.ts': ['io/atomic.ts'],
      'output/redact.ts': [],
      'io/atomic.ts': ['errors.ts'],
      'io/download.ts': ['api/client.ts'],
      'errors.ts': [],
    });
    expect(circles).toHaveLength(1);
    expect(circles[0]!.rooms).toEqual(['api/', 'io/', 'output/']);
    expect(circles[0]!.edges).toContainEqual({ from: 'io/', to: 'api/', example: 'io/download.ts → api/client.ts' });
    expect(circles[0]!.edges.map((e) => `${e.from}${e.to}`).sort()).toEqual(['api/output/', 'io/api/', 'output/io/']);
  });

  it('a top-level file is a room of its own: every room importing errors.ts is no circle', () => {
    const { circles, rooms } = cycles({
      'cli.ts': ['commands/index.ts', 'errors.ts'],
      'commands/index.ts': ['context.ts', 'errors.ts'],
      'context.ts': ['api/client.ts', 'errors.ts'],
      'api/client.ts': ['errors.ts'],
      'errors.ts': [],
    });
    expect(circles).toEqual([]);
    expect(rooms).toBe(5);
  });

  it('reports two separate circles separately', () => {
    const { circles } = cycles({
      'a/x.ts': ['b/y.ts'],
      'b/y.ts': ['a/z.ts'],
      'a/z.ts': [],
      'c/x.ts': ['d/y.ts'],
      'd/y.ts': ['c/w.ts'],
      'c/w.ts': [],
    });
    expect(circles.map((c) => c.rooms)).toEqual([
      ['a/', 'b/'],
      ['c/', 'd/'],
    ]);
  });
});

/**
 * The import circles between the rooms of src/ in a file graph ({ file: [imported files] }, paths
 * relative to src/): each folder is a room, each top-level file a room of its own. Returns each
 * circle's rooms with one import per edge; none when the rooms form layers.
 * Used by scripts/check-folder-cycles.mjs (npm run lint) and its unit test.
 */
export function folderCycles(graph) {
  const room = (file) => (file.includes('/') ? `${file.split('/')[0]}/` : file);
  const edges = new Map();
  for (const [file, imports] of Object.entries(graph)) {
    for (const target of imports) {
      const [from, to] = [room(file), room(target)];
      if (from === to) continue;
      const key = `${from}\0${to}`;
      if (!edges.has(key)) edges.set(key, `${file} → ${target}`);
    }
  }
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = key.split('\0');
    if (!next.has(from)) next.set(from, new Set());
    next.get(from).add(to);
  }

  // Tarjan's strongly connected components: a component of more than one room is a circle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  let counter = 0;
  function visit(node) {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) circles.push(component.sort());
  }
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  const roomCount = new Set([...next.keys(), ...[...next.values()].flatMap((s) => [...s])]).size;
  return {
    rooms: roomCount,
    circles: circles.map((circle) => ({
      rooms: circle,
      edges: [...edges]
        .filter(([key]) => key.split('\0').every((r) => circle.includes(r)))
        .map(([key, example]) => ({ from: key.split('\0')[0], to: key.split('\0')[1], example })),
    })),
  };
}

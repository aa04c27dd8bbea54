import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 25: the modules form a graph without cycles (a module that needs another's work inside
// its unit of work gets it through the container, in dependency order, never by a lazy closure
// back). Read from the source's import lines, type imports included: a cycle of types is a cycle
// of knowledge all the same. `import-x/no-cycle` holds the same for files; this holds it for
// modules (folders under src/modules).
const modules = path.resolve(import.meta.dirname, '../src/modules');
const IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gm;

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const names = fs.readdirSync(modules, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  for (const m of names) {
    const deps = new Set<string>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== 'testing') walk(p);
        } else if (e.name.endsWith('.ts') && !e.name.includes('.test.')) {
          for (const [, spec] of fs.readFileSync(p, 'utf8').matchAll(IMPORT)) {
            const target = path.relative(modules, path.resolve(dir, spec!)).split(path.sep)[0]!;
            if (target !== m && names.includes(target)) deps.add(target);
          }
        }
      }
    };
    walk(path.join(modules, m));
    graph.set(m, deps);
  }
  return graph;
}

/** Every cycle's modules, as "a → b → a" (each found once, from its smallest name). */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const visit = (start: string, at: string, trail: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) found.add([...trail, start].join(' → '));
      else if (next > start && !trail.includes(next)) visit(start, next, [...trail, next]);
    }
  };
  for (const m of [...graph.keys()].sort()) visit(m, m, [m]);
  return [...found].sort();
}

describe('module graph (src/modules)', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(g)).toEqual(['a → b → c → a']);
  });

  it('has no cycles', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(20);
    expect(cyclesOf(graph)).toEqual([]);
  });
});

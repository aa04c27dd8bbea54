import fs from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/**
 * The frames a V8 .cpuprofile (`node --cpu-prof`) spent most self time in, summed per function
 * (name and source place), idle and GC included so the shares add up to the whole window.
 * `window` (µs) keeps only the samples between `from` and `to` after the profile's start (the
 * load, not the start-up).
 */
export function topFrames(file: string, n: number, window?: { from: number; to: number }): { name: string; where: string; pct: number }[] {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let total = 0;
  let at = p.startTime;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    at += dt;
    if (window && (at - p.startTime < window.from || at - p.startTime > window.to)) return;
    const f = byId.get(id)!.callFrame;
    const url = f.url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, '');
    const key = `${f.functionName || '(anonymous)'}\t${url ? `${url}:${f.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, t]) => {
      const [name, where] = k.split('\t') as [string, string];
      return { name, where, pct: (100 * t) / total };
    });
}

import { performance } from 'node:perf_hooks';

/** Median and 95th percentile of a run's samples, in ms. */
export type Stats = { median: number; p95: number };

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((x, y) => x - y);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** Times `fn` `runs` times one after the other, after `warmup` untimed calls. */
export async function time(fn: () => Promise<unknown>, runs: number, warmup = 3): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

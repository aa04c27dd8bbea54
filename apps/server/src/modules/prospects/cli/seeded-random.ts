/**
 * A small seeded PRNG (sfc32, seeded through a string hash): the generator's only source of
 * randomness, so the same seed always writes the same people. Not for anything secret.
 */
export type Random = {
  /** [0, 1) */
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** A UUID (version 4 layout) made of the stream's bits. */
  uuid(): string;
  hex(chars: number): string;
};

function hashSeed(seed: string): [number, number, number, number] {
  // cyrb128: four 32-bit words from a string
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

const HEX = '0123456789abcdef';

export function seededRandom(seed: string): Random {
  let [a, b, c, d] = hashSeed(seed);
  const u32 = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) u32();
  const next = () => u32() / 4294967296;
  const hex = (chars: number) => {
    let out = '';
    while (out.length < chars) out += u32().toString(16).padStart(8, '0');
    return out.slice(0, chars);
  };
  return {
    next,
    int: (max) => Math.floor(next() * max),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    uuid: () => {
      const h = hex(32);
      const variant = HEX[8 + (parseInt(h[16]!, 16) & 3)]!;
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
    hex,
  };
}

/** Picks from weighted choices by a precomputed cumulative table (binary search). */
export function weighted<T>(choices: readonly (readonly [T, number])[]): (r: Random) => T {
  const values = choices.map(([v]) => v);
  const cumulative: number[] = [];
  let sum = 0;
  for (const [, w] of choices) cumulative.push((sum += w));
  return (r) => {
    const x = r.next() * sum;
    let lo = 0, hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return values[lo]!;
  };
}

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
// two hex digits per byte: a UUID from four table reads per word (toString(16) + padStart cost
// more than the rest of a generated person)
const BYTE_HEX = Array.from({ length: 256 }, (_, i) => HEX[i >> 4]! + HEX[i & 15]!);
const hex8 = (w: number) => BYTE_HEX[w >>> 24]! + BYTE_HEX[(w >>> 16) & 255]! + BYTE_HEX[(w >>> 8) & 255]! + BYTE_HEX[w & 255]!;

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
    while (out.length < chars) out += hex8(u32());
    return out.length === chars ? out : out.slice(0, chars);
  };
  return {
    next,
    int: (max) => Math.floor(next() * max),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    uuid: () => {
      // the same string as hex(32) laid out as a UUID: words w1..w4, version 4, variant from w3's top bits
      const w1 = hex8(u32()), w2 = hex8(u32()), w3 = hex8(u32()), w4 = hex8(u32());
      const variant = HEX[8 + (parseInt(w3[0]!, 16) & 3)]!;
      return `${w1}-${w2.slice(0, 4)}-4${w2.slice(5, 8)}-${variant}${w3.slice(1, 4)}-${w3.slice(4, 8)}${w4}`;
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

/** How a vocabulary looks a word up: case, accents, punctuation and spacing don't matter. */
export function vocabularyKey(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}+<]+/gu, ' ')
    .trim();
}

/** A lookup table from words (as written in the exports) to a value, keyed by vocabularyKey. */
export function vocabulary<T>(words: Record<T & string, readonly string[]>): Map<string, T> {
  const map = new Map<string, T>();
  for (const [value, list] of Object.entries(words) as [T & string, readonly string[]][]) {
    map.set(vocabularyKey(value), value);
    for (const w of list) map.set(vocabularyKey(w), value);
  }
  return map;
}

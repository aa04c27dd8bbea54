import { attr, createXmlScanner, decodeText, scanXml } from './xml-scanner.js';

/**
 * A sheet's hyperlinks (issue 23): an export whose LinkedIn cells show `in/name` keeps the
 * profile's whole address in the cell's link. The links sit after the rows (<hyperlinks>,
 * targets in the sheet's relationships), so a sheet that has any is skimmed for them first.
 */

/** Characters of link targets kept for one sheet; links past it are left out (the cell keeps its text). */
const LINK_CHARS = 32 * 1024 * 1024;
/** Hyperlinks over a range of cells (rare: a link per cell is the rule) kept per sheet. */
const MAX_RANGES = 1000;

export type SheetLinks = { get(row: number, col: number): string | undefined };

const HTTP = /^https?:\/\/[^\s/?#]+\.[^\s]*$/i;
const SHORT_HOST = /^(?:[\w-]+\.)+[a-z]{2,}(?:[/?#]\S*)?$/i;
const SHORT_PATH = /^[\w.-]+\/\S+$/;
const LABEL = /^(?:linkedin(?: profile)?|profile|view(?: profile)?|link|website|web ?site|homepage|url|open|visit)$/i;

/**
 * What a linked cell stands for: its link when the text is not a usable address itself but
 * one shown short (`in/name`, `acme.com`, a label such as "LinkedIn"); a name, an email
 * address or any other text with a link keeps its text.
 */
export function preferLink(text: string, url: string): string {
  const t = text.trim();
  if (!HTTP.test(url)) return text;
  if (t === '' || LABEL.test(t)) return url;
  if (t.includes('@') || /\s/.test(t) || HTTP.test(t)) return text;
  // a host (acme.com, www.acme.com/about) or a path (in/name, linkedin.com/in/name)
  return SHORT_HOST.test(t) || SHORT_PATH.test(t) ? url : text;
}

/** Row and column (1-based) of a reference like "AB12"; null when it is not one. */
function cellOf(ref: string): { row: number; col: number } | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref.trim());
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]), col };
}

const key = (row: number, col: number) => row * 20_000 + col;

/** The link targets (http and https only) of a sheet's relationships part, by id. */
async function readTargets(rels: AsyncIterable<Uint8Array>): Promise<Map<string, string>> {
  const targets = new Map<string, string>();
  let chars = 0;
  await scanXml(rels, {
    open(name, a) {
      if (name !== 'Relationship' || chars > LINK_CHARS) return;
      if (!(attr(a, 'Type') ?? '').endsWith('/hyperlink')) return;
      const target = (attr(a, 'Target') ?? '').trim();
      if (!HTTP.test(target)) return;
      chars += target.length;
      targets.set(attr(a, 'Id') ?? '', target);
    },
    close() {},
    text() {},
  });
  return targets;
}

/**
 * The hyperlinks of a sheet, or null when it has none. `sheet` streams the sheet's part: it
 * is skimmed up to its <hyperlinks> (native searches only) and read from there.
 */
export async function readSheetLinks(
  rels: AsyncIterable<Uint8Array> | null,
  sheet: () => AsyncIterable<Uint8Array>,
): Promise<SheetLinks | null> {
  if (!rels) return null;
  const targets = await readTargets(rels);
  if (targets.size === 0) return null;
  const cells = new Map<number, string>();
  const ranges: { r1: number; c1: number; r2: number; c2: number; url: string }[] = [];
  let ended = false;
  const scanner = createXmlScanner({
    open(name, a) {
      if (name !== 'hyperlink') return;
      const url = targets.get(/(?:^|\s)[\w.-]+:id\s*=\s*["']([^"']*)["']/.exec(a)?.[1] ?? '');
      const [from, to] = (attr(a, 'ref') ?? '').split(':');
      const a1 = cellOf(from ?? '');
      if (!url || !a1) return;
      const b1 = to ? cellOf(to) : a1;
      if (!b1) return;
      if (a1.row === b1.row && a1.col === b1.col) cells.set(key(a1.row, a1.col), url);
      else if (ranges.length < MAX_RANGES) ranges.push({ r1: a1.row, c1: a1.col, r2: b1.row, c2: b1.col, url });
    },
    close(name) {
      if (name === 'hyperlinks') ended = true;
    },
    text() {},
  });
  const START = /<(?:[\w.-]+:)?hyperlinks[\s/>]/;
  let tail = '';
  let started = false;
  for await (const chunk of decodeText(sheet())) {
    if (!started) {
      const text = tail + chunk;
      const at = text.search(START);
      if (at < 0) {
        tail = text.slice(-64);
        continue;
      }
      started = true;
      scanner.write(text.slice(at));
    } else scanner.write(chunk);
    // the rest of the part is not read
    if (ended) break;
  }
  if (cells.size === 0 && ranges.length === 0) return null;
  return {
    get(row, col) {
      const url = cells.get(key(row, col));
      if (url !== undefined || ranges.length === 0) return url;
      return ranges.find((r) => row >= r.r1 && row <= r.r2 && col >= r.c1 && col <= r.c2)?.url;
    },
  };
}

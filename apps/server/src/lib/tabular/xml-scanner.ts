import { TextDecoder } from 'node:util';
import { FILE_LIMITS, FileFormatError, FileLimitError, fmt } from './limits.js';

/**
 * A streaming scanner for the XML of workbook parts: tags and text in order, element names
 * without their namespace prefix. What it holds between two chunks is bounded (a text or a
 * tag longer than FILE_LIMITS.xmlTokenChars is refused), and DTDs are refused outright (no
 * entity expansion). Attributes are read on demand with `attr`.
 */
export type XmlHandlers = {
  open(name: string, attrs: string, selfClosing: boolean): void;
  close(name: string): void;
  /** raw text, entities not decoded (cdata: already literal) */
  text(raw: string, cdata: boolean): void;
};

const localName = (qname: string) => {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
};

/**
 * A whole element matched at once (a sticky pattern tried where a tag opens), for the one
 * element a part holds millions of: its handler makes the same calls the scanner would.
 */
export type XmlShortcut = { pattern: RegExp; match(m: RegExpExecArray): void };

export function createXmlScanner(h: XmlHandlers, shortcut?: XmlShortcut) {
  let carry = '';

  const tooLong = () =>
    new FileLimitError(
      'xmlTokenChars',
      `The workbook holds a value or tag longer than ${fmt(FILE_LIMITS.xmlTokenChars)} characters, more than any cell can hold`,
    );

  /** The index of the '>' ending the tag opened at `from`, quotes respected; -1 when not in buf yet. */
  function tagEnd(buf: string, from: number): number {
    let quote = 0;
    for (let i = from; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 62) return i;
    }
    return -1;
  }

  function scan(buf: string, final: boolean) {
    let i = 0;
    const n = buf.length;
    while (i < n) {
      const lt = buf.indexOf('<', i);
      if (lt < 0) {
        if (final) {
          if (buf.slice(i).trim() !== '') h.text(buf.slice(i), false);
          i = n;
        }
        break;
      }
      if (lt > i) h.text(buf.slice(i, lt), false);
      i = lt;
      const next = buf.charCodeAt(lt + 1);
      if (Number.isNaN(next)) break;
      if (next === 33 /* ! */) {
        if (buf.startsWith('<!--', lt)) {
          const end = buf.indexOf('-->', lt + 4);
          if (end < 0) break;
          i = end + 3;
        } else if (buf.startsWith('<![CDATA[', lt)) {
          const end = buf.indexOf(']]>', lt + 9);
          if (end < 0) break;
          h.text(buf.slice(lt + 9, end), true);
          i = end + 3;
        } else if (n - lt < 9) {
          break;
        } else {
          throw new FileFormatError('The workbook holds a document type declaration, which spreadsheets never have: it is refused');
        }
        continue;
      }
      if (next === 63 /* ? */) {
        const end = buf.indexOf('?>', lt + 2);
        if (end < 0) break;
        i = end + 2;
        continue;
      }
      if (shortcut && next !== 47) {
        shortcut.pattern.lastIndex = lt;
        const m = shortcut.pattern.exec(buf);
        if (m) {
          shortcut.match(m);
          i = shortcut.pattern.lastIndex;
          continue;
        }
      }
      const end = tagEnd(buf, lt + 1);
      if (end < 0) break;
      if (next === 47 /* / */) {
        h.close(localName(buf.slice(lt + 2, end).trim()));
      } else {
        const self = buf.charCodeAt(end - 1) === 47;
        const stop = self ? end - 1 : end;
        let k = lt + 1;
        while (k < stop) {
          const c = buf.charCodeAt(k);
          if (c === 32 || c === 9 || c === 10 || c === 13) break;
          k++;
        }
        h.open(localName(buf.slice(lt + 1, k)), k < stop ? buf.slice(k, stop) : '', self);
      }
      i = end + 1;
    }
    if (i < n) {
      if (final) throw new FileFormatError('A part of the workbook ends in the middle of a tag: save it again as .xlsx');
      if (n - i > FILE_LIMITS.xmlTokenChars) throw tooLong();
    }
    carry = i < n ? buf.slice(i) : '';
  }

  return {
    write(chunk: string) {
      scan(carry + chunk, false);
    },
    end() {
      scan(carry, true);
      carry = '';
    },
  };
}

const attrPatterns = new Map<string, RegExp>();
const attrSpellings = new Map<string, string>();

/** An attribute's value (entities decoded), or undefined. */
export function attr(attrs: string, name: string): string | undefined {
  // the way every writer spells it (` r="A1"`) found without a regex; anything else by the regex
  let spelled = attrSpellings.get(name);
  if (spelled === undefined) attrSpellings.set(name, (spelled = ` ${name}="`));
  const at = attrs.indexOf(spelled);
  if (at >= 0) {
    const from = at + spelled.length;
    const end = attrs.indexOf('"', from);
    if (end >= 0) return decodeXml(attrs.slice(from, end));
  }
  if (attrs.indexOf(name) < 0) return undefined;
  let re = attrPatterns.get(name);
  if (!re) {
    re = new RegExp(`(?:^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attrPatterns.set(name, re);
  }
  const m = re.exec(attrs);
  if (!m) return undefined;
  return decodeXml(m[1] ?? m[2] ?? '');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with XML's five named entities and character references decoded (others left as written). */
export function decodeXml(raw: string): string {
  if (raw.indexOf('&') < 0) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED[e] ?? all;
  });
}

/** A part's bytes as text: UTF-8 or, with a byte-order mark, UTF-16. */
export async function* decodeText(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const chunk of bytes) {
    if (!decoder) {
      const le = chunk[0] === 0xff && chunk[1] === 0xfe;
      const be = chunk[0] === 0xfe && chunk[1] === 0xff;
      decoder = new TextDecoder(le ? 'utf-16le' : be ? 'utf-16be' : 'utf-8');
    }
    yield decoder.decode(chunk, { stream: true });
  }
  if (decoder) yield decoder.decode();
}

/** Scans a whole part. */
export async function scanXml(bytes: AsyncIterable<Uint8Array>, h: XmlHandlers): Promise<void> {
  const scanner = createXmlScanner(h);
  for await (const text of decodeText(bytes)) scanner.write(text);
  scanner.end();
}

import ICAL from 'ical.js';
import { createDecoder, detectEncoding, type TextEncoding } from './encoding.js';
import { FILE_LIMITS, cellTooLong, rowTooLong, tooManyColumns, tooManyRecords } from './limits.js';

/**
 * vCard files (.vcf: 3.0 and 4.0 as Apple Contacts, Google Contacts and Outlook export them;
 * 2.1's bare parameters too) read as a table, one card a row, so the same mapping step
 * follows: each card is parsed by ical.js (RFC 6350) and its properties become columns with
 * headers the mapping reads ("First Name", "Email (work)", "Email 2 (home)", "Phone (mobile)",
 * "City", "LinkedIn URL"). The columns are the union over the file's cards, so the file is
 * read twice: once for them, once for the rows. Every limit of limits.ts holds.
 */

/** Whether the first bytes of a file are a vCard (after a BOM and blank lines). */
export function isVcard(head: string): boolean {
  return /^\s*BEGIN:VCARD\s*$/im.test(head.replace(/^\uFEFF/, '').slice(0, 2000).split(/\r\n|\n|\r/, 8).find((l) => l.trim() !== '') ?? '');
}

/** Binary properties (a photo is megabytes of base64) are skipped unread. */
const SKIPPED = new Set(['PHOTO', 'LOGO', 'SOUND', 'KEY']);

/** The text of each card, BEGIN:VCARD to END:VCARD, decoded from the file's encoding. */
async function* cardTexts(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: ReturnType<typeof createDecoder> | null = null;
  let carry = '';
  let lines: string[] = [];
  let chars = 0;
  let inCard = false;
  let skipping = false;
  let cards = 0;
  function* take(line: string): Generator<string> {
    if (!inCard) {
      if (/^BEGIN:VCARD\s*$/i.test(line.trim())) {
        inCard = true;
        lines = [line.trim()];
        chars = 0;
      }
      return;
    }
    // a folded line continues the property before it
    const folded = line.startsWith(' ') || line.startsWith('\t');
    if (!folded) {
      const name = /^(?:[\w-]+\.)?([\w-]+)/.exec(line)?.[1]?.toUpperCase() ?? '';
      skipping = SKIPPED.has(name);
      if (name === 'END' && /^END:VCARD\s*$/i.test(line.trim())) {
        lines.push('END:VCARD');
        inCard = false;
        if (++cards > FILE_LIMITS.rows) throw tooManyRecords();
        yield lines.join('\r\n');
        return;
      }
    }
    if (skipping) return;
    chars += line.length;
    if (chars > FILE_LIMITS.recordChars) throw rowTooLong(cards + 1);
    lines.push(line);
  }
  for await (const chunk of bytes) {
    decoder ??= createDecoder(detectEncoding(chunk).encoding as TextEncoding);
    const text = carry + decoder.write(Buffer.from(chunk));
    const parts = text.split(/\r\n|\n|\r(?!$)/);
    carry = parts.pop() ?? '';
    if (carry.length > FILE_LIMITS.recordChars) throw rowTooLong(cards + 1);
    for (const line of parts) yield* take(line);
  }
  if (decoder) carry += decoder.end() ?? '';
  for (const line of carry.split(/\r\n|\n|\r/)) yield* take(line);
  // a last card without its END line is still a card
  if (inCard && lines.length > 1) yield* take('END:VCARD');
}

/** 2.1's bare parameters (TEL;WORK;VOICE:) written as 3.0's (TEL;TYPE=WORK;TYPE=VOICE:), which ical.js reads. */
function withTypedParameters(card: string): string {
  return card.replace(/^([\w.-]+)((?:;[^:;"]*(?:"[^"]*")?)*):/gm, (all, name: string, params: string) =>
    params ? `${name}${params.replace(/;([\w-]+)(?=;|$)/g, ';TYPE=$1')}:` : all,
  );
}

/** "Column header" -> value of one card, in the card's order. */
type CardRow = [string, string][];

const EMAIL_TYPES = ['work', 'home', 'other'];
const PHONE_TYPES = ['mobile', 'work', 'home', 'main', 'fax', 'pager', 'other'];
const ALIASES: Record<string, string> = { cell: 'mobile', iphone: 'mobile', personal: 'home', internet: '' };

function typeOf(prop: ICAL.Property, known: string[]): string {
  const raw = prop.getParameter('type');
  const types = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((t) => String(t).toLowerCase().split(','));
  for (const t of types) {
    const k = ALIASES[t] ?? t;
    if (known.includes(k)) return k;
  }
  return '';
}

const isPreferred = (prop: ICAL.Property) => {
  const raw = prop.getParameter('type');
  const types = (Array.isArray(raw) ? raw : raw ? [raw] : []).map((t) => String(t).toLowerCase());
  return types.includes('pref') || prop.getParameter('pref') !== undefined;
};

const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(text).filter(Boolean).join(' ');
  return String(v).trim();
};

/** The columns of one card. */
function rowOf(card: string): CardRow {
  let comp: ICAL.Component;
  try {
    comp = new ICAL.Component(ICAL.parse(withTypedParameters(card)) as unknown as unknown[]);
  } catch {
    // a card ical.js can't read is a row without values: counted, reported, never dropped
    return [];
  }
  const row: CardRow = [];
  const put = (header: string, value: string) => {
    if (value !== '') row.push([header, value]);
  };
  const n = comp.getFirstPropertyValue('n') as unknown;
  const parts = Array.isArray(n) ? n : typeof n === 'string' ? n.split(';') : [];
  put('Full Name', text(comp.getFirstPropertyValue('fn')));
  put('Name Prefix', text(parts[3]));
  put('First Name', text(parts[1]));
  put('Middle Name', text(parts[2]));
  put('Last Name', text(parts[0]));
  put('Name Suffix', text(parts[4]));
  const org = comp.getFirstPropertyValue('org') as unknown;
  const orgParts = Array.isArray(org) ? org : typeof org === 'string' ? [org] : [];
  put('Organization', text(orgParts[0]));
  put('Department', text(orgParts.slice(1)));
  put('Title', text(comp.getFirstPropertyValue('title')));
  // every email and phone, numbered within its type: "Email (work)", "Email 2 (work)"
  const numbered = (base: string, props: ICAL.Property[], known: string[], clean: (s: string) => string) => {
    const seen = new Map<string, number>();
    for (const p of props) {
      const value = clean(text(p.getFirstValue()));
      if (!value) continue;
      const type = typeOf(p, known);
      const k = (seen.get(type) ?? 0) + 1;
      seen.set(type, k);
      put(`${base}${k > 1 ? ` ${k}` : ''}${type ? ` (${type})` : ''}`, value);
    }
  };
  numbered('Email', comp.getAllProperties('email'), EMAIL_TYPES, (s) => s.replace(/^mailto:/i, ''));
  numbered('Phone', comp.getAllProperties('tel'), PHONE_TYPES, (s) => s.replace(/^tel:/i, ''));
  // the preferred (else work, else first) address in the fields; others whole, by type
  const adrs = comp.getAllProperties('adr');
  const main = adrs.find(isPreferred) ?? adrs.find((p) => typeOf(p, EMAIL_TYPES) === 'work') ?? adrs[0];
  const seenAdr = new Map<string, number>();
  for (const p of adrs) {
    const v = p.getFirstValue() as unknown;
    const a = Array.isArray(v) ? v : typeof v === 'string' ? v.split(';') : [];
    if (p === main) {
      put('Street', [text(a[0]), text(a[1]), text(a[2])].filter(Boolean).join(', '));
      put('City', text(a[3]));
      put('Region', text(a[4]));
      put('Postal Code', text(a[5]));
      put('Country', text(a[6]));
      continue;
    }
    const type = typeOf(p, EMAIL_TYPES);
    const k = (seenAdr.get(type) ?? 1) + 1;
    seenAdr.set(type, k);
    put(`Address ${k}${type ? ` (${type})` : ''}`, a.map(text).filter(Boolean).join(', '));
  }
  // URLs and social profiles: the LinkedIn one has a column of its own
  let linkedin = false;
  let sites = 0;
  for (const p of [...comp.getAllProperties('url'), ...comp.getAllProperties('x-socialprofile')]) {
    // Google escapes the colon of its URLs (https\://), which a URI value keeps as written
    const value = text(p.getFirstValue()).replace(/\\([:,;])/g, '$1');
    if (!value) continue;
    if (!linkedin && /linkedin\.com\//i.test(value)) {
      linkedin = true;
      put('LinkedIn URL', value);
    } else if (p.name === 'url') put(`Website${++sites > 1 ? ` ${sites}` : ''}`, value);
  }
  put('Note', text(comp.getFirstPropertyValue('note')));
  const bday = comp.getFirstPropertyValue('bday');
  put('Birthday', bday ? text(bday.toString()) : '');
  for (const [h, v] of row) if (v.length > FILE_LIMITS.cellChars) throw cellTooLong(`A card's ${h}`);
  return row;
}

/** Order of the column families; within one, the order the file first shows them. */
const FAMILIES = ['Full Name', 'Name Prefix', 'First Name', 'Middle Name', 'Last Name', 'Name Suffix', 'Organization', 'Department', 'Title', 'Email', 'Phone', 'Street', 'City', 'Region', 'Postal Code', 'Country', 'Address', 'LinkedIn URL', 'Website', 'Note', 'Birthday'];
const familyOf = (header: string) => {
  const i = FAMILIES.findIndex((f) => header === f || header.startsWith(`${f} `));
  return i < 0 ? FAMILIES.length : i;
};

/** The header row of a file's cards (the first pass), their number, and the first cards' rows. */
async function layoutOf(bytes: AsyncIterable<Uint8Array>, keep: number) {
  const seen = new Map<string, number>();
  const first: CardRow[] = [];
  let cards = 0;
  for await (const card of cardTexts(bytes)) {
    const row = rowOf(card);
    for (const [h] of row) {
      if (!seen.has(h)) {
        seen.set(h, seen.size);
        if (seen.size > FILE_LIMITS.columns) throw tooManyColumns(seen.size);
      }
    }
    if (cards < keep) first.push(row);
    cards++;
  }
  const headers = [...seen.keys()].sort((a, b) => familyOf(a) - familyOf(b) || seen.get(a)! - seen.get(b)!);
  return { headers, cards, first };
}

const recordOf = (row: CardRow, columns: Map<string, number>) => {
  const out: string[] = new Array<string>(columns.size).fill('');
  for (const [h, v] of row) out[columns.get(h)!] = v;
  return out;
};

/** The header and first records of a vCard file, and its number of records (header included). */
export async function inspectVcard(
  open: () => AsyncIterable<Uint8Array>,
  opts: { maxRecords?: number } = {},
): Promise<{ rows: number; records: string[][] }> {
  const { headers, cards, first } = await layoutOf(open(), Math.max(0, (opts.maxRecords ?? 200) - 1));
  const columns = new Map(headers.map((h, i) => [h, i]));
  return { rows: cards + 1, records: [headers, ...first.map((r) => recordOf(r, columns))] };
}

/** The records of a vCard file in batches, as readCsvRecords gives a CSV's: the header first. */
export async function* readVcardRecords(
  open: () => AsyncIterable<Uint8Array>,
  batchSize = 2000,
): AsyncGenerator<{ first: number; records: string[][] }> {
  const { headers } = await layoutOf(open(), 0);
  const columns = new Map(headers.map((h, i) => [h, i]));
  let batch: string[][] = [headers];
  let first = 0;
  for await (const card of cardTexts(open())) {
    batch.push(recordOf(rowOf(card), columns));
    if (batch.length >= batchSize) {
      yield { first, records: batch };
      first += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) yield { first, records: batch };
}

import zlib from 'node:zlib';

/**
 * Builds workbooks for tests, hostile ones included: a zip written by hand (so sizes can be
 * declared falsely and parts inflate to gigabytes from a few kilobytes) around minimal
 * SpreadsheetML parts. Test-only.
 */

export type ZipPart = {
  name: string;
  /** the part's bytes, or a generator of them (deflated as they come: a bomb never exists whole) */
  data: string | Buffer | (() => Iterable<string | Buffer>);
  stored?: boolean;
  /** the uncompressed size written in the archive, true or not */
  declaredSize?: number;
};

const crc32 = (buf: Buffer): number => ((zlib as unknown as { crc32?: (b: Buffer) => number }).crc32?.(buf) ?? 0) >>> 0;

function deflated(part: ZipPart): { data: Buffer; size: number; crc: number } {
  if (typeof part.data !== 'function') {
    const raw = Buffer.from(part.data);
    return { data: part.stored ? raw : zlib.deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
  }
  // a generated part is deflated piece by piece (its bytes are never held whole): each piece
  // is its own run of blocks ending on a full flush, the last one final, which inflates as one stream
  const out: Buffer[] = [];
  let size = 0;
  let prev: Buffer | null = null;
  const flush = (piece: Buffer, last: boolean) =>
    out.push(
      zlib.deflateRawSync(piece, { finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH }),
    );
  for (const x of part.data()) {
    const piece = Buffer.from(x);
    size += piece.length;
    if (prev) flush(prev, false);
    prev = piece;
  }
  flush(prev ?? Buffer.alloc(0), true);
  return { data: Buffer.concat(out), size, crc: 0 };
}

/** A zip archive of the parts (no zip64, no data descriptors). */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = deflated(part);
    const name = Buffer.from(part.name);
    const method = part.stored ? 0 : 8;
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(Math.min(declared, 0xffffffff), 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(Math.min(declared, 0xffffffff), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(parts.length, 8);
  eocd.writeUInt16LE(parts.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet workbook ("Sheet1") around the given sheet XML body (what goes in <sheetData>), and optional shared strings. */
export function workbookOf(opts: {
  sheetData: ZipPart['data'];
  sharedStrings?: ZipPart['data'];
  styles?: string;
  extra?: ZipPart[];
  sheetDeclaredSize?: number;
  /** what follows <sheetData> in the sheet (<hyperlinks>, …) */
  afterSheetData?: string;
}): Buffer {
  const sheet: ZipPart['data'] =
    typeof opts.sheetData === 'function'
      ? (() => {
          const gen = opts.sheetData as () => Iterable<string | Buffer>;
          return (function* () {
            yield `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`;
            yield* gen();
            yield `</sheetData>${opts.afterSheetData ?? ''}</worksheet>`;
          })();
        })
      : `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS} xmlns:r="${REL}"><sheetData>${opts.sheetData.toString()}</sheetData>${opts.afterSheetData ?? ''}</worksheet>`;
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0"?><workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: opts.sheetDeclaredSize },
  ];
  if (opts.sharedStrings !== undefined) {
    const ss = opts.sharedStrings;
    parts.push({
      name: 'xl/sharedStrings.xml',
      data:
        typeof ss === 'function'
          ? () =>
              (function* () {
                yield `<?xml version="1.0"?><sst ${NS}>`;
                yield* ss();
                yield '</sst>';
              })()
          : `<?xml version="1.0"?><sst ${NS}>${ss.toString()}</sst>`,
    });
  }
  if (opts.styles !== undefined) parts.push({ name: 'xl/styles.xml', data: opts.styles });
  parts.push(...(opts.extra ?? []));
  return zipOf(parts);
}

/** `count` copies of `piece`, yielded in pieces of about a megabyte. */
export function* repeated(piece: string, count: number): Generator<string> {
  const per = Math.max(1, Math.floor((1024 * 1024) / piece.length));
  const block = piece.repeat(per);
  let left = count;
  while (left >= per) {
    yield block;
    left -= per;
  }
  if (left > 0) yield piece.repeat(left);
}

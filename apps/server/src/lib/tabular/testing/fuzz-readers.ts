import fc from 'fast-check';
import { readCsvRecords, sniffCsv } from '../csv.js';
import { FileFormatError, FileLimitError } from '../limits.js';
import { inspectVcard, readVcardRecords } from '../vcard.js';
import { XlsxSheetError, bufferSource, inspectXlsx, readXlsxRecords } from '../xlsx.js';
import { repeated, workbookOf, zipOf } from './hostile-files.js';

/**
 * The fuzz target of tabular.fuzz.test.ts, run in a child process with a capped heap: the
 * CSV, XLSX and vCard readers over generated hostile files. A reader may refuse a file (a limit or
 * format error) but must not crash, hang or grow the process past RSS_LIMIT.
 * Prints one JSON line: { ok, runs, maxRss, failure }.
 */

const RSS_LIMIT = 300 * 1024 * 1024;
const RUN_TIMEOUT_MS = 10_000;
const seed = Number(process.env.FUZZ_SEED ?? 16);
const numRuns = Number(process.env.FUZZ_RUNS ?? 40);

let maxRss = 0;
let runs = 0;
let worst = '';
let current = '';
const sample = () => {
  const rss = process.memoryUsage().rss;
  if (rss > maxRss) worst = current;
  maxRss = Math.max(maxRss, rss);
  if (rss > RSS_LIMIT) throw new Error(`RSS ${Math.round(rss / 1024 / 1024)} MB over the limit`);
};

const expected = (err: unknown) =>
  err instanceof FileLimitError || err instanceof FileFormatError || err instanceof XlsxSheetError;

let lastError = '';
const gc = (globalThis as { gc?: () => void }).gc;

async function bounded(work: () => Promise<void>) {
  runs++;
  // garbage of earlier runs and of the generator is not the readers' memory
  gc?.();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('hang: a reader took over 10 s')), RUN_TIMEOUT_MS);
  });
  try {
    await Promise.race([
      work().catch((err) => {
        if (!expected(err)) {
          lastError = `${(err as Error).stack ?? String(err)}`.slice(0, 1500);
          throw err;
        }
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
    sample();
  }
}

async function drain(it: AsyncIterable<{ records: string[][] }>) {
  let n = 0;
  for await (const b of it) {
    n += b.records.length;
    if (n % 50 === 0) sample();
  }
}

const long = (chars: string[], max: number) =>
  fc.record({ ch: fc.constantFrom(...chars), n: fc.integer({ min: 1, max }) }).map(({ ch, n }) => ch.repeat(n));

const csvFile = fc
  .array(
    fc.oneof(
      fc.constantFrom(',', ';', '\t', '|', '"', '""', '\n', '\r\n', '\r', 'a', 'é', '\u0000', '\ufeff', '=1+1', ' '),
      fc.string({ maxLength: 20 }),
      long([',', 'a', '"', '\n', ';'], 150_000),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

async function csvTarget(text: string, enc: 'utf-8' | 'utf-16le' | 'windows-1252', delimiter: ',' | ';' | '\t' | '|') {
  current = `csv ${text.length} chars ${enc}`;
  const buf = Buffer.from(text, enc === 'utf-16le' ? 'utf16le' : enc === 'utf-8' ? 'utf8' : 'latin1');
  await bounded(async () => {
    sniffCsv(buf.subarray(0, 512 * 1024), { isWholeFile: buf.length <= 512 * 1024 });
    async function* chunks() {
      for (let i = 0; i < buf.length; i += 65536) yield buf.subarray(i, i + 65536);
    }
    await drain(readCsvRecords(chunks(), { encoding: enc, delimiter }));
  });
}

// vCards: cards cut short, unclosed quotes, bare and odd parameters, folded and endless lines, many emails
const vcardLine = fc.oneof(
  fc.constantFrom(
    'BEGIN:VCARD', 'END:VCARD', 'VERSION:3.0', 'VERSION:2.1', 'N:Lee;Ann;;;', 'FN:Ann', 'EMAIL;TYPE=WORK:a@x.test',
    'TEL;WORK;VOICE:(1) 555', 'TEL;TYPE="voice,cell":tel:+1', 'ADR;TYPE=HOME:;;1 St;City;;1;DE', 'EMAIL;X="unclosed:a@b',
    'item1.URL:https\\://x.test', 'PHOTO;ENCODING=b:AAAA', ' folded', ';;;', ':', 'N:;;;;;;;;;', 'BDAY:not a date', '',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: 1, max: 3000 }).map((n) => `EMAIL;TYPE=HOME:${'e'.repeat(n % 50)}@x.test\r\n`.repeat(n)),
  long(['x', ';', ':', '"', '\\'], 300_000),
);
const vcardFile = fc.array(vcardLine, { maxLength: 40 }).map((lines) => lines.join('\r\n'));

async function vcardTarget(text: string) {
  current = `vcard ${text.length} chars`;
  const buf = Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < buf.length; i += 65536) yield buf.subarray(i, i + 65536);
  }
  await bounded(async () => {
    await inspectVcard(chunks, { maxRecords: 2000 });
    await drain(readVcardRecords(chunks));
  });
}

const ref = fc.oneof(
  fc.constantFrom('A1', 'B2', 'XFD1', 'ALM1', 'ALN5', 'ZZZZZZ1', '', '1A', 'a', 'A0', 'A-1', 'A99999999999'),
  fc.tuple(fc.integer({ min: 1, max: 1100 }), fc.integer({ min: 1, max: 2_000_000_000 })).map(([c, r]) => {
    let s = '';
    for (let n = c; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    return `${s}${r}`;
  }),
);
const text = fc.oneof(
  fc.string({ maxLength: 30 }).map((s) => s.replace(/[<&]/g, '')),
  fc.constantFrom('&amp;', '&#0;', '&#x110000;', '&bogus;', '&#65;', '<![CDATA[a<b]]>', '<!-- c -->', '&'),
  long(['x', 'é', ' '], 300_000),
);
const cellXml = fc
  .record({
    r: fc.option(ref),
    t: fc.option(fc.constantFrom('s', 'inlineStr', 'str', 'b', 'e', 'n', 'd', 'bogus')),
    s: fc.option(fc.constantFrom('0', '1', '2', '99999', '-1', 'x')),
    v: text,
    inline: fc.boolean(),
  })
  .map(({ r, t, s, v, inline }) => {
    const attrs = `${r !== null ? ` r="${r}"` : ''}${t !== null ? ` t="${t}"` : ''}${s !== null ? ` s="${s}"` : ''}`;
    return inline ? `<c${attrs}><is><t>${v}</t></is></c>` : `<c${attrs}><v>${v}</v></c>`;
  });
const rowXml = fc
  .record({
    r: fc.option(fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: -5, max: 2_000_000_000 }))),
    cells: fc.array(cellXml, { maxLength: 8 }),
    wide: fc.option(fc.integer({ min: 900, max: 20_000 })),
  })
  .map(({ r, cells, wide }) => {
    const many = wide ? Array.from({ length: wide }, () => '<c t="inlineStr"><is><t>v</t></is></c>').join('') : '';
    return `<row${r !== null ? ` r="${r}"` : ''}>${cells.join('')}${many}</row>`;
  });
const sheetXml = fc.array(
  fc.oneof({ weight: 8, arbitrary: rowXml }, { weight: 1, arbitrary: fc.constantFrom('<row', '</c>', '<!DOCTYPE x>', '<x:row r="3"/>', '<?pi?>', '<row r="7"/>', '"', '>') }),
  { maxLength: 30 },
);
const sharedXml = fc.array(
  fc.oneof(
    text.map((t) => `<si><t>${t}</t></si>`),
    text.map((t) => `<si><r><t>${t}</t></r><rPh><t>p</t></rPh></si>`),
    fc.constant('<si/>'),
  ),
  { maxLength: 20 },
);
const bomb = fc.option(
  fc.record({ piece: fc.constantFrom('<row><c t="inlineStr"><is><t>same</t></is></c></row>', 'z', '<row/>'), mb: fc.integer({ min: 1, max: 30 }) }),
  { freq: 4 },
);

async function xlsxTarget(buf: Buffer) {
  current = `xlsx ${buf.length} bytes`;
  await bounded(async () => {
    await inspectXlsx(bufferSource(buf), { maxRecords: 2000 });
  });
  await bounded(async () => {
    await drain(readXlsxRecords(bufferSource(buf), 'Sheet1'));
  });
}

const baseRss = process.memoryUsage().rss;

async function main() {
  let failure: string | null = null;
  try {
    await fc.assert(
      fc.asyncProperty(csvFile, fc.constantFrom('utf-8', 'utf-16le', 'windows-1252'), fc.constantFrom(',', ';', '\t', '|'), csvTarget),
      { seed, numRuns, endOnFailure: true },
    );
    await fc.assert(
      fc.asyncProperty(sheetXml, fc.option(sharedXml), bomb, async (rows, shared, big) => {
        const sheetData = big
          ? () => (function* () {
              yield rows.join('');
              yield* repeated(big.piece, Math.floor((big.mb * 1024 * 1024) / big.piece.length));
            })()
          : rows.join('');
        await xlsxTarget(workbookOf({ sheetData, sharedStrings: shared ? shared.join('') : undefined }));
      }),
      { seed, numRuns, endOnFailure: true },
    );
    await fc.assert(fc.asyncProperty(vcardFile, vcardTarget), { seed, numRuns, endOnFailure: true });
    // damaged archives: a valid workbook cut short or with bytes changed
    const valid = workbookOf({
      sheetData: '<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2"><v>1</v></c></row>',
      sharedStrings: '<si><t>Email</t></si>',
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.option(fc.nat({ max: valid.length })),
        zipMutation,
        async (flips, cut, extra) => {
          const b = Buffer.from(valid);
          for (const [at, v] of flips) b[at] = v;
          await xlsxTarget(extra ?? (cut !== null ? b.subarray(0, cut) : b));
        },
      ),
      { seed, numRuns, endOnFailure: true },
    );
  } catch (err) {
    const m = (err as Error).message;
    failure = `${lastError || m.slice(-1500)}\n${m.replace(/(.)\1{20,}/g, (r, c: string) => `${c}{${r.length}}`).slice(0, 1500)}`;
  }
  process.stdout.write(`${JSON.stringify({ ok: failure === null, runs, maxRss, worst, baseRss, failure })}\n`);
  process.exit(0);
}

// archives that are not workbooks, declare false sizes or hold odd parts
const zipMutation = fc.option(
  fc.oneof(
    fc.constant(zipOf([{ name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="Sheet1" r:id="x"/></sheets></workbook>' }])),
    fc.constant(zipOf([{ name: 'xl/workbook.xml', data: '<!DOCTYPE a [<!ENTITY b "c">]><workbook/>' }])),
    fc.integer({ min: 0, max: 0xffffffff }).map((n) => workbookOf({ sheetData: '<row r="1"/>', sheetDeclaredSize: n })),
    fc.constant(zipOf([{ name: 'xl/workbook.xml', data: 'x', stored: true }])),
  ),
  { freq: 3 },
);

void main();

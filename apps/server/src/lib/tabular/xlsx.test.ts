import { describe, expect, it } from 'vitest';
import { bufferSource, inspectXlsx, readXlsxRecords } from './xlsx.js';
import { workbookOf } from './testing/hostile-files.js';

const styles = `<styleSheet><numFmts><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`;
const shared = '<si><t>Email</t></si><si><t>ann@acme.com</t></si><si><t>R&amp;D</t></si>';

/** One row's cells, as a writer of each kind spells them: [r, s, t, inner]. */
const CELLS: [string, string | null, string | null, string][] = [
  ['A2', null, 's', '<v>1</v>'],
  ['B2', '1', null, '<v>44319</v>'],
  ['C2', null, 'b', '<v>1</v>'],
  ['D2', null, null, '<f>1+1</f><v>2</v>'],
  ['E2', null, 'str', '<f t="shared" ref="E2:E3" si="0"/><v>x</v>'],
  ['F2', '1', null, ''],
  ['G2', null, 's', '<v>2</v>'],
  ['H2', null, null, '<v>1.5</v>'],
];

function sheet(spell: (r: string, s: string | null, t: string | null, inner: string) => string, prefix = '') {
  const cells = CELLS.map(([r, s, t, inner]) => spell(r, s, t, inner)).join('');
  const row = (n: number, body: string) => `<${prefix}row r="${n}">${body}</${prefix}row>`;
  return row(1, spell('A1', null, 's', '<v>0</v>')) + row(2, cells);
}

describe('xlsx cells', () => {
  it('reads a plain cell in one match to what its tags read one by one give', async () => {
    const plain = sheet((r, s, t, inner) => {
      const attrs = `r="${r}"${s ? ` s="${s}"` : ''}${t ? ` t="${t}"` : ''}`;
      return inner ? `<c ${attrs}>${inner}</c>` : `<c ${attrs}/>`;
    });
    // the same cells with their attributes reversed, an extra one, and every element prefixed
    const exotic = sheet((r, s, t, inner) => {
      const attrs = `${t ? `t='${t}' ` : ''}${s ? `s = "${s}" ` : ''}r="${r}" x14ac:dyDescent="0.25"`;
      const body = inner.replace(/<(\/?)([fv])\b/g, '<$1x:$2');
      return body ? `<x:c ${attrs}>${body}</x:c>` : `<x:c ${attrs}/>`;
    }, 'x:');
    const read = async (sheetData: string) => {
      const buf = workbookOf({ sheetData, sharedStrings: shared, styles });
      const out: string[][] = [];
      for await (const b of readXlsxRecords(bufferSource(buf), 'Sheet1')) out.push(...b.records);
      return out;
    };
    const expected = [['Email'], ['ann@acme.com', '2021-05-03', 'TRUE', '2', 'x', '', 'R&D', '1.5']];
    expect(await read(plain)).toEqual(expected);
    expect(await read(exotic)).toEqual(expected);
    const [preview] = await inspectXlsx(bufferSource(workbookOf({ sheetData: plain, sharedStrings: shared, styles })));
    expect(preview!.records).toEqual(expected);
  });
});

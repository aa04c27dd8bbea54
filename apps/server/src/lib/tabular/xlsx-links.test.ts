import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { preferLink } from './xlsx-links.js';
import { bufferSource, inspectXlsx, readXlsxRecords } from './xlsx.js';
import { workbookOf } from './testing/hostile-files.js';

const profile = 'https://www.linkedin.com/in/ann-lee-42';

describe('preferLink', () => {
  it.each([
    ['in/ann-lee-42', profile],
    ['linkedin.com/in/ann-lee-42', profile],
    ['LinkedIn', profile],
    ['', profile],
    ['acme.com', 'https://acme.com'],
  ])('takes the link of a cell showing %j', (text, url) => {
    expect(preferLink(text, url)).toBe(url);
  });

  it.each([
    ['Ann Lee', profile],
    ['ann@acme.com', 'https://crm.example.com/contacts/1'],
    ['https://linkedin.com/in/ann', profile],
    ['Acme', 'https://acme.com'],
    ['in/ann', 'mailto:ann@acme.com'],
    ['in/ann', 'javascript:alert(1)'],
  ])('keeps the text %j (link %s)', (text, url) => {
    expect(preferLink(text, url)).toBe(text);
  });
});

describe('xlsx hyperlinks', () => {
  it("reads a LinkedIn cell showing in/name as its link's full address, a linked name as the name", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Leads');
    ws.addRow(['Name', 'LinkedIn', 'Email']);
    for (let i = 0; i < 75; i++) {
      ws.addRow([
        { text: `Person ${i}`, hyperlink: `https://www.linkedin.com/in/person-${i}` },
        { text: `in/person-${i}`, hyperlink: `https://www.linkedin.com/in/person-${i}` },
        { text: `p${i}@acme.com`, hyperlink: `mailto:p${i}@acme.com` },
      ]);
    }
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const records: string[][] = [];
    for await (const b of readXlsxRecords(bufferSource(buf), 'Leads')) records.push(...b.records);
    expect(records).toHaveLength(76);
    expect(records[1]).toEqual(['Person 0', 'https://www.linkedin.com/in/person-0', 'p0@acme.com']);
    expect(records[75]).toEqual(['Person 74', 'https://www.linkedin.com/in/person-74', 'p74@acme.com']);
    const [sheet] = await inspectXlsx(bufferSource(buf));
    expect(sheet!.records[2]![1]).toBe('https://www.linkedin.com/in/person-1');
  });

  it('reads a link over a range of cells and ignores links to other places', async () => {
    const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const cell = (ref: string, v: string) => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
    const buf = workbookOf({
      sheetData: `<row r="1">${cell('A1', 'Site')}${cell('B1', 'Go')}${cell('C1', 'Local')}</row><row r="2">${cell('A2', 'a.com')}${cell('B2', 'x.com')}${cell('C2', 'y.com')}</row><row r="3">${cell('A3', 'b.com')}</row>`,
      afterSheetData: '<hyperlinks><hyperlink ref="A2:A3" r:id="rId7"/><hyperlink ref="B2" location="Sheet2!A1"/><hyperlink ref="C2" r:id="rId8"/></hyperlinks>',
      extra: [
        {
          name: 'xl/worksheets/_rels/sheet1.xml.rels',
          data: `<Relationships><Relationship Id="rId7" Type="${REL}/hyperlink" Target="https://shared.example.com/" TargetMode="External"/><Relationship Id="rId8" Type="${REL}/hyperlink" Target="file:///c:/secret.txt" TargetMode="External"/></Relationships>`,
        },
      ],
    });
    const records: string[][] = [];
    for await (const b of readXlsxRecords(bufferSource(buf), 'Sheet1')) records.push(...b.records);
    expect(records).toEqual([
      ['Site', 'Go', 'Local'],
      ['https://shared.example.com/', 'x.com', 'y.com'],
      ['https://shared.example.com/'],
    ]);
  });
});

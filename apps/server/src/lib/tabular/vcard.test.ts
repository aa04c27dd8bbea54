import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { inspectVcard, isVcard, readVcardRecords } from './vcard.js';

// as Apple Contacts (macOS) exports a card: 3.0, grouped properties, a folded photo
const APPLE = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//macOS 14.0//EN',
  'N:García Márquez;Gabriel;José;Dr.;',
  'FN:Dr. Gabriel José García Márquez',
  'ORG:Acme\\, Inc.;Sales;',
  'TITLE:VP Sales',
  'EMAIL;type=INTERNET;type=WORK;type=pref:gabo@acme.com',
  'EMAIL;type=INTERNET;type=HOME:gabo@home.net',
  'TEL;type=CELL;type=VOICE;type=pref:+1 415 555 0100',
  'TEL;type=WORK;type=VOICE:+1 415 555 0101',
  'item1.ADR;type=WORK;type=pref:;;1 Main St;Springfield;IL;62701;United States',
  'item1.X-ABADR:us',
  'item2.URL;type=pref:https://acme.com',
  'X-SOCIALPROFILE;type=linkedin:http://www.linkedin.com/in/gabo',
  'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD',
  ' /2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0',
  'END:VCARD',
].join('\r\n');

// as Google Contacts exports: 3.0, two home emails, a work phone
const GOOGLE = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Ann Lee',
  'N:Lee;Ann;;;',
  'EMAIL;TYPE=INTERNET;TYPE=HOME:ann@gmail.com',
  'EMAIL;TYPE=INTERNET;TYPE=HOME:ann.lee@yahoo.com',
  'TEL;TYPE=WORK:(415) 555-0199',
  'ADR;TYPE=HOME:;;2 Oak Rd;Berlin;;10115;Germany',
  'item1.URL:https\\://www.linkedin.com/in/annlee',
  'item1.X-ABLabel:LinkedIn',
  'END:VCARD',
].join('\n');

// 4.0 (and Outlook's 2.1 bare parameters)
const V4 = ['BEGIN:VCARD', 'VERSION:4.0', 'FN:Bo Ray', 'N:Ray;Bo;;;', 'EMAIL;TYPE=work:bo@ray.io', 'TEL;VALUE=uri;TYPE="voice,cell":tel:+1-555-555-5555', 'END:VCARD'].join('\n');
const OUTLOOK = ['BEGIN:VCARD', 'VERSION:2.1', 'N:Smith;John', 'FN:John Smith', 'ORG:Smith Co', 'TEL;WORK;VOICE:(111) 555-1212', 'EMAIL;PREF;INTERNET:john@smith.co', 'END:VCARD'].join('\r\n');

const file = (...cards: string[]) => Buffer.from(`${cards.join('\r\n')}\r\n`);
async function* chunks(buf: Buffer, n: number) {
  for (let i = 0; i < buf.length; i += n) yield buf.subarray(i, i + n);
}
async function all(buf: Buffer, n = 7) {
  const out: string[][] = [];
  for await (const b of readVcardRecords(() => chunks(buf, n), 2)) {
    expect(b.first).toBe(out.length);
    out.push(...b.records);
  }
  return out;
}
const asObjects = (records: string[][]) =>
  records.slice(1).map((r) => Object.fromEntries(records[0]!.map((h, i) => [h, r[i]!]).filter(([, v]) => v !== '')));

describe('vCard', () => {
  it('reads Apple, Google, Outlook and 4.0 cards, one a row, with headers the mapping reads', async () => {
    const records = await all(file(APPLE, GOOGLE, V4, OUTLOOK));
    expect(records[0]).toEqual([
      'Full Name', 'Name Prefix', 'First Name', 'Middle Name', 'Last Name', 'Organization', 'Department', 'Title',
      'Email (work)', 'Email (home)', 'Email 2 (home)', 'Email',
      'Phone (mobile)', 'Phone (work)',
      'Street', 'City', 'Region', 'Postal Code', 'Country', 'LinkedIn URL', 'Website',
    ]);
    expect(asObjects(records)).toEqual([
      {
        'Full Name': 'Dr. Gabriel José García Márquez', 'Name Prefix': 'Dr.', 'First Name': 'Gabriel', 'Middle Name': 'José',
        'Last Name': 'García Márquez', Organization: 'Acme, Inc.', Department: 'Sales', Title: 'VP Sales',
        'Email (work)': 'gabo@acme.com', 'Email (home)': 'gabo@home.net', 'Phone (mobile)': '+1 415 555 0100', 'Phone (work)': '+1 415 555 0101',
        Street: '1 Main St', City: 'Springfield', Region: 'IL', 'Postal Code': '62701', Country: 'United States',
        'LinkedIn URL': 'http://www.linkedin.com/in/gabo', Website: 'https://acme.com',
      },
      {
        'Full Name': 'Ann Lee', 'First Name': 'Ann', 'Last Name': 'Lee', 'Email (home)': 'ann@gmail.com', 'Email 2 (home)': 'ann.lee@yahoo.com',
        'Phone (work)': '(415) 555-0199', Street: '2 Oak Rd', City: 'Berlin', 'Postal Code': '10115', Country: 'Germany',
        'LinkedIn URL': 'https://www.linkedin.com/in/annlee',
      },
      { 'Full Name': 'Bo Ray', 'First Name': 'Bo', 'Last Name': 'Ray', 'Email (work)': 'bo@ray.io', 'Phone (mobile)': '+1-555-555-5555' },
      { 'Full Name': 'John Smith', 'First Name': 'John', 'Last Name': 'Smith', Organization: 'Smith Co', 'Phone (work)': '(111) 555-1212', Email: 'john@smith.co' },
    ]);
  });

  it('previews the first cards and counts them all; reads UTF-16 and keeps an unreadable card as an empty row', async () => {
    const cards = Array.from({ length: 30 }, (_, i) => `BEGIN:VCARD\nVERSION:3.0\nFN:P ${i}\nEMAIL:p${i}@x.test\nEND:VCARD`);
    const buf = file(...cards);
    const seen = await inspectVcard(() => chunks(buf, 64), { maxRecords: 5 });
    expect(seen.rows).toBe(31);
    expect(seen.records).toEqual([['Full Name', 'Email'], ['P 0', 'p0@x.test'], ['P 1', 'p1@x.test'], ['P 2', 'p2@x.test'], ['P 3', 'p3@x.test']]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(`${GOOGLE}\n`, 'utf-16le')]);
    expect(asObjects(await all(utf16, 5))[0]).toMatchObject({ 'Full Name': 'Ann Lee', 'Email 2 (home)': 'ann.lee@yahoo.com' });
    const broken = await all(file('BEGIN:VCARD\nVERSION:3.0\nFN;X="unclosed:Zed\nEND:VCARD', cards[0]!));
    expect(broken).toEqual([['Full Name', 'Email'], ['', ''], ['P 0', 'p0@x.test']]);
  });

  it('knows a vCard by its first line', () => {
    expect(isVcard('\uFEFF\r\n  \r\nBEGIN:VCARD\r\nVERSION:3.0')).toBe(true);
    expect(isVcard('begin:vcard\nversion:4.0')).toBe(true);
    expect(isVcard('Name,Email\nBEGIN:VCARD,x')).toBe(false);
  });
});

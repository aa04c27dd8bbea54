import { createHash } from 'node:crypto';

/**
 * The id of the record a staged row creates: a UUID v7 fixed by the import and the row
 * number, so reading the file again (after PostgreSQL's crash recovery emptied the unlogged
 * staging table) stages every row with the id it had, and records written before keep
 * matching their rows. Time part: the import's creation; then bits of the import id's hash;
 * the row number last, so an import's records are ordered as its file.
 */
export function rowIdMaker(importId: string, createdAt: Date): (rowNo: number) => string {
  const ts = Math.max(0, createdAt.getTime()).toString(16).padStart(12, '0').slice(-12);
  const h = createHash('sha256').update(importId).digest('hex');
  const variant = ((parseInt(h[3]!, 16) & 3) | 8).toString(16);
  const prefix = `${ts.slice(0, 8)}-${ts.slice(8, 12)}-7${h.slice(0, 3)}-${variant}${h.slice(4, 7)}-${h.slice(7, 11)}`;
  return (rowNo) => prefix + (rowNo >>> 0).toString(16).padStart(8, '0');
}

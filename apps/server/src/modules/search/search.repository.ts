import { sql } from 'drizzle-orm';
import type { SearchCompanyHit, SearchContactHit, SearchImportHit, SearchListHit } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import { escapeLike } from '../../lib/filters/compile.js';

/**
 * The palette's queries: each kind is one statement, every word a `like '%word%'` on a lower-case
 * text the workspace's trigram index covers (contacts and companies: search_text, migration 0100;
 * lists and imports: lower(name) / lower(file_name), migration 0740). Rows whose text starts with
 * the first word come first. Candidates are capped before ordering so a common fragment over a
 * million contacts reads a bounded number of rows.
 */
const CANDIDATES = 50;

const wordsOf = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
const allWords = (column: string, words: string[]) =>
  sql.join(
    words.map((w) => sql`${sql.raw(column)} like ${`%${escapeLike(w)}%`}`),
    sql` and `,
  );
const prefix = (words: string[]) => `${escapeLike(words[0]!)}%`;

export function createSearchRepository() {
  return {
    async contacts(tx: Tx, workspaceId: string, q: string, limit: number): Promise<SearchContactHit[]> {
      const words = wordsOf(q);
      if (!words.length) return [];
      const res = await tx.execute<SearchContactHit>(sql`
        select c.id, coalesce(nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), c.email, 'Unnamed contact') as name,
               c.email, (select x.name from companies x where x.workspace_id = c.workspace_id and x.id = c.company_id) as "companyName"
        from (select * from contacts c where c.workspace_id = ${workspaceId} and ${allWords('c.search_text', words)} limit ${CANDIDATES}) c
        order by (c.search_text like ${prefix(words)} or lower(coalesce(c.last_name, '')) like ${prefix(words)} or c.email like ${prefix(words)}) desc,
                 c.first_name nulls last, c.last_name nulls last, c.id
        limit ${limit}`);
      return res.rows;
    },

    async companies(tx: Tx, workspaceId: string, q: string, limit: number): Promise<SearchCompanyHit[]> {
      const words = wordsOf(q);
      if (!words.length) return [];
      const res = await tx.execute<SearchCompanyHit>(sql`
        select co.id, co.name, co.domain
        from (select * from companies co where co.workspace_id = ${workspaceId} and ${allWords('co.search_text', words)} limit ${CANDIDATES}) co
        order by (co.search_text like ${prefix(words)} or co.domain like ${prefix(words)}) desc, co.name, co.id
        limit ${limit}`);
      return res.rows;
    },

    async lists(tx: Tx, workspaceId: string, q: string, limit: number): Promise<SearchListHit[]> {
      const words = wordsOf(q);
      if (!words.length) return [];
      const res = await tx.execute<SearchListHit>(sql`
        select l.id, l.name, l.entity from lists l
        where l.workspace_id = ${workspaceId} and ${allWords('lower(l.name)', words)}
        order by lower(l.name) like ${prefix(words)} desc, l.updated_at desc, l.id
        limit ${limit}`);
      return res.rows;
    },

    async imports(tx: Tx, workspaceId: string, q: string, limit: number): Promise<SearchImportHit[]> {
      const words = wordsOf(q);
      if (!words.length) return [];
      const res = await tx.execute<SearchImportHit>(sql`
        select i.id, i.file_name as "fileName", i.status,
               to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
        from imports i
        where i.workspace_id = ${workspaceId} and ${allWords('lower(i.file_name)', words)}
        order by lower(i.file_name) like ${prefix(words)} desc, i.created_at desc, i.id
        limit ${limit}`);
      return res.rows;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;

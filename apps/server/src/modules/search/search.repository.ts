import { sql } from 'drizzle-orm';
import type { SearchCompanyHit, SearchContactHit, SearchImportHit, SearchListHit } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import { escapeLike } from '../../lib/filters/compile.js';

/**
 * The palette's queries. Every word must appear (`like '%word%'`) in a lower-case text the
 * workspace's trigram index covers (contacts and companies: search_text, migration 0100; lists
 * and imports: lower(name) / lower(file_name), migration 0740). Contacts and companies whose
 * name starts with the first word are looked up first through btree prefix indexes (0741): a
 * common prefix then reads a handful of rows instead of every trigram match; the trigram
 * search only fills what the prefixes left. Its candidates are capped before ordering.
 */
const CANDIDATES = 50;

const wordsOf = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
const allWords = (column: string, words: string[]) =>
  sql.join(
    words.map((w) => sql`${sql.raw(column)} like ${`%${escapeLike(w)}%`}`),
    sql` and `,
  );
const prefix = (words: string[]) => `${escapeLike(words[0]!)}%`;
/** A contact found by both its first and last name comes once (the first time). */
const dedupe = <T extends { id: string }>(rows: T[]) => rows.filter((r, i) => rows.findIndex((x) => x.id === r.id) === i);
/** The prefix query's ordering columns are not part of the answer. */
const strip = ({ id, name, email, companyName }: SearchContactHit): SearchContactHit => ({ id, name, email, companyName });

export function createSearchRepository() {
  return {
    /**
     * For the rest of the transaction, a trigram scan of a fragment common to many rows stops
     * near this many candidates instead of collecting every match (a few of each kind are shown).
     */
    async boundTrigramScans(tx: Tx) {
      await tx.execute(sql`set local gin_fuzzy_search_limit = 2000`);
    },

    async contacts(tx: Tx, workspaceId: string, q: string, limit: number): Promise<SearchContactHit[]> {
      const words = wordsOf(q);
      if (!words.length) return [];
      const columns = sql`c.id, coalesce(nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), c.email, 'Unnamed contact') as name,
        c.email, (select x.name from companies x where x.workspace_id = c.workspace_id and x.id = c.company_id) as "companyName"`;
      const where = sql`c.workspace_id = ${workspaceId} and ${allWords('c.search_text', words)}`;
      // first name, then last name starting with the first word (each an index range); the
      // prefix implies the first word's "contains", which is left out so that the planner
      // doesn't combine the range with a trigram scan of every row containing it
      const rest = sql`c.workspace_id = ${workspaceId}${words.length > 1 ? sql` and ${allWords('c.search_text', words.slice(1))}` : sql``}`;
      const starts = await tx.execute<SearchContactHit>(sql`
        select * from (
          (select ${columns}, 0 as k, c.search_text as o from contacts c
           where ${rest} and c.search_text like ${prefix(words)} order by c.search_text limit ${limit})
          union
          (select ${columns}, 1 as k, lower(c.last_name) as o from contacts c
           where ${rest} and lower(c.last_name) like ${prefix(words)} order by lower(c.last_name) limit ${limit})
        ) p order by k, o, id limit ${limit}`);
      const hits = dedupe(starts.rows).slice(0, limit);
      if (hits.length >= limit) return hits.map(strip);
      const more = await tx.execute<SearchContactHit>(sql`
        select ${columns}
        from (select * from contacts c where ${where}
              and c.id <> all(${sql.param(hits.map((h) => h.id))}::uuid[]) limit ${CANDIDATES}) c
        order by c.email like ${prefix(words)} desc, c.first_name nulls last, c.last_name nulls last, c.id
        limit ${limit - hits.length}`);
      return [...hits, ...more.rows].map(strip);
    },

    async companies(tx: Tx, workspaceId: string, q: string, limit: number): Promise<SearchCompanyHit[]> {
      const words = wordsOf(q);
      if (!words.length) return [];
      const where = sql`co.workspace_id = ${workspaceId} and ${allWords('co.search_text', words)}`;
      const others = words.length > 1 ? sql` and ${allWords('co.search_text', words.slice(1))}` : sql``;
      const starts = await tx.execute<SearchCompanyHit>(sql`
        select co.id, co.name, co.domain from companies co
        where co.workspace_id = ${workspaceId}${others} and co.search_text like ${prefix(words)} order by co.search_text, co.id limit ${limit}`);
      if (starts.rows.length >= limit) return starts.rows;
      const more = await tx.execute<SearchCompanyHit>(sql`
        select co.id, co.name, co.domain
        from (select * from companies co where ${where}
              and co.id <> all(${sql.param(starts.rows.map((h) => h.id))}::uuid[]) limit ${CANDIDATES}) co
        order by co.domain like ${prefix(words)} desc, co.name, co.id
        limit ${limit - starts.rows.length}`);
      return [...starts.rows, ...more.rows];
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

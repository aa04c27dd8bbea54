import { sql, type SQL } from 'drizzle-orm';
import type { SearchResult } from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import { escapeLike } from '../../lib/filters/compile.js';

/**
 * The palette's query: every word must appear (`like '%word%'`) in a lower-case text the
 * workspace's trigram index covers (contacts and companies: search_text, migration 0100; lists
 * and imports: lower(name) / lower(file_name), migration 0740). Contacts and companies whose
 * name starts with the first word are looked up first through btree prefix indexes (0741): a
 * common prefix then reads a handful of rows instead of every trigram match, and the trigram
 * search runs only when the prefixes found too few (its candidates capped before ordering).
 * All four kinds are one statement: one round trip however many kinds answer.
 */
const CANDIDATES = 50;

const wordsOf = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
/**
 * A word and the spellings a person types for it: German's ß is written ss on most keyboards
 * ("strauss" finds Strauß, "strauß" finds Strauss). Each is its own trigram condition (OR'ed, the
 * index answers each), not a function over the column, which no index would serve.
 */
export const spellingsOf = (word: string): string[] => {
  const spellings = new Set([word]);
  if (word.includes('ss')) spellings.add(word.replaceAll('ss', 'ß'));
  if (word.includes('ß')) spellings.add(word.replaceAll('ß', 'ss'));
  return [...spellings];
};
const allWords = (column: string, words: string[]) =>
  sql.join(
    words.map((w) => {
      const likes = spellingsOf(w).map((s) => sql`${sql.raw(column)} like ${`%${escapeLike(s)}%`}`);
      return likes.length === 1 ? likes[0]! : sql`(${sql.join(likes, sql` or `)})`;
    }),
    sql` and `,
  );
const none = sql`'[]'::json`;

/** Contacts: first names, then last names starting with the first word; then any containing every word. */
function contactsJson(workspaceId: string, words: string[], limit: number): SQL {
  const prefix = `${escapeLike(words[0]!)}%`;
  // issue 26: one word (an address, a number) also finds a contact by its additional emails and phones
  const channel =
    words.length === 1
      ? sql` or c.id = any (array(select ch.contact_id from contact_channels ch
          where ch.workspace_id = ${workspaceId} and ch.value like ${`%${escapeLike(words[0]!)}%`}))`
      : sql``;
  const where = sql`c.workspace_id = ${workspaceId} and (${allWords('c.search_text', words)}${channel})`;
  // the prefix implies the first word's "contains", left out so that the planner reads the
  // btree range instead of combining it with a trigram scan of every row containing the word;
  // ordered by the index's own (bytewise, text_pattern_ops) order, it stops after `limit` rows
  const others = words.length > 1 ? sql` and ${allWords('c.search_text', words.slice(1))}` : sql``;
  const rest = sql`c.workspace_id = ${workspaceId}${others}`;
  return sql`(
    with starts as (
      select id, min(k) as k, min(o) as o from (
        (select c.id, 0 as k, c.search_text as o from contacts c
         where ${rest} and c.search_text like ${prefix} order by c.search_text using ~<~ limit ${limit})
        union all
        (select c.id, 1 as k, lower(c.last_name) as o from contacts c
         where ${rest} and lower(c.last_name) like ${prefix} order by lower(c.last_name) using ~<~ limit ${limit})
      ) x group by id
    ), firsts as (
      select id, row_number() over (order by k, o, id) as r from starts order by k, o, id limit ${limit}
    ), more as (
      select c.id, ${limit} + row_number() over (order by c.email like ${prefix} desc, c.first_name nulls last, c.last_name nulls last, c.id) as r
      from (select * from contacts c where ${where} and c.id not in (select id from firsts)
              and (select count(*) from firsts) < ${limit} limit ${CANDIDATES}) c
    ), hits as (
      select id, r from firsts union all select id, r from more order by r limit ${limit}
    )
    select coalesce(json_agg(json_build_object(
      'id', c.id,
      'name', coalesce(nullif(trim(coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '')), ''), c.email, 'Unnamed contact'),
      'email', c.email,
      'companyName', (select x.name from companies x where x.workspace_id = c.workspace_id and x.id = c.company_id)
    ) order by h.r), ${none})
    from hits h join contacts c on c.workspace_id = ${workspaceId} and c.id = h.id)`;
}

/** Companies: names starting with the first word, then any containing every word (domain prefixes first). */
function companiesJson(workspaceId: string, words: string[], limit: number): SQL {
  const prefix = `${escapeLike(words[0]!)}%`;
  const where = sql`co.workspace_id = ${workspaceId} and ${allWords('co.search_text', words)}`;
  const others = words.length > 1 ? sql` and ${allWords('co.search_text', words.slice(1))}` : sql``;
  return sql`(
    with firsts as (
      select co.id, co.name, co.domain, row_number() over (order by co.search_text, co.id) as r from (
        select * from companies co where co.workspace_id = ${workspaceId}${others} and co.search_text like ${prefix}
        order by co.search_text using ~<~ limit ${limit}) co
    ), more as (
      select co.id, co.name, co.domain,
             ${limit} + row_number() over (order by co.domain like ${prefix} desc, co.name, co.id) as r
      from (select * from companies co where ${where} and co.id not in (select id from firsts)
              and (select count(*) from firsts) < ${limit} limit ${CANDIDATES}) co
    ), hits as (
      select * from firsts union all select * from more order by r limit ${limit}
    )
    select coalesce(json_agg(json_build_object('id', id, 'name', name, 'domain', domain) order by r), ${none}) from hits)`;
}

function listsJson(workspaceId: string, words: string[], limit: number): SQL {
  const prefix = `${escapeLike(words[0]!)}%`;
  return sql`(
    select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'entity', l.entity) order by l.r), ${none}) from (
      select l.id, l.name, l.entity, row_number() over (order by lower(l.name) like ${prefix} desc, l.updated_at desc, l.id) as r
      from lists l where l.workspace_id = ${workspaceId} and ${allWords('lower(l.name)', words)}
      order by r limit ${limit}) l)`;
}

function importsJson(workspaceId: string, words: string[], limit: number): SQL {
  const prefix = `${escapeLike(words[0]!)}%`;
  return sql`(
    select coalesce(json_agg(json_build_object(
      'id', i.id, 'fileName', i.file_name, 'status', i.status,
      'createdAt', to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    ) order by i.r), ${none}) from (
      select i.id, i.file_name, i.status, i.created_at,
             row_number() over (order by lower(i.file_name) like ${prefix} desc, i.created_at desc, i.id) as r
      from imports i where i.workspace_id = ${workspaceId} and ${allWords('lower(i.file_name)', words)}
      order by r limit ${limit}) i)`;
}

export function createSearchRepository() {
  return {
    /**
     * For the rest of the transaction, a trigram scan of a fragment common to many rows stops
     * near this many candidates instead of collecting every match (a few of each kind are shown).
     */
    async boundTrigramScans(tx: Tx) {
      await tx.execute(sql`set local gin_fuzzy_search_limit = 2000`);
    },

    /** The first `limit` matches of each kind, in one statement. */
    async search(tx: Tx, workspaceId: string, q: string, limit: number): Promise<SearchResult> {
      const words = wordsOf(q);
      if (!words.length) return { contacts: [], companies: [], lists: [], imports: [] };
      const res = await tx.execute<{ result: SearchResult }>(sql`
        select json_build_object(
          'contacts', ${contactsJson(workspaceId, words, limit)},
          'companies', ${companiesJson(workspaceId, words, limit)},
          'lists', ${listsJson(workspaceId, words, limit)},
          'imports', ${importsJson(workspaceId, words, limit)}
        ) as result`);
      return res.rows[0]!.result;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;

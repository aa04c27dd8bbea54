import { sql, type SQL } from 'drizzle-orm';
import {
  verifiedEmailStatuses,
  employeeRanges,
  prospectDepartments,
  prospectFacetNames,
  prospectFilterFields,
  revenueRanges,
  seniorities,
  type FilterNode,
  type ProspectFacetName,
  type ProspectScope,
} from '@leadtrail/contracts';
import type { Tx } from '../../core/unit-of-work.js';
import { invalidField } from '../../lib/errors.js';
import { valueHashSql } from '../../lib/value-hash.sql.js';
import { compileFilter, escapeLike, type FieldDef, type FieldRegistry } from '../../lib/filters/compile.js';
import { keysetPage } from '../../lib/filters/grid-query.js';
import { resolveSort } from '../../lib/filters/keyset.js';
import { suppressedFlagSql, suppressionMatchSql } from '../suppressions/suppression-match.sql.js';
import { FACET_COLUMNS, facetGroupingSql, type FacetCountRow } from './prospect-facets.sql.js';
import { facetColumnsBuilder, KEYWORD_FIELDS, type FacetColumns, type KeywordField } from './prospect-facet-index.js';
import type { ExceptionArrays, ScopeIds } from './prospect-exceptions.js';

/**
 * The only file that queries the prospect tables for the app (as the app's role: the people
 * are read-only to it; a workspace's own rows — contacts, suppressions, reveals — are under
 * row-level security). Design: docs/decisions/0017-prospect-search-and-facets.md.
 *
 * No statement here joins a prospect table with a workspace table (decision 0043): a method
 * reads either the prospect tables (its executor named `ptx` or passed through ProspectReads by
 * the service: the prospects database when PROSPECTS_DATABASE_URL is set) or the workspace's
 * tables (`tx`, the use case's transaction in the app's database), never both.
 *
 * A workspace's "exceptions" — people already mine (a contact with the same email or LinkedIn
 * URL, or a reveal) and people it suppresses — are found from the workspace's side (its
 * contacts, reveals and suppression entries, usually few) by index probes into the people,
 * never by checking a workspace's rows for each of a million people.
 */

export type ProspectSearch = {
  q?: string | null;
  filter: FilterNode | null;
  scope: ProspectScope;
  includeSuppressed: boolean;
};

export type ProspectRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  seniority: string | null;
  department: string | null;
  email: string | null;
  emailStatus: string | null;
  phone: string | null;
  linkedinUrl: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  companyName: string | null;
  companyDomain: string | null;
  industry: string | null;
  employeeRange: string | null;
  revenueRange: string | null;
};

export type ProspectMarkers = {
  id: string;
  contactId: string | null;
  alreadyMine: boolean;
  emailRevealed: boolean;
  phoneRevealed: boolean;
  suppressed: boolean;
};

/** What this workspace's own tables say of a person (app database), beside the person's row. */
export type WorkspaceMarkers = ProspectMarkers & {
  hasReveal: boolean;
  /** The person's address is the one this workspace was refunded for: never handed back, never charged. */
  emailRefunded: boolean;
};

/** A person and their company for the profile drawer (the company's columns are null without one). */
export type PersonRow = ProspectRow & {
  companyId: string | null;
  coName: string | null;
  coDomain: string | null;
  coIndustry: string | null;
  coEmployeeRange: string | null;
  coRevenueRange: string | null;
  coCity: string | null;
  coRegion: string | null;
  coCountry: string | null;
  coPeople: number | null;
};

/** A person to reveal as the prospect tables give it: real email and phone, the company as a revealed contact's company needs it. */
export type RevealPersonRow = ProspectRow & {
  companyId: string | null;
  companyEmployeeCount: number | null;
  companyCity: string | null;
  companyRegion: string | null;
  companyCountry: string | null;
};

/** A person to reveal with this workspace's markers. */
export type RevealCandidateRow = RevealPersonRow & {
  suppressed: boolean;
  /** An existing contact of this workspace for the person (same email or LinkedIn URL, or the reveal's). */
  contactId: string | null;
  emailRevealed: boolean;
  phoneRevealed: boolean;
  /** The person's address is the one this workspace was refunded for: never handed back, never charged. */
  emailRefunded: boolean;
};

/** What a person is matched by (imports' enrichment): LinkedIn URL, email, first + last name and company domain. */
export type MatchKeys = { linkedin: string | null; email: string | null; first: string | null; last: string | null; domain: string | null };
/** The person a key set matched, by the keys' index (from 1). */
export type ProspectMatch = {
  i: number;
  matchedBy: 'linkedin' | 'email' | 'name_domain';
  id: string;
  email: string | null;
  emailStatus: 'valid' | 'risky' | 'invalid' | 'unknown' | null;
  phone: string | null;
};

const option = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const field = (name: keyof typeof prospectFilterFields, expr: string, options?: readonly string[]): [string, FieldDef] => [
  name,
  { label: prospectFilterFields[name].label, kind: prospectFilterFields[name].kind, expr: sql.raw(expr), ...(options ? { options: option(options) } : {}) },
];

/** The filter language's fields over prospect_people p (text ones compare lower(), as the indexes do). */
const FILTER_FIELDS: FieldRegistry = new Map([
  field('jobTitle', 'p.title'),
  field('seniority', 'p.seniority', seniorities),
  field('department', 'p.department', prospectDepartments),
  field('companyName', 'p.company_name'),
  field('companyDomain', 'p.company_domain'),
  field('industry', 'p.industry'),
  field('employeeRange', 'p.employee_range', employeeRanges),
  field('revenueRange', 'p.revenue_range', revenueRanges),
  field('country', 'p.country'),
  field('region', 'p.region'),
  field('city', 'p.city'),
  field('emailStatus', 'p.email_status', verifiedEmailStatuses),
  field('hasEmail', 'p.has_email'),
  field('hasPhone', 'p.has_phone'),
]);

const sortField = (expr: string, type: 'text' | 'uuid', nullable: boolean): FieldDef => ({
  label: expr,
  kind: 'text',
  expr: sql.raw(expr),
  sort: { expr: sql.raw(expr), type, nullable },
});
const SORT_FIELDS: FieldRegistry = new Map([
  ['relevance', sortField('p.id', 'uuid', false)],
  ['lastName', sortField('p.last_name', 'text', true)],
  ['firstName', sortField('p.first_name', 'text', true)],
  ['jobTitle', sortField('p.title', 'text', true)],
  ['companyName', sortField('p.company_name', 'text', true)],
  ['country', sortField('p.country', 'text', true)],
]);

/** The keyword fields' columns of prospect_people (the tsvector `search` is made of these). */
const KEYWORD_COLUMNS: Record<KeywordField, string> = { firstName: 'first_name', lastName: 'last_name', title: 'title', companyName: 'company_name' };

const MAX_DEPTH = 8;
const MAX_CONDITIONS = 200;
const escapeRegex = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * "Job title contains …" (one value or a list: any of them) matches from the start of a word
 * of the title (`eng` finds "Engineering Manager", `gineer` does not): the keywords' GIN index
 * narrows by word prefix, a regular expression on the title confirms. No trigram index needed.
 */
function titleContains(value: unknown): SQL {
  const values = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v.trim() : ''));
  if (!values.length || values.some((v) => !v)) throw invalidField('query.filter', 'Job title: "contains" needs a text or a list of texts');
  const one = (v: string) => {
    const tsq = keywordQuery(v);
    const re = sql`p.title ~* ${`\\m${escapeRegex(v)}`}`;
    return tsq ? sql`(p.search @@ to_tsquery('simple', ${tsq}) and ${re})` : re;
  };
  return values.length === 1 ? one(values[0]!) : sql`(${sql.join(values.map(one), sql` or `)})`;
}

/** The filter tree as SQL over p: the grid's compiler per condition, job title's "contains" as above. */
function compileProspectFilter(node: FilterNode): SQL {
  let conditions = 0;
  const walk = (n: FilterNode, depth: number): SQL | null => {
    if (depth > MAX_DEPTH) throw invalidField('query.filter', `Filters nest at most ${MAX_DEPTH} levels deep`);
    if ('and' in n || 'or' in n) {
      const children = ('and' in n ? n.and : n.or).map((c) => walk(c, depth + 1)).filter((c): c is SQL => c !== null);
      if (children.length === 0) return null;
      if (children.length === 1) return children[0]!;
      return sql`(${sql.join(children, 'and' in n ? sql` and ` : sql` or `)})`;
    }
    if (++conditions > MAX_CONDITIONS) throw invalidField('query.filter', `Use at most ${MAX_CONDITIONS} conditions`);
    if (n.field === 'jobTitle' && n.op === 'contains') return titleContains(n.value);
    return compileFilter(n, FILTER_FIELDS).where;
  };
  return walk(node, 0) ?? sql`true`;
}

/** The filter without the top-level conditions on one field (a facet counts as if its own choice were not made). */
export function withoutField(filter: FilterNode | null, name: string): FilterNode | null {
  if (!filter) return null;
  if ('and' in filter) return { and: filter.and.filter((n) => !('field' in n && n.field === name)) };
  if ('field' in filter && filter.field === name) return null;
  return filter;
}

/** Whether the filter has a top-level condition on the field. */
export function constrains(filter: FilterNode | null, name: string): boolean {
  if (!filter) return false;
  if ('and' in filter) return filter.and.some((n) => 'field' in n && n.field === name);
  return 'field' in filter && filter.field === name;
}

/** Keywords as a prefix tsquery: every word must start a word of the name, title or company. */
export function keywordQuery(q: string | null | undefined): string | null {
  const words = (q ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 12);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** filter + keywords as one WHERE over p (no workspace part). */
export function searchWhere(filter: FilterNode | null, q: string | null | undefined): SQL {
  const parts: SQL[] = [];
  if (filter) {
    parts.push(compileProspectFilter(filter));
  }
  const tsq = keywordQuery(q);
  if (tsq) parts.push(sql`p.search @@ to_tsquery('simple', ${tsq})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

// --- the workspace's exceptions: two steps, never a join of a prospect table with a workspace table ---
// (decision 0043: the prospect tables may live in a database of their own). The workspace's side
// (contacts, reveals, suppression entries; RLS scopes them, the explicit workspace lets indexes
// lead) is read on the app's transaction; the people are probed with those values as arrays on
// the prospect tables' executor; THE suppression check then runs in the app's database over the
// candidates' emails.

const wsId = (ws: string) => sql`${ws}::uuid`;
/** One array parameter (drizzle would spread a JS array into a row); the ids are validated UUIDs. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/** A text array parameter (pg quotes each element). */
const textArray = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;

/** Values per probe statement: a statement stays short however many contacts a workspace has. */
const PROBE_CHUNK = 20_000;
const chunks = <T>(values: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += PROBE_CHUNK) out.push(values.slice(i, i + PROBE_CHUNK));
  return out;
};

/** What a workspace's exceptions are made of, read from its own tables (app database). */
export type ExceptionKeys = {
  revealed: string[];
  emails: string[];
  linkedinUrls: string[];
  suppressions: { email: string[]; domain: string[]; hash: string[] };
};

/** A person found by a probe: mine (by reveal, email or LinkedIn URL) or a suppression candidate. */
export type ExceptionProbeRow = { id: string; pos: number | null; email: string | null; mine: boolean; candidate: boolean };

const EMAIL_DOMAIN_REV = sql.raw(`(reverse(split_part(sp.email, '@', 2)) collate "C")`);

/**
 * Per kind of key, the lateral probe into the people (offset 0 keeps it one: misjudging the
 * sizes, the planner otherwise hashes all million people, seconds per request at 1M). Suppression
 * candidates: the email, the domain and its subdomains as a range of reversed domains, the hash.
 */
const PROBES: Record<'revealed' | 'emails' | 'linkedinUrls' | 'email' | 'domain' | 'hash', { mine: boolean; values: (v: SQL) => SQL; probe: SQL }> = {
  revealed: { mine: true, values: (v) => sql`unnest(${v}::uuid[])`, probe: sql`sp.id = k.v` },
  emails: { mine: true, values: (v) => sql`unnest(${v}::text[])`, probe: sql`sp.email = k.v` },
  linkedinUrls: { mine: true, values: (v) => sql`unnest(${v}::text[])`, probe: sql`sp.linkedin_url = k.v` },
  email: { mine: false, values: (v) => sql`unnest(${v}::text[])`, probe: sql`sp.email = k.v` },
  domain: {
    mine: false,
    values: (v) => sql`unnest(${v}::text[])`,
    probe: sql`sp.email is not null and ${EMAIL_DOMAIN_REV} >= (reverse(k.v) collate "C") and ${EMAIL_DOMAIN_REV} < ((reverse(k.v) || '/') collate "C")`,
  },
  hash: { mine: false, values: (v) => sql`unnest(${v}::text[])`, probe: sql`sp.email is not null and prospect_email_sha256(sp.email) = decode(k.v, 'hex')` },
};

/**
 * The scope and suppression conditions of a search (over p), from the workspace's exceptions
 * found beforehand (prospect-exceptions.ts) as constant arrays: PostgreSQL hashes a constant
 * `<> all(array)` once per query. A `not in (subquery)` here was the 5M cliff (decision 0040):
 * once the subquery's estimate outgrew work_mem, its list was scanned again for every person
 * the page walked past, seconds instead of milliseconds.
 */
function workspaceWhere(ids: ScopeIds, scope: ProspectScope, includeSuppressed: boolean): SQL {
  const parts: SQL[] = [];
  if (scope === 'net_new') parts.push(sql`p.id <> all(${ids.mine}::uuid[])`);
  if (scope === 'mine') parts.push(sql`p.id = any(${ids.mine}::uuid[])`);
  if (!includeSuppressed) parts.push(sql`p.id <> all(${ids.suppressed}::uuid[])`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * A prepared statement may switch to a generic plan, where the arrays above are parameters
 * (scanned per row, not hashed): the statements that take them are planned with their values.
 */
const customPlans = (tx: Tx) => tx.execute(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`);

const ROW_COLUMNS = sql.raw(`p.id, p.first_name as "firstName", p.last_name as "lastName", p.title as "jobTitle",
  p.seniority, p.department, p.email, p.email_status as "emailStatus", p.phone, p.linkedin_url as "linkedinUrl",
  p.city, p.region, p.country, p.company_name as "companyName", p.company_domain as "companyDomain", p.industry,
  p.employee_range as "employeeRange", p.revenue_range as "revenueRange"`);

export type FacetPass = {
  /** Counted over the search with these facets' own conditions dropped (or all the filter). */
  where: SQL;
  /** The empty search: read the precomputed counts instead of counting a million rows. */
  empty: boolean;
  facets: readonly ProspectFacetName[];
};

export type ExceptionCountRow = FacetCountRow & { mine: boolean; suppressed: boolean };

export function createProspectsRepository() {
  return {
    searchWhere,

    async page(
      ptx: Tx,
      search: ProspectSearch,
      ids: ScopeIds,
      paging: { sort?: string; cursor: { v: string | null; id: string } | null; limit: number },
    ) {
      const sort = resolveSort(paging.sort, SORT_FIELDS, 'relevance');
      await customPlans(ptx);
      return keysetPage<ProspectRow>(ptx, {
        select: ROW_COLUMNS,
        from: sql`prospect_people p`,
        where: sql`${searchWhere(search.filter, search.q)} and ${workspaceWhere(ids, search.scope, search.includeSuppressed)}`,
        idExpr: sql`p.id`,
        sort,
        cursor: paging.cursor,
        limit: paging.limit,
      });
    },

    resolveSort: (sort: string | undefined) => resolveSort(sort, SORT_FIELDS, 'relevance'),

    /**
     * This workspace's markers of some people (app database: its reveals, its contacts by the
     * person's email or LinkedIn URL, THE suppression check on the email), from the people's own
     * values read beforehand in the prospect tables: index probes per person, for a page, never
     * for a whole search.
     */
    async markers(tx: Tx, ws: string, people: { id: string; email: string | null; linkedinUrl: string | null }[]): Promise<WorkspaceMarkers[]> {
      if (!people.length) return [];
      const res = await tx.execute<{
        id: string;
        revealContactId: string | null;
        emailRevealed: boolean;
        phoneRevealed: boolean;
        hasReveal: boolean;
        contactId: string | null;
        suppressed: boolean;
        emailRefunded: boolean;
      }>(sql`
        select x.id,
          r.contact_id as "revealContactId",
          coalesce(r.email_revealed, false) as "emailRevealed",
          coalesce(r.phone_revealed, false) as "phoneRevealed",
          (r.prospect_id is not null) as "hasReveal",
          coalesce(r.contact_id,
            (select c.id from contacts c where c.workspace_id = ${wsId(ws)} and c.email = x.email limit 1),
            (select c.id from contacts c where c.workspace_id = ${wsId(ws)} and c.linkedin_url = x.linkedin_url limit 1)) as "contactId",
          ${suppressedFlagSql(ws, sql`x.email`)} as suppressed,
          coalesce(r.email_refunded_hash = ${valueHashSql(sql`x.email`)}, false) as "emailRefunded"
        from unnest(${uuidArray(people.map((p) => p.id))}, ${textArray(people.map((p) => p.email))}, ${textArray(people.map((p) => p.linkedinUrl))}) x(id, email, linkedin_url)
        left join prospect_reveals r on r.workspace_id = ${wsId(ws)} and r.prospect_id = x.id`);
      return res.rows.map((r) => ({
        id: r.id,
        contactId: r.contactId,
        hasReveal: r.hasReveal,
        alreadyMine: r.hasReveal || r.contactId !== null,
        emailRevealed: r.emailRevealed,
        phoneRevealed: r.phoneRevealed,
        suppressed: r.suppressed,
        emailRefunded: r.emailRefunded,
      }));
    },

    /**
     * One person and their company with its number of people (the profile drawer; the
     * workspace's markers come from `markers`); undefined when the id is not in the database.
     */
    async person(ptx: Tx, id: string): Promise<PersonRow | undefined> {
      const res = await ptx.execute<PersonRow>(sql`
        select ${ROW_COLUMNS},
          pc.id as "companyId", pc.name as "coName", pc.domain as "coDomain", pc.industry as "coIndustry",
          pc.employee_range as "coEmployeeRange", pc.revenue_range as "coRevenueRange",
          pc.city as "coCity", pc.region as "coRegion", pc.country as "coCountry",
          (select count(*)::int from prospect_people x where x.company_id = pc.id) as "coPeople"
        from prospect_people p
        left join prospect_companies pc on pc.id = p.company_id
        where p.id = ${id}`);
      return res.rows[0];
    },

    /** Counts of the search's rows (no workspace part): precomputed for the empty search. */
    async facetCounts(ptx: Tx, pass: FacetPass): Promise<FacetCountRow[]> {
      if (pass.empty) {
        const res = await ptx.execute<FacetCountRow>(sql`
          select dimension, nullif(value, '') as value, count from prospect_facet_counts
          where dimension = 'total' or dimension = any(${`{${pass.facets.join(',')}}`}::text[])`);
        return res.rows;
      }
      const res = await ptx.execute<FacetCountRow>(facetGroupingSql(pass.facets, sql`prospect_people p`, pass.where));
      return res.rows;
    },

    /**
     * The same counts over the workspace's exceptions only (given as arrays: found beforehand,
     * prospect-exceptions.ts), split by mine/suppressed: what the scope and the suppression
     * hiding take away from (or, for scope mine, make up) the counts.
     */
    async exceptionCounts(ptx: Tx, ex: ExceptionArrays, pass: FacetPass): Promise<ExceptionCountRow[]> {
      const from = sql`unnest(${ex.ids}::uuid[], ${ex.mine}::boolean[], ${ex.suppressed}::boolean[]) x(id, mine, suppressed)
        cross join lateral (select * from prospect_people p where p.id = x.id offset 0) p`;
      const cols = pass.facets.map((f) => sql.raw(FACET_COLUMNS[f]));
      const dimension = pass.facets.length
        ? sql`case ${sql.join(pass.facets.map((f, i) => sql`when grouping(${cols[i]!}) = 0 then ${f}`), sql` `)} else 'total' end`
        : sql`'total'`;
      const value = pass.facets.length ? sql`coalesce(${sql.join(cols, sql`, `)})` : sql`null::text`;
      const sets = sql.join([...cols.map((c) => sql`(${c}, x.mine, x.suppressed)`), sql`(x.mine, x.suppressed)`], sql`, `);
      const res = await ptx.execute<ExceptionCountRow>(sql`
        select ${dimension} as dimension, ${value} as value, x.mine, x.suppressed, count(*) as count
        from ${from} where ${pass.where}
        group by grouping sets (${sets})`);
      return res.rows;
    },

    /** Which load the prospect database holds now (null before the first load with positions). */
    async loadStamp(ptx: Tx): Promise<string | null> {
      const res = await ptx.execute<{ value: string }>(sql`select value from prospect_facet_counts where dimension = 'load'`);
      return res.rows[0]?.value ?? null;
    },

    /**
     * The facet and keyword columns by position, in batches (null when some person has no
     * position: data loaded before positions existed), each keyword dictionary entry with its
     * lexemes as the search's tsvector has them.
     */
    async facetColumns(ptx: Tx, load: string): Promise<FacetColumns | null> {
      const shape = await ptx.execute<{ n: string; missing: string; top: number | null }>(
        sql`select count(*) as n, count(*) filter (where pos is null) as missing, max(pos) as top from prospect_people`,
      );
      const { n, missing, top } = shape.rows[0]!;
      if (Number(missing) > 0 || (Number(n) > 0 && top !== Number(n) - 1)) return null;
      const size = Number(n);
      const builder = facetColumnsBuilder(load, size);
      // a batch comes back as one string per column, values split by a record separator (same row
      // order in every aggregate; empty = none, as the codes have it): parsing a million rows field
      // by field cost a web process about a minute at 5M people, this a few seconds. A value holding
      // the separator (the counts disagree) sends that batch again as JSON arrays, exact whatever the text.
      const exprs: [string, string][] = [
        ...prospectFacetNames.map((f) => [f, FACET_COLUMNS[f]] as [string, string]),
        ...KEYWORD_FIELDS.map((f) => [f, `p.${KEYWORD_COLUMNS[f]}`] as [string, string]),
      ];
      const SEP = '\x1e';
      const joined = exprs.map(([f, e]) => `string_agg(coalesce(${e}, ''), E'\\x1e') as "${f}"`).join(', ');
      const asJson = exprs.map(([f, e]) => `json_agg(${e}) as "${f}"`).join(', ');
      const BATCH = 100_000;
      for (let from = 0; from < size; from += BATCH) {
        const range = sql`from prospect_people p where pos >= ${from} and pos < ${from + BATCH}`;
        const res = await ptx.execute<Record<string, string | null>>(sql`select string_agg(pos::text, ',') as pos, ${sql.raw(joined)} ${range}`);
        const row = res.rows[0]!;
        if (!row.pos) continue;
        let pos = row.pos.split(',').map(Number);
        let values = exprs.map(([f]) => row[f]!.split(SEP));
        if (values.some((v) => v.length !== pos.length)) {
          const exact = (await ptx.execute<Record<string, (string | number | null)[]>>(sql`select json_agg(pos) as pos, ${sql.raw(asJson)} ${range}`)).rows[0]!;
          pos = exact.pos as number[];
          values = exprs.map(([f]) => exact[f]!.map((v) => (v === null ? '' : String(v))));
        }
        exprs.forEach(([f], c) => {
          const col = values[c]!;
          const isFacet = c < prospectFacetNames.length;
          for (let i = 0; i < pos.length; i++) {
            if (isFacet) builder.set(pos[i]!, f as ProspectFacetName, col[i]!);
            else builder.setWord(pos[i]!, f as KeywordField, col[i]!);
          }
        });
      }
      const lexemes = {} as Record<KeywordField, string[]>;
      for (const f of KEYWORD_FIELDS) {
        const values = builder.wordValues(f);
        const out: string[] = [];
        for (let i = 0; i < values.length; i += BATCH) {
          const res = await ptx.execute<{ l: string[] | null }>(sql`
            select json_agg(array_to_string(tsvector_to_array(to_tsvector('simple', v)), ' ') order by u.i) as l
            from jsonb_array_elements_text(${JSON.stringify(values.slice(i, i + BATCH))}::jsonb) with ordinality u(v, i)`);
          out.push(...(res.rows[0]!.l ?? []));
        }
        lexemes[f] = out;
      }
      return builder.done(lexemes);
    },

    /**
     * The keywords' prefixes as PostgreSQL normalises them (`'sales':* & 'manager':*` → sales,
     * manager), or null when the query is anything but an AND of prefixes (then SQL answers).
     */
    async keywordPrefixes(tx: Tx, q: string | null | undefined): Promise<string[] | null> {
      const tsq = keywordQuery(q);
      if (!tsq) return null;
      const res = await tx.execute<{ t: string }>(sql`select to_tsquery('simple', ${tsq})::text as t`);
      const parts = res.rows[0]!.t.split(' & ');
      const prefixes = parts.map((part) => /^'((?:[^']|'')+)':\*$/.exec(part)?.[1]?.replace(/''/g, "'"));
      return prefixes.length && prefixes.length <= 12 && prefixes.every((x) => x !== undefined && !x.includes(' ')) ? (prefixes as string[]) : null;
    },

    /** Positions of the people matching a WHERE over p. */
    async positions(ptx: Tx, where: SQL, size: number): Promise<Int32Array> {
      const res = await ptx.execute<{ pos: number }>(sql`select pos from prospect_people p where ${where}`);
      const out = new Int32Array(res.rows.length);
      let n = 0;
      for (const r of res.rows) if (r.pos !== null && r.pos < size) out[n++] = r.pos;
      return out.subarray(0, n);
    },

    /**
     * What the workspace's exceptions depend on, as one string: the emails and LinkedIn URLs of
     * its contacts, its reveals and its suppression entries, each as a count and a sum of
     * hashes (index-only scans: milliseconds where finding the exceptions takes a probe into
     * the people per contact). Equal strings: the exceptions are the same as before.
     */
    async exceptionsFingerprint(tx: Tx, ws: string): Promise<string> {
      const res = await tx.execute<{ fp: string }>(sql`
        select concat_ws('|',
          (select count(*) || ':' || coalesce(sum(hashtext(c.email)), 0) from contacts c where c.workspace_id = ${wsId(ws)} and c.email is not null),
          (select count(*) || ':' || coalesce(sum(hashtext(c.linkedin_url)), 0) from contacts c where c.workspace_id = ${wsId(ws)} and c.linkedin_url is not null),
          (select count(*) || ':' || coalesce(sum(hashtext(r.prospect_id::text)), 0) from prospect_reveals r where r.workspace_id = ${wsId(ws)}),
          (select count(*) || ':' || coalesce(sum(hashtext(s.kind || ':' || s.value)), 0) from suppressions s where s.workspace_id = ${wsId(ws)})
        ) as fp`);
      return res.rows[0]!.fp;
    },

    /** What the workspace's exceptions are made of: its reveals, its contacts' keys, its suppression entries (app database). */
    async exceptionKeys(tx: Tx, ws: string): Promise<ExceptionKeys> {
      const res = await tx.execute<{ k: string; v: string }>(sql`
        select 'revealed' as k, r.prospect_id::text as v from prospect_reveals r where r.workspace_id = ${wsId(ws)}
        union all
        select 'emails', c.email from contacts c where c.workspace_id = ${wsId(ws)} and c.email is not null
        union all
        select 'linkedinUrls', c.linkedin_url from contacts c where c.workspace_id = ${wsId(ws)} and c.linkedin_url is not null
        union all
        select s.kind, s.value from suppressions s where s.workspace_id = ${wsId(ws)}`);
      const sets = { revealed: new Set<string>(), emails: new Set<string>(), linkedinUrls: new Set<string>(), email: new Set<string>(), domain: new Set<string>(), hash: new Set<string>() };
      for (const r of res.rows) sets[r.k as keyof typeof sets]?.add(r.v);
      return {
        revealed: [...sets.revealed],
        emails: [...sets.emails],
        linkedinUrls: [...sets.linkedinUrls],
        suppressions: { email: [...sets.email], domain: [...sets.domain], hash: [...sets.hash] },
      };
    },

    /**
     * The people those keys find (prospect tables only): id, position, email, and whether the
     * key makes them mine or only a suppression candidate (THE check decides, `suppressedAmong`).
     */
    async probeExceptions(ptx: Tx, keys: ExceptionKeys): Promise<ExceptionProbeRow[]> {
      const lists = { revealed: keys.revealed, emails: keys.emails, linkedinUrls: keys.linkedinUrls, ...keys.suppressions };
      const out: ExceptionProbeRow[] = [];
      for (const kind of Object.keys(PROBES) as (keyof typeof PROBES)[]) {
        const probe = PROBES[kind];
        for (const chunk of chunks(lists[kind])) {
          const res = await ptx.execute<{ id: string; pos: number | null; email: string | null }>(sql`
            select sp.id, sp.pos, sp.email from ${probe.values(kind === 'revealed' ? sql`${`{${chunk.join(',')}}`}` : sql`${sql.param(chunk)}`)} k(v)
            cross join lateral (select sp.id, sp.pos, sp.email from prospect_people sp where ${probe.probe} offset 0) sp`);
          for (const r of res.rows) out.push({ ...r, mine: probe.mine, candidate: !probe.mine });
        }
      }
      return out;
    },

    /** Which of these emails the workspace suppresses: THE suppression check (app database). */
    async suppressedAmong(tx: Tx, ws: string, emails: string[]): Promise<string[]> {
      const out: string[] = [];
      for (const chunk of chunks(emails)) {
        const res = await tx.execute<{ e: string }>(sql`
          select x.e from unnest(${textArray(chunk)}) x(e) where ${suppressionMatchSql(ws, sql`x.e`)}`);
        for (const r of res.rows) out.push(r.e);
      }
      return out;
    },

    /**
     * People to reveal, with what the reveal needs from the prospect tables (the workspace's
     * markers come from `markers`): by ids (in that order; unknown ids are left out) or the first
     * `limit` matches of a search (in its default order, the workspace's exceptions as arrays).
     */
    async revealPeople(ptx: Tx, sel: { ids: string[] } | { search: ProspectSearch; scope: ScopeIds; limit: number }): Promise<RevealPersonRow[]> {
      if (!('ids' in sel)) await customPlans(ptx);
      const where = 'ids' in sel
        ? sql`p.id = any(${uuidArray(sel.ids)})`
        : sql`${searchWhere(sel.search.filter, sel.search.q)} and ${workspaceWhere(sel.scope, sel.search.scope, sel.search.includeSuppressed)}`;
      const limit = 'ids' in sel ? sel.ids.length : sel.limit;
      const res = await ptx.execute<RevealPersonRow>(sql`
        select ${ROW_COLUMNS}, p.company_id as "companyId", pc.employee_count as "companyEmployeeCount",
          pc.city as "companyCity", pc.region as "companyRegion", pc.country as "companyCountry"
        from (select p.* from prospect_people p where ${where} order by p.id limit ${limit}) p
        left join prospect_companies pc on pc.id = p.company_id
        order by p.id`);
      if (!('ids' in sel)) return res.rows;
      const byId = new Map(res.rows.map((r) => [r.id, r]));
      return sel.ids.map((id) => byId.get(id)).filter((r): r is RevealPersonRow => !!r);
    },

    /**
     * The one person each key set matches (prospect tables only; imports' enrichment and its dry
     * run): by LinkedIn URL, else by email, else by first + last name and company domain
     * (case-insensitive). Answers by the keys' index (from 1); keys matching nobody are left out.
     */
    async bestMatches(ptx: Tx, keys: MatchKeys[]): Promise<ProspectMatch[]> {
      if (!keys.length) return [];
      const res = await ptx.execute<ProspectMatch>(sql`
        select f.i::int as i, m.matched_by as "matchedBy", m.id, m.email, m.email_status as "emailStatus", m.phone
        from jsonb_to_recordset(${JSON.stringify(keys.map((k, n) => ({ ...k, i: n + 1 })))}::jsonb)
          as f(linkedin text, email text, first text, last text, domain text, i int)
        cross join lateral (
          select x.* from (
            (select 'linkedin' as matched_by, 1 as rank, p.id, p.email, p.email_status, p.phone from prospect_people p
              where f.linkedin is not null and p.linkedin_url = f.linkedin limit 1)
            union all
            (select 'email', 2, p.id, p.email, p.email_status, p.phone from prospect_people p
              where f.email is not null and p.email = f.email limit 1)
            union all
            (select 'name_domain', 3, p.id, p.email, p.email_status, p.phone from prospect_people p
              where f.domain is not null and f.first is not null and f.last is not null
                and lower(p.company_domain) = lower(f.domain)
                and lower(p.first_name) = lower(f.first) and lower(p.last_name) = lower(f.last)
              limit 1)
          ) x order by x.rank limit 1
        ) m
        order by f.i`);
      return res.rows;
    },

    /** The prospect database's named people with an address at the domain (prospect tables only): the email finder learns from them too. */
    async peopleAtDomain(ptx: Tx, domain: string, limit: number) {
      const r = await ptx.execute<{ firstName: string; lastName: string; email: string }>(sql`
        select first_name as "firstName", last_name as "lastName", email from prospect_people
        where lower(company_domain) = ${domain} and email like ${'%@' + escapeLike(domain)}
          and first_name is not null and last_name is not null
        limit ${limit}`);
      return r.rows;
    },

    /** The ids of the people with this email (prospect tables only): a privacy erasure's reveals by address. */
    async idsWithEmail(ptx: Tx, email: string): Promise<string[]> {
      const res = await ptx.execute<{ id: string }>(sql`select p.id from prospect_people p where p.email = ${email}`);
      return res.rows.map((r) => r.id);
    },

    /** One person's email (prospect tables only), undefined when the person is not in the database. */
    async emailOf(ptx: Tx, id: string): Promise<string | null | undefined> {
      const res = await ptx.execute<{ email: string | null }>(sql`select p.email from prospect_people p where p.id = ${id}`);
      return res.rows[0] ? res.rows[0].email : undefined;
    },
  };
}

export type ProspectsRepository = ReturnType<typeof createProspectsRepository>;

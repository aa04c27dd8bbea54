import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * THE suppression check, as SQL fragments other modules put into their own queries (contacts
 * grid, detail and export; imports; prospects). Every caller matches the same way:
 *
 * - an `email` entry matches the email itself (emails are stored normalised: trimmed, lower-case);
 * - a `hash` entry matches the SHA-256 (hex) of the email;
 * - a `domain` entry matches the email's domain AND every subdomain of it: `acme.com` covers
 *   `jo@acme.com` and `jo@sales.acme.com`, never `jo@notacme.com`
 *   (docs/decisions/0006-suppression-matching.md).
 *
 * Domain matching compares the entry with the email's domain and its parent domains of 2 to 6
 * labels, each an equality the unique (workspace_id, kind, value) index answers.
 *
 * Two shapes, because the planner needs different things:
 * - `suppressionMatchSql` (WHERE clauses: filters, exports, imports): an OR of uncorrelated-
 *   hashable EXISTS; PostgreSQL runs each either as an index probe per row or as one hash table
 *   built once per query (a million rows then cost ~1 µs each). A kind with no entries costs nothing.
 * - `suppressionEntrySql` / `suppressedFlagSql` (select lists of a page or a detail): scalar
 *   subqueries, always index probes, a few µs per row returned.
 *
 * `email` must be the normalised email (contacts.email is); a null email is never suppressed.
 */

type Expr = SQL | AnyColumn;

/** Parent domains kept as candidates: enough for `x.y.sales.acme.co.uk`. */
const MAX_SUFFIX_LABELS = 6;

const wsExpr = (workspaceId: Expr | string): SQL =>
  typeof workspaceId === 'string' ? sql`${workspaceId}::uuid` : sql`${workspaceId}`;

/** The domain of a normalised email. */
const domainOf = (email: Expr): SQL => sql`split_part(${email}, '@', 2)`;

/** LIKE pattern: the email's domain has more than n labels (so it has a parent of n labels). */
const moreLabelsThan = (n: number) => sql.raw(`'%@%${'.%'.repeat(n)}'`);

/**
 * The email's parent domain of n labels (`jo@x.sales.acme.com` → `acme.com` for 2). Split from
 * the email itself: its last dot-separated parts are domain labels (a local part can't follow
 * the `@`), which saves extracting the domain first. Only meaningful when the domain has more
 * than n labels (see moreLabelsThan).
 */
function parentDomain(email: Expr, n: number): SQL {
  const parts: SQL[] = [];
  for (let i = n; i >= 1; i--) parts.push(sql`split_part(${email}, '.', ${sql.raw(String(-i))})`);
  return sql.join(parts, sql` || '.' || `);
}

/** The email's domain and its parents (2..6 labels; null where there is none): what a domain entry must equal. */
export function domainCandidatesSql(email: Expr): SQL[] {
  const out = [domainOf(email)];
  for (let n = 2; n <= MAX_SUFFIX_LABELS; n++) out.push(sql`(case when ${email} like ${moreLabelsThan(n)} then ${parentDomain(email, n)} end)`);
  return out;
}

/** SHA-256 (hex) of the normalised email, as hash entries hold it. */
export const emailSha256Sql = (email: Expr): SQL => sql`encode(sha256(convert_to(${email}, 'UTF8')), 'hex')`;

// EXISTS never answers null (a null candidate simply finds nothing), so NOT of the check is safe
const existsEntry = (ws: SQL, kind: 'email' | 'domain' | 'hash', value: SQL): SQL =>
  sql`exists (select 1 from suppressions s where s.workspace_id = ${ws} and s.kind = ${sql.raw(`'${kind}'`)} and s.value = ${value})`;

/**
 * True when the email is suppressed (for WHERE clauses). Cheap checks first: the email, then
 * its domains, then the hash (a SHA-256 per row, computed only while the workspace has hashes).
 */
export function suppressionMatchSql(workspaceId: Expr | string, email: Expr): SQL {
  const ws = wsExpr(workspaceId);
  // parents nest behind their LIKE guards: a two-label domain (most emails) pays for one LIKE
  let parents: SQL | null = null;
  for (let n = MAX_SUFFIX_LABELS; n >= 2; n--) {
    const arm = existsEntry(ws, 'domain', parentDomain(email, n));
    parents = sql`(${email} like ${moreLabelsThan(n)} and (${arm}${parents ? sql` or ${parents}` : sql``}))`;
  }
  const arms = [existsEntry(ws, 'email', sql`${email}`), existsEntry(ws, 'domain', domainOf(email)), parents!, existsEntry(ws, 'hash', emailSha256Sql(email))];
  return sql`(${email} is not null and (${sql.join(arms, sql` or `)}))`;
}

/** The opposite, null-safe: not suppressed (no email is never suppressed). */
export const notSuppressedSql = (workspaceId: Expr | string, email: Expr): SQL =>
  sql`not ${suppressionMatchSql(workspaceId, email)}`;

/**
 * Whether the workspace has entries of a kind, asked once per statement (it refers to nothing of
 * the row, so PostgreSQL runs it once): a kind the workspace has none of costs no probe and no
 * hashing on any row. Given the workspace's id, it asks about that workspace; given a column, it
 * asks about the entries row-level security lets the statement see (the workspace in scope, or
 * every workspace where none is: then it may say yes for another's entries, which costs probes,
 * never a wrong answer). Asked as `min(value) is not null`, which PostgreSQL answers with one probe
 * of the (workspace_id, kind, value) index; as `exists` it chose to scan the table for the first
 * entry of the kind (81,000 rows read a page when the workspace's emails came first).
 */
function hasKind(workspaceId: Expr | string, kind: 'domain' | 'hash'): SQL {
  const scope = typeof workspaceId === 'string' ? sql` and s.workspace_id = ${wsExpr(workspaceId)}` : sql``;
  return sql`(select min(s.value) from suppressions s where s.kind = ${sql.raw(`'${kind}'`)}${scope}) is not null`;
}

/**
 * The first matching entry's `what` (a column list of `s`), or null, by per-row index probes.
 * When several match, the most specific wins: the email, then the closest domain, then the hash.
 *
 * The domain candidates and the hash are computed in a subquery of their own (`k`) and looked up
 * by a lateral probe on `s.value = k.v` per candidate, both kept apart by `offset 0` (so the
 * planner neither folds the computation back into the condition nor reads the entries once to
 * join them, as it did in a transaction that had just added them). Written inside the condition
 * on `s`, they are calls of functions PostgreSQL does not know to be leakproof (split_part,
 * sha256, …), which row-level security keeps out of the index condition: each row then read
 * every domain or hash entry of the workspace (a page of 50 contacts took 3.4 s with 90,000
 * entries, issue 13).
 */
function firstMatch(workspaceId: Expr | string, email: Expr, what: SQL): SQL {
  const ws = wsExpr(workspaceId);
  const domains = sql.join(domainCandidatesSql(email), sql`, `);
  // the entry of a kind whose value is the candidate k.v (one index probe)
  const probe = (kind: 'domain' | 'hash') =>
    sql`select ${what} as m, s.value from suppressions s where s.workspace_id = ${ws} and s.kind = ${sql.raw(`'${kind}'`)} and s.value = k.v offset 0`;
  return sql`coalesce(
    (select ${what} from suppressions s where s.workspace_id = ${ws} and s.kind = 'email' and s.value = ${email}),
    case when ${hasKind(workspaceId, 'domain')} then
      (select x.m from (select v from unnest(array[${domains}]) v where v is not null offset 0) k,
        lateral (${probe('domain')}) x order by length(x.value) desc limit 1) end,
    case when ${hasKind(workspaceId, 'hash')} then
      (select x.m from (select ${emailSha256Sql(email)} as v offset 0) k, lateral (${probe('hash')}) x) end
  )`;
}

/** The id of the entry that suppresses the email, or null (for select lists). */
export const suppressionEntryIdSql = (workspaceId: Expr | string, email: Expr): SQL<string | null> =>
  firstMatch(workspaceId, email, sql`s.id`) as SQL<string | null>;

/** True/false for a select list (per-row index probes: for a page or a detail, not a scan). */
export const suppressedFlagSql = (workspaceId: Expr | string, email: Expr): SQL<boolean> =>
  sql<boolean>`(${suppressionEntryIdSql(workspaceId, email)} is not null)`;

/**
 * The matching entry as JSON `{id, kind, value, reason}` (the SuppressionMatch contract), or
 * null: what the "suppressed" badge shows. Each probe returns the entry itself (looking the id
 * up again would not use the primary key: its value comes from subqueries).
 */
export const suppressionEntrySql = (workspaceId: Expr | string, email: Expr): SQL<SuppressionMatchRow | null> =>
  firstMatch(workspaceId, email, sql`json_build_object('id', s.id, 'kind', s.kind, 'value', s.value, 'reason', s.reason)`) as SQL<SuppressionMatchRow | null>;

export type SuppressionMatchRow = {
  id: string;
  kind: 'email' | 'domain' | 'hash';
  value: string;
  reason: 'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
};

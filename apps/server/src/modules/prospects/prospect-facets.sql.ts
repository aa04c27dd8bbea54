import { sql, type SQL } from 'drizzle-orm';
import type { ProspectFacetName } from '@leadtrail/contracts';

/** Each facet's column of prospect_people (p), as text. */
export const FACET_COLUMNS: Record<ProspectFacetName, string> = {
  seniority: 'p.seniority',
  department: 'p.department',
  industry: 'p.industry',
  employeeRange: 'p.employee_range',
  revenueRange: 'p.revenue_range',
  country: 'p.country',
  emailStatus: 'p.email_status',
  hasEmail: 'p.has_email::text',
  hasPhone: 'p.has_phone::text',
};

export type FacetCountRow = { dimension: string; value: string | null; count: string | number };

/**
 * The counts of every value of the given facets over `from p where …`, in ONE pass (grouping
 * sets: one hash table per facet), plus the number of rows as dimension 'total'.
 * Empty values are counted under value null (callers drop them).
 */
export function facetGroupingSql(facets: readonly ProspectFacetName[], from: SQL, where: SQL): SQL {
  const cols = facets.map((f) => sql.raw(FACET_COLUMNS[f]));
  const dimension = facets.length
    ? sql`case ${sql.join(facets.map((f, i) => sql`when grouping(${cols[i]!}) = 0 then ${f}`), sql` `)} else 'total' end`
    : sql`'total'`;
  const value = facets.length ? sql`coalesce(${sql.join(cols, sql`, `)})` : sql`null::text`;
  const sets = sql.join([...cols.map((c) => sql`(${c})`), sql`()`], sql`, `);
  return sql`select ${dimension} as dimension, ${value} as value, count(*) as count
    from ${from} where ${where}
    group by grouping sets (${sets})`;
}

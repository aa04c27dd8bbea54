import type pg from 'pg';

/**
 * The tables a load writes beside the live ones, and the swap that makes them live
 * (docs/decisions/0042-prospect-load-swap.md). A new table is made like the live one from the
 * catalog, not from a copy of the migrations, so a later migration's column, check, index,
 * statistics object or grant comes along by itself; its indexes and key constraints carry
 * temporary names until the swap renames them to the live ones (index names are unique per
 * schema), so migrations and the next load still find them by name.
 */

/** The live tables a load replaces, all three swapped in one transaction. */
export const LIVE_TABLES = ['prospect_people', 'prospect_companies', 'prospect_facet_counts'] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

/** A load's new table and an old one between the swap and its drop (a crash may leave either). */
export const loadName = (t: LiveTable) => `${t}_load`;
const oldName = (t: LiveTable) => `${t}_old`;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An index the new table gets after its COPY, under a temporary name; a key constraint is attached to it. */
export type IndexBuild = {
  table: LiveTable;
  name: string;
  temp: string;
  sql: string;
  constraint: string | null;
  gin: boolean;
  /** the live index's size: the last load's measure of what this one costs to build */
  bytes: number;
};
/** A statistics object (CREATE STATISTICS) of a live table, recreated on the new one. */
type StatsBuild = { table: LiveTable; name: string; temp: string; sql: string };

export type LoadPlan = { indexes: IndexBuild[]; stats: StatsBuild[] };

/**
 * What depends on a live table by its OID, other than its own parts (indexes, checks, key
 * constraints, generated columns, row type, TOAST, statistics objects): a view, a foreign key,
 * a trigger, a policy or a function body would follow the old table through the swap, so a load
 * refuses to start rather than break it.
 */
async function foreignDependents(client: pg.ClientBase, table: LiveTable): Promise<string[]> {
  const r = await client.query<{ what: string }>(
    `select distinct pg_describe_object(d.classid, d.objid, d.objsubid) as what
       from pg_depend d
      where d.refclassid = 'pg_class'::regclass and d.refobjid = $1::regclass
        and not (d.classid = 'pg_class'::regclass and exists (select 1 from pg_class c where c.oid = d.objid and c.relkind in ('i', 't')))
        and not (d.classid = 'pg_type'::regclass and d.deptype = 'i')
        and not (d.classid = 'pg_attrdef'::regclass)
        and not (d.classid = 'pg_statistic_ext'::regclass)
        and not (d.classid = 'pg_constraint'::regclass and exists (
              select 1 from pg_constraint c where c.oid = d.objid and c.conrelid = $1::regclass and c.contype in ('c', 'p', 'u')))
     union
     select 'trigger ' || tgname from pg_trigger where tgrelid = $1::regclass
     union
     select 'policy ' || polname from pg_policy where polrelid = $1::regclass`,
    [table],
  );
  return r.rows.map((x) => x.what);
}

/** Drops what an earlier load left behind when its process died (called under the load lock). */
export async function dropLeftovers(client: pg.ClientBase): Promise<void> {
  const names = LIVE_TABLES.flatMap((t) => [loadName(t), oldName(t)]);
  await client.query(`drop table if exists ${names.map(ident).join(', ')}`);
}

/**
 * Creates the new tables (columns with their defaults, generated expressions, checks, comments,
 * storage; grants, owner and table options copied from the catalog) without indexes, and
 * returns the indexes and statistics objects to build once they are filled.
 */
export async function createLoadTables(client: pg.ClientBase): Promise<LoadPlan> {
  const plan: LoadPlan = { indexes: [], stats: [] };
  let n = 0;
  for (const t of LIVE_TABLES) {
    const foreign = await foreignDependents(client, t);
    if (foreign.length) throw new Error(`${t} is referred to by ${foreign.join(', ')}: a load swaps the table, which would leave them on the old one`);
    const to = ident(loadName(t));
    await client.query(`create table ${to} (like ${ident(t)} including defaults including generated including constraints including storage including comments including compression)`);
    const meta = await client.query<{ owner: string; is_owner: boolean; reloptions: string[] | null; comment: string | null }>(
      `select pg_get_userbyid(relowner) as owner, pg_get_userbyid(relowner) = current_user as is_owner,
              reloptions, obj_description(oid, 'pg_class') as comment
         from pg_class where oid = $1::regclass`,
      [t],
    );
    const m = meta.rows[0]!;
    if (!m.is_owner) await client.query(`alter table ${to} owner to ${ident(m.owner)}`);
    if (m.reloptions?.length) await client.query(`alter table ${to} set (${m.reloptions.join(', ')})`);
    if (m.comment) await client.query(`comment on table ${to} is ${client.escapeLiteral(m.comment)}`);
    // exactly the live table's grants (leadtrail_app: select only), PUBLIC as grantee 0: default
    // privileges gave the new table more, which the live one's migration revoked
    const aclOf = (table: string) =>
      client.query<{ grantee: string; privilege: string; grantable: boolean }>(
        `select case a.grantee when 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end as grantee,
                a.privilege_type as privilege, a.is_grantable as grantable
           from pg_class c, aclexplode(c.relacl) a where c.oid = $1::regclass and a.grantee <> c.relowner`,
        [table],
      );
    for (const grantee of new Set((await aclOf(loadName(t))).rows.map((g) => g.grantee))) await client.query(`revoke all on ${to} from ${grantee}`);
    const grants = await aclOf(t);
    for (const g of grants.rows) await client.query(`grant ${g.privilege} on ${to} to ${g.grantee}${g.grantable ? ' with grant option' : ''}`);
    // a column's own statistics target (set by a migration to sharpen estimates)
    const targets = await client.query<{ col: string; target: number }>(
      `select attname as col, attstattarget as target from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attstattarget >= 0`,
      [t],
    );
    for (const c of targets.rows) await client.query(`alter table ${to} alter column ${ident(c.col)} set statistics ${c.target}`);

    const idx = await client.query<{ name: string; def: string; con: string | null; contype: string | null; am: string; bytes: string }>(
      `select i.relname as name, pg_get_indexdef(i.oid) as def, c.conname as con, c.contype, am.amname as am, pg_relation_size(i.oid) as bytes
         from pg_index x join pg_class i on i.oid = x.indexrelid join pg_am am on am.oid = i.relam
         left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u')
        where x.indrelid = $1::regclass order by i.relname`,
      [t],
    );
    for (const i of idx.rows) {
      const temp = `prospect_load_${++n}`;
      // "CREATE [UNIQUE] INDEX name ON [ONLY] schema.table USING …": the new name, the new table
      const sql = i.def.replace(/^(CREATE (?:UNIQUE )?INDEX )\S+( ON (?:ONLY )?)\S+( USING )/, `$1${ident(temp)}$2${to}$3`);
      if (sql === i.def) throw new Error(`unexpected index definition of ${i.name}: ${i.def}`);
      const constraint = i.con ? `alter table ${to} add constraint ${ident(temp)} ${i.contype === 'p' ? 'primary key' : 'unique'} using index ${ident(temp)}` : null;
      plan.indexes.push({ table: t, name: i.con ?? i.name, temp, sql, constraint, gin: i.am === 'gin', bytes: Number(i.bytes) });
    }
    const stx = await client.query<{ name: string; def: string }>(
      `select stxname as name, pg_get_statisticsobjdef(oid) as def from pg_statistic_ext where stxrelid = $1::regclass`,
      [t],
    );
    for (const s of stx.rows) {
      const temp = `prospect_load_${++n}`;
      const sql = s.def.replace(/^(CREATE STATISTICS )\S+(.* FROM )\S+$/, `$1${ident(temp)}$2${to}`);
      if (sql === s.def) throw new Error(`unexpected statistics definition of ${s.name}: ${s.def}`);
      plan.stats.push({ table: t, name: s.name, temp, sql });
    }
  }
  return plan;
}

/**
 * The swap, in one short transaction: the live tables are renamed aside (their indexes and
 * constraints too, freeing the names), the new ones take the live names, and the old ones are
 * dropped after the commit. While the swap waits for readers already in the live tables, new
 * readers queue behind its lock request: it waits at most lockTimeoutMs, steps back as long
 * again, and tries anew (for up to giveUpMs), so a long query delays the swap rather than every
 * search. Returns how long the live tables were locked.
 */
export async function swapLoadTables(client: pg.ClientBase, plan: LoadPlan, opts: { lockTimeoutMs?: number; giveUpMs?: number } = {}): Promise<number> {
  const lockTimeoutMs = opts.lockTimeoutMs ?? 250;
  const giveUpAt = performance.now() + (opts.giveUpMs ?? 5 * 60_000);
  for (;;) {
    try {
      await client.query('begin');
      await client.query(`select set_config('lock_timeout', $1, true)`, [`${lockTimeoutMs}ms`]);
      await client.query(`lock table ${LIVE_TABLES.map(ident).join(', ')} in access exclusive mode`);
      const locked = performance.now();
      let n = 0;
      for (const t of LIVE_TABLES) {
        // the live table's own index and key names go aside first
        const parts = await client.query<{ kind: string; name: string }>(
          `select 'constraint' as kind, conname as name from pg_constraint where conrelid = $1::regclass and contype in ('p', 'u')
           union all
           select 'index', i.relname from pg_index x join pg_class i on i.oid = x.indexrelid
            where x.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid and c.contype in ('p', 'u'))
           union all
           select 'statistics', stxname from pg_statistic_ext where stxrelid = $1::regclass`,
          [t],
        );
        const statements = parts.rows.map((p) => {
          const aside = ident(`prospect_old_${++n}`);
          return p.kind === 'constraint'
            ? `alter table ${ident(t)} rename constraint ${ident(p.name)} to ${aside}`
            : p.kind === 'index'
              ? `alter index ${ident(p.name)} rename to ${aside}`
              : `alter statistics ${ident(p.name)} rename to ${aside}`;
        });
        statements.push(`alter table ${ident(t)} rename to ${ident(oldName(t))}`, `alter table ${ident(loadName(t))} rename to ${ident(t)}`);
        for (const i of plan.indexes.filter((x) => x.table === t)) {
          statements.push(i.constraint ? `alter table ${ident(t)} rename constraint ${ident(i.temp)} to ${ident(i.name)}` : `alter index ${ident(i.temp)} rename to ${ident(i.name)}`);
        }
        for (const s of plan.stats.filter((x) => x.table === t)) statements.push(`alter statistics ${ident(s.temp)} rename to ${ident(s.name)}`);
        // one round trip per table: a simple query may hold several statements
        await client.query(statements.join(';\n'));
      }
      await client.query('commit');
      const lockedMs = performance.now() - locked;
      // the load is done: old tables that can't go now go with the next load (dropLeftovers)
      await client.query(`drop table ${LIVE_TABLES.map((t) => ident(oldName(t))).join(', ')}`).catch(() => {});
      return lockedMs;
    } catch (err) {
      await client.query('rollback').catch(() => {});
      const timedOut = (err as { code?: string }).code === '55P03'; // lock_not_available
      if (!timedOut || performance.now() > giveUpAt) throw err;
      await new Promise((r) => setTimeout(r, lockTimeoutMs));
    }
  }
}

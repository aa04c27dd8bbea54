import {
  prospectFacetNames,
  REVEAL_MAX_PEOPLE,
  type FilterNode,
  type Prospect,
  type ProspectCompany,
  type ProspectFacetName,
  type ProspectFacets,
  type ProspectPage,
  type ProspectProfile,
  type ProspectScope,
  type ProspectSearchQuery,
} from '@leadtrail/contracts';
import type { RequestContext } from '../../core/request-context.js';
import { createProspectReads, type ProspectReads, type Tx, type UnitOfWork } from '../../core/unit-of-work.js';
import { notFound } from '../../lib/errors.js';
import { valueHash } from '../../lib/value-hash.sql.js';
import { parseFilterParam } from '../../lib/filters/compile.js';
import { decodeCursor } from '../../lib/filters/keyset.js';
import { assembleFacets, assembleTotals, isEmptyFilter, orderedBuckets, type FacetPassResult } from './prospect-facets.js';
import { countFacets, countFromRollup, facetColumnsBytes, keywordPositions, splitFilter, type FacetColumns, type FacetCountOutput } from './prospect-facet-index.js';
import { exceptionArrays, flagsBySize, mergeExceptions, scopeIds, toExceptions, type WorkspaceExceptions } from './prospect-exceptions.js';
import { maskEmail, maskPhone } from './prospect-mask.js';
import { createProspectCompaniesRepository, type ProspectCompaniesRepository, type ProspectCompanyFields } from './prospect-companies.repository.js';
import { createProspectCompaniesSearch } from './prospect-companies.service.js';
import {
  constrains,
  withoutField,
  type ProspectMarkers,
  type ProspectRow,
  type ProspectSearch,
  type ProspectsRepository,
  type RevealCandidateRow,
  type RevealPersonRow,
  type MatchKeys,
  type ProspectMatch,
} from './prospects.repository.js';

/** The search as the querystring gives it (after the contract's parsing). */
export type ProspectSearchParams = { q?: string; filter?: string; scope: ProspectScope; includeSuppressed: boolean };
export type ProspectSearchPageParams = ProspectSearchParams & { limit: number; cursor?: string; sort?: ProspectSearchQuery['sort'] };

/**
 * Who to reveal (the reveal body's shape): chosen ids, or the first `limit` (default and at
 * most REVEAL_MAX_PEOPLE) people matching a search, in the search's default order. Suppressed
 * people are included and flagged when chosen by id; a search hides them unless
 * includeSuppressed, as the search itself does.
 */
export type RevealSelection =
  | { ids: string[] }
  | { filter?: FilterNode | null; q?: string; scope?: ProspectScope; includeSuppressed?: boolean; limit?: number };

/** A person to reveal, with the real email and phone (never sent to a client unpaid). */
export type RevealCandidate = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  seniority: string | null;
  department: string | null;
  email: string | null;
  emailStatus: 'valid' | 'risky' | 'invalid' | 'unknown' | null;
  phone: string | null;
  linkedinUrl: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  company: ProspectCompanyFields | null;
  /** On this workspace's suppression list: skip, never charge. */
  suppressed: boolean;
  /** This workspace's contact for the person already (same email or LinkedIn URL, or an earlier reveal's). */
  contactId: string | null;
  /** Already revealed in this workspace (free again). */
  revealed: { email: boolean; phone: boolean };
};

/** A search as a saved search keeps it (filter as an object). */
type TotalBody = { q?: string; filter?: FilterNode | null; scope?: ProspectScope; includeSuppressed?: boolean };

type ExceptionFlags = { positions: Int32Array; flags: Uint8Array };

export type ProspectsServiceDeps = {
  uow: UnitOfWork;
  repo: ProspectsRepository;
  /** Count facets over in-memory columns (default); false counts them in SQL only (tests compare both). */
  inMemoryFacets?: boolean;
  /** The Companies tab's repository (prospect-companies.*). */
  companiesRepo?: ProspectCompaniesRepository;
  /** Where the prospect tables are read (decision 0043); default: the use case's own transaction. */
  reads?: ProspectReads;
};

const toSearch = (p: ProspectSearchParams): ProspectSearch => ({
  q: p.q || null,
  filter: parseFilterParam(p.filter),
  scope: p.scope,
  includeSuppressed: p.includeSuppressed,
});

/** A person as the search and the profile show them: masked until this workspace revealed them. */
function toProspect(r: ProspectRow, m: Omit<ProspectMarkers, 'id'>): Prospect {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    jobTitle: r.jobTitle,
    seniority: r.seniority as Prospect['seniority'],
    department: r.department as Prospect['department'],
    companyName: r.companyName,
    companyDomain: r.companyDomain,
    industry: r.industry,
    employeeRange: r.employeeRange as Prospect['employeeRange'],
    revenueRange: r.revenueRange as Prospect['revenueRange'],
    country: r.country,
    region: r.region,
    city: r.city,
    linkedinUrl: r.linkedinUrl,
    emailMasked: m.emailRevealed ? r.email : maskEmail(r.email),
    phoneMasked: m.phoneRevealed ? r.phone : maskPhone(r.phone),
    hasEmail: r.email !== null,
    hasPhone: r.phone !== null,
    emailStatus: r.emailStatus as Prospect['emailStatus'],
    contactId: m.contactId,
    alreadyMine: m.alreadyMine,
    revealed: { email: m.emailRevealed && r.email !== null, phone: m.phoneRevealed && r.phone !== null },
    suppressed: m.suppressed,
  };
}

function toCandidate(r: RevealCandidateRow): RevealCandidate {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    jobTitle: r.jobTitle,
    seniority: r.seniority,
    department: r.department,
    // a refunded address is as good as none: not handed back, not charged (decision 0027)
    email: r.emailRefunded ? null : r.email,
    emailStatus: r.emailRefunded ? null : (r.emailStatus as RevealCandidate['emailStatus']),
    phone: r.phone,
    linkedinUrl: r.linkedinUrl,
    city: r.city,
    region: r.region,
    country: r.country,
    company: r.companyId && r.companyDomain
      ? {
          id: r.companyId,
          name: r.companyName ?? r.companyDomain,
          domain: r.companyDomain,
          industry: r.industry,
          employeeCount: r.companyEmployeeCount,
          employeeRange: r.employeeRange,
          revenueRange: r.revenueRange,
          city: r.companyCity,
          region: r.companyRegion,
          country: r.companyCountry,
        }
      : null,
    suppressed: r.suppressed,
    contactId: r.contactId,
    revealed: { email: r.emailRevealed, phone: r.phoneRevealed },
  };
}

/** Workspaces whose exceptions a process keeps (the least recently used goes first). */
const EXCEPTIONS_CACHED = 200;

export function createProspectsService({
  uow,
  repo,
  inMemoryFacets = true,
  companiesRepo = createProspectCompaniesRepository(),
  reads = createProspectReads(null),
}: ProspectsServiceDeps) {
  // the in-memory facet columns of the current load (one load at a time; reloaded when the data changes)
  let cached: { load: string; cols: FacetColumns | null } | null = null;
  let loading: { load: string; promise: Promise<FacetColumns | null> } | null = null;

  async function facetColumns(tx: Tx): Promise<FacetColumns | null> {
    const load = await reads.in(tx, (ptx) => repo.loadStamp(ptx));
    if (!load) return null;
    if (cached?.load === load) return cached.cols;
    if (loading?.load !== load) {
      // read on the asking use case's own transaction (the prospect tables are global: its scope
      // changes nothing), in batches each well within the statement timeout: no second unit of
      // work; a concurrent ask waits for this one (issue 25)
      const promise = reads
        .in(tx, (ptx) => repo.facetColumns(ptx, load))
        .then((cols) => {
          cached = { load, cols };
          return cols;
        })
        .finally(() => {
          if (loading?.promise === promise) loading = null;
        });
      loading = { load, promise };
    }
    return loading.promise;
  }

  // the workspace's exceptions per load, kept while their fingerprint holds (compact: ids, positions and marks)
  const exceptionsCache = new Map<string, { load: string; fingerprint: string; exceptions: WorkspaceExceptions }>();

  /**
   * The workspace's exceptions (mine, suppressed): from the cache when nothing they depend on
   * changed, else found again. The fingerprint is read first, so a change landing in between
   * leaves a newer set under an older fingerprint (found again next time), never the reverse.
   * `cols`: the facet columns the caller holds already (their load is the stamp: not read again).
   */
  async function exceptionsOf(tx: Tx, ws: string, cols?: FacetColumns): Promise<WorkspaceExceptions> {
    const load = cols?.load ?? (await reads.in(tx, (ptx) => repo.loadStamp(ptx))) ?? 'none';
    const fingerprint = await repo.exceptionsFingerprint(tx, ws);
    const hit = exceptionsCache.get(ws);
    exceptionsCache.delete(ws);
    if (hit && hit.load === load && hit.fingerprint === fingerprint) {
      exceptionsCache.set(ws, hit); // most recently used last
      return hit.exceptions;
    }
    const exceptions = toExceptions(await findExceptions(tx, ws));
    exceptionsCache.set(ws, { load, fingerprint, exceptions });
    if (exceptionsCache.size > EXCEPTIONS_CACHED) exceptionsCache.delete(exceptionsCache.keys().next().value!);
    return exceptions;
  }

  /**
   * The workspace's exceptions in two steps, no query joining the two sides (decision 0043): its
   * keys from its own tables (app database), the people they find in the prospect tables, then THE
   * suppression check on the candidates' emails (app database).
   */
  async function findExceptions(tx: Tx, ws: string) {
    const keys = await repo.exceptionKeys(tx, ws);
    const found = await reads.in(tx, (ptx) => repo.probeExceptions(ptx, keys));
    const candidates = [...new Set(found.filter((f) => f.candidate && f.email !== null).map((f) => f.email!))];
    const suppressed = new Set(candidates.length ? await repo.suppressedAmong(tx, ws, candidates) : []);
    return mergeExceptions(found, suppressed);
  }

  /** This workspace's markers of people read from the prospect tables (app database). */
  async function markersOf(tx: Tx, ws: string, rows: { id: string; email: string | null; linkedinUrl: string | null }[]) {
    return new Map((await repo.markers(tx, ws, rows)).map((m) => [m.id, m]));
  }

  /** `flags`: the workspace's exceptions when the caller already read them (several searches in one transaction). */
  async function facetsInMemory(tx: Tx, ctx: RequestContext, search: ProspectSearch, cols: FacetColumns, flags?: ExceptionFlags): Promise<ProspectFacets> {
    const { facet, rest } = splitFilter(search.filter);
    // keywords count in memory when PostgreSQL reads them as prefixes (else they go to SQL with the rest)
    const prefixes = await repo.keywordPrefixes(tx, search.q);
    const sqlQ = prefixes ? null : search.q;
    const hasRest = !!search.q || !isEmptyFilter(rest);
    const exceptions = flags ?? flagsBySize(await exceptionsOf(tx, ctx.workspaceId, cols), cols.size);
    const view = { scope: search.scope, includeSuppressed: search.includeSuppressed };
    let out: FacetCountOutput;
    if (!facet.length && !hasRest) {
      // the empty search: the load's precomputed counts, corrected by the exceptions
      const rows = await reads.in(tx, (ptx) => repo.facetCounts(ptx, { where: repo.searchWhere(null, null), empty: true, facets: prospectFacetNames }));
      const rollup = { counts: Object.fromEntries(prospectFacetNames.map((f) => [f, new Map<string, number>()])) as FacetCountOutput['counts'], total: 0 };
      for (const r of rows) {
        if (r.dimension === 'total') rollup.total = Number(r.count);
        else if (r.value !== null) rollup.counts[r.dimension as ProspectFacetName]?.set(r.value, Number(r.count));
      }
      out = countFromRollup(cols, rollup, exceptions, view);
    } else {
      const fromSql = !!sqlQ || !isEmptyFilter(rest) ? await reads.in(tx, (ptx) => repo.positions(ptx, repo.searchWhere(rest, sqlQ), cols.size)) : null;
      const candidates = prefixes ? keywordPositions(cols, prefixes, fromSql) : fromSql;
      out = countFacets(cols, { facetConditions: facet, rest: candidates, exceptions, ...view });
    }
    const { counts, totals } = out;
    const facets = Object.fromEntries(prospectFacetNames.map((f) => [f, orderedBuckets(f, counts[f])])) as ProspectFacets['facets'];
    const all = totals.base - (search.includeSuppressed ? 0 : totals.suppressed);
    return { facets, totals: { all, netNew: all - totals.mine, mine: totals.mine, suppressed: totals.suppressed } };
  }

  /** Facets by SQL: one grouping pass per constrained facet and one for the rest (the fallback without positions). */
  async function facetsInSql(tx: Tx, ctx: RequestContext, search: ProspectSearch): Promise<ProspectFacets> {
    const view = { scope: search.scope, includeSuppressed: search.includeSuppressed };
    const free = prospectFacetNames.filter((f) => !constrains(search.filter, f));
    const passes = [
      { filter: search.filter, facets: free },
      ...prospectFacetNames.filter((f) => !free.includes(f)).map((f) => ({ filter: withoutField(search.filter, f), facets: [f] as const })),
    ];
    let baseTotal = 0;
    let totalsExceptions: FacetPassResult['exceptions'] = [];
    const results: FacetPassResult[] = [];
    const ex = exceptionArrays(await exceptionsOf(tx, ctx.workspaceId));
    for (const [i, p] of passes.entries()) {
      const pass = { where: repo.searchWhere(p.filter, search.q), empty: !search.q && isEmptyFilter(p.filter), facets: p.facets };
      const main = i === 0;
      // scope mine counts only exceptions; the main pass still needs the search's total
      const base = view.scope === 'mine' && !main ? null : await reads.in(tx, (ptx) => repo.facetCounts(ptx, view.scope === 'mine' ? { ...pass, facets: [] } : pass));
      const exceptions = await reads.in(tx, (ptx) => repo.exceptionCounts(ptx, ex, pass));
      if (main) {
        baseTotal = Number(base?.find((r) => r.dimension === 'total')?.count ?? 0);
        totalsExceptions = exceptions;
      }
      results.push({ facets: p.facets, base: view.scope === 'mine' ? null : base, exceptions });
    }
    return { facets: assembleFacets(view, results), totals: assembleTotals(view, baseTotal, totalsExceptions) };
  }

  /** The totals alone by SQL: facetsInSql's main pass without its facets (one count, one exceptions pass). */
  async function totalsInSql(tx: Tx, ctx: RequestContext, search: ProspectSearch): Promise<ProspectFacets['totals']> {
    const pass = { where: repo.searchWhere(search.filter, search.q), empty: !search.q && isEmptyFilter(search.filter), facets: [] };
    const ex = exceptionArrays(await exceptionsOf(tx, ctx.workspaceId));
    const [base, exceptions] = await reads.in(tx, async (ptx) => [await repo.facetCounts(ptx, pass), await repo.exceptionCounts(ptx, ex, pass)] as const);
    const baseTotal = Number(base.find((r) => r.dimension === 'total')?.count ?? 0);
    return assembleTotals({ scope: search.scope, includeSuppressed: search.includeSuppressed }, baseTotal, exceptions);
  }

  return {
    /** The Companies tab: GET /api/v1/prospects/companies and …/facets (prospect-companies.service.ts). */
    ...createProspectCompaniesSearch({ uow, repo: companiesRepo, reads }),

    /** GET /api/v1/prospects: a page of the search, masked unless revealed here, with per-row markers. */
    async search(ctx: RequestContext, params: ProspectSearchPageParams): Promise<ProspectPage> {
      const search = toSearch(params);
      const sort = repo.resolveSort(params.sort);
      const cursor = params.cursor ? decodeCursor(params.cursor, sort.key) : null;
      return uow.tenant(ctx, async (tx) => {
        const ids = scopeIds(await exceptionsOf(tx, ctx.workspaceId));
        const page = await reads.in(tx, (ptx) => repo.page(ptx, search, ids, { sort: params.sort, cursor, limit: params.limit }));
        const markers = await markersOf(tx, ctx.workspaceId, page.rows);
        return { data: page.rows.map((r) => toProspect(r, markers.get(r.id)!)), nextCursor: page.nextCursor };
      });
    },

    /** GET /api/v1/prospects/{id}: the profile drawer (the person as the search shows them, their company). */
    async profile(ctx: RequestContext, id: string): Promise<ProspectProfile> {
      return uow.tenant(ctx, async (tx) => {
        const person = await reads.in(tx, (ptx) => repo.person(ptx, id));
        if (!person) throw notFound('Person');
        const r = { ...person, ...(await markersOf(tx, ctx.workspaceId, [person])).get(person.id)! };
        const company: ProspectCompany | null =
          r.companyId === null
            ? null
            : {
                name: r.coName!,
                domain: r.coDomain,
                industry: r.coIndustry,
                employeeRange: r.coEmployeeRange as ProspectCompany['employeeRange'],
                revenueRange: r.coRevenueRange as ProspectCompany['revenueRange'],
                city: r.coCity,
                region: r.coRegion,
                country: r.coCountry,
                peopleCount: r.coPeople ?? 0,
              };
        return { person: toProspect(r, r), company };
      });
    },

    /**
     * GET /api/v1/prospects/facets: every facet counted without its own conditions, and the
     * totals; in memory over the load's facet columns, or by SQL passes when positions are missing.
     */
    async facets(ctx: RequestContext, params: ProspectSearchParams): Promise<ProspectFacets> {
      const search = toSearch(params);
      repo.searchWhere(search.filter, search.q); // a bad filter is a 400 before any query
      return uow.tenant(ctx, async (tx) => {
        const cols = inMemoryFacets ? await facetColumns(tx) : null;
        return cols ? facetsInMemory(tx, ctx, search, cols) : facetsInSql(tx, ctx, search);
      });
    },

    /**
     * How many people each search (a JSON body: filter as an object) finds in its scope, inside
     * the caller's transaction: the facets' totals (the saved searches' "N new"). The facet
     * columns and the workspace's exceptions are read once for all of them.
     */
    async totalsIn(tx: Tx, ctx: RequestContext, bodies: TotalBody[]): Promise<number[]> {
      if (!bodies.length) return [];
      const cols = inMemoryFacets ? await facetColumns(tx) : null;
      const flags = cols ? flagsBySize(await exceptionsOf(tx, ctx.workspaceId, cols), cols.size) : undefined;
      const out: number[] = [];
      for (const body of bodies) {
        const search: ProspectSearch = { q: body.q || null, filter: body.filter ?? null, scope: body.scope ?? 'all', includeSuppressed: body.includeSuppressed ?? false };
        const totals = cols ? (await facetsInMemory(tx, ctx, search, cols, flags)).totals : await totalsInSql(tx, ctx, search);
        out.push(search.scope === 'mine' ? totals.mine : search.scope === 'net_new' ? totals.netNew : totals.all);
      }
      return out;
    },

    /** What this process holds of the facet index (people, bytes of codes and dictionaries), null before its build. */
    facetIndexSize(): { people: number; bytes: number } | null {
      const cols = cached?.cols;
      return cols ? { people: cols.size, bytes: facetColumnsBytes(cols) } : null;
    },

    /** Reads the facet columns of the current load ahead of the first facets request (start-up). */
    async warmFacets(): Promise<void> {
      if (inMemoryFacets) await uow.admin((tx) => facetColumns(tx));
    },

    /**
     * The people a reveal takes, inside the reveal's own transaction (the credits module's
     * use case): real email and phone, company, suppression, existing contact and what this
     * workspace already revealed. At most REVEAL_MAX_PEOPLE.
     */
    async forRevealIn(tx: Tx, ctx: RequestContext, selection: RevealSelection): Promise<RevealCandidate[]> {
      const sel = 'ids' in selection
        ? { ids: [...new Set(selection.ids)].slice(0, REVEAL_MAX_PEOPLE) }
        : {
            scope: scopeIds(await exceptionsOf(tx, ctx.workspaceId)),
            search: {
              q: selection.q || null,
              filter: selection.filter ?? null,
              scope: selection.scope ?? 'all',
              includeSuppressed: selection.includeSuppressed ?? false,
            },
            limit: Math.min(selection.limit ?? REVEAL_MAX_PEOPLE, REVEAL_MAX_PEOPLE),
          };
      const people: RevealPersonRow[] = await reads.in(tx, (ptx) => repo.revealPeople(ptx, sel));
      const markers = await markersOf(tx, ctx.workspaceId, people);
      return people.map((p): RevealCandidateRow => {
        const m = markers.get(p.id)!;
        return { ...p, suppressed: m.suppressed, contactId: m.contactId, emailRevealed: m.emailRevealed, phoneRevealed: m.phoneRevealed, emailRefunded: m.emailRefunded };
      }).map(toCandidate);
    },

    /** The person's current address's hash (value-hash), null without one: a refund of a charge that kept none. */
    async emailHashIn(tx: Tx, prospectId: string): Promise<string | null> {
      const email = await reads.in(tx, (ptx) => repo.emailOf(ptx, prospectId));
      return email ? valueHash(email) : null;
    },

    /** The one person each key set matches (imports' enrichment and its dry run), in the prospect tables. */
    async bestMatchesIn(tx: Tx, keys: MatchKeys[]): Promise<ProspectMatch[]> {
      return reads.in(tx, (ptx) => repo.bestMatches(ptx, keys));
    },

    /** Named people with an address at the domain (the email finder learns from them), in the prospect tables. */
    async peopleAtDomainIn(tx: Tx, domain: string, limit: number): Promise<{ firstName: string; lastName: string; email: string }[]> {
      return reads.in(tx, (ptx) => repo.peopleAtDomain(ptx, domain, limit));
    },

    /** The people of the prospect database with this address (a privacy erasure's reveals by address). */
    async idsWithEmailIn(tx: Tx, email: string): Promise<string[]> {
      return reads.in(tx, (ptx) => repo.idsWithEmail(ptx, email));
    },
  };
}

export type ProspectsService = ReturnType<typeof createProspectsService>;

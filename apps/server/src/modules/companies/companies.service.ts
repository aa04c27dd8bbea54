import {
  companyFieldLabels,
  type BulkSelection,
  type Company,
  type CreateCompanyBody,
  type GridField,
  type MergeBody,
  type UpdateCompanyBody,
} from '@leadtrail/contracts';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden, invalidFields, notFound } from '../../lib/errors.js';
import { parseFilterParam } from '../../lib/filters/compile.js';
import { diffFields } from '../../lib/filters/diff.js';
import { chooseColumns, parseIdList } from '../../lib/filters/export-columns.js';
import { isForeignKeyViolation, isUniqueViolation, pgErrorOf } from '../../lib/filters/pg-error.js';
import { newId } from '../../lib/ids.js';
import { normalizeDomain, normalizePhone } from '../../lib/normalize.js';
import type { RequestContext } from '../../core/request-context.js';
import { EXPORT_TIMELINE_LIMIT, type ActivityService } from '../activity/activity.service.js';
import { displayValue, normalizeUrl, presentValues, validateValues, type FieldError, type ValueDef } from '../custom-fields/custom-field-values.js';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import type { ListScope, GridSelection as ListSelection } from '../lists/lists.service.js';
import type { NotesService } from '../notes/notes.service.js';
import { mergeValues } from '../records/merge-values.js';
import { companyExportColumns, companyRegistry, type CompaniesRepository, type CompanyRecord, type CompanyWrite, type GridSpec } from './companies.repository.js';

type Deps = {
  repo: CompaniesRepository;
  customFields: CustomFieldsService;
  activity: ActivityService;
  notes: NotesService;
  /** The workspace's default phone region (ISO country code). */
  phoneRegion: (workspaceId: string) => Promise<string>;
};

/** Re-points contacts from one company to another (the contacts service attaches it; merge needs it). */
/** Moves what another module keeps for a merged record onto the kept one. */
export type MergeMover = (workspaceId: string, fromId: string, toId: string) => Promise<void>;

export type ContactRelinker = (workspaceId: string, fromCompanyId: string, toCompanyId: string) => Promise<void>;


/** What prospects know of a revealed person's company (the domain identifies it). */
export type ProspectCompanyInput = Omit<CreateCompanyBody, 'ownerId' | 'customFields'> & { domain: string };

const duplicate = (existingId: string, field: 'domain') =>
  new AppError(409, 'duplicate', 'A company with this domain already exists', { existingId, field });

/** Standard fields a request can write, in the order of companyFields. */
const writable = [
  'name', 'domain', 'website', 'industry', 'employeeRange', 'revenueRange', 'phone', 'linkedinUrl', 'city', 'region',
  'country', 'description', 'foundedYear', 'ownerId',
] as const;

export function createCompaniesService(deps: Deps) {
  const { repo, customFields, activity, notes } = deps;
  let relinkContacts: ContactRelinker | null = null;

  const defsOf = (workspaceId: string) => customFields.definitions(workspaceId, 'companies');
  /** Loads the definitions inside the grid query's own transaction (one round trip less per page). */
  const defsLoader = (workspaceId: string) => (tx: Tx) => customFields.definitionsIn(tx, workspaceId, 'companies');

  const toCompany = (r: CompanyRecord, defs: ValueDef[]): Company => ({
    ...r,
    employeeRange: r.employeeRange as Company['employeeRange'],
    revenueRange: r.revenueRange as Company['revenueRange'],
    customFields: presentValues(defs, r.customFields) as Company['customFields'],
  });

  const load = async (ctx: RequestContext, id: string) => {
    const rec = await repo.find(ctx.workspaceId, id);
    if (!rec) throw notFound('Company');
    return rec;
  };

  const canDelete = (ctx: RequestContext, rec: { ownerId: string | null }) =>
    ctx.permissions.includes('records:delete-any') || rec.ownerId === ctx.memberId;

  /** Body fields → column values (normalised), collecting an error per bad field. */
  async function normalize(ctx: RequestContext, body: UpdateCompanyBody, current: CompanyRecord | null) {
    const errors: FieldError[] = [];
    const out: CompanyWrite = {};
    const region = await deps.phoneRegion(ctx.workspaceId);
    const str = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());
    for (const f of ['name', 'industry', 'city', 'region', 'country', 'description'] as const) {
      const v = str(body[f]);
      if (v !== undefined) (out as Record<string, unknown>)[f] = v;
    }
    if (body.employeeRange !== undefined) out.employeeRange = body.employeeRange;
    if (body.revenueRange !== undefined) out.revenueRange = body.revenueRange;
    if (body.foundedYear !== undefined) out.foundedYear = body.foundedYear;
    if (body.ownerId !== undefined) out.ownerId = body.ownerId;
    const website = str(body.website);
    if (website !== undefined) {
      const url = website === null ? null : normalizeUrl(website);
      if (website !== null && !url) errors.push({ path: 'website', message: 'Enter a valid website, like example.com' });
      else out.website = url;
    }
    const linkedin = str(body.linkedinUrl);
    if (linkedin !== undefined) {
      const url = linkedin === null ? null : normalizeUrl(linkedin);
      if (linkedin !== null && !url) errors.push({ path: 'linkedinUrl', message: 'Enter a valid URL' });
      else out.linkedinUrl = url;
    }
    const phone = str(body.phone);
    if (phone !== undefined) {
      const p = phone === null ? null : normalizePhone(phone, region);
      if (phone !== null && !p) errors.push({ path: 'phone', message: 'Enter a valid phone number' });
      else out.phone = p;
    }
    const domain = str(body.domain);
    if (domain !== undefined) {
      const d = domain === null ? null : normalizeDomain(domain);
      if (domain !== null && !d) errors.push({ path: 'domain', message: 'Enter a domain like example.com' });
      else out.domain = d;
    }
    // the website gives the domain when there is none
    const domainAfter = out.domain !== undefined ? out.domain : (current?.domain ?? null);
    if (!domainAfter && out.website) out.domain = normalizeDomain(out.website);

    const defs = await defsOf(ctx.workspaceId);
    const custom = validateValues(defs, body.customFields, { mode: current ? 'update' : 'create', phoneRegion: region });
    errors.push(...custom.errors);
    if (errors.length) throw invalidFields(errors);
    return { write: out, custom, defs };
  }

  async function ensureDomainFree(ctx: RequestContext, domain: string | null | undefined, exceptId?: string) {
    if (!domain) return;
    const existing = await repo.idByDomain(ctx.workspaceId, domain, exceptId);
    if (existing) throw duplicate(existing, 'domain');
  }

  /** Maps a failed write to the answer a person understands. */
  async function writeFailed(ctx: RequestContext, err: unknown, domain: string | null | undefined, exceptId?: string): Promise<never> {
    if (isUniqueViolation(err, 'companies_domain_unique') && domain) {
      const existing = await repo.idByDomain(ctx.workspaceId, domain, exceptId);
      if (existing) throw duplicate(existing, 'domain');
    }
    if (isForeignKeyViolation(err) && pgErrorOf(err)?.constraint?.includes('owner')) {
      throw invalidFields([{ path: 'ownerId', message: 'Choose a member of this workspace' }]);
    }
    throw err;
  }

  const display = (defs: ValueDef[]) => [
    ...writable.map((f) => ({
      field: f,
      label: companyFieldLabels[f],
      display: f === 'ownerId' ? (_v: unknown, rec: Record<string, unknown>) => rec.ownerName ?? null : undefined,
    })),
    ...defs
      .filter((d) => !d.archived)
      .map((d) => ({
        field: `custom:${d.key}`,
        label: d.label,
        display: (v: unknown) => displayValue(d, v),
      })),
  ];
  const flat = (r: CompanyRecord) => {
    const o: Record<string, unknown> = { ...r };
    for (const [k, v] of Object.entries(r.customFields ?? {})) o[`custom:${k}`] = v;
    return o;
  };

  async function recordEdits(ctx: RequestContext, before: CompanyRecord, after: CompanyRecord, defs: ValueDef[]) {
    const changes = diffFields(flat(before), flat(after), display(defs));
    await activity.record(
      ctx.workspaceId,
      changes.map((c) => ({ entity: 'companies' as const, recordId: after.id, type: 'edited' as const, actorId: ctx.memberId, data: c })),
    );
  }

  const specOf = (q: { q?: string; filter?: string | null }, filterPath?: string): GridSpec => ({
    q: q.q,
    filter: parseFilterParam(q.filter, filterPath),
    filterPath,
  });
  const selectionSpec = (sel: BulkSelection): GridSpec =>
    'ids' in sel
      ? { ids: sel.ids }
      : { q: sel.matching.q, filter: sel.matching.filter ?? null, filterPath: 'selection.matching.filter', listId: sel.matching.listId };

  // what other modules keep per company (list memberships) and must follow a merge
  const mergeMovers: MergeMover[] = [];

  const service = {
    attachContactRelinker(fn: ContactRelinker) {
      relinkContacts = fn;
    },

    attachMergeMover(fn: MergeMover) {
      mergeMovers.push(fn);
    },

    /** Throws 404 unless the company is in the caller's workspace (notes, activity routes). */
    async guard(ctx: RequestContext, id: string) {
      await load(ctx, id);
    },

    async fields(ctx: RequestContext): Promise<{ data: GridField[] }> {
      const defs = await defsOf(ctx.workspaceId);
      const registry = companyRegistry(defs);
      const data: GridField[] = [];
      for (const [field, def] of registry) {
        data.push({
          field,
          label: def.label,
          kind: def.kind,
          sortable: !!def.sort,
          filterable: def.filterable !== false,
          ...(def.options ? { options: def.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
        });
      }
      data.push({ field: 'contactCount', label: companyFieldLabels.contactCount, kind: 'number', sortable: false, filterable: false });
      return { data };
    },

    /** `scope` narrows the grid to a list's members (issue 5: the list page is this grid). */
    async list(
      ctx: RequestContext,
      query: { limit: number; cursor?: string; q?: string; sort?: string; filter?: string; count?: boolean },
      scope?: ListScope,
    ) {
      const spec = { ...specOf(query), listId: scope?.listId };
      const defs = defsLoader(ctx.workspaceId);
      const [page, total] = await Promise.all([
        repo.page(ctx.workspaceId, defs, spec, query),
        query.count ? repo.count(ctx.workspaceId, defs, spec) : Promise.resolve(undefined),
      ]);
      return { data: page.rows.map((r) => toCompany(r, page.defs)), nextCursor: page.nextCursor, ...(total !== undefined ? { total } : {}) };
    },

    async count(ctx: RequestContext, query: { q?: string; filter?: string }, scope?: ListScope) {
      return { total: await repo.count(ctx.workspaceId, defsLoader(ctx.workspaceId), { ...specOf(query), listId: scope?.listId }) };
    },

    /** The companies a selection names, as a subquery for the lists module's set-based add (issue 5). */
    async selectionSql(ctx: RequestContext, sel: ListSelection, scope?: ListScope) {
      const defs = await defsOf(ctx.workspaceId);
      const spec: GridSpec = 'ids' in sel ? { ids: sel.ids } : { q: sel.q, filter: sel.filter, filterPath: sel.filterPath };
      return repo.selectionSql(ctx.workspaceId, defs, { ...spec, listId: scope?.listId });
    },

    async get(ctx: RequestContext, id: string) {
      const [rec, defs] = await Promise.all([load(ctx, id), defsOf(ctx.workspaceId)]);
      return toCompany(rec, defs);
    },

    /** For contacts: the company owning a (normalised) domain, if any. */
    idByDomain: (workspaceId: string, domain: string) => repo.idByDomain(workspaceId, domain),
    idByDomainIn: (tx: Tx, workspaceId: string, domain: string) => repo.idByDomainIn(tx, workspaceId, domain),

    async create(ctx: RequestContext, body: CreateCompanyBody, origin: { source?: Company['source']; importId?: string | null } = {}) {
      const { write, custom, defs } = await normalize(ctx, body, null);
      await ensureDomainFree(ctx, write.domain);
      const id = newId();
      const source = origin.source ?? (ctx.via === 'api-key' ? 'api' : 'manual');
      try {
        await repo.insert(
          ctx.workspaceId,
          id,
          {
            ...write,
            name: write.name ?? body.name,
            ownerId: write.ownerId !== undefined ? write.ownerId : ctx.memberId,
            source,
            importId: origin.importId ?? null,
            createdBy: ctx.memberId,
            updatedBy: ctx.memberId,
          },
          custom.set,
        );
      } catch (err) {
        await writeFailed(ctx, err, write.domain);
      }
      await activity.record(ctx.workspaceId, [{ entity: 'companies', recordId: id, type: 'created', actorId: ctx.memberId, data: { source } }]);
      return toCompany(await load(ctx, id), defs);
    },

    /**
     * For prospects, inside the caller's unit of work: the company owning the domain, or a new
     * one (source 'prospect', owned by the caller). Safe against a concurrent create of the
     * same domain (the unique key decides; the loser reads the winner's id).
     */
    async findOrCreateByDomainIn(tx: Tx, ctx: RequestContext, input: ProspectCompanyInput): Promise<{ id: string; created: boolean }> {
      const { write } = await normalize(ctx, { ...input, ownerId: undefined, customFields: undefined }, null);
      const domain = write.domain;
      if (!domain) throw invalidFields([{ path: 'domain', message: 'Enter a domain like example.com' }]);
      const existing = await repo.idByDomainIn(tx, ctx.workspaceId, domain);
      if (existing) return { id: existing, created: false };
      const id = await repo.insertIfAbsentIn(tx, ctx.workspaceId, newId(), {
        ...write,
        name: write.name ?? input.name,
        ownerId: ctx.memberId,
        source: 'prospect',
        createdBy: ctx.memberId,
        updatedBy: ctx.memberId,
      });
      if (!id) return { id: (await repo.idByDomainIn(tx, ctx.workspaceId, domain))!, created: false };
      await activity.recordIn(tx, ctx.workspaceId, [{ entity: 'companies', recordId: id, type: 'created', actorId: ctx.memberId, data: { source: 'prospect' } }]);
      return { id, created: true };
    },

    async update(ctx: RequestContext, id: string, body: UpdateCompanyBody) {
      const before = await load(ctx, id);
      const { write, custom, defs } = await normalize(ctx, body, before);
      if (write.domain && write.domain !== before.domain) await ensureDomainFree(ctx, write.domain, id);
      try {
        await repo.update(ctx.workspaceId, id, { ...write, updatedBy: ctx.memberId }, custom);
      } catch (err) {
        await writeFailed(ctx, err, write.domain, id);
      }
      const after = await load(ctx, id);
      await recordEdits(ctx, before, after, defs);
      return toCompany(after, defs);
    },

    async delete(ctx: RequestContext, id: string) {
      const rec = await load(ctx, id);
      if (!canDelete(ctx, rec)) throw forbidden('Members can delete only the companies they own');
      await repo.delete(ctx.workspaceId, id);
    },

    async bulkAssignOwner(ctx: RequestContext, selection: BulkSelection, ownerId: string | null) {
      const defs = await defsOf(ctx.workspaceId);
      let changed: { id: string; fromName: string | null }[];
      try {
        changed = await repo.assignOwner(ctx.workspaceId, defs, selectionSpec(selection), ownerId, ctx.memberId);
      } catch (err) {
        if (isForeignKeyViolation(err)) throw invalidFields([{ path: 'ownerId', message: 'Choose a member of this workspace' }]);
        throw err;
      }
      if (changed.length && changed.length <= EXPORT_TIMELINE_LIMIT) {
        const toName = ownerId ? ((await repo.find(ctx.workspaceId, changed[0]!.id))?.ownerName ?? null) : null;
        await activity.record(
          ctx.workspaceId,
          changed.map((c) => ({
            entity: 'companies' as const,
            recordId: c.id,
            type: 'edited' as const,
            actorId: ctx.memberId,
            data: { field: 'ownerId', label: companyFieldLabels.ownerId, from: c.fromName, to: toName },
          })),
        );
      }
      return { affected: changed.length, skipped: 0 };
    },

    async bulkDelete(ctx: RequestContext, selection: BulkSelection) {
      const defs = await defsOf(ctx.workspaceId);
      const onlyOwner = ctx.permissions.includes('records:delete-any') ? null : ctx.memberId;
      return repo.deleteWhere(ctx.workspaceId, defs, selectionSpec(selection), onlyOwner);
    },

    /**
     * Merges mergeId into keepId: the kept company takes the chosen values, the merged one's
     * contacts, notes and history, and the merged company is deleted.
     */
    async merge(ctx: RequestContext, body: MergeBody) {
      if (body.keepId === body.mergeId) throw invalidFields([{ path: 'mergeId', message: 'Choose two different companies' }]);
      const [keep, gone, defs] = await Promise.all([load(ctx, body.keepId), load(ctx, body.mergeId), defsOf(ctx.workspaceId)]);
      if (!canDelete(ctx, gone)) throw forbidden('Members can merge away only the companies they own');
      const { write, set, unset, unknown } = mergeValues(keep, gone, writable, defs, body.values ?? {});
      if (unknown.length) throw invalidFields(unknown.map((k) => ({ path: `values.${k}`, message: 'Not a field of companies' })));
      // contacts, notes and history first: deleting the merged company must lose nothing
      await relinkContacts?.(ctx.workspaceId, gone.id, keep.id);
      await notes.moveAll(ctx.workspaceId, 'companies', gone.id, keep.id);
      await activity.moveAll(ctx.workspaceId, 'companies', gone.id, keep.id);
      for (const move of mergeMovers) await move(ctx.workspaceId, gone.id, keep.id);
      await repo.delete(ctx.workspaceId, gone.id);
      await repo.update(ctx.workspaceId, keep.id, { ...(write as CompanyWrite), updatedBy: ctx.memberId }, { set, unset });
      const after = await load(ctx, keep.id);
      await activity.record(ctx.workspaceId, [
        { entity: 'companies', recordId: keep.id, type: 'merged', actorId: ctx.memberId, data: { mergedId: gone.id, mergedName: gone.name } },
      ]);
      await recordEdits(ctx, keep, after, defs);
      return toCompany(after, defs);
    },

    /**
     * Validates an export request and returns its header and a function streaming its rows
     * (`write` resolves when the consumer wants more). Logs the export when done.
     */
    async prepareExport(
      ctx: RequestContext,
      query: { q?: string; sort?: string; filter?: string; columns?: string; ids?: string; includeSuppressed?: boolean },
      scope?: ListScope,
    ) {
      const defs = await defsOf(ctx.workspaceId);
      const spec: GridSpec = { ...specOf(query), ids: parseIdList(query.ids), listId: scope?.listId };
      const columns = chooseColumns(companyExportColumns(defs), query.columns);
      const run = repo.prepareExport(ctx.workspaceId, defs, spec, query.sort, columns);
      return {
        header: columns.map((c) => c.header),
        async stream(write: (chunk: string | Buffer) => Promise<void> | void) {
          const rows = await run(write);
          // small exports go on each record's timeline (the ids are read again: COPY gives only text)
          const ids = rows <= EXPORT_TIMELINE_LIMIT ? await repo.exportIds(ctx.workspaceId, defs, spec, EXPORT_TIMELINE_LIMIT) : null;
          await activity.logExport(
            ctx.workspaceId,
            {
              entity: 'companies',
              memberId: ctx.memberId,
              rowCount: rows,
              q: query.q ?? null,
              filter: spec.filter,
              columns: columns.map((c) => c.field),
              includeSuppressed: !!query.includeSuppressed,
            },
            ids,
          );
          return rows;
        },
      };
    },

    /** For the custom fields service: drop values of a deleted field or option. */
    valueStore: {
      dropKey: (workspaceId: string, key: string) => repo.dropCustomKey(workspaceId, key),
      dropOption: (workspaceId: string, key: string, optionId: string, multi: boolean) =>
        repo.dropCustomOption(workspaceId, key, optionId, multi),
    },
  };
  return service;
}


export type CompaniesService = ReturnType<typeof createCompaniesService>;

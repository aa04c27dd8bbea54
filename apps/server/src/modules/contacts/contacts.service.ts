import {
  contactFieldLabels,
  type BulkSelection,
  type Contact,
  type CreateContactBody,
  type GridField,
  type MergeBody,
  type UpdateContactBody,
} from '@leadtrail/contracts';
import type { Tx } from '../../db/client.js';
import { AppError, forbidden, invalidFields, notFound } from '../../lib/errors.js';
import { parseFilterParam } from '../../lib/filters/compile.js';
import { diffFields } from '../../lib/filters/diff.js';
import { chooseColumns, parseIdList } from '../../lib/filters/export-columns.js';
import { isForeignKeyViolation, isUniqueViolation, pgErrorOf } from '../../lib/filters/pg-error.js';
import { newId } from '../../lib/ids.js';
import { emailDomain, FREE_MAIL_DOMAINS, normalizeEmail, normalizePhone } from '../../lib/normalize.js';
import type { RequestContext } from '../../core/request-context.js';
import { EXPORT_TIMELINE_LIMIT, type ActivityService } from '../activity/activity.service.js';
import type { CompaniesService, MergeMover, ProspectCompanyInput } from '../companies/companies.service.js';
import { displayValue, normalizeUrl, presentValues, validateValues, type FieldError, type ValueDef } from '../custom-fields/custom-field-values.js';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service.js';
import type { ListScope, GridSelection as ListSelection } from '../lists/lists.service.js';
import type { NotesService } from '../notes/notes.service.js';
import { mergeValues } from '../records/merge-values.js';
import { contactExportColumns, contactRegistry, type ContactRecord, type ContactsRepository, type ContactWrite, type GridSpec } from './contacts.repository.js';

type Deps = {
  repo: ContactsRepository;
  customFields: CustomFieldsService;
  companies: CompaniesService;
  activity: ActivityService;
  notes: NotesService;
  /** The workspace's default phone region (ISO country code) for numbers without +country. */
  phoneRegion: (workspaceId: string) => Promise<string>;
};



/** What prospects know of a revealed person; `company` (with a domain) is found or created. */
export type ProspectContactInput = Omit<CreateContactBody, 'companyId' | 'ownerId' | 'customFields'> & {
  company?: ProspectCompanyInput | null;
};
export type ProspectContactResult =
  | { outcome: 'created'; contactId: string; companyId: string | null }
  | { outcome: 'existing'; contactId: string; companyId: null }
  | { outcome: 'suppressed'; contactId: null; companyId: null };

const duplicate = (existingId: string) =>
  new AppError(409, 'duplicate', 'A contact with this email already exists', { existingId, field: 'email' });

/** Standard fields a request can write. */
const writable = [
  'firstName', 'lastName', 'email', 'emailStatus', 'workPhone', 'mobilePhone', 'otherPhone', 'jobTitle', 'seniority',
  'department', 'companyId', 'linkedinUrl', 'city', 'region', 'country', 'ownerId',
] as const;

type ListQuery = { limit: number; cursor?: string; q?: string; sort?: string; filter?: string; count?: boolean };
type ExportQuery = { q?: string; sort?: string; filter?: string; columns?: string; ids?: string; includeSuppressed?: boolean };

export function createContactsService(deps: Deps) {
  const { repo, customFields, companies, activity, notes } = deps;

  const defsOf = (workspaceId: string) => customFields.definitions(workspaceId, 'contacts');
  /** Loads the definitions inside the grid query's own transaction (one round trip less per page). */
  const defsLoader = (workspaceId: string) => (tx: Tx) => customFields.definitionsIn(tx, workspaceId, 'contacts');

  const toContact = (r: ContactRecord, defs: ValueDef[]): Contact => ({
    ...r,
    seniority: r.seniority as Contact['seniority'],
    customFields: presentValues(defs, r.customFields) as Contact['customFields'],
  });

  const load = async (ctx: RequestContext, id: string) => {
    const rec = await repo.find(ctx.workspaceId, id);
    if (!rec) throw notFound('Contact');
    return rec;
  };

  const canDelete = (ctx: RequestContext, rec: { ownerId: string | null }) =>
    ctx.permissions.includes('records:delete-any') || rec.ownerId === ctx.memberId;

  /** Body fields → column values (normalised), with an error per bad field. */
  async function normalize(ctx: RequestContext, body: UpdateContactBody, current: ContactRecord | null) {
    const errors: FieldError[] = [];
    const out: ContactWrite = {};
    const region = await deps.phoneRegion(ctx.workspaceId);
    const str = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());
    for (const f of ['firstName', 'lastName', 'jobTitle', 'department', 'city', 'region', 'country'] as const) {
      const v = str(body[f]);
      if (v !== undefined) out[f] = v;
    }
    if (body.email !== undefined) out.email = normalizeEmail(body.email);
    if (body.emailStatus !== undefined) out.emailStatus = body.emailStatus;
    if (body.seniority !== undefined) out.seniority = body.seniority;
    if (body.companyId !== undefined) out.companyId = body.companyId;
    if (body.ownerId !== undefined) out.ownerId = body.ownerId;
    for (const f of ['workPhone', 'mobilePhone', 'otherPhone'] as const) {
      const raw = str(body[f]);
      if (raw === undefined) continue;
      const p = raw === null ? null : normalizePhone(raw, region);
      if (raw !== null && !p) errors.push({ path: f, message: 'Enter a valid phone number' });
      else out[f] = p;
    }
    const linkedin = str(body.linkedinUrl);
    if (linkedin !== undefined) {
      const url = linkedin === null ? null : normalizeUrl(linkedin);
      if (linkedin !== null && !url) errors.push({ path: 'linkedinUrl', message: 'Enter a valid URL' });
      else out.linkedinUrl = url;
    }
    if (current) {
      const name = (k: 'firstName' | 'lastName' | 'email') => (out[k] !== undefined ? out[k] : current[k]);
      if (!name('firstName') && !name('lastName') && !name('email')) {
        errors.push({ path: 'email', message: 'A contact needs a name or an email' });
      }
    }
    const defs = await defsOf(ctx.workspaceId);
    const custom = validateValues(defs, body.customFields, { mode: current ? 'update' : 'create', phoneRegion: region });
    errors.push(...custom.errors);
    if (errors.length) throw invalidFields(errors);
    return { write: out, custom, defs };
  }

  /** A contact without a company joins the one owning its (non free-mail) email domain. */
  async function linkCompany(ctx: RequestContext, write: ContactWrite, current: ContactRecord | null) {
    if (write.companyId !== undefined || !write.email) return;
    if (current?.companyId) return;
    const domain = emailDomain(write.email);
    if (!domain || FREE_MAIL_DOMAINS.has(domain)) return;
    const companyId = await companies.idByDomain(ctx.workspaceId, domain);
    if (companyId) write.companyId = companyId;
  }

  async function ensureEmailFree(ctx: RequestContext, email: string | null | undefined, exceptId?: string) {
    if (!email) return;
    const existing = await repo.idByEmail(ctx.workspaceId, email, exceptId);
    if (existing) throw duplicate(existing);
  }

  async function writeFailed(ctx: RequestContext, err: unknown, email: string | null | undefined, exceptId?: string): Promise<never> {
    if (isUniqueViolation(err, 'contacts_email_unique') && email) {
      const existing = await repo.idByEmail(ctx.workspaceId, email, exceptId);
      if (existing) throw duplicate(existing);
    }
    if (isForeignKeyViolation(err)) {
      const constraint = pgErrorOf(err)?.constraint ?? '';
      if (constraint.includes('owner')) throw invalidFields([{ path: 'ownerId', message: 'Choose a member of this workspace' }]);
      if (constraint.includes('company')) throw invalidFields([{ path: 'companyId', message: 'Choose a company of this workspace' }]);
    }
    throw err;
  }

  const display = (defs: ValueDef[]) => [
    ...writable.map((f) => ({
      field: f,
      label: contactFieldLabels[f],
      display:
        f === 'ownerId'
          ? (_v: unknown, rec: Record<string, unknown>) => rec.ownerName ?? null
          : f === 'companyId'
            ? (_v: unknown, rec: Record<string, unknown>) => rec.companyName ?? null
            : undefined,
    })),
    ...defs
      .filter((d) => !d.archived)
      .map((d) => ({ field: `custom:${d.key}`, label: d.label, display: (v: unknown) => displayValue(d, v) })),
  ];
  const flat = (r: ContactRecord) => {
    const o: Record<string, unknown> = { ...r };
    for (const [k, v] of Object.entries(r.customFields ?? {})) o[`custom:${k}`] = v;
    return o;
  };

  async function recordEdits(ctx: RequestContext, before: ContactRecord, after: ContactRecord, defs: ValueDef[]) {
    const changes = diffFields(flat(before), flat(after), display(defs));
    await activity.record(
      ctx.workspaceId,
      changes.map((c) => ({ entity: 'contacts' as const, recordId: after.id, type: 'edited' as const, actorId: ctx.memberId, data: c })),
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

  // what other modules keep per contact (list memberships) and must follow a merge
  const mergeMovers: MergeMover[] = [];

  return {
    attachMergeMover(fn: MergeMover) {
      mergeMovers.push(fn);
    },

    /** Throws 404 unless the contact is in the caller's workspace (notes, activity routes). */
    async guard(ctx: RequestContext, id: string) {
      await load(ctx, id);
    },

    async fields(ctx: RequestContext): Promise<{ data: GridField[] }> {
      const registry = contactRegistry(await defsOf(ctx.workspaceId));
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
      return { data };
    },

    /** `scope` narrows the grid to a list's members (issue 5: the list page is this grid). */
    async list(ctx: RequestContext, query: ListQuery, scope?: ListScope) {
      const spec = { ...specOf(query), listId: scope?.listId };
      const defs = defsLoader(ctx.workspaceId);
      const [page, total] = await Promise.all([
        repo.page(ctx.workspaceId, defs, spec, query),
        query.count ? repo.count(ctx.workspaceId, defs, spec) : Promise.resolve(undefined),
      ]);
      return { data: page.rows.map((r) => toContact(r, page.defs)), nextCursor: page.nextCursor, ...(total !== undefined ? { total } : {}) };
    },

    async count(ctx: RequestContext, query: { q?: string; filter?: string }, scope?: ListScope) {
      return { total: await repo.count(ctx.workspaceId, defsLoader(ctx.workspaceId), { ...specOf(query), listId: scope?.listId }) };
    },

    /**
     * The contacts a selection names, as a subquery for the lists module's set-based add
     * (issue 5). Validates the filter like the grid does.
     */
    async selectionSql(ctx: RequestContext, sel: ListSelection, scope?: ListScope) {
      const defs = await defsOf(ctx.workspaceId);
      const spec: GridSpec = 'ids' in sel ? { ids: sel.ids } : { q: sel.q, filter: sel.filter, filterPath: sel.filterPath };
      return repo.selectionSql(ctx.workspaceId, defs, { ...spec, listId: scope?.listId });
    },

    async get(ctx: RequestContext, id: string) {
      const [rec, defs] = await Promise.all([load(ctx, id), defsOf(ctx.workspaceId)]);
      return toContact(rec, defs);
    },

    /**
     * Creates a contact. Other modules (imports, prospects) pass their origin; the API
     * marks API-key calls as 'api' and the app's as 'manual'.
     */
    async create(ctx: RequestContext, body: CreateContactBody, origin: { source?: Contact['source']; importId?: string | null } = {}) {
      const { write, custom, defs } = await normalize(ctx, body, null);
      await ensureEmailFree(ctx, write.email);
      await linkCompany(ctx, write, null);
      const id = newId();
      const source = origin.source ?? (ctx.via === 'api-key' ? 'api' : 'manual');
      try {
        await repo.insert(
          ctx.workspaceId,
          id,
          {
            ...write,
            ownerId: write.ownerId !== undefined ? write.ownerId : ctx.memberId,
            source,
            importId: origin.importId ?? null,
            createdBy: ctx.memberId,
            updatedBy: ctx.memberId,
          },
          custom.set,
        );
      } catch (err) {
        await writeFailed(ctx, err, write.email);
      }
      await activity.record(ctx.workspaceId, [{ entity: 'contacts', recordId: id, type: 'created', actorId: ctx.memberId, data: { source } }]);
      return toContact(await load(ctx, id), defs);
    },

    /**
     * For prospects (a revealed person becomes a contact), inside the caller's unit of work:
     * nothing is written for a suppressed email ('suppressed'), an email already in the
     * workspace answers that contact ('existing'); otherwise a contact with source 'prospect',
     * owned by the caller, linked to its company (found or created by domain, or by the
     * email's domain).
     */
    async createFromProspectIn(tx: Tx, ctx: RequestContext, input: ProspectContactInput): Promise<ProspectContactResult> {
      const { company, ...body } = input;
      const { write } = await normalize(ctx, { ...body, companyId: undefined, ownerId: undefined, customFields: undefined }, null);
      if (!write.firstName && !write.lastName && !write.email) throw invalidFields([{ path: 'email', message: 'A contact needs a name or an email' }]);
      if (write.email) {
        if (await repo.suppressedIn(tx, ctx.workspaceId, write.email)) return { contactId: null, companyId: null, outcome: 'suppressed' };
        const existing = await repo.idByEmailIn(tx, ctx.workspaceId, write.email);
        if (existing) return { contactId: existing, companyId: null, outcome: 'existing' };
      }
      let companyId: string | null = null;
      if (company?.domain) companyId = (await companies.findOrCreateByDomainIn(tx, ctx, company)).id;
      else {
        const domain = write.email ? emailDomain(write.email) : null;
        if (domain && !FREE_MAIL_DOMAINS.has(domain)) companyId = await companies.idByDomainIn(tx, ctx.workspaceId, domain);
      }
      const row: ContactWrite = { ...write, companyId, ownerId: ctx.memberId, source: 'prospect', createdBy: ctx.memberId, updatedBy: ctx.memberId };
      const id = await repo.insertIfAbsentIn(tx, ctx.workspaceId, newId(), row);
      if (!id) return { contactId: (await repo.idByEmailIn(tx, ctx.workspaceId, write.email!))!, companyId: null, outcome: 'existing' };
      await activity.recordIn(tx, ctx.workspaceId, [{ entity: 'contacts', recordId: id, type: 'created', actorId: ctx.memberId, data: { source: 'prospect' } }]);
      return { contactId: id, companyId, outcome: 'created' };
    },

    async update(ctx: RequestContext, id: string, body: UpdateContactBody) {
      const before = await load(ctx, id);
      const { write, custom, defs } = await normalize(ctx, body, before);
      if (write.email && write.email !== before.email) {
        await ensureEmailFree(ctx, write.email, id);
        await linkCompany(ctx, write, before);
      }
      try {
        await repo.update(ctx.workspaceId, id, { ...write, updatedBy: ctx.memberId }, custom);
      } catch (err) {
        await writeFailed(ctx, err, write.email, id);
      }
      const after = await load(ctx, id);
      await recordEdits(ctx, before, after, defs);
      return toContact(after, defs);
    },

    async delete(ctx: RequestContext, id: string) {
      const rec = await load(ctx, id);
      if (!canDelete(ctx, rec)) throw forbidden('Members can delete only the contacts they own');
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
      // the timeline gets one entry per record for selections of a sensible size
      if (changed.length && changed.length <= EXPORT_TIMELINE_LIMIT) {
        const toName = ownerId ? ((await repo.find(ctx.workspaceId, changed[0]!.id))?.ownerName ?? null) : null;
        await activity.record(
          ctx.workspaceId,
          changed.map((c) => ({
            entity: 'contacts' as const,
            recordId: c.id,
            type: 'edited' as const,
            actorId: ctx.memberId,
            data: { field: 'ownerId', label: contactFieldLabels.ownerId, from: c.fromName, to: toName },
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
     * Merges mergeId into keepId: the kept contact takes the chosen values and the merged
     * one's notes and history; the merged contact is then deleted.
     */
    async merge(ctx: RequestContext, body: MergeBody) {
      if (body.keepId === body.mergeId) throw invalidFields([{ path: 'mergeId', message: 'Choose two different contacts' }]);
      const [keep, gone, defs] = await Promise.all([load(ctx, body.keepId), load(ctx, body.mergeId), defsOf(ctx.workspaceId)]);
      if (!canDelete(ctx, gone)) throw forbidden('Members can merge away only the contacts they own');
      const { write, set, unset, unknown } = mergeValues(keep, gone, writable, defs, body.values ?? {});
      if (unknown.length) throw invalidFields(unknown.map((k) => ({ path: `values.${k}`, message: 'Not a field of contacts' })));
      // notes and history move first: deleting the merged contact must lose nothing
      await notes.moveAll(ctx.workspaceId, 'contacts', gone.id, keep.id);
      await activity.moveAll(ctx.workspaceId, 'contacts', gone.id, keep.id);
      for (const move of mergeMovers) await move(ctx.workspaceId, gone.id, keep.id);
      await repo.delete(ctx.workspaceId, gone.id);
      await repo.update(ctx.workspaceId, keep.id, { ...(write as ContactWrite), updatedBy: ctx.memberId }, { set, unset });
      const after = await load(ctx, keep.id);
      const goneName = [gone.firstName, gone.lastName].filter(Boolean).join(' ') || gone.email;
      await activity.record(ctx.workspaceId, [
        { entity: 'contacts', recordId: keep.id, type: 'merged', actorId: ctx.memberId, data: { mergedId: gone.id, mergedName: goneName } },
      ]);
      await recordEdits(ctx, keep, after, defs);
      return toContact(after, defs);
    },

    /** Validates an export request; returns the header and a function that streams the rows. */
    async prepareExport(ctx: RequestContext, query: ExportQuery, scope?: ListScope) {
      const defs = await defsOf(ctx.workspaceId);
      const spec: GridSpec = { ...specOf(query), ids: parseIdList(query.ids), includeSuppressed: !!query.includeSuppressed, listId: scope?.listId };
      const columns = chooseColumns(contactExportColumns(defs, { includeSuppressed: !!query.includeSuppressed }), query.columns);
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
              entity: 'contacts',
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

    /** For the companies service: a company merge moves its contacts. */
    relinkCompany: (workspaceId: string, fromId: string, toId: string) => repo.relinkCompany(workspaceId, fromId, toId),

    /** For the custom fields service: drop values of a deleted field or option. */
    valueStore: {
      dropKey: (workspaceId: string, key: string) => repo.dropCustomKey(workspaceId, key),
      dropOption: (workspaceId: string, key: string, optionId: string, multi: boolean) =>
        repo.dropCustomOption(workspaceId, key, optionId, multi),
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

import type {
  ContactMerge,
  ContactMergeUndoResult,
  DuplicateContact,
  DuplicateDismissBody,
  DuplicatePair,
  DuplicatesMergeBody,
  DuplicatesMergeResult,
  DuplicatesPage,
  DuplicatesQuery,
  MergeBody,
} from '@leadtrail/contracts';
import type { RequestContext } from '../../../core/request-context.js';
import type { Tx, UnitOfWork } from '../../../core/unit-of-work.js';
import { AppError, conflict, forbidden, invalidCursor, invalidFields, notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { WebhookEvents } from '../../webhooks/webhooks.service.js';
import { createContactDuplicatesRepository, type ContactDuplicatesRepository, type MergeSnapshot } from './contact-duplicates.repository.js';

export type ContactDuplicatesDeps = {
  uow: UnitOfWork;
  repo?: ContactDuplicatesRepository;
  /** The one merge use case, run inside this use case's unit of work (`inTx`). */
  contacts: { merge: (ctx: RequestContext, body: MergeBody, inTx?: Tx) => Promise<unknown> };
  /** An undo tells webhooks what the merge told them otherwise: the merged are back, the keepers changed. */
  events?: Pick<WebhookEvents, 'emitManyIn'>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The view reads every contact's keys: it takes a heavy slot (decision 0029). */
const HEAVY = { heavy: true } as const;
/** A pair's refusal the bulk merge counts as skipped (the rest of the page goes on). */
const SKIPPABLE = new Set([400, 403, 404, 409]);

/** A dry run's answer, thrown to roll its unit of work back after the real merges ran. */
class DryRun extends Error {
  constructor(readonly result: DuplicatesMergeResult) {
    super('dry run');
  }
}

const encodeCursor = (r: { score: number; a: string; b: string }) => Buffer.from(`${r.score}:${r.a}:${r.b}`).toString('base64url');
function decodeCursor(cursor: string) {
  const [score, a, b] = Buffer.from(cursor, 'base64url').toString().split(':');
  if (!score || !/^\d+$/.test(score) || !a || !b || !UUID.test(a) || !UUID.test(b)) throw invalidCursor();
  return { score: Number(score), a, b };
}

/** The suggested keeper: the more complete one, then the older, then the smaller id. */
function keeperFirst(x: DuplicateContact, y: DuplicateContact): [DuplicateContact, DuplicateContact] {
  if (x.filled !== y.filled) return x.filled > y.filled ? [x, y] : [y, x];
  if (x.createdAt !== y.createdAt) return x.createdAt < y.createdAt ? [x, y] : [y, x];
  return x.id < y.id ? [x, y] : [y, x];
}

/**
 * Duplicate contacts (issue 26, decision 0037): the likely pairs, "not duplicates", and a merge
 * of up to a page of pairs in one unit of work, by the records' own merge use case, recorded
 * with what it changed so that it can be undone once.
 */
export function createContactDuplicatesService(deps: ContactDuplicatesDeps) {
  const { uow } = deps;
  const repo = deps.repo ?? createContactDuplicatesRepository();
  const managesAny = (ctx: RequestContext) => ctx.permissions.includes('records:delete-any');

  return {
    async list(ctx: RequestContext, q: DuplicatesQuery): Promise<DuplicatesPage> {
      const after = q.cursor ? decodeCursor(q.cursor) : null;
      // a transaction, not a plain read: the pairs and their contacts from one snapshot, and
      // the repository's transaction-local setting (JIT off) holds for its statement
      return uow.tenant(
        ctx,
        async (tx) => {
          const rows = await repo.pairs(tx, ctx.workspaceId, { limit: q.limit, after });
          const page = rows.slice(0, q.limit);
          const contacts = new Map((await repo.contacts(tx, ctx.workspaceId, page.flatMap((r) => [r.a, r.b]))).map((c) => [c.id, c]));
          const data: DuplicatePair[] = [];
          for (const r of page) {
            const a = contacts.get(r.a);
            const b = contacts.get(r.b);
            if (!a || !b) continue;
            const [keep, merge] = keeperFirst(a, b);
            data.push({ reasons: [...r.reasons].sort(), score: r.score, keep, merge });
          }
          const last = page.at(-1);
          return { data, nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null, total: rows[0]?.total ?? 0 };
        },
        HEAVY,
      );
    },

    /** "Not duplicates": the pair stays out of the view (both must be contacts of the workspace). */
    async dismiss(ctx: RequestContext, body: DuplicateDismissBody) {
      const [a, b] = [...body.contactIds].sort() as [string, string];
      if (a === b) throw invalidFields([{ path: 'contactIds', message: 'Choose two different contacts' }]);
      await uow.tenant(ctx, async (tx) => {
        if ((await repo.existing(tx, ctx.workspaceId, [a, b])).size !== 2) throw notFound('Contact');
        await repo.dismiss(tx, ctx.workspaceId, a, b, ctx.memberId);
      });
    },

    /**
     * Merges each pair by the records' merge use case (its rules and permissions: a member
     * merges away only their own), all in one unit of work; a pair it refuses is skipped and
     * counted, the others go on (each in a savepoint). A dry run does the same and rolls back.
     */
    async merge(ctx: RequestContext, body: DuplicatesMergeBody): Promise<DuplicatesMergeResult> {
      const dryRun = !!body.dryRun;
      const ids = [...new Set(body.pairs.flatMap((p) => [p.keepId, p.mergeId]))];
      try {
        return await uow.tenant(ctx, async (tx) => {
          await repo.lock(tx, ctx.workspaceId, ids);
          const snapshots: MergeSnapshot[] = [];
          const items: DuplicatesMergeResult['items'] = [];
          const skippedPairs: DuplicatesMergeResult['skippedPairs'] = [];
          for (const pair of body.pairs) {
            try {
              const done = await tx.transaction(async (sp) => {
                const { keepNow, ...snap } = await repo.snapshot(sp, ctx.workspaceId, pair.keepId, pair.mergeId);
                const [before] = await repo.contacts(sp, ctx.workspaceId, [pair.keepId]);
                await deps.contacts.merge(ctx, { keepId: pair.keepId, mergeId: pair.mergeId }, sp);
                const added = (await repo.activitiesNow(sp, ctx.workspaceId, pair.keepId)).filter((id) => !keepNow.includes(id));
                const [after] = await repo.contacts(sp, ctx.workspaceId, [pair.keepId]);
                return { snap: { ...snap, addedActivityIds: added }, before: before!, after: after! };
              });
              snapshots.push(done.snap);
              items.push({ mergeId: pair.mergeId, before: done.before, after: done.after });
            } catch (err) {
              if (!(err instanceof AppError) || !SKIPPABLE.has(err.status)) throw err;
              skippedPairs.push({ ...pair, reason: err.status === 404 ? 'One of the two contacts no longer exists' : err.message });
            }
          }
          const result = { id: null, dryRun, merged: items.length, skipped: skippedPairs.length, items, skippedPairs };
          if (dryRun) throw new DryRun(result);
          if (!items.length) return result;
          const id = newId();
          await repo.insertMerge(tx, ctx.workspaceId, { id, memberId: ctx.memberId, merged: items.length, skipped: skippedPairs.length, items: snapshots });
          return { ...result, id };
        });
      } catch (err) {
        if (err instanceof DryRun) return err.result;
        throw err;
      }
    },

    /** The workspace's latest merges of duplicates, newest first (the view's history). */
    async history(ctx: RequestContext): Promise<{ data: ContactMerge[] }> {
      return { data: await uow.read(ctx, (tx) => repo.recentMerges(tx, ctx.workspaceId, 20)) };
    },

    /**
     * Undoes a merge once (its author, or an owner or admin): each pair, newest first, gets its
     * keeper's row back as it was and its merged contact back with its notes, timeline, list
     * memberships, reveals and channels. 409 when done already, or when a contact it would
     * restore was deleted or its email taken since.
     */
    async undo(ctx: RequestContext, id: string): Promise<ContactMergeUndoResult> {
      return uow.tenant(ctx, async (tx) => {
        const m = await repo.lockMerge(tx, ctx.workspaceId, id);
        if (!m) throw notFound('Merge');
        if (m.memberId !== ctx.memberId && !managesAny(ctx)) throw forbidden('Only its author, or an owner or admin, can undo this merge');
        if (m.undoneAt) throw conflict('This merge was undone already');
        const ids = [...new Set(m.items.flatMap((s) => [s.keepId, s.mergeId]))];
        await repo.lock(tx, ctx.workspaceId, ids);
        const present = await repo.existing(tx, ctx.workspaceId, ids);
        for (const s of [...m.items].reverse()) {
          const name = (row: Record<string, unknown>) => [row.first_name, row.last_name].filter(Boolean).join(' ') || String(row.email ?? s.keepId);
          if (!present.has(s.keepId)) throw conflict(`${name(s.keepRow)} was deleted since the merge: it can't be undone`);
          if (present.has(s.mergeId)) throw conflict(`${name(s.mergeRow)} exists again: this merge can't be undone`);
          const email = s.mergeRow.email as string | null;
          const holder = email ? await repo.emailHolder(tx, ctx.workspaceId, email) : null;
          if (holder && holder !== s.keepId) throw conflict(`Another contact has ${email} now: this merge can't be undone`);
          await repo.restore(tx, ctx.workspaceId, s);
          present.add(s.mergeId);
        }
        await repo.markUndone(tx, ctx.workspaceId, id, ctx.memberId);
        // written with the undo (set-based, ids only: a receiver reads the records if it needs them)
        await deps.events?.emitManyIn(tx, ctx, 'contact.created', m.items.map((s) => ({ id: s.mergeId, partial: true, restoredFrom: id })));
        await deps.events?.emitManyIn(tx, ctx, 'contact.updated', [...new Set(m.items.map((s) => s.keepId))].map((k) => ({ id: k, partial: true })));
        return { restored: m.items.length };
      });
    },
  };
}

export type ContactDuplicatesService = ReturnType<typeof createContactDuplicatesService>;

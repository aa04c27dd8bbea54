import { pipeline, type Readable } from 'node:stream';
import Papa from 'papaparse';
import {
  SUPPRESSION_INVALID_LISTED,
  SUPPRESSION_NOTE_MAX,
  type Suppression,
  type SuppressionCheckResult,
  type SuppressionCreateBody,
  type SuppressionCreateResult,
  type SuppressionKind,
  type SuppressionMatch,
  type SuppressionPage,
  type SuppressionReason,
} from '@leadtrail/contracts';
import { AppError, invalidCursor, notFound } from '../../lib/errors.js';
import { UUID_RE } from '../../lib/filters/cursor-values.js';
import { textProblem } from '../../lib/text-input.js';
import { csvLayout, readKind, readReason, REASON_LIST } from './suppression-csv.js';
import { canonicalDomain, canonicalEmail, emailSha256, parseSuppressionText, parseSuppressionValue, type ParsedEntry } from './suppression-entry.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import type { RequestContext } from '../../core/request-context.js';
import type { AuditService } from '../audit/audit.service.js';
import type { NewSuppression, SuppressionFilter, SuppressionRow, SuppressionsRepository } from './suppressions.repository.js';

/** Who is acting (the request context's relevant part). */
export type SuppressionActor = { workspaceId: string; userId: string; memberId: string };

/** Rows per INSERT: large enough to be fast, small enough for the parameter limit. */
const BATCH = 2000;
/** A CSV upload stops (and changes nothing) past this many rows. */
export const UPLOAD_MAX_ROWS = 1_000_000;

const toDto = (r: SuppressionRow): Suppression => ({
  id: r.id,
  kind: r.kind,
  value: r.value,
  reason: r.reason,
  note: r.note,
  addedBy: r.addedById ? { id: r.addedById, name: r.addedByName ?? 'Former member' } : null,
  createdAt: r.createdAt.toISOString(),
});

/** `sales.acme.co.uk` → itself and its parents (`acme.co.uk`, `co.uk`). */
function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(labels.slice(i).join('.'));
  return out;
}

/** Exact values that answer "what suppresses this?" when the search is an email, a domain or a hash. */
function matchValuesFor(q: string): string[] {
  const email = canonicalEmail(q);
  if (email) return [email, emailSha256(email), ...domainAndParents(email.slice(email.lastIndexOf('@') + 1))];
  const domain = canonicalDomain(q);
  if (domain) return domainAndParents(domain);
  return /^[0-9a-f]{64}$/i.test(q) ? [q.toLowerCase()] : [];
}

/** Counts what a paste or an upload did, listing the first invalid lines. */
class Tally {
  added = 0;
  valid = 0;
  invalid: SuppressionCreateResult['invalid'] = [];
  invalidCount = 0;

  reject(line: number, value: string, message: string) {
    this.invalidCount++;
    if (this.invalid.length < SUPPRESSION_INVALID_LISTED) this.invalid.push({ line, value: value.slice(0, 200), message });
  }

  result(): SuppressionCreateResult {
    return { added: this.added, duplicates: this.valid - this.added, invalid: this.invalid, invalidCount: this.invalidCount };
  }
}

export function createSuppressionsService(deps: { repo: SuppressionsRepository; uow: UnitOfWork; audit: AuditService }) {
  const { repo, uow, audit } = deps;
  /** What the audit log keeps of a removed entry: never an address in clear (an erasure could not take it back). */
  const removedOf = (r: SuppressionRow) => ({ kind: r.kind, reason: r.reason, value: r.kind === 'email' ? `sha256:${emailSha256(r.value)}` : r.value });

  /** Inserts accepted entries in batches inside one transaction. */
  async function write(actor: SuppressionActor, feed: (accept: (e: NewSuppression) => Promise<void>, tally: Tally) => Promise<void>) {
    const tally = new Tally();
    // a paste or an upload adds all its valid entries or, when it fails half-way, none
    await uow.tenant(actor, async (tx) => {
      let batch: NewSuppression[] = [];
      const flush = async () => {
        tally.added += await repo.insertBatch(tx, actor.workspaceId, actor.memberId, batch);
        batch = [];
      };
      await feed(async (entry) => {
        tally.valid++;
        batch.push(entry);
        if (batch.length >= BATCH) await flush();
      }, tally);
      await flush();
    });
    return tally.result();
  }

  /**
   * THE check for lists of emails (imports, prospects, the API): the entry suppressing each
   * email, keyed by the email as given; emails that aren't valid are never suppressed.
   */
  async function isSuppressedIn(tx: Tx, ctx: Pick<SuppressionActor, 'workspaceId'>, emails: string[]): Promise<Map<string, SuppressionMatch | null>> {
    const canonical = new Map<string, string | null>();
    for (const e of emails) canonical.set(e, canonicalEmail(e));
    const unique = [...new Set([...canonical.values()].filter((v): v is string => !!v))];
    const rows = await repo.matchEmails(tx, ctx.workspaceId, unique);
    const byCanonical = new Map(rows.map((r) => [r.email, r.match]));
    const out = new Map<string, SuppressionMatch | null>();
    for (const [given, c] of canonical) out.set(given, c ? (byCanonical.get(c) ?? null) : null);
    return out;
  }

  const isSuppressed = (workspaceId: string, emails: string[]) => uow.tenant({ workspaceId }, (tx) => isSuppressedIn(tx, { workspaceId }, emails));

  const filterOf = (q: { q?: string; kind?: SuppressionKind; reason?: SuppressionReason }): SuppressionFilter => ({
    q: q.q || undefined,
    matchValues: q.q ? matchValuesFor(q.q) : undefined,
    kind: q.kind,
    reason: q.reason,
  });

  return {
    async list(
      workspaceId: string,
      query: { q?: string; kind?: SuppressionKind; reason?: SuppressionReason; limit: number; cursor?: string; count?: boolean },
    ): Promise<SuppressionPage> {
      if (query.cursor && !UUID_RE.test(query.cursor)) throw invalidCursor();
      const f = filterOf(query);
      const [rows, total] = await uow.tenant({ workspaceId }, async (tx) => [
        await repo.list(tx, workspaceId, f, { afterId: query.cursor ?? null, limit: query.limit + 1 }),
        query.count ? await repo.count(tx, workspaceId, f) : undefined,
      ] as const);
      const page = rows.slice(0, query.limit) as SuppressionRow[];
      const next = rows.length > query.limit ? page[page.length - 1]!.id : null;
      return {
        data: page.map(toDto),
        nextCursor: next,
        ...(total !== undefined ? { total } : {}),
      };
    },

    async get(workspaceId: string, id: string): Promise<Suppression> {
      const row = await uow.tenant({ workspaceId }, (tx) => repo.find(tx, workspaceId, id));
      if (!row) throw notFound('Suppression entry');
      return toDto(row);
    },

    /** JSON entries or pasted text; invalid lines are reported, the rest is added. */
    create(actor: SuppressionActor, body: SuppressionCreateBody): Promise<SuppressionCreateResult> {
      const reason = body.reason ?? 'other';
      const note = body.note || null;
      return write(actor, async (accept, tally) => {
        if ('text' in body) {
          for (const { line, raw, parsed } of parseSuppressionText(body.text)) {
            if (parsed.ok) await accept({ kind: parsed.kind, value: parsed.value, reason, note });
            else tally.reject(line, raw, parsed.message);
          }
          return;
        }
        for (let i = 0; i < body.entries.length; i++) {
          const e = body.entries[i]!;
          const parsed = parseSuppressionValue(e.value, e.kind);
          if (parsed.ok) await accept({ kind: parsed.kind, value: parsed.value, reason: e.reason ?? reason, note: e.note || note });
          else tally.reject(i + 1, e.value, parsed.message);
        }
      });
    },

    /**
     * A CSV file, streamed (papaparse): one entry per row from the "email"/"domain"/"value"
     * column (or the first), with optional reason, note and kind columns. `line` is the row.
     */
    upload(actor: SuppressionActor, file: Readable & { truncated?: boolean }, opts: { reason?: SuppressionReason; note?: string }) {
      const defaultReason = opts.reason ?? 'other';
      const defaultNote = opts.note || null;
      return write(actor, async (accept, tally) => {
        const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: false });
        // pipeline, not pipe: a file stream that already failed (a multipart body cut short, its
        // error raised before this transaction began) fails the parser too instead of leaving it waiting
        pipeline(file, parser, () => undefined);
        let layout: ReturnType<typeof csvLayout> | null = null;
        let line = 0;
        let dataRows = 0;
        for await (const row of parser as AsyncIterable<string[]>) {
          line++;
          if (row.every((c) => !c || !c.trim())) continue;
          if (!layout) {
            layout = csvLayout(row, (v) => parseSuppressionValue(v.replace(/^\uFEFF/, '')).ok);
            if (layout.hasHeader) continue;
          }
          if (++dataRows > UPLOAD_MAX_ROWS) {
            throw new AppError(413, 'too_many_rows', `A suppression file can have at most ${UPLOAD_MAX_ROWS.toLocaleString('en')} rows; split it and upload the parts.`);
          }
          const raw = (row[layout.value] ?? '').replace(/^\uFEFF/, '');
          if (!raw.trim()) {
            tally.reject(line, '', 'Empty value');
            continue;
          }
          const kind = layout.kind === null ? undefined : readKind(row[layout.kind]);
          if (kind === null) {
            tally.reject(line, raw, `Unknown kind "${row[layout.kind!]}": use email, domain or hash`);
            continue;
          }
          const reason = layout.reason === null ? undefined : readReason(row[layout.reason]);
          if (reason === null) {
            tally.reject(line, raw, `Unknown reason "${row[layout.reason!]}": use one of ${REASON_LIST}`);
            continue;
          }
          const note = layout.note === null ? '' : (row[layout.note] ?? '').trim();
          // a file's cells don't pass the HTTP edge's text check: the same rule, per line
          const badText = textProblem(raw) ?? textProblem(note);
          if (badText) {
            tally.reject(line, raw.split('\u0000').join(''), badText);
            continue;
          }
          if (note.length > SUPPRESSION_NOTE_MAX) {
            tally.reject(line, raw, `Keep the note under ${SUPPRESSION_NOTE_MAX} characters`);
            continue;
          }
          const parsed: ParsedEntry = parseSuppressionValue(raw, kind);
          if (!parsed.ok) tally.reject(line, raw, parsed.message);
          else await accept({ kind: parsed.kind, value: parsed.value, reason: reason ?? defaultReason, note: note || defaultNote });
        }
        if (file.truncated) throw new AppError(413, 'file_too_large', 'The file is too large to upload.');
      });
    },

    /**
     * An erasure request (modules/privacy), in its unit of work: the address's own email entries
     * go (they would keep it) and the SHA-256 of the canonical address is suppressed instead,
     * so no later import or reveal brings the person back. Answers how many email entries went.
     */
    async suppressErasedIn(tx: Tx, actor: SuppressionActor, canonical: string): Promise<{ hash: string; removedEntries: number }> {
      const hash = emailSha256(canonical);
      const removedEntries = await repo.removeValue(tx, actor.workspaceId, 'email', canonical);
      await repo.insertBatch(tx, actor.workspaceId, actor.memberId, [{ kind: 'hash', value: hash, reason: 'erasure_request', note: null }]);
      return { hash, removedEntries };
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      const { workspaceId } = ctx;
      const n = await uow.tenant(ctx, async (tx) => {
        const row = await repo.find(tx, workspaceId, id);
        const removed = row ? await repo.remove(tx, workspaceId, [id]) : 0;
        if (row && removed) await audit.recordIn(tx, ctx, { action: 'suppression.removed', target: { type: 'suppression', id }, details: removedOf(row) });
        return removed;
      });
      if (n === 0) throw notFound('Suppression entry');
    },

    /** Removes the entries of the workspace among ids (others' ids are simply not found). */
    removeMany: async (ctx: RequestContext, ids: string[]) => ({
      removed: await uow.tenant(ctx, async (tx) => {
        const removed = await repo.remove(tx, ctx.workspaceId, [...new Set(ids)]);
        if (removed) await audit.recordIn(tx, ctx, { action: 'suppression.removed', details: { count: removed } });
        return removed;
      }),
    }),

    /**
     * The audit row of a CSV export, committed before the first entry is sent (a client that
     * goes away half-way still leaves it): what matched when it began.
     */
    async recordExport(ctx: RequestContext, query: { q?: string; kind?: SuppressionKind; reason?: SuppressionReason }): Promise<void> {
      const f = filterOf(query);
      await uow.tenant(ctx, async (tx) => {
        const rows = await repo.count(tx, ctx.workspaceId, f);
        await audit.recordIn(tx, ctx, {
          action: 'export.downloaded',
          target: { type: 'suppressions' },
          details: { entity: 'suppressions', rows, filtered: !!(query.q || query.kind || query.reason) },
        });
      });
    },

    /** Every entry matching the filter, in batches (constant memory however long the list). */
    async *exportBatches(workspaceId: string, query: { q?: string; kind?: SuppressionKind; reason?: SuppressionReason }) {
      const f = filterOf(query);
      let afterId: string | null = null;
      for (;;) {
        const from = afterId;
        const rows = (await uow.tenant({ workspaceId }, (tx) => repo.list(tx, workspaceId, f, { afterId: from, limit: 5000 }))) as SuppressionRow[];
        if (rows.length === 0) return;
        yield rows.map(toDto);
        if (rows.length < 5000) return;
        afterId = rows[rows.length - 1]!.id;
      }
    },

    isSuppressed,

    /** THE check inside the caller's unit of work (a reveal decides with the same snapshot it writes in). */
    isSuppressedIn,

    async check(workspaceId: string, emails: string[]): Promise<SuppressionCheckResult> {
      const matches = await isSuppressed(workspaceId, emails);
      return { results: emails.map((email) => ({ email, suppressed: !!matches.get(email), match: matches.get(email) ?? null })) };
    },
  };
}

export type SuppressionsService = ReturnType<typeof createSuppressionsService>;

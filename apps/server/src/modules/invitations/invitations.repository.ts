import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { invitations, users } from '../../db/schema/index.js';
import { lockSeats, seatsUsed } from '../../db/seats.js';
import { newId } from '../../lib/ids.js';

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationWithInviter = InvitationRow & { inviterName: string | null };
export type NewInvitation = { email: string; tokenHash: string };

const inviter = alias(users, 'inviter');
const withInviter = { invitation: invitations, inviterName: inviter.name };
const flatten = (r: { invitation: InvitationRow; inviterName: string | null }): InvitationWithInviter => ({
  ...r.invitation,
  inviterName: r.inviterName,
});
const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** The only file that queries invitations and their tokens. */
export function createInvitationsRepository(db: Db) {
  return {
    /** Open (not accepted, not revoked) invitations, pending or expired, newest first. */
    listOpen: (workspaceId: string) =>
      db.tenant(workspaceId, async (tx) =>
        (
          await tx
            .select(withInviter)
            .from(invitations)
            .leftJoin(inviter, eq(inviter.id, invitations.invitedByUserId))
            .where(and(eq(invitations.workspaceId, workspaceId), isOpen))
            .orderBy(desc(invitations.createdAt))
        ).map(flatten),
      ),

    find: (workspaceId: string, id: string) =>
      db.tenant(workspaceId, async (tx) => {
        const [row] = await tx
          .select(withInviter)
          .from(invitations)
          .leftJoin(inviter, eq(inviter.id, invitations.invitedByUserId))
          .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
          .limit(1);
        return row ? flatten(row) : null;
      }),

    findOpenByEmails: (workspaceId: string, emails: string[]) =>
      db.tenant(workspaceId, (tx) =>
        tx
          .select()
          .from(invitations)
          .where(and(eq(invitations.workspaceId, workspaceId), isOpen, inArray(invitations.email, emails))),
      ),

    /**
     * Creates invitations (or renews an expired open one for the same address)
     * if the seats allow all of them; otherwise changes nothing.
     */
    createMany: (
      workspaceId: string,
      input: {
        invites: NewInvitation[];
        role: 'admin' | 'member';
        invitedByUserId: string;
        expiresAt: Date;
        seatLimit: number;
      },
    ) =>
      db.tenant(workspaceId, async (tx) => {
        await lockSeats(tx, workspaceId);
        const used = await seatsUsed(tx, workspaceId);
        if (used + input.invites.length > input.seatLimit) return { ok: false as const, used };
        const ids: string[] = [];
        for (const inv of input.invites) {
          const values = {
            role: input.role,
            invitedByUserId: input.invitedByUserId,
            expiresAt: input.expiresAt,
            tokenHash: inv.tokenHash,
            lastSentAt: new Date(),
            updatedAt: new Date(),
          };
          // an expired open invitation for the address is renewed rather than duplicated
          const [renewed] = await tx
            .update(invitations)
            .set(values)
            .where(
              and(
                eq(invitations.workspaceId, workspaceId),
                eq(invitations.email, inv.email),
                isOpen,
                sql`${invitations.expiresAt} <= now()`,
              ),
            )
            .returning({ id: invitations.id });
          let id = renewed?.id;
          if (!id) {
            id = newId();
            await tx.insert(invitations).values({ workspaceId, id, email: inv.email, ...values });
          }
          ids.push(id);
        }
        return { ok: true as const, ids };
      }),

    /**
     * A new link and a new 7-day term for an open invitation (the old link stops working).
     * 'not_found' when it is not open; 'no_seat' when renewing an expired one needs a seat that is not free.
     */
    renew: (workspaceId: string, id: string, input: { tokenHash: string; expiresAt: Date; seatLimit: number }) =>
      db.tenant(workspaceId, async (tx) => {
        await lockSeats(tx, workspaceId);
        const [row] = await tx
          .select()
          .from(invitations)
          .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id), isOpen))
          .for('update');
        if (!row) return { outcome: 'not_found' as const };
        if (row.expiresAt.getTime() <= Date.now()) {
          const used = await seatsUsed(tx, workspaceId);
          if (used + 1 > input.seatLimit) return { outcome: 'no_seat' as const, used };
        }
        await tx
          .update(invitations)
          .set({
            expiresAt: input.expiresAt,
            tokenHash: input.tokenHash,
            lastSentAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)));
        return { outcome: 'renewed' as const };
      }),

    revoke: (workspaceId: string, id: string) =>
      db.tenant(workspaceId, async (tx) => {
        const rows = await tx
          .update(invitations)
          .set({ revokedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id), isOpen))
          .returning({ id: invitations.id });
        return rows.length > 0;
      }),

    /**
     * Where a link's token points, before any workspace is known: the policy
     * invitations_by_token (0201) shows the one row whose hash is set here.
     */
    resolveToken: (tokenHash: string) =>
      db.run({}, async (tx) => {
        await tx.execute(sql`select set_config('app.invitation_token', ${tokenHash}, true)`);
        const [row] = await tx
          .select({ workspaceId: invitations.workspaceId, invitationId: invitations.id })
          .from(invitations)
          .where(eq(invitations.tokenHash, tokenHash))
          .limit(1);
        return row ?? null;
      }),

    /**
     * Spends a pending invitation once: the row stays locked while `join` adds the
     * person (another accept waits, then finds it used); if `join` throws, nothing changes.
     */
    accept: <T>(
      workspaceId: string,
      id: string,
      join: (inv: InvitationRow) => Promise<{ userId: string; result: T }>,
    ) =>
      db.tenant(workspaceId, async (tx) => {
        const [row] = await tx
          .select()
          .from(invitations)
          .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
          .for('update');
        if (!row) return { outcome: 'not_found' as const };
        if (row.revokedAt) return { outcome: 'revoked' as const };
        if (row.acceptedAt) return { outcome: 'accepted' as const };
        if (row.expiresAt.getTime() <= Date.now()) return { outcome: 'expired' as const };
        const joined = await join(row);
        await tx
          .update(invitations)
          .set({ acceptedAt: new Date(), acceptedUserId: joined.userId, updatedAt: new Date() })
          .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)));
        return { outcome: 'joined' as const, row, result: joined.result };
      }),
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;

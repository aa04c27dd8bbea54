import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../core/unit-of-work.js';
import { invitations, users } from '../../db/schema/index.js';
import { lockSeats, seatsUsed } from '../members/seats.sql.js';
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

/** The only file that queries invitations and their tokens. Every method takes the caller's transaction. */
export function createInvitationsRepository() {
  return {
    /** Open (not accepted, not revoked) invitations, pending or expired, newest first. */
    listOpen: async (tx: Tx, workspaceId: string) =>
      (
        await tx
          .select(withInviter)
          .from(invitations)
          .leftJoin(inviter, eq(inviter.id, invitations.invitedByUserId))
          .where(and(eq(invitations.workspaceId, workspaceId), isOpen))
          .orderBy(desc(invitations.createdAt))
      ).map(flatten),

    find: async (tx: Tx, workspaceId: string, id: string) => {
      const [row] = await tx
        .select(withInviter)
        .from(invitations)
        .leftJoin(inviter, eq(inviter.id, invitations.invitedByUserId))
        .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
        .limit(1);
      return row ? flatten(row) : null;
    },

    findOpenByEmails: (tx: Tx, workspaceId: string, emails: string[]) =>
      tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.workspaceId, workspaceId), isOpen, inArray(invitations.email, emails))),

    /** Seats in use, after taking the workspace's seat lock (held until the unit of work ends). */
    lockSeats: async (tx: Tx, workspaceId: string) => {
      await lockSeats(tx, workspaceId);
      return seatsUsed(tx, workspaceId);
    },

    /** Creates an invitation, or renews an expired open one for the same address; its id. */
    createOrRenew: async (
      tx: Tx,
      workspaceId: string,
      input: { email: string; tokenHash: string; role: 'admin' | 'member'; invitedByUserId: string; expiresAt: Date },
    ) => {
      const { email, ...rest } = input;
      const values = { ...rest, lastSentAt: new Date(), updatedAt: new Date() };
      // an expired open invitation for the address is renewed rather than duplicated
      const [renewed] = await tx
        .update(invitations)
        .set(values)
        .where(
          and(
            eq(invitations.workspaceId, workspaceId),
            eq(invitations.email, email),
            isOpen,
            sql`${invitations.expiresAt} <= now()`,
          ),
        )
        .returning({ id: invitations.id });
      if (renewed) return renewed.id;
      const id = newId();
      await tx.insert(invitations).values({ workspaceId, id, email, ...values });
      return id;
    },

    /** The invitation row, locked until the unit of work ends (accept, resend). */
    lock: async (tx: Tx, workspaceId: string, id: string): Promise<InvitationRow | null> =>
      (
        await tx
          .select()
          .from(invitations)
          .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
          .for('update')
      )[0] ?? null,

    /** A new link and a new term (the old link stops working). */
    renew: async (tx: Tx, workspaceId: string, id: string, input: { tokenHash: string; expiresAt: Date }) => {
      await tx
        .update(invitations)
        .set({ ...input, lastSentAt: new Date(), updatedAt: new Date() })
        .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)));
    },

    revoke: async (tx: Tx, workspaceId: string, id: string) =>
      (
        await tx
          .update(invitations)
          .set({ revokedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id), isOpen))
          .returning({ id: invitations.id })
      ).length > 0,

    markAccepted: async (tx: Tx, workspaceId: string, id: string, userId: string) => {
      await tx
        .update(invitations)
        .set({ acceptedAt: new Date(), acceptedUserId: userId, updatedAt: new Date() })
        .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)));
    },

    /**
     * Where a link's token points, before any workspace is known: the policy
     * invitations_by_token (0201) shows the one row whose hash is named here. This
     * setting is a capability (the secret's hash), not a scope: role and workspace
     * are set by the unit of work only.
     */
    resolveToken: async (tx: Tx, tokenHash: string) => {
      await tx.execute(sql`select set_config('app.invitation_token', ${tokenHash}, true)`);
      const [row] = await tx
        .select({ workspaceId: invitations.workspaceId, invitationId: invitations.id })
        .from(invitations)
        .where(eq(invitations.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;

import { sql } from 'drizzle-orm';
import type { Tx } from '../../core/unit-of-work.js';

/**
 * Seats (active members + pending invitations) are taken by the members and the
 * invitations modules. Both take this transaction-scoped lock before counting,
 * so two requests can't both take the last seat (migration 0200).
 */
export async function lockSeats(tx: Tx, workspaceId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${workspaceId}::text, 7007))`);
}

/** Seats in use, counted under the caller's row-level security scope. */
export async function seatsUsed(tx: Tx, workspaceId: string): Promise<number> {
  const r = await tx.execute<{ used: number }>(sql`select workspace_seats_used(${workspaceId}::uuid) as used`);
  return Number(r.rows[0]?.used ?? 0);
}

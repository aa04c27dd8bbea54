import { and, eq } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema/index.js';
import type { Tx } from './unit-of-work.js';

/** A stored answer to an Idempotency-Key: what a retry of the same request gets again. */
export type IdempotentAnswer = { requestHash: string; statusCode: number; response: unknown };

/**
 * The idempotency_keys table, for every use case that honours an Idempotency-Key (reveals, billing):
 * the answer is stored in the use case's own transaction, after its lock, so a retry finds it.
 */
export const idempotency = {
  async findIn(tx: Tx, workspaceId: string, scope: string, key: string): Promise<IdempotentAnswer | null> {
    const [row] = await tx
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.workspaceId, workspaceId),
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
        ),
      );
    return row ?? null;
  },

  async saveIn(
    tx: Tx,
    workspaceId: string,
    row: { scope: string; key: string; memberId: string; requestHash: string; statusCode: number; response: unknown },
  ): Promise<void> {
    await tx.insert(idempotencyKeys).values({ workspaceId, ...row });
  },
};

import { eq } from 'drizzle-orm';
import type { Tx } from '../core/unit-of-work.js';
import { mailOutbox } from '../db/schema/index.js';

/** The mail outbox: every message is kept there, written in the use case's transaction. */
export const mailOutboxSql = {
  insert: async (tx: Tx, row: { id: string; toAddress: string; subject: string; textBody: string; htmlBody: string | null }) => {
    await tx.insert(mailOutbox).values({ ...row, sent: false });
  },
  markSent: async (tx: Tx, id: string) => {
    await tx.update(mailOutbox).set({ sent: true }).where(eq(mailOutbox.id, id));
  },
};

import { v7 } from 'uuid';

/** Time-ordered UUIDs: good for keyset paging and index locality. */
export const newId = (): string => v7();

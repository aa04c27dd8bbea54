import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { createHeavySlots } from './heavy-slots.js';

const refusal = (take: () => unknown) => {
  try {
    take();
  } catch (err) {
    return err instanceof AppError ? [err.status, err.code, err.extra.retryAfter] : err;
  }
  return null;
};

describe('heavy slots', () => {
  it("refuses a workspace over its share (429) and everyone over the process's (503), and gives slots back once", () => {
    const slots = createHeavySlots({ perWorkspace: 2, total: 3 });
    const a1 = slots.take('a');
    slots.take('a');
    expect(refusal(() => slots.take('a'))).toEqual([429, 'workspace_busy', 2]);
    const b1 = slots.take('b');
    expect(refusal(() => slots.take('c'))).toEqual([503, 'server_busy', 2]);
    a1();
    a1(); // a second release gives nothing back twice
    expect(slots.inUse()).toBe(2);
    b1();
    slots.take('a');
    expect(refusal(() => slots.take('a'))).toEqual([429, 'workspace_busy', 2]);
  });

  it('leaves one slot to the other workspaces however large the share configured', () => {
    expect(createHeavySlots({ perWorkspace: 3, total: 2 }).limits).toEqual({ perWorkspace: 1, total: 2 });
    expect(createHeavySlots({ perWorkspace: 3, total: 5 }).limits).toEqual({ perWorkspace: 3, total: 5 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helpers.js';
import { ownerContext } from '../../../test/records-kit.js';
import { createNotesRepository } from './notes.repository.js';
import { createNotesService } from './notes.service.js';
import { assertRecordIn } from '../records/record-exists.sql.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('notes and their timeline entries', () => {
  it('commit together: when the timeline entry fails, the note is not added, edited or deleted', async () => {
    const owner = await signUp(t.app);
    const ctx = ownerContext(owner);
    const c = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'notes@atomic.example' } })).json();
    const kept = (await owner.request({ method: 'POST', url: `/api/v1/contacts/${c.id}/notes`, payload: { body: 'first' } })).json();
    const notes = async () => (await owner.request({ method: 'GET', url: `/api/v1/contacts/${c.id}/notes` })).json().data.map((n: { body: string }) => n.body);
    const failing = createNotesService({
      uow: t.container.uow,
      repo: createNotesRepository(),
      activity: { recordIn: () => Promise.reject(new Error('injected: timeline fails')) },
      assertRecordIn,
    });
    await expect(failing.create(ctx, 'contacts', c.id, 'second')).rejects.toThrow('injected');
    await expect(failing.update(ctx, 'contacts', c.id, kept.id, 'edited')).rejects.toThrow('injected');
    await expect(failing.delete(ctx, 'contacts', c.id, kept.id)).rejects.toThrow('injected');
    expect(await notes()).toEqual(['first']);
  });

  it('move with a merge inside its unit of work (moveAllIn), and roll back with it', async () => {
    const owner = await signUp(t.app);
    const a = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'a@move.example' } })).json();
    const b = (await owner.request({ method: 'POST', url: '/api/v1/contacts', payload: { email: 'b@move.example' } })).json();
    await owner.request({ method: 'POST', url: `/api/v1/contacts/${b.id}/notes`, payload: { body: 'on b' } });
    const scope = { workspaceId: owner.me.workspace.id };
    const failedMerge = t.container.uow.tenant(scope, async (tx) => {
      await t.container.notes.moveAllIn(tx, scope, 'contacts', b.id, a.id);
      throw new Error('injected: the merge fails after moving the notes');
    });
    await expect(failedMerge).rejects.toThrow('injected');
    const on = async (id: string) => (await owner.request({ method: 'GET', url: `/api/v1/contacts/${id}/notes` })).json().data.map((n: { body: string }) => n.body);
    expect(await on(b.id)).toEqual(['on b']);
    await t.container.uow.tenant(scope, (tx) => t.container.notes.moveAllIn(tx, scope, 'contacts', b.id, a.id));
    expect(await on(a.id)).toEqual(['on b']);
    expect(await on(b.id)).toEqual([]);
  });
});

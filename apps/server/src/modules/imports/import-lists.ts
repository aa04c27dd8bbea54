import type { Entity } from '@leadtrail/contracts';
import { AppError, invalidField } from '../../lib/errors.js';
import type { RequestContext } from '../../core/request-context.js';
import type { Tx } from '../../core/unit-of-work.js';
import type { ListsService } from '../lists/lists.service.js';

/** What imports need of the lists module, through its service: check, create, add records. */
export type ImportLists = {
  /** Throws a 400 (path options.listId) unless the list exists in the workspace and holds this entity. */
  checkForImportIn(tx: Tx, ctx: RequestContext, listId: string, entity: Entity): Promise<void>;
  /** Creates the import's new list in the caller's unit of work (the start of the import). */
  createForImportIn(tx: Tx, ctx: RequestContext, name: string, entity: Entity): Promise<string>;
  /** Adds records (idempotent: a record already in the list is left as is). */
  addRecords(ctx: RequestContext, listId: string, ids: string[]): Promise<void>;
};

export function importListsVia(lists: ListsService): ImportLists {
  return {
    async checkForImportIn(tx, ctx, listId, entity) {
      let list;
      try {
        list = await lists.getIn(tx, ctx, listId);
      } catch (err) {
        if (err instanceof AppError && err.status === 404)
          throw invalidField('options.listId', 'Choose one of the workspace’s lists');
        throw err;
      }
      if (list.entity !== entity)
        throw invalidField('options.listId', `This is a list of ${list.entity}: choose a list of ${entity}`);
    },
    async createForImportIn(tx, ctx, name, entity) {
      try {
        return (await lists.createIn(tx, ctx, { name, entity })).id;
      } catch (err) {
        if (err instanceof AppError && err.code === 'list_name_taken') {
          throw invalidField(
            'options.newListName',
            'A list with this name already exists: choose it as an existing list',
          );
        }
        throw err;
      }
    },
    async addRecords(ctx, listId, ids) {
      if (ids.length > 0) await lists.addMembers(ctx, listId, { ids });
    },
  };
}

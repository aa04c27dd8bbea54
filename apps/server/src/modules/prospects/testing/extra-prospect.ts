import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ensureTestProspects } from '../cli/prospects-fixture.js';

export type ExtraProspect = { email: string; firstName?: string; lastName?: string; companyName?: string; companyDomain?: string };

/**
 * People a test adds beside the shared prospect set (one with an address of its own, and no
 * company: the set's people all have one, which is how counting tests leave these out), as the
 * loaders write them. The set is ensured first, so no other file's load truncates them under the
 * test; `remove` takes them out again once the test is done with them, so the set other files
 * count stays the set.
 */
export async function addExtraProspects(pool: pg.Pool, people: ExtraProspect[]) {
  await ensureTestProspects(pool);
  const ids: string[] = [];
  for (const p of people) {
    // ids after every person of the set: a reveal of "the first N of a search" (id order) in another
    // file never takes one of these (it did once: the erasure test then found its address in that
    // file's workspace)
    const id = `ffffffff${randomUUID().slice(8)}`;
    await pool.query(
      `insert into prospect_people (id, first_name, last_name, title, email, email_status, company_name, company_domain)
       values ($1, $2, $3, 'Buyer', $4, 'valid', $5, $6)`,
      [id, p.firstName ?? 'Extra', p.lastName ?? 'Person', p.email, p.companyName ?? 'Extra Test Co', p.companyDomain ?? p.email.split('@')[1]],
    );
    ids.push(id);
  }
  return { ids, remove: () => pool.query('delete from prospect_people where id = any($1::uuid[])', [ids]).then(() => undefined) };
}

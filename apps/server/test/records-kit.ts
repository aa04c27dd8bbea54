import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { jobContext, type RequestContext } from '../src/core/request-context.js';
import { createUnitOfWork } from '../src/core/unit-of-work.js';
import type { Db } from '../src/db/client.js';
import { members } from '../src/db/schema/index.js';
import { newId } from '../src/lib/ids.js';
import { dataOf, type ApiClient, type BodyOf } from './api-client.js';

/**
 * Shared by the API tests of contacts, companies, custom fields, notes and grid
 * preferences (test-only; nothing in the app imports it).
 */

type Requester = (opts: InjectOptions & { url: string }) => Promise<LightMyRequestResponse>;
type Account = { request: Requester; me: { user: { id: string }; workspace: { id: string }; member: { id: string } } };

/** The owner's context, for calling a service (or its …In use cases) directly as they would. */
export const ownerContext = (o: Account): RequestContext =>
  jobContext({ userId: o.me.user.id, workspaceId: o.me.workspace.id, memberId: o.me.member.id, role: 'owner' });

/** Makes `other` a plain member of `owner`'s workspace and switches their session to it. */
export async function joinAsMember(db: Db, owner: Account, other: Account, role: 'member' | 'admin' = 'member') {
  const memberId = newId();
  await createUnitOfWork(db).tenant({ workspaceId: owner.me.workspace.id }, (tx) =>
    tx.insert(members).values({ workspaceId: owner.me.workspace.id, id: memberId, userId: other.me.user.id, role }),
  );
  const res = await other.request({ method: 'POST', url: '/api/v1/me/workspace', payload: { workspaceId: owner.me.workspace.id } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().role).toBe(role);
  return { memberId, request: other.request };
}

/** Something holding a typed client: what signUp, signIn and addTeammate answer. */
type WithApi = { api: ApiClient };

/** Creates a contact through the typed client (the body is checked against the API document's types). */
export const createContact = (who: WithApi, body: BodyOf<'/api/v1/contacts', 'post'>) => dataOf(who.api.POST('/api/v1/contacts', { body }));

/** Creates a company through the typed client. */
export const createCompany = (who: WithApi, body: BodyOf<'/api/v1/companies', 'post'>) => dataOf(who.api.POST('/api/v1/companies', { body }));

/** Creates a list through the typed client. */
export const createList = (who: WithApi, body: BodyOf<'/api/v1/lists', 'post'>) => dataOf(who.api.POST('/api/v1/lists', { body }));

export function expectProblem(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  if (code) expect(res.json().code).toBe(code);
  return res.json() as { code: string; detail: string; errors?: { path: string; message: string }[]; existingId?: string };
}

export const filterParam = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));

/** Follows nextCursor to the end; returns all ids in order. */
export async function pageThrough(request: Requester, url: string, limit = 3): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await request({ method: 'GET', url: `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { id: string }[]; nextCursor: string | null };
    ids.push(...body.data.map((d) => d.id));
    cursor = body.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('paging did not end');
}

/** Parses a CSV answer (RFC 4180 quoting, CRLF or LF lines), checking the BOM. */
export function parseCsv(res: LightMyRequestResponse): string[][] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  const body = res.body;
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const text = body.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (ch === '\r') i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export type { Account, Requester };
export type App = FastifyInstance;

/**
 * A bulk edit or delete by filter answers 202 with a job (decision 0029): waits (up to 10 s) until
 * it completed or failed, and answers it as GET …/bulk-jobs/{id} last showed it.
 */
export async function finishedJob(request: Requester, accepted: LightMyRequestResponse) {
  expect(accepted.statusCode, accepted.body).toBe(202);
  const { job } = accepted.json() as { job: { id: string; entity: string } };
  for (let waited = 0; waited < 10_000; waited += 25) {
    const res = await request({ method: 'GET', url: `/api/v1/${job.entity}/bulk-jobs/${job.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json();
    if (now.status === 'completed' || now.status === 'failed') return now;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`bulk job ${job.id} did not finish`);
}

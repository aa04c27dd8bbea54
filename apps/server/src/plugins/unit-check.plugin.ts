import fs from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newUnitTally, unitTally, type UnitTally } from '../core/unit-tally.js';

/**
 * Routes whose request opens more than one unit of work, each with its count and reason
 * (docs/decisions/0039-unit-of-work-exceptions-and-lint-by-role.md). `deliberate`: the design
 * wants it; `pending`: a use case still to be made one unit (issue 25), never to grow.
 */
export const UNIT_EXCEPTIONS: Record<string, { units: number; kind: 'deliberate' | 'pending'; reason: string }> = {
  'POST /api/v1/auth/login': { units: 4, kind: 'deliberate', reason: "login's throttle: a failed attempt is counted in a unit of its own that commits although the sign-in fails; then the session, and the answer's read" },
  'GET /api/v1/contacts/export': { units: 4, kind: 'deliberate', reason: 'an export writes its audit row first (kept even when the stream fails), streams COPY on a connection of its own, then puts "exported" on the timeline' },
  'GET /api/v1/companies/export': { units: 4, kind: 'deliberate', reason: 'as the contacts export' },
  'GET /api/v1/lists/:id/export': { units: 5, kind: 'deliberate', reason: 'as the contacts export, plus the list read before its headers go' },
  'GET /api/v1/suppressions/export': { units: 2, kind: 'deliberate', reason: 'the audit row first, then the streamed file' },
  'GET /api/v1/audit-log/export': { units: 2, kind: 'deliberate', reason: 'the audit row first, then the streamed file' },
  'GET /api/v1/imports/:id/error-report': { units: 2, kind: 'deliberate', reason: 'a streamed file: the import is read before the headers go, the rows stream after' },
  'POST /api/v1/privacy/erasures': { units: 2, kind: 'deliberate', reason: "the uploads are searched for the address before the erasure's transaction, which need not wait for disk reads" },
  'PATCH /api/v1/imports/:id': { units: 2, kind: 'deliberate', reason: 'a new file format (encoding, delimiter, header row, sheet) reads the uploaded file again, which must not hold a transaction: the import loaded for it first, then checked again and changed in one unit (any other change: that one unit)' },
  'POST /api/v1/invitations/:id/accept': { units: 2, kind: 'deliberate', reason: "a new account's: the invitation and its address read first (the password's strength check needs the address), the password hashed outside any transaction, then the one unit that joins (signed in: that one unit only)" },
  'POST /api/v1/prospects/reveal': { units: 88, kind: 'deliberate', reason: "network I/O must not hold a transaction: a short unit reads what the verifier is to be asked (the list checked, the addresses a reveal done now would charge), the address jobs are written in one unit and waited for with a short read unit per poll (at most 85 in the 20 s wait), then the reveal's one unit, the verdicts passed in (no address to look up: 2 units)" },
  'POST /api/v1/contacts/:id/find-email': { units: 86, kind: 'deliberate', reason: 'as a verification: the contact checked and the job written in one unit, then a short read unit per poll of the worker\'s job (at most 85 in the 20 s wait)' },
  'POST /api/v1/verifications': { units: 86, kind: 'deliberate', reason: "network I/O must not hold a transaction: the SMTP conversation is a worker's job; the request checks the quota and writes the job in one unit, then waits for it with a short read unit per poll (at most 85 in the 20 s wait)" },
  'POST /api/v1/webhooks/:id/test': { units: 2, kind: 'deliberate', reason: "network I/O must not hold a transaction: the test event and its leased delivery written (and read to send), the HTTP request outside any unit, then its outcome recorded and the answer read" },
  'POST /api/v1/me/password': { units: 2, kind: 'deliberate', reason: 'the current password checked, then the new one hashed outside any transaction (a slow hash holds no connection), then set' },
};

declare module 'fastify' {
  // module augmentation needs an interface
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    unitTally?: UnitTally;
  }
}

const routeOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? req.url}`;

/**
 * The test app's check that a request-level use case is one unit of work (issue 25): every request
 * counts the units of work it opens after authentication (the credential check is the transport's,
 * not the use case's); one that opens more than one, or one inside another, fails with a 500 naming
 * the route, unless its route is in UNIT_EXCEPTIONS with that count (a unit inside another is never
 * listed: no use case holds two connections at once). With UNIT_TALLY_FILE set, each
 * request's tally is appended there as a JSON line instead (recording the table of units per use
 * case, decision 0039), and nothing fails.
 */
export const unitCheckPlugin = fp(async (app: FastifyInstance, opts: { tallyFile?: string; exceptions?: typeof UNIT_EXCEPTIONS }) => {
  const exceptions = opts.exceptions ?? UNIT_EXCEPTIONS;
  app.addHook('preValidation', (req, _reply, done) => {
    const tally = newUnitTally();
    req.unitTally = tally;
    unitTally.run(tally, () => done());
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const tally = req.unitTally;
    if (!tally || reply.statusCode >= 500) return payload;
    const route = routeOf(req);
    const allowed = exceptions[route]?.units ?? 1;
    if ((tally.opened.length > allowed || tally.nested > 0) && !opts.tallyFile) {
      req.unitTally = undefined; // reported once
      throw new Error(
        `${route} opened ${tally.opened.length} units of work (${tally.opened.join(', ')}), ${tally.nested} inside another; ` +
          `a request-level use case opens one (decision 0039): make it one, or list it in UNIT_EXCEPTIONS with its reason`,
      );
    }
    return payload;
  });
  if (opts.tallyFile) {
    const file = opts.tallyFile;
    app.addHook('onResponse', async (req, reply) => {
      const tally = req.unitTally;
      if (!tally) return;
      fs.appendFileSync(file, JSON.stringify({ route: routeOf(req), status: reply.statusCode, opened: tally.opened, nested: tally.nested }) + '\n');
    });
  }
});

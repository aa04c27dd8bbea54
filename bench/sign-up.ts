import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/**
 * Registration answers 202 and emails a link that creates the account (issue 16 finding 8).
 * Benches run without SMTP, so the mail is in the outbox table: this waits for the link's token.
 */
export async function signUpToken(databaseUrl: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let waited = 0; waited < 10_000; waited += 25) {
      const r = await client.query<{ text_body: string }>(
        'select text_body from mail_outbox where to_address = $1 order by created_at desc limit 1',
        [email],
      );
      const token = r.rows[0]?.text_body.match(/\/register\/confirm\/([\w-]+)/)?.[1];
      if (token) return token;
      await new Promise((done) => setTimeout(done, 25));
    }
    throw new Error(`no sign-up link for ${email} in the outbox`);
  } finally {
    await client.end();
  }
}

export type BenchAccount = { workspaceId: string; memberId: string; cookie: string };

/**
 * A bench's signed-in owner through app.inject: logs in, or (first run on a fresh database)
 * registers and follows the emailed link. `cookie` is the session cookie as a header value.
 */
export async function benchAccount(
  app: FastifyInstance,
  databaseUrl: string,
  a: { email: string; password: string; companyName: string; name?: string; origin: string },
): Promise<BenchAccount> {
  const headers = { origin: a.origin };
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', headers, payload: { email: a.email, password: a.password } });
  let res = login;
  if (login.statusCode !== 200) {
    const reg = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers,
      payload: { name: a.name ?? 'Bench Owner', email: a.email, password: a.password, companyName: a.companyName },
    });
    if (reg.statusCode !== 202) throw new Error(`register ${a.email}: ${reg.statusCode} ${reg.body}`);
    res = await app.inject({ method: 'POST', url: '/api/v1/auth/register/confirm', headers, payload: { token: await signUpToken(databaseUrl, a.email) } });
  }
  if (res.statusCode >= 300) throw new Error(`account ${a.email}: ${res.statusCode} ${res.body}`);
  const c = res.cookies.find((x) => x.name === 'lt_session')!;
  const me = res.json() as { workspace: { id: string }; member: { id: string } };
  return { workspaceId: me.workspace.id, memberId: me.member.id, cookie: `lt_session=${c.value}` };
}

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

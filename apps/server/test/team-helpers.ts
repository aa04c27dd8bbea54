import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { apiClient } from './api-client.js';
import { APP_URL, requester, signedIn, STRONG_PASSWORD, uniqueEmail, type TestContext } from './helpers.js';

type Requester = ReturnType<typeof requester>;

/** The token at the end of the invitation link mailed to `email`. */
export async function invitationTokenFor(t: TestContext, email: string): Promise<string> {
  const text = await t.mail.waitFor(email);
  const link = text.match(/https?:\/\/\S+\/user-invite\/([\w-]+)/);
  if (!link) throw new Error(`no invitation link in mail to ${email}`);
  return link[1]!;
}

/** Invites a new person with a role and accepts as them: a signed-in member of the inviter's workspace. */
export async function addTeammate(t: TestContext, inviter: Requester, role: 'admin' | 'member', name = 'Teammate') {
  const email = uniqueEmail(role);
  const invited = await inviter({ method: 'POST', url: '/api/v1/invitations', payload: { email, role } });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const token = await invitationTokenFor(t, email);
  const res = await apiClient(t.app, APP_URL).POST('/api/v1/invitations/{id}/accept', {
    params: { path: { id: token } },
    body: { name, password: STRONG_PASSWORD },
  });
  if (res.response.status !== 201 || !res.data)
    throw new Error(`accept failed: ${res.response.status} ${JSON.stringify(res.error)}`);
  const teammate = signedIn(t.app, email, res.response, res.data);
  return { ...teammate, memberId: teammate.me.member.id, userId: teammate.me.user.id };
}

export async function createApiKey(request: Requester, name = 'Test key'): Promise<string> {
  const res = await request({ method: 'POST', url: '/api/v1/me/api-keys', payload: { name } });
  if (res.statusCode !== 201) throw new Error(`api key failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { key: string }).key;
}

/** The TOTP code for a secret, `steps` periods from now (codes are single-use, so tests step forward). */
export const totpCode = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

export const bearer =
  (app: FastifyInstance, key: string) =>
  (opts: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'; url: string; payload?: unknown }) =>
    app.inject({ ...opts, headers: { authorization: `Bearer ${key}` } } as never);

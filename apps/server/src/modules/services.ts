import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer } from '../lib/mail.js';
import type { Jobs } from '../plugins/jobs.js';
import { createAuthRepository } from './auth/auth.repository.js';
import { createAuthService } from './auth/auth.service.js';
import { createSecondFactor } from './auth/second-factor.js';
import { createAccountRepository } from './account/account.repository.js';
import { createAccountService } from './account/account.service.js';
import { createInvitationsRepository } from './invitations/invitations.repository.js';
import { createInvitationsService } from './invitations/invitations.service.js';
import { createMembersRepository } from './members/members.repository.js';
import { createMembersService } from './members/members.service.js';
import { createSuppressionsRepository } from './suppressions/suppressions.repository.js';
import { createSuppressionsService } from './suppressions/suppressions.service.js';
import { createWorkspaceRepository } from './workspace/workspace.repository.js';
import { createWorkspaceService } from './workspace/workspace.service.js';

export type ModuleDeps = { config: Config; db: Db; jobs: Jobs | null; mailer: Mailer };

/** Every module's service, built once from its narrow dependencies. */
export function createServices(deps: ModuleDeps) {
  const { config, db, mailer } = deps;
  const secondFactor = createSecondFactor(db);
  const auth = createAuthService({
    repo: createAuthRepository(db),
    mailer,
    appUrl: config.appUrl,
    secondFactor,
  });
  const workspace = createWorkspaceService({ repo: createWorkspaceRepository(db) });
  const account = createAccountService({
    repo: createAccountRepository(db),
    secondFactor,
    auth,
    workspace,
    mailer,
    appUrl: config.appUrl,
  });
  const members = createMembersService({ repo: createMembersRepository(db), account, workspace });
  const invitations = createInvitationsService({
    repo: createInvitationsRepository(db),
    members,
    workspace,
    account,
    auth,
    mailer,
    appUrl: config.appUrl,
  });
  const suppressions = createSuppressionsService({ repo: createSuppressionsRepository(db) });
  return { auth, workspace, account, members, invitations, suppressions };
}

export type Services = ReturnType<typeof createServices>;

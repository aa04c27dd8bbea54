import type { FastifyInstance } from 'fastify';
import { billingRoutes } from './billing/billing.routes.js';
import { stripeWebhookRoutes } from './billing/stripe-webhook.routes.js';
import { activityRoutes } from './activity/activity.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { companiesRoutes } from './records/companies/companies.routes.js';
import { contactsRoutes } from './records/contacts/contacts.routes.js';
import { contactDuplicatesRoutes } from './records/contacts/contact-duplicates.routes.js';
import { customFieldsRoutes } from './custom-fields/custom-fields.routes.js';
import { gridPreferencesRoutes } from './grid-preferences/grid-preferences.routes.js';
import { notesRoutes } from './notes/notes.routes.js';
import { accountRoutes } from './account/account.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { importsRoutes } from './imports/imports.routes.js';
import { prospectsRoutes } from './prospects/prospects.routes.js';
import { revealRoutes } from './prospects/prospects-reveal.routes.js';
import { verificationRoutes } from './verification/verification.routes.js';
import { savedSearchesRoutes } from './saved-searches/saved-searches.routes.js';
import { savedViewsRoutes } from './saved-views/saved-views.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { creditsRoutes } from './credits/credits.routes.js';
import { importEnrichRoutes } from './imports/import-enrich.routes.js';
import { invitationsRoutes } from './invitations/invitations.routes.js';
import { listsRoutes } from './lists/lists.routes.js';
import { membersRoutes } from './members/members.routes.js';
import { monitoringRoutes } from './monitoring/monitoring.routes.js';
import { publicConfigRoutes } from './public-config/public-config.routes.js';
import type { Container } from '../container.js';
import { suppressionsRoutes } from './suppressions/suppressions.routes.js';
import { workspaceRoutes } from './workspace/workspace.routes.js';
import { privacyRoutes } from './privacy/privacy.routes.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';

/** One line per module: its routes, given the services they call. */
export async function registerModules(app: FastifyInstance, services: Container) {
  const { config } = services;
  await app.register(healthRoutes, { readiness: services.readiness });
  await app.register(publicConfigRoutes, { config });
  await app.register(monitoringRoutes, { config });
  await app.register(authRoutes, {
    service: services.auth,
    secureCookies: config.appUrl.startsWith('https://'),
    rateLimit: config.authRateLimit,
  });
  await app.register(workspaceRoutes, { service: services.workspace });
  await app.register(accountRoutes, { service: services.account, rateLimit: config.authRateLimit });
  await app.register(membersRoutes, { service: services.members, rateLimit: config.authRateLimit });
  await app.register(invitationsRoutes, {
    service: services.invitations,
    secureCookies: config.appUrl.startsWith('https://'),
    rateLimit: config.authRateLimit,
  });
  await app.register(suppressionsRoutes, { service: services.suppressions });
  await app.register(auditRoutes, { service: services.audit });
  await app.register(customFieldsRoutes, { service: services.customFields });
  await app.register(companiesRoutes, { service: services.companies });
  await app.register(contactDuplicatesRoutes, { service: services.contactDuplicates });
  await app.register(contactsRoutes, { service: services.contacts });
  await app.register(notesRoutes, { service: services.notes });
  await app.register(activityRoutes, { service: services.activity });
  await app.register(gridPreferencesRoutes, { service: services.gridPreferences });
  await app.register(listsRoutes, { service: services.lists });
  await app.register(importsRoutes, { service: services.imports });
  await app.register(prospectsRoutes, { service: services.prospects });
  await app.register(revealRoutes, { service: services.reveal });
  await app.register(verificationRoutes, { service: services.verification });
  await app.register(savedSearchesRoutes, { service: services.savedSearches });
  await app.register(searchRoutes, { service: services.search });
  await app.register(savedViewsRoutes, { service: services.savedViews });
  await app.register(creditsRoutes, { service: services.credits });
  await app.register(importEnrichRoutes, { enricher: services.importEnricher });
  await app.register(privacyRoutes, { service: services.privacy, rateLimit: config.authRateLimit });
  await app.register(webhooksRoutes, { service: services.webhooks });
  await app.register(billingRoutes, { service: services.billing.service, paymentMethods: services.billing.paymentMethods });
  await app.register(stripeWebhookRoutes, { handle: services.billing.webhook });
}

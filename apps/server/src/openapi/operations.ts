/**
 * The API reference's name for every route: `METHOD /path` (the path as the route registers it)
 * → its operationId (what generated clients call the method), a short summary, and what the
 * document cannot see from the route itself: the other refusals it answers, and the media type
 * of an answer that is a file. The route's own `summary` becomes the operation's description.
 *
 * The errors every route may answer are added from the route (see document.ts): 400 when it takes
 * input, 401 unless public, 403 for a permission or a write, 404 with a path parameter, 429 when
 * rate-limited. List here only the others (402, 409, 410, 413, 415, 422, 429 from a service).
 *
 * A route missing here (or carrying its own `schema.operationId` and `schema.description`) fails
 * apps/server/test/openapi.int.test.ts; so does a line here whose route is gone.
 */
/** The refusals a line may add (document.ts describes each once, under components.responses). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

export type OperationMeta = {
  id: string;
  summary: string;
  /** replaces the route's own summary as the description, where that says no more than the name */
  description?: string;
  errors?: readonly ErrorStatus[];
  /** the media type of a 200 answer that is not JSON (CSV, an image, the uploaded file) */
  produces?: string;
};

const op = (id: string, summary: string, extra: Omit<OperationMeta, 'id' | 'summary'> = {}): OperationMeta => ({
  id,
  summary,
  ...extra,
});
const csv = { produces: 'text/csv' } as const;

/** The routes contacts and companies share (records/records.routes.ts), named for one of them. */
function records(base: string, one: string, many: string): Record<string, OperationMeta> {
  const One = one[0]!.toUpperCase() + one.slice(1);
  const Many = many[0]!.toUpperCase() + many.slice(1);
  return {
    [`GET ${base}`]: op(`list${Many}`, `List ${many}`),
    [`POST ${base}`]: op(`create${One}`, `Create a ${one}`, { errors: [409] }),
    [`GET ${base}/count`]: op(`count${Many}`, `Count ${many}`),
    [`GET ${base}/fields`]: op(`list${One}Fields`, `${Many} grid columns`),
    [`GET ${base}/export`]: op(`export${Many}`, `Export ${many} as CSV`, csv),
    [`POST ${base}/merge`]: op(`merge${Many}`, `Merge two ${many}`, { errors: [409] }),
    [`POST ${base}/bulk/assign-owner`]: op(`assign${Many}Owner`, `Set the owner of many ${many}`),
    [`POST ${base}/bulk/delete`]: op(`delete${Many}`, `Delete many ${many}`),
    [`GET ${base}/:id`]: op(`get${One}`, `Get a ${one}`, {
      description: `One ${one} by id, with its owner and custom field values (404 for an id of another workspace)`,
    }),
    [`PATCH ${base}/:id`]: op(`update${One}`, `Update a ${one}`, { errors: [409] }),
    [`DELETE ${base}/:id`]: op(`delete${One}`, `Delete a ${one}`),
    [`GET ${base}/:id/notes`]: op(`list${One}Notes`, `List a ${one}'s notes`),
    [`POST ${base}/:id/notes`]: op(`create${One}Note`, `Add a note to a ${one}`, {
      description: `Adds a plain-text note to the ${one}, shown on its page and timeline; its author or an admin can edit or delete it`,
    }),
    [`PATCH ${base}/:id/notes/:noteId`]: op(`update${One}Note`, `Edit a note on a ${one}`),
    [`DELETE ${base}/:id/notes/:noteId`]: op(`delete${One}Note`, `Delete a note on a ${one}`),
    [`GET ${base}/:id/activity`]: op(`list${One}Activity`, `A ${one}'s timeline`),
    [`GET ${base}/:id/lists`]: op(`list${One}Lists`, `Lists holding a ${one}`),
    [`GET ${base}/values`]: op(`list${One}FieldValues`, `Values of a ${one} field, with counts`),
    [`POST ${base}/bulk-update`]: op(`bulkUpdate${Many}`, `Set a field on many ${many}`),
    [`POST ${base}/bulk-update/:editId/undo`]: op(`undoBulkUpdate${Many}`, `Undo a bulk edit of ${many}`, {
      errors: [409],
    }),
    [`GET ${base}/bulk-jobs/:id`]: op(`get${One}BulkJob`, `Follow a bulk edit or delete of ${many}`),
  };
}

export const operations: Record<string, OperationMeta> = {
  'GET /api/v1/config': op('getConfig', 'Browser settings'),

  'POST /api/v1/auth/register': op('register', 'Ask for an account'),
  'POST /api/v1/auth/register/confirm': op('confirmRegistration', 'Finish signing up', { errors: [409, 410] }),
  'POST /api/v1/auth/login': op('logIn', 'Sign in', {
    errors: [401],
    description:
      'Signs in with email and password and sets the session cookie. With two-factor authentication on, send `totpCode` (an app code or a recovery code); without it the answer is 401 with `code: "totp_required"`. Repeated failures are throttled (429 with Retry-After).',
  }),
  'POST /api/v1/auth/logout': op('logOut', 'Sign out', {
    description: "Ends the caller's session and clears its cookie",
  }),
  'GET /api/v1/me': op('getMe', 'The signed-in caller'),
  'POST /api/v1/auth/password-reset': op('requestPasswordReset', 'Ask for a password reset link'),
  'POST /api/v1/auth/password-reset/check': op('checkPasswordResetLink', 'Check a password reset link'),
  'POST /api/v1/auth/password-reset/confirm': op('resetPassword', 'Set a new password', { errors: [410] }),

  'GET /api/v1/workspace': op('getWorkspace', 'Company settings'),
  'PATCH /api/v1/workspace': op('updateWorkspace', 'Update company settings'),
  'PUT /api/v1/workspace/logo': op('uploadWorkspaceLogo', 'Upload the company logo', { errors: [413, 415] }),
  'DELETE /api/v1/workspace/logo': op('deleteWorkspaceLogo', 'Remove the company logo', {
    description: 'Removes the company logo and answers the company settings without it',
  }),
  'DELETE /api/v1/workspace': op('deleteWorkspace', 'Delete the workspace'),
  'GET /api/v1/workspace/logo': op('getWorkspaceLogo', 'The company logo', { produces: 'image/*' }),

  'GET /api/v1/me/profile': op('getProfile', 'My profile', {
    description: "The signed-in person's name, email, job title, phone and time zone",
  }),
  'PATCH /api/v1/me/profile': op('updateProfile', 'Update my profile'),
  'POST /api/v1/me/email': op('changeEmail', 'Change my email', { errors: [409] }),
  'POST /api/v1/me/email/confirm': op('confirmEmailChange', 'Confirm my new email', { errors: [409, 410] }),
  'POST /api/v1/me/password': op('changePassword', 'Change my password'),
  'POST /api/v1/me/totp/setup': op('setUpTotp', 'Start setting up two-factor authentication', { errors: [409] }),
  'POST /api/v1/me/totp/enable': op('enableTotp', 'Turn on two-factor authentication', { errors: [409] }),
  'POST /api/v1/me/totp/disable': op('disableTotp', 'Turn off two-factor authentication', { errors: [409] }),
  'POST /api/v1/me/totp/recovery-codes': op('replaceRecoveryCodes', 'Replace my recovery codes', { errors: [409] }),
  'GET /api/v1/me/sessions': op('listSessions', 'My sessions'),
  'DELETE /api/v1/me/sessions/:id': op('revokeSession', 'Sign out one session'),
  'POST /api/v1/me/sessions/revoke-others': op('revokeOtherSessions', 'Sign out my other sessions'),
  'GET /api/v1/me/api-keys': op('listApiKeys', 'My API keys'),
  'POST /api/v1/me/api-keys': op('createApiKey', 'Create an API key'),
  'DELETE /api/v1/me/api-keys/:id': op('revokeApiKey', 'Revoke an API key', {
    description: 'Revokes one of my API keys: a request carrying it is refused with 401 from now on',
  }),
  'POST /api/v1/me/workspace': op('switchWorkspace', 'Switch workspace'),

  'GET /api/v1/members': op('listMembers', 'List members'),
  'GET /api/v1/members/directory': op('listMemberDirectory', 'Member directory'),
  'GET /api/v1/members/:id': op('getMember', 'Get a member', {
    description: 'One member of the workspace by id, with role and status',
  }),
  'PATCH /api/v1/members/:id': op('updateMember', 'Change a member', { errors: [402, 409] }),
  'POST /api/v1/members/:id/transfer-ownership': op('transferOwnership', 'Transfer ownership', { errors: [409] }),
  'POST /api/v1/members/:id/reassign-records': op('reassignMemberRecords', "Reassign a member's records", {
    errors: [409],
  }),
  'PUT /api/v1/members/:id/credit-limit': op('setMemberCreditLimit', "Set a member's credit limit"),

  'GET /api/v1/invitations': op('listInvitations', 'List invitations'),
  'POST /api/v1/invitations': op('createInvitations', 'Invite people', { errors: [402, 409] }),
  'POST /api/v1/invitations/:id/resend': op('resendInvitation', 'Resend an invitation', { errors: [409, 429] }),
  'DELETE /api/v1/invitations/:id': op('revokeInvitation', 'Revoke an invitation'),
  'GET /api/v1/invitations/:id': op('previewInvitation', 'Preview an invitation link', { errors: [410] }),
  'POST /api/v1/invitations/:id/accept': op('acceptInvitation', 'Accept an invitation', { errors: [402, 409, 410] }),

  'GET /api/v1/suppressions': op('listSuppressions', 'List suppressions'),
  'POST /api/v1/suppressions': op('addSuppressions', 'Add suppressions'),
  'DELETE /api/v1/suppressions': op('deleteSuppressions', 'Remove several suppressions'),
  'POST /api/v1/suppressions/upload': op('uploadSuppressions', 'Upload suppressions as CSV', { errors: [413, 415] }),
  'GET /api/v1/suppressions/export': op('exportSuppressions', 'Export suppressions as CSV', csv),
  'POST /api/v1/suppressions/check': op('checkSuppressions', 'Check emails against suppressions'),
  'GET /api/v1/suppressions/:id': op('getSuppression', 'Get a suppression', {
    description: 'One entry of the suppression list (an email, a domain or a hash) by id',
  }),
  'DELETE /api/v1/suppressions/:id': op('deleteSuppression', 'Remove a suppression'),

  'GET /api/v1/custom-fields': op('listCustomFields', 'List custom fields'),
  'POST /api/v1/custom-fields': op('createCustomField', 'Create a custom field', { errors: [409] }),
  'POST /api/v1/custom-fields/reorder': op('reorderCustomFields', 'Reorder custom fields'),
  'GET /api/v1/custom-fields/:id': op('getCustomField', 'Get a custom field', {
    description: 'One custom field by id: its key, label, type, options and whether it is required or archived',
  }),
  'PATCH /api/v1/custom-fields/:id': op('updateCustomField', 'Update a custom field', { errors: [409] }),
  'DELETE /api/v1/custom-fields/:id': op('deleteCustomField', 'Delete a custom field'),

  ...records('/api/v1/contacts', 'contact', 'contacts'),
  'GET /api/v1/contacts/duplicates': op('listContactDuplicates', 'Likely duplicate contacts'),
  'POST /api/v1/contacts/duplicates/merge': op('mergeContactDuplicates', 'Merge duplicate contacts (or preview)'),
  'POST /api/v1/contacts/duplicates/dismiss': op('dismissContactDuplicate', 'Mark two contacts as not duplicates'),
  'GET /api/v1/contacts/duplicates/merges': op('listContactDuplicateMerges', 'Recent merges of duplicate contacts'),
  'POST /api/v1/contacts/duplicates/merges/:id/undo': op('undoContactDuplicateMerge', 'Undo a merge of duplicate contacts', { errors: [409] }),
  ...records('/api/v1/companies', 'company', 'companies'),

  'GET /api/v1/grid-preferences/:grid': op('getGridPreferences', 'My grid layout'),
  'PUT /api/v1/grid-preferences/:grid': op('saveGridPreferences', 'Save my grid layout'),
  'DELETE /api/v1/grid-preferences/:grid': op('resetGridPreferences', 'Reset my grid layout'),

  'GET /api/v1/lists': op('listLists', 'List lists'),
  'POST /api/v1/lists': op('createList', 'Create a list', { errors: [409] }),
  'GET /api/v1/lists/:id': op('getList', 'Get a list', {
    description: 'One list by id, with its owner and member count',
  }),
  'PATCH /api/v1/lists/:id': op('updateList', 'Update a list', { errors: [409] }),
  'DELETE /api/v1/lists/:id': op('deleteList', 'Delete a list'),
  'GET /api/v1/lists/:id/members': op('listListMembers', "List a list's members"),
  'GET /api/v1/lists/:id/members/count': op('countListMembers', "Count a list's members"),
  'POST /api/v1/lists/:id/members': op('addListMembers', 'Add records to a list'),
  'DELETE /api/v1/lists/:id/members': op('removeListMembers', 'Remove records from a list'),
  'GET /api/v1/lists/:id/export': op('exportListMembers', "Export a list's members as CSV", csv),

  'POST /api/v1/imports': op('createImport', 'Upload a file to import', { errors: [413, 415] }),
  'GET /api/v1/imports': op('listImports', 'List imports'),
  'GET /api/v1/imports/:id': op('getImport', 'Get an import'),
  'PATCH /api/v1/imports/:id': op('updateImport', 'Set up an import', { errors: [409] }),
  'POST /api/v1/imports/:id/preflight': op('preflightImport', 'Try the first rows of an import', { errors: [409, 410] }),
  'DELETE /api/v1/imports/:id': op('discardImport', 'Discard an upload', { errors: [409] }),
  'POST /api/v1/imports/:id/start': op('startImport', 'Start an import', {
    errors: [402, 409],
    description: 'Queues a mapped import to run in the background; follow its progress with getImport',
  }),
  'POST /api/v1/imports/:id/cancel': op('cancelImport', 'Cancel an import', { errors: [409] }),
  'POST /api/v1/imports/:id/undo': op('undoImport', 'Undo an import', { errors: [409] }),
  'GET /api/v1/imports/:id/errors': op('listImportErrors', "An import's row errors"),
  'GET /api/v1/imports/:id/suppressed': op('listImportSuppressedRows', "An import's suppressed rows"),
  'GET /api/v1/imports/:id/error-report': op('getImportErrorReport', "An import's failed rows as CSV", {
    ...csv,
    errors: [410],
  }),
  'GET /api/v1/imports/:id/file': op('getImportFile', "An import's uploaded file", {
    produces: 'application/octet-stream',
    errors: [410],
  }),
  'POST /api/v1/imports/:id/enrich-preview': op('previewImportEnrichment', "Preview an import's enrichment"),
  'GET /api/v1/imports/:id/enrichment': op('getImportEnrichment', "An import's enrichment"),

  'GET /api/v1/prospects': op('searchProspects', 'Search prospects'),
  'GET /api/v1/prospects/facets': op('getProspectFacets', 'Prospect search facets'),
  'GET /api/v1/prospects/companies': op('searchProspectCompanies', 'Search prospect companies'),
  'GET /api/v1/prospects/companies/facets': op('getProspectCompanyFacets', 'Prospect company search facets'),
  'GET /api/v1/prospects/:id': op('getProspect', "A prospect's profile"),
  'POST /api/v1/prospects/reveal/preview': op('previewReveal', 'Price a reveal'),
  'POST /api/v1/prospects/reveal': op('revealProspects', 'Reveal prospects', { errors: [402, 409, 422] }),
  'GET /api/v1/prospects/reveal-jobs/:id': op('getRevealJob', 'A bulk reveal job'),
  'POST /api/v1/prospects/reveal-jobs/:id/cancel': op('cancelRevealJob', 'Cancel a bulk reveal', { errors: [409] }),
  'POST /api/v1/contacts/:id/report-invalid-email': op('reportInvalidEmail', 'Report an invalid email', {
    errors: [409],
  }),

  'POST /api/v1/verifications': op('verifyEmails', 'Verify an address or contacts', { errors: [402] }),
  'GET /api/v1/verifications/usage': op('getVerificationUsage', "This month's verifications"),
  'GET /api/v1/verifications/:jobId': op('getVerificationJob', 'A verification job'),
  'POST /api/v1/verifications/:jobId/cancel': op('cancelVerificationJob', 'Cancel a verification job', { errors: [409] }),
  'POST /api/v1/contacts/:id/find-email': op('findContactEmail', "Find a contact's email", { errors: [402, 409] }),
  'POST /api/v1/contacts/find-emails': op('findContactEmails', 'Find the emails of contacts'),

  'GET /api/v1/saved-searches': op('listSavedSearches', 'List saved searches'),
  'POST /api/v1/saved-searches': op('createSavedSearch', 'Save a search', { errors: [409] }),
  'PATCH /api/v1/saved-searches/:id': op('updateSavedSearch', 'Update a saved search', { errors: [409] }),
  'DELETE /api/v1/saved-searches/:id': op('deleteSavedSearch', 'Delete a saved search'),
  'POST /api/v1/saved-searches/:id/open': op('openSavedSearch', 'Open a saved search'),

  'GET /api/v1/credits': op('getCredits', 'Credit balance'),
  'GET /api/v1/credit-transactions': op('listCreditTransactions', 'List credit transactions'),
  'GET /api/v1/credit-transactions/:id': op('getCreditTransaction', 'Get a credit transaction'),
  'GET /api/v1/credit-transactions/export': op('exportCreditTransactions', 'Export credit transactions as CSV', csv),
  'GET /api/v1/credit-transactions/usage': op('getCreditUsage', 'Credit use per day'),
  'GET /api/v1/credits/member-limits': op('listMemberCreditLimits', 'Credit limits of members'),

  'GET /api/v1/saved-views': op('listSavedViews', 'List saved grid views'),
  'POST /api/v1/saved-views': op('createSavedView', 'Save a grid view', { errors: [409] }),
  'PATCH /api/v1/saved-views/:id': op('updateSavedView', 'Update a saved grid view', { errors: [409] }),
  'DELETE /api/v1/saved-views/:id': op('deleteSavedView', 'Delete a saved grid view'),

  'GET /api/v1/search': op('search', 'Search everything by name'),

  'GET /api/v1/audit-log': op('listAuditLog', 'Audit log'),
  'GET /api/v1/audit-log/export': op('exportAuditLog', 'Export the audit log as CSV', csv),

  'POST /api/v1/privacy/erasures': op('eraseContactData', "Erase a person's data"),
  'POST /api/v1/privacy/erasures/files': op('deleteErasedFiles', 'Delete uploaded files an erasure found'),
  'GET /api/v1/privacy/settings': op('getPrivacySettings', 'File retention settings'),
  'PUT /api/v1/privacy/settings': op('setPrivacySettings', 'Set file retention'),
  'POST /api/v1/privacy/exports': op('createWorkspaceExport', 'Export the workspace', { errors: [409] }),
  'GET /api/v1/privacy/exports': op('listWorkspaceExports', 'List workspace exports'),
  'GET /api/v1/privacy/exports/:id': op('getWorkspaceExport', 'Get a workspace export'),
  'GET /api/v1/privacy/exports/:id/download': op('downloadWorkspaceExport', 'Download a workspace export', {
    produces: 'application/zip',
    errors: [410],
  }),

  'GET /api/v1/webhooks': op('listWebhooks', 'List webhook endpoints'),
  'POST /api/v1/webhooks': op('createWebhook', 'Register a webhook endpoint'),
  'GET /api/v1/webhooks/:id': op('getWebhook', 'Get a webhook endpoint'),
  'PATCH /api/v1/webhooks/:id': op('updateWebhook', 'Update a webhook endpoint'),
  'DELETE /api/v1/webhooks/:id': op('deleteWebhook', 'Delete a webhook endpoint'),
  'GET /api/v1/webhooks/:id/deliveries': op('listWebhookDeliveries', "List an endpoint's deliveries"),
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/resend': op('resendWebhookDelivery', 'Send a delivery again'),
  'POST /api/v1/webhooks/:id/test': op('testWebhook', 'Send a test event'),

  'GET /api/v1/plans': op('listPlans', 'List plans'),
  'POST /api/v1/plans/enterprise-inquiry': op('askEnterprise', 'Contact sales about Enterprise'),
  'GET /api/v1/subscription': op('getSubscription', 'Get the subscription'),
  'POST /api/v1/subscription/preview': op('previewSubscriptionChange', 'Preview a plan change', { errors: [409] }),
  'PUT /api/v1/subscription': op('changeSubscription', 'Change plan', { errors: [402, 409, 422] }),
  'POST /api/v1/subscription/cancel': op('cancelSubscription', 'Cancel at the period’s end', { errors: [409] }),
  'POST /api/v1/subscription/resume': op('resumeSubscription', 'Keep the plan', { errors: [409] }),
  'DELETE /api/v1/subscription/pending-change': op('dropPendingSubscriptionChange', 'Drop a waiting downgrade', {
    errors: [409],
  }),
  'GET /api/v1/credit-packs': op('listCreditPacks', 'List credit packs'),
  'POST /api/v1/credit-packs/:id/purchase': op('buyCreditPack', 'Buy a credit pack', { errors: [402, 422] }),
  'GET /api/v1/payment-methods': op('listPaymentMethods', 'List cards'),
  'POST /api/v1/payment-methods': op('addPaymentMethod', 'Add a card', { errors: [402] }),
  'POST /api/v1/payment-methods/setup-intent': op('createSetupIntent', 'Start adding a card with Stripe', {
    errors: [409],
  }),
  'POST /api/v1/payment-methods/:id/default': op('makePaymentMethodDefault', 'Make a card the default'),
  'DELETE /api/v1/payment-methods/:id': op('deletePaymentMethod', 'Remove a card', { errors: [409] }),
  'GET /api/v1/invoices': op('listInvoices', 'List invoices'),
  'GET /api/v1/invoices/:id': op('getInvoice', 'Get an invoice'),
  'GET /api/v1/invoices/:id/pdf': op('getInvoicePdf', 'Download an invoice as PDF', { produces: 'application/pdf' }),
  'POST /api/v1/invoices/:id/pay': op('payInvoice', 'Pay an open invoice', { errors: [402, 409] }),
  'POST /api/v1/billing/stripe-webhook': op('receiveStripeWebhook', 'Stripe webhook'),
};

// Generated from /api/v1/openapi.json by `npm run openapi:types`: do not edit.

export interface paths {
  '/api/v1/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Browser settings
     * @description Run-time settings for the browser
     */
    get: operations['getConfig'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for an account
     * @description Ask for an account and its workspace: a link to finish is emailed (the same answer for any address)
     */
    post: operations['register'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/register/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Finish signing up
     * @description Follow the emailed sign-up link: creates the account and its workspace, and signs in
     */
    post: operations['confirmRegistration'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in
     * @description Signs in with email and password and sets the session cookie. With two-factor authentication on, send `totpCode` (an app code or a recovery code); without it the answer is 401 with `code: "totp_required"`. Repeated failures are throttled (429 with Retry-After).
     */
    post: operations['logIn'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign out
     * @description Ends the caller's session and clears its cookie
     */
    post: operations['logOut'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed-in caller
     * @description The signed-in user, workspace, role and permissions
     */
    get: operations['getMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/password-reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for a password reset link
     * @description Email a password reset link
     */
    post: operations['requestPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/password-reset/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check a password reset link
     * @description Whether an emailed reset link still works (nothing is spent)
     */
    post: operations['checkPasswordResetLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/password-reset/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a new password
     * @description Set a new password from an emailed link
     */
    post: operations['resetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspace': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Company settings
     * @description The current workspace's company settings
     */
    get: operations['getWorkspace'];
    put?: never;
    post?: never;
    /**
     * Delete the workspace
     * @description Delete the workspace and everything in it, files included (owner; password and the workspace's name typed)
     */
    delete: operations['deleteWorkspace'];
    options?: never;
    head?: never;
    /**
     * Update company settings
     * @description Change company settings (name, website, domain, address, tax ID, time zone, phone region)
     */
    patch: operations['updateWorkspace'];
    trace?: never;
  };
  '/api/v1/workspace/logo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The company logo
     * @description The company logo image, with its stored content type
     */
    get: operations['getWorkspaceLogo'];
    /**
     * Upload the company logo
     * @description Upload the company logo (multipart field "file"; PNG or JPEG, at most 1 MB; SVG is refused)
     */
    put: operations['uploadWorkspaceLogo'];
    post?: never;
    /**
     * Remove the company logo
     * @description Removes the company logo and answers the company settings without it
     */
    delete: operations['deleteWorkspaceLogo'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * My profile
     * @description The signed-in person's name, email, job title, phone and time zone
     */
    get: operations['getProfile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update my profile
     * @description Change my name, job title, phone or time zone
     */
    patch: operations['updateProfile'];
    trace?: never;
  };
  '/api/v1/me/email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change my email
     * @description Change my email: sends a confirmation link to the new address (password required)
     */
    post: operations['changeEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/email/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm my new email
     * @description Confirm a change of email from the emailed link
     */
    post: operations['confirmEmailChange'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change my password
     * @description Change my password (current password required; my other sessions are signed out)
     */
    post: operations['changePassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/totp/setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start setting up two-factor authentication
     * @description Start setting up an authenticator app: secret, otpauth URL and QR code
     */
    post: operations['setUpTotp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/totp/enable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn on two-factor authentication
     * @description Turn on 2FA with a code from the app; answers ten recovery codes, shown once
     */
    post: operations['enableTotp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/totp/disable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn off two-factor authentication
     * @description Turn off 2FA (password and a code required)
     */
    post: operations['disableTotp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/totp/recovery-codes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace my recovery codes
     * @description Replace my recovery codes (password and a code required); the old ones stop working
     */
    post: operations['replaceRecoveryCodes'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * My sessions
     * @description My active sessions
     */
    get: operations['listSessions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/sessions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Sign out one session
     * @description Sign out one of my sessions
     */
    delete: operations['revokeSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/sessions/revoke-others': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign out my other sessions
     * @description Sign out all my other sessions
     */
    post: operations['revokeOtherSessions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * My API keys
     * @description My API keys in this workspace
     */
    get: operations['listApiKeys'];
    put?: never;
    /**
     * Create an API key
     * @description Create an API key (the key is in this answer only)
     */
    post: operations['createApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description Revokes one of my API keys: a request carrying it is refused with 401 from now on
     */
    delete: operations['revokeApiKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/workspace': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Switch workspace
     * @description Switch this session to another workspace I belong to
     */
    post: operations['switchWorkspace'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List members
     * @description The workspace's members, with the seats in use
     */
    get: operations['listMembers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/members/directory': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Member directory
     * @description Every member's name and status, for owner pickers
     */
    get: operations['listMemberDirectory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/members/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a member
     * @description One member of the workspace by id, with role and status
     */
    get: operations['getMember'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change a member
     * @description Change a member's role (admin or member) or status (active or deactivated)
     */
    patch: operations['updateMember'];
    trace?: never;
  };
  '/api/v1/members/{id}/transfer-ownership': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Transfer ownership
     * @description Make this member the owner (owner only, password required); the previous owner becomes an admin
     */
    post: operations['transferOwnership'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/members/{id}/reassign-records': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reassign a member's records
     * @description Hand all of this member's contacts and companies to another active member
     */
    post: operations['reassignMemberRecords'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List invitations
     * @description Open invitations (pending or expired)
     */
    get: operations['listInvitations'];
    put?: never;
    /**
     * Invite people
     * @description Invite one (`email`) or several (`emails`) people with a role; each gets an emailed link
     */
    post: operations['createInvitations'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invitations/{id}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resend an invitation
     * @description Send a new link (valid 7 days); the previous link stops working
     */
    post: operations['resendInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invitations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Preview an invitation link
     * @description Public preview of an invitation link: workspace, inviter, email, role and state
     */
    get: operations['previewInvitation'];
    put?: never;
    post?: never;
    /**
     * Revoke an invitation
     * @description Revoke an invitation (its link stops working)
     */
    delete: operations['revokeInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invitations/{id}/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation
     * @description Accept: signed in with the invited email, or as a new person with name and password (then signed in)
     */
    post: operations['acceptInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suppressions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List suppressions
     * @description The suppression list: search, filter by kind and reason, cursor paging
     */
    get: operations['listSuppressions'];
    put?: never;
    /**
     * Add suppressions
     * @description Add entries ({entries} or {text}, one per line); invalid lines are reported, duplicates ignored
     */
    post: operations['addSuppressions'];
    /**
     * Remove several suppressions
     * @description Remove several entries (owner and admins)
     */
    delete: operations['deleteSuppressions'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suppressions/upload': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload suppressions as CSV
     * @description Upload a CSV of entries (multipart field `file`), streamed; same report as adding
     */
    post: operations['uploadSuppressions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suppressions/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export suppressions as CSV
     * @description The suppression list as CSV (UTF-8 with BOM), with the current search and filters
     */
    get: operations['exportSuppressions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suppressions/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check emails against suppressions
     * @description Which of these emails are suppressed, and by which entry
     */
    post: operations['checkSuppressions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suppressions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a suppression
     * @description One entry of the suppression list (an email, a domain or a hash) by id
     */
    get: operations['getSuppression'];
    put?: never;
    post?: never;
    /**
     * Remove a suppression
     * @description Remove an entry (owner and admins)
     */
    delete: operations['deleteSuppression'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/audit-log': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Audit log
     * @description Who did what, newest first: filter by member, action and date range (inclusive); cursor paging
     */
    get: operations['listAuditLog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/audit-log/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export the audit log as CSV
     * @description The audit log as CSV, with the same filters
     */
    get: operations['exportAuditLog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/custom-fields': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List custom fields
     * @description Custom fields of contacts and companies, in their order
     */
    get: operations['listCustomFields'];
    put?: never;
    /**
     * Create a custom field
     * @description Create a custom field (the key is derived from the label when not given)
     */
    post: operations['createCustomField'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/custom-fields/reorder': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reorder custom fields
     * @description Set the order of an entity's custom fields (every field listed once)
     */
    post: operations['reorderCustomFields'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/custom-fields/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a custom field
     * @description One custom field by id: its key, label, type, options and whether it is required or archived
     */
    get: operations['getCustomField'];
    put?: never;
    post?: never;
    /**
     * Delete a custom field
     * @description Delete a custom field and every value it held
     */
    delete: operations['deleteCustomField'];
    options?: never;
    head?: never;
    /**
     * Update a custom field
     * @description Rename, change options (ids keep values), require, archive or restore a custom field
     */
    patch: operations['updateCustomField'];
    trace?: never;
  };
  '/api/v1/companies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List companies
     * @description Page through companies: cursor, quick search q, sort, filter (URL-encoded JSON), count=true for the total
     */
    get: operations['listCompanies'];
    put?: never;
    /**
     * Create a company
     * @description Create a company (409 with existingId when its domain exists)
     */
    post: operations['createCompany'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Count companies
     * @description How many companies match q and filter
     */
    get: operations['countCompanies'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/fields': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Companies grid columns
     * @description Columns the companies grid can show, sort and filter
     */
    get: operations['listCompanyFields'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export companies as CSV
     * @description Download companies as CSV (UTF-8 with BOM): the grid q, filter and sort, chosen columns, or ids
     */
    get: operations['exportCompanies'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/merge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Merge two companies
     * @description Merge one company into another, keeping the chosen values, its contacts, notes and history
     */
    post: operations['mergeCompanies'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/bulk/assign-owner': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set the owner of many companies
     * @description Set the owner of the selected companies, or of all matching q and filter
     */
    post: operations['assignCompaniesOwner'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/bulk/delete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete many companies
     * @description Delete the selected companies (members: only their own; the rest are counted as skipped); all matching q and filter: 202 with a job to follow
     */
    post: operations['deleteCompanies'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/values': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Values of a company field, with counts
     * @description The values a low-cardinality field (country, seniority, owner, selects…) takes among the companies matching q and filter, with counts
     */
    get: operations['listCompanyFieldValues'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/bulk-update': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a field on many companies
     * @description Set one standard or custom field (custom:<key>) on the selected companies in one transaction (the editId undoes it); on all matching q and filter: 202 with a job to follow, whose editId undoes it once completed
     */
    post: operations['bulkUpdateCompanies'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/bulk-jobs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Follow a bulk edit or delete of companies
     * @description A bulk edit or delete of all matching companies: its status and progress (done of total)
     */
    get: operations['getCompanyBulkJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/bulk-update/{editId}/undo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Undo a bulk edit of companies
     * @description Undo a bulk edit of companies: every record it changed that still exists gets its previous value back; deleted or merged ones are counted as notRestored (once; its author, or an owner or admin)
     */
    post: operations['undoBulkUpdateCompanies'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a company
     * @description One company by id, with its owner and custom field values (404 for an id of another workspace)
     */
    get: operations['getCompany'];
    put?: never;
    post?: never;
    /**
     * Delete a company
     * @description Delete a company (members: only their own); its contacts stay, unlinked
     */
    delete: operations['deleteCompany'];
    options?: never;
    head?: never;
    /**
     * Update a company
     * @description Change fields of a company (each change goes on its timeline)
     */
    patch: operations['updateCompany'];
    trace?: never;
  };
  '/api/v1/contacts/duplicates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Likely duplicate contacts
     * @description Likely duplicate contacts, most certain first: pairs with the same normalised name at the same company, the same phone or the same LinkedIn URL, each with a suggested keeper (the more complete, then the older); total counts every pair
     */
    get: operations['listContactDuplicates'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/duplicates/merge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Merge duplicate contacts (or preview)
     * @description Merge up to 100 pairs (mergeId into keepId, the keeper's values first, blanks filled from the other) in one unit of work; pairs the caller may not merge (members: only their own) or that are gone are skipped and counted; dryRun previews and changes nothing; the answer's id undoes it
     */
    post: operations['mergeContactDuplicates'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/duplicates/dismiss': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark two contacts as not duplicates
     * @description Mark two contacts as not duplicates: the pair leaves the duplicates view
     */
    post: operations['dismissContactDuplicate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/duplicates/merges': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Recent merges of duplicate contacts
     * @description The latest merges of duplicate contacts, newest first (undoable once each)
     */
    get: operations['listContactDuplicateMerges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/duplicates/merges/{id}/undo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Undo a merge of duplicate contacts
     * @description Undo a merge of duplicates: the merged contacts come back with their notes, timeline, list memberships and reveals, the keepers get their fields back (once: 409 after; its author, or an owner or admin)
     */
    post: operations['undoContactDuplicateMerge'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List contacts
     * @description Page through contacts: cursor, quick search q, sort, filter (URL-encoded JSON), count=true for the total
     */
    get: operations['listContacts'];
    put?: never;
    /**
     * Create a contact
     * @description Create a contact (409 with existingId when its email exists); links the company of its email domain
     */
    post: operations['createContact'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Count contacts
     * @description How many contacts match q and filter
     */
    get: operations['countContacts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/fields': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Contacts grid columns
     * @description Columns the contacts grid can show, sort and filter
     */
    get: operations['listContactFields'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export contacts as CSV
     * @description Download contacts as CSV (UTF-8 with BOM): the grid q, filter and sort, chosen columns, or ids; suppressed contacts only with includeSuppressed=true
     */
    get: operations['exportContacts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/merge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Merge two contacts
     * @description Merge one contact into another, keeping the chosen values, notes and history
     */
    post: operations['mergeContacts'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/bulk/assign-owner': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set the owner of many contacts
     * @description Set the owner of the selected contacts, or of all matching q and filter
     */
    post: operations['assignContactsOwner'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/bulk/delete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete many contacts
     * @description Delete the selected contacts (members: only their own; the rest are counted as skipped); all matching q and filter: 202 with a job to follow
     */
    post: operations['deleteContacts'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/values': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Values of a contact field, with counts
     * @description The values a low-cardinality field (country, seniority, owner, selects…) takes among the contacts matching q and filter, with counts
     */
    get: operations['listContactFieldValues'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/bulk-update': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a field on many contacts
     * @description Set one standard or custom field (custom:<key>) on the selected contacts in one transaction (the editId undoes it); on all matching q and filter: 202 with a job to follow, whose editId undoes it once completed
     */
    post: operations['bulkUpdateContacts'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/bulk-jobs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Follow a bulk edit or delete of contacts
     * @description A bulk edit or delete of all matching contacts: its status and progress (done of total)
     */
    get: operations['getContactBulkJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/bulk-update/{editId}/undo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Undo a bulk edit of contacts
     * @description Undo a bulk edit of contacts: every record it changed that still exists gets its previous value back; deleted or merged ones are counted as notRestored (once; its author, or an owner or admin)
     */
    post: operations['undoBulkUpdateContacts'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a contact
     * @description One contact by id, with its owner and custom field values (404 for an id of another workspace)
     */
    get: operations['getContact'];
    put?: never;
    post?: never;
    /**
     * Delete a contact
     * @description Delete a contact (members: only their own)
     */
    delete: operations['deleteContact'];
    options?: never;
    head?: never;
    /**
     * Update a contact
     * @description Change fields of a contact (each change goes on its timeline; 409 when the new email exists)
     */
    patch: operations['updateContact'];
    trace?: never;
  };
  '/api/v1/contacts/{id}/notes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a contact's notes
     * @description Notes on a contact, oldest first
     */
    get: operations['listContactNotes'];
    put?: never;
    /**
     * Add a note to a contact
     * @description Adds a plain-text note to the contact, shown on its page and timeline; its author or an admin can edit or delete it
     */
    post: operations['createContactNote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/{id}/notes/{noteId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a note on a contact
     * @description Delete a note (its author, or an admin)
     */
    delete: operations['deleteContactNote'];
    options?: never;
    head?: never;
    /**
     * Edit a note on a contact
     * @description Edit a note (its author, or an admin)
     */
    patch: operations['updateContactNote'];
    trace?: never;
  };
  '/api/v1/companies/{id}/notes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a company's notes
     * @description Notes on a company, oldest first
     */
    get: operations['listCompanyNotes'];
    put?: never;
    /**
     * Add a note to a company
     * @description Adds a plain-text note to the company, shown on its page and timeline; its author or an admin can edit or delete it
     */
    post: operations['createCompanyNote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/{id}/notes/{noteId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a note on a company
     * @description Delete a note (its author, or an admin)
     */
    delete: operations['deleteCompanyNote'];
    options?: never;
    head?: never;
    /**
     * Edit a note on a company
     * @description Edit a note (its author, or an admin)
     */
    patch: operations['updateCompanyNote'];
    trace?: never;
  };
  '/api/v1/contacts/{id}/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A contact's timeline
     * @description The contact's activity timeline, newest first
     */
    get: operations['listContactActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/{id}/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A company's timeline
     * @description The company's activity timeline, newest first
     */
    get: operations['listCompanyActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/grid-preferences/{grid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * My grid layout
     * @description The signed-in member's columns, widths and page size of a grid (null when never saved)
     */
    get: operations['getGridPreferences'];
    /**
     * Save my grid layout
     * @description Save the columns (in order), widths and page size of a grid for the signed-in member
     */
    put: operations['saveGridPreferences'];
    post?: never;
    /**
     * Reset my grid layout
     * @description Back to the grid's default columns
     */
    delete: operations['resetGridPreferences'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/lists': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List lists
     * @description Lists of the workspace: search, entity, sort, paging
     */
    get: operations['listLists'];
    put?: never;
    /**
     * Create a list
     * @description Create a list of contacts or of companies (409 when the name is taken, in any case)
     */
    post: operations['createList'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/lists/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a list
     * @description One list by id, with its owner and member count
     */
    get: operations['getList'];
    put?: never;
    post?: never;
    /**
     * Delete a list
     * @description Delete a list (its contacts or companies stay); members only their own lists
     */
    delete: operations['deleteList'];
    options?: never;
    head?: never;
    /**
     * Update a list
     * @description Rename, describe or hand over a list
     */
    patch: operations['updateList'];
    trace?: never;
  };
  '/api/v1/lists/{id}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a list's members
     * @description The list's members as the contacts or companies grid: cursor, q, sort, filter, count
     */
    get: operations['listListMembers'];
    put?: never;
    /**
     * Add records to a list
     * @description Add {ids} or every record matching {filter, q}; members already there are counted, never doubled
     */
    post: operations['addListMembers'];
    /**
     * Remove records from a list
     * @description Remove {ids} or the members matching {filter, q} from the list (the records stay)
     */
    delete: operations['removeListMembers'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/lists/{id}/members/count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Count a list's members
     * @description How many members match q and filter
     */
    get: operations['countListMembers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/lists/{id}/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export a list's members as CSV
     * @description Download the list's members as CSV (the grid's q, filter, sort, columns or ids); suppressed contacts only with includeSuppressed=true
     */
    get: operations['exportListMembers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/{id}/lists': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Lists holding a contact
     * @description The lists a contact belongs to
     */
    get: operations['listContactLists'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/companies/{id}/lists': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Lists holding a company
     * @description The lists a company belongs to
     */
    get: operations['listCompanyLists'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List imports
     * @description Import history, newest first (filter by status)
     */
    get: operations['listImports'];
    put?: never;
    /**
     * Upload a file to import
     * @description Upload a CSV or XLSX file (multipart field `file`); answers the import in status mapping with suggested targets
     */
    post: operations['createImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an import
     * @description An import with its preview
     */
    get: operations['getImport'];
    put?: never;
    post?: never;
    /**
     * Discard an upload
     * @description Discard an upload that was never started (the import and its file go)
     */
    delete: operations['discardImport'];
    options?: never;
    head?: never;
    /**
     * Set up an import
     * @description Set the entity, file settings (encoding, delimiter, header row, sheet), mapping and options before starting
     */
    patch: operations['updateImport'];
    trace?: never;
  };
  '/api/v1/imports/{id}/preflight': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Try the first rows of an import
     * @description Try the first 1,000 rows with a mapping: what the import would do (nothing is written)
     */
    post: operations['preflightImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start an import
     * @description Queues a mapped import to run in the background; follow its progress with getImport
     */
    post: operations['startImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an import
     * @description Stop the import (records already written stay, and are counted)
     */
    post: operations['cancelImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}/undo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Undo an import
     * @description Remove the records the import created (not those it only updated)
     */
    post: operations['undoImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}/errors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An import's row errors
     * @description Row errors, in file order
     */
    get: operations['listImportErrors'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}/suppressed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An import's suppressed rows
     * @description Rows left out as suppressed, in file order, with the suppression entry that matched
     */
    get: operations['listImportSuppressedRows'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}/error-report': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An import's failed rows as CSV
     * @description CSV of the failed rows as uploaded, plus a reason column
     */
    get: operations['getImportErrorReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}/file': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An import's uploaded file
     * @description The original file as uploaded
     */
    get: operations['getImportFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/prospects': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search prospects
     * @description Search the prospect database: keywords, filter, scope, suppressed hidden unless asked; masked email and phone; cursor paging
     */
    get: operations['searchProspects'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/prospects/facets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prospect search facets
     * @description Counts of every filter value for the current search, and its totals (net new, already mine, suppressed)
     */
    get: operations['getProspectFacets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/prospects/companies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search prospect companies
     * @description Search the prospect database's companies: keywords on name and domain, filter, scope (already mine: a company of this workspace has the domain); each with its number of people; cursor paging
     */
    get: operations['searchProspectCompanies'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/prospects/companies/facets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prospect company search facets
     * @description Counts of every company filter value (industry, size, revenue, country) for the current company search, each without its own choice, and its totals (net new, already mine)
     */
    get: operations['getProspectCompanyFacets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/prospects/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A prospect's profile
     * @description One person's profile: the person as the search shows them (masked unless revealed here) and their company with its number of people
     */
    get: operations['getProspect'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/prospects/reveal/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Price a reveal
     * @description What a reveal would cost: charged items, free (already revealed), skipped (suppressed, no data), balance after, shortfall
     */
    post: operations['previewReveal'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/prospects/reveal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reveal prospects
     * @description Reveal emails and/or phones (1 credit per email, 5 per phone, once per workspace and person); up to 100 people at once, more (up to 10,000) as a job (202). Requires an Idempotency-Key header; 402 insufficient_credits with the shortfall charges nothing
     */
    post: operations['revealProspects'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/prospects/reveal-jobs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bulk reveal job
     * @description A bulk reveal's progress
     */
    get: operations['getRevealJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/prospects/reveal-jobs/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a bulk reveal
     * @description Cancel a bulk reveal (the member who started it, an owner or an admin): no batch starts after this, the credits it held are released, what it revealed stays
     */
    post: operations['cancelRevealJob'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/{id}/report-invalid-email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report an invalid email
     * @description Report a revealed contact's email as invalid: its credit is refunded once
     */
    post: operations['reportInvalidEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/verifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Verify an address or contacts
     * @description Verify one address ({email}: the result, waiting up to 20 s for a worker, else 202 with a job id), or contacts ({contactIds}, or {filter, q} for every match: 202 with a job id). 402 verification_quota once the month's included verifications are used
     */
    post: operations['verifyEmails'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/verifications/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This month's verifications
     * @description This month's verifications: included by the plan, used, when the period ends
     */
    get: operations['getVerificationUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/verifications/{jobId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A verification job
     * @description A verification job's status, progress and counts (a one-address job's result)
     */
    get: operations['getVerificationJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/verifications/{jobId}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a verification job
     * @description Cancel a verification job (the member who started it, an owner or an admin): no batch starts after this, what was verified stays
     */
    post: operations['cancelVerificationJob'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/{id}/find-email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Find a contact's email
     * @description Find a contact's missing email from its name and its company's domain: 1 credit (email_finder) only when an address is found; 202 with a job id when the worker takes longer than 20 s
     */
    post: operations['findContactEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contacts/find-emails': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Find the emails of contacts
     * @description Find the missing emails of contacts ({contactIds}, or {filter, q}) as a job (202); 1 credit per address found
     */
    post: operations['findContactEmails'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/saved-searches': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List saved searches
     * @description My saved prospect searches and the workspace's shared ones, each with how many people are new since last opened
     */
    get: operations['listSavedSearches'];
    put?: never;
    /**
     * Save a search
     * @description Save a prospect search, private or shared with the workspace
     */
    post: operations['createSavedSearch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/saved-searches/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a saved search
     * @description Delete a saved search (its creator; an owner or admin for a shared one)
     */
    delete: operations['deleteSavedSearch'];
    options?: never;
    head?: never;
    /**
     * Update a saved search
     * @description Rename, share or change a saved search (its creator; an owner or admin for a shared one)
     */
    patch: operations['updateSavedSearch'];
    trace?: never;
  };
  '/api/v1/saved-searches/{id}/open': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Open a saved search
     * @description Open a saved search: what it finds now counts as seen ("N new" back to 0)
     */
    post: operations['openSavedSearch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search everything by name
     * @description The command palette: contacts (name, email), companies (name, domain), lists (name) and imports (file name) matching every word of q, a few of each
     */
    get: operations['search'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/saved-views': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List saved grid views
     * @description My saved views of a grid and the workspace's shared ones
     */
    get: operations['listSavedViews'];
    put?: never;
    /**
     * Save a grid view
     * @description Save a view of a grid (search, filter, sort, columns), private or shared with the workspace
     */
    post: operations['createSavedView'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/saved-views/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a saved grid view
     * @description Delete a saved view (its creator only)
     */
    delete: operations['deleteSavedView'];
    options?: never;
    head?: never;
    /**
     * Update a saved grid view
     * @description Rename, share or change a saved view (its creator only)
     */
    patch: operations['updateSavedView'];
    trace?: never;
  };
  '/api/v1/credits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Credit balance
     * @description The workspace's balance, credits held by running bulk reveals, what expires next, use this period and the caller's own limit
     */
    get: operations['getCredits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credit-transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List credit transactions
     * @description The credit ledger, newest first (owner/admin: every row; a member: their own)
     */
    get: operations['listCreditTransactions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credit-transactions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a credit transaction
     * @description One ledger row (a member: their own); a reveal's row lists the people it paid for
     */
    get: operations['getCreditTransaction'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credit-transactions/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export credit transactions as CSV
     * @description The credit ledger as CSV (the same filters; a member: their own rows)
     */
    get: operations['exportCreditTransactions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credit-transactions/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Credit use per day
     * @description Credits spent per UTC day and feature (refunds deducted), this period unless from/to say otherwise
     */
    get: operations['getCreditUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credits/member-limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Credit limits of members
     * @description Every member's monthly credit limit and use this period (Users page)
     */
    get: operations['listMemberCreditLimits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/members/{id}/credit-limit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set a member's credit limit
     * @description Set a member's monthly credit limit (null: unlimited)
     */
    put: operations['setMemberCreditLimit'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}/enrich-preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Preview an import's enrichment
     * @description Dry run of the enrich option: expected matches by key, their cost, the balance and the cap (nothing is charged)
     */
    post: operations['previewImportEnrichment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/imports/{id}/enrichment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An import's enrichment
     * @description What the import's enrichment charged (from the credit ledger) and filled, and why it stopped early
     */
    get: operations['getImportEnrichment'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/privacy/erasures': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Erase a person's data
     * @description Erase a person: their contacts, notes, timeline, list memberships, reveal records, import staging and error rows, in one transaction; their hashed email is suppressed
     */
    post: operations['eraseContactData'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/privacy/erasures/files': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete uploaded files an erasure found
     * @description Delete original uploaded files an erasure listed (the imports keep their counts)
     */
    post: operations['deleteErasedFiles'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/privacy/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * File retention settings
     * @description How long uploaded files are kept
     */
    get: operations['getPrivacySettings'];
    /**
     * Set file retention
     * @description Set how long uploaded files and their error reports are kept
     */
    put: operations['setPrivacySettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/privacy/exports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List workspace exports
     * @description The latest workspace exports
     */
    get: operations['listWorkspaceExports'];
    put?: never;
    /**
     * Export the workspace
     * @description Start a workspace export (a ZIP of CSV and JSON files, built in the background; one at a time)
     */
    post: operations['createWorkspaceExport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/privacy/exports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a workspace export
     * @description A workspace export's status, progress and download link
     */
    get: operations['getWorkspaceExport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/privacy/exports/{id}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a workspace export
     * @description The ZIP of a ready export (valid 24 hours)
     */
    get: operations['downloadWorkspaceExport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook endpoints
     * @description The workspace's webhook endpoints (never their secrets)
     */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description The URL must resolve to a public address. The answer carries the signing secret, shown only here: every delivery has `Leadtrail-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` made with it.
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook endpoint
     * @description One webhook endpoint
     */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /**
     * Delete a webhook endpoint
     * @description Delete a webhook endpoint and its deliveries log
     */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Update a webhook endpoint
     * @description Change a webhook endpoint's URL or events, or disable or enable it
     */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/api/v1/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List an endpoint's deliveries
     * @description An endpoint's deliveries, newest first: status, response code, duration, attempts, next retry
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again
     * @description Send a delivery again: the same event (same id and body) as a new delivery, due now
     */
    post: operations['resendWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event
     * @description Send a signed sample event (type webhook.test) to this endpoint now; answers the delivery as it ended
     */
    post: operations['testWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List plans
     * @description The plan catalogue (Enterprise: contact sales)
     */
    get: operations['listPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/plans/enterprise-inquiry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Contact sales about Enterprise
     * @description Asks sales about Enterprise (emailed to the sales address)
     */
    post: operations['askEnterprise'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/subscription': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the subscription
     * @description The workspace's plan, period, seats, a waiting change and whether a payment is past due
     */
    get: operations['getSubscription'];
    /**
     * Change plan
     * @description Change plan: an upgrade is invoiced (prorated) and charged at once (402 with the card’s reason, or requires_action); a downgrade waits for the period’s end (409 seats_over_limit with seatsToRemove). Idempotency-Key honoured
     */
    put: operations['changeSubscription'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/subscription/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Preview a plan change
     * @description What a plan change would charge, line by line, and when it takes effect
     */
    post: operations['previewSubscriptionChange'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/subscription/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel at the period’s end
     * @description Cancel: Free at the period’s end
     */
    post: operations['cancelSubscription'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/subscription/resume': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Keep the plan
     * @description Keep the plan: drops a cancellation or a waiting downgrade
     */
    post: operations['resumeSubscription'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/subscription/pending-change': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Drop a waiting downgrade
     * @description Drop the downgrade or cancellation waiting for the period’s end (the same as resume)
     */
    delete: operations['dropPendingSubscriptionChange'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credit-packs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List credit packs
     * @description Credit packs (never-expiring credits, one-off invoice)
     */
    get: operations['listCreditPacks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credit-packs/{id}/purchase': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Buy a credit pack
     * @description Buy a credit pack: invoiced and charged to the default card; the credits are granted on payment. Idempotency-Key honoured
     */
    post: operations['buyCreditPack'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List cards
     * @description Saved cards (brand, last four, expiry) and the provider
     */
    get: operations['listPaymentMethods'];
    put?: never;
    /**
     * Add a card
     * @description Add a card: the sandbox form {number, expMonth, expYear, cvc, name?} or Stripe’s {setupIntentId}; 402 with the decline reason
     */
    post: operations['addPaymentMethod'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/setup-intent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start adding a card with Stripe
     * @description Stripe only: a SetupIntent for Elements (409 with the sandbox)
     */
    post: operations['createSetupIntent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/{id}/default': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make a card the default
     * @description Make a card the default
     */
    post: operations['makePaymentMethodDefault'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a card
     * @description Remove a card (not the last one of a paid plan: 409 last_payment_method)
     */
    delete: operations['deletePaymentMethod'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List invoices
     * @description Invoices, newest first
     */
    get: operations['listInvoices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invoices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an invoice
     * @description One invoice with its lines
     */
    get: operations['getInvoice'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invoices/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download an invoice as PDF
     * @description The invoice as a PDF
     */
    get: operations['getInvoicePdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invoices/{id}/pay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pay an open invoice
     * @description Complete a payment after its confirmation step, or charge an open invoice again with the default card
     */
    post: operations['payInvoice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/billing/stripe-webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stripe webhook
     * @description Stripe webhook (signed; each event processed once)
     */
    post: operations['receiveStripeWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description A condition {field, op, value}, or a group {and: [...]} / {or: [...]} of nodes */
    FilterNodeInput:
      | {
          and: components['schemas']['FilterNodeInput'][];
        }
      | {
          or: components['schemas']['FilterNodeInput'][];
        }
      | {
          field: string;
          /** @enum {string} */
          op:
            | 'is'
            | 'isNot'
            | 'contains'
            | 'startsWith'
            | 'isEmpty'
            | 'isNotEmpty'
            | 'gt'
            | 'gte'
            | 'lt'
            | 'lte'
            | 'between'
            | 'anyOf';
          value?: (string | number | boolean) | (string | number | boolean)[] | null;
        };
    /** @description A condition {field, op, value}, or a group {and: [...]} / {or: [...]} of nodes */
    FilterNode:
      | {
          and: components['schemas']['FilterNode'][];
        }
      | {
          or: components['schemas']['FilterNode'][];
        }
      | {
          field: string;
          /** @enum {string} */
          op:
            | 'is'
            | 'isNot'
            | 'contains'
            | 'startsWith'
            | 'isEmpty'
            | 'isNotEmpty'
            | 'gt'
            | 'gte'
            | 'lt'
            | 'lte'
            | 'between'
            | 'anyOf';
          value?: (string | number | boolean) | (string | number | boolean)[] | null;
        };
    /** @description RFC 9457 problem details. `code` is stable and machine-readable; some problems carry more members (`existingId` of a duplicate, `shortfall` of a reveal, `retryAfter`). */
    Problem: {
      type: string;
      title: string;
      status: number;
      detail?: string;
      code: string;
      errors?: {
        path: string;
        message: string;
      }[];
    } & {
      [key: string]: unknown;
    };
  };
  responses: {
    /** @description The request is malformed or a field is invalid (`errors` names each field) */
    BadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description No valid session cookie or API key */
    Unauthorized: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Not enough credits, or every seat of the plan is taken */
    PaymentRequired: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The role may not do this, the route needs a browser session, or a cookie-carrying write came from another site */
    Forbidden: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Not found in this workspace */
    NotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description It conflicts with the current state (a duplicate, or a step already done) */
    Conflict: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The link has expired or was already used */
    Gone: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The upload is too large */
    PayloadTooLarge: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The upload is not of an accepted type */
    UnsupportedMediaType: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description The Idempotency-Key was already used for another request */
    UnprocessableContent: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description Too many requests: wait for the time Retry-After gives */
    TooManyRequests: {
      headers: {
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
  };
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description Requests allowed per window */
    'X-RateLimit-Limit': number;
    /** @description Requests left in the current window */
    'X-RateLimit-Remaining': number;
    /** @description Seconds until the window resets */
    'X-RateLimit-Reset': number;
    /** @description Seconds to wait before trying again */
    'Retry-After': number;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            sentry: {
              dsn: string;
              tunnel: string;
              environment: string;
              release: string;
            } | null;
          };
        };
      };
    };
  };
  register: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          email: string;
          password: string;
          companyName: string;
        };
      };
    };
    responses: {
      /** @description Accepted: running in the background */
      202: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
    };
  };
  confirmRegistration: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: {
              /** Format: uuid */
              id: string;
              name: string;
              email: string;
              totpEnabled: boolean;
            };
            workspace: {
              /** Format: uuid */
              id: string;
              name: string;
            };
            member: {
              /** Format: uuid */
              id: string;
            };
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            permissions: (
              | 'records:read'
              | 'records:write'
              | 'records:delete-any'
              | 'records:export'
              | 'prospects:reveal'
              | 'suppressions:write'
              | 'suppressions:remove'
              | 'settings:manage'
              | 'billing:manage'
              | 'transactions:read-all'
              | 'workspace:own'
            )[];
            workspaces: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member';
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      410: components['responses']['Gone'];
      429: components['responses']['TooManyRequests'];
    };
  };
  logIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
          totpCode?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: {
              /** Format: uuid */
              id: string;
              name: string;
              email: string;
              totpEnabled: boolean;
            };
            workspace: {
              /** Format: uuid */
              id: string;
              name: string;
            };
            member: {
              /** Format: uuid */
              id: string;
            };
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            permissions: (
              | 'records:read'
              | 'records:write'
              | 'records:delete-any'
              | 'records:export'
              | 'prospects:reveal'
              | 'suppressions:write'
              | 'suppressions:remove'
              | 'settings:manage'
              | 'billing:manage'
              | 'transactions:read-all'
              | 'workspace:own'
            )[];
            workspaces: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member';
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
    };
  };
  logOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      403: components['responses']['Forbidden'];
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: {
              /** Format: uuid */
              id: string;
              name: string;
              email: string;
              totpEnabled: boolean;
            };
            workspace: {
              /** Format: uuid */
              id: string;
              name: string;
            };
            member: {
              /** Format: uuid */
              id: string;
            };
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            permissions: (
              | 'records:read'
              | 'records:write'
              | 'records:delete-any'
              | 'records:export'
              | 'prospects:reveal'
              | 'suppressions:write'
              | 'suppressions:remove'
              | 'settings:manage'
              | 'billing:manage'
              | 'transactions:read-all'
              | 'workspace:own'
            )[];
            workspaces: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member';
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  requestPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
        };
      };
    };
    responses: {
      /** @description Accepted: running in the background */
      202: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
    };
  };
  checkPasswordResetLink: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            valid: boolean;
          };
        };
      };
      400: components['responses']['BadRequest'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
    };
  };
  resetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      403: components['responses']['Forbidden'];
      410: components['responses']['Gone'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getWorkspace: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            website: string | null;
            domain: string | null;
            address: string | null;
            taxId: string | null;
            taxRateBps: number;
            timeZone: string;
            defaultPhoneRegion: string;
            restrictInvitesToDomain: boolean;
            logoUrl: string | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  deleteWorkspace: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          password: string;
          confirmName: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            accountKept: boolean;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
    };
  };
  updateWorkspace: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          website?: string | null;
          domain?: string | null;
          address?: string | null;
          taxId?: string | null;
          taxRateBps?: number;
          timeZone?: string;
          defaultPhoneRegion?: string;
          restrictInvitesToDomain?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            website: string | null;
            domain: string | null;
            address: string | null;
            taxId: string | null;
            taxRateBps: number;
            timeZone: string;
            defaultPhoneRegion: string;
            restrictInvitesToDomain: boolean;
            logoUrl: string | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getWorkspaceLogo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/*': string;
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  uploadWorkspaceLogo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            website: string | null;
            domain: string | null;
            address: string | null;
            taxId: string | null;
            taxRateBps: number;
            timeZone: string;
            defaultPhoneRegion: string;
            restrictInvitesToDomain: boolean;
            logoUrl: string | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
    };
  };
  deleteWorkspaceLogo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            website: string | null;
            domain: string | null;
            address: string | null;
            taxId: string | null;
            taxRateBps: number;
            timeZone: string;
            defaultPhoneRegion: string;
            restrictInvitesToDomain: boolean;
            logoUrl: string | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            pendingEmail: string | null;
            jobTitle: string | null;
            phone: string | null;
            timeZone: string | null;
            totpEnabled: boolean;
            recoveryCodesRemaining: number;
          };
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  updateProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          jobTitle?: string | null;
          phone?: string | null;
          timeZone?: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            pendingEmail: string | null;
            jobTitle: string | null;
            phone: string | null;
            timeZone: string | null;
            totpEnabled: boolean;
            recoveryCodesRemaining: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  changeEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          newEmail: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Accepted: running in the background */
      202: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
    };
  };
  confirmEmailChange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      410: components['responses']['Gone'];
      429: components['responses']['TooManyRequests'];
    };
  };
  changePassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          currentPassword: string;
          newPassword: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      429: components['responses']['TooManyRequests'];
    };
  };
  setUpTotp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            secret: string;
            otpauthUrl: string;
            qrDataUrl: string;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  enableTotp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            recoveryCodes: string[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
    };
  };
  disableTotp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          password: string;
          code: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
    };
  };
  replaceRecoveryCodes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          password: string;
          code: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            recoveryCodes: string[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              browser: string;
              os: string;
              /** @enum {string} */
              device: 'desktop' | 'mobile' | 'tablet' | 'api' | 'unknown';
              ip: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              lastSeenAt: string;
              current: boolean;
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  revokeSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  revokeOtherSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            revoked: number;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listApiKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              prefix: string;
              lastUsedAt: string | null;
              /** Format: date-time */
              createdAt: string;
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            prefix: string;
            lastUsedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            key: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  switchWorkspace: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          workspaceId: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: {
              /** Format: uuid */
              id: string;
              name: string;
              email: string;
              totpEnabled: boolean;
            };
            workspace: {
              /** Format: uuid */
              id: string;
              name: string;
            };
            member: {
              /** Format: uuid */
              id: string;
            };
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            permissions: (
              | 'records:read'
              | 'records:write'
              | 'records:delete-any'
              | 'records:export'
              | 'prospects:reveal'
              | 'suppressions:write'
              | 'suppressions:remove'
              | 'settings:manage'
              | 'billing:manage'
              | 'transactions:read-all'
              | 'workspace:own'
            )[];
            workspaces: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member';
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listMembers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              userId: string;
              name: string;
              email: string;
              jobTitle: string | null;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member';
              /** @enum {string} */
              status: 'active' | 'deactivated';
              lastActiveAt: string | null;
              /** Format: date-time */
              createdAt: string;
              creditsUsedThisPeriod: number;
              isYou: boolean;
            }[];
            nextCursor: string | null;
            seats: {
              limit: number;
              used: number;
              activeMembers: number;
              pendingInvitations: number;
            };
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listMemberDirectory: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              status: 'active' | 'deactivated';
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            userId: string;
            name: string;
            email: string;
            jobTitle: string | null;
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            /** @enum {string} */
            status: 'active' | 'deactivated';
            lastActiveAt: string | null;
            /** Format: date-time */
            createdAt: string;
            creditsUsedThisPeriod: number;
            isYou: boolean;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          role?: 'owner' | 'admin' | 'member';
          /** @enum {string} */
          status?: 'active' | 'deactivated';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            userId: string;
            name: string;
            email: string;
            jobTitle: string | null;
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            /** @enum {string} */
            status: 'active' | 'deactivated';
            lastActiveAt: string | null;
            /** Format: date-time */
            createdAt: string;
            creditsUsedThisPeriod: number;
            isYou: boolean;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  transferOwnership: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          password: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            userId: string;
            name: string;
            email: string;
            jobTitle: string | null;
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            /** @enum {string} */
            status: 'active' | 'deactivated';
            lastActiveAt: string | null;
            /** Format: date-time */
            createdAt: string;
            creditsUsedThisPeriod: number;
            isYou: boolean;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
    };
  };
  reassignMemberRecords: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          toMemberId: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            contacts: number;
            companies: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  listInvitations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              email: string;
              /** @enum {string} */
              role: 'admin' | 'member';
              /** @enum {string} */
              state: 'pending' | 'expired' | 'revoked' | 'accepted';
              invitedBy: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              /** Format: date-time */
              expiresAt: string;
              /** Format: date-time */
              lastSentAt: string;
              /** Format: date-time */
              createdAt: string;
            }[];
            nextCursor: string | null;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  createInvitations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email?: string;
          emails?: string[];
          /** @enum {string} */
          role: 'admin' | 'member';
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              email: string;
              /** @enum {string} */
              role: 'admin' | 'member';
              /** @enum {string} */
              state: 'pending' | 'expired' | 'revoked' | 'accepted';
              invitedBy: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              /** Format: date-time */
              expiresAt: string;
              /** Format: date-time */
              lastSentAt: string;
              /** Format: date-time */
              createdAt: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  resendInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            email: string;
            /** @enum {string} */
            role: 'admin' | 'member';
            /** @enum {string} */
            state: 'pending' | 'expired' | 'revoked' | 'accepted';
            invitedBy: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** Format: date-time */
            expiresAt: string;
            /** Format: date-time */
            lastSentAt: string;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
    };
  };
  previewInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token of the emailed invitation link (not the invitation's id) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            state: 'pending' | 'expired' | 'revoked' | 'accepted';
            email: string;
            /** @enum {string} */
            role: 'admin' | 'member';
            workspaceName: string;
            inviterName: string | null;
            /** Format: date-time */
            expiresAt: string;
            accountExists: boolean;
            signedInAs: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      404: components['responses']['NotFound'];
      410: components['responses']['Gone'];
      429: components['responses']['TooManyRequests'];
    };
  };
  revokeInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  acceptInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token of the emailed invitation link (not the invitation's id) */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          password?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: {
              /** Format: uuid */
              id: string;
              name: string;
              email: string;
              totpEnabled: boolean;
            };
            workspace: {
              /** Format: uuid */
              id: string;
              name: string;
            };
            member: {
              /** Format: uuid */
              id: string;
            };
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            permissions: (
              | 'records:read'
              | 'records:write'
              | 'records:delete-any'
              | 'records:export'
              | 'prospects:reveal'
              | 'suppressions:write'
              | 'suppressions:remove'
              | 'settings:manage'
              | 'billing:manage'
              | 'transactions:read-all'
              | 'workspace:own'
            )[];
            workspaces: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member';
            }[];
          };
        };
      };
      /** @description Created */
      201: {
        headers: {
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: {
              /** Format: uuid */
              id: string;
              name: string;
              email: string;
              totpEnabled: boolean;
            };
            workspace: {
              /** Format: uuid */
              id: string;
              name: string;
            };
            member: {
              /** Format: uuid */
              id: string;
            };
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            permissions: (
              | 'records:read'
              | 'records:write'
              | 'records:delete-any'
              | 'records:export'
              | 'prospects:reveal'
              | 'suppressions:write'
              | 'suppressions:remove'
              | 'settings:manage'
              | 'billing:manage'
              | 'transactions:read-all'
              | 'workspace:own'
            )[];
            workspaces: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member';
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      410: components['responses']['Gone'];
      429: components['responses']['TooManyRequests'];
    };
  };
  listSuppressions: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        q?: string;
        kind?: 'email' | 'domain' | 'hash';
        reason?: 'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
        count?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              kind: 'email' | 'domain' | 'hash';
              value: string;
              /** @enum {string} */
              reason:
                'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
              note: string | null;
              addedBy: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              /** Format: date-time */
              createdAt: string;
            }[];
            nextCursor: string | null;
            total?: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  addSuppressions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              entries: {
                value: string;
                /** @enum {string} */
                kind?: 'email' | 'domain' | 'hash';
                /** @enum {string} */
                reason?:
                  'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
                note?: string;
              }[];
              /** @enum {string} */
              reason?:
                'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
              note?: string;
            }
          | {
              text: string;
              /** @enum {string} */
              reason?:
                'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
              note?: string;
            };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            added: number;
            duplicates: number;
            invalid: {
              line: number;
              value: string;
              message: string;
            }[];
            invalidCount: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  deleteSuppressions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          ids: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            removed: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  uploadSuppressions: {
    parameters: {
      query?: {
        reason?: 'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
        note?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            added: number;
            duplicates: number;
            invalid: {
              line: number;
              value: string;
              message: string;
            }[];
            invalidCount: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
    };
  };
  exportSuppressions: {
    parameters: {
      query?: {
        q?: string;
        kind?: 'email' | 'domain' | 'hash';
        reason?: 'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  checkSuppressions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          emails: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            results: {
              email: string;
              suppressed: boolean;
              match: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                kind: 'email' | 'domain' | 'hash';
                value: string;
                /** @enum {string} */
                reason:
                  'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
              } | null;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getSuppression: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: 'email' | 'domain' | 'hash';
            value: string;
            /** @enum {string} */
            reason: 'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
            note: string | null;
            addedBy: {
              /** Format: uuid */
              id: string;
              name: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  deleteSuppression: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listAuditLog: {
    parameters: {
      query?: {
        memberId?: string;
        action?:
          | 'auth.sign_in'
          | 'auth.sign_in_failed'
          | 'auth.sessions_revoked'
          | 'account.2fa_enabled'
          | 'account.2fa_disabled'
          | 'member.role_changed'
          | 'member.deactivated'
          | 'invitation.sent'
          | 'invitation.accepted'
          | 'invitation.revoked'
          | 'api_key.created'
          | 'api_key.revoked'
          | 'api_key.used'
          | 'export.downloaded'
          | 'prospects.revealed'
          | 'prospects.reveal_cancelled'
          | 'import.started'
          | 'import.undone'
          | 'records.bulk_deleted'
          | 'privacy.erasure'
          | 'privacy.workspace_export'
          | 'privacy.retention_changed'
          | 'billing.plan_changed'
          | 'billing.seats_changed'
          | 'billing.subscription_canceled'
          | 'billing.subscription_resumed'
          | 'billing.credits_purchased'
          | 'billing.payment_method_updated'
          | 'suppression.removed';
        from?: string;
        to?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** Format: date-time */
              createdAt: string;
              action: string;
              actor: {
                /** @enum {string} */
                type: 'member' | 'api_key' | 'system';
                memberId: string | null;
                apiKeyId: string | null;
                label: string | null;
              };
              ip: string | null;
              userAgent: string | null;
              target: {
                type: string;
                id: string | null;
                label: string | null;
              } | null;
              details: {
                [key: string]: unknown;
              };
            }[];
            nextCursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  exportAuditLog: {
    parameters: {
      query?: {
        memberId?: string;
        action?:
          | 'auth.sign_in'
          | 'auth.sign_in_failed'
          | 'auth.sessions_revoked'
          | 'account.2fa_enabled'
          | 'account.2fa_disabled'
          | 'member.role_changed'
          | 'member.deactivated'
          | 'invitation.sent'
          | 'invitation.accepted'
          | 'invitation.revoked'
          | 'api_key.created'
          | 'api_key.revoked'
          | 'api_key.used'
          | 'export.downloaded'
          | 'prospects.revealed'
          | 'prospects.reveal_cancelled'
          | 'import.started'
          | 'import.undone'
          | 'records.bulk_deleted'
          | 'privacy.erasure'
          | 'privacy.workspace_export'
          | 'privacy.retention_changed'
          | 'billing.plan_changed'
          | 'billing.seats_changed'
          | 'billing.subscription_canceled'
          | 'billing.subscription_resumed'
          | 'billing.credits_purchased'
          | 'billing.payment_method_updated'
          | 'suppression.removed';
        from?: string;
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listCustomFields: {
    parameters: {
      query?: {
        entity?: 'contacts' | 'companies';
        includeArchived?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              key: string;
              label: string;
              /** @enum {string} */
              type:
                | 'text'
                | 'long_text'
                | 'number'
                | 'date'
                | 'checkbox'
                | 'single_select'
                | 'multi_select'
                | 'url'
                | 'email'
                | 'phone';
              options: {
                id: string;
                label: string;
                color: string | null;
              }[];
              required: boolean;
              position: number;
              archived: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  createCustomField: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          entity: 'contacts' | 'companies';
          label: string;
          key?: string;
          /** @enum {string} */
          type:
            | 'text'
            | 'long_text'
            | 'number'
            | 'date'
            | 'checkbox'
            | 'single_select'
            | 'multi_select'
            | 'url'
            | 'email'
            | 'phone';
          options?: {
            label: string;
            color?: string | null;
          }[];
          required?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            key: string;
            label: string;
            /** @enum {string} */
            type:
              | 'text'
              | 'long_text'
              | 'number'
              | 'date'
              | 'checkbox'
              | 'single_select'
              | 'multi_select'
              | 'url'
              | 'email'
              | 'phone';
            options: {
              id: string;
              label: string;
              color: string | null;
            }[];
            required: boolean;
            position: number;
            archived: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  reorderCustomFields: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          entity: 'contacts' | 'companies';
          ids: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              key: string;
              label: string;
              /** @enum {string} */
              type:
                | 'text'
                | 'long_text'
                | 'number'
                | 'date'
                | 'checkbox'
                | 'single_select'
                | 'multi_select'
                | 'url'
                | 'email'
                | 'phone';
              options: {
                id: string;
                label: string;
                color: string | null;
              }[];
              required: boolean;
              position: number;
              archived: boolean;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getCustomField: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            key: string;
            label: string;
            /** @enum {string} */
            type:
              | 'text'
              | 'long_text'
              | 'number'
              | 'date'
              | 'checkbox'
              | 'single_select'
              | 'multi_select'
              | 'url'
              | 'email'
              | 'phone';
            options: {
              id: string;
              label: string;
              color: string | null;
            }[];
            required: boolean;
            position: number;
            archived: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  deleteCustomField: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateCustomField: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          label?: string;
          options?: {
            id?: string;
            label: string;
            color?: string | null;
          }[];
          required?: boolean;
          archived?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            key: string;
            label: string;
            /** @enum {string} */
            type:
              | 'text'
              | 'long_text'
              | 'number'
              | 'date'
              | 'checkbox'
              | 'single_select'
              | 'multi_select'
              | 'url'
              | 'email'
              | 'phone';
            options: {
              id: string;
              label: string;
              color: string | null;
            }[];
            required: boolean;
            position: number;
            archived: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  listCompanies: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        q?: string;
        sort?: string;
        filter?: string;
        count?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "01a20b01-40cf-759b-b7f1-0b9ab9f3d30b",
           *           "name": "Acme Robotics",
           *           "domain": "acme-robotics.example",
           *           "website": "https://acme-robotics.example/",
           *           "industry": "Industrial automation",
           *           "employeeRange": "51-200",
           *           "revenueRange": null,
           *           "phone": null,
           *           "linkedinUrl": null,
           *           "city": "Lyon",
           *           "region": null,
           *           "country": "France",
           *           "description": null,
           *           "foundedYear": null,
           *           "ownerId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *           "ownerName": "Maya Ortiz",
           *           "source": "manual",
           *           "importId": null,
           *           "customFields": {},
           *           "contactCount": 0,
           *           "createdBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *           "updatedBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *           "createdAt": "2026-11-24T00:42:41.227Z",
           *           "updatedAt": "2026-11-24T00:42:41.227Z"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              domain: string | null;
              website: string | null;
              industry: string | null;
              employeeRange:
                ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
              revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
              phone: string | null;
              linkedinUrl: string | null;
              city: string | null;
              region: string | null;
              country: string | null;
              description: string | null;
              foundedYear: number | null;
              ownerId: string | null;
              ownerName: string | null;
              /** @enum {string} */
              source: 'manual' | 'import' | 'prospect' | 'api';
              importId: string | null;
              customFields: {
                [key: string]: string | number | boolean | string[] | null;
              };
              contactCount: number;
              createdBy: string | null;
              updatedBy: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
            nextCursor: string | null;
            total?: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  createCompany: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Acme Robotics",
         *       "website": "https://acme-robotics.example",
         *       "industry": "Industrial automation",
         *       "employeeRange": "51-200",
         *       "city": "Lyon",
         *       "country": "France"
         *     }
         */
        'application/json': {
          name: string;
          domain?: string | null;
          website?: string | null;
          industry?: string | null;
          employeeRange?:
            ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
          revenueRange?: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
          phone?: string | null;
          linkedinUrl?: string | null;
          city?: string | null;
          region?: string | null;
          country?: string | null;
          description?: string | null;
          foundedYear?: number | null;
          ownerId?: string | null;
          customFields?: {
            [key: string]: string | number | boolean | string[] | null;
          };
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a20b01-40cf-759b-b7f1-0b9ab9f3d30b",
           *       "name": "Acme Robotics",
           *       "domain": "acme-robotics.example",
           *       "website": "https://acme-robotics.example/",
           *       "industry": "Industrial automation",
           *       "employeeRange": "51-200",
           *       "revenueRange": null,
           *       "phone": null,
           *       "linkedinUrl": null,
           *       "city": "Lyon",
           *       "region": null,
           *       "country": "France",
           *       "description": null,
           *       "foundedYear": null,
           *       "ownerId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "ownerName": "Maya Ortiz",
           *       "source": "manual",
           *       "importId": null,
           *       "customFields": {},
           *       "contactCount": 0,
           *       "createdBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "updatedBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "createdAt": "2026-11-24T00:42:41.227Z",
           *       "updatedAt": "2026-11-24T00:42:41.227Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            domain: string | null;
            website: string | null;
            industry: string | null;
            employeeRange:
              ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
            revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
            phone: string | null;
            linkedinUrl: string | null;
            city: string | null;
            region: string | null;
            country: string | null;
            description: string | null;
            foundedYear: number | null;
            ownerId: string | null;
            ownerName: string | null;
            /** @enum {string} */
            source: 'manual' | 'import' | 'prospect' | 'api';
            importId: string | null;
            customFields: {
              [key: string]: string | number | boolean | string[] | null;
            };
            contactCount: number;
            createdBy: string | null;
            updatedBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  countCompanies: {
    parameters: {
      query?: {
        q?: string;
        filter?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            total: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listCompanyFields: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              field: string;
              label: string;
              /** @enum {string} */
              kind: 'text' | 'enum' | 'ref' | 'number' | 'date' | 'datetime' | 'boolean' | 'select' | 'multiselect';
              sortable: boolean;
              filterable: boolean;
              options?: {
                value: string;
                label: string;
              }[];
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  exportCompanies: {
    parameters: {
      query?: {
        q?: string;
        sort?: string;
        filter?: string;
        columns?: string;
        ids?: string;
        tz?: string;
        includeSuppressed?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  mergeCompanies: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          keepId: string;
          /** Format: uuid */
          mergeId: string;
          values?: {
            [key: string]: 'keep' | 'merge';
          };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            domain: string | null;
            website: string | null;
            industry: string | null;
            employeeRange:
              ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
            revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
            phone: string | null;
            linkedinUrl: string | null;
            city: string | null;
            region: string | null;
            country: string | null;
            description: string | null;
            foundedYear: number | null;
            ownerId: string | null;
            ownerName: string | null;
            /** @enum {string} */
            source: 'manual' | 'import' | 'prospect' | 'api';
            importId: string | null;
            customFields: {
              [key: string]: string | number | boolean | string[] | null;
            };
            contactCount: number;
            createdBy: string | null;
            updatedBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  assignCompaniesOwner: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          selection:
            | {
                ids: string[];
              }
            | {
                matching: {
                  q?: string;
                  filter?: components['schemas']['FilterNodeInput'] | null;
                  /** Format: uuid */
                  listId?: string;
                };
              };
          ownerId: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            affected: number;
            skipped: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  deleteCompanies: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          selection:
            | {
                ids: string[];
              }
            | {
                matching: {
                  q?: string;
                  filter?: components['schemas']['FilterNodeInput'] | null;
                  /** Format: uuid */
                  listId?: string;
                };
              };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            affected: number;
            skipped: number;
          };
        };
      };
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            job: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              /** @enum {string} */
              kind: 'update' | 'delete';
              /** @enum {string} */
              status: 'queued' | 'running' | 'completed' | 'failed';
              field: string | null;
              total: number | null;
              done: number;
              affected: number;
              skipped: number;
              editId: string | null;
              error: string | null;
              /** Format: date-time */
              createdAt: string;
              finishedAt: string | null;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listCompanyFieldValues: {
    parameters: {
      query: {
        field: string;
        q?: string;
        filter?: string;
        search?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            field: string;
            data: {
              value: string;
              label: string;
              count: number;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  bulkUpdateCompanies: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          selection:
            | {
                ids: string[];
              }
            | {
                matching: {
                  q?: string;
                  filter?: components['schemas']['FilterNodeInput'] | null;
                  /** Format: uuid */
                  listId?: string;
                };
              };
          field: string;
          value: string | number | boolean | string[] | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            editId: string;
            affected: number;
          };
        };
      };
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            job: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              /** @enum {string} */
              kind: 'update' | 'delete';
              /** @enum {string} */
              status: 'queued' | 'running' | 'completed' | 'failed';
              field: string | null;
              total: number | null;
              done: number;
              affected: number;
              skipped: number;
              editId: string | null;
              error: string | null;
              /** Format: date-time */
              createdAt: string;
              finishedAt: string | null;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getCompanyBulkJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            /** @enum {string} */
            kind: 'update' | 'delete';
            /** @enum {string} */
            status: 'queued' | 'running' | 'completed' | 'failed';
            field: string | null;
            total: number | null;
            done: number;
            affected: number;
            skipped: number;
            editId: string | null;
            error: string | null;
            /** Format: date-time */
            createdAt: string;
            finishedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  undoBulkUpdateCompanies: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        editId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            restored: number;
            notRestored: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  getCompany: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a20b01-40cf-759b-b7f1-0b9ab9f3d30b",
           *       "name": "Acme Robotics",
           *       "domain": "acme-robotics.example",
           *       "website": "https://acme-robotics.example/",
           *       "industry": "Industrial automation",
           *       "employeeRange": "51-200",
           *       "revenueRange": null,
           *       "phone": null,
           *       "linkedinUrl": null,
           *       "city": "Lyon",
           *       "region": null,
           *       "country": "France",
           *       "description": null,
           *       "foundedYear": null,
           *       "ownerId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "ownerName": "Maya Ortiz",
           *       "source": "manual",
           *       "importId": null,
           *       "customFields": {},
           *       "contactCount": 0,
           *       "createdBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "updatedBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "createdAt": "2026-11-24T00:42:41.227Z",
           *       "updatedAt": "2026-11-24T00:42:41.227Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            domain: string | null;
            website: string | null;
            industry: string | null;
            employeeRange:
              ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
            revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
            phone: string | null;
            linkedinUrl: string | null;
            city: string | null;
            region: string | null;
            country: string | null;
            description: string | null;
            foundedYear: number | null;
            ownerId: string | null;
            ownerName: string | null;
            /** @enum {string} */
            source: 'manual' | 'import' | 'prospect' | 'api';
            importId: string | null;
            customFields: {
              [key: string]: string | number | boolean | string[] | null;
            };
            contactCount: number;
            createdBy: string | null;
            updatedBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  deleteCompany: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateCompany: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          domain?: string | null;
          website?: string | null;
          industry?: string | null;
          employeeRange?:
            ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
          revenueRange?: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
          phone?: string | null;
          linkedinUrl?: string | null;
          city?: string | null;
          region?: string | null;
          country?: string | null;
          description?: string | null;
          foundedYear?: number | null;
          ownerId?: string | null;
          customFields?: {
            [key: string]: string | number | boolean | string[] | null;
          };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            domain: string | null;
            website: string | null;
            industry: string | null;
            employeeRange:
              ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
            revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
            phone: string | null;
            linkedinUrl: string | null;
            city: string | null;
            region: string | null;
            country: string | null;
            description: string | null;
            foundedYear: number | null;
            ownerId: string | null;
            ownerName: string | null;
            /** @enum {string} */
            source: 'manual' | 'import' | 'prospect' | 'api';
            importId: string | null;
            customFields: {
              [key: string]: string | number | boolean | string[] | null;
            };
            contactCount: number;
            createdBy: string | null;
            updatedBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  listContactDuplicates: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              reasons: ('same_linkedin' | 'same_phone' | 'same_name_and_company')[];
              score: number;
              keep: {
                /** Format: uuid */
                id: string;
                firstName: string | null;
                lastName: string | null;
                email: string | null;
                workPhone: string | null;
                mobilePhone: string | null;
                otherPhone: string | null;
                jobTitle: string | null;
                companyId: string | null;
                companyName: string | null;
                linkedinUrl: string | null;
                ownerId: string | null;
                filled: number;
                /** Format: date-time */
                createdAt: string;
              };
              merge: {
                /** Format: uuid */
                id: string;
                firstName: string | null;
                lastName: string | null;
                email: string | null;
                workPhone: string | null;
                mobilePhone: string | null;
                otherPhone: string | null;
                jobTitle: string | null;
                companyId: string | null;
                companyName: string | null;
                linkedinUrl: string | null;
                ownerId: string | null;
                filled: number;
                /** Format: date-time */
                createdAt: string;
              };
            }[];
            nextCursor: string | null;
            total: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  mergeContactDuplicates: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          pairs: {
            /** Format: uuid */
            keepId: string;
            /** Format: uuid */
            mergeId: string;
          }[];
          dryRun?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string | null;
            dryRun: boolean;
            merged: number;
            skipped: number;
            items: {
              /** Format: uuid */
              mergeId: string;
              before: {
                /** Format: uuid */
                id: string;
                firstName: string | null;
                lastName: string | null;
                email: string | null;
                workPhone: string | null;
                mobilePhone: string | null;
                otherPhone: string | null;
                jobTitle: string | null;
                companyId: string | null;
                companyName: string | null;
                linkedinUrl: string | null;
                ownerId: string | null;
                filled: number;
                /** Format: date-time */
                createdAt: string;
              };
              after: {
                /** Format: uuid */
                id: string;
                firstName: string | null;
                lastName: string | null;
                email: string | null;
                workPhone: string | null;
                mobilePhone: string | null;
                otherPhone: string | null;
                jobTitle: string | null;
                companyId: string | null;
                companyName: string | null;
                linkedinUrl: string | null;
                ownerId: string | null;
                filled: number;
                /** Format: date-time */
                createdAt: string;
              };
            }[];
            skippedPairs: {
              /** Format: uuid */
              keepId: string;
              /** Format: uuid */
              mergeId: string;
              reason: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  dismissContactDuplicate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          contactIds: string[];
        };
      };
    };
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listContactDuplicateMerges: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              merged: number;
              skipped: number;
              memberId: string | null;
              /** Format: date-time */
              createdAt: string;
              undoneAt: string | null;
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  undoContactDuplicateMerge: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            restored: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  listContacts: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        q?: string;
        sort?: string;
        filter?: string;
        count?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "01a20b01-40df-7052-97b0-b210763bc45c",
           *           "firstName": "Ada",
           *           "lastName": "Moreau",
           *           "email": "ada.moreau@acme-robotics.example",
           *           "emailStatus": "valid",
           *           "emailStatusReason": null,
           *           "emailCheckedAt": "2026-03-02T09:15:00.000Z",
           *           "workPhone": null,
           *           "mobilePhone": null,
           *           "otherPhone": null,
           *           "additionalEmails": [
           *             {
           *               "value": "ada@moreau-home.example",
           *               "type": "personal"
           *             }
           *           ],
           *           "additionalPhones": [],
           *           "jobTitle": "Head of Sales",
           *           "seniority": "head",
           *           "department": null,
           *           "companyId": "01a20b01-40cf-759b-b7f1-0b9ab9f3d30b",
           *           "companyName": "Acme Robotics",
           *           "linkedinUrl": null,
           *           "city": "Lyon",
           *           "region": null,
           *           "country": "France",
           *           "ownerId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *           "ownerName": "Maya Ortiz",
           *           "source": "manual",
           *           "importId": null,
           *           "suppressed": false,
           *           "suppressedBy": null,
           *           "customFields": {},
           *           "createdBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *           "updatedBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *           "createdAt": "2026-11-24T00:42:41.243Z",
           *           "updatedAt": "2026-11-24T00:42:41.243Z"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              firstName: string | null;
              lastName: string | null;
              email: string | null;
              /** @enum {string} */
              emailStatus: 'valid' | 'risky' | 'invalid' | 'unknown' | 'unverified';
              emailStatusReason:
                | (
                    | 'syntax'
                    | 'no_domain'
                    | 'no_mx'
                    | 'null_mx'
                    | 'disposable'
                    | 'role'
                    | 'webmail'
                    | 'mailbox_not_found'
                    | 'mailbox_full'
                    | 'accept_all'
                    | 'greylisted'
                    | 'timeout'
                    | 'blocked'
                  )
                | null;
              emailCheckedAt: string | null;
              additionalEmails: {
                value: string;
                /** @enum {string} */
                type: 'work' | 'personal' | 'other';
              }[];
              additionalPhones: {
                value: string;
                /** @enum {string} */
                type: 'work' | 'personal' | 'other';
              }[];
              workPhone: string | null;
              mobilePhone: string | null;
              otherPhone: string | null;
              jobTitle: string | null;
              seniority:
                | (
                    | 'owner'
                    | 'founder'
                    | 'c_suite'
                    | 'partner'
                    | 'vp'
                    | 'head'
                    | 'director'
                    | 'manager'
                    | 'senior'
                    | 'entry'
                    | 'intern'
                  )
                | null;
              department: string | null;
              companyId: string | null;
              companyName: string | null;
              linkedinUrl: string | null;
              city: string | null;
              region: string | null;
              country: string | null;
              ownerId: string | null;
              ownerName: string | null;
              /** @enum {string} */
              source: 'manual' | 'import' | 'prospect' | 'api';
              importId: string | null;
              suppressed: boolean;
              suppressedBy: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                kind: 'email' | 'domain' | 'hash';
                value: string;
                /** @enum {string} */
                reason:
                  'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
              } | null;
              customFields: {
                [key: string]: string | number | boolean | string[] | null;
              };
              createdBy: string | null;
              updatedBy: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
            nextCursor: string | null;
            total?: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  createContact: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "firstName": "Ada",
         *       "lastName": "Moreau",
         *       "email": "ada.moreau@acme-robotics.example",
         *       "jobTitle": "Head of Sales",
         *       "seniority": "head",
         *       "city": "Lyon",
         *       "country": "France"
         *     }
         */
        'application/json': {
          firstName?: string | null;
          lastName?: string | null;
          email?: string | null;
          /** @enum {string} */
          emailStatus?: 'valid' | 'risky' | 'invalid' | 'unknown' | 'unverified';
          additionalEmails?: {
            value: string;
            /**
             * @default other
             * @enum {string}
             */
            type?: 'work' | 'personal' | 'other';
          }[];
          additionalPhones?: {
            value: string;
            /**
             * @default other
             * @enum {string}
             */
            type?: 'work' | 'personal' | 'other';
          }[];
          workPhone?: string | null;
          mobilePhone?: string | null;
          otherPhone?: string | null;
          jobTitle?: string | null;
          seniority?:
            | (
                | 'owner'
                | 'founder'
                | 'c_suite'
                | 'partner'
                | 'vp'
                | 'head'
                | 'director'
                | 'manager'
                | 'senior'
                | 'entry'
                | 'intern'
              )
            | null;
          department?: string | null;
          companyId?: string | null;
          linkedinUrl?: string | null;
          city?: string | null;
          region?: string | null;
          country?: string | null;
          ownerId?: string | null;
          customFields?: {
            [key: string]: string | number | boolean | string[] | null;
          };
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a20b01-40df-7052-97b0-b210763bc45c",
           *       "firstName": "Ada",
           *       "lastName": "Moreau",
           *       "email": "ada.moreau@acme-robotics.example",
           *       "emailStatus": "valid",
           *       "emailStatusReason": null,
           *       "emailCheckedAt": "2026-03-02T09:15:00.000Z",
           *       "workPhone": null,
           *       "mobilePhone": null,
           *       "otherPhone": null,
           *       "additionalEmails": [
           *         {
           *           "value": "ada@moreau-home.example",
           *           "type": "personal"
           *         }
           *       ],
           *       "additionalPhones": [],
           *       "jobTitle": "Head of Sales",
           *       "seniority": "head",
           *       "department": null,
           *       "companyId": "01a20b01-40cf-759b-b7f1-0b9ab9f3d30b",
           *       "companyName": "Acme Robotics",
           *       "linkedinUrl": null,
           *       "city": "Lyon",
           *       "region": null,
           *       "country": "France",
           *       "ownerId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "ownerName": "Maya Ortiz",
           *       "source": "manual",
           *       "importId": null,
           *       "suppressed": false,
           *       "suppressedBy": null,
           *       "customFields": {},
           *       "createdBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "updatedBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "createdAt": "2026-11-24T00:42:41.243Z",
           *       "updatedAt": "2026-11-24T00:42:41.243Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            firstName: string | null;
            lastName: string | null;
            email: string | null;
            /** @enum {string} */
            emailStatus: 'valid' | 'risky' | 'invalid' | 'unknown' | 'unverified';
            emailStatusReason:
              | (
                  | 'syntax'
                  | 'no_domain'
                  | 'no_mx'
                  | 'null_mx'
                  | 'disposable'
                  | 'role'
                  | 'webmail'
                  | 'mailbox_not_found'
                  | 'mailbox_full'
                  | 'accept_all'
                  | 'greylisted'
                  | 'timeout'
                  | 'blocked'
                )
              | null;
            emailCheckedAt: string | null;
            additionalEmails: {
              value: string;
              /** @enum {string} */
              type: 'work' | 'personal' | 'other';
            }[];
            additionalPhones: {
              value: string;
              /** @enum {string} */
              type: 'work' | 'personal' | 'other';
            }[];
            workPhone: string | null;
            mobilePhone: string | null;
            otherPhone: string | null;
            jobTitle: string | null;
            seniority:
              | (
                  | 'owner'
                  | 'founder'
                  | 'c_suite'
                  | 'partner'
                  | 'vp'
                  | 'head'
                  | 'director'
                  | 'manager'
                  | 'senior'
                  | 'entry'
                  | 'intern'
                )
              | null;
            department: string | null;
            companyId: string | null;
            companyName: string | null;
            linkedinUrl: string | null;
            city: string | null;
            region: string | null;
            country: string | null;
            ownerId: string | null;
            ownerName: string | null;
            /** @enum {string} */
            source: 'manual' | 'import' | 'prospect' | 'api';
            importId: string | null;
            suppressed: boolean;
            suppressedBy: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              kind: 'email' | 'domain' | 'hash';
              value: string;
              /** @enum {string} */
              reason:
                'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
            } | null;
            customFields: {
              [key: string]: string | number | boolean | string[] | null;
            };
            createdBy: string | null;
            updatedBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  countContacts: {
    parameters: {
      query?: {
        q?: string;
        filter?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            total: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listContactFields: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              field: string;
              label: string;
              /** @enum {string} */
              kind: 'text' | 'enum' | 'ref' | 'number' | 'date' | 'datetime' | 'boolean' | 'select' | 'multiselect';
              sortable: boolean;
              filterable: boolean;
              options?: {
                value: string;
                label: string;
              }[];
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  exportContacts: {
    parameters: {
      query?: {
        q?: string;
        sort?: string;
        filter?: string;
        columns?: string;
        ids?: string;
        tz?: string;
        includeSuppressed?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  mergeContacts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          keepId: string;
          /** Format: uuid */
          mergeId: string;
          values?: {
            [key: string]: 'keep' | 'merge';
          };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            firstName: string | null;
            lastName: string | null;
            email: string | null;
            /** @enum {string} */
            emailStatus: 'valid' | 'risky' | 'invalid' | 'unknown' | 'unverified';
            emailStatusReason:
              | (
                  | 'syntax'
                  | 'no_domain'
                  | 'no_mx'
                  | 'null_mx'
                  | 'disposable'
                  | 'role'
                  | 'webmail'
                  | 'mailbox_not_found'
                  | 'mailbox_full'
                  | 'accept_all'
                  | 'greylisted'
                  | 'timeout'
                  | 'blocked'
                )
              | null;
            emailCheckedAt: string | null;
            additionalEmails: {
              value: string;
              /** @enum {string} */
              type: 'work' | 'personal' | 'other';
            }[];
            additionalPhones: {
              value: string;
              /** @enum {string} */
              type: 'work' | 'personal' | 'other';
            }[];
            workPhone: string | null;
            mobilePhone: string | null;
            otherPhone: string | null;
            jobTitle: string | null;
            seniority:
              | (
                  | 'owner'
                  | 'founder'
                  | 'c_suite'
                  | 'partner'
                  | 'vp'
                  | 'head'
                  | 'director'
                  | 'manager'
                  | 'senior'
                  | 'entry'
                  | 'intern'
                )
              | null;
            department: string | null;
            companyId: string | null;
            companyName: string | null;
            linkedinUrl: string | null;
            city: string | null;
            region: string | null;
            country: string | null;
            ownerId: string | null;
            ownerName: string | null;
            /** @enum {string} */
            source: 'manual' | 'import' | 'prospect' | 'api';
            importId: string | null;
            suppressed: boolean;
            suppressedBy: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              kind: 'email' | 'domain' | 'hash';
              value: string;
              /** @enum {string} */
              reason:
                'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
            } | null;
            customFields: {
              [key: string]: string | number | boolean | string[] | null;
            };
            createdBy: string | null;
            updatedBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  assignContactsOwner: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          selection:
            | {
                ids: string[];
              }
            | {
                matching: {
                  q?: string;
                  filter?: components['schemas']['FilterNodeInput'] | null;
                  /** Format: uuid */
                  listId?: string;
                };
              };
          ownerId: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            affected: number;
            skipped: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  deleteContacts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          selection:
            | {
                ids: string[];
              }
            | {
                matching: {
                  q?: string;
                  filter?: components['schemas']['FilterNodeInput'] | null;
                  /** Format: uuid */
                  listId?: string;
                };
              };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            affected: number;
            skipped: number;
          };
        };
      };
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            job: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              /** @enum {string} */
              kind: 'update' | 'delete';
              /** @enum {string} */
              status: 'queued' | 'running' | 'completed' | 'failed';
              field: string | null;
              total: number | null;
              done: number;
              affected: number;
              skipped: number;
              editId: string | null;
              error: string | null;
              /** Format: date-time */
              createdAt: string;
              finishedAt: string | null;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listContactFieldValues: {
    parameters: {
      query: {
        field: string;
        q?: string;
        filter?: string;
        search?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            field: string;
            data: {
              value: string;
              label: string;
              count: number;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  bulkUpdateContacts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          selection:
            | {
                ids: string[];
              }
            | {
                matching: {
                  q?: string;
                  filter?: components['schemas']['FilterNodeInput'] | null;
                  /** Format: uuid */
                  listId?: string;
                };
              };
          field: string;
          value: string | number | boolean | string[] | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            editId: string;
            affected: number;
          };
        };
      };
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            job: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              /** @enum {string} */
              kind: 'update' | 'delete';
              /** @enum {string} */
              status: 'queued' | 'running' | 'completed' | 'failed';
              field: string | null;
              total: number | null;
              done: number;
              affected: number;
              skipped: number;
              editId: string | null;
              error: string | null;
              /** Format: date-time */
              createdAt: string;
              finishedAt: string | null;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getContactBulkJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            /** @enum {string} */
            kind: 'update' | 'delete';
            /** @enum {string} */
            status: 'queued' | 'running' | 'completed' | 'failed';
            field: string | null;
            total: number | null;
            done: number;
            affected: number;
            skipped: number;
            editId: string | null;
            error: string | null;
            /** Format: date-time */
            createdAt: string;
            finishedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  undoBulkUpdateContacts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        editId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            restored: number;
            notRestored: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  getContact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a20b01-40df-7052-97b0-b210763bc45c",
           *       "firstName": "Ada",
           *       "lastName": "Moreau",
           *       "email": "ada.moreau@acme-robotics.example",
           *       "emailStatus": "valid",
           *       "emailStatusReason": null,
           *       "emailCheckedAt": "2026-03-02T09:15:00.000Z",
           *       "workPhone": null,
           *       "mobilePhone": null,
           *       "otherPhone": null,
           *       "additionalEmails": [
           *         {
           *           "value": "ada@moreau-home.example",
           *           "type": "personal"
           *         }
           *       ],
           *       "additionalPhones": [],
           *       "jobTitle": "Head of Sales",
           *       "seniority": "head",
           *       "department": null,
           *       "companyId": "01a20b01-40cf-759b-b7f1-0b9ab9f3d30b",
           *       "companyName": "Acme Robotics",
           *       "linkedinUrl": null,
           *       "city": "Lyon",
           *       "region": null,
           *       "country": "France",
           *       "ownerId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "ownerName": "Maya Ortiz",
           *       "source": "manual",
           *       "importId": null,
           *       "suppressed": false,
           *       "suppressedBy": null,
           *       "customFields": {},
           *       "createdBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "updatedBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "createdAt": "2026-11-24T00:42:41.243Z",
           *       "updatedAt": "2026-11-24T00:42:41.243Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            firstName: string | null;
            lastName: string | null;
            email: string | null;
            /** @enum {string} */
            emailStatus: 'valid' | 'risky' | 'invalid' | 'unknown' | 'unverified';
            emailStatusReason:
              | (
                  | 'syntax'
                  | 'no_domain'
                  | 'no_mx'
                  | 'null_mx'
                  | 'disposable'
                  | 'role'
                  | 'webmail'
                  | 'mailbox_not_found'
                  | 'mailbox_full'
                  | 'accept_all'
                  | 'greylisted'
                  | 'timeout'
                  | 'blocked'
                )
              | null;
            emailCheckedAt: string | null;
            additionalEmails: {
              value: string;
              /** @enum {string} */
              type: 'work' | 'personal' | 'other';
            }[];
            additionalPhones: {
              value: string;
              /** @enum {string} */
              type: 'work' | 'personal' | 'other';
            }[];
            workPhone: string | null;
            mobilePhone: string | null;
            otherPhone: string | null;
            jobTitle: string | null;
            seniority:
              | (
                  | 'owner'
                  | 'founder'
                  | 'c_suite'
                  | 'partner'
                  | 'vp'
                  | 'head'
                  | 'director'
                  | 'manager'
                  | 'senior'
                  | 'entry'
                  | 'intern'
                )
              | null;
            department: string | null;
            companyId: string | null;
            companyName: string | null;
            linkedinUrl: string | null;
            city: string | null;
            region: string | null;
            country: string | null;
            ownerId: string | null;
            ownerName: string | null;
            /** @enum {string} */
            source: 'manual' | 'import' | 'prospect' | 'api';
            importId: string | null;
            suppressed: boolean;
            suppressedBy: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              kind: 'email' | 'domain' | 'hash';
              value: string;
              /** @enum {string} */
              reason:
                'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
            } | null;
            customFields: {
              [key: string]: string | number | boolean | string[] | null;
            };
            createdBy: string | null;
            updatedBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  deleteContact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateContact: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "jobTitle": "VP Sales",
         *       "seniority": "vp"
         *     }
         */
        'application/json': {
          firstName?: string | null;
          lastName?: string | null;
          email?: string | null;
          /** @enum {string} */
          emailStatus?: 'valid' | 'risky' | 'invalid' | 'unknown' | 'unverified';
          additionalEmails?: {
            value: string;
            /**
             * @default other
             * @enum {string}
             */
            type?: 'work' | 'personal' | 'other';
          }[];
          additionalPhones?: {
            value: string;
            /**
             * @default other
             * @enum {string}
             */
            type?: 'work' | 'personal' | 'other';
          }[];
          workPhone?: string | null;
          mobilePhone?: string | null;
          otherPhone?: string | null;
          jobTitle?: string | null;
          seniority?:
            | (
                | 'owner'
                | 'founder'
                | 'c_suite'
                | 'partner'
                | 'vp'
                | 'head'
                | 'director'
                | 'manager'
                | 'senior'
                | 'entry'
                | 'intern'
              )
            | null;
          department?: string | null;
          companyId?: string | null;
          linkedinUrl?: string | null;
          city?: string | null;
          region?: string | null;
          country?: string | null;
          ownerId?: string | null;
          customFields?: {
            [key: string]: string | number | boolean | string[] | null;
          };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a20b01-40df-7052-97b0-b210763bc45c",
           *       "firstName": "Ada",
           *       "lastName": "Moreau",
           *       "email": "ada.moreau@acme-robotics.example",
           *       "emailStatus": "valid",
           *       "emailStatusReason": null,
           *       "emailCheckedAt": "2026-03-02T09:15:00.000Z",
           *       "workPhone": null,
           *       "mobilePhone": null,
           *       "otherPhone": null,
           *       "additionalEmails": [
           *         {
           *           "value": "ada@moreau-home.example",
           *           "type": "personal"
           *         }
           *       ],
           *       "additionalPhones": [],
           *       "jobTitle": "VP Sales",
           *       "seniority": "vp",
           *       "department": null,
           *       "companyId": "01a20b01-40cf-759b-b7f1-0b9ab9f3d30b",
           *       "companyName": "Acme Robotics",
           *       "linkedinUrl": null,
           *       "city": "Lyon",
           *       "region": null,
           *       "country": "France",
           *       "ownerId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "ownerName": "Maya Ortiz",
           *       "source": "manual",
           *       "importId": null,
           *       "suppressed": false,
           *       "suppressedBy": null,
           *       "customFields": {},
           *       "createdBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "updatedBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "createdAt": "2026-11-24T00:42:41.243Z",
           *       "updatedAt": "2026-11-24T00:42:41.243Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            firstName: string | null;
            lastName: string | null;
            email: string | null;
            /** @enum {string} */
            emailStatus: 'valid' | 'risky' | 'invalid' | 'unknown' | 'unverified';
            emailStatusReason:
              | (
                  | 'syntax'
                  | 'no_domain'
                  | 'no_mx'
                  | 'null_mx'
                  | 'disposable'
                  | 'role'
                  | 'webmail'
                  | 'mailbox_not_found'
                  | 'mailbox_full'
                  | 'accept_all'
                  | 'greylisted'
                  | 'timeout'
                  | 'blocked'
                )
              | null;
            emailCheckedAt: string | null;
            additionalEmails: {
              value: string;
              /** @enum {string} */
              type: 'work' | 'personal' | 'other';
            }[];
            additionalPhones: {
              value: string;
              /** @enum {string} */
              type: 'work' | 'personal' | 'other';
            }[];
            workPhone: string | null;
            mobilePhone: string | null;
            otherPhone: string | null;
            jobTitle: string | null;
            seniority:
              | (
                  | 'owner'
                  | 'founder'
                  | 'c_suite'
                  | 'partner'
                  | 'vp'
                  | 'head'
                  | 'director'
                  | 'manager'
                  | 'senior'
                  | 'entry'
                  | 'intern'
                )
              | null;
            department: string | null;
            companyId: string | null;
            companyName: string | null;
            linkedinUrl: string | null;
            city: string | null;
            region: string | null;
            country: string | null;
            ownerId: string | null;
            ownerName: string | null;
            /** @enum {string} */
            source: 'manual' | 'import' | 'prospect' | 'api';
            importId: string | null;
            suppressed: boolean;
            suppressedBy: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              kind: 'email' | 'domain' | 'hash';
              value: string;
              /** @enum {string} */
              reason:
                'requested_opt_out' | 'bounced' | 'customer' | 'competitor' | 'legal' | 'other' | 'erasure_request';
            } | null;
            customFields: {
              [key: string]: string | number | boolean | string[] | null;
            };
            createdBy: string | null;
            updatedBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  listContactNotes: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              body: string;
              authorId: string | null;
              authorName: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  createContactNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          body: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            body: string;
            authorId: string | null;
            authorName: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  deleteContactNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        noteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateContactNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        noteId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          body: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            body: string;
            authorId: string | null;
            authorName: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listCompanyNotes: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              body: string;
              authorId: string | null;
              authorName: string | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  createCompanyNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          body: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            body: string;
            authorId: string | null;
            authorName: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  deleteCompanyNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        noteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateCompanyNote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        noteId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          body: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            body: string;
            authorId: string | null;
            authorName: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listContactActivity: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              type:
                | 'created'
                | 'edited'
                | 'note_added'
                | 'note_edited'
                | 'note_deleted'
                | 'exported'
                | 'merged'
                | 'imported'
                | 'revealed'
                | 'added_to_list'
                | 'removed_from_list';
              actorId: string | null;
              actorName: string | null;
              data: {
                [key: string]: unknown;
              };
              /** Format: date-time */
              createdAt: string;
            }[];
            nextCursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listCompanyActivity: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              type:
                | 'created'
                | 'edited'
                | 'note_added'
                | 'note_edited'
                | 'note_deleted'
                | 'exported'
                | 'merged'
                | 'imported'
                | 'revealed'
                | 'added_to_list'
                | 'removed_from_list';
              actorId: string | null;
              actorName: string | null;
              data: {
                [key: string]: unknown;
              };
              /** Format: date-time */
              createdAt: string;
            }[];
            nextCursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  getGridPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        grid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            grid: string;
            columns: string[] | null;
            widths: {
              [key: string]: number;
            } | null;
            pageSize: number | null;
            updatedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
    };
  };
  saveGridPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        grid: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          columns: string[];
          widths?: {
            [key: string]: number;
          };
          pageSize?: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            grid: string;
            columns: string[] | null;
            widths: {
              [key: string]: number;
            } | null;
            pageSize: number | null;
            updatedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  resetGridPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        grid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            grid: string;
            columns: string[] | null;
            widths: {
              [key: string]: number;
            } | null;
            pageSize: number | null;
            updatedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listLists: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        q?: string;
        entity?: 'contacts' | 'companies';
        sort?:
          'name' | '-name' | 'createdAt' | '-createdAt' | 'updatedAt' | '-updatedAt' | 'memberCount' | '-memberCount';
        count?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              description: string | null;
              ownerId: string | null;
              ownerName: string | null;
              memberCount: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
            nextCursor: string | null;
            total?: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  createList: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Q3 conference leads",
         *       "entity": "contacts",
         *       "description": "Met at the Lyon trade fair"
         *     }
         */
        'application/json': {
          name: string;
          /** @enum {string} */
          entity: 'contacts' | 'companies';
          description?: string | null;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a20b01-40f5-7726-947c-cd2fc9a26559",
           *       "name": "Q3 conference leads",
           *       "entity": "contacts",
           *       "description": "Met at the Lyon trade fair",
           *       "ownerId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "ownerName": "Maya Ortiz",
           *       "memberCount": 0,
           *       "createdAt": "2026-11-24T00:42:41.267Z",
           *       "updatedAt": "2026-11-24T00:42:41.267Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            description: string | null;
            ownerId: string | null;
            ownerName: string | null;
            memberCount: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  getList: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a20b01-40f5-7726-947c-cd2fc9a26559",
           *       "name": "Q3 conference leads",
           *       "entity": "contacts",
           *       "description": "Met at the Lyon trade fair",
           *       "ownerId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "ownerName": "Maya Ortiz",
           *       "memberCount": 1,
           *       "createdAt": "2026-11-24T00:42:41.267Z",
           *       "updatedAt": "2026-11-24T00:42:41.267Z"
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            description: string | null;
            ownerId: string | null;
            ownerName: string | null;
            memberCount: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  deleteList: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateList: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          description?: string | null;
          ownerId?: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            description: string | null;
            ownerId: string | null;
            ownerName: string | null;
            memberCount: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  listListMembers: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        q?: string;
        sort?: string;
        filter?: string;
        count?: 'true' | 'false';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: (
              | {
                  /** Format: uuid */
                  id: string;
                  firstName: string | null;
                  lastName: string | null;
                  email: string | null;
                  /** @enum {string} */
                  emailStatus: 'valid' | 'risky' | 'invalid' | 'unknown' | 'unverified';
                  emailStatusReason:
                    | (
                        | 'syntax'
                        | 'no_domain'
                        | 'no_mx'
                        | 'null_mx'
                        | 'disposable'
                        | 'role'
                        | 'webmail'
                        | 'mailbox_not_found'
                        | 'mailbox_full'
                        | 'accept_all'
                        | 'greylisted'
                        | 'timeout'
                        | 'blocked'
                      )
                    | null;
                  emailCheckedAt: string | null;
                  additionalEmails: {
                    value: string;
                    /** @enum {string} */
                    type: 'work' | 'personal' | 'other';
                  }[];
                  additionalPhones: {
                    value: string;
                    /** @enum {string} */
                    type: 'work' | 'personal' | 'other';
                  }[];
                  workPhone: string | null;
                  mobilePhone: string | null;
                  otherPhone: string | null;
                  jobTitle: string | null;
                  seniority:
                    | (
                        | 'owner'
                        | 'founder'
                        | 'c_suite'
                        | 'partner'
                        | 'vp'
                        | 'head'
                        | 'director'
                        | 'manager'
                        | 'senior'
                        | 'entry'
                        | 'intern'
                      )
                    | null;
                  department: string | null;
                  companyId: string | null;
                  companyName: string | null;
                  linkedinUrl: string | null;
                  city: string | null;
                  region: string | null;
                  country: string | null;
                  ownerId: string | null;
                  ownerName: string | null;
                  /** @enum {string} */
                  source: 'manual' | 'import' | 'prospect' | 'api';
                  importId: string | null;
                  suppressed: boolean;
                  suppressedBy: {
                    /** Format: uuid */
                    id: string;
                    /** @enum {string} */
                    kind: 'email' | 'domain' | 'hash';
                    value: string;
                    /** @enum {string} */
                    reason:
                      | 'requested_opt_out'
                      | 'bounced'
                      | 'customer'
                      | 'competitor'
                      | 'legal'
                      | 'other'
                      | 'erasure_request';
                  } | null;
                  customFields: {
                    [key: string]: string | number | boolean | string[] | null;
                  };
                  createdBy: string | null;
                  updatedBy: string | null;
                  /** Format: date-time */
                  createdAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                }
              | {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  domain: string | null;
                  website: string | null;
                  industry: string | null;
                  employeeRange:
                    | ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+')
                    | null;
                  revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
                  phone: string | null;
                  linkedinUrl: string | null;
                  city: string | null;
                  region: string | null;
                  country: string | null;
                  description: string | null;
                  foundedYear: number | null;
                  ownerId: string | null;
                  ownerName: string | null;
                  /** @enum {string} */
                  source: 'manual' | 'import' | 'prospect' | 'api';
                  importId: string | null;
                  customFields: {
                    [key: string]: string | number | boolean | string[] | null;
                  };
                  contactCount: number;
                  createdBy: string | null;
                  updatedBy: string | null;
                  /** Format: date-time */
                  createdAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                }
            )[];
            nextCursor: string | null;
            total?: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  addListMembers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "ids": [
         *         "01a20b01-40df-7052-97b0-b210763bc45c"
         *       ]
         *     }
         */
        'application/json': {
          ids?: string[];
          filter?: components['schemas']['FilterNodeInput'] | null;
          q?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "added": 1,
           *       "alreadyPresent": 0
           *     }
           */
          'application/json': {
            added: number;
            alreadyPresent: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  removeListMembers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          ids?: string[];
          filter?: components['schemas']['FilterNodeInput'] | null;
          q?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            removed: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  countListMembers: {
    parameters: {
      query?: {
        q?: string;
        filter?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            total: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  exportListMembers: {
    parameters: {
      query?: {
        q?: string;
        sort?: string;
        filter?: string;
        columns?: string;
        ids?: string;
        tz?: string;
        includeSuppressed?: 'true' | 'false';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listContactLists: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              /** Format: date-time */
              addedAt: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listCompanyLists: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              /** Format: date-time */
              addedAt: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listImports: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        status?: string;
        entity?: 'contacts' | 'companies';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              fileName: string;
              fileSize: number;
              /** @enum {string} */
              fileType: 'csv' | 'xlsx' | 'vcf';
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              /** @enum {string} */
              status:
                | 'uploaded'
                | 'mapping'
                | 'queued'
                | 'processing'
                | 'completed'
                | 'completed_with_errors'
                | 'failed'
                | 'cancelled';
              encoding: ('utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252') | null;
              delimiter: (',' | ';' | '\t' | '|') | null;
              headerRow: number;
              sheet: string | null;
              sheets: string[];
              columns: {
                index: number;
                header: string;
                samples: string[];
                suggestedTarget: string;
                suggestion?: {
                  reason: string;
                  confidence: number;
                  review: boolean;
                };
              }[];
              mapping: {
                index: number;
                target: string;
              }[];
              mappingRemembered: boolean;
              options: {
                /** @enum {string} */
                duplicates: 'skip' | 'fill' | 'overwrite';
                listId: string | null;
                newListName: string | null;
                ownerId: string | null;
                createCompanies: boolean;
                enrich?: boolean;
                enrichCap?: number | null;
                verifyEmails?: boolean;
                /** @enum {string} */
                unknownOwners?: 'owner' | 'unassigned';
              };
              progress: {
                rowsDone: number;
                rowsRead: number;
                rowsTotal: number;
                rowsTotalExact: boolean;
                /** @enum {string} */
                phase: 'waiting' | 'reading' | 'matching' | 'writing' | 'finishing' | 'done';
                rowsPerSecond: number;
                secondsLeft: number | null;
                fraction: number;
                updatedAt: string | null;
              };
              counts: {
                rows: number;
                created: number;
                updated: number;
                duplicates: number;
                duplicatesInFile: number;
                suppressed: number;
                errors: number;
                warnings: number;
                ownersNotMembers: number;
              };
              error: string | null;
              listId: string | null;
              /** Format: uuid */
              createdBy: string;
              createdByName: string | null;
              /** Format: date-time */
              createdAt: string;
              startedAt: string | null;
              finishedAt: string | null;
              cancelRequested: boolean;
              undoneAt: string | null;
              undoneCount: number | null;
              fileDeletedAt: string | null;
              fileDeletedReason: ('retention' | 'erasure') | null;
            }[];
            nextCursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  createImport: {
    parameters: {
      query?: {
        entity?: 'contacts' | 'companies';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a20b01-4158-770f-9121-a93d222d7e76",
           *       "fileName": "leads.csv",
           *       "fileSize": 60,
           *       "fileType": "csv",
           *       "entity": "contacts",
           *       "status": "mapping",
           *       "encoding": "utf-8",
           *       "delimiter": ",",
           *       "headerRow": 1,
           *       "sheet": null,
           *       "sheets": [],
           *       "columns": [
           *         {
           *           "index": 0,
           *           "header": "First name",
           *           "samples": [
           *             "Lin"
           *           ],
           *           "suggestedTarget": "firstName"
           *         },
           *         {
           *           "index": 1,
           *           "header": "Last name",
           *           "samples": [
           *             "Zhou"
           *           ],
           *           "suggestedTarget": "lastName"
           *         },
           *         {
           *           "index": 2,
           *           "header": "Email",
           *           "samples": [
           *             "lin.zhou@globex.example"
           *           ],
           *           "suggestedTarget": "email"
           *         }
           *       ],
           *       "mapping": [
           *         {
           *           "index": 0,
           *           "target": "firstName"
           *         },
           *         {
           *           "index": 1,
           *           "target": "lastName"
           *         },
           *         {
           *           "index": 2,
           *           "target": "email"
           *         }
           *       ],
           *       "mappingRemembered": false,
           *       "options": {
           *         "duplicates": "skip",
           *         "listId": null,
           *         "newListName": null,
           *         "ownerId": null,
           *         "createCompanies": true
           *       },
           *       "progress": {
           *         "rowsDone": 0,
           *         "rowsRead": 0,
           *         "rowsTotal": 1,
           *         "rowsTotalExact": true,
           *         "phase": "waiting",
           *         "rowsPerSecond": 0,
           *         "secondsLeft": null,
           *         "fraction": 0,
           *         "updatedAt": null
           *       },
           *       "counts": {
           *         "rows": 0,
           *         "created": 0,
           *         "updated": 0,
           *         "duplicates": 0,
           *         "duplicatesInFile": 0,
           *         "suppressed": 0,
           *         "errors": 0,
           *         "warnings": 0,
           *         "ownersNotMembers": 0
           *       },
           *       "error": null,
           *       "listId": null,
           *       "createdBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "createdByName": "Maya Ortiz",
           *       "createdAt": "2026-11-24T00:42:41.378Z",
           *       "startedAt": null,
           *       "finishedAt": null,
           *       "cancelRequested": false,
           *       "undoneAt": null,
           *       "undoneCount": null,
           *       "fileDeletedAt": null,
           *       "fileDeletedReason": null,
           *       "preview": {
           *         "records": [
           *           [
           *             "First name",
           *             "Last name",
           *             "Email"
           *           ],
           *           [
           *             "Lin",
           *             "Zhou",
           *             "lin.zhou@globex.example"
           *           ]
           *         ],
           *         "firstRecord": 1
           *       }
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            fileName: string;
            fileSize: number;
            /** @enum {string} */
            fileType: 'csv' | 'xlsx' | 'vcf';
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            /** @enum {string} */
            status:
              | 'uploaded'
              | 'mapping'
              | 'queued'
              | 'processing'
              | 'completed'
              | 'completed_with_errors'
              | 'failed'
              | 'cancelled';
            encoding: ('utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252') | null;
            delimiter: (',' | ';' | '\t' | '|') | null;
            headerRow: number;
            sheet: string | null;
            sheets: string[];
            columns: {
              index: number;
              header: string;
              samples: string[];
              suggestedTarget: string;
              suggestion?: {
                reason: string;
                confidence: number;
                review: boolean;
              };
            }[];
            mapping: {
              index: number;
              target: string;
            }[];
            mappingRemembered: boolean;
            options: {
              /** @enum {string} */
              duplicates: 'skip' | 'fill' | 'overwrite';
              listId: string | null;
              newListName: string | null;
              ownerId: string | null;
              createCompanies: boolean;
              enrich?: boolean;
              enrichCap?: number | null;
              verifyEmails?: boolean;
              /** @enum {string} */
              unknownOwners?: 'owner' | 'unassigned';
            };
            progress: {
              rowsDone: number;
              rowsRead: number;
              rowsTotal: number;
              rowsTotalExact: boolean;
              /** @enum {string} */
              phase: 'waiting' | 'reading' | 'matching' | 'writing' | 'finishing' | 'done';
              rowsPerSecond: number;
              secondsLeft: number | null;
              fraction: number;
              updatedAt: string | null;
            };
            counts: {
              rows: number;
              created: number;
              updated: number;
              duplicates: number;
              duplicatesInFile: number;
              suppressed: number;
              errors: number;
              warnings: number;
              ownersNotMembers: number;
            };
            error: string | null;
            listId: string | null;
            /** Format: uuid */
            createdBy: string;
            createdByName: string | null;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            cancelRequested: boolean;
            undoneAt: string | null;
            undoneCount: number | null;
            fileDeletedAt: string | null;
            fileDeletedReason: ('retention' | 'erasure') | null;
            entityHint?: {
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              reason: string;
            } | null;
            preview: {
              records: string[][];
              firstRecord: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
    };
  };
  getImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a20b01-4158-770f-9121-a93d222d7e76",
           *       "fileName": "leads.csv",
           *       "fileSize": 60,
           *       "fileType": "csv",
           *       "entity": "contacts",
           *       "status": "mapping",
           *       "encoding": "utf-8",
           *       "delimiter": ",",
           *       "headerRow": 1,
           *       "sheet": null,
           *       "sheets": [],
           *       "columns": [
           *         {
           *           "index": 0,
           *           "header": "First name",
           *           "samples": [
           *             "Lin"
           *           ],
           *           "suggestedTarget": "firstName"
           *         },
           *         {
           *           "index": 1,
           *           "header": "Last name",
           *           "samples": [
           *             "Zhou"
           *           ],
           *           "suggestedTarget": "lastName"
           *         },
           *         {
           *           "index": 2,
           *           "header": "Email",
           *           "samples": [
           *             "lin.zhou@globex.example"
           *           ],
           *           "suggestedTarget": "email"
           *         }
           *       ],
           *       "mapping": [
           *         {
           *           "index": 0,
           *           "target": "firstName"
           *         },
           *         {
           *           "index": 1,
           *           "target": "lastName"
           *         },
           *         {
           *           "index": 2,
           *           "target": "email"
           *         }
           *       ],
           *       "mappingRemembered": false,
           *       "options": {
           *         "duplicates": "skip",
           *         "listId": null,
           *         "newListName": null,
           *         "ownerId": null,
           *         "createCompanies": true
           *       },
           *       "progress": {
           *         "rowsDone": 0,
           *         "rowsRead": 0,
           *         "rowsTotal": 1,
           *         "rowsTotalExact": true,
           *         "phase": "waiting",
           *         "rowsPerSecond": 0,
           *         "secondsLeft": null,
           *         "fraction": 0,
           *         "updatedAt": null
           *       },
           *       "counts": {
           *         "rows": 0,
           *         "created": 0,
           *         "updated": 0,
           *         "duplicates": 0,
           *         "duplicatesInFile": 0,
           *         "suppressed": 0,
           *         "errors": 0,
           *         "warnings": 0,
           *         "ownersNotMembers": 0
           *       },
           *       "error": null,
           *       "listId": null,
           *       "createdBy": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *       "createdByName": "Maya Ortiz",
           *       "createdAt": "2026-11-24T00:42:41.378Z",
           *       "startedAt": null,
           *       "finishedAt": null,
           *       "cancelRequested": false,
           *       "undoneAt": null,
           *       "undoneCount": null,
           *       "fileDeletedAt": null,
           *       "fileDeletedReason": null,
           *       "preview": {
           *         "records": [
           *           [
           *             "First name",
           *             "Last name",
           *             "Email"
           *           ],
           *           [
           *             "Lin",
           *             "Zhou",
           *             "lin.zhou@globex.example"
           *           ]
           *         ],
           *         "firstRecord": 1
           *       }
           *     }
           */
          'application/json': {
            /** Format: uuid */
            id: string;
            fileName: string;
            fileSize: number;
            /** @enum {string} */
            fileType: 'csv' | 'xlsx' | 'vcf';
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            /** @enum {string} */
            status:
              | 'uploaded'
              | 'mapping'
              | 'queued'
              | 'processing'
              | 'completed'
              | 'completed_with_errors'
              | 'failed'
              | 'cancelled';
            encoding: ('utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252') | null;
            delimiter: (',' | ';' | '\t' | '|') | null;
            headerRow: number;
            sheet: string | null;
            sheets: string[];
            columns: {
              index: number;
              header: string;
              samples: string[];
              suggestedTarget: string;
              suggestion?: {
                reason: string;
                confidence: number;
                review: boolean;
              };
            }[];
            mapping: {
              index: number;
              target: string;
            }[];
            mappingRemembered: boolean;
            options: {
              /** @enum {string} */
              duplicates: 'skip' | 'fill' | 'overwrite';
              listId: string | null;
              newListName: string | null;
              ownerId: string | null;
              createCompanies: boolean;
              enrich?: boolean;
              enrichCap?: number | null;
              verifyEmails?: boolean;
              /** @enum {string} */
              unknownOwners?: 'owner' | 'unassigned';
            };
            progress: {
              rowsDone: number;
              rowsRead: number;
              rowsTotal: number;
              rowsTotalExact: boolean;
              /** @enum {string} */
              phase: 'waiting' | 'reading' | 'matching' | 'writing' | 'finishing' | 'done';
              rowsPerSecond: number;
              secondsLeft: number | null;
              fraction: number;
              updatedAt: string | null;
            };
            counts: {
              rows: number;
              created: number;
              updated: number;
              duplicates: number;
              duplicatesInFile: number;
              suppressed: number;
              errors: number;
              warnings: number;
              ownersNotMembers: number;
            };
            error: string | null;
            listId: string | null;
            /** Format: uuid */
            createdBy: string;
            createdByName: string | null;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            cancelRequested: boolean;
            undoneAt: string | null;
            undoneCount: number | null;
            fileDeletedAt: string | null;
            fileDeletedReason: ('retention' | 'erasure') | null;
            entityHint?: {
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              reason: string;
            } | null;
            preview: {
              records: string[][];
              firstRecord: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  discardImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  updateImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          entity?: 'contacts' | 'companies';
          /** @enum {string} */
          encoding?: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
          /** @enum {string} */
          delimiter?: ',' | ';' | '\t' | '|';
          headerRow?: number;
          sheet?: string;
          mapping?: {
            index: number;
            target: string;
          }[];
          options?: {
            /** @enum {string} */
            duplicates?: 'skip' | 'fill' | 'overwrite';
            listId?: string | null;
            newListName?: string | null;
            ownerId?: string | null;
            createCompanies?: boolean;
            enrich?: boolean;
            enrichCap?: number | null;
            verifyEmails?: boolean;
            /** @enum {string} */
            unknownOwners?: 'owner' | 'unassigned';
          };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            fileName: string;
            fileSize: number;
            /** @enum {string} */
            fileType: 'csv' | 'xlsx' | 'vcf';
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            /** @enum {string} */
            status:
              | 'uploaded'
              | 'mapping'
              | 'queued'
              | 'processing'
              | 'completed'
              | 'completed_with_errors'
              | 'failed'
              | 'cancelled';
            encoding: ('utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252') | null;
            delimiter: (',' | ';' | '\t' | '|') | null;
            headerRow: number;
            sheet: string | null;
            sheets: string[];
            columns: {
              index: number;
              header: string;
              samples: string[];
              suggestedTarget: string;
              suggestion?: {
                reason: string;
                confidence: number;
                review: boolean;
              };
            }[];
            mapping: {
              index: number;
              target: string;
            }[];
            mappingRemembered: boolean;
            options: {
              /** @enum {string} */
              duplicates: 'skip' | 'fill' | 'overwrite';
              listId: string | null;
              newListName: string | null;
              ownerId: string | null;
              createCompanies: boolean;
              enrich?: boolean;
              enrichCap?: number | null;
              verifyEmails?: boolean;
              /** @enum {string} */
              unknownOwners?: 'owner' | 'unassigned';
            };
            progress: {
              rowsDone: number;
              rowsRead: number;
              rowsTotal: number;
              rowsTotalExact: boolean;
              /** @enum {string} */
              phase: 'waiting' | 'reading' | 'matching' | 'writing' | 'finishing' | 'done';
              rowsPerSecond: number;
              secondsLeft: number | null;
              fraction: number;
              updatedAt: string | null;
            };
            counts: {
              rows: number;
              created: number;
              updated: number;
              duplicates: number;
              duplicatesInFile: number;
              suppressed: number;
              errors: number;
              warnings: number;
              ownersNotMembers: number;
            };
            error: string | null;
            listId: string | null;
            /** Format: uuid */
            createdBy: string;
            createdByName: string | null;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            cancelRequested: boolean;
            undoneAt: string | null;
            undoneCount: number | null;
            fileDeletedAt: string | null;
            fileDeletedReason: ('retention' | 'erasure') | null;
            entityHint?: {
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              reason: string;
            } | null;
            preview: {
              records: string[][];
              firstRecord: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  preflightImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          mapping?: {
            index: number;
            target: string;
          }[];
          /** @enum {string} */
          duplicates?: 'skip' | 'fill' | 'overwrite';
          /** @enum {string} */
          unknownOwners?: 'owner' | 'unassigned';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            rowsTried: number;
            created: number;
            updated: number;
            duplicates: number;
            duplicatesInFile: number;
            suppressed: number;
            warnings: number;
            ownersNotMembers: number;
            errors: number;
            topReasons: {
              /** @enum {string} */
              kind: 'error' | 'warning';
              column: string | null;
              reason: string;
              rows: number;
            }[];
            notices: {
              /** @enum {string} */
              code: 'identity_repeats' | 'many_duplicates_in_file' | 'unmapped_values';
              column: string | null;
              message: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      410: components['responses']['Gone'];
    };
  };
  startImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            fileName: string;
            fileSize: number;
            /** @enum {string} */
            fileType: 'csv' | 'xlsx' | 'vcf';
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            /** @enum {string} */
            status:
              | 'uploaded'
              | 'mapping'
              | 'queued'
              | 'processing'
              | 'completed'
              | 'completed_with_errors'
              | 'failed'
              | 'cancelled';
            encoding: ('utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252') | null;
            delimiter: (',' | ';' | '\t' | '|') | null;
            headerRow: number;
            sheet: string | null;
            sheets: string[];
            columns: {
              index: number;
              header: string;
              samples: string[];
              suggestedTarget: string;
              suggestion?: {
                reason: string;
                confidence: number;
                review: boolean;
              };
            }[];
            mapping: {
              index: number;
              target: string;
            }[];
            mappingRemembered: boolean;
            options: {
              /** @enum {string} */
              duplicates: 'skip' | 'fill' | 'overwrite';
              listId: string | null;
              newListName: string | null;
              ownerId: string | null;
              createCompanies: boolean;
              enrich?: boolean;
              enrichCap?: number | null;
              verifyEmails?: boolean;
              /** @enum {string} */
              unknownOwners?: 'owner' | 'unassigned';
            };
            progress: {
              rowsDone: number;
              rowsRead: number;
              rowsTotal: number;
              rowsTotalExact: boolean;
              /** @enum {string} */
              phase: 'waiting' | 'reading' | 'matching' | 'writing' | 'finishing' | 'done';
              rowsPerSecond: number;
              secondsLeft: number | null;
              fraction: number;
              updatedAt: string | null;
            };
            counts: {
              rows: number;
              created: number;
              updated: number;
              duplicates: number;
              duplicatesInFile: number;
              suppressed: number;
              errors: number;
              warnings: number;
              ownersNotMembers: number;
            };
            error: string | null;
            listId: string | null;
            /** Format: uuid */
            createdBy: string;
            createdByName: string | null;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            cancelRequested: boolean;
            undoneAt: string | null;
            undoneCount: number | null;
            fileDeletedAt: string | null;
            fileDeletedReason: ('retention' | 'erasure') | null;
            entityHint?: {
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              reason: string;
            } | null;
            preview: {
              records: string[][];
              firstRecord: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  cancelImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            fileName: string;
            fileSize: number;
            /** @enum {string} */
            fileType: 'csv' | 'xlsx' | 'vcf';
            /** @enum {string} */
            entity: 'contacts' | 'companies';
            /** @enum {string} */
            status:
              | 'uploaded'
              | 'mapping'
              | 'queued'
              | 'processing'
              | 'completed'
              | 'completed_with_errors'
              | 'failed'
              | 'cancelled';
            encoding: ('utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252') | null;
            delimiter: (',' | ';' | '\t' | '|') | null;
            headerRow: number;
            sheet: string | null;
            sheets: string[];
            columns: {
              index: number;
              header: string;
              samples: string[];
              suggestedTarget: string;
              suggestion?: {
                reason: string;
                confidence: number;
                review: boolean;
              };
            }[];
            mapping: {
              index: number;
              target: string;
            }[];
            mappingRemembered: boolean;
            options: {
              /** @enum {string} */
              duplicates: 'skip' | 'fill' | 'overwrite';
              listId: string | null;
              newListName: string | null;
              ownerId: string | null;
              createCompanies: boolean;
              enrich?: boolean;
              enrichCap?: number | null;
              verifyEmails?: boolean;
              /** @enum {string} */
              unknownOwners?: 'owner' | 'unassigned';
            };
            progress: {
              rowsDone: number;
              rowsRead: number;
              rowsTotal: number;
              rowsTotalExact: boolean;
              /** @enum {string} */
              phase: 'waiting' | 'reading' | 'matching' | 'writing' | 'finishing' | 'done';
              rowsPerSecond: number;
              secondsLeft: number | null;
              fraction: number;
              updatedAt: string | null;
            };
            counts: {
              rows: number;
              created: number;
              updated: number;
              duplicates: number;
              duplicatesInFile: number;
              suppressed: number;
              errors: number;
              warnings: number;
              ownersNotMembers: number;
            };
            error: string | null;
            listId: string | null;
            /** Format: uuid */
            createdBy: string;
            createdByName: string | null;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
            cancelRequested: boolean;
            undoneAt: string | null;
            undoneCount: number | null;
            fileDeletedAt: string | null;
            fileDeletedReason: ('retention' | 'erasure') | null;
            entityHint?: {
              /** @enum {string} */
              entity: 'contacts' | 'companies';
              reason: string;
            } | null;
            preview: {
              records: string[][];
              firstRecord: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  undoImport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            removed: number;
            companiesRemoved: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  listImportErrors: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              rowNumber: number;
              column: string | null;
              value: string | null;
              reason: string;
              /** @enum {string} */
              kind: 'error' | 'warning';
            }[];
            nextCursor: string | null;
            total: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listImportSuppressedRows: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              rowNumber: number;
              value: string;
              name: string | null;
              entry: {
                id: string | null;
                /** @enum {string} */
                kind: 'email' | 'domain' | 'hash';
                value: string;
                reason: string | null;
              };
            }[];
            nextCursor: string | null;
            total: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  getImportErrorReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      410: components['responses']['Gone'];
    };
  };
  getImportFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      410: components['responses']['Gone'];
    };
  };
  searchProspects: {
    parameters: {
      query?: {
        q?: string;
        filter?: string;
        scope?: 'all' | 'net_new' | 'mine';
        includeSuppressed?: 'true' | 'false';
        limit?: number;
        cursor?: string;
        sort?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0013ee7d-2525-40fe-ba8a-edf13cdad3ef",
           *           "firstName": "Richard",
           *           "lastName": "Martinez",
           *           "jobTitle": "Customer Success Manager",
           *           "seniority": "entry",
           *           "department": "sales",
           *           "companyName": "Lumenmark Media",
           *           "companyDomain": "lumenmark-media.example",
           *           "industry": "Advertising Services",
           *           "employeeRange": "1001-5000",
           *           "revenueRange": "1B+",
           *           "country": "Germany",
           *           "region": "Hamburg",
           *           "city": "Hamburg",
           *           "linkedinUrl": "https://www.linkedin.com/in/richard-martinez-6b5efda5",
           *           "emailMasked": "r•••@lumenmark-media.example",
           *           "phoneMasked": null,
           *           "hasEmail": true,
           *           "hasPhone": false,
           *           "emailStatus": "valid",
           *           "contactId": null,
           *           "alreadyMine": false,
           *           "revealed": {
           *             "email": false,
           *             "phone": false
           *           },
           *           "suppressed": false
           *         }
           *       ],
           *       "nextCursor": "eyJzIjoicmVsZXZhbmNlIiwidiI6IjAwMTNlZTdkLTI1MjUtNDBmZS1iYThhLWVkZjEzY2RhZDNlZiIsImlkIjoiMDAxM2VlN2QtMjUyNS00MGZlLWJhOGEtZWRmMTNjZGFkM2VmIn0"
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              firstName: string | null;
              lastName: string | null;
              jobTitle: string | null;
              seniority:
                | (
                    | 'owner'
                    | 'founder'
                    | 'c_suite'
                    | 'partner'
                    | 'vp'
                    | 'head'
                    | 'director'
                    | 'manager'
                    | 'senior'
                    | 'entry'
                    | 'intern'
                  )
                | null;
              department:
                | (
                    | 'c_suite'
                    | 'product'
                    | 'engineering'
                    | 'design'
                    | 'education'
                    | 'finance'
                    | 'human_resources'
                    | 'it'
                    | 'legal'
                    | 'marketing'
                    | 'medical'
                    | 'operations'
                    | 'sales'
                    | 'consulting'
                  )
                | null;
              companyName: string | null;
              companyDomain: string | null;
              industry: string | null;
              employeeRange:
                ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
              revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
              country: string | null;
              region: string | null;
              city: string | null;
              linkedinUrl: string | null;
              emailMasked: string | null;
              phoneMasked: string | null;
              hasEmail: boolean;
              hasPhone: boolean;
              emailStatus: ('valid' | 'risky' | 'invalid' | 'unknown') | null;
              contactId: string | null;
              alreadyMine: boolean;
              revealed: {
                email: boolean;
                phone: boolean;
              };
              suppressed: boolean;
            }[];
            nextCursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
    };
  };
  getProspectFacets: {
    parameters: {
      query?: {
        q?: string;
        filter?: string;
        scope?: 'all' | 'net_new' | 'mine';
        includeSuppressed?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            facets: {
              seniority: {
                value: string;
                count: number;
              }[];
              department: {
                value: string;
                count: number;
              }[];
              industry: {
                value: string;
                count: number;
              }[];
              employeeRange: {
                value: string;
                count: number;
              }[];
              revenueRange: {
                value: string;
                count: number;
              }[];
              country: {
                value: string;
                count: number;
              }[];
              emailStatus: {
                value: string;
                count: number;
              }[];
              hasEmail: {
                value: string;
                count: number;
              }[];
              hasPhone: {
                value: string;
                count: number;
              }[];
            };
            totals: {
              all: number;
              netNew: number;
              mine: number;
              suppressed: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
    };
  };
  searchProspectCompanies: {
    parameters: {
      query?: {
        q?: string;
        filter?: string;
        scope?: 'all' | 'net_new' | 'mine';
        limit?: number;
        cursor?: string;
        sort?: '-employees' | 'employees' | 'name' | '-name';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              domain: string;
              industry: string | null;
              employeeCount: number | null;
              employeeRange:
                ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
              revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
              city: string | null;
              region: string | null;
              country: string | null;
              peopleCount: number;
              alreadyMine: boolean;
              companyId: string | null;
            }[];
            nextCursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
    };
  };
  getProspectCompanyFacets: {
    parameters: {
      query?: {
        q?: string;
        filter?: string;
        scope?: 'all' | 'net_new' | 'mine';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            facets: {
              industry: {
                value: string;
                count: number;
              }[];
              employeeRange: {
                value: string;
                count: number;
              }[];
              revenueRange: {
                value: string;
                count: number;
              }[];
              country: {
                value: string;
                count: number;
              }[];
            };
            totals: {
              all: number;
              netNew: number;
              mine: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
    };
  };
  getProspect: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            person: {
              /** Format: uuid */
              id: string;
              firstName: string | null;
              lastName: string | null;
              jobTitle: string | null;
              seniority:
                | (
                    | 'owner'
                    | 'founder'
                    | 'c_suite'
                    | 'partner'
                    | 'vp'
                    | 'head'
                    | 'director'
                    | 'manager'
                    | 'senior'
                    | 'entry'
                    | 'intern'
                  )
                | null;
              department:
                | (
                    | 'c_suite'
                    | 'product'
                    | 'engineering'
                    | 'design'
                    | 'education'
                    | 'finance'
                    | 'human_resources'
                    | 'it'
                    | 'legal'
                    | 'marketing'
                    | 'medical'
                    | 'operations'
                    | 'sales'
                    | 'consulting'
                  )
                | null;
              companyName: string | null;
              companyDomain: string | null;
              industry: string | null;
              employeeRange:
                ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
              revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
              country: string | null;
              region: string | null;
              city: string | null;
              linkedinUrl: string | null;
              emailMasked: string | null;
              phoneMasked: string | null;
              hasEmail: boolean;
              hasPhone: boolean;
              emailStatus: ('valid' | 'risky' | 'invalid' | 'unknown') | null;
              contactId: string | null;
              alreadyMine: boolean;
              revealed: {
                email: boolean;
                phone: boolean;
              };
              suppressed: boolean;
            };
            company: {
              name: string;
              domain: string | null;
              industry: string | null;
              employeeRange:
                ('1-10' | '11-50' | '51-200' | '201-500' | '501-1000' | '1001-5000' | '5001-10000' | '10001+') | null;
              revenueRange: ('<1M' | '1M-10M' | '10M-50M' | '50M-100M' | '100M-500M' | '500M-1B' | '1B+') | null;
              city: string | null;
              region: string | null;
              country: string | null;
              peopleCount: number;
            } | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
    };
  };
  previewReveal: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "ids": [
         *         "0013ee7d-2525-40fe-ba8a-edf13cdad3ef"
         *       ],
         *       "fields": "email"
         *     }
         */
        'application/json':
          | {
              ids: string[];
              /** @enum {string} */
              fields: 'email' | 'phone' | 'both';
              /** Format: uuid */
              listId?: string;
              validOnly?: boolean;
              limitToBalance?: boolean;
            }
          | {
              filter?: components['schemas']['FilterNodeInput'] | null;
              q?: string;
              /**
               * @default all
               * @enum {string}
               */
              scope?: 'all' | 'net_new' | 'mine';
              limit?: number;
              /** @enum {string} */
              fields: 'email' | 'phone' | 'both';
              /** Format: uuid */
              listId?: string;
              validOnly?: boolean;
              limitToBalance?: boolean;
            };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "people": 1,
           *       "charge": {
           *         "emails": 1,
           *         "phones": 0
           *       },
           *       "cost": 1,
           *       "free": 0,
           *       "skipped": {
           *         "suppressed": 0,
           *         "noData": 0,
           *         "emails": 0
           *       },
           *       "balance": 50,
           *       "reserved": 0,
           *       "balanceAfter": 49,
           *       "memberRemainingAfter": null,
           *       "shortfall": 0,
           *       "shortfallReason": null,
           *       "runsAsJob": false,
           *       "validOnly": false,
           *       "emailStatus": {
           *         "valid": 1,
           *         "risky": 0,
           *         "unknown": 0,
           *         "invalid": 0
           *       },
           *       "skippedEmails": {
           *         "valid": 0,
           *         "risky": 0,
           *         "unknown": 0,
           *         "invalid": 0
           *       },
           *       "affordable": {
           *         "people": 1,
           *         "charged": 1,
           *         "cost": 1
           *       }
           *     }
           */
          'application/json': {
            people: number;
            charge: {
              emails: number;
              phones: number;
            };
            cost: number;
            free: number;
            skipped: {
              suppressed: number;
              noData: number;
              emails: number;
            };
            balance: number;
            reserved: number;
            balanceAfter: number;
            memberRemainingAfter: number | null;
            shortfall: number;
            shortfallReason: ('balance' | 'member_limit') | null;
            runsAsJob: boolean;
            validOnly: boolean;
            emailStatus: {
              valid: number;
              risky: number;
              unknown: number;
              invalid: number;
            };
            skippedEmails: {
              valid: number;
              risky: number;
              unknown: number;
              invalid: number;
            };
            affordable: {
              people: number;
              charged: number;
              cost: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  revealProspects: {
    parameters: {
      query?: never;
      header?: {
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "ids": [
         *         "0013ee7d-2525-40fe-ba8a-edf13cdad3ef"
         *       ],
         *       "fields": "email"
         *     }
         */
        'application/json':
          | {
              ids: string[];
              /** @enum {string} */
              fields: 'email' | 'phone' | 'both';
              /** Format: uuid */
              listId?: string;
              validOnly?: boolean;
              limitToBalance?: boolean;
            }
          | {
              filter?: components['schemas']['FilterNodeInput'] | null;
              q?: string;
              /**
               * @default all
               * @enum {string}
               */
              scope?: 'all' | 'net_new' | 'mine';
              limit?: number;
              /** @enum {string} */
              fields: 'email' | 'phone' | 'both';
              /** Format: uuid */
              listId?: string;
              validOnly?: boolean;
              limitToBalance?: boolean;
            };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "charged": 1,
           *       "revealed": [
           *         {
           *           "prospectId": "0013ee7d-2525-40fe-ba8a-edf13cdad3ef",
           *           "contactId": "01a20b01-413e-70dc-a0b7-723f096ed52b",
           *           "email": "rmartinez@lumenmark-media.example",
           *           "phone": null
           *         }
           *       ],
           *       "skipped": {
           *         "suppressed": 0,
           *         "noData": 0,
           *         "emails": 0
           *       },
           *       "balance": 49
           *     }
           */
          'application/json': {
            charged: number;
            revealed: {
              /** Format: uuid */
              prospectId: string;
              /** Format: uuid */
              contactId: string;
              email: string | null;
              phone: string | null;
            }[];
            skipped: {
              suppressed: number;
              noData: number;
              emails: number;
            };
            balance: number;
          };
        };
      };
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            /** @enum {string} */
            fields: 'email' | 'phone' | 'both';
            listId: string | null;
            total: number;
            done: number;
            charged: number;
            reserved: number;
            revealed: number;
            free: number;
            skipped: {
              suppressed: number;
              noData: number;
              emails: number;
              failed: number;
            };
            error: string | null;
            stopReason: ('cancelled' | 'starter_deactivated' | 'starter_role') | null;
            cancelledBy: string | null;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description Not enough credits, or every seat of the plan is taken */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': {
            type: string;
            title: string;
            status: number;
            detail?: string;
            code: string;
            errors?: {
              path: string;
              message: string;
            }[];
            shortfall: number;
            shortfallReason: ('balance' | 'member_limit') | null;
          };
        };
      };
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
    };
  };
  getRevealJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            /** @enum {string} */
            fields: 'email' | 'phone' | 'both';
            listId: string | null;
            total: number;
            done: number;
            charged: number;
            reserved: number;
            revealed: number;
            free: number;
            skipped: {
              suppressed: number;
              noData: number;
              emails: number;
              failed: number;
            };
            error: string | null;
            stopReason: ('cancelled' | 'starter_deactivated' | 'starter_role') | null;
            cancelledBy: string | null;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  cancelRevealJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            /** @enum {string} */
            fields: 'email' | 'phone' | 'both';
            listId: string | null;
            total: number;
            done: number;
            charged: number;
            reserved: number;
            revealed: number;
            free: number;
            skipped: {
              suppressed: number;
              noData: number;
              emails: number;
              failed: number;
            };
            error: string | null;
            stopReason: ('cancelled' | 'starter_deactivated' | 'starter_role') | null;
            cancelledBy: string | null;
            /** Format: date-time */
            createdAt: string;
            startedAt: string | null;
            finishedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  reportInvalidEmail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            refunded: number;
            balance: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  verifyEmails: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email?: string;
          contactIds?: string[];
          filter?: components['schemas']['FilterNodeInput'] | null;
          q?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email: string;
            /** @enum {string} */
            status: 'valid' | 'risky' | 'invalid' | 'unknown';
            reason:
              | (
                  | 'syntax'
                  | 'no_domain'
                  | 'no_mx'
                  | 'null_mx'
                  | 'disposable'
                  | 'role'
                  | 'webmail'
                  | 'mailbox_not_found'
                  | 'mailbox_full'
                  | 'accept_all'
                  | 'greylisted'
                  | 'timeout'
                  | 'blocked'
                )
              | null;
            checkedAt: string | null;
            lookedUp: boolean;
            domain: {
              mx: string[];
              acceptAll: boolean | null;
              disposable: boolean;
              webmail: boolean;
            };
            role: boolean;
          };
        };
      };
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            jobId: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description Not enough credits, or every seat of the plan is taken */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': {
            type: string;
            title: string;
            status: number;
            detail?: string;
            code: string;
            errors?: {
              path: string;
              message: string;
            }[];
            upgradeUrl: string;
            included: number;
          };
        };
      };
      403: components['responses']['Forbidden'];
    };
  };
  getVerificationUsage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            included: number;
            used: number;
            /** Format: date-time */
            periodEnd: string;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getVerificationJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: 'address' | 'contacts' | 'find';
            /** @enum {string} */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            progress: {
              done: number;
              total: number;
            };
            counts: {
              valid: number;
              risky: number;
              invalid: number;
              unknown: number;
              skipped: number;
            };
            stopReason: ('cancelled' | 'quota' | 'starter_deactivated' | 'starter_role') | null;
            message: string | null;
            upgradeUrl: string | null;
            result: {
              email: string;
              /** @enum {string} */
              status: 'valid' | 'risky' | 'invalid' | 'unknown';
              reason:
                | (
                    | 'syntax'
                    | 'no_domain'
                    | 'no_mx'
                    | 'null_mx'
                    | 'disposable'
                    | 'role'
                    | 'webmail'
                    | 'mailbox_not_found'
                    | 'mailbox_full'
                    | 'accept_all'
                    | 'greylisted'
                    | 'timeout'
                    | 'blocked'
                  )
                | null;
              checkedAt: string | null;
              lookedUp: boolean;
              domain: {
                mx: string[];
                acceptAll: boolean | null;
                disposable: boolean;
                webmail: boolean;
              };
              role: boolean;
            } | null;
            /** Format: date-time */
            createdAt: string;
            finishedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  cancelVerificationJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: 'address' | 'contacts' | 'find';
            /** @enum {string} */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            progress: {
              done: number;
              total: number;
            };
            counts: {
              valid: number;
              risky: number;
              invalid: number;
              unknown: number;
              skipped: number;
            };
            stopReason: ('cancelled' | 'quota' | 'starter_deactivated' | 'starter_role') | null;
            message: string | null;
            upgradeUrl: string | null;
            result: {
              email: string;
              /** @enum {string} */
              status: 'valid' | 'risky' | 'invalid' | 'unknown';
              reason:
                | (
                    | 'syntax'
                    | 'no_domain'
                    | 'no_mx'
                    | 'null_mx'
                    | 'disposable'
                    | 'role'
                    | 'webmail'
                    | 'mailbox_not_found'
                    | 'mailbox_full'
                    | 'accept_all'
                    | 'greylisted'
                    | 'timeout'
                    | 'blocked'
                  )
                | null;
              checkedAt: string | null;
              lookedUp: boolean;
              domain: {
                mx: string[];
                acceptAll: boolean | null;
                disposable: boolean;
                webmail: boolean;
              };
              role: boolean;
            } | null;
            /** Format: date-time */
            createdAt: string;
            finishedAt: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  findContactEmail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            found: boolean;
            email?: string;
            /** @enum {string} */
            status?: 'valid' | 'risky' | 'invalid' | 'unknown';
            charged: number;
          };
        };
      };
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            jobId: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      /** @description Not enough credits, or every seat of the plan is taken */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': {
            type: string;
            title: string;
            status: number;
            detail?: string;
            code: string;
            errors?: {
              path: string;
              message: string;
            }[];
          } & {
            [key: string]: unknown;
          };
        };
      };
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  findContactEmails: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email?: string;
          contactIds?: string[];
          filter?: components['schemas']['FilterNodeInput'] | null;
          q?: string;
        };
      };
    };
    responses: {
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            jobId: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listSavedSearches: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              name: string;
              query: {
                q?: string;
                filter?: components['schemas']['FilterNode'] | null;
                /**
                 * @default all
                 * @enum {string}
                 */
                scope: 'all' | 'net_new' | 'mine';
                includeSuppressed?: boolean;
              };
              shared: boolean;
              /** Format: uuid */
              ownerId: string;
              mine: boolean;
              lastOpenedAt: string | null;
              newCount: number;
              createdAt: string;
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  createSavedSearch: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          query: {
            q?: string;
            filter?: components['schemas']['FilterNodeInput'] | null;
            /**
             * @default all
             * @enum {string}
             */
            scope?: 'all' | 'net_new' | 'mine';
            includeSuppressed?: boolean;
          };
          /** @default false */
          shared?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            query: {
              q?: string;
              filter?: components['schemas']['FilterNode'] | null;
              /**
               * @default all
               * @enum {string}
               */
              scope: 'all' | 'net_new' | 'mine';
              includeSuppressed?: boolean;
            };
            shared: boolean;
            /** Format: uuid */
            ownerId: string;
            mine: boolean;
            lastOpenedAt: string | null;
            newCount: number;
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  deleteSavedSearch: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateSavedSearch: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          query?: {
            q?: string;
            filter?: components['schemas']['FilterNodeInput'] | null;
            /**
             * @default all
             * @enum {string}
             */
            scope?: 'all' | 'net_new' | 'mine';
            includeSuppressed?: boolean;
          };
          shared?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            query: {
              q?: string;
              filter?: components['schemas']['FilterNode'] | null;
              /**
               * @default all
               * @enum {string}
               */
              scope: 'all' | 'net_new' | 'mine';
              includeSuppressed?: boolean;
            };
            shared: boolean;
            /** Format: uuid */
            ownerId: string;
            mine: boolean;
            lastOpenedAt: string | null;
            newCount: number;
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  openSavedSearch: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            query: {
              q?: string;
              filter?: components['schemas']['FilterNode'] | null;
              /**
               * @default all
               * @enum {string}
               */
              scope: 'all' | 'net_new' | 'mine';
              includeSuppressed?: boolean;
            };
            shared: boolean;
            /** Format: uuid */
            ownerId: string;
            mine: boolean;
            lastOpenedAt: string | null;
            newCount: number;
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  search: {
    parameters: {
      query: {
        q: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            contacts: {
              /** Format: uuid */
              id: string;
              name: string;
              email: string | null;
              companyName: string | null;
            }[];
            companies: {
              /** Format: uuid */
              id: string;
              name: string;
              domain: string | null;
            }[];
            lists: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              entity: 'contacts' | 'companies';
            }[];
            imports: {
              /** Format: uuid */
              id: string;
              fileName: string;
              status: string;
              createdAt: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listSavedViews: {
    parameters: {
      query: {
        grid: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              grid: string;
              name: string;
              q: string | null;
              filter: unknown | null;
              sort: string | null;
              columns: string[] | null;
              shared: boolean;
              /** Format: uuid */
              ownerId: string;
              mine: boolean;
              createdAt: string;
              updatedAt: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  createSavedView: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          grid: string;
          name: string;
          /** @default false */
          shared?: boolean;
          q?: string | null;
          filter?: components['schemas']['FilterNodeInput'] | null;
          sort?: string | null;
          columns?: string[] | null;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            grid: string;
            name: string;
            q: string | null;
            filter: unknown | null;
            sort: string | null;
            columns: string[] | null;
            shared: boolean;
            /** Format: uuid */
            ownerId: string;
            mine: boolean;
            createdAt: string;
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  deleteSavedView: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateSavedView: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          shared?: boolean;
          q?: string | null;
          filter?: components['schemas']['FilterNodeInput'] | null;
          sort?: string | null;
          columns?: string[] | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            grid: string;
            name: string;
            q: string | null;
            filter: unknown | null;
            sort: string | null;
            columns: string[] | null;
            shared: boolean;
            /** Format: uuid */
            ownerId: string;
            mine: boolean;
            createdAt: string;
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  getCredits: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "balance": 49,
           *       "reserved": 0,
           *       "available": 49,
           *       "expiring": [
           *         {
           *           "amount": 49,
           *           "at": "2026-12-01T00:00:00.000Z"
           *         }
           *       ],
           *       "periodStart": "2026-11-01T00:00:00.000Z",
           *       "periodEnd": "2026-12-01T00:00:00.000Z",
           *       "usedThisPeriod": 1,
           *       "memberLimit": null,
           *       "memberUsedThisPeriod": 1,
           *       "memberRemaining": null
           *     }
           */
          'application/json': {
            balance: number;
            reserved: number;
            available: number;
            expiring: {
              amount: number;
              /** Format: date-time */
              at: string;
            }[];
            /** Format: date-time */
            periodStart: string;
            /** Format: date-time */
            periodEnd: string;
            usedThisPeriod: number;
            memberLimit: number | null;
            memberUsedThisPeriod: number;
            memberRemaining: number | null;
          };
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  listCreditTransactions: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        from?: string;
        to?: string;
        memberId?: string;
        kind?: 'grant' | 'spend' | 'refund' | 'expiry' | 'adjustment';
        feature?:
          'prospect_email' | 'prospect_phone' | 'import_enrich' | 'email_finder' | 'plan' | 'purchase' | 'adjustment';
        includeRefunds?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "01a20b01-4141-766b-b5c7-68dc548066dc",
           *           "createdAt": "2026-11-24T00:42:41.345Z",
           *           "kind": "spend",
           *           "feature": "prospect_email",
           *           "description": "Email of Richard Martinez (Lumenmark Media)",
           *           "credits": -1,
           *           "balanceAfter": 49,
           *           "memberId": "01a20b01-40bb-74ef-a3de-0c32ede5b326",
           *           "memberName": "Maya Ortiz",
           *           "reference": "0013ee7d-2525-40fe-ba8a-edf13cdad3ef",
           *           "dataRequested": "email"
           *         },
           *         {
           *           "id": "01a20b01-411c-7646-9fbe-af80686ac7f2",
           *           "createdAt": "2026-11-24T00:42:41.305Z",
           *           "kind": "grant",
           *           "feature": "plan",
           *           "description": "Free plan: 50 credits for November 2026",
           *           "credits": 50,
           *           "balanceAfter": 50,
           *           "memberId": null,
           *           "memberName": null,
           *           "reference": null,
           *           "dataRequested": null
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** Format: date-time */
              createdAt: string;
              /** @enum {string} */
              kind: 'grant' | 'spend' | 'refund' | 'expiry' | 'adjustment';
              /** @enum {string} */
              feature:
                | 'prospect_email'
                | 'prospect_phone'
                | 'import_enrich'
                | 'email_finder'
                | 'plan'
                | 'purchase'
                | 'adjustment';
              description: string;
              credits: number;
              balanceAfter: number;
              memberId: string | null;
              memberName: string | null;
              reference: string | null;
              dataRequested: string | null;
            }[];
            nextCursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
    };
  };
  getCreditTransaction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            kind: 'grant' | 'spend' | 'refund' | 'expiry' | 'adjustment';
            /** @enum {string} */
            feature:
              | 'prospect_email'
              | 'prospect_phone'
              | 'import_enrich'
              | 'email_finder'
              | 'plan'
              | 'purchase'
              | 'adjustment';
            description: string;
            credits: number;
            balanceAfter: number;
            memberId: string | null;
            memberName: string | null;
            reference: string | null;
            dataRequested: string | null;
            people: {
              prospectId: string;
              credits: number;
              contactId: string | null;
              name: string | null;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      404: components['responses']['NotFound'];
    };
  };
  exportCreditTransactions: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        memberId?: string;
        kind?: 'grant' | 'spend' | 'refund' | 'expiry' | 'adjustment';
        feature?:
          'prospect_email' | 'prospect_phone' | 'import_enrich' | 'email_finder' | 'plan' | 'purchase' | 'adjustment';
        includeRefunds?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
    };
  };
  getCreditUsage: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        memberId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: date */
              day: string;
              /** @enum {string} */
              feature:
                | 'prospect_email'
                | 'prospect_phone'
                | 'import_enrich'
                | 'email_finder'
                | 'plan'
                | 'purchase'
                | 'adjustment';
              credits: number;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
    };
  };
  listMemberCreditLimits: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              memberId: string;
              limit: number | null;
              usedThisPeriod: number;
              remaining: number | null;
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  setMemberCreditLimit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          limit: number | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            memberId: string;
            limit: number | null;
            usedThisPeriod: number;
            remaining: number | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  previewImportEnrichment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          cap?: number | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            sampleRows: number;
            rows: number;
            exact: boolean;
            lacking: number;
            matches: {
              linkedin: number;
              email: number;
              nameDomain: number;
            };
            emails: number;
            phones: number;
            cost: number;
            balance: number;
            available: number;
            memberRemaining: number | null;
            cap: number | null;
            expectedCharge: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  getImportEnrichment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            enabled: boolean;
            cap: number | null;
            creditsCharged: number;
            emailsFilled: number;
            phonesFilled: number;
            stopped: ('cap' | 'credits' | 'starter_deactivated' | 'starter_role') | null;
            note: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  eraseContactData: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          /** @default false */
          deleteFiles?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            hash: string;
            removed: {
              contacts: number;
              notes: number;
              activities: number;
              listMemberships: number;
              importRows: number;
              errorRows: number;
              suppressedRows: number;
              importPreviews: number;
              reveals: number;
              storedResponses: number;
              suppressionEntries: number;
              exportSearches: number;
              webhookEvents: number;
              undoValues: number;
            };
            files: {
              /** Format: uuid */
              importId: string;
              fileName: string;
              deleted: boolean;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  deleteErasedFiles: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          importIds: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            files: {
              /** Format: uuid */
              importId: string;
              fileName: string;
              deleted: boolean;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getPrivacySettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            fileRetentionDays: number;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  setPrivacySettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          fileRetentionDays: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            fileRetentionDays: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  listWorkspaceExports: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              status: 'queued' | 'running' | 'ready' | 'failed';
              progress: number;
              rowsDone: number;
              rowsTotal: number;
              fileSize: number | null;
              error: string | null;
              createdAt: string;
              finishedAt: string | null;
              expiresAt: string | null;
              downloadUrl: string | null;
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  createWorkspaceExport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: 'queued' | 'running' | 'ready' | 'failed';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  getWorkspaceExport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: 'queued' | 'running' | 'ready' | 'failed';
            progress: number;
            rowsDone: number;
            rowsTotal: number;
            fileSize: number | null;
            error: string | null;
            createdAt: string;
            finishedAt: string | null;
            expiresAt: string | null;
            downloadUrl: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  downloadWorkspaceExport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/zip': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      410: components['responses']['Gone'];
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              url: string;
              events: (
                | 'contact.created'
                | 'contact.updated'
                | 'contact.deleted'
                | 'contact.email_verified'
                | 'company.created'
                | 'company.updated'
                | 'company.deleted'
                | 'import.completed'
                | 'prospect.revealed'
                | 'list.members_added'
                | 'credits.low'
              )[];
              enabled: boolean;
              disabledReason: string | null;
              consecutiveFailures: number;
              createdAt: string;
              updatedAt: string;
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url: string;
          events: (
            | 'contact.created'
            | 'contact.updated'
            | 'contact.deleted'
            | 'contact.email_verified'
            | 'company.created'
            | 'company.updated'
            | 'company.deleted'
            | 'import.completed'
            | 'prospect.revealed'
            | 'list.members_added'
            | 'credits.low'
          )[];
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            url: string;
            events: (
              | 'contact.created'
              | 'contact.updated'
              | 'contact.deleted'
              | 'contact.email_verified'
              | 'company.created'
              | 'company.updated'
              | 'company.deleted'
              | 'import.completed'
              | 'prospect.revealed'
              | 'list.members_added'
              | 'credits.low'
            )[];
            enabled: boolean;
            disabledReason: string | null;
            consecutiveFailures: number;
            createdAt: string;
            updatedAt: string;
            secret: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            url: string;
            events: (
              | 'contact.created'
              | 'contact.updated'
              | 'contact.deleted'
              | 'contact.email_verified'
              | 'company.created'
              | 'company.updated'
              | 'company.deleted'
              | 'import.completed'
              | 'prospect.revealed'
              | 'list.members_added'
              | 'credits.low'
            )[];
            enabled: boolean;
            disabledReason: string | null;
            consecutiveFailures: number;
            createdAt: string;
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done; no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url?: string;
          events?: (
            | 'contact.created'
            | 'contact.updated'
            | 'contact.deleted'
            | 'contact.email_verified'
            | 'company.created'
            | 'company.updated'
            | 'company.deleted'
            | 'import.completed'
            | 'prospect.revealed'
            | 'list.members_added'
            | 'credits.low'
          )[];
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            url: string;
            events: (
              | 'contact.created'
              | 'contact.updated'
              | 'contact.deleted'
              | 'contact.email_verified'
              | 'company.created'
              | 'company.updated'
              | 'company.deleted'
              | 'import.completed'
              | 'prospect.revealed'
              | 'list.members_added'
              | 'credits.low'
            )[];
            enabled: boolean;
            disabledReason: string | null;
            consecutiveFailures: number;
            createdAt: string;
            updatedAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              endpointId: string;
              /** Format: uuid */
              eventId: string;
              eventType: string;
              /** @enum {string} */
              status: 'pending' | 'succeeded' | 'failed';
              attempts: number;
              responseCode: number | null;
              durationMs: number | null;
              error: string | null;
              nextAttemptAt: string | null;
              lastAttemptAt: string | null;
              deliveredAt: string | null;
              resentFrom: string | null;
              createdAt: string;
            }[];
            nextCursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  resendWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            endpointId: string;
            /** Format: uuid */
            eventId: string;
            eventType: string;
            /** @enum {string} */
            status: 'pending' | 'succeeded' | 'failed';
            attempts: number;
            responseCode: number | null;
            durationMs: number | null;
            error: string | null;
            nextAttemptAt: string | null;
            lastAttemptAt: string | null;
            deliveredAt: string | null;
            resentFrom: string | null;
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            endpointId: string;
            /** Format: uuid */
            eventId: string;
            eventType: string;
            /** @enum {string} */
            status: 'pending' | 'succeeded' | 'failed';
            attempts: number;
            responseCode: number | null;
            durationMs: number | null;
            error: string | null;
            nextAttemptAt: string | null;
            lastAttemptAt: string | null;
            deliveredAt: string | null;
            resentFrom: string | null;
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  listPlans: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @enum {string} */
              id: 'free' | 'starter' | 'professional' | 'enterprise';
              name: string;
              monthlyPriceCents: number | null;
              annualPriceCents: number | null;
              seats: number | null;
              monthlyCredits: number | null;
              monthlyVerifications: number | null;
              contactSales: boolean;
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  askEnterprise: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          email: string;
          company: string;
          seats?: number | null;
          /** @default  */
          message?: string;
        };
      };
    };
    responses: {
      /** @description Accepted: running in the background */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            plan: 'free' | 'starter' | 'professional' | 'enterprise';
            /** @enum {string} */
            interval: 'month' | 'year';
            /** @enum {string} */
            status: 'active' | 'past_due';
            pastDue: boolean;
            nextRetryAt: string | null;
            /** Format: date-time */
            currentPeriodStart: string;
            /** Format: date-time */
            currentPeriodEnd: string;
            cancelAtPeriodEnd: boolean;
            pendingChange: {
              /** @enum {string} */
              plan: 'free' | 'starter' | 'professional' | 'enterprise';
              /** @enum {string} */
              interval: 'month' | 'year';
              /** Format: date-time */
              at: string;
            } | null;
            seats: {
              used: number;
              limit: number;
            };
            monthlyCredits: number;
            /** @enum {string} */
            provider: 'sandbox' | 'stripe';
          };
        };
      };
      401: components['responses']['Unauthorized'];
    };
  };
  changeSubscription: {
    parameters: {
      query?: never;
      header?: {
        'idempotency-key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          plan: 'free' | 'starter' | 'professional';
          /** @enum {string} */
          interval: 'month' | 'year';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            subscription: {
              /** @enum {string} */
              plan: 'free' | 'starter' | 'professional' | 'enterprise';
              /** @enum {string} */
              interval: 'month' | 'year';
              /** @enum {string} */
              status: 'active' | 'past_due';
              pastDue: boolean;
              nextRetryAt: string | null;
              /** Format: date-time */
              currentPeriodStart: string;
              /** Format: date-time */
              currentPeriodEnd: string;
              cancelAtPeriodEnd: boolean;
              pendingChange: {
                /** @enum {string} */
                plan: 'free' | 'starter' | 'professional' | 'enterprise';
                /** @enum {string} */
                interval: 'month' | 'year';
                /** Format: date-time */
                at: string;
              } | null;
              seats: {
                used: number;
                limit: number;
              };
              monthlyCredits: number;
              /** @enum {string} */
              provider: 'sandbox' | 'stripe';
            };
            invoice: {
              /** Format: uuid */
              id: string;
              number: string;
              /** @enum {string} */
              status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
              /** @enum {string} */
              reason: 'subscription_upgrade' | 'renewal' | 'credit_pack';
              /** @enum {string} */
              currency: 'usd';
              subtotalCents: number;
              taxRateBps: number;
              taxCents: number;
              totalCents: number;
              lines: {
                /** @enum {string} */
                kind: 'plan' | 'proration_credit' | 'proration_charge' | 'credit_pack';
                description: string;
                quantity: number;
                amountCents: number;
                periodStart: string | null;
                periodEnd: string | null;
              }[];
              companyName: string;
              companyAddress: string | null;
              companyTaxId: string | null;
              /** Format: date-time */
              issuedAt: string;
              paidAt: string | null;
              failureCode: string | null;
              pdfUrl: string;
            } | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableContent'];
    };
  };
  previewSubscriptionChange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          plan: 'free' | 'starter' | 'professional';
          /** @enum {string} */
          interval: 'month' | 'year';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            plan: 'free' | 'starter' | 'professional';
            /** @enum {string} */
            interval: 'month' | 'year';
            /** @enum {string} */
            change: 'upgrade' | 'downgrade' | 'none';
            /** Format: date-time */
            effectiveAt: string;
            /** @enum {string} */
            currency: 'usd';
            lines: {
              /** @enum {string} */
              kind: 'plan' | 'proration_credit' | 'proration_charge' | 'credit_pack';
              description: string;
              quantity: number;
              amountCents: number;
              periodStart: string | null;
              periodEnd: string | null;
            }[];
            subtotalCents: number;
            taxRateBps: number;
            taxCents: number;
            totalCents: number;
            creditsGranted: number;
            creditProration: {
              daysLeft: number;
              daysTotal: number;
              newPlanCredits: number;
              currentPlanCredits: number;
            } | null;
            seatsUsed: number;
            seatsLimit: number;
            seatsToRemove: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  cancelSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            plan: 'free' | 'starter' | 'professional' | 'enterprise';
            /** @enum {string} */
            interval: 'month' | 'year';
            /** @enum {string} */
            status: 'active' | 'past_due';
            pastDue: boolean;
            nextRetryAt: string | null;
            /** Format: date-time */
            currentPeriodStart: string;
            /** Format: date-time */
            currentPeriodEnd: string;
            cancelAtPeriodEnd: boolean;
            pendingChange: {
              /** @enum {string} */
              plan: 'free' | 'starter' | 'professional' | 'enterprise';
              /** @enum {string} */
              interval: 'month' | 'year';
              /** Format: date-time */
              at: string;
            } | null;
            seats: {
              used: number;
              limit: number;
            };
            monthlyCredits: number;
            /** @enum {string} */
            provider: 'sandbox' | 'stripe';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  resumeSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            plan: 'free' | 'starter' | 'professional' | 'enterprise';
            /** @enum {string} */
            interval: 'month' | 'year';
            /** @enum {string} */
            status: 'active' | 'past_due';
            pastDue: boolean;
            nextRetryAt: string | null;
            /** Format: date-time */
            currentPeriodStart: string;
            /** Format: date-time */
            currentPeriodEnd: string;
            cancelAtPeriodEnd: boolean;
            pendingChange: {
              /** @enum {string} */
              plan: 'free' | 'starter' | 'professional' | 'enterprise';
              /** @enum {string} */
              interval: 'month' | 'year';
              /** Format: date-time */
              at: string;
            } | null;
            seats: {
              used: number;
              limit: number;
            };
            monthlyCredits: number;
            /** @enum {string} */
            provider: 'sandbox' | 'stripe';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  dropPendingSubscriptionChange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            plan: 'free' | 'starter' | 'professional' | 'enterprise';
            /** @enum {string} */
            interval: 'month' | 'year';
            /** @enum {string} */
            status: 'active' | 'past_due';
            pastDue: boolean;
            nextRetryAt: string | null;
            /** Format: date-time */
            currentPeriodStart: string;
            /** Format: date-time */
            currentPeriodEnd: string;
            cancelAtPeriodEnd: boolean;
            pendingChange: {
              /** @enum {string} */
              plan: 'free' | 'starter' | 'professional' | 'enterprise';
              /** @enum {string} */
              interval: 'month' | 'year';
              /** Format: date-time */
              at: string;
            } | null;
            seats: {
              used: number;
              limit: number;
            };
            monthlyCredits: number;
            /** @enum {string} */
            provider: 'sandbox' | 'stripe';
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  listCreditPacks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @enum {string} */
              id: 'pack_1000' | 'pack_5000' | 'pack_20000';
              credits: number;
              priceCents: number;
            }[];
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  buyCreditPack: {
    parameters: {
      query?: never;
      header?: {
        'idempotency-key'?: string;
      };
      path: {
        id: 'pack_1000' | 'pack_5000' | 'pack_20000';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            invoice: {
              /** Format: uuid */
              id: string;
              number: string;
              /** @enum {string} */
              status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
              /** @enum {string} */
              reason: 'subscription_upgrade' | 'renewal' | 'credit_pack';
              /** @enum {string} */
              currency: 'usd';
              subtotalCents: number;
              taxRateBps: number;
              taxCents: number;
              totalCents: number;
              lines: {
                /** @enum {string} */
                kind: 'plan' | 'proration_credit' | 'proration_charge' | 'credit_pack';
                description: string;
                quantity: number;
                amountCents: number;
                periodStart: string | null;
                periodEnd: string | null;
              }[];
              companyName: string;
              companyAddress: string | null;
              companyTaxId: string | null;
              /** Format: date-time */
              issuedAt: string;
              paidAt: string | null;
              failureCode: string | null;
              pdfUrl: string;
            };
            credits: number;
            balance: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['UnprocessableContent'];
    };
  };
  listPaymentMethods: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';
              last4: string;
              expMonth: number;
              expYear: number;
              name: string | null;
              isDefault: boolean;
              /** Format: date-time */
              createdAt: string;
            }[];
            /** @enum {string} */
            provider: 'sandbox' | 'stripe';
            publishableKey: string | null;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  addPaymentMethod: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              number: string;
              expMonth: number;
              expYear: number;
              cvc: string;
              name?: string | null;
            }
          | {
              setupIntentId: string;
            };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';
            last4: string;
            expMonth: number;
            expYear: number;
            name: string | null;
            isDefault: boolean;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
    };
  };
  createSetupIntent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            setupIntentId: string;
            clientSecret: string;
            publishableKey: string | null;
          };
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
    };
  };
  makePaymentMethodDefault: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';
            last4: string;
            expMonth: number;
            expYear: number;
            name: string | null;
            isDefault: boolean;
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  deletePaymentMethod: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  listInvoices: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        status?: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** Format: uuid */
              id: string;
              number: string;
              /** @enum {string} */
              status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
              /** @enum {string} */
              reason: 'subscription_upgrade' | 'renewal' | 'credit_pack';
              /** @enum {string} */
              currency: 'usd';
              subtotalCents: number;
              taxRateBps: number;
              taxCents: number;
              totalCents: number;
              lines: {
                /** @enum {string} */
                kind: 'plan' | 'proration_credit' | 'proration_charge' | 'credit_pack';
                description: string;
                quantity: number;
                amountCents: number;
                periodStart: string | null;
                periodEnd: string | null;
              }[];
              companyName: string;
              companyAddress: string | null;
              companyTaxId: string | null;
              /** Format: date-time */
              issuedAt: string;
              paidAt: string | null;
              failureCode: string | null;
              pdfUrl: string;
            }[];
            nextCursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
    };
  };
  getInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            number: string;
            /** @enum {string} */
            status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
            /** @enum {string} */
            reason: 'subscription_upgrade' | 'renewal' | 'credit_pack';
            /** @enum {string} */
            currency: 'usd';
            subtotalCents: number;
            taxRateBps: number;
            taxCents: number;
            totalCents: number;
            lines: {
              /** @enum {string} */
              kind: 'plan' | 'proration_credit' | 'proration_charge' | 'credit_pack';
              description: string;
              quantity: number;
              amountCents: number;
              periodStart: string | null;
              periodEnd: string | null;
            }[];
            companyName: string;
            companyAddress: string | null;
            companyTaxId: string | null;
            /** Format: date-time */
            issuedAt: string;
            paidAt: string | null;
            failureCode: string | null;
            pdfUrl: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  getInvoicePdf: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
    };
  };
  payInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          paymentIntentId?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            number: string;
            /** @enum {string} */
            status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
            /** @enum {string} */
            reason: 'subscription_upgrade' | 'renewal' | 'credit_pack';
            /** @enum {string} */
            currency: 'usd';
            subtotalCents: number;
            taxRateBps: number;
            taxCents: number;
            totalCents: number;
            lines: {
              /** @enum {string} */
              kind: 'plan' | 'proration_credit' | 'proration_charge' | 'credit_pack';
              description: string;
              quantity: number;
              amountCents: number;
              periodStart: string | null;
              periodEnd: string | null;
            }[];
            companyName: string;
            companyAddress: string | null;
            companyTaxId: string | null;
            /** Format: date-time */
            issuedAt: string;
            paidAt: string | null;
            failureCode: string | null;
            pdfUrl: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentRequired'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
    };
  };
  receiveStripeWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      403: components['responses']['Forbidden'];
    };
  };
}

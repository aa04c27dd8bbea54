import { isSupportedCountry } from 'libphonenumber-js';
import { LOGO_MAX_BYTES, type Workspace, type WorkspaceUpdateBody } from '@leadtrail/contracts';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { FREE_MAIL_DOMAINS, normalizeDomain } from '../../lib/normalize.js';
import type { Tx, UnitOfWork } from '../../core/unit-of-work.js';
import { declaredSize, LOGO_MAX_PIXELS, sniffLogo } from './logo-image.js';
import type { WorkspacePatch, WorkspaceRepository, WorkspaceRow } from './workspace.repository.js';

/** What other modules read from a workspace's settings (e.g. phone normalisation). */
export type WorkspaceSettings = {
  id: string;
  name: string;
  domain: string | null;
  address: string | null;
  taxId: string | null;
  timeZone: string;
  defaultPhoneRegion: string;
  restrictInvitesToDomain: boolean;
};

const toDto = (w: WorkspaceRow): Workspace => ({
  id: w.id,
  name: w.name,
  website: w.website,
  domain: w.domain,
  address: w.address,
  taxId: w.taxId,
  taxRateBps: w.taxRateBps,
  timeZone: w.timeZone,
  defaultPhoneRegion: w.defaultPhoneRegion,
  restrictInvitesToDomain: w.restrictInvitesToDomain,
  // the version in the URL lets the browser cache each logo for good
  logoUrl: w.logoUpdatedAt ? `/api/v1/workspace/logo?v=${w.logoUpdatedAt.getTime()}` : null,
  createdAt: w.createdAt.toISOString(),
});

/** "acme.com" or "https://acme.com/about" → an absolute http(s) URL, or null when unreadable. */
function normalizeWebsite(value: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!normalizeDomain(url.hostname)) return null;
    return url.toString().replace(/\/$/, '');
  } catch {
    return null;
  }
}

export function createWorkspaceService(deps: { uow: UnitOfWork; repo: WorkspaceRepository }) {
  const { uow, repo } = deps;

  async function loadIn(tx: Tx, workspaceId: string) {
    const row = await repo.find(tx, workspaceId);
    if (!row) throw notFound('Workspace');
    return row;
  }
  const load = (workspaceId: string) => uow.tenant({ workspaceId }, (tx) => loadIn(tx, workspaceId));
  const settingsOf = (w: WorkspaceRow): WorkspaceSettings => ({
    id: w.id,
    name: w.name,
    domain: w.domain,
    address: w.address,
    taxId: w.taxId,
    timeZone: w.timeZone,
    defaultPhoneRegion: w.defaultPhoneRegion,
    restrictInvitesToDomain: w.restrictInvitesToDomain,
  });

  return {
    get: async (workspaceId: string) => toDto(await load(workspaceId)),

    settings: async (workspaceId: string) => settingsOf(await load(workspaceId)),

    /** For other modules, inside their unit of work (scoped to this workspace). */
    settingsIn: async (tx: Tx, workspaceId: string) => settingsOf(await loadIn(tx, workspaceId)),

    /**
     * Seats (active members + pending invitations) the workspace's plan allows: the one place
     * that knows, read from the billing subscription (Free: 3).
     */
    seatLimit: (workspaceId: string): Promise<number> => uow.tenant({ workspaceId }, (tx) => repo.seatLimit(tx, workspaceId)),
    seatLimitIn: (tx: Tx, workspaceId: string): Promise<number> => repo.seatLimit(tx, workspaceId),

    update: (workspaceId: string, body: WorkspaceUpdateBody): Promise<Workspace> =>
      uow.tenant({ workspaceId }, async (tx) => {
        const current = await loadIn(tx, workspaceId);
        const patch: WorkspacePatch = {};
        if (body.name !== undefined) patch.name = body.name;
        if (body.address !== undefined) patch.address = body.address;
        if (body.taxId !== undefined) patch.taxId = body.taxId;
        if (body.taxRateBps !== undefined) patch.taxRateBps = body.taxRateBps;
        if (body.timeZone !== undefined) patch.timeZone = body.timeZone;
        if (body.website !== undefined) {
          if (body.website === null) patch.website = null;
          else {
            const website = normalizeWebsite(body.website);
            if (!website) throw invalidField('website', 'Enter a web address such as https://acme.com');
            patch.website = website;
          }
        }
        if (body.domain !== undefined) {
          if (body.domain === null) patch.domain = null;
          else {
            const domain = normalizeDomain(body.domain);
            if (!domain) throw invalidField('domain', 'Enter a domain such as acme.com');
            patch.domain = domain;
          }
        } else if (patch.website && !current.domain) {
          // the website usually tells the email domain
          patch.domain = normalizeDomain(patch.website);
        }
        if (body.defaultPhoneRegion !== undefined) {
          const region = body.defaultPhoneRegion.toUpperCase();
          if (!isSupportedCountry(region)) throw invalidField('defaultPhoneRegion', 'Choose a country from the list');
          patch.defaultPhoneRegion = region;
        }
        if (body.restrictInvitesToDomain !== undefined) patch.restrictInvitesToDomain = body.restrictInvitesToDomain;

        const domainAfter = patch.domain !== undefined ? patch.domain : current.domain;
        const restrictAfter = patch.restrictInvitesToDomain ?? current.restrictInvitesToDomain;
        if (restrictAfter && !domainAfter) {
          throw invalidField('restrictInvitesToDomain', 'Set the company domain before restricting invitations to it');
        }
        if (restrictAfter && domainAfter && FREE_MAIL_DOMAINS.has(domainAfter)) {
          throw invalidField(
            'restrictInvitesToDomain',
            `${domainAfter} is a public email provider: restricting invitations to it would not restrict anything`,
          );
        }
        const row = await repo.update(tx, workspaceId, patch);
        if (!row) throw notFound('Workspace');
        return toDto(row);
      }),

    /** PNG or JPEG up to 1 MB, recognised by its bytes. SVG is refused: it can carry script. */
    async setLogo(workspaceId: string, data: Buffer): Promise<Workspace> {
      if (data.length === 0) throw invalidField('file', 'The file is empty');
      if (data.length > LOGO_MAX_BYTES)
        throw new AppError(413, 'payload_too_large', 'The logo must be 1 MB or smaller');
      const kind = sniffLogo(data);
      if (kind === 'svg') {
        throw new AppError(
          415,
          'unsupported_media_type',
          'SVG logos are not accepted (they can carry scripts). Upload a PNG or JPEG.',
        );
      }
      if (kind === 'unknown')
        throw new AppError(415, 'unsupported_media_type', 'Upload the logo as a PNG or JPEG image');
      // the declared canvas, not the file size, is what a browser allocates to draw it
      const size = declaredSize(data, kind);
      if (!size || size.width === 0 || size.height === 0)
        throw invalidField('file', 'This image is damaged: its width and height could not be read');
      if (size.width * size.height > LOGO_MAX_PIXELS) {
        throw new AppError(
          400,
          'image_too_large',
          `The logo is ${size.width} × ${size.height} pixels; upload one of at most 4096 × 4096`,
          {
            errors: [{ path: 'file', message: 'At most 4096 × 4096 pixels' }],
          },
        );
      }
      const row = await uow.tenant({ workspaceId }, (tx) => repo.putLogo(tx, workspaceId, { contentType: kind, data }));
      if (!row) throw notFound('Workspace');
      return toDto(row);
    },

    async removeLogo(workspaceId: string): Promise<Workspace> {
      const row = await uow.tenant({ workspaceId }, (tx) => repo.deleteLogo(tx, workspaceId));
      if (!row) throw notFound('Workspace');
      return toDto(row);
    },

    async logo(workspaceId: string) {
      const logo = await uow.tenant({ workspaceId }, (tx) => repo.findLogo(tx, workspaceId));
      if (!logo) throw notFound('Logo');
      return { contentType: logo.contentType, data: logo.data, updatedAt: logo.updatedAt };
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

export type ParsedDsn = { raw: string; host: string; protocol: string; projectId: string; publicKey: string; orgId: string | null };

/** https://<key>@o<org>.ingest.<region>.sentry.io/<project> → its parts; null when malformed. */
export function parseDsn(raw: string, fallbackOrgId?: string): ParsedDsn | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const projectId = url.pathname.split('/').filter(Boolean).pop();
  if (!projectId || !/^\d+$/.test(projectId) || !url.username) return null;
  const org = url.hostname.match(/^o(\d+)\./)?.[1] ?? fallbackOrgId ?? null;
  return { raw, host: url.host, protocol: url.protocol, projectId, publicKey: url.username, orgId: org };
}

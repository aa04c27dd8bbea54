import { createRequire } from 'node:module';
import mailchecker from 'mailchecker';

/**
 * Classification lists from maintained npm packages (no hand-written lists):
 * - disposable domains: `mailchecker` (its blocklist, matched on the domain and its parents,
 *   as mailchecker itself matches);
 * - free webmail: `email-providers` (`free-email-domains` fetches its list from the internet in
 *   a postinstall script, which fails where only the registry is reachable);
 * - role accounts: `role-based-email-addresses` (local parts such as sales, info, support).
 * Each is read once, on first use, into a Set.
 */
const require = createRequire(import.meta.url);

const strings = (v: unknown, name: string): string[] => {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new Error(`${name}: expected a list of strings`);
  return v;
};

let webmail: Set<string> | undefined;
let roles: Set<string> | undefined;

export function isDisposableDomain(domain: string): boolean {
  const list = mailchecker.blacklist();
  for (let d = domain; d; d = d.slice(d.indexOf('.') + 1)) {
    if (list.has(d)) return true;
    if (!d.includes('.')) break;
  }
  return false;
}

export function isWebmailDomain(domain: string): boolean {
  webmail ??= new Set(strings(require('email-providers/all.json'), 'email-providers'));
  return webmail.has(domain);
}

/** The local part names a role, not a person; a `+tag` does not change that. */
export function isRoleLocalPart(local: string): boolean {
  roles ??= new Set(
    strings(require('role-based-email-addresses'), 'role-based-email-addresses').map((r) => r.toLowerCase()),
  );
  const base = local.toLowerCase().split('+')[0]!;
  return roles.has(base);
}

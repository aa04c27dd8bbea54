import { fileURLToPath } from 'node:url';

/** Where the app under test listens: 3100 unless E2E_PORT says otherwise (parallel runs). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${e2ePort}`;

/** The SMTP catcher of global-setup.ts: 2526 unless E2E_SMTP_PORT says otherwise. */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);

/** Where global-setup.ts writes caught mail: e2e/.mail, or e2e/.mail-<port> for a parallel run. */
export const mailDir = fileURLToPath(
  new URL(process.env.E2E_SMTP_PORT ? `../.mail-${smtpPort}/` : '../.mail/', import.meta.url),
);

/** Cookie-bearing writes must name our origin (CSRF rule); browsers add it, API contexts don't. */
export const originHeader = { Origin: baseURL };

/**
 * The email verifier's peers (global-setup.ts): a DNS server on this UDP port and an SMTP
 * server on the next TCP port, both on 127.0.0.1, for the test domain e2e-mail.test.
 */
export const verifyDnsPort = smtpPort + 1000;
export const verifySmtpPort = smtpPort + 1001;

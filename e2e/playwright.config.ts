import { defineConfig } from '@playwright/test';
import { baseURL, e2ePort, smtpPort, verifyDnsPort, verifySmtpPort } from './support/env';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './global-setup.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Debian's Chromium: never download a browser.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Wipes .data/e2e-3100, starts the server in production mode serving apps/web/dist,
    // and sends mail to the SMTP catcher of global-setup.ts.
    command: 'node ../scripts/e2e-server.mjs',
    // E2E_PORT / E2E_SMTP_PORT let two runs share a machine (each gets its own data dir).
    // the email verifier asks the DNS and SMTP peers global-setup.ts starts (e2e-mail.test)
    env: {
      PORT: String(e2ePort),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      VERIFY_DNS_SERVERS: `127.0.0.1:${verifyDnsPort}`,
      VERIFY_SMTP_PORT: String(verifySmtpPort),
      VERIFY_HELO_HOST: 'verify.leadtrail.test',
      VERIFY_MAIL_FROM: 'bounces@leadtrail.test',
    },
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

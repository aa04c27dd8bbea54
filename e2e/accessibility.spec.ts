import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerByApi } from './support/accounts';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Fails on serious or critical violations, listing each with the elements it found. */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, report.join('\n\n')).toEqual([]);
}

const publicScreens = [
  { path: '/login', heading: 'Sign in to Leadtrail' },
  { path: '/register', heading: 'Create your Leadtrail account' },
  { path: '/reset-password', heading: 'Reset your password' },
  { path: '/reset-password/0123456789abcdef0123456789abcdef', heading: 'Choose a new password' },
  { path: '/legal/privacy-policy', heading: 'Privacy policy' },
  { path: '/this/page/does-not-exist', heading: 'Page not found' },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const screen of publicScreens) {
      test(`${screen.path} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await expectNoSeriousViolations(page);
      });
    }

    test('the sign-in form with errors has no serious accessibility violations', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Enter your password')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('the dashboard has no serious accessibility violations', async ({ page }) => {
      // page.request shares the page's cookies: registering signs the page in.
      await registerByApi(page.request, newAccount('a11y'));
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}

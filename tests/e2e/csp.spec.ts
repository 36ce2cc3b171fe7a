import { expect, type Page, test } from '@playwright/test';
import { ADMIN, LEAD, openProfileMenu, SIGNING_IN, signIn, waitForServiceWorker } from './support/actions.ts';

type Violation = { directive: string; blocked: string; source: string };
type CspWindow = Window & { __cspViolations?: Violation[]; __injectedScriptRan?: boolean };

/**
 * Records every Content-Security-Policy violation of each document the page loads in a window
 * array, and every console error about the policy, which Chromium logs for blocked resources.
 */
async function watchPolicy(page: Page) {
  await page.addInitScript(() => {
    const violations: Violation[] = [];
    (window as CspWindow).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: event.sourceFile,
      });
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  return consoleErrors;
}

/** The violations the current document has reported so far, once pending events have been dispatched. */
async function violations(page: Page): Promise<Violation[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as CspWindow).__cspViolations ?? [];
  });
}

/** Expects the screen shown to have loaded without breaking the policy. */
async function expectNoViolations(page: Page, consoleErrors: string[]) {
  expect(await violations(page), page.url()).toEqual([]);
  expect(consoleErrors, page.url()).toEqual([]);
}

test('the login page, the portal dashboards and the team dashboard run under the policy', async ({
  page,
}) => {
  const consoleErrors = await watchPolicy(page);

  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoViolations(page, consoleErrors);

  await signIn(page, LEAD);
  await expect(page).toHaveURL(/\/user-portal\/user-dashboard$/, SIGNING_IN);
  await expect(page.getByText('Welcome to the User Portal.')).toBeVisible(SIGNING_IN);
  // The service worker is registered and activated under the policy too.
  await waitForServiceWorker(page);
  await openProfileMenu(page);
  await page.keyboard.press('Escape');
  await expectNoViolations(page, consoleErrors);

  await page.goto('/user-portal/team-dashboard');
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team members' })).toBeVisible();
  await expectNoViolations(page, consoleErrors);
});

test('the administration dashboard and its lists run under the policy', async ({ page }) => {
  const consoleErrors = await watchPolicy(page);

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/app\/dashboard$/, SIGNING_IN);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible(SIGNING_IN);
  await expectNoViolations(page, consoleErrors);

  await page.goto('/app/user-management/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('cell', { name: /@example\.com$/ }).first()).toBeVisible();
  await expectNoViolations(page, consoleErrors);

  // Moving between screens inside the app, without loading a new document.
  await page.goto('/app/user-management/users-group');
  await expect(page.getByRole('heading', { name: 'User Groups' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Group' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Group' })).toBeVisible();
  await expectNoViolations(page, consoleErrors);
});

test('a script injected into the page does not run', async ({ page }) => {
  const consoleErrors = await watchPolicy(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injectedScriptRan = true;';
    document.body.append(script);
  });

  await expect
    .poll(() => violations(page))
    .toContainEqual(
      expect.objectContaining({ directive: expect.stringMatching(/^script-src/), blocked: 'inline' }),
    );
  expect(await page.evaluate(() => (window as CspWindow).__injectedScriptRan)).toBeUndefined();
  expect(consoleErrors.join('\n')).toMatch(/Content Security Policy/);
});

import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/config.ts';
import { readStoredValue } from './support/outbox-page.ts';
import {
  lookUpIds,
  redirectRoutes,
  type ScreenIds,
  screenReady,
  screens,
  settle,
  showScreen,
  signInAs,
  type Who,
} from './support/screens.ts';

// axe on every screen of tests/e2e/support/screens.ts, as the role that uses it, at a phone's and a
// desktop's size, in the light and the dark colour scheme (the device's, which the app follows).
// Serious and critical findings fail the test; every rule runs. An entry that opens a dialog, menu or
// calendar over a page is audited in that layer only (its `layer`): the page beneath is audited by
// the entry without steps, and auditing it again would only double the run time.

// The screens are audited independently of one another, so with several workers they are shared out
// among them one by one rather than the whole file going to one worker.
test.describe.configure({ mode: 'parallel' });

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
const SCHEMES = ['light', 'dark'] as const;

type Finding = { where: string; rule: string; impact: string; help: string; targets: string[] };

/**
 * axe's default mode audits each frame on its own and combines the results in a blank page it opens
 * for each audit, so that frames of other origins are audited too; that page costs more than the
 * audit of most screens. A screen with no framed document (an e-learning package, an embedded video
 * or lesson file) is audited in one pass in the page itself, which finds the same.
 */
function framesADocument(page: Page): boolean {
  return page.frames().some((frame) => frame !== page.mainFrame() && /^https?:/.test(frame.url()));
}

async function audit(page: Page, where: string, layer: string[] | undefined): Promise<Finding[]> {
  let axe = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(!framesADocument(page));
  for (const selector of layer ?? []) axe = axe.include(selector);
  const { violations } = await axe.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      // Where, and axe's own words on why (for contrast: the two colours and their ratio).
      targets: violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `${node.target.join(' ')}: ${(node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? ''}`,
        ),
    }));
}

// One signed-in page per role and worker, shared by that role's screens, so a worker signs in three times at most.
const pages = new Map<Who, Promise<Page>>();
const contexts: BrowserContext[] = [];
let ids: ScreenIds;

async function pageFor(browser: Browser, who: Who): Promise<Page> {
  let page = pages.get(who);
  if (!page) {
    page = (async () => {
      const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: VIEWPORTS.desktop });
      contexts.push(context);
      const created = await context.newPage();
      if (who !== 'anonymous') await signInAs(created, who);
      return created;
    })();
    pages.set(who, page);
  }
  return page;
}

test.beforeAll(async () => {
  ids = await lookUpIds(E2E_BASE_URL);
});

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

test('every route of the app is in the screen catalogue', () => {
  const tree = readFileSync('src/routeTree.gen.ts', 'utf8');
  const union = /fullPaths:([^:]*?)fileRoutesByTo/s.exec(tree)?.[1] ?? '';
  const routes = [...union.matchAll(/'([^']+)'/g)].map((match) => match[1]);
  expect(routes.length).toBeGreaterThan(10);
  const listed = new Set([...screens.map((screen) => screen.route), ...Object.keys(redirectRoutes)]);
  expect(routes.filter((route) => !listed.has(route as string))).toEqual([]);
  expect(new Set(screens.map((screen) => screen.name)).size).toBe(screens.length);
});

for (const screen of screens) {
  test(`${screen.name}: no serious or critical axe violations`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await pageFor(browser, screen.who);
    const findings: Finding[] = [];
    let opened = false;
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(size);
      try {
        // A screen reached by its address alone is opened once, and then resized in place, which
        // shows the same as loading it again at the new size; one reached by steps is opened anew
        // (what the steps do may differ by size).
        if (opened && !screen.open) await screenReady(page, screen);
        else await showScreen(page, screen, ids);
        opened = true;
        for (const scheme of SCHEMES) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          await settle(page);
          findings.push(...(await audit(page, `${viewport} ${scheme}`, screen.layer)));
        }
      } finally {
        await screen.cleanup?.(page);
      }
    }
    expect(findings.length, JSON.stringify(findings, null, 2)).toBe(0);
  });
}

test('the colour scheme follows the device, can be set from the profile menu and is kept after a reload', async ({
  page,
}) => {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAs(page, 'lead');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  const choose = async (name: string) => {
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const appearance = page.getByRole('group', { name: 'Appearance' });
    await expect(appearance.getByRole('menuitemradio', { name: 'Follow device' })).toBeVisible();
    await appearance.getByRole('menuitemradio', { name }).click();
    await expect(appearance.getByRole('menuitemradio', { name })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    // Saved on the device before the page goes.
    const saved = { Light: 'light', Dark: 'dark', 'Follow device': 'auto' }[name];
    await expect.poll(() => storedColorScheme(page)).toBe(saved);
  };

  await choose('Dark');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await choose('Light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await choose('Follow device');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('the organization list holds plain options; each Set Default beside them is reached with Tab', async ({
  page,
}) => {
  await signInAs(page, 'lead');
  await page.goto(`/user-portal/team-dashboard?team=${ids.teamId}`);
  await page.getByRole('combobox', { name: 'Organization :' }).click();
  const list = page.getByRole('listbox', { name: 'Organizations' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(list.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Set Default: / }).first()).toBeFocused();
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
});

/** The colour scheme the app keeps on the device, with the sidebar state, in its IndexedDB store. */
async function storedColorScheme(page: Page): Promise<unknown> {
  return ((await readStoredValue(page, 'theme')) as { colorScheme?: unknown } | undefined)?.colorScheme;
}

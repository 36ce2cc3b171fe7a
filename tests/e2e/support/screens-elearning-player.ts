// The screen catalogue's entry (screens.ts) for an e-learning package in the course player, as a
// learner plays it: the catalogue's package (screens-elearning.ts uploads it before a run, two SCOs
// in a course open to every signed-in user), with its table of contents and the SCO in its frame. No
// test runner imports: the screenshots script loads this module too.
import type { Page } from 'playwright-core';
import type { Screen } from './screens.ts';

/** The course screens-elearning.ts puts the catalogue's package in. */
const PACKAGE_COURSE = 'Catalogue working at height';
/** The package's first SCO, whose page shows in the launcher's frame. */
const FIRST_SCO = 'Before you climb';

/** From Training Resources, the package's course in the player, once the SCO has painted. */
const openPackage = async (page: Page) => {
  await page.getByRole('link', { name: `Open course ${PACKAGE_COURSE}` }).click();
  await page.getByRole('navigation', { name: 'Package contents' }).waitFor();
  await page
    .frameLocator('main iframe[title]')
    .frameLocator('#sco')
    .getByRole('heading', { level: 1, name: FIRST_SCO })
    .waitFor({ timeout: 30_000 });
};

export const elearningPlayerScreens: Screen[] = [
  {
    name: 'course-player-elearning',
    route: '/user-portal/learning-process/course/$courseId',
    who: 'lead',
    path: () => `/user-portal/learning-process/training?search=${encodeURIComponent(PACKAGE_COURSE)}`,
    ready: async (page) => {
      await page.getByRole('link', { name: `Open course ${PACKAGE_COURSE}` }).waitFor();
    },
    open: openPackage,
  },
];

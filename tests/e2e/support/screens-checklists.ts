// The screen catalogue's entries (screens.ts) for checklists as a learner and a named observer meet
// them: the learner's checklist screen and the player's checklist, and the observer's list, a
// learner's checklist and its sign-off dialog. No test runner imports: the screenshots script loads
// this module too.
import type { Page } from 'playwright-core';
import type { Screen } from './screens.ts';

/** The seed's checklist of the catalogue (ScreenIds.checklistId), in the outline of the catalogue's course. */
const SCREEN_CHECKLIST = 'Safety Walkthrough';
/** The seed's checklist its named observer (the second lead) observes. */
const OBSERVED_CHECKLIST = 'Equipment Setup';

const heading = (level: 1 | 2, name: string | RegExp) => async (page: Page) => {
  await page.getByRole('heading', { level, name }).waitFor();
};

/** The observer's list is ready once the observed checklist and its first learner show. */
const observingReady = async (page: Page) => {
  await heading(1, 'Checklists you observe')(page);
  await page.getByRole('article', { name: OBSERVED_CHECKLIST }).getByRole('link').first().waitFor();
};

/** From the observer's list, the first learner's checklist, once its items show. */
const openObservedChecklist = async (page: Page) => {
  await page.getByRole('article', { name: OBSERVED_CHECKLIST }).getByRole('link').first().click();
  await heading(1, new RegExp(`^${OBSERVED_CHECKLIST}: `))(page);
  await page.getByRole('list', { name: 'Checklist items' }).waitFor();
};

const SIGN_BUTTON = /^(Sign off|Not yet|Competent|Not yet competent)$/;

/**
 * The sign-off dialog of the first learner with an item the observer may still sign off: the
 * seed's history leaves some learners' checklists done, so the learners are tried in turn.
 */
const openObservedSignOff = async (page: Page) => {
  const learners = page.getByRole('article', { name: OBSERVED_CHECKLIST }).getByRole('link');
  const count = await learners.count();
  for (let index = 0; index < count; index += 1) {
    await learners.nth(index).click();
    await heading(1, new RegExp(`^${OBSERVED_CHECKLIST}: `))(page);
    const buttons = page
      .getByRole('list', { name: 'Checklist items' })
      .getByRole('button', { name: SIGN_BUTTON });
    await page.getByRole('list', { name: 'Checklist items' }).waitFor();
    if ((await buttons.count()) > 0) {
      await buttons.first().click();
      await page.getByRole('dialog').waitFor();
      return;
    }
    await page.goBack();
    await observingReady(page);
  }
  throw new Error(`No learner of ${OBSERVED_CHECKLIST} has an item the observer may sign off`);
};

export const checklistScreens: Screen[] = [
  {
    name: 'my-checklist',
    route: '/user-portal/learning-process/checklist/$checklistId',
    who: 'lead',
    path: (ids) => `/user-portal/learning-process/checklist/${ids.checklistId}`,
    ready: async (page) => {
      await heading(1, SCREEN_CHECKLIST)(page);
      await page.getByRole('list', { name: 'Checklist items' }).waitFor();
    },
  },
  {
    // The catalogue's course in the player, open on its checklist.
    name: 'course-player-checklist',
    route: '/user-portal/learning-process/course/$courseId',
    who: 'lead',
    path: (ids) => `/user-portal/learning-process/course/${ids.courseId}?item=${ids.checklistId}`,
    ready: async (page) => {
      await heading(2, SCREEN_CHECKLIST)(page);
      await page.getByRole('list', { name: 'Checklist items' }).waitFor();
    },
  },
  { name: 'observing', route: '/user-portal/observing/', who: 'observer', ready: observingReady },
  {
    name: 'observed-checklist',
    route: '/user-portal/observing/$checklistId/$learnerId',
    who: 'observer',
    path: () => '/user-portal/observing',
    ready: observingReady,
    open: openObservedChecklist,
  },
  {
    // A sign-off's note and photo (or a not yet's), over the learner's checklist.
    name: 'observed-checklist-sign-off',
    route: '/user-portal/observing/$checklistId/$learnerId',
    who: 'observer',
    path: () => '/user-portal/observing',
    ready: observingReady,
    open: openObservedSignOff,
    layer: ['[role="dialog"]'],
  },
];

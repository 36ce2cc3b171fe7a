// The catalogue of the app's screens, as their users meet them: where each is, who signs in to use it
// and, for a dialog, menu or drawer, the steps that open it. The accessibility test (accessibility.spec.ts)
// and `npm run screenshots` (scripts/screenshots.ts) both walk this list, so a new screen joins both by
// one line here. No test runner imports: the screenshots script loads this module too.
import type { Page } from 'playwright-core';
import { API_BASE } from '../../../contract/paths.ts';
import { attendeeScreens, screenAttendee } from './screens-attendees.ts';
import {
  completeTimeManagement,
  openCertificateCheck,
  unknownCertificateReady,
} from './screens-certificates.ts';
import { checklistScreens } from './screens-checklists.ts';
import { cataloguePackage, elearningScreens } from './screens-elearning.ts';
import { elearningPlayerScreens } from './screens-elearning-player.ts';
import { leadChecklistScreens } from './screens-lead-checklists.ts';
import { discardAllOfflineChanges, finishActivityOffline } from './screens-waiting-work.ts';

export type Who = 'anonymous' | 'admin' | 'lead' | 'observer';

export const SIGN_INS = {
  admin: { email: 'admin@example.com', password: 'admin123', home: /\/app\/dashboard$/ },
  lead: { email: 'lead@example.com', password: 'lead1234', home: /\/user-portal\/user-dashboard$/ },
  /** The seed's second lead, named observer of the Equipment Setup checklist. */
  observer: { email: 'lead2@example.com', password: 'lead1234', home: /\/user-portal\/user-dashboard$/ },
} as const;

/** Real records the edit screens open, looked up through the API before a run (see lookUpIds). */
export type ScreenIds = {
  /** A user the administrator edits (the team lead). */
  userId: string;
  /** The lead's default team (the seed's Growth Team), which the administrator may edit too. */
  teamId: string;
  /** An administrative role the administrator may edit. */
  roleId: string;
  /** A member of that team. */
  memberId: string;
  /** A course category under another (the seed's Safety / Forklifts). */
  categoryId: string;
  /** The seed's Forklift Safety Check quiz, with a question of each type. */
  quizId: string;
  /** The seed's Workplace Safety Essentials course (SCREEN_COURSE), with an outline. */
  courseId: string;
  /** A course assignment with learners (one the seed made for a team). */
  assignmentId: string;
  /** The seed's Safety Walkthrough checklist, with activities of several types. */
  checklistId: string;
  /** The catalogue's e-learning package, uploaded before a run (screens-elearning.ts), with a learner. */
  elearningId: string;
  /** The lead on the catalogue's event, made before a run (screens-attendees.ts). */
  attendeeId: string;
};

export type Screen = {
  /** Unique and file-name safe: the test's title and the screenshot's file name. */
  name: string;
  /** The route of src/routes it shows (as in src/routeTree.gen.ts), or null for the not-found screen. */
  route: string | null;
  who: Who;
  /** The address to open; `$param`s of `route` are filled from the ids when left out. */
  path?: (ids: ScreenIds) => string;
  /** Waits for what shows once the screen has its data; by default its level-one heading. */
  ready?: (page: Page) => Promise<void>;
  /** Opens the dialog, menu or drawer this entry is about. */
  open?: (page: Page) => Promise<void>;
  /** Undoes what `open` left behind (a queued change, the offline mode), once the entry is done. */
  cleanup?: (page: Page) => Promise<void>;
  /**
   * Where what `open` shows is, when it is a layer over an unchanged page (a dialog, a menu, a
   * calendar): the accessibility test audits only that, as the page beneath is the entry without steps.
   */
  layer?: string[];
};

/** The course the course screens open (ScreenIds.courseId). */
const SCREEN_COURSE = 'Workplace Safety Essentials';

const DIALOG = '[role="dialog"]';
const MENU = '[role="menu"]';
const POPOVER = '.mantine-Popover-dropdown';

/** A route parameter ScreenIds does not name gets this well-formed id, which names no record. */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000001';

const heading = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('heading', { level: 1, name }).waitFor();
};

/** Edit Team is ready once its members' first page has arrived. */
const teamMembersListed = async (page: Page) => {
  await heading('Edit Team')(page);
  await page
    .getByRole('table', { name: 'Team members' })
    .getByRole('button', { name: /^Remove / })
    .first()
    .waitFor();
};

/** A list screen is ready once its heading shows and its first record has arrived (with its Edit action). */
const listOf = (title: string) => async (page: Page) => {
  await heading(title)(page);
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .waitFor();
};

const click = async (page: Page, role: 'button' | 'link' | 'tab' | 'menuitem', name: string | RegExp) => {
  await page.getByRole(role, { name }).first().click();
};

const dialog = async (page: Page, name: string | RegExp) => {
  await page.getByRole('dialog', { name }).waitFor();
};

const openProfileMenu = async (page: Page) => {
  await click(page, 'button', /profile menu/i);
  await page.getByRole('menu').waitFor();
};

const openProfileDialog = async (page: Page) => {
  await openProfileMenu(page);
  await click(page, 'menuitem', 'Profile');
  await dialog(page, 'Profile');
};

/** The sidebar as a drawer on a phone; on a wider screen the same button collapses it to icons. */
const toggleSidebar = async (page: Page) => {
  await page.getByRole('button', { name: 'Toggle menu' }).filter({ visible: true }).click();
};

const memberCards = (page: Page) => page.getByRole('region', { name: 'Team members' }).getByRole('article');

const openMemberView = (view: string) => async (page: Page) => {
  await memberCards(page).first().getByRole('button', { name: view, exact: true }).click();
  await page.getByRole('dialog').waitFor();
};

/** A date field's calendar, open on its month. */
const openCalendar = (scope: (page: Page) => Promise<void>, label: string | RegExp) => async (page: Page) => {
  await scope(page);
  await page.getByRole('button', { name: label }).or(page.getByLabel(label)).first().click();
  await page
    .getByRole('table')
    .filter({ has: page.locator('[data-dates-table], td button') })
    .last()
    .waitFor();
};

/** The top bar's count of offline changes, which opens their panel. */
const outboxButton = (page: Page) => page.getByRole('button', { name: /^Offline changes:/ });

/**
 * The offline changes panel with a change waiting in it: offline, a member's invitation is resent
 * (kept by the outbox), and the panel opened from the top bar.
 */
const openOfflineChanges = async (page: Page) => {
  // The outbox lives in the service worker: it must control the page before the connection goes.
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });
  await page.context().setOffline(true);
  await page.getByRole('status', { name: 'Offline' }).waitFor();
  await memberCards(page).first().getByRole('button', { name: 'Resend Email' }).click();
  await outboxButton(page).click();
  await dialog(page, 'Offline changes');
};

/** Discards the waiting change before the connection comes back, so nothing is sent. */
const discardOfflineChanges = async (page: Page) => {
  const pending = outboxButton(page);
  const panel = page.getByRole('dialog', { name: 'Offline changes' });
  if ((await pending.count()) > 0) {
    if (!(await panel.isVisible())) await pending.click();
    await panel.getByRole('button', { name: 'Discard' }).first().click();
    await page
      .getByRole('dialog', { name: /^Confirm/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await pending.waitFor({ state: 'detached' });
  }
  await page.context().setOffline(false);
};

const TEAM_DASHBOARD = (ids: ScreenIds) => `/user-portal/team-dashboard?team=${ids.teamId}`;
const TRAININGS_TAB = (ids: ScreenIds) =>
  `/user-portal/team-dashboard?team=${ids.teamId}&activeTab=trainings`;
const dashboardReady = async (page: Page) => {
  await heading('Team Dashboard')(page);
  await memberCards(page).first().waitFor();
};
const trainingsReady = async (page: Page) => {
  await heading('Team Dashboard')(page);
  await page.getByRole('button', { name: 'Reassign Training' }).first().waitFor();
};

/** The compliance dashboard is ready once its figures and the first rows of its report have arrived. */
const complianceReady = async (page: Page) => {
  await heading('Dashboard')(page);
  await page.getByRole('link', { name: /Assigned \(list them for the organization\)$/ }).waitFor();
  await page.getByRole('table', { name: 'Compliance report' }).getByRole('row').nth(1).waitFor();
};
const openTeamFigure = async (page: Page) => {
  await click(page, 'button', /Overdue \(list them for this team\)$/);
  await dialog(page, 'Training: Overdue');
};

/** The seed's Growth Onboarding, which every member of the lead's default team is assigned. */
const TRAINING_LEARNERS = (ids: ScreenIds) => `${TRAININGS_TAB(ids)}&search=Growth%20Onboarding`;
const openLearners = async (page: Page) => {
  await click(page, 'button', 'Learners of Growth Onboarding');
  await page.getByRole('dialog', { name: 'Learners: Growth Onboarding' }).getByRole('row').nth(1).waitFor();
};

/** My Dashboard is ready once the learner's trainings have arrived (its sections show, filled or empty). */
const myDashboardReady = async (page: Page) => {
  await heading('Welcome to the User Portal.')(page);
  await page.getByRole('heading', { level: 2, name: 'Assigned training' }).waitFor();
};

/** Training Resources is ready once its first page of courses has arrived. */
const catalogueReady = async (page: Page) => {
  await heading('Welcome to the training Page.')(page);
  await page
    .getByRole('link', { name: /^Open course / })
    .first()
    .waitFor();
};

/** The course player is ready once its outline and the open lesson's first activity (or quiz) show. */
const playerReady = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Course outline' }).waitFor();
  await page.locator('main article, main h2').first().waitFor();
};

export const screens: Screen[] = [
  // Public screens, nobody signed in.
  { name: 'login', route: '/login', who: 'anonymous' },
  { name: 'home', route: '/', who: 'anonymous' },
  { name: 'forgot-password', route: '/forgot-password', who: 'anonymous' },
  {
    name: 'reset-password',
    route: '/reset-password/$token',
    who: 'anonymous',
    path: () => '/reset-password/not-a-real-token',
  },
  {
    name: 'forgot-password-sent',
    route: '/forgot-password',
    who: 'anonymous',
    open: async (page) => {
      // A new unknown email each time: no mail goes out and the per-email limit is never met.
      await page.getByLabel(/^email/i).fill(`nobody.${Date.now()}@example.com`);
      await click(page, 'button', 'Submit');
      const toast = page.getByRole('alert').filter({ hasText: 'If an account exists' });
      await toast.waitFor();
      // Held open while the pointer is over it, as a reader would.
      await toast.hover();
    },
  },
  { name: 'tooltip-demo', route: '/test', who: 'anonymous' },
  { name: 'not-found', route: null, who: 'anonymous', path: () => '/no-such-page' },

  // The administration area, as the administrator.
  { name: 'admin-dashboard', route: '/app/dashboard', who: 'admin', ready: complianceReady },
  { name: 'admin-profile-menu', route: '/app/dashboard', who: 'admin', open: openProfileMenu, layer: [MENU] },
  {
    name: 'admin-profile-dialog',
    route: '/app/dashboard',
    who: 'admin',
    open: openProfileDialog,
    layer: [DIALOG],
  },
  { name: 'admin-sidebar-toggled', route: '/app/dashboard', who: 'admin', open: toggleSidebar },
  {
    name: 'admin-loading',
    route: '/app/loading',
    who: 'admin',
    ready: async (page) => {
      await page.getByRole('status').filter({ hasText: 'Loading' }).first().waitFor();
    },
  },
  { name: 'admin-test', route: '/app/test', who: 'admin' },
  {
    name: 'users',
    route: '/app/user-management/users/',
    who: 'admin',
    ready: listOf('Users'),
  },
  {
    name: 'users-import-dialog',
    route: '/app/user-management/users/',
    who: 'admin',
    ready: listOf('Users'),
    open: async (page) => {
      await click(page, 'button', 'Import CSV');
      await dialog(page, 'Import CSV');
    },
    layer: [DIALOG],
  },
  {
    name: 'users-import-file-chosen',
    route: '/app/user-management/users/',
    who: 'admin',
    ready: listOf('Users'),
    open: async (page) => {
      await click(page, 'button', 'Import CSV');
      await dialog(page, 'Import CSV');
      // A file chosen (not imported): the field shows its name and a button to clear it.
      await page.locator('input[type="file"]').setInputFiles({
        name: 'users.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'firstName,lastName,email,membership,roles,groups\nAda,Lovelace,ada.lovelace@example.com,,,\n',
        ),
      });
      await page.getByRole('dialog', { name: 'Import CSV' }).getByText('1 row is ready to import.').waitFor();
    },
    layer: [DIALOG],
  },
  {
    name: 'users-confirm-dialog',
    route: '/app/user-management/users/',
    who: 'admin',
    ready: listOf('Users'),
    open: async (page) => {
      await click(page, 'button', /^Delete /);
      await dialog(page, 'Confirm Deletion');
    },
    layer: [DIALOG],
  },
  { name: 'user-add', route: '/app/user-management/users/add', who: 'admin' },
  { name: 'user-edit', route: '/app/user-management/users/edit/$userId', who: 'admin' },
  {
    name: 'user-edit-teams-picker',
    route: '/app/user-management/users/edit/$userId',
    who: 'admin',
    // The Teams picker open: the teams the administrator may put the user in.
    open: async (page) => {
      await page.getByRole('combobox', { name: 'Teams' }).click();
      await page.getByRole('option').first().waitFor();
    },
  },
  {
    name: 'user-groups',
    route: '/app/user-management/users-group',
    who: 'admin',
    ready: listOf('User Groups'),
  },
  {
    name: 'user-groups-add-dialog',
    route: '/app/user-management/users-group',
    who: 'admin',
    open: async (page) => {
      await click(page, 'button', 'Add Group');
      await dialog(page, 'Add Group');
    },
    layer: [DIALOG],
  },
  {
    name: 'user-groups-edit-dialog',
    route: '/app/user-management/users-group',
    who: 'admin',
    open: async (page) => {
      await click(page, 'button', /^Edit /);
      await dialog(page, 'Edit Group');
    },
    layer: [DIALOG],
  },
  {
    name: 'profile-fields',
    route: '/app/user-management/users-profile-field',
    who: 'admin',
    ready: listOf('Profile Fields'),
  },
  {
    name: 'profile-fields-add-dialog',
    route: '/app/user-management/users-profile-field',
    who: 'admin',
    open: async (page) => {
      await click(page, 'button', 'Add Profile Field');
      await dialog(page, 'Add Profile Field');
    },
    layer: [DIALOG],
  },
  {
    name: 'profile-fields-edit-dialog',
    route: '/app/user-management/users-profile-field',
    who: 'admin',
    open: async (page) => {
      await click(page, 'button', /^Edit /);
      await dialog(page, 'Edit Profile Field');
    },
    layer: [DIALOG],
  },
  {
    name: 'teams',
    route: '/app/user-management/users-team/',
    who: 'admin',
    ready: listOf('Teams'),
  },
  {
    name: 'teams-duplicate-dialog',
    route: '/app/user-management/users-team/',
    who: 'admin',
    ready: listOf('Teams'),
    open: async (page) => {
      await click(page, 'button', /^Duplicate /);
      await dialog(page, 'Duplicate Team');
    },
    layer: [DIALOG],
  },
  {
    name: 'teams-duplicate-discard-question',
    route: '/app/user-management/users-team/',
    who: 'admin',
    ready: listOf('Teams'),
    // Cancel after changing the copy's title asks before the change is thrown away.
    open: async (page) => {
      await click(page, 'button', /^Duplicate /);
      await dialog(page, 'Duplicate Team');
      await page
        .getByRole('dialog', { name: 'Duplicate Team' })
        .getByRole('textbox', { name: 'Title' })
        .fill('Night shift');
      await click(page, 'button', 'Cancel');
      await dialog(page, 'Discard unsaved changes?');
    },
    layer: [DIALOG],
  },
  { name: 'team-add', route: '/app/user-management/users-team/add', who: 'admin' },
  {
    name: 'team-edit',
    route: '/app/user-management/users-team/edit/$teamId',
    who: 'admin',
    ready: teamMembersListed,
  },
  {
    name: 'team-edit-remove-member',
    route: '/app/user-management/users-team/edit/$teamId',
    who: 'admin',
    ready: teamMembersListed,
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
      await dialog(page, 'Remove Member');
    },
    layer: [DIALOG],
  },
  {
    name: 'roles',
    route: '/app/user-management/role-permission/',
    who: 'admin',
    ready: listOf('Roles'),
  },
  { name: 'role-add', route: '/app/user-management/role-permission/add', who: 'admin' },
  {
    name: 'role-edit',
    route: '/app/user-management/role-permission/edit/$adminstrationRoleId',
    who: 'admin',
    path: (ids) => `/app/user-management/role-permission/edit/${ids.roleId}`,
  },
  {
    name: 'admin-assign-training',
    route: '/app/team-dashboard/assign-new-training',
    who: 'admin',
    path: (ids) => `/app/team-dashboard/assign-new-training?team=${ids.teamId}`,
  },
  { name: 'courses', route: '/app/content-management/courses/', who: 'admin', ready: listOf('Courses') },
  { name: 'course-add', route: '/app/content-management/courses/add', who: 'admin' },
  {
    name: 'course-edit',
    route: '/app/content-management/courses/edit/$courseId',
    who: 'admin',
    ready: async (page) => {
      await page.getByRole('heading', { level: 2, name: 'Outline' }).waitFor();
      await page.getByRole('list', { name: 'Course outline' }).waitFor();
      // The learners the seed's trainings give it, and Assign.
      await page
        .getByRole('region', { name: 'Learners' })
        .getByRole('link', { name: / through \d+ assignments?$/ })
        .waitFor();
    },
  },
  {
    name: 'course-categories',
    route: '/app/content-management/course-category/',
    who: 'admin',
    ready: listOf('Course Categories'),
  },
  {
    name: 'course-categories-selected',
    route: '/app/content-management/course-category/',
    who: 'admin',
    ready: listOf('Course Categories'),
    // Two rows chosen: the bulk actions' bar shows above the list.
    open: async (page) => {
      const boxes = page.getByRole('checkbox');
      await boxes.nth(1).check();
      await boxes.nth(2).check();
      await page.getByRole('toolbar', { name: 'Bulk actions' }).waitFor();
    },
  },
  {
    name: 'course-categories-unpublish-dialog',
    route: '/app/content-management/course-category/',
    who: 'admin',
    ready: listOf('Course Categories'),
    open: async (page) => {
      await page
        .getByRole('switch', { name: /^Published: / })
        .first()
        .click();
      await dialog(page, 'Confirm Unpublish');
    },
    layer: [DIALOG],
  },
  {
    name: 'course-categories-delete-dialog',
    route: '/app/content-management/course-category/',
    who: 'admin',
    ready: listOf('Course Categories'),
    open: async (page) => {
      await click(page, 'button', /^Delete /);
      await dialog(page, 'Confirm Deletion');
    },
    layer: [DIALOG],
  },
  { name: 'course-category-add', route: '/app/content-management/course-category/add', who: 'admin' },
  {
    name: 'course-category-add-unsaved',
    route: '/app/content-management/course-category/add',
    who: 'admin',
    open: async (page) => {
      await page.getByLabel('Category Title').fill('Scaffolding');
      await click(page, 'button', 'Cancel');
      await dialog(page, 'Discard unsaved changes?');
    },
    // Leaves the form, so the next size opens it unchanged (and no reload asks the browser's question).
    cleanup: async (page) => {
      await page
        .getByRole('dialog', { name: 'Discard unsaved changes?' })
        .getByRole('button', { name: 'Discard' })
        .click();
      await page.waitForURL(/\/course-category(\?|$)/);
    },
    layer: [DIALOG],
  },
  {
    name: 'course-category-edit',
    route: '/app/content-management/course-category/edit/$categoryId',
    who: 'admin',
  },
  {
    name: 'course-category-parent-picker',
    route: '/app/content-management/course-category/edit/$categoryId',
    who: 'admin',
    open: async (page) => {
      await page.getByLabel('Parent Category').click();
      await page.getByRole('option').first().waitFor();
    },
  },
  { name: 'elearning', route: '/app/content-management/elearning/', who: 'admin' },
  { name: 'elearning-add', route: '/app/content-management/elearning/add', who: 'admin' },
  ...elearningScreens,
  { name: 'lessons', route: '/app/content-management/lessons/', who: 'admin' },
  { name: 'lesson-add', route: '/app/content-management/lessons/add', who: 'admin' },
  { name: 'lesson-edit', route: '/app/content-management/lessons/edit/$lessonId', who: 'admin' },
  { name: 'quizzes', route: '/app/content-management/quizzes/', who: 'admin', ready: listOf('Quizzes') },
  { name: 'quiz-add', route: '/app/content-management/quizzes/add', who: 'admin' },
  {
    name: 'quiz-edit',
    route: '/app/content-management/quizzes/edit/$quizId',
    who: 'admin',
    ready: async (page) => {
      await page.getByRole('heading', { level: 2, name: 'Questions' }).waitFor();
      await page.getByRole('list', { name: 'Questions' }).waitFor();
    },
  },
  {
    name: 'quiz-question-dialog',
    route: '/app/content-management/quizzes/edit/$quizId',
    who: 'admin',
    open: async (page) => {
      await click(page, 'button', /^Edit question 1: /);
      await dialog(page, 'Edit Question');
    },
    layer: [DIALOG],
  },
  {
    name: 'quiz-import-dialog',
    route: '/app/content-management/quizzes/edit/$quizId',
    who: 'admin',
    open: async (page) => {
      await click(page, 'button', 'Import');
      await dialog(page, 'Import Questions');
    },
    layer: [DIALOG],
  },
  {
    name: 'assignments',
    route: '/app/content-management/assignments/',
    who: 'admin',
    ready: listOf('Assignments'),
  },
  {
    name: 'assignments-delete-dialog',
    route: '/app/content-management/assignments/',
    who: 'admin',
    ready: listOf('Assignments'),
    open: async (page) => {
      await click(page, 'button', /^Delete /);
      await dialog(page, 'Confirm Deletion');
    },
    layer: [DIALOG],
  },
  { name: 'assignment-add', route: '/app/content-management/assignments/add', who: 'admin' },
  {
    name: 'assignment-add-from-course',
    route: '/app/content-management/assignments/add',
    who: 'admin',
    // A course's Assign: the form opens with the course chosen and named.
    path: (ids) => `/app/content-management/assignments/add?course=${ids.courseId}`,
    ready: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Add Assignment' }).waitFor();
      await page.getByText(SCREEN_COURSE, { exact: true }).filter({ visible: true }).waitFor();
    },
  },
  {
    name: 'assignments-of-course',
    route: '/app/content-management/assignments/',
    who: 'admin',
    // A course's learner count: the list filtered to the course, the filter naming it.
    path: (ids) => `/app/content-management/assignments?course=${ids.courseId}`,
    ready: async (page) => {
      await listOf('Assignments')(page);
      await page.waitForFunction(
        (name: string) => [...document.querySelectorAll('input')].some((input) => input.value === name),
        SCREEN_COURSE,
      );
    },
  },
  {
    name: 'assignment-add-within-dynamic',
    route: '/app/content-management/assignments/add',
    who: 'admin',
    // The fields a deadline in days and a dynamic expiry bring, with the messages of an empty save.
    open: async (page) => {
      await page.getByRole('radio', { name: 'Within days of being assigned' }).check();
      await page.getByRole('radio', { name: 'Dynamic (time passed)' }).check();
      await click(page, 'button', 'Save');
      await page.getByText('You must select at least one course.').waitFor();
    },
  },
  {
    name: 'assignment-edit',
    route: '/app/content-management/assignments/edit/$assignmentId',
    who: 'admin',
    ready: async (page) => {
      await page.getByRole('heading', { level: 2, name: 'Learners' }).waitFor();
      await page.getByRole('table', { name: 'Learners' }).getByRole('cell').first().waitFor();
    },
  },
  {
    name: 'checklists',
    route: '/app/content-management/checklists/',
    who: 'admin',
    ready: listOf('Checklists'),
  },
  { name: 'checklist-add', route: '/app/content-management/checklists/add', who: 'admin' },
  {
    name: 'checklist-edit',
    route: '/app/content-management/checklists/edit/$id',
    who: 'admin',
    path: (ids) => `/app/content-management/checklists/edit/${ids.checklistId}`,
    ready: async (page) => {
      await page.getByRole('heading', { level: 2, name: 'Activities' }).waitFor();
      await page.getByRole('list', { name: 'Activities' }).waitFor();
    },
  },
  {
    name: 'checklist-activity-dialog',
    route: '/app/content-management/checklists/edit/$id',
    who: 'admin',
    path: (ids) => `/app/content-management/checklists/edit/${ids.checklistId}`,
    open: async (page) => {
      await click(page, 'button', /^Edit activity 1: /);
      await dialog(page, 'Edit Activity');
    },
    layer: [DIALOG],
  },
  { name: 'events', route: '/app/event-management/event/', who: 'admin', ready: listOf('Events') },
  { name: 'event-add', route: '/app/event-management/event/add', who: 'admin' },
  {
    name: 'event-add-sessions',
    route: '/app/event-management/event/add',
    who: 'admin',
    // A second session with a Zoom link (its provider beside it), and the messages of an empty save.
    open: async (page) => {
      await click(page, 'button', 'Add Session');
      await page
        .getByRole('group', { name: 'Session 2' })
        .getByLabel('Meeting link')
        .fill('https://zoom.us/j/1');
      await page.getByRole('group', { name: 'Session 2' }).getByText('Zoom', { exact: true }).waitFor();
      await click(page, 'button', 'Save');
      await page.getByText('Event Title is required.').waitFor();
    },
  },
  {
    name: 'event-start-picker',
    route: '/app/event-management/event/add',
    who: 'admin',
    open: async (page) => {
      await page.getByRole('group', { name: 'Session 1' }).getByRole('button', { name: 'Starts' }).click();
      await page.getByRole('spinbutton', { name: 'Hours' }).waitFor();
    },
    layer: [DIALOG],
  },
  {
    // The seed's two-morning workshop, opened from the list: the catalogue's ids name no event.
    name: 'event-edit',
    route: '/app/event-management/event/edit/$eventId',
    who: 'admin',
    path: () => '/app/event-management/event?search=Forklift%20practical',
    ready: listOf('Events'),
    open: async (page) => {
      await click(page, 'button', 'Edit Forklift practical');
      await heading('Edit Event')(page);
      await page.getByRole('group', { name: 'Session 2' }).waitFor();
    },
  },
  {
    name: 'event-categories',
    route: '/app/event-management/event-category',
    who: 'admin',
    ready: listOf('Event Categories'),
  },
  {
    name: 'event-categories-add-dialog',
    route: '/app/event-management/event-category',
    who: 'admin',
    // The dialog with the message of an empty save under the title.
    open: async (page) => {
      await click(page, 'button', 'Add Category');
      await dialog(page, 'Add Event Category');
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Category Title is required.').waitFor();
    },
    layer: [DIALOG],
  },
  {
    name: 'event-categories-edit-dialog',
    route: '/app/event-management/event-category',
    who: 'admin',
    open: async (page) => {
      await click(page, 'button', /^Edit /);
      await dialog(page, 'Edit Event Category');
    },
    layer: [DIALOG],
  },
  ...attendeeScreens,

  // The user portal, as the team lead.
  { name: 'portal-dashboard', route: '/user-portal/user-dashboard', who: 'lead', ready: myDashboardReady },
  {
    name: 'portal-profile-menu',
    route: '/user-portal/user-dashboard',
    who: 'lead',
    open: openProfileMenu,
    layer: [MENU],
  },
  { name: 'portal-sidebar-toggled', route: '/user-portal/user-dashboard', who: 'lead', open: toggleSidebar },
  { name: 'training', route: '/user-portal/learning-process/training', who: 'lead', ready: catalogueReady },
  {
    name: 'course-player',
    route: '/user-portal/learning-process/course/$courseId',
    who: 'lead',
    ready: playerReady,
  },
  {
    name: 'course-player-quiz',
    route: '/user-portal/learning-process/course/$courseId',
    who: 'lead',
    ready: playerReady,
    open: async (page) => {
      const outline = page.getByRole('navigation', { name: 'Course outline' });
      await outline
        .getByRole('button', { name: /Quiz ·/ })
        .last()
        .click();
      await page.getByRole('button', { name: /^Start (the quiz|a new attempt)$/ }).waitFor();
    },
  },
  {
    // An activity finished offline: done and 'Waiting to be sent' on it, in the outline and the progress.
    name: 'course-player-waiting',
    route: '/user-portal/learning-process/course/$courseId',
    who: 'lead',
    ready: playerReady,
    open: finishActivityOffline,
    cleanup: discardAllOfflineChanges,
  },
  {
    // A course taken at its external link: the link, and 'Mark as done' (or when it was marked).
    name: 'course-player-link',
    route: '/user-portal/learning-process/course/$courseId',
    who: 'lead',
    path: () => '/user-portal/learning-process/training?search=Time%20Management',
    ready: catalogueReady,
    open: async (page) => {
      await page.getByRole('link', { name: 'Open course Time Management' }).click();
      await page.getByText('This course is taken at its link.').waitFor();
    },
  },
  {
    // Time Management marked done (now, or by an earlier entry's run): its completion at the top of
    // the player, with the certificate it gives and its code.
    name: 'course-player-completed',
    route: '/user-portal/learning-process/course/$courseId',
    who: 'lead',
    path: () => '/user-portal/learning-process/training?search=Time%20Management',
    ready: catalogueReady,
    open: completeTimeManagement,
  },
  {
    // The public check of a certificate, reached from its code in the player.
    name: 'certificate-check',
    route: '/certificate/$code',
    who: 'lead',
    path: () => '/user-portal/learning-process/training?search=Time%20Management',
    ready: catalogueReady,
    open: openCertificateCheck,
  },
  {
    name: 'certificate-check-unknown',
    route: '/certificate/$code',
    who: 'anonymous',
    path: () => '/certificate/0000-0000-0000-0000',
    ready: unknownCertificateReady,
  },
  {
    name: 'training-category-filter',
    route: '/user-portal/learning-process/training',
    who: 'lead',
    ready: catalogueReady,
    open: async (page) => {
      await page.getByLabel('Category').click();
      await page.getByRole('option').first().waitFor();
    },
  },
  {
    name: 'team-dashboard',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
  },
  {
    name: 'team-dashboard-organizations',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: async (page) => {
      await page.getByRole('combobox', { name: 'Organization :' }).click();
      await page.getByRole('listbox').waitFor();
    },
  },
  {
    name: 'team-dashboard-compliance',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: openTeamFigure,
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-member-summary',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: openMemberView('Dashboard'),
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-member-attendance',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: openMemberView('Attendance'),
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-member-activity',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: openMemberView('Activity'),
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-member-courses',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: async (page) => {
      await memberCards(page)
        .first()
        .getByRole('button', { name: /^Course Progress / })
        .click();
      const courses = page.getByRole('dialog', { name: /^Courses of / });
      await courses.getByRole('list').or(courses.getByText('No courses assigned yet.')).waitFor();
    },
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-member-transcript',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: openMemberView('Transcript'),
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-member-delete',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: async (page) => {
      await memberCards(page).first().getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').waitFor();
    },
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-bulk-import',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: async (page) => {
      await click(page, 'button', 'Bulk Import');
      await page.getByRole('dialog').waitFor();
    },
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-team-activity',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: async (page) => {
      await click(page, 'button', 'Team Activity');
      await page.getByRole('dialog').waitFor();
    },
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-team-attendance',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: async (page) => {
      await click(page, 'button', 'Virtual Class/Meeting Attendance');
      await page.getByRole('dialog').waitFor();
    },
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-offline-changes',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TEAM_DASHBOARD,
    ready: dashboardReady,
    open: openOfflineChanges,
    cleanup: discardOfflineChanges,
  },
  {
    name: 'team-dashboard-trainings',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TRAININGS_TAB,
    ready: trainingsReady,
  },
  {
    name: 'team-dashboard-reassign-calendar',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TRAININGS_TAB,
    ready: trainingsReady,
    open: openCalendar(async (page) => {
      await click(page, 'button', 'Reassign Training');
      await dialog(page, 'Reassign Training');
    }, /New Deadline/),
    layer: [DIALOG, POPOVER],
  },
  {
    name: 'team-dashboard-trainings-selected',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TRAININGS_TAB,
    ready: trainingsReady,
    open: async (page) => {
      const boxes = page
        .getByRole('table', { name: 'Assigned trainings' })
        .getByRole('checkbox', { name: /^Select / });
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByRole('toolbar', { name: 'Selected trainings' }).waitFor();
    },
  },
  {
    name: 'team-dashboard-training-learners',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TRAINING_LEARNERS,
    ready: trainingsReady,
    open: openLearners,
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-learners-selected',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: TRAINING_LEARNERS,
    ready: trainingsReady,
    open: async (page) => {
      await openLearners(page);
      const boxes = page.getByRole('dialog').getByRole('checkbox', { name: /^Select (?!all)/ });
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByRole('toolbar', { name: 'Selected learners' }).waitFor();
    },
    layer: [DIALOG],
  },
  {
    name: 'team-dashboard-events',
    route: '/user-portal/team-dashboard/',
    who: 'lead',
    path: (ids) => `/user-portal/team-dashboard?team=${ids.teamId}&activeTab=events`,
    // The seed's demo events (and the catalogue's), each a card with its Register picker.
    ready: async (page) => {
      await heading('Team Dashboard')(page);
      await page.getByRole('article').first().getByRole('button', { name: 'Register' }).waitFor();
    },
  },
  {
    name: 'assign-training',
    route: '/app/team-dashboard/assign-new-training',
    who: 'lead',
    path: (ids) => `/app/team-dashboard/assign-new-training?team=${ids.teamId}`,
  },
  {
    name: 'assign-training-calendar',
    route: '/app/team-dashboard/assign-new-training',
    who: 'lead',
    path: (ids) => `/app/team-dashboard/assign-new-training?team=${ids.teamId}`,
    open: openCalendar(async () => undefined, /^Deadline/),
    layer: [POPOVER],
  },
  { name: 'member-add', route: '/user-portal/team-dashboard/members/add/$teamId', who: 'lead' },
  {
    name: 'member-edit',
    route: '/user-portal/team-dashboard/members/edit/$memberId/$teamId',
    who: 'lead',
  },
  {
    name: 'member-edit-by-query',
    route: '/user-portal/team-dashboard/members/edit/$memberId/',
    who: 'lead',
    path: (ids) => `/user-portal/team-dashboard/members/edit/${ids.memberId}?team=${ids.teamId}`,
  },
  ...checklistScreens,
  ...elearningPlayerScreens,
  ...leadChecklistScreens,
];

/** Routes that only send the visitor on to a screen listed above. */
export const redirectRoutes: Record<string, string> = {
  '/app': '/app/dashboard',
  '/app/': '/app/dashboard',
  '/user-portal': '/user-portal/user-dashboard',
  '/user-portal/': '/user-portal/user-dashboard',
};

/** The address of a screen: its own path, or its route with each `$param` filled in. */
export function screenPath(screen: Screen, ids: ScreenIds): string {
  if (screen.path) return screen.path(ids);
  if (!screen.route) throw new Error(`${screen.name} needs a path`);
  const values: Record<string, string> = {
    userId: ids.userId,
    teamId: ids.teamId,
    adminstrationRoleId: ids.roleId,
    memberId: ids.memberId,
    categoryId: ids.categoryId,
    quizId: ids.quizId,
    courseId: ids.courseId,
    assignmentId: ids.assignmentId,
    elearningId: ids.elearningId,
    attendeeId: ids.attendeeId,
  };
  return screen.route.replace(/\$(\w+)/g, (_, param: string) => values[param] ?? PLACEHOLDER_ID);
}

/** Opens a screen and waits until it shows what it is for, then opens its dialog, menu or drawer. */
export async function showScreen(page: Page, screen: Screen, ids: ScreenIds): Promise<void> {
  await page.goto(screenPath(screen, ids));
  await screenReady(page, screen);
  await screen.open?.(page);
  await settle(page);
}

/** Waits until the screen shows what it shows once it has its data. */
export async function screenReady(page: Page, screen: Screen): Promise<void> {
  await (screen.ready ?? heading(/./))(page);
}

/** Waits until transitions (a dialog fading in, a menu opening) have finished; spinners go on for ever. */
export async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** Signs in on the page as a user would, and waits for their home screen. */
export async function signInAs(page: Page, who: Exclude<Who, 'anonymous'>) {
  const user = SIGN_INS[who];
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(user.email);
  await page.getByLabel(/^password/i).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(user.home);
}

type Envelope<T> = { results: T };

/** Looks the edit screens' records up through the API, as the administrator and the lead. */
export async function lookUpIds(baseUrl: string): Promise<ScreenIds> {
  const api = `${baseUrl}${API_BASE}`;
  const tokenOf = async (who: Exclude<Who, 'anonymous'>) => {
    const { email, password } = SIGN_INS[who];
    const response = await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`Signing in as ${who} answered ${response.status}`);
    return ((await response.json()) as Envelope<{ token: string }>).results.token;
  };
  const get = async <T>(token: string, path: string) => {
    const response = await fetch(`${api}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return ((await response.json()) as Envelope<T>).results;
  };
  const [admin, lead] = [await tokenOf('admin'), await tokenOf('lead')];
  const users = await get<{ data: { _id: string }[] }>(admin, `/user?search=${SIGN_INS.lead.email}`);
  const roles = await get<{ data: { _id: string; name: string }[] }>(admin, '/administrator-role');
  const organizations = await get<{ default: string | null; data: { _id: string }[] }>(
    lead,
    '/team/team-lead',
  );
  const teamId = organizations.default ?? organizations.data[0]?._id;
  if (!teamId) throw new Error('The lead leads no team');
  const members = await get<{ data: { _id: string }[] }>(lead, `/team/member-list/${teamId}?page=1`);
  const role = roles.data.find((row) => row.name !== 'Administrator') ?? roles.data[0];
  const categories = await get<{ data: { _id: string; path: string }[] }>(
    admin,
    '/course-category?search=Forklifts',
  );
  const category = categories.data.find((row) => row.path === 'Safety / Forklifts');
  const quizzes = await get<{ data: { _id: string }[] }>(admin, '/quiz?search=Forklift%20Safety%20Check');
  // A course whose outline holds a lesson with media and a quiz, open to every signed-in user.
  const courses = await get<{ data: { _id: string }[] }>(
    admin,
    `/course?search=${encodeURIComponent(SCREEN_COURSE)}`,
  );
  const assignments = await get<{ data: { _id: string; counts: { assigned: number } }[] }>(
    admin,
    '/course-assignment?limit=50',
  );
  const assignment = assignments.data.find((row) => row.counts.assigned > 0);
  const checklists = await get<{ data: { _id: string }[] }>(admin, '/checklist?search=Safety%20Walkthrough');
  const ids = {
    userId: users.data[0]?._id,
    teamId,
    roleId: role?._id,
    memberId: members.data[0]?._id,
    categoryId: category?._id,
    quizId: quizzes.data[0]?._id,
    courseId: courses.data[0]?._id,
    assignmentId: assignment?._id,
    checklistId: checklists.data[0]?._id,
    elearningId: await cataloguePackage(api, admin, lead),
    attendeeId: users.data[0] ? await screenAttendee(api, admin, users.data[0]._id) : undefined,
  };
  for (const [name, value] of Object.entries(ids)) if (!value) throw new Error(`No record for ${name}`);
  return ids as ScreenIds;
}

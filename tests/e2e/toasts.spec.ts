import { expect, test } from '@playwright/test';
import { ADMIN, openSignedIn } from './support/actions.ts';
import { DESKTOP, expectClosingToastTopRightBelow, PHONE } from './support/responsive.ts';

// A save's toast says what was done to which record, at the top right below the top bar.

for (const [size, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`on a ${size}`, () => {
    test.use(options);

    test('saving a new course category toasts "Course category \'<title>\' created." at the top right, below the top bar', async ({
      page,
    }) => {
      const title = `Ladders ${size} ${Date.now().toString(36)}`;
      await openSignedIn(page, ADMIN, '/app/content-management/course-category/add');
      await expect(page.getByRole('heading', { level: 1, name: 'Add Course Category' })).toBeVisible();
      await page.getByLabel('Category Title').fill(title);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectClosingToastTopRightBelow(page, `Course category '${title}' created.`);
    });
  });
}

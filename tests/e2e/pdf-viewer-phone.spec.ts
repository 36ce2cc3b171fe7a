import { expect, type Locator, test } from '@playwright/test';
import { openSignedIn } from './support/actions.ts';
import { assignedCourse, newLearner } from './support/learning.ts';
import { expectOnOneLine, expectWhollyOnScreen, PHONE, SMALL_PHONE } from './support/responsive.ts';

// The PDF viewer on a phone: its page buttons whole on screen, the page count on one line.

/** The element's text takes one line: it is no taller than one and a half of its line height. */
async function expectOneTextLine(locator: Locator) {
  const { height, lineHeight } = await locator.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
  }));
  expect(height).toBeLessThan(lineHeight * 1.5);
}

for (const [name, device] of [
  ['phone', PHONE],
  ['small phone', SMALL_PHONE],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use(device);

    test("the PDF's Previous page and Next page are whole on screen, Page 1 of 2 on one line", async ({
      page,
      request,
    }) => {
      const id = `pdf${name.length}${Date.now().toString(36)}`;
      const learner = await newLearner(request, id);
      const setup = await assignedCourse(request, id, learner._id, 'document');
      await openSignedIn(page, learner, `/user-portal/learning-process/course/${setup.courseId}`);
      const pdf = page.getByRole('article', { name: 'Evacuation guide' });
      const count = pdf.getByText('Page 1 of 2');
      await expect(count).toBeVisible();
      const previous = pdf.getByRole('button', { name: 'Previous page' });
      const next = pdf.getByRole('button', { name: 'Next page' });
      await pdf.scrollIntoViewIfNeeded();
      await expectWhollyOnScreen(page, previous);
      await expectWhollyOnScreen(page, next);
      await expectOnOneLine(page, [previous, count, next]);
      await expectOneTextLine(count);

      await next.click();
      await expect(pdf.getByText('Page 2 of 2')).toBeVisible();
      await expect(next).toBeDisabled();
      await previous.click();
      await expect(count).toBeVisible();
    });
  });
}

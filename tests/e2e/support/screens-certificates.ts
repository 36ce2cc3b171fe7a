// Steps of the screen catalogue (screens.ts) for a completed course and its certificate. No test
// runner imports: the screenshots script loads this module too.
import type { Page } from 'playwright-core';

const completion = (page: Page) => page.getByRole('region', { name: 'You have completed this course' });

/**
 * From the catalogue searched for Time Management (taken at its link, giving a certificate): opens
 * it and marks it done unless it is already, its link opened first as the player asks. Waits for
 * the completion at the top of the player.
 */
export async function completeTimeManagement(page: Page) {
  await page.getByRole('link', { name: 'Open course Time Management' }).click();
  await page.getByText('This course is taken at its link.').waitFor();
  const mark = page.getByRole('button', { name: 'Mark as done' });
  await completion(page).or(mark).first().waitFor();
  if (await mark.isVisible()) {
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Time Management e-learning' }).click();
    await (await popup).close();
    await mark.click();
  }
  await completion(page).waitFor();
}

/** The same, then the certificate's code followed to its public check. */
export async function openCertificateCheck(page: Page) {
  await completeTimeManagement(page);
  await completion(page)
    .getByRole('link', { name: /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/ })
    .click();
  await page.getByText('This certificate is valid').waitFor();
}

/** The public check of a code no certificate has. */
export async function unknownCertificateReady(page: Page) {
  await page.getByText('Certificate not found').waitFor();
}

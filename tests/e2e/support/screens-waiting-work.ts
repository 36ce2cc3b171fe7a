// Steps of the screen catalogue (screens.ts) for the learner's work waiting in the outbox. No test
// runner imports: the screenshots script loads this module too.
import type { Page } from 'playwright-core';

const outline = (page: Page) => page.getByRole('navigation', { name: 'Course outline' });
const outboxButton = (page: Page) => page.getByRole('button', { name: /^Offline changes:/ });

/**
 * In the player: an activity finished offline, so its completion waits in the outbox and the activity,
 * the outline and the progress show it done and waiting to be sent.
 */
export async function finishActivityOffline(page: Page) {
  // The outbox lives in the service worker: it must control the page before the connection goes.
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return Boolean(registration.active && navigator.serviceWorker.controller);
  });
  const finish = page.getByRole('main').getByRole('button', { name: /^Mark as (read|done)$/ });
  await finish.first().waitFor();
  await page.context().setOffline(true);
  await page.getByRole('status', { name: 'Offline' }).waitFor();
  const waiting = outline(page).getByText('Waiting to be sent');
  // On a busy machine a tap can land while the player redraws for the lost connection, and a
  // completion queued can reach the outline only on its next read: look again after a reload
  // (from the device), then tap once more. The button is pressed from the keyboard: scrolled into
  // view just before a click, it sits where the lesson's embedded video was, and the browser can
  // send the click to that frame's document (its own process) instead of the page.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await finish.first().press('Enter');
    if (await shows(waiting)) return;
    await page.reload();
    await outline(page).waitFor();
    if (await shows(waiting)) return;
  }
  await waiting.waitFor();
}

/** Whether the locator shows within a few seconds. */
async function shows(locator: ReturnType<Page['getByText']>): Promise<boolean> {
  try {
    await locator.first().waitFor({ timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Discards every waiting change the top bar's outbox shows before the connection comes back, so
 * nothing is sent. A change just made may not be there yet: wait for it first.
 */
export async function discardAllOfflineChanges(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Offline changes' });
  const discard = panel.getByRole('button', { name: 'Discard' });
  // The top bar's badge shows only while a change waits or was refused, each with its Discard. The
  // panel shows once its code is in (it loads when the browser is idle): wait for it after the click.
  if ((await outboxButton(page).count()) > 0) {
    if (!(await panel.isVisible())) await outboxButton(page).click();
    await discard.first().waitFor();
  }
  for (let left = await discard.count(); left > 0; left = await discard.count()) {
    await discard.first().click();
    await page
      .getByRole('dialog', { name: /^Confirm/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    // The panel lists one change fewer once the worker has dropped it.
    await discard.nth(left - 1).waitFor({ state: 'detached' });
  }
  await page.keyboard.press('Escape');
  await page.context().setOffline(false);
}

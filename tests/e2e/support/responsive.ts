import { expect, type Locator, type Page } from '@playwright/test';

// Viewports and layout checks of the phone, tablet and desktop tests (responsive.spec.ts).

export const SMALL_PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true };
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true };
export const DESKTOP = { viewport: { width: 1440, height: 900 } };

async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

/**
 * Layout settles after the element shows: a drawer slides in, fonts and data arrive, a scrollbar
 * comes or goes. Each check below measures again until what it asserts holds, for as long as any
 * other expectation waits, so a busy machine slows it down instead of failing it; a layout that
 * never fits still fails, with the last measurement's message.
 */
const settled = (check: () => Promise<void>) => expect(check).toPass({ timeout: 10_000 });

/**
 * The elements sit side by side on one line, each whole inside the viewport: their vertical
 * centres within 4 px of each other, none overlapping the next, none past the left or right edge.
 */
export async function expectOnOneLine(page: Page, locators: Locator[]) {
  await settled(async () => {
    const width = page.viewportSize()?.width ?? 0;
    const boxes = await Promise.all(locators.map(boxOf));
    for (const [index, box] of boxes.entries()) {
      expect(box.x, `item ${index} starts inside the viewport`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `item ${index} ends inside the viewport`).toBeLessThanOrEqual(width + 0.5);
    }
    const centres = boxes.map((box) => box.y + box.height / 2);
    expect(Math.max(...centres) - Math.min(...centres), 'vertical centres').toBeLessThanOrEqual(4);
    const byX = [...boxes].sort((a, b) => a.x - b.x);
    for (let index = 1; index < byX.length; index += 1) {
      const previous = byX[index - 1];
      const current = byX[index];
      if (previous && current) expect(current.x).toBeGreaterThanOrEqual(previous.x + previous.width - 0.5);
    }
  });
}

/** The two elements do not overlap: neither covers the other. */
export async function expectApart(a: Locator, b: Locator) {
  await settled(async () => {
    const [first, second] = await Promise.all([boxOf(a), boxOf(b)]);
    const overlapX = Math.min(first.x + first.width, second.x + second.width) - Math.max(first.x, second.x);
    const overlapY = Math.min(first.y + first.height, second.y + second.height) - Math.max(first.y, second.y);
    expect(overlapX <= 0 || overlapY <= 0, `${a} covers ${b}`).toBe(true);
  });
}

type Box = { x: number; y: number; width: number; height: number };

/** The toast area of spec 2, checked on measured boxes (see expectTopRightBelow). */
function expectToastArea(width: number, box: Box, barBox: Box) {
  expect(box.y, 'the toast starts below the top bar').toBeGreaterThanOrEqual(barBox.y + barBox.height);
  expect(box.y, 'the toast is near the top').toBeLessThan(barBox.y + barBox.height + 48);
  expect(width - (box.x + box.width), 'the toast ends at the right edge').toBeLessThanOrEqual(24);
  expect(box.x + box.width, 'the toast ends inside the viewport').toBeLessThanOrEqual(width + 0.5);
}

/**
 * The toast area of spec 2: `toast` sits at the top right of the viewport (its right edge within
 * 24 px of the screen's), starting below `bar` (the top bar) and so not covering it.
 */
export async function expectTopRightBelow(page: Page, toast: Locator, bar: Locator) {
  await settled(async () => {
    const width = page.viewportSize()?.width ?? 0;
    const [box, barBox] = await Promise.all([boxOf(toast), boxOf(bar)]);
    expectToastArea(width, box, barBox);
  });
}

/**
 * The same for a toast that closes by itself, measured by the page on each frame from the moment
 * it shows: once fully opaque and in the same place two frames running, it is where it stays. A
 * busy machine can spend the toast's four seconds between two measurements taken from the test.
 */
export async function expectClosingToastTopRightBelow(page: Page, text: string) {
  const measured = await page.waitForFunction(
    (wanted) => {
      const state = window as Window & { lastToastBox?: string };
      const toast = Array.from(document.querySelectorAll('[role="alert"]')).find((alert) =>
        alert.textContent?.includes(wanted),
      );
      const bar = document.querySelector('header');
      if (!toast || !bar || getComputedStyle(toast).opacity !== '1') return null;
      const box = toast.getBoundingClientRect().toJSON() as DOMRect;
      const key = JSON.stringify(box);
      const still = state.lastToastBox === key;
      state.lastToastBox = key;
      if (!still) return null;
      return { box, bar: bar.getBoundingClientRect().toJSON() as DOMRect, width: window.innerWidth };
    },
    text,
    { polling: 'raf' },
  );
  const place = await measured.jsonValue();
  if (!place) throw new Error(`the toast '${text}' was not measured`);
  expectToastArea(place.width, place.box, place.bar);
}

/** The element is wholly inside the viewport, not cut by either side. */
export async function expectWhollyOnScreen(page: Page, locator: Locator) {
  await settled(async () => {
    const width = page.viewportSize()?.width ?? 0;
    const box = await boxOf(locator);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
  });
}

/** Neither the page nor any scroll area inside the element is wider than what it shows. */
export async function expectNoSidewaysScroll(page: Page, within?: Locator) {
  await settled(async () => {
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(pageWidth, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    if (!within) return;
    const overflowing = await within.evaluate((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))]
        .filter((element) => {
          const { overflowX } = getComputedStyle(element);
          return (
            (overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1
          );
        })
        .map((element) => element.className || element.tagName),
    );
    expect(overflowing, 'areas that scroll sideways').toEqual([]);
  });
}

/** The element's text is shown whole: neither it nor anything inside it is cut to fit (no "CRE…"). */
export async function expectWholeText(locator: Locator) {
  await settled(async () => {
    const cut = await locator.evaluate((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );
    expect(cut, `cut text in ${await locator.textContent()}`).toEqual([]);
  });
}

import { chromium, type Page, type Response } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/config.ts';
import { createLargeTeamDataDir } from './support/large-team.ts';
import { freshDataDir, removeDataDir, startServer } from './support/server.ts';

const MEMBERS = 10_000;
const PAGES = 100;
const MOUNTED_TARGET = 100;
const LEAD = { email: 'lead@example.com', password: 'lead1234' };
const LIST = '[role="region"][aria-label="Team members"]';

type PageTiming = { page: number; ms: number };

/** Runs in the page before its scripts: records when each member card first enters the DOM (by member id). */
function watchCards() {
  const seen: Record<string, number> = {};
  (window as unknown as { __cardSeen: Record<string, number> }).__cardSeen = seen;
  performance.setResourceTimingBufferSize(2000);
  new MutationObserver(() => {
    const now = performance.now();
    for (const card of document.querySelectorAll<HTMLElement>('[data-member-card]')) {
      const id = card.dataset.memberCard as string;
      if (!(id in seen)) seen[id] = now;
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The page number of a member-list request, or null for any other request. */
function memberPageNumber(url: string): number | null {
  const parsed = new URL(url);
  return parsed.pathname.includes('/member-list/') ? Number(parsed.searchParams.get('page')) : null;
}

async function cardIds(response: Response): Promise<string[]> {
  const body = (await response.json()) as { results: { data: { _id: string }[] } };
  return body.results.data.map((card) => card._id);
}

/** From the start of the request for page `number` to the first of its cards in the DOM, in ms. */
async function timing(page: Page, number: number, ids: string[]): Promise<number> {
  return page.evaluate(
    ({ number, ids }) => {
      const seen = (window as unknown as { __cardSeen: Record<string, number> }).__cardSeen;
      const request = performance
        .getEntriesByType('resource')
        .find(
          (entry) =>
            entry.name.includes('/member-list/') &&
            new URL(entry.name).searchParams.get('page') === String(number),
        );
      const shown = Math.min(...ids.map((id) => seen[id] ?? Number.POSITIVE_INFINITY));
      if (!request || !Number.isFinite(shown)) throw new Error(`No timing for page ${number}`);
      return shown - request.startTime;
    },
    { number, ids },
  );
}

/**
 * The team dashboard's member list in Chromium on a phone-sized screen, for a team of 10,000:
 * scrolls through 100 pages (2,000 members), then prints how many cards are in the DOM and how
 * long page 100 takes to show compared with page 1.
 */
export async function membersBrowser() {
  const dataDir = freshDataDir();
  const seedStart = performance.now();
  const teamId = await createLargeTeamDataDir(dataDir, { members: MEMBERS });
  console.log(
    `  seeded a team of ${MEMBERS} members in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const server = await startServer({ port: 4315, dataDir });
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  const timings: PageTiming[] = [];
  let mounted = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const pageIds = new Map<number, string[]>();
    // Every member page the list asks for, by number: scrolling may ask for the next one before this loop looks.
    const pages = new Map<number, Promise<string[]>>();
    page.on('response', (response) => {
      const number = memberPageNumber(response.url());
      if (number !== null && response.request().method() === 'GET') pages.set(number, cardIds(response));
    });
    await page.addInitScript(watchCards);

    await page.goto(`${server.url}/login`);
    await page.getByLabel(/^email/i).fill(LEAD.email);
    await page.getByLabel(/^password/i).fill(LEAD.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/user-portal\/user-dashboard$/);
    await page.goto(`${server.url}/user-portal/team-dashboard?team=${teamId}`);

    const list = page.locator(LIST);
    for (let number = 1; number <= PAGES; number += 1) {
      // Scroll to the bottom, as a user would, until the list has asked for this page.
      while (!pages.has(number)) {
        if (number > 1) await list.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
        await page.waitForTimeout(50);
      }
      const ids = (await pages.get(number)) ?? [];
      const [first] = ids;
      if (!first) throw new Error(`Page ${number} came back empty; the team has fewer members than expected`);
      pageIds.set(number, ids);
      await page.waitForFunction(
        (id) => id in (window as unknown as { __cardSeen: Record<string, number> }).__cardSeen,
        first,
      );
    }
    for (const number of [1, 2, PAGES / 2, PAGES]) {
      timings.push({ page: number, ms: await timing(page, number, pageIds.get(number) ?? []) });
    }
    mounted = await page.locator('[data-member-card]').count();
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(dataDir);
  }

  const ms = (number: number) => timings.find((entry) => entry.page === number)?.ms ?? Number.NaN;
  console.log(
    `  scrolled through ${PAGES} pages (${PAGES * 20} members) of a ${MEMBERS}-member team, 390x844 screen`,
  );
  console.log(
    `  member cards in the DOM at the end: ${mounted}, target at most ${MOUNTED_TARGET}: ratio ${(mounted / MOUNTED_TARGET).toFixed(2)}`,
  );
  for (const entry of timings)
    console.log(`  page ${entry.page}: request to cards in the DOM ${entry.ms.toFixed(0)} ms`);
  console.log(
    `  page ${PAGES} vs page 1: ratio ${(ms(PAGES) / ms(1)).toFixed(2)}; vs page 2: ratio ${(ms(PAGES) / ms(2)).toFixed(2)}`,
  );
  return { mounted, page1Ms: ms(1), page2Ms: ms(2), lastPageMs: ms(PAGES) };
}

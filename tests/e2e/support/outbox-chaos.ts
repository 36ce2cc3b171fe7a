// A chaos run of the outbox, shared by the end-to-end test and the benchmark: mixed changes made
// through the page (fetch, which the worker's outbox takes) while the network flips on and off and
// the page reloads; then what the server has is compared with what the changes should have made.
import type { BrowserContext, Page } from 'playwright-core';
import type { Paged } from '../../../contract/envelope.ts';
import type { MemberDetail } from '../../../contract/member.ts';
import type { OrganizationList, TeamMemberCard } from '../../../contract/team-dashboard.ts';
import { type PageWrite, readOutbox, writeFromPage } from './outbox-page.ts';

export type ChaosOptions = {
  changes: number;
  seed: number;
  /** Reads the API with the lead's session: `get('/team/team-lead')` gives the results. */
  get: <T>(path: string) => Promise<T>;
};

export type ChaosResult = {
  changes: Record<'add' | 'edit' | 'setDefault' | 'remove', number>;
  flips: number;
  reloads: number;
  queued: number;
  lost: number;
  duplicated: number;
  /** Changes the server refused on replay and that are left failed in the outbox. */
  failed: number;
  ms: number;
  details: string[];
};

/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Member = {
  /** The id the page uses: the server's, or the client id of a create still in the outbox. */
  id: string;
  clientId?: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Version the server had when the run started (a create starts at 1), and the edits made since. */
  baseVersion: number;
  edits: number;
  added: boolean;
  removed: boolean;
};

/**
 * As a page does once the worker has answered an offline create: changes made from now on name the
 * record by the server's id (the page finds it in the refetched list; here, by the unique email).
 */
async function toServerId(page: Page, member: Member, teamId: string, get: ChaosOptions['get']) {
  if (!member.clientId || member.id !== member.clientId) return;
  const waiting = await readOutbox(page);
  if (waiting.some((entry) => entry.clientId === member.clientId)) return;
  const found = await get<Paged<TeamMemberCard>>(
    `/team/member-list/${teamId}?page=1&search=${encodeURIComponent(member.email)}`,
  );
  const card = found.data.find((candidate) => candidate.email === member.email);
  if (card) member.id = card._id;
}

async function waitForWorker(page: Page) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, {
    timeout: 20_000,
  });
}

/** Asks the worker to send what waits now, and again until only failed changes are left (or time runs out). */
async function settle(page: Page, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'outbox:online' }));
    const entries = await readOutbox(page);
    if (entries.every((entry) => entry.status === 'failed')) return entries;
    if (Date.now() > until) return entries;
    await page.waitForTimeout(500);
  }
}

export async function runChaos(
  page: Page,
  context: BrowserContext,
  options: ChaosOptions,
): Promise<ChaosResult> {
  const started = Date.now();
  const next = random(options.seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const organizations = await options.get<OrganizationList>('/team/team-lead');
  const team = organizations.data.find((candidate) => candidate.title === 'Enterprise Team');
  const teamIds = organizations.data.map((candidate) => candidate._id);
  if (!team || teamIds.length < 2) throw new Error('The seed has the Enterprise Team and another');
  const cards = (await options.get<Paged<TeamMemberCard>>(`/team/member-list/${team._id}?page=1`)).data;
  const members: Member[] = [];
  for (const card of cards.slice(0, 6)) {
    const detail = await options.get<MemberDetail>(`/user-portal/user/${card._id}?team=${team._id}`);
    members.push({
      ...detail,
      id: card._id,
      baseVersion: detail.version,
      edits: 0,
      added: false,
      removed: false,
    });
  }
  let expectedDefault = organizations.default;
  const run = `${options.seed.toString(36)}${Date.now().toString(36)}`;
  const result: ChaosResult = {
    changes: { add: 0, edit: 0, setDefault: 0, remove: 0 },
    flips: 0,
    reloads: 0,
    queued: 0,
    lost: 0,
    duplicated: 0,
    failed: 0,
    ms: 0,
    details: [],
  };
  let offline = false;

  for (let index = 0; index < options.changes; index += 1) {
    // The world changes between two changes: the network flips, or the page reloads.
    const roll = next();
    if (roll < 0.15) {
      offline = !offline;
      await context.setOffline(offline);
      result.flips += 1;
    } else if (roll < 0.19) {
      await page.reload();
      await waitForWorker(page);
      result.reloads += 1;
    }

    const live = members.filter((member) => !member.removed);
    const removable = live.filter((member) => member.added);
    const kind = next();
    let write: PageWrite;
    let member: Member | undefined;
    if (kind < 0.3) {
      const clientId = crypto.randomUUID();
      member = {
        id: clientId,
        clientId,
        email: `chaos.${run}.${index}@example.com`,
        firstName: 'Chaos',
        lastName: `Add${run}n${index}`,
        baseVersion: 1,
        edits: 0,
        added: true,
        removed: false,
      };
      write = {
        method: 'POST',
        path: '/user-portal/add-user',
        multipart: {
          firstName: member.firstName,
          lastName: member.lastName,
          email: member.email,
          password: 'secret12',
          confirmPassword: 'secret12',
          teamId: team._id,
        },
        action: 'Add member',
        target: `${member.firstName} ${member.lastName}`,
        clientId,
      };
      members.push(member);
      result.changes.add += 1;
    } else if (kind < 0.8 || removable.length === 0) {
      if (kind < 0.65 || removable.length === 0) {
        member = pick(live);
        await toServerId(page, member, team._id, options.get);
        member.lastName = `Edit${run}n${index}`;
        member.edits += 1;
        write = {
          method: 'PATCH',
          path: `/user-portal/user/${member.id}`,
          multipart: {
            firstName: member.firstName,
            lastName: member.lastName,
            email: member.email,
            teamId: team._id,
          },
          action: 'Edit member',
          target: `${member.firstName} ${member.lastName}`,
        };
        result.changes.edit += 1;
      } else {
        expectedDefault = pick(teamIds);
        write = {
          method: 'POST',
          path: '/team/set-default-Team',
          json: { defaultTeamId: expectedDefault },
          action: 'Set default organization',
          target: expectedDefault,
        };
        result.changes.setDefault += 1;
      }
    } else {
      member = pick(removable);
      await toServerId(page, member, team._id, options.get);
      member.removed = true;
      write = {
        method: 'DELETE',
        path: `/team/${team._id}/member`,
        json: { bulkId: [member.id] },
        action: 'Remove member',
        target: `${member.firstName} ${member.lastName}`,
      };
      result.changes.remove += 1;
    }

    const answer = await writeFromPage(page, write);
    if ('error' in answer)
      throw new Error(`Change ${index} (${write.action}) got no answer: ${answer.error}`);
    if (answer.status === 202) result.queued += 1;
    else if (answer.status >= 300)
      throw new Error(
        `Change ${index} (${write.action}) was refused: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
    // A create answered at once is named by the server: later changes use its id.
    const created = (answer.body as { results?: { _id?: string } } | null)?.results?._id;
    if (write.action === 'Add member' && answer.status === 201 && member && created) member.id = created;
  }

  await context.setOffline(false);
  const left = await settle(page, 60_000);
  result.failed = left.filter((entry) => entry.status === 'failed').length;
  const unsent = left.length - result.failed;
  result.lost += unsent;
  if (unsent > 0) result.details.push(`${unsent} changes still waiting in the outbox`);

  // What the server has, against what the changes should have made.
  for (const member of members) {
    const found = await options.get<Paged<TeamMemberCard>>(
      `/team/member-list/${team._id}?page=1&search=${encodeURIComponent(member.email)}`,
    );
    const inTeam = found.data.filter((card) => card.email === member.email);
    const expected = member.removed ? 0 : 1;
    if (inTeam.length < expected) {
      result.lost += expected - inTeam.length;
      result.details.push(`${member.email}: in the team ${inTeam.length} times, expected ${expected}`);
    }
    if (inTeam.length > expected) {
      result.duplicated += inTeam.length - expected;
      result.details.push(`${member.email}: in the team ${inTeam.length} times, expected ${expected}`);
    }
    const [card] = inTeam;
    if (member.removed || !card) continue;
    // Each applied edit moves the version on by one: fewer were lost, more were applied twice.
    const detail = await options.get<MemberDetail>(`/user-portal/user/${card._id}?team=${team._id}`);
    const versions = detail.version - (member.baseVersion + member.edits);
    if (versions < 0) result.lost += -versions;
    if (versions > 0) result.duplicated += versions;
    if (versions !== 0 || detail.lastName !== member.lastName)
      result.details.push(
        `${member.email}: version ${detail.version} and last name ${detail.lastName}, expected ${member.baseVersion + member.edits} and ${member.lastName}`,
      );
  }
  const finalDefault = (await options.get<OrganizationList>('/team/team-lead')).default;
  if (finalDefault !== expectedDefault) {
    result.lost += 1;
    result.details.push(`default organization ${finalDefault}, expected ${expectedDefault}`);
  }
  result.ms = Date.now() - started;
  return result;
}

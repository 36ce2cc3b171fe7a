import type { Page } from 'playwright-core';
import type { Paged } from '../../contract/envelope.ts';
import type { OrganizationList, TeamMemberCard } from '../../contract/team-dashboard.ts';
import {
  type BenchChange,
  getFromPage,
  openOutboxBench,
  outboxFootprint,
  sendFromPage,
  storageUsage,
} from './outbox-browser.ts';

const CHANGES = 500;
const RATIO_TARGET = 1.3;

/** 500 changes of the two kinds the team dashboard makes most: the default organization and member edits. */
function changes(round: string, teams: string[], members: TeamMemberCard[], teamId: string): BenchChange[] {
  return Array.from({ length: CHANGES }, (_, index): BenchChange => {
    if (index % 2 === 0) {
      return {
        kind: 'json',
        method: 'POST',
        path: '/team/set-default-Team',
        body: { defaultTeamId: teams[(index / 2) % teams.length] },
        action: 'Set default organization',
      };
    }
    const member = members[Math.floor(index / 2) % members.length] as TeamMemberCard;
    return {
      kind: 'multipart',
      method: 'PATCH',
      path: `/user-portal/user/${member._id}`,
      fields: {
        firstName: member.firstName,
        lastName: `${round}${index}`,
        email: member.email,
        teamId,
      },
      action: 'Edit member',
    };
  });
}

/** Resolves with the ms from the page's 'online' event to the worker reporting an empty outbox. */
function timeReplay(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let onlineAt = Number.NaN;
        window.addEventListener('online', () => {
          onlineAt = performance.now();
        });
        const channel = new BroadcastChannel('training-admin-outbox');
        channel.onmessage = (event: MessageEvent<{ type: string; entries?: unknown[] }>) => {
          if (event.data.type === 'outbox:entries' && event.data.entries?.length === 0 && onlineAt >= 0) {
            channel.close();
            resolve(performance.now() - onlineAt);
          }
        };
      }),
  );
}

/**
 * 500 changes sent online one after another through the worker, then the same 500 made offline and
 * replayed when the connection is back: the replay's time against the online time (target at most
 * 1.3x), and the IndexedDB room a queued change takes.
 */
export async function outboxReplay() {
  const bench = await openOutboxBench(4316);
  try {
    const { page, context } = bench;
    const organizations = await getFromPage<OrganizationList>(page, '/team/team-lead');
    const teams = organizations.data.map((team) => team._id);
    const growth = organizations.data.find((team) => team.title === 'Growth Team');
    if (!growth || teams.length < 2) throw new Error('The seed has the Growth Team and another');
    const members = (await getFromPage<Paged<TeamMemberCard>>(page, `/team/member-list/${growth._id}?page=1`))
      .data;

    // Warm up the worker, the server and the page's code paths before measuring.
    await sendFromPage(page, changes('Warm', teams, members, growth._id).slice(0, 20));

    const sendOnline = async (round: string) => {
      const online = await sendFromPage(page, changes(round, teams, members, growth._id));
      const failures = online.statuses.filter((status) => status !== 200).length;
      if (failures > 0) throw new Error(`${failures} online changes were not answered 200`);
      return online.ms;
    };
    // The online time is taken before and after the replay, so load the machine has from elsewhere
    // weighs on both sides alike.
    const onlineBefore = await sendOnline('Online');

    await context.setOffline(true);
    const usageBefore = await storageUsage(page);
    const queued = await sendFromPage(page, changes('Replay', teams, members, growth._id));
    const notQueued = queued.statuses.filter((status) => status !== 202).length;
    if (notQueued > 0) throw new Error(`${notQueued} offline changes were not answered 202 queued`);
    const footprint = await outboxFootprint(page);
    const usageAfter = await storageUsage(page);
    if (footprint.count !== CHANGES) throw new Error(`The outbox holds ${footprint.count} changes`);

    const replayed = timeReplay(page);
    await context.setOffline(false);
    const replayMs = await replayed;
    const left = await outboxFootprint(page);
    if (left.count !== 0) throw new Error(`${left.count} changes are left in the outbox after the replay`);
    const last = members[Math.floor((CHANGES - 1) / 2) % members.length] as TeamMemberCard;
    const detail = await getFromPage<{ lastName: string }>(
      page,
      `/user-portal/user/${last._id}?team=${growth._id}`,
    );
    if (detail.lastName !== `Replay${CHANGES - 1}`)
      throw new Error(`The last edit did not land: ${detail.lastName}`);
    const onlineAfter = await sendOnline('Again');
    const online = { ms: (onlineBefore + onlineAfter) / 2 };

    const ratio = replayMs / online.ms;
    console.log(`  ${CHANGES} changes (default organization and member edits, half each), one after another`);
    console.log(
      `  sent online through the worker: ${online.ms.toFixed(0)} ms (${(online.ms / CHANGES).toFixed(1)} ms each; mean of ${onlineBefore.toFixed(0)} ms before the replay and ${onlineAfter.toFixed(0)} ms after)`,
    );
    console.log(`  queued offline: ${queued.ms.toFixed(0)} ms (${(queued.ms / CHANGES).toFixed(1)} ms each)`);
    console.log(
      `  replayed when back online: ${replayMs.toFixed(0)} ms (${(replayMs / CHANGES).toFixed(1)} ms each)`,
    );
    console.log(
      `  replay vs online: ratio ${ratio.toFixed(2)}, target at most ${RATIO_TARGET}: ${ratio <= RATIO_TARGET ? 'met' : 'missed'}`,
    );
    console.log(
      `  IndexedDB per queued change: ${(footprint.bytes / CHANGES).toFixed(0)} bytes of stored fields; storage estimate ${((usageAfter - usageBefore) / CHANGES).toFixed(0)} bytes`,
    );
    return {
      onlineMs: online.ms,
      replayMs,
      ratio,
      bytesPerChange: footprint.bytes / CHANGES,
      estimatePerChange: (usageAfter - usageBefore) / CHANGES,
    };
  } finally {
    await bench.close();
  }
}

import { expect, type Route, test } from '@playwright/test';
import type { OrganizationList } from '../../contract/team-dashboard.ts';
import {
  leadApi,
  memberDetail,
  restoreDefaultTeam,
  searchMembers,
  seedTeams,
  signInLeadWithWorker,
  stopServiceWorkers,
  teamMember,
} from './support/outbox.ts';
import { nudgeOutbox, readOutbox, writeFromPage } from './support/outbox-page.ts';

type Seen = { key: string; status: number | null; replayed: boolean };

test('a worker stopped while a change is in flight sends it again on restart, and the server applies it once', async ({
  page,
  context,
  request,
}) => {
  const api = await leadApi(request);
  const { organizations, growth, enterprise } = await seedTeams(api);
  expect(organizations.default).toBe(growth._id);
  const edited = await teamMember(api, growth._id, 3);
  const before = await memberDetail(api, edited._id, growth._id);
  const stamp = Date.now();
  const email = `stopped.${stamp}@example.com`;

  await signInLeadWithWorker(page);

  // Three changes queued offline, then replayed once the connection is back.
  await context.setOffline(true);
  const writes = [
    writeFromPage(page, {
      method: 'POST',
      path: '/user-portal/add-user',
      multipart: {
        firstName: 'Stella',
        lastName: `Stopped${stamp}`,
        email,
        password: 'secret12',
        confirmPassword: 'secret12',
        teamId: growth._id,
      },
      action: 'Add member',
      target: `Stella Stopped${stamp}`,
      clientId: crypto.randomUUID(),
    }),
    writeFromPage(page, {
      method: 'PATCH',
      path: `/user-portal/user/${edited._id}`,
      multipart: {
        firstName: before.firstName,
        lastName: `Restarted${stamp}`,
        email: before.email,
        teamId: growth._id,
        version: String(before.version),
      },
      action: 'Edit member',
      target: `${before.firstName} Restarted${stamp}`,
    }),
    writeFromPage(page, {
      method: 'POST',
      path: '/team/set-default-Team',
      json: { defaultTeamId: enterprise._id },
      action: 'Set default organization',
      target: 'Enterprise Team',
    }),
  ];
  for (const answer of await Promise.all(writes))
    expect(answer).toMatchObject({ status: 202, body: { queued: true } });
  expect(await readOutbox(page)).toHaveLength(3);

  // From now on, every write the worker sends: the first time a key is seen, the server gets the request and
  // answers it, and the worker is stopped before the answer reaches it. Later sends go through.
  const seen: Seen[] = [];
  let stops = 0;
  await context.route('**/api/v1/**', async (route: Route) => {
    const req = route.request();
    const key = req.headers()['idempotency-key'];
    if (req.method() === 'GET' || !key) return route.continue();
    const first = !seen.some((entry) => entry.key === key);
    const response = await route.fetch();
    seen.push({
      key,
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'] === 'true',
    });
    if (!first) return route.fulfill({ response });
    stops += 1;
    await stopServiceWorkers(context, page);
    await route.abort('connectionreset').catch(() => undefined);
  });

  await context.setOffline(false);
  // A stopped worker starts again on the next message (a page's timer or its 'online' report).
  await expect
    .poll(
      async () => {
        await nudgeOutbox(page);
        return (await readOutbox(page)).length;
      },
      { timeout: 45_000, intervals: [500, 1000] },
    )
    .toBe(0);

  // Each change was in flight when its worker stopped, and was sent again under the same key:
  // the repeat got the first answer from the server's idempotency store.
  expect(stops).toBe(3);
  const keys = [...new Set(seen.map((entry) => entry.key))];
  expect(keys).toHaveLength(3);
  for (const key of keys) {
    const sends = seen.filter((entry) => entry.key === key);
    expect(sends.length, key).toBeGreaterThanOrEqual(2);
    expect(sends[0]?.status, key).toBeLessThan(300);
    expect(sends[0]?.replayed, key).toBe(false);
    for (const repeat of sends.slice(1))
      expect(repeat, key).toMatchObject({ replayed: true, status: sends[0]?.status });
  }

  // The server has each change exactly once.
  const found = await searchMembers(api, growth._id, email);
  expect(found.data.map((card) => card.email)).toEqual([email]);
  const after = await memberDetail(api, edited._id, growth._id);
  expect(after).toMatchObject({ lastName: `Restarted${stamp}`, version: before.version + 1 });
  expect((await api.get<OrganizationList>('/team/team-lead')).default).toBe(enterprise._id);

  await context.unroute('**/api/v1/**');
  await restoreDefaultTeam(api, growth._id);
});

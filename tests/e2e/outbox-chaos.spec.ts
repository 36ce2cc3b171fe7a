import { expect, test } from '@playwright/test';
import type { OrganizationList } from '../../contract/team-dashboard.ts';
import { leadApi, restoreDefaultTeam, signInLeadWithWorker } from './support/outbox.ts';
import { runChaos } from './support/outbox-chaos.ts';

const CHANGES = 200;

test('a chaos run: 200 mixed changes while the network flips and the page reloads, none lost or duplicated', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const api = await leadApi(request);
  const before = await api.get<OrganizationList>('/team/team-lead');
  const seed = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);

  await signInLeadWithWorker(page);

  const result = await runChaos(page, context, { changes: CHANGES, seed, get: api.get });
  console.log(
    `chaos seed ${seed}: ${JSON.stringify(result.changes)}, ${result.queued} queued, ${result.flips} network flips, ${result.reloads} reloads, ${(result.ms / 1000).toFixed(1)} s`,
  );
  console.log(`chaos lost: ${result.lost}, duplicated: ${result.duplicated}, failed: ${result.failed}`);
  for (const detail of result.details) console.log(`  ${detail}`);

  // The run did what it is for: changes were kept offline and replayed across flips and reloads.
  expect(result.queued).toBeGreaterThan(0);
  expect(result.flips).toBeGreaterThan(2);
  expect(result.reloads).toBeGreaterThan(0);
  expect(Object.values(result.changes).reduce((sum, count) => sum + count, 0)).toBe(CHANGES);
  expect(result).toMatchObject({ lost: 0, duplicated: 0, failed: 0 });

  await restoreDefaultTeam(api, before.default);
});

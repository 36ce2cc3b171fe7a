import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type {
  AssignmentLearner,
  CourseAssignmentRow,
  NamedRef,
} from '../../contract/course-assignments/resource.ts';
import type { Paged } from '../../contract/envelope.ts';
import { type Api, apiAs } from './support/account-control.ts';
import { ADMIN, LEAD, openSignedIn } from './support/actions.ts';

// Reassigning several at once on the team dashboard: chosen learners of one training from its
// Learners view, and several trainings from the Assign Trainings list. Each test makes its own
// trainings through the API and deletes them after.

type Card = { _id: string; firstName: string; lastName: string };

const FIRST_DEADLINE = '2031-01-15';
const name = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

async function growthTeam(lead: Api) {
  const teams = await lead.get<{ data: { _id: string; title: string }[] }>('/team/team-lead');
  const growth = teams.data.find((team) => team.title === 'Growth Team');
  if (!growth) throw new Error('The lead does not lead the Growth Team');
  return growth._id;
}

type MadeBy = 'lead' | 'administration';

/**
 * A training for the team's given members (or the whole team), due on FIRST_DEADLINE: made for the
 * team on its dashboard by the lead, or by the administration naming the team.
 */
async function makeTraining(
  api: Api,
  teamId: string,
  title: string,
  { memberIds, by = 'lead' }: { memberIds?: string[]; by?: MadeBy } = {},
) {
  const courses = await api.get<Paged<NamedRef>>('/course-assignment/course-options', {
    search: 'First Aid',
  });
  return api.post<CourseAssignmentRow>('/course-assignment', {
    ...(by === 'lead' ? { teamId } : {}),
    title,
    kind: 'assigned',
    assigneeKind: memberIds ? 'users' : 'teams',
    assigneeIds: memberIds ?? [teamId],
    courseIds: courses.data.slice(0, 1).map((course) => course._id),
    deadline: FIRST_DEADLINE,
  });
}

async function openTrainings(page: Page, teamId: string, search: string) {
  await openSignedIn(
    page,
    LEAD,
    `/user-portal/team-dashboard?activeTab=trainings&team=${teamId}&search=${encodeURIComponent(search)}`,
  );
  await expect(page.getByRole('heading', { name: 'Team Dashboard' })).toBeVisible();
}

async function reassignWith(page: Page, day: string) {
  const dialog = page.getByRole('dialog', { name: 'Reassign Training' });
  await dialog.getByLabel('New Deadline (Optional)').fill(day);
  // Tab closes the calendar (Escape would close the dialog too).
  await dialog.getByLabel('New Deadline (Optional)').press('Tab');
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(page.getByText('Training is reassigned successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function cleanUp(request: APIRequestContext, ids: string[]) {
  if (ids.length > 0) await (await apiAs(request, LEAD)).remove('/course-assignment', { bulkId: ids });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a training's Learners view reassigns three chosen members with a new deadline", async ({
    page,
    request,
  }) => {
    const lead = await apiAs(request, LEAD);
    const teamId = await growthTeam(lead);
    const members = (await lead.get<Paged<Card>>(`/team/member-list/${teamId}`, { page: 1, limit: 20 })).data;
    expect(members.length).toBeGreaterThanOrEqual(5);
    const title = `Learner reassign ${Date.now().toString(36)}`;
    const training = await makeTraining(lead, teamId, title, {
      memberIds: members.slice(0, 5).map((member) => member._id),
    });
    try {
      const learnersPath = `/course-assignment/${training._id}/learners`;
      const before = await lead.get<AssignmentLearner[]>(learnersPath);
      expect(before).toHaveLength(5);
      const chosen = before.slice(1, 4);
      const others = [before[0], before[4]] as AssignmentLearner[];

      await openTrainings(page, teamId, title);
      await page.getByRole('button', { name: `Learners of ${title}` }).click();
      const drawer = page.getByRole('dialog', { name: `Learners: ${title}` });
      const row = (learner: AssignmentLearner) =>
        drawer.getByRole('row', { name: new RegExp(name(learner)) });
      for (const learner of before) await expect(row(learner)).toContainText('Jan 15, 2031');
      await expect(row(chosen[0] as AssignmentLearner)).toContainText('First Aid Basics: Not started');

      for (const learner of chosen)
        await drawer.getByRole('checkbox', { name: `Select ${name(learner)}` }).check();
      const bar = drawer.getByRole('toolbar', { name: 'Selected learners' });
      await expect(bar).toContainText('3 learners selected');
      await bar.getByRole('button', { name: 'Reassign selected' }).click();
      await expect(page.getByRole('dialog', { name: 'Reassign Training' })).toContainText(
        `${title}, 3 learners: ${chosen.map(name).join(', ')}`,
      );
      await reassignWith(page, '2031-03-14');

      for (const learner of chosen) await expect(row(learner)).toContainText('Mar 14, 2031');
      for (const learner of others) await expect(row(learner)).toContainText('Jan 15, 2031');
      await expect(bar).toBeHidden();

      const after = await lead.get<AssignmentLearner[]>(learnersPath);
      const chosenIds = new Set(chosen.map((learner) => learner._id));
      expect(Object.fromEntries(after.map((learner) => [learner._id, learner.deadline]))).toEqual(
        Object.fromEntries(
          before.map((learner) => [learner._id, chosenIds.has(learner._id) ? '2031-03-14' : FIRST_DEADLINE]),
        ),
      );
      // The training itself keeps its day: only the chosen learners moved.
      const list = await lead.get<Paged<CourseAssignmentRow>>('/course-assignment', {
        team: teamId,
        search: title,
      });
      expect(list.data.map((row) => row.deadline)).toEqual([FIRST_DEADLINE]);
    } finally {
      await cleanUp(request, [training._id]);
    }
  });
});

test('two chosen trainings are reassigned in one step; an administrator’s cannot be chosen', async ({
  page,
  request,
}) => {
  const lead = await apiAs(request, LEAD);
  const admin = await apiAs(request, ADMIN);
  const teamId = await growthTeam(lead);
  const run = `Bulk reassign ${Date.now().toString(36)}`;
  const first = await makeTraining(lead, teamId, `${run} one`);
  const second = await makeTraining(lead, teamId, `${run} two`);
  const third = await makeTraining(lead, teamId, `${run} three`);
  const byAdmin = await makeTraining(admin, teamId, `${run} administration`, { by: 'administration' });
  try {
    expect(byAdmin.teamId).toBeNull();
    await openTrainings(page, teamId, run);
    const table = page.getByRole('table', { name: 'Assigned trainings' });
    const row = (title: string) => table.getByRole('row', { name: new RegExp(`${title}\\b`) });
    await expect(row(byAdmin.title)).toContainText('Assigned by an administrator');
    await expect(table.getByRole('checkbox', { name: `Select ${byAdmin.title}` })).toBeDisabled();

    await table.getByRole('checkbox', { name: `Select ${first.title}` }).check();
    await table.getByRole('checkbox', { name: `Select ${second.title}` }).check();
    const bar = page.getByRole('toolbar', { name: 'Selected trainings' });
    await expect(bar).toContainText('2 trainings selected');
    await bar.getByRole('button', { name: 'Reassign selected' }).click();
    await reassignWith(page, '2031-03-20');

    await expect(row(first.title)).toContainText('Mar 20, 2031');
    await expect(row(second.title)).toContainText('Mar 20, 2031');
    await expect(row(third.title)).toContainText('Jan 15, 2031');
    await expect(bar).toBeHidden();

    const list = await lead.get<Paged<CourseAssignmentRow>>('/course-assignment', {
      team: teamId,
      search: run,
    });
    expect(Object.fromEntries(list.data.map((training) => [training.title, training.deadline]))).toEqual({
      [first.title]: '2031-03-20',
      [second.title]: '2031-03-20',
      [third.title]: FIRST_DEADLINE,
      [byAdmin.title]: FIRST_DEADLINE,
    });
    const learners = await lead.get<AssignmentLearner[]>(`/course-assignment/${second._id}/learners`);
    expect(learners.length).toBeGreaterThan(0);
    expect(new Set(learners.map((learner) => learner.deadline))).toEqual(new Set(['2031-03-20']));
  } finally {
    await cleanUp(request, [first._id, second._id, third._id]);
    await admin.remove('/course-assignment', { bulkId: [byAdmin._id] });
  }
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { checklistRecordPaths as p } from '../../contract/checklists/records.ts';
import type { ChecklistActivityType } from '../../contract/checklists/resource.ts';
import { queryRows } from '../../server/db/rows.ts';
import {
  checklistActivities,
  checklistObservers,
  checklistRecords,
  checklists,
} from '../../server/db/schema/checklists.ts';
import { teamLeads, teamMembers, teams } from '../../server/db/schema/teams.ts';
import type { TestContext } from './helpers.ts';
import { newCourse, newLearner, setOutline } from './learning-fixtures.ts';

/** Records written straight into their tables: these tests are about the checklist record routes. */

export type Person = { id: string; token: string; name: string };

export async function person(t: TestContext, firstName: string): Promise<Person> {
  const learner = await newLearner(t);
  await t.db.execute(
    sql`update users set first_name = ${firstName}, last_name = 'Tester' where id = ${learner.id}`,
  );
  return { ...learner, name: `${firstName} Tester` };
}

/** A published checklist with one activity of each type given, in order; answers its id and the activities' ids by type. */
export async function newChecklist(
  t: TestContext,
  types: { type: ChecklistActivityType; required?: boolean }[],
  title = `Checklist ${randomUUID().slice(0, 8)}`,
) {
  const [checklist] = await t.db
    .insert(checklists)
    .values({ title, description: 'On the job.', status: true })
    .returning({ id: checklists.id });
  const id = checklist?.id as string;
  const activities: string[] = [];
  for (const [index, spec] of types.entries()) {
    const [row] = await t.db
      .insert(checklistActivities)
      .values({
        checklistId: id,
        position: index + 1,
        title: `${spec.type} ${index + 1}`,
        type: spec.type,
        required: spec.required ?? true,
      })
      .returning({ id: checklistActivities.id });
    activities.push(row?.id as string);
  }
  return { id, title, activities };
}

export async function newTeam(t: TestContext, leads: string[], members: string[]) {
  const [team] = await t.db
    .insert(teams)
    .values({ title: `Team ${randomUUID().slice(0, 8)}`, teamName: 'Crew' })
    .returning({ id: teams.id });
  const teamId = team?.id as string;
  for (const userId of leads) await t.db.insert(teamLeads).values({ teamId, userId });
  for (const userId of members) await t.db.insert(teamMembers).values({ teamId, userId });
  return teamId;
}

export const ALL_TYPES: ChecklistActivityType[] = [
  'learnerTick',
  'leadSignOff',
  'observerSignOff',
  'evidence',
  'writtenAnswer',
  'rating',
];

/**
 * A learner in a team with its lead, a lead of another team (whose member is `stranger`), an
 * observer named for a checklist with one item of each type, and a course open to the learner by
 * name whose outline holds the checklist.
 */
export async function checklistWorld(t: TestContext, types = ALL_TYPES) {
  const learner = await person(t, 'Lena');
  const lead = await person(t, 'Leo');
  const otherLead = await person(t, 'Olga');
  const stranger = await person(t, 'Sven');
  const observer = await person(t, 'Oscar');
  const checklist = await newChecklist(
    t,
    types.map((type) => ({ type })),
  );
  const teamId = await newTeam(t, [lead.id], [learner.id, lead.id]);
  const otherTeamId = await newTeam(t, [otherLead.id], [stranger.id]);
  await t.db.insert(checklistObservers).values({ checklistId: checklist.id, userId: observer.id });
  const courseId = await newCourse(t, { permission: 'user', subjects: [{ userId: learner.id }] });
  await setOutline(t, courseId, [{ checklistId: checklist.id }]);
  const item = (type: ChecklistActivityType) => checklist.activities[types.indexOf(type)] as string;
  return { learner, lead, otherLead, stranger, observer, checklist, teamId, otherTeamId, courseId, item };
}

export type World = Awaited<ReturnType<typeof checklistWorld>>;

/** POST a record as JSON by `token`. */
export function record(
  t: TestContext,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.call('POST', p.record, { token, body: { recordId: randomUUID(), ...body }, headers });
}

/** POST a record as a multipart form, its fields first and then the file. */
export function recordForm(
  t: TestContext,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ recordId: randomUUID(), ...fields })) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return t.call('POST', p.record, { token, form });
}

/** A tiny real PNG (1x1). */
export const PNG: Uint8Array<ArrayBuffer> = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export const recordsOf = (t: TestContext, learnerId: string) =>
  t.db.select().from(checklistRecords).where(eq(checklistRecords.userId, learnerId));

export const completionCount = async (t: TestContext, learnerId: string, courseId: string) => {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from course_completions where user_id = ${learnerId} and course_id = ${courseId}`,
  );
  return row?.n ?? 0;
};

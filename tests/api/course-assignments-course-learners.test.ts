import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CourseLearners,
  courseLearnersPath,
} from '../../contract/course-assignments/course-learners.ts';
import {
  type CourseAssignmentRow,
  courseAssignmentPaths as p,
} from '../../contract/course-assignments/resource.ts';
import type { Paged } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { userGroupMembers, userGroups } from '../../server/db/schema/user-groups.ts';
import { users } from '../../server/db/schema/users.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

// The course screen's learner count: who has one course through any assignment, and the
// assignment list filtered to the assignments that include it.

let t: TestContext;
let admin: string;
let courseId: string;
let serial = 0;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
  const [row] = await t.db
    .insert(courses)
    .values({ name: 'Working at height', externalLink: 'https://example.com/height' })
    .returning({ id: courses.id });
  courseId = row?.id as string;
});
afterAll(() => t.close());

async function learner(firstName: string) {
  serial += 1;
  const user = await t.createUser({ email: `height-${serial}@example.com`, password: 'secret12', firstName });
  return user.id as string;
}

const summary = async (token = admin, id = courseId) => t.call('GET', courseLearnersPath(id), { token });

async function assign(body: Record<string, unknown>) {
  const created = await t.call('POST', p.list, { token: admin, body: { courseIds: [courseId], ...body } });
  expect(created.status, created.text).toBe(201);
  expect(created.body.message).toBe(`Training '${body.title}' created.`);
  return created.body.results._id as string;
}

describe('GET /course-assignment/course/{courseId}/learners', () => {
  it('counts each enabled learner once across the assignments that include the course', async () => {
    const empty = await summary();
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      message: messages.listFetched,
      results: {
        course: { _id: courseId, name: 'Working at height' },
        learners: 0,
        assignments: 0,
        assignmentId: null,
      } satisfies CourseLearners,
    });

    const [ana, ben, cleo, dan] = [
      await learner('Ana'),
      await learner('Ben'),
      await learner('Cleo'),
      await learner('Dan'),
    ];
    const first = await assign({ title: 'Height direct', assigneeKind: 'users', assigneeIds: [ana, ben] });
    expect((await summary()).body.results).toEqual({
      course: { _id: courseId, name: 'Working at height' },
      learners: 2,
      assignments: 1,
      assignmentId: first,
    });

    // Ben again through a group, Cleo new, Dan disabled: three learners over two assignments.
    const [group] = await t.db
      .insert(userGroups)
      .values({ name: 'Roofers' })
      .returning({ id: userGroups.id });
    const groupId = group?.id as string;
    await t.db.insert(userGroupMembers).values([ben, cleo, dan].map((userId) => ({ groupId, userId })));
    await t.db.update(users).set({ status: false }).where(eq(users.id, dan));
    const second = await assign({ title: 'Height by group', assigneeKind: 'groups', assigneeIds: [groupId] });
    expect((await summary()).body.results).toMatchObject({ learners: 3, assignments: 2, assignmentId: null });

    // The list filtered to the course holds exactly those two; another course's are left out.
    const other = await t.call('POST', p.list, {
      token: admin,
      body: { title: 'Other course', courseIds: [], assigneeKind: 'users', assigneeIds: [ana] },
    });
    expect(other.status).toBe(422);
    const listed = await t.call('GET', `${p.list}?course=${courseId}&limit=100`, { token: admin });
    expect(listed.status).toBe(200);
    const page = listed.body.results as Paged<CourseAssignmentRow>;
    expect(page.total).toBe(2);
    expect(page.data.map((row) => row._id).sort()).toEqual([first, second].sort());
    const all = await t.call('GET', `${p.list}?limit=100`, { token: admin });
    expect((all.body.results as Paged<CourseAssignmentRow>).total).toBeGreaterThan(2);
  });

  it('answers 404 for a course that does not exist and refuses callers without the Assignments view right', async () => {
    const missing = await summary(admin, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.notFound);
    expect((await summary(admin, 'not-a-uuid')).status).toBe(404);
    expect((await t.call('GET', courseLearnersPath(courseId))).status).toBe(401);
    const lead = await t.login(demo.lead.email, demo.lead.password);
    const refused = await summary(lead);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.forbidden);
  });
});

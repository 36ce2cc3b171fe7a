import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/rows.ts';
import { demo } from './helpers.ts';
import { enabledCourse, type Sample, uniqueEmail } from './route-samples.ts';

/**
 * Valid requests of the other writes that take a body and name no record in their path, for the
 * malformed-input test to spoil one field at a time.
 */
export const writeSamples: Record<string, Omit<Sample, 'teamless' | 'query'>> = {
  'POST /api/v1/login': { body: async () => ({ email: demo.admin.email, password: demo.admin.password }) },
  'POST /api/v1/forget-password': { body: async () => ({ email: demo.lead.email }) },
  'POST /api/v1/reset-password': {
    body: async () => ({
      token: 'a'.repeat(64),
      newPassword: 'Matrix-pass-1',
      confirmPassword: 'Matrix-pass-1',
    }),
  },
  'POST /api/v1/team/set-default-Team': { body: async (_db, target) => ({ defaultTeamId: target.teamId }) },
  // The administration's creates, each with every field its form sends.
  'POST /api/v1/user': {
    body: async (db) => ({
      groupId: [await firstId(db, 'user_groups')],
      roleId: [await firstId(db, 'membership_roles')],
      membershipId: await firstId(db, 'membership_levels'),
      firstName: 'Matrix',
      lastName: 'User',
      email: uniqueEmail(),
      password: 'Matrix-pass-1',
      confirmPassword: 'Matrix-pass-1',
      profileFields: await requiredProfileValues(db),
    }),
  },
  'POST /api/v1/user-group': { body: async () => ({ name: 'Matrix group' }) },
  'POST /api/v1/lesson': { body: async () => ({ name: 'Matrix lesson', description: 'About it.' }) },
  'POST /api/v1/lesson/activity/order': {
    body: async (db) => {
      const [lesson] = await queryRows<{ id: string; ids: string[] }>(
        db,
        sql`select lesson_id as id, array_agg(id order by position) as ids from lesson_activities group by lesson_id order by lesson_id limit 1`,
      );
      if (!lesson) throw new Error('No lesson with activities seeded');
      return { lessonId: lesson.id, activityIds: lesson.ids };
    },
  },
  'POST /api/v1/course-category': { body: async () => ({ name: 'Matrix category', parentId: null }) },
  'POST /api/v1/course': {
    body: async (db) => ({
      name: 'Matrix course',
      courseCategoryId: await firstId(db, 'course_categories'),
      externalLink: 'https://example.com/handbook',
      externalTitle: 'Handbook',
      additionalExternalLink: '',
      additionalExternalLinkTitle: '',
      permission: 'group',
      permissionIds: [await firstId(db, 'user_groups')],
    }),
  },
  'POST /api/v1/event/category': {
    body: async () => ({ title: 'Matrix event category', description: 'About it.', status: true }),
  },
  // Optional fields that may be empty (capacity, registration times) are sent empty, so no spoiled
  // value of theirs is a valid one.
  'POST /api/v1/event': {
    body: async (db) => ({
      title: 'Matrix event',
      categoryId: await firstId(db, 'event_categories'),
      description: 'About it.',
      timeZone: 'Europe/London',
      capacity: null,
      waitlist: true,
      registrationOpensAt: null,
      registrationClosesAt: null,
      status: true,
      instructorIds: [await firstId(db, 'users')],
      sessions: [
        {
          startsAt: '2030-05-06T09:00:00Z',
          endsAt: '2030-05-06T12:00:00Z',
          timeZone: 'Europe/London',
          locationId: await firstId(db, 'locations'),
          meetingUrl: 'https://us02web.zoom.us/j/123456789',
        },
      ],
    }),
  },
  'POST /api/v1/user-profile-group': { body: async () => ({ name: 'Matrix profile group' }) },
  'POST /api/v1/administrator-role': {
    body: async () => ({ name: 'Matrix role', status: true, permissions: [] }),
  },
  'POST /api/v1/team': {
    body: async (db, target) => ({
      title: 'Matrix team',
      teamName: 'matrix-team',
      teamLeadId: [target.memberId],
      teamMemberType: 'users',
      teamMembersIds: [target.memberId],
      assignableGroupId: [await firstId(db, 'user_groups')],
      assignableCoursesId: [await enabledCourse(db)],
      membershipRoleId: [await firstId(db, 'membership_roles')],
      teamMembershipId: await firstId(db, 'membership_levels'),
    }),
  },
  // The learner's writes: their path ids are random (no such course, quiz or attempt), so a valid
  // body gets past validation to a 404 and a spoiled one must be refused by its own field's check.
  'POST /api/v1/user-portal/course/:courseId/activity/:activityId/complete': {
    body: async () => ({ completionId: randomUUID(), watched: 1 }),
  },
  'POST /api/v1/user-portal/quiz/:quizId/attempt': {
    body: async (db) => ({ attemptId: randomUUID(), courseId: await enabledCourse(db) }),
  },
  'POST /api/v1/user-portal/quiz/:quizId/attempt/:attemptId/submit': {
    body: async () => ({ answers: [{ questionId: randomUUID(), choices: [0] }] }),
  },
  // Checklist records name a random item, so a valid body gets past validation to a 404.
  'POST /api/v1/checklist/record': {
    body: async () => ({
      recordId: randomUUID(),
      learnerId: randomUUID(),
      activityId: randomUUID(),
      action: 'done',
      note: 'Matrix',
    }),
  },
  'POST /api/v1/checklist/record/bulk': {
    body: async () => ({
      activityId: randomUUID(),
      learnerIds: [randomUUID()],
      recordIds: [randomUUID()],
      note: 'Matrix',
    }),
  },
  'PUT /api/v1/checklist/:checklistId/observer': { body: async () => ({ userIds: [randomUUID()] }) },
};

/** A value for each published, required profile field: its first option, or some text (a date or number for those types). */
async function requiredProfileValues(db: Database): Promise<Record<string, string | string[]>> {
  const fields = await queryRows<{ id: string; type: string; options: string[] }>(
    db,
    sql`select id, type, options from profile_fields where status and required`,
  );
  const value = (field: { type: string; options: string[] }) => {
    if (field.type === 'checkbox') return field.options.slice(0, 1);
    if (field.options.length > 0) return field.options[0] as string;
    return field.type === 'date' ? '2030-01-01' : field.type === 'number' ? '7' : 'Matrix';
  };
  return Object.fromEntries(fields.map((field) => [field.id, value(field)]));
}

async function firstId(db: Database, table: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from ${sql.identifier(table)} order by id limit 1`,
  );
  if (!row) throw new Error(`Nothing seeded in ${table}`);
  return row.id;
}

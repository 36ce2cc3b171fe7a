import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/rows.ts';
import { administratorRoles } from '../../server/db/schema/administrator-roles.ts';
import { courseAssignments } from '../../server/db/schema/course-assignments.ts';
import { courses } from '../../server/db/schema/courses.ts';
import { lessonActivities, lessons } from '../../server/db/schema/lessons.ts';
import { users } from '../../server/db/schema/users.ts';
import { signEmbedUrl } from '../../server/files/embed-url.ts';
import { signFileUrl } from '../../server/files/signed-url.ts';
import { createFileStore } from '../../server/files/store.ts';
import { storeUpload } from '../../server/files/upload.ts';
import type { DeclaredRoute } from '../../server/http/route-table.ts';
import { createTestContext, createUser } from './helpers.ts';
import { createPersonas } from './personas.ts';

/** The team a call is about: its id, a member of it and one of its trainings. */
export type TeamTarget = { teamId: string; memberId: string; trainingId: string };

/** Records a call may name besides the team's: created for the tests, so writes on them harm no one. */
export type Victims = {
  userId: string;
  roleId: string;
  ids: (table: string) => Promise<string | undefined>;
  /** A signed link to a stored file, for the file route's `*`. */
  fileLink?: () => Promise<string>;
  /** A signed link to a custom embed's document, for the lesson embed route. */
  embedLink?: () => Promise<string>;
};

/** A fresh app on its own database with every kind of caller and the records their calls may name. */
export async function openRouteTest() {
  const t = await createTestContext();
  const personas = await createPersonas(t.db);
  const victims = await createVictims(t.db);
  // Made when first asked for: signing a link stores the signing key, a write of its own.
  victims.fileLink = async () => {
    const store = createFileStore(t.config.files);
    const file = await storeUpload(
      store,
      'pdf',
      Readable.from([Buffer.from('%PDF-1.4\n%%EOF\n')]),
      'Matrix.pdf',
      'activities',
    );
    return signFileUrl(t, file.key);
  };
  victims.embedLink = async () => {
    const [lesson] = await t.db
      .insert(lessons)
      .values({ name: 'Matrix lesson' })
      .returning({ id: lessons.id });
    const [activity] = await t.db
      .insert(lessonActivities)
      .values({
        lessonId: lesson?.id as string,
        position: 1,
        title: 'Matrix embed',
        activityType: 'customEmbed',
        customEmbed: '<p>Matrix</p>',
      })
      .returning({ id: lessonActivities.id });
    return signEmbedUrl(t, activity?.id as string);
  };
  return { t, personas, victims };
}

export async function createVictims(db: Database): Promise<Victims> {
  const user = await createUser(db, { email: 'matrix-victim@example.com', password: 'victim-pass-1' });
  const [role] = await db
    .insert(administratorRoles)
    .values({ name: 'Matrix victim role' })
    .returning({ id: administratorRoles.id });
  if (!role) throw new Error('Inserting a role returned nothing');
  /** The first row of a table the administration may have seeded (groups, profile fields). */
  const ids = async (table: string) => {
    const [exists] = await queryRows<{ present: boolean }>(
      db,
      sql`select to_regclass(${`public.${table}`}) is not null as present`,
    );
    if (!exists?.present) return undefined;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select id from ${sql.identifier(table)} order by id limit 1`,
    );
    return row?.id;
  };
  return { userId: user.id, roleId: role.id, ids };
}

/** Which record a path parameter names, from its name or, for a bare `:id`, the path before it. */
export async function idFor(
  route: string,
  name: string,
  target: TeamTarget,
  victims: Victims,
): Promise<string> {
  const subject = (name === 'id' ? route.slice(0, route.indexOf(`:${name}`)) : name).toLowerCase();
  if (/profile|field/.test(subject)) return (await victims.ids('profile_fields')) ?? randomUUID();
  if (/event\/categor/.test(subject)) return (await victims.ids('event_categories')) ?? randomUUID();
  if (/event\/attendee/.test(subject)) return (await victims.ids('event_attendees')) ?? randomUUID();
  if (/\/event\/$/.test(subject)) return (await victims.ids('events')) ?? randomUUID();
  if (/categor/.test(subject)) return (await victims.ids('course_categories')) ?? randomUUID();
  if (/team/.test(subject)) return target.teamId;
  if (/member/.test(subject)) return target.memberId;
  if (/training|assignment/.test(subject)) return target.trainingId;
  if (/role/.test(subject)) return victims.roleId;
  if (/group/.test(subject)) return (await victims.ids('user_groups')) ?? randomUUID();
  if (/user/.test(subject)) return victims.userId;
  return randomUUID();
}

/** The parameters of a Hono path, each with its text (`:id` or `:id{pattern}`, braces balanced). */
export function pathParams(path: string): { name: string; text: string }[] {
  const params: { name: string; text: string }[] = [];
  let previousEnd = 0;
  for (const match of path.matchAll(/:([A-Za-z_]+)/g)) {
    const start = match.index;
    if (start < previousEnd) continue; // a colon inside the previous parameter's pattern
    let end = start + match[0].length;
    if (path[end] === '{') {
      let depth = 0;
      do {
        if (path[end] === '{') depth += 1;
        else if (path[end] === '}') depth -= 1;
        end += 1;
      } while (depth > 0 && end < path.length);
    }
    params.push({ name: match[1] as string, text: path.slice(start, end) });
    previousEnd = end;
  }
  return params;
}

/** The route's path without parameter patterns, as a reader writes it: `/team/:teamId`. */
export function plainPath(path: string): string {
  return pathParams(path).reduce((plain, param) => plain.replace(param.text, `:${param.name}`), path);
}

export async function fillPath(route: DeclaredRoute, target: TeamTarget, victims: Victims) {
  if (route.path.endsWith('/files/*') && victims.fileLink) return victims.fileLink();
  if (route.path.includes('/lesson/embed/') && victims.embedLink) return victims.embedLink();
  let path = route.path;
  const plain = plainPath(route.path);
  for (const param of pathParams(route.path)) {
    path = path.replace(param.text, await idFor(plain, param.name, target, victims));
  }
  return path;
}

let serial = 0;
export const uniqueEmail = () => {
  serial += 1;
  return `matrix-${serial}-${randomUUID().slice(0, 8)}@example.com`;
};

export async function enabledCourse(db: Database): Promise<string> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.status, true))
    .orderBy(asc(courses.name))
    .limit(1);
  if (!course) throw new Error('No enabled course seeded');
  return course.id;
}

/** An assignment made for the team for one call that deletes it, so deleting leaves the seeded ones. */
async function disposableTraining(db: Database, teamId: string): Promise<string> {
  const [row] = await db
    .insert(courseAssignments)
    .values({ teamId, title: 'Disposable training', assigneeKind: 'teams' })
    .returning({ id: courseAssignments.id });
  if (!row) throw new Error('Inserting an assignment returned nothing');
  return row.id;
}

async function memberEmail(db: Database, memberId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, memberId));
  return row?.email ?? uniqueEmail();
}

/**
 * How a team-lead route names its team, and a request that passes validation, so that the team
 * check (which runs after validation) decides the answer. `teamless` routes check only that the
 * caller leads some team. Every team-lead route must be described here: the matrix fails on one
 * that is not, since it cannot know where such a route takes its team from.
 */
export type Sample = {
  teamless?: true;
  query?: (target: TeamTarget) => Record<string, string>;
  body?: (db: Database, target: TeamTarget) => Promise<unknown>;
};

const teamQuery = (target: TeamTarget) => ({ team: target.teamId });
const trainingBody = async (db: Database, target: TeamTarget) => ({
  teamId: target.teamId,
  title: 'Matrix training',
  courseIds: [await enabledCourse(db)],
  assigneeKind: 'teams',
  assigneeIds: [target.teamId],
});

export const teamLeadSamples: Record<string, Sample> = {
  'GET /api/v1/team/member-list/:teamId': {},
  'DELETE /api/v1/team/:teamId/member': { body: async () => ({ bulkId: [randomUUID()] }) },
  'POST /api/v1/team/:teamId/member/:memberId/resend-email': {},
  'POST /api/v1/team/:teamId/member-import': { body: async () => ({ rows: [{ row: 2, values: {} }] }) },
  'GET /api/v1/team/report/:teamId': {},
  'GET /api/v1/team/report/:teamId/activity': {},
  'GET /api/v1/team/report/:teamId/attendance': {},
  'GET /api/v1/team/:teamId/member/:memberId/summary': {},
  'GET /api/v1/team/:teamId/member/:memberId/transcript': {},
  'GET /api/v1/team/:teamId/member/:memberId/activity': {},
  'GET /api/v1/team/:teamId/member/:memberId/attendance': {},
  'GET /api/v1/team/:teamId/member/:memberId/checklist': {},
  'GET /api/v1/team/:teamId/member/:memberId/checklist/:checklistId': {},
  'GET /api/v1/team/:teamId/checklist/:checklistId': {},
  'GET /api/v1/team/:teamId/event': {},
  'POST /api/v1/team/:teamId/event/:eventId/attendee': {
    body: async (_db, target) => ({ userIds: [target.memberId] }),
  },
  'PATCH /api/v1/team/:teamId/event/attendee/:attendeeId': { body: async () => ({ state: 'cancelled' }) },
  'PUT /api/v1/team/:teamId/event/attendance': {
    body: async () => ({ attendeeId: randomUUID(), sessionId: randomUUID(), state: 'attended' }),
  },
  'POST /api/v1/user-portal/add-user': {
    body: async (_db, target) => ({
      firstName: 'Matrix',
      lastName: 'Added',
      email: uniqueEmail(),
      teamId: target.teamId,
      password: 'Matrix-pass-1',
      confirmPassword: 'Matrix-pass-1',
    }),
  },
  'GET /api/v1/user-portal/user/:memberId': { query: teamQuery },
  'PATCH /api/v1/user-portal/user/:memberId': {
    body: async (db, target) => ({
      firstName: 'Matrix',
      lastName: 'Edited',
      email: await memberEmail(db, target.memberId),
      teamId: target.teamId,
    }),
  },
  'GET /api/v1/course-assignment/course-options': { teamless: true },
  'GET /api/v1/course-assignment': { query: teamQuery },
  'POST /api/v1/course-assignment': { body: trainingBody },
  'DELETE /api/v1/course-assignment': {
    body: async (db, target) => ({ bulkId: [await disposableTraining(db, target.teamId)] }),
  },
  'GET /api/v1/course-assignment/:assignmentId': {},
  'PATCH /api/v1/course-assignment/:assignmentId': { body: trainingBody },
  'POST /api/v1/course-assignment/duplicate/:assignmentId': {},
  'POST /api/v1/course-assignment/reassign': {
    body: async (_db, target) => ({ bulkId: [target.trainingId], deadline: null }),
  },
  'POST /api/v1/course-assignment/:assignmentId/reassign': { body: async () => ({ deadline: null }) },
  'POST /api/v1/course-assignment/:assignmentId/resend-email': {},
  'GET /api/v1/course-assignment/:assignmentId/learners': {},
  'GET /api/v1/course-assignment/compliance': { query: teamQuery },
  'GET /api/v1/course-assignment/compliance/report': { query: teamQuery },
  'GET /api/v1/course-assignment/compliance/export': { query: teamQuery },
};

import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AssigneeKind } from '../../../contract/course-assignments/resource.ts';
import { courseAssignmentMessages as m } from '../../../contract/course-assignments/resource.ts';
import type { CourseAssignmentValues } from '../../../contract/course-assignments/schemas.ts';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { nothingToTake } from '../../db/learner-progress.ts';
import { queryRows } from '../../db/rows.ts';
import { courseAssignmentAssignees, courseAssignmentCourses } from '../../db/schema/course-assignments.ts';
import { courses } from '../../db/schema/courses.ts';
import { teamMembers, teams } from '../../db/schema/teams.ts';
import { userGroups } from '../../db/schema/user-groups.ts';
import { users } from '../../db/schema/users.ts';
import type { AuthState } from '../../http/app-env.ts';
import { ApiError } from '../../http/errors.ts';
import { requireTeamAccess } from '../../http/team-access.ts';
import { administersAssignments, ledAmong } from './access.ts';

/** Today as a UTC calendar day. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The schema checks the shape yyyy-mm-dd; this also refuses days that do not exist, such as 2030-02-30. */
const realDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/** A day from a form: none, or a real day not before today; `keep` (the saved value) may stay as it was. */
export function checkDay(
  day: string | null | undefined,
  now: Date,
  { invalid, past, keep }: { invalid: string; past: string; keep?: string | null },
): string | undefined {
  if (!day || day === keep) return undefined;
  if (!realDay(day)) return invalid;
  if (day < utcDay(now)) return past;
  return undefined;
}

export type CheckedAssignment = {
  teamId: string | null;
  title: string;
  kind: 'assigned' | 'suggested';
  assigneeKind: AssigneeKind;
  assigneeIds: string[];
  courseIds: string[];
  deadline: string | null;
  dueWithinDays: number | null;
  expiryType: 'none' | 'fixed' | 'dynamic';
  expiryDate: string | null;
  expiryValue: number | null;
  expiryUnit: 'days' | 'weeks' | 'months' | 'years' | null;
};

const lower = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

const assigneeTables = {
  users: { table: users, id: users.id },
  groups: { table: userGroups, id: userGroups.id },
  teams: { table: teams, id: teams.id },
} as const;

/**
 * Whether the courses add one a learner could never complete (record 020): nothing in its outline
 * and no external link. A course the saved assignment `assignmentId` holds already may stay, so an
 * older assignment can still be edited.
 */
async function addsNothingToTake(db: Database, courseIds: string[], assignmentId?: string): Promise<boolean> {
  const kept = assignmentId
    ? sql`and c.id not in (select course_id from course_assignment_courses where assignment_id = ${assignmentId})`
    : sql``;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select c.id from courses c
         where c.id in (${sql.join(
           courseIds.map((id) => sql`${id}`),
           sql`, `,
         )}) ${kept} and ${nothingToTake(sql`c`)}
         limit 1`,
  );
  return rows.length > 0;
}

/**
 * What the schema cannot know: real days not in the past, enabled courses, assignees that exist,
 * and the team dashboard's limits. An administrator of assignments assigns to anyone; anyone else
 * assigns for a team whose dashboard they may use (`teamId`), to that team or its members only.
 * `saved` is the record being edited: its team stays, and its days may stay as they were.
 */
export async function checkAssignment(
  db: Database,
  auth: AuthState,
  input: CourseAssignmentValues,
  now: Date,
  saved?: { id: string; teamId: string | null; deadline: string | null; expiryDate: string | null },
): Promise<CheckedAssignment> {
  const teamId = saved ? saved.teamId : input.teamId ? input.teamId.toLowerCase() : null;
  const assigneeIds = lower(input.assigneeIds);
  const courseIds = lower(input.courseIds);
  const admin = await administersAssignments(db, auth, 'edit');
  if (!admin) {
    // The team dashboard's door: a team the caller may use, and only that team or its members.
    if (!teamId) throw new ApiError(403, messages.forbidden);
    await requireTeamAccess(db, auth, teamId, 'edit');
    if (input.assigneeKind === 'groups') throw new ApiError(403, m.groupsForAdministrators);
    if (
      input.assigneeKind === 'teams' &&
      (await ledAmong(db, auth, assigneeIds)).length !== assigneeIds.length
    )
      throw new ApiError(403, m.teamNotLed);
  }
  const errors: FieldErrors = {};
  const deadline = checkDay(input.deadline, now, {
    invalid: m.deadlineInvalid,
    past: m.deadlinePast,
    keep: saved?.deadline,
  });
  if (deadline) errors.deadline = deadline;
  const expiryDate =
    input.expiryType === 'fixed'
      ? checkDay(input.expiryDate, now, {
          invalid: m.expiryDateInvalid,
          past: m.expiryDatePast,
          keep: saved?.expiryDate,
        })
      : undefined;
  if (expiryDate) errors.expiryDate = expiryDate;
  const enabled = await db.$count(courses, and(inArray(courses.id, courseIds), eq(courses.status, true)));
  if (enabled !== courseIds.length) errors.courseIds = m.courseUnavailable;
  else if (await addsNothingToTake(db, courseIds, saved?.id)) errors.courseIds = m.courseNothingToTake;
  const { table, id } = assigneeTables[input.assigneeKind];
  if ((await db.$count(table, inArray(id, assigneeIds))) !== assigneeIds.length)
    errors.assigneeIds = m.assigneesNotFound;
  else if (!admin && input.assigneeKind === 'users') {
    const inTeam = await db.$count(
      teamMembers,
      and(eq(teamMembers.teamId, teamId as string), inArray(teamMembers.userId, assigneeIds)),
    );
    if (inTeam !== assigneeIds.length) errors.assigneeIds = m.memberNotInTeam;
  }
  if (teamId && !saved && (await db.$count(teams, eq(teams.id, teamId))) === 0)
    errors.teamId = m.teamRequired;
  if (Object.keys(errors).length > 0) throw new ApiError(422, messages.validationFailed, errors);
  const dynamic = input.expiryType === 'dynamic';
  return {
    teamId,
    title: input.title,
    kind: input.kind,
    assigneeKind: input.assigneeKind,
    assigneeIds,
    courseIds,
    deadline: input.deadline || null,
    dueWithinDays: input.deadline ? null : input.dueWithinDays,
    expiryType: input.expiryType,
    expiryDate: input.expiryType === 'fixed' ? input.expiryDate || null : null,
    expiryValue: dynamic ? input.expiryValue : null,
    expiryUnit: dynamic ? input.expiryUnit : null,
  };
}

const assigneeColumn = {
  users: courseAssignmentAssignees.userId,
  groups: courseAssignmentAssignees.groupId,
  teams: courseAssignmentAssignees.teamId,
} as const;
const assigneeKey = { users: 'userId', groups: 'groupId', teams: 'teamId' } as const;

/**
 * Writes an assignment's courses and assignees to match the form. Assignees that stay keep their
 * row and the day they were added, so an edit does not move anyone's "within N days" deadline.
 */
export async function writeLinks(tx: Transaction, assignmentId: string, input: CheckedAssignment) {
  await tx
    .delete(courseAssignmentCourses)
    .where(
      and(
        eq(courseAssignmentCourses.assignmentId, assignmentId),
        notInArray(courseAssignmentCourses.courseId, input.courseIds),
      ),
    );
  await tx
    .insert(courseAssignmentCourses)
    .values(input.courseIds.map((courseId) => ({ assignmentId, courseId })))
    .onConflictDoNothing();
  const column = assigneeColumn[input.assigneeKind];
  // Assignees of another kind, and those the form dropped, go.
  await tx
    .delete(courseAssignmentAssignees)
    .where(
      and(
        eq(courseAssignmentAssignees.assignmentId, assignmentId),
        sql`(${column} is null or ${notInArray(column, input.assigneeIds)})`,
      ),
    );
  const key = assigneeKey[input.assigneeKind];
  await tx
    .insert(courseAssignmentAssignees)
    .values(input.assigneeIds.map((assigneeId) => ({ assignmentId, [key]: assigneeId })))
    .onConflictDoNothing();
}

import { eq, inArray, sql } from 'drizzle-orm';
import { type CoursePermission, courseMessages as m } from '../../../contract/courses/resource.ts';
import type { CourseUpdateValues, CourseValues } from '../../../contract/courses/schemas.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { courseCategories } from '../../db/schema/course-categories.ts';
import { coursePermissionSubjects, courses } from '../../db/schema/courses.ts';
import { membershipLevels } from '../../db/schema/lookups.ts';
import { userGroups } from '../../db/schema/user-groups.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../http/errors.ts';
import { sanitizeDescription } from './description.ts';

export const refuse = (field: string, message: string) =>
  new ApiError(422, messages.validationFailed, { [field]: message });

const subjectTables = {
  user: { table: users, column: 'userId', missing: m.usersNotFound },
  group: { table: userGroups, column: 'userGroupId', missing: m.groupsNotFound },
  membership: { table: membershipLevels, column: 'membershipLevelId', missing: m.levelsNotFound },
} as const;

/** The category must exist; the subjects must exist in the table the permission names. */
export async function checkReferences(
  tx: Transaction,
  values: Omit<CourseUpdateValues, 'version'>,
): Promise<string[]> {
  const [category] = await tx
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(eq(courseCategories.id, values.courseCategoryId))
    .limit(1);
  if (!category) throw refuse('courseCategoryId', m.categoryNotFound);
  if (values.permission === 'none') return [];
  const ids = [...new Set(values.permissionIds)];
  const { table, missing } = subjectTables[values.permission];
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== ids.length) throw refuse('permissionIds', missing);
  return ids;
}

/**
 * The columns a course's form writes. A description, duration or certificate choice the body left out (an update from
 * a client that does not show them) is not written, so it is kept.
 */
export function courseColumns(values: CourseValues | Omit<CourseUpdateValues, 'version'>) {
  const orNull = (value: string) => (value ? value : null);
  return {
    name: values.name,
    ...(values.description === undefined ? {} : { description: sanitizeDescription(values.description) }),
    ...(values.durationMinutes === undefined ? {} : { durationMinutes: values.durationMinutes }),
    ...(values.givesCertificate === undefined ? {} : { givesCertificate: values.givesCertificate }),
    categoryId: values.courseCategoryId,
    externalLink: orNull(values.externalLink),
    externalTitle: orNull(values.externalTitle),
    additionalExternalLink: orNull(values.additionalExternalLink),
    additionalExternalLinkTitle: orNull(values.additionalExternalLinkTitle),
    permission: values.permission,
  };
}

/** Replaces the course's subjects with `ids` of the kind `permission` names. */
export async function writeSubjects(
  tx: Transaction,
  courseId: string,
  permission: CoursePermission,
  ids: string[],
) {
  await tx.delete(coursePermissionSubjects).where(eq(coursePermissionSubjects.courseId, courseId));
  if (permission === 'none' || ids.length === 0) return;
  const column = subjectTables[permission].column;
  await tx.insert(coursePermissionSubjects).values(ids.map((id) => ({ courseId, [column]: id })));
}

const COPY_SUFFIX = ' (copy)';

/**
 * A copy of a course: its fields, permission subjects and outline in the same order, named
 * '<name> (copy)' (cut to fit the name's 200 characters). The copy starts disabled, so it is not
 * assigned before it is reviewed.
 */
export async function duplicateCourse(tx: Transaction, sourceId: string): Promise<string> {
  const [source] = await tx.select().from(courses).where(eq(courses.id, sourceId)).limit(1);
  if (!source) throw new ApiError(404, messages.notFound);
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, name, ...rest } = source;
  const [copy] = await tx
    .insert(courses)
    .values({ ...rest, name: `${name.slice(0, 200 - COPY_SUFFIX.length)}${COPY_SUFFIX}`, status: false })
    .returning({ id: courses.id });
  if (!copy) throw new Error('Inserting a course returned nothing');
  await tx.execute(sql`
    insert into course_permission_subjects (course_id, user_id, user_group_id, membership_level_id)
    select ${copy.id}, user_id, user_group_id, membership_level_id
    from course_permission_subjects where course_id = ${sourceId}`);
  await tx.execute(sql`
    insert into course_outline_items (course_id, position, lesson_id, quiz_id, checklist_id, elearning_package_id, event_id)
    select ${copy.id}, position, lesson_id, quiz_id, checklist_id, elearning_package_id, event_id
    from course_outline_items where course_id = ${sourceId}`);
  return copy.id;
}

/** Holds the course's row for the rest of the transaction, so outline writes happen one at a time. */
export async function lockCourse(tx: Transaction, courseId: string) {
  const rows = await queryRows(
    tx as unknown as Database,
    sql`select id from courses where id = ${courseId} for update`,
  );
  if (rows.length === 0) throw new ApiError(404, messages.notFound);
}

import { and, type SQL, sql } from 'drizzle-orm';
import { CATEGORY_PATH_SEPARATOR } from '../../../contract/course-categories/resource.ts';
import type { CourseInfoQuery, CourseListQuery } from '../../../contract/courses/list-query.ts';
import type {
  CourseDetail,
  CourseOption,
  CoursePermission,
  CoursePermissionResult,
  CoursePermissionSubject,
  CourseRow,
} from '../../../contract/courses/resource.ts';
import type { Paged } from '../../../contract/envelope.ts';
import { categorySubtree } from '../../db/category-tree.ts';
import type { Database } from '../../db/client.ts';
import { courseInScope } from '../../db/learner-progress.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { isoTime, queryRows } from '../../db/rows.ts';
import { courses } from '../../db/schema/courses.ts';
import { users } from '../../db/schema/users.ts';
import { signFileUrl } from '../../files/signed-url.ts';
import type { AppDeps } from '../../http/app-env.ts';

/** Deeper than any real category tree; ends a walk should a loop ever be written by hand. */
const MAX_DEPTH = 64;

type Executor = Pick<Database, 'execute'>;

/** The titles from the top of the tree down to the category `id`, joined by ' / '. */
const categoryPath = (id: SQL) => sql`(
  with recursive up(id, parent_id, name, depth) as (
    select c.id, c.parent_id, c.name, 0 from course_categories c where c.id = ${id}
    union all
    select p.id, p.parent_id, p.name, up.depth + 1
    from course_categories p join up on p.id = up.parent_id
    where up.depth < ${MAX_DEPTH}
  )
  select string_agg(up.name, ${CATEGORY_PATH_SEPARATOR} order by up.depth desc) from up
)`;

/** The list's filters: name search, status, and a category with its subcategories. */
export function courseListWhere(query: CourseListQuery): SQL | undefined {
  return and(
    statusWhere(courses.status, query.status),
    searchWhere(query.search, courses.name),
    query.courseCategoryInfo
      ? sql`${courses.categoryId} in ${categorySubtree(query.courseCategoryInfo)}`
      : undefined,
  );
}

type RawRow = Omit<CourseRow, 'createdAt'> & { createdAt: Date | string };

/** Rows `where` selects, newest first; the path and outline count are read for the page only. */
async function rowsWhere(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await queryRows<RawRow>(
    db as Database,
    sql`select page.id as "_id", page.name, page.status, page.version, page.permission,
          page.category_id as "categoryId",
          case when page.category_id is null then null else ${categoryPath(sql`page.category_id`)} end
            as "categoryPath",
          (select count(*)::int from course_outline_items o where o.course_id = page.id) as "outlineCount",
          page.created_at as "createdAt"
        from (
          select id, name, status, version, permission, category_id, created_at from courses
          ${where ? sql`where ${where}` : sql``}
          order by created_at desc, id desc limit ${window.limit} offset ${window.offset}
        ) page
        order by page.created_at desc, page.id desc`,
  );
  return rows.map(({ createdAt, ...row }): CourseRow => ({ ...row, createdAt: isoTime(createdAt) }));
}

/** GET /course: searched by name, filtered by status and category (with its subcategories), newest first. */
export function coursesList(db: Database, query: CourseListQuery): Promise<Paged<CourseRow>> {
  const where = courseListWhere(query);
  return pagedList(
    query,
    () => db.$count(courses, where),
    (window) => rowsWhere(db, where, window),
  );
}

/** One course as the list shows it, or undefined. */
export async function coursesRow(db: Executor, id: string): Promise<CourseRow | undefined> {
  const [row] = await rowsWhere(db, sql`id = ${id}`, { limit: 1, offset: 0 });
  return row;
}

/** The subjects (users, groups or levels) of a course with the names pickers show, by name. */
export async function permissionSubjects(
  db: Executor,
  courseId: string,
  permission: CoursePermission,
): Promise<{ _id: string; name: string }[]> {
  const query = {
    none: undefined,
    user: sql`select u.id as "_id", u.first_name || ' ' || u.last_name as name
              from course_permission_subjects s join users u on u.id = s.user_id
              where s.course_id = ${courseId} order by 2, 1`,
    group: sql`select g.id as "_id", g.name from course_permission_subjects s
               join user_groups g on g.id = s.user_group_id
               where s.course_id = ${courseId} order by 2, 1`,
    membership: sql`select l.id as "_id", l.name from course_permission_subjects s
                    join membership_levels l on l.id = s.membership_level_id
                    where s.course_id = ${courseId} order by 2, 1`,
  }[permission];
  return query ? queryRows(db as Database, query) : [];
}

/** GET /course/{id}: the row, the form's fields and the subject ids, the image behind a signed link. */
export async function courseDetail(deps: Pick<AppDeps, 'db'>, id: string): Promise<CourseDetail | undefined> {
  const db = deps.db;
  const row = await coursesRow(db, id);
  if (!row) return undefined;
  const [fields] = await queryRows<
    Omit<CourseDetail, keyof CourseRow | 'permissionIds' | 'imageUrl'> & { imageKey: string | null }
  >(
    db as Database,
    sql`select description, duration_minutes as "durationMinutes",
          gives_certificate as "givesCertificate", image_key as "imageKey",
          coalesce(external_link, '') as "externalLink",
          coalesce(external_title, '') as "externalTitle",
          coalesce(additional_external_link, '') as "additionalExternalLink",
          coalesce(additional_external_link_title, '') as "additionalExternalLinkTitle"
        from courses where id = ${id}`,
  );
  if (!fields) return undefined;
  const { imageKey, ...shown } = fields;
  const subjects = await permissionSubjects(db, id, row.permission);
  return {
    ...row,
    ...shown,
    imageUrl: imageKey ? await signFileUrl(deps, imageKey) : null,
    permissionIds: subjects.map((subject) => subject._id),
  };
}

/** GET /course/permission/{id}: the scope and its subjects with their names. */
export async function coursePermission(
  db: Executor,
  id: string,
): Promise<CoursePermissionResult | undefined> {
  const [row] = await queryRows<{ permission: CoursePermission }>(
    db as Database,
    sql`select permission from courses where id = ${id}`,
  );
  if (!row) return undefined;
  return { permission: row.permission, permissionIds: await permissionSubjects(db, id, row.permission) };
}

/**
 * GET /course/info: enabled courses by name, for pickers; only those in the learning scope of
 * `learnerId` when given (server/db/learner-progress.ts courseInScope).
 */
export function courseOptions(
  db: Database,
  query: CourseInfoQuery,
  learnerId?: string,
): Promise<Paged<CourseOption>> {
  const where = and(
    sql`${courses.status}`,
    searchWhere(query.search, courses.name),
    learnerId === undefined ? undefined : courseInScope(sql`${learnerId}::uuid`, sql`courses`),
  );
  return pagedList(
    query,
    () => db.$count(courses, where),
    ({ limit, offset }) =>
      queryRows<CourseOption>(
        db,
        sql`select id as "_id", name from courses where ${where}
            order by lower(name), id limit ${limit} offset ${offset}`,
      ),
  );
}

/** GET /course/user-options: enabled users by name, for the permission picker. */
export function userOptions(db: Database, query: CourseInfoQuery): Promise<Paged<CoursePermissionSubject>> {
  const name = sql`(${users.firstName} || ' ' || ${users.lastName})`;
  const where = and(sql`${users.status}`, searchWhere(query.search, name, users.email));
  return pagedList(
    query,
    () => db.$count(users, where),
    ({ limit, offset }) =>
      queryRows<CoursePermissionSubject>(
        db,
        sql`select id as "_id", first_name || ' ' || last_name as name from users where ${where}
            order by lower(first_name), lower(last_name), id limit ${limit} offset ${offset}`,
      ),
  );
}

import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type { UserExportQuery } from '../../../contract/user-csv.ts';
import {
  type Named,
  type ProfileValues,
  toProfileValue,
  type UserDetail,
  type UserListQuery,
  type UserRow,
} from '../../../contract/users.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, statusWhere } from '../../db/paged-list.ts';
import { preparedByText } from '../../db/prepared.ts';
import { isoTime } from '../../db/rows.ts';
import { userProfileValues, users } from '../../db/schema/users.ts';
import { containsPattern } from '../../db/search.ts';

type UserFilters = Omit<UserExportQuery, 'limit'>;

/**
 * Newest first, spelled as users_created_idx is (DESC NULLS LAST): a plain DESC means NULLS FIRST,
 * which that index cannot give, so PostgreSQL would sort the whole table for every page.
 */
export const newestFirst = [sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`];

/** The same expression as users_full_name_trgm_idx, so "First Last" searches use that index. */
const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

/**
 * WHERE of the users list and its export. The search needs only the full name and the email: a
 * term found in the first or the last name is also found in "first last". Group and role filters
 * are EXISTS on the link tables' primary keys and role index, so no row is repeated.
 */
export function userWhere(query: UserFilters): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    statusWhere(users.status, query.status),
    pattern ? or(ilike(fullName, pattern), ilike(users.email, pattern)) : undefined,
    query.membership ? eq(users.membershipLevelId, query.membership) : undefined,
    query.administrative ? eq(users.administrativeRoleId, query.administrative) : undefined,
    query.user_group
      ? sql`exists (select 1 from user_group_members gm where gm.user_id = users.id and gm.group_id = ${query.user_group})`
      : undefined,
    query.membership_role
      ? sql`exists (select 1 from user_membership_roles ur where ur.user_id = users.id and ur.role_id = ${query.membership_role})`
      : undefined,
  );
}

/**
 * Columns of a list row. The names of groups, roles, level and administrator role come from
 * correlated subqueries, which run only for the rows of the page, not for every match. They name
 * the outer table `users` literally: drizzle writes the columns of a one-table select unqualified,
 * and inside a subquery an unqualified `id` would bind to the subquery's own table.
 */
export const userRowColumns = {
  _id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  version: users.version,
  createdAt: users.createdAt,
  groups: sql<Named[]>`coalesce((
    select json_agg(json_build_object('_id', g.id, 'name', g.name) order by g.name, g.id)
    from user_group_members gm join user_groups g on g.id = gm.group_id
    where gm.user_id = users.id), '[]'::json)`,
  membershipRoles: sql<Named[]>`coalesce((
    select json_agg(json_build_object('_id', r.id, 'name', r.name) order by r.name, r.id)
    from user_membership_roles ur join membership_roles r on r.id = ur.role_id
    where ur.user_id = users.id), '[]'::json)`,
  membership: sql<Named | null>`(
    select json_build_object('_id', l.id, 'name', l.name)
    from membership_levels l where l.id = users.membership_level_id)`,
  administrativeRole: sql<(Named & { status: boolean }) | null>`(
    select json_build_object('_id', a.id, 'name', a.name, 'status', a.status)
    from administrator_roles a where a.id = users.administrative_role_id)`,
};

type SelectedRow = Omit<UserRow, 'createdAt'> & { createdAt: Date | string };
const toRow = ({ createdAt, ...row }: SelectedRow): UserRow => ({ ...row, createdAt: isoTime(createdAt) });

/**
 * GET /user: one page, newest first (users_created_idx), and the total of matches, each a statement
 * prepared per filter combination (preparedByText).
 */
export function userPage(db: Database, query: UserListQuery): Promise<Paged<UserRow>> {
  const where = userWhere(query);
  return pagedList(
    query,
    async () =>
      (await preparedByText(db, db.select({ total: count() }).from(users).where(where)))[0]?.total ?? 0,
    async ({ limit, offset }) =>
      (
        await preparedByText(
          db,
          db
            .select(userRowColumns)
            .from(users)
            .where(where)
            .orderBy(...newestFirst)
            .limit(limit)
            .offset(offset),
        )
      ).map(toRow),
  );
}

export async function userRow(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userRowColumns).from(users).where(eq(users.id, id));
  return row ? toRow(row) : undefined;
}

/** GET /user/{id}: the row, the user's profile field values and their reset flag (teams: user-teams.ts). */
export async function userDetail(db: Database, id: string): Promise<Omit<UserDetail, 'teams'> | undefined> {
  const [row] = await db
    .select({ ...userRowColumns, resetPassword: users.requirePasswordReset })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return undefined;
  // Read as JSON text and parsed here once: drizzle's jsonb column parses again what the driver
  // already parsed, so a stored "7" would come back as the number 7 (and "true" as a boolean),
  // which the user form cannot edit.
  const values = await db
    .select({ fieldId: userProfileValues.fieldId, json: sql<string>`${userProfileValues.value}::text` })
    .from(userProfileValues)
    .where(eq(userProfileValues.userId, id));
  const profileFields: ProfileValues = {};
  for (const { fieldId, json } of values) {
    const value = toProfileValue(JSON.parse(json));
    if (value !== undefined) profileFields[fieldId] = value;
  }
  const { resetPassword, ...listed } = row;
  return { ...toRow(listed), resetPassword, profileFields };
}

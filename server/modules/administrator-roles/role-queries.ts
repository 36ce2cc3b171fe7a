import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type {
  RoleDetail,
  RoleListQuery,
  RoleModule,
  RolePermission,
  RoleRow,
} from '../../../contract/roles.ts';
import { roleGrants } from '../../auth/permissions.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { administratorRoles } from '../../db/schema/administrator-roles.ts';
import { modules, submodules } from '../../db/schema/modules.ts';
import { users } from '../../db/schema/users.ts';

type Reader = Pick<Database, 'select'>;

/** Users holding the role, counted per row by the administrative_role_id index. */
/**
 * Users holding the role, counted per row by the administrative_role_id index. The outer column is
 * spelled out: drizzle leaves columns unqualified in a one-table select, and here "id" would be the user's.
 */
const userCount =
  sql<number>`(select count(*) from ${users} where ${users.administrativeRoleId} = "administrator_roles"."id")`.mapWith(
    Number,
  );

const rowColumns = {
  _id: administratorRoles.id,
  name: administratorRoles.name,
  status: administratorRoles.status,
  version: administratorRoles.version,
  isSystem: administratorRoles.isSystem,
  userCount,
  createdAt: sql<string>`${administratorRoles.createdAt}`.mapWith((value) => new Date(value).toISOString()),
};

export function roleList(db: Database, query: RoleListQuery): Promise<Paged<RoleRow>> {
  const where = and(
    statusWhere(administratorRoles.status, query.status),
    searchWhere(query.search, administratorRoles.name),
  );
  return pagedList(
    query,
    () => db.$count(administratorRoles, where),
    ({ limit, offset }) =>
      db
        .select(rowColumns)
        .from(administratorRoles)
        .where(where)
        .orderBy(desc(administratorRoles.createdAt), desc(administratorRoles.id))
        .limit(limit)
        .offset(offset),
  );
}

export async function roleRow(db: Reader, id: string): Promise<RoleRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(administratorRoles)
    .where(eq(administratorRoles.id, id))
    .limit(1);
  return row;
}

/** The role with its actions on every submodule, in menu order (the system role has all of them). */
export async function roleDetail(db: Database, id: string): Promise<RoleDetail | undefined> {
  const row = await roleRow(db, id);
  if (!row) return undefined;
  const grants = await roleGrants(db, { id: row._id, isSystem: row.isSystem });
  const permissions: RolePermission[] = grants.map((grant) => ({
    submoduleId: grant.submoduleId,
    view: grant.actions.includes('view'),
    add: grant.actions.includes('add'),
    edit: grant.actions.includes('edit'),
    delete: grant.actions.includes('delete'),
    publish: grant.actions.includes('publish'),
  }));
  const { createdAt: _createdAt, ...rest } = row;
  return { ...rest, permissions };
}

/** Modules with their submodules, in menu order: the rows of the permission matrix. */
export async function moduleTree(db: Database): Promise<RoleModule[]> {
  const rows = await db
    .select({
      moduleId: modules.id,
      moduleName: modules.name,
      moduleSlug: modules.slug,
      icon: modules.icon,
      _id: submodules.id,
      name: submodules.name,
      slug: submodules.slug,
    })
    .from(modules)
    .innerJoin(submodules, eq(submodules.moduleId, modules.id))
    .orderBy(asc(modules.sort), asc(modules.name), asc(submodules.sort), asc(submodules.name));
  const tree: RoleModule[] = [];
  for (const { moduleId, moduleName, moduleSlug, icon, ...submodule } of rows) {
    let module = tree.at(-1);
    if (module?._id !== moduleId) {
      module = { _id: moduleId, name: moduleName, slug: moduleSlug, icon, submodules: [] };
      tree.push(module);
    }
    module.submodules.push(submodule);
  }
  return tree;
}

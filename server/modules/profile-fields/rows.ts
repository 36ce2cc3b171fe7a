import { and, desc, eq, sql } from 'drizzle-orm';
import type { Paged } from '../../../contract/envelope.ts';
import type {
  ProfileFieldListQuery,
  ProfileFieldRow,
  ProfileFieldTypeId,
} from '../../../contract/profile-fields.ts';
import type { Database } from '../../db/client.ts';
import { pagedList, searchWhere, statusWhere } from '../../db/paged-list.ts';
import { profileFieldGroups, profileFields } from '../../db/schema/profile-fields.ts';

const columns = {
  _id: profileFields.id,
  name: profileFields.name,
  type: profileFields.type,
  groupId: profileFieldGroups.id,
  groupName: profileFieldGroups.name,
  option: profileFields.options,
  required: profileFields.required,
  status: profileFields.status,
  version: profileFields.version,
  createdAt: profileFields.createdAt,
};

type Selected = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['data'];
};

const toRow = ({ groupId, groupName, createdAt, type, ...row }: Selected): ProfileFieldRow => ({
  ...row,
  type: type as ProfileFieldTypeId,
  group: { _id: groupId, name: groupName },
  createdAt: createdAt.toISOString(),
});

const selectRows = (db: Database) =>
  db
    .select(columns)
    .from(profileFields)
    .innerJoin(profileFieldGroups, eq(profileFieldGroups.id, profileFields.groupId));

export async function profileFieldRow(db: Database, id: string): Promise<ProfileFieldRow | undefined> {
  const [row] = await selectRows(db).where(eq(profileFields.id, id)).limit(1);
  return row && toRow(row);
}

/** A page of fields, newest first: one count and one LIMIT/OFFSET query. */
export function profileFieldPage(
  db: Database,
  query: ProfileFieldListQuery,
): Promise<Paged<ProfileFieldRow>> {
  const where = and(
    statusWhere(profileFields.status, query.status),
    searchWhere(query.search, profileFields.name),
    query.group ? eq(profileFields.groupId, query.group.toLowerCase()) : undefined,
    query.type ? eq(profileFields.type, query.type) : undefined,
  );
  return pagedList(
    query,
    () => db.$count(profileFields, where),
    async ({ limit, offset }) =>
      (
        await selectRows(db)
          .where(where)
          .orderBy(desc(profileFields.createdAt), desc(profileFields.id))
          .limit(limit)
          .offset(offset)
      ).map(toRow),
  );
}

/** Flips whether the user form requires the field; false when there is no such field. */
export async function toggleRequired(db: Database, id: string): Promise<boolean> {
  const updated = await db
    .update(profileFields)
    .set({
      required: sql`not ${profileFields.required}`,
      version: sql`${profileFields.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(profileFields.id, id))
    .returning({ id: profileFields.id });
  return updated.length > 0;
}

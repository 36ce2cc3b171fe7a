import { asc, eq } from 'drizzle-orm';
import type { ProfileValues, PublishedProfileField } from '../../../contract/users.ts';
import type { Database } from '../../db/client.ts';
import { profileFieldGroups, profileFields } from '../../db/schema/profile-fields.ts';

type Executor = Pick<Database, 'select'>;

/** GET /user/published-user-profile-field: the fields the user form shows, by group then age. */
export async function publishedProfileFields(db: Executor): Promise<PublishedProfileField[]> {
  const rows = await db
    .select({
      _id: profileFields.id,
      name: profileFields.name,
      type: profileFields.type,
      options: profileFields.options,
      required: profileFields.required,
      groupId: profileFieldGroups.id,
      groupName: profileFieldGroups.name,
      groupSort: profileFieldGroups.sort,
    })
    .from(profileFields)
    .innerJoin(profileFieldGroups, eq(profileFieldGroups.id, profileFields.groupId))
    .where(eq(profileFields.status, true))
    .orderBy(
      asc(profileFieldGroups.sort),
      asc(profileFieldGroups.name),
      asc(profileFields.createdAt),
      asc(profileFields.id),
    );
  return rows.map(({ groupId, groupName, groupSort, ...field }) => ({
    ...field,
    group: { _id: groupId, name: groupName, sort: groupSort },
  }));
}

/**
 * The values to store: those of published fields that are filled, trimmed; values for fields that
 * are not published (or no longer exist) are dropped rather than refused, since a form may have
 * been opened before an administrator unpublished a field.
 */
export function storableValues(fields: readonly PublishedProfileField[], values: ProfileValues) {
  const stored: { fieldId: string; value: string | string[] }[] = [];
  for (const field of fields) {
    const value = values[field._id];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      const list = value.map((item) => item.trim()).filter(Boolean);
      if (list.length > 0) stored.push({ fieldId: field._id, value: list });
    } else if (value.trim()) {
      stored.push({ fieldId: field._id, value: value.trim() });
    }
  }
  return stored;
}

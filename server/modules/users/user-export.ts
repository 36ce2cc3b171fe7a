import { and, sql } from 'drizzle-orm';
import { csvCell } from '../../../contract/csv.ts';
import { USER_CSV_COLUMNS, type UserExportQuery } from '../../../contract/user-csv.ts';
import type { PublishedProfileField } from '../../../contract/users.ts';
import type { Database } from '../../db/client.ts';
import { isoTime } from '../../db/rows.ts';
import { users } from '../../db/schema/users.ts';
import { publishedProfileFields } from './published-fields.ts';
import { newestFirst, userWhere } from './user-list.ts';

/** Rows read per query; each batch is written to the response before the next is read. */
export const EXPORT_BATCH = 1000;

export const exportFilename = (now: Date) => `users-${now.toISOString().slice(0, 10)}.csv`;

const exportColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  createdAt: users.createdAt,
  // The keyset cursor, as text so the microseconds a JS Date would drop survive the round trip.
  cursorAt: sql<string>`${users.createdAt}::text`,
  membership: sql<
    string | null
  >`(select l.name from membership_levels l where l.id = users.membership_level_id)`,
  roles: sql<string>`coalesce((
    select string_agg(r.name, ';' order by r.name)
    from user_membership_roles ur join membership_roles r on r.id = ur.role_id
    where ur.user_id = users.id), '')`,
  groups: sql<string>`coalesce((
    select string_agg(g.name, ';' order by g.name)
    from user_group_members gm join user_groups g on g.id = gm.group_id
    where gm.user_id = users.id), '')`,
  administrativeRole: sql<
    string | null
  >`(select a.name from administrator_roles a where a.id = users.administrative_role_id)`,
  profile: sql<Record<string, string | string[]> | null>`(
    select json_object_agg(v.field_id, v.value) from user_profile_values v where v.user_id = users.id)`,
};

type ExportRow = {
  firstName: string;
  lastName: string;
  email: string;
  status: boolean;
  createdAt: Date | string;
  membership: string | null;
  roles: string;
  groups: string;
  administrativeRole: string | null;
  profile: Record<string, string | string[]> | null;
};

function csvLine(row: ExportRow, fields: readonly PublishedProfileField[]): string {
  const cells: Record<(typeof USER_CSV_COLUMNS)[number], string> = {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    membership: row.membership ?? '',
    roles: row.roles,
    groups: row.groups,
    administrativeRole: row.administrativeRole ?? '',
    status: String(row.status),
    createdAt: isoTime(row.createdAt),
  };
  const values = fields.map((field) => {
    const value = row.profile?.[field._id] ?? '';
    return Array.isArray(value) ? value.join(';') : value;
  });
  return `${[...USER_CSV_COLUMNS.map((column) => cells[column]), ...values].map(csvCell).join(',')}\r\n`;
}

/**
 * GET /user/export: the filtered list as CSV, newest first like the list, read in keyset batches
 * of EXPORT_BATCH rows ((created_at, id) below the last row sent, on users_created_idx). The
 * stream is pulled: the next batch is read only when the client has taken the previous one, so
 * memory stays at one batch whatever the number of rows. After the contract's columns comes one
 * per published profile field, named as the field, so the file can be imported again. A byte-order mark lets spreadsheet apps
 * read the file as UTF-8.
 */
export function userCsvStream(db: Database, query: UserExportQuery): ReadableStream<Uint8Array> {
  const where = userWhere(query);
  const encoder = new TextEncoder();
  let remaining = query.limit ?? Number.POSITIVE_INFINITY;
  let cursor: { at: string; id: string } | undefined;
  let fields: PublishedProfileField[] | undefined;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!fields) {
          fields = await publishedProfileFields(db);
          const header = [...USER_CSV_COLUMNS, ...fields.map((field) => field.name)].map(csvCell).join(',');
          controller.enqueue(encoder.encode(`\uFEFF${header}\r\n`));
          return;
        }
        const columns = fields;
        const size = Math.min(EXPORT_BATCH, remaining);
        const after = cursor
          ? sql`(${users.createdAt}, ${users.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined;
        const rows =
          size > 0
            ? await db
                .select(exportColumns)
                .from(users)
                .where(and(where, after))
                .orderBy(...newestFirst)
                .limit(size)
            : [];
        if (rows.length > 0)
          controller.enqueue(encoder.encode(rows.map((row) => csvLine(row, columns)).join('')));
        remaining -= rows.length;
        const last = rows.at(-1);
        if (!last || rows.length < size || remaining <= 0) {
          controller.close();
          return;
        }
        cursor = { at: last.cursorAt, id: last.id };
      },
    },
    // One batch ahead at most.
    { highWaterMark: 1 },
  );
}

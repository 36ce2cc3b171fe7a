import { and, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { memberMessages } from '../../../contract/member.ts';
import { type MemberImportResult, memberImportRowSchema } from '../../../contract/team-dashboard.ts';
import { accountsControlledBy } from '../../auth/account-control.ts';
import { unusablePasswordHash } from '../../auth/password.ts';
import type { Database } from '../../db/client.ts';
import { departments, locations, membershipRoles } from '../../db/schema/lookups.ts';
import { teamMembers } from '../../db/schema/teams.ts';
import { userMembershipRoles, users } from '../../db/schema/users.ts';
import type { AuthState } from '../../http/app-env.ts';

type Row = v.InferOutput<typeof memberImportRowSchema>;
type Pending = {
  index: number;
  row: number;
  email: string;
  input: Row;
  roleIds: string[];
  locationId: string | null;
  departmentId: string | null;
};

export type ImportOutcome = {
  results: MemberImportResult[];
  /** Users created by the import, to be invited once it has committed. */
  created: { id: string; email: string; firstName: string }[];
};

/** Role names are separated by ';' or '|'. */
const roleNames = (roles: string) =>
  roles
    .split(/[;|]/)
    .map((name) => name.trim())
    .filter(Boolean);

/** Lower-cased name -> id for the names given; the first record wins when two share a name. */
async function idsByName(db: Database, table: typeof locations | typeof departments, names: string[]) {
  const map = new Map<string, string>();
  if (names.length === 0) return map;
  const rows = await db
    .select({ id: table.id, key: sql<string>`lower(${table.title})` })
    .from(table)
    .where(inArray(sql`lower(${table.title})`, names))
    .orderBy(table.createdAt, table.id);
  for (const row of rows) if (!map.has(row.key)) map.set(row.key, row.id);
  return map;
}

/**
 * Adds a batch of CSV rows to the team. Each row is checked on its own, and a refused row (invalid,
 * a repeat of an earlier row, or naming an unknown location, department or role) does not stop the
 * others. An email that already has an account adds that account to the team, leaving the account
 * as it is, when the caller may change that account (account-control.ts); any other existing account
 * is refused with the add form's own duplicate-email message, so the import tells no more than the
 * form does. A new email creates a user who must set a password (require_password_reset), to be
 * invited by the caller. All writes of the batch are one transaction.
 */
export async function importMembers(
  db: Database,
  caller: AuthState,
  teamId: string,
  rows: { row: number; values: unknown }[],
): Promise<ImportOutcome> {
  // By position in the batch, which is also the order of the answer.
  const results: MemberImportResult[] = [];
  const refuse = (index: number, email: string, message: string) => {
    results[index] = { row: rows[index]?.row ?? 0, email, status: 'refused', message };
  };

  const parsed: { index: number; row: number; input: Row }[] = [];
  const firstRowOf = new Map<string, number>();
  for (const [index, { row, values }] of rows.entries()) {
    // A missing column reads as empty, so it gets the column's own message.
    const given =
      typeof values === 'object' && values !== null
        ? { firstName: '', lastName: '', email: '', ...values }
        : values;
    const result = v.safeParse(memberImportRowSchema, given);
    const rawEmail = (given as { email?: unknown })?.email;
    if (!result.success) {
      refuse(index, typeof rawEmail === 'string' ? rawEmail.trim() : '', result.issues[0]?.message ?? '');
      continue;
    }
    const email = result.output.email.toLowerCase();
    const first = firstRowOf.get(email);
    if (first !== undefined) {
      refuse(index, email, `This email is already on row ${first} of the file.`);
      continue;
    }
    firstRowOf.set(email, row);
    parsed.push({ index, row, input: { ...result.output, email } });
  }

  const lower = (values: string[]) => [
    ...new Set(values.filter(Boolean).map((value) => value.toLowerCase())),
  ];
  const [locationIds, departmentIds, roleRows] = await Promise.all([
    idsByName(db, locations, lower(parsed.map((item) => item.input.location))),
    idsByName(db, departments, lower(parsed.map((item) => item.input.department))),
    (async () => {
      const names = lower(parsed.flatMap((item) => roleNames(item.input.roles)));
      if (names.length === 0) return [];
      return db
        .select({ id: membershipRoles.id, key: sql<string>`lower(${membershipRoles.name})` })
        .from(membershipRoles)
        .where(inArray(sql`lower(${membershipRoles.name})`, names));
    })(),
  ]);
  const roleIds = new Map(roleRows.map((role) => [role.key, role.id]));

  const pending: Pending[] = [];
  for (const { index, row, input } of parsed) {
    const locationId = input.location ? locationIds.get(input.location.toLowerCase()) : null;
    const departmentId = input.department ? departmentIds.get(input.department.toLowerCase()) : null;
    const names = roleNames(input.roles);
    const unknownRole = names.find((name) => !roleIds.has(name.toLowerCase()));
    if (locationId === undefined) refuse(index, input.email, `Unknown location "${input.location}".`);
    else if (departmentId === undefined)
      refuse(index, input.email, `Unknown department "${input.department}".`);
    else if (unknownRole !== undefined) refuse(index, input.email, `Unknown role "${unknownRole}".`);
    else {
      const ids = [...new Set(names.map((name) => roleIds.get(name.toLowerCase()) as string))];
      pending.push({ index, row, email: input.email, input, roleIds: ids, locationId, departmentId });
    }
  }

  const created: ImportOutcome['created'] = [];
  if (pending.length > 0) {
    await db.transaction(async (tx) => {
      const existing = await tx
        .select({ id: users.id, key: sql<string>`lower(${users.email})` })
        .from(users)
        .where(
          inArray(
            sql`lower(${users.email})`,
            pending.map((item) => item.email),
          ),
        );
      const existingIds = new Map(existing.map((user) => [user.key, user.id]));
      const controlled = await accountsControlledBy(tx, caller, [...existingIds.values()]);
      const alreadyIn = new Set(
        existing.length === 0
          ? []
          : (
              await tx
                .select({ userId: teamMembers.userId })
                .from(teamMembers)
                .where(
                  and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, [...existingIds.values()])),
                )
            ).map((member) => member.userId),
      );

      const toCreate = pending.filter((item) => !existingIds.has(item.email));
      // Skipped on conflict: an account made for the email since the lookup above.
      const inserted =
        toCreate.length === 0
          ? []
          : await tx
              .insert(users)
              .values(
                toCreate.map((item) => ({
                  firstName: item.input.firstName,
                  lastName: item.input.lastName,
                  email: item.email,
                  passwordHash: unusablePasswordHash(),
                  requirePasswordReset: true,
                  locationId: item.locationId,
                  departmentId: item.departmentId,
                  defaultTeamId: teamId,
                })),
              )
              .onConflictDoNothing()
              .returning({ id: users.id, email: users.email, firstName: users.firstName });
      const createdIds = new Map(inserted.map((user) => [user.email, user.id]));

      const roles = toCreate.flatMap((item) => {
        const userId = createdIds.get(item.email);
        return userId ? item.roleIds.map((roleId) => ({ userId, roleId })) : [];
      });
      if (roles.length > 0) await tx.insert(userMembershipRoles).values(roles);

      const joining: { teamId: string; userId: string }[] = [];
      for (const item of pending) {
        const existingId = existingIds.get(item.email);
        const createdId = createdIds.get(item.email);
        if (existingId && !alreadyIn.has(existingId) && !controlled.has(existingId)) {
          refuse(item.index, item.email, memberMessages.duplicateEmail);
        } else if (existingId) {
          const message = alreadyIn.has(existingId)
            ? 'Already a member of the team.'
            : 'An existing user was added to the team.';
          if (!alreadyIn.has(existingId)) joining.push({ teamId, userId: existingId });
          results[item.index] = { row: item.row, email: item.email, status: 'added', message };
        } else if (createdId) {
          joining.push({ teamId, userId: createdId });
          results[item.index] = {
            row: item.row,
            email: item.email,
            status: 'created',
            message: 'A new user was created and invited.',
          };
        } else {
          refuse(item.index, item.email, memberMessages.duplicateEmail);
        }
      }
      if (joining.length > 0) await tx.insert(teamMembers).values(joining).onConflictDoNothing();
      created.push(...inserted);
    });
  }

  return { results, created };
}

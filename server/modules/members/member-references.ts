import { eq, inArray, sql } from 'drizzle-orm';
import type { FieldErrors } from '../../../contract/envelope.ts';
import { memberMessages } from '../../../contract/member.ts';
import { messages } from '../../../contract/messages.ts';
import type { Database } from '../../db/client.ts';
import { departments, locations, membershipRoles } from '../../db/schema/lookups.ts';
import { users } from '../../db/schema/users.ts';
import { ApiError } from '../../http/errors.ts';

type References = { locationId: string; departmentId: string; roleId: string[] };

/** 422 invalidChoice on each field whose id names nothing (an empty location or department means none). */
export async function requireReferences(db: Database, input: References): Promise<void> {
  const errors: FieldErrors = {};
  if (input.locationId) {
    const found = await db.$count(locations, eq(locations.id, input.locationId));
    if (found === 0) errors.locationId = memberMessages.invalidChoice;
  }
  if (input.departmentId) {
    const found = await db.$count(departments, eq(departments.id, input.departmentId));
    if (found === 0) errors.departmentId = memberMessages.invalidChoice;
  }
  const roleIds = [...new Set(input.roleId)];
  if (roleIds.length > 0) {
    const found = await db.$count(membershipRoles, inArray(membershipRoles.id, roleIds));
    if (found !== roleIds.length) errors.roleId = memberMessages.invalidChoice;
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, messages.validationFailed, errors);
}

export const duplicateEmail = () =>
  new ApiError(409, memberMessages.duplicateEmail, { email: memberMessages.duplicateEmail });

/** 409 when another user has the email, whatever its case. */
export async function refuseTakenEmail(db: Database, email: string, exceptUserId?: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  if (row && row.id !== exceptUserId) throw duplicateEmail();
}

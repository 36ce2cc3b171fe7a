import * as v from 'valibot';
import {
  type ProfileValues,
  type PublishedProfileField,
  profileValueErrors,
  userMessages,
} from '../../../contract/users.ts';
import { toFieldErrors } from '../../../contract/validation.ts';

/** Names in a roles or groups cell, separated by ';'. */
export const nameList = (cell: string) =>
  cell
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean);

const text = (message: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(max));
const names = (message: string) =>
  v.pipe(v.string(), v.transform(nameList), v.minLength(1, message), v.maxLength(100));
const email = v.pipe(
  text(userMessages.emailRequired, 254),
  v.email(userMessages.emailInvalid),
  v.toLowerCase(),
);
const adminRole = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(200),
  v.transform((name) => name || undefined),
);

/** A new user's row, checked with the user form's rules; references are names here, resolved afterwards. */
const createRowSchema = v.object({
  firstName: text(userMessages.firstNameRequired, 100),
  lastName: text(userMessages.lastNameRequired, 100),
  email,
  membership: text(userMessages.membershipRequired, 200),
  roles: names(userMessages.roleRequired),
  groups: names(userMessages.groupRequired),
  administrativeRole: adminRole,
});

/** An existing user's row: a blank cell (read as undefined) keeps the user's value. */
const updateRowSchema = v.object({
  firstName: v.optional(text(userMessages.firstNameRequired, 100)),
  lastName: v.optional(text(userMessages.lastNameRequired, 100)),
  email,
  membership: v.optional(text(userMessages.membershipRequired, 200)),
  roles: v.optional(names(userMessages.roleRequired)),
  groups: v.optional(names(userMessages.groupRequired)),
  administrativeRole: v.optional(adminRole),
});

/** A row's values; undefined is 'none' for a new user's administrator role, 'keep' for an update. */
export type ImportRow = {
  firstName?: string;
  lastName?: string;
  email: string;
  membership?: string;
  roles?: string[];
  groups?: string[];
  administrativeRole?: string;
};

export type ParsedRow =
  | { ok: true; row: ImportRow; values: ProfileValues }
  | { ok: false; problems: string[] };

type Cells = Record<
  'firstName' | 'lastName' | 'email' | 'membership' | 'roles' | 'groups' | 'administrativeRole',
  string
>;

/**
 * Checks one row. A new user's row needs what the user form needs, required profile fields
 * included. An existing user's row (`update`) checks only its filled cells: a blank one keeps what
 * the user has, so a user exported without a membership, a role or a required value (members a
 * team lead added) is imported again as they are.
 */
export function parseRow(
  cells: Cells,
  profileCell: (field: PublishedProfileField) => string,
  fields: readonly PublishedProfileField[],
  update: boolean,
): ParsedRow {
  const given = Object.fromEntries(
    Object.entries(cells).map(([name, value]) => [name, update && value.trim() === '' ? undefined : value]),
  );
  const result = update ? v.safeParse(updateRowSchema, given) : v.safeParse(createRowSchema, given);
  const values: ProfileValues = {};
  for (const field of fields) {
    const cell = profileCell(field);
    if (update && cell.trim() === '') continue;
    values[field._id] = field.type === 'checkbox' ? nameList(cell) : cell.trim();
  }
  // An update leaves blank fields as they are, so only the filled ones are checked, and not for being filled.
  const checkedFields = update ? fields.map((field) => ({ ...field, required: false })) : fields;
  const fieldProblems = Object.entries(profileValueErrors(checkedFields, values)).map(([key, message]) => {
    const name = fields.find((field) => `profileFields.${field._id}` === key)?.name ?? key;
    return `${name}: ${message}`;
  });
  const problems = [...(result.success ? [] : Object.values(toFieldErrors(result.issues))), ...fieldProblems];
  if (!result.success || problems.length > 0) return { ok: false, problems };
  return { ok: true, row: result.output, values };
}

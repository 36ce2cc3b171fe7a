import type { FieldErrors } from '@contract/envelope';
import {
  type ProfileValues,
  type PublishedProfileField,
  profileValueErrors,
  toProfileValue,
  type UserCreateInput,
  type UserDetail,
  type UserUpdateInput,
  userCreateSchema,
  userUpdateSchema,
} from '@contract/users';
import { type SchemaValidatorOptions, schemaValidator } from '@/ui/form/schema-validator';

/** The user form's state (spec 3, 'User form'), plus the optional administrator role and profile fields. */
export type UserFormValues = {
  groupId: string[];
  roleId: string[];
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  membershipId: string;
  /** '' for none. */
  adminstrativeRoleId: string;
  profileFields: ProfileValues;
  /** 'Require Password Reset': the next sign-in asks for a new password. */
  resetPassword: boolean;
  /** The user's teams the caller manages (the others stay as they are whatever the form says). */
  teamId: string[];
  /** Editing: the version read, so a change made meanwhile by someone else is not overwritten. */
  version?: number;
};

export type UserFormMode = 'add' | 'edit';

export function emptyUserValues(): UserFormValues {
  return {
    groupId: [],
    roleId: [],
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
    membershipId: '',
    adminstrativeRoleId: '',
    profileFields: {},
    resetPassword: false,
    teamId: [],
  };
}

/** Each value as text (or a list of texts) the inputs can edit. */
function profileValuesOf(values: Record<string, unknown>): ProfileValues {
  const edited: ProfileValues = {};
  for (const [id, value] of Object.entries(values)) {
    const text = toProfileValue(value);
    if (text !== undefined) edited[id] = text;
  }
  return edited;
}

/** The edit form pre-filled from the record; the passwords stay empty (empty keeps the current one). */
export function toUserFormValues(user: UserDetail): UserFormValues {
  return {
    groupId: user.groups.map((group) => group._id),
    roleId: user.membershipRoles.map((role) => role._id),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    password: '',
    confirmPassword: '',
    membershipId: user.membership?._id ?? '',
    adminstrativeRoleId: user.administrativeRole?._id ?? '',
    profileFields: profileValuesOf(user.profileFields),
    // A record read by an older server (held in the offline cache) has neither.
    resetPassword: user.resetPassword ?? false,
    teamId: (user.teams ?? []).filter((team) => team.managed).map((team) => team._id),
    version: user.version,
  };
}

/** Only the values of the fields on the form are sent; empty ones are left out. */
function publishedValues(fields: readonly PublishedProfileField[], values: ProfileValues): ProfileValues {
  const sent: ProfileValues = {};
  for (const field of fields) {
    const value = toProfileValue(values[field._id]);
    if (value === undefined) continue;
    if (Array.isArray(value) ? value.length > 0 : value.trim() !== '') sent[field._id] = value;
  }
  return sent;
}

export function toCreateInput(
  values: UserFormValues,
  fields: readonly PublishedProfileField[],
): UserCreateInput {
  const { version: _unused, ...rest } = values;
  return { ...rest, profileFields: publishedValues(fields, values.profileFields) };
}

export function toUpdateInput(
  values: UserFormValues,
  fields: readonly PublishedProfileField[],
  version: number,
): UserUpdateInput {
  return { ...toCreateInput(values, fields), version };
}

/** The contract's schema for the mode and what it checks: the body that would be sent. */
export function userFormSchema(mode: UserFormMode) {
  return mode === 'add' ? userCreateSchema : userUpdateSchema;
}

/**
 * How the form is checked before sending: the contract's schema (the spec's messages) on the body
 * that would be sent, and the published profile fields' rules, keyed by field name as a 422 keys them.
 */
export function userFormChecks(
  mode: UserFormMode,
  fields: readonly PublishedProfileField[],
): SchemaValidatorOptions<UserFormValues> {
  return {
    toInput: (values) =>
      mode === 'add' ? toCreateInput(values, fields) : toUpdateInput(values, fields, values.version ?? 1),
    also: (values) => profileValueErrors(fields, values.profileFields),
  };
}

/** Every message the form shows before sending, by field. */
export function userFormErrors(
  mode: UserFormMode,
  values: UserFormValues,
  fields: readonly PublishedProfileField[],
): FieldErrors {
  return schemaValidator(userFormSchema(mode), userFormChecks(mode, fields))({ value: values })?.fields ?? {};
}

/**
 * The Administrative Role field's description. Giving or changing an administrator role takes the
 * role screen's edit permission; without it the field is locked and its value sent as loaded, so a
 * save that leaves the role alone is accepted.
 */
export function adminRoleDescription(canGrantRoles: boolean): string {
  return canGrantRoles
    ? 'Gives access to the administration; leave empty for none.'
    : 'Your role may not give or change administrator roles.';
}

import * as v from 'valibot';
import { MAX_RECORD_VERSION } from './admin-list.ts';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { noNul, passwordsMatch, personEntries } from './validation.ts';

/** The Add/Edit Member form (spec 2 and 5) and the payload of POST /user-portal/add-user and PATCH /user-portal/user/{id}. */
export const memberMessages = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Email must be a valid email address.',
  passwordRequired: 'Password is required.',
  passwordMin: 'Password length should be 6 character at least.',
  confirmPasswordRequired: 'Confirm password is required.',
  passwordMismatch: 'Password does not match.',
  teamRequired: 'Team is required.',
  invalidChoice: 'Choose a value from the list.',
  duplicateEmail: 'A user with this email already exists.',
  pictureType: 'Profile picture must be a PNG, GIF or JPEG image.',
  pictureSize: 'Profile picture must be 5 MB or smaller.',
  memberAdded: 'Member is added successfully.',
  memberUpdated: 'Member is updated successfully.',
  memberRemoved: 'Member is removed from the team successfully.',
  invitationSent: 'Invitation email is sent successfully.',
  defaultTeamSet: 'Default organization is updated successfully.',
  staleVersion: 'This record was changed by someone else. Review the latest values and try again.',
} as const;

export const MAX_PROFILE_PICTURE_BYTES = 5 * 1024 * 1024;

const optionalId = v.optional(
  v.union([v.literal(''), v.pipe(v.string(), v.uuid(memberMessages.invalidChoice))]),
  '',
);

const commonEntries = {
  ...personEntries(memberMessages),
  teamId: v.optional(v.pipe(v.string(memberMessages.teamRequired), v.uuid(memberMessages.teamRequired)), ''),
  locationId: optionalId,
  departmentId: optionalId,
  /** Membership role ids (the form's label/value pairs are sent as ids). */
  roleId: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.uuid(memberMessages.invalidChoice))), v.maxLength(50)),
    [],
  ),
  resetPassword: v.optional(v.boolean(), false),
};

const password = v.pipe(
  v.string(memberMessages.passwordRequired),
  v.trim(),
  v.nonEmpty(memberMessages.passwordRequired),
  v.minLength(MIN_PASSWORD_LENGTH, memberMessages.passwordMin),
  v.maxLength(200),
  // scrypt's HMAC pads the key with NULs: a NUL at the end would not change the hash.
  noNul,
);
const confirmPassword = v.pipe(
  v.string(memberMessages.confirmPasswordRequired),
  v.trim(),
  v.nonEmpty(memberMessages.confirmPasswordRequired),
  noNul,
);

export const memberCreateSchema = v.pipe(
  v.object({
    ...commonEntries,
    password: v.optional(password, ''),
    confirmPassword: v.optional(confirmPassword, ''),
  }),
  passwordsMatch({ mismatch: memberMessages.passwordMismatch }),
);
export type MemberCreateInput = v.InferInput<typeof memberCreateSchema>;
export type MemberCreateOutput = v.InferOutput<typeof memberCreateSchema>;

/** Editing keeps the password unless one is typed; `version` is the record's, for stale-edit detection. */
export const memberUpdateSchema = v.pipe(
  v.object({
    ...commonEntries,
    password: v.optional(v.union([v.literal(''), password]), ''),
    confirmPassword: v.optional(v.union([v.literal(''), confirmPassword]), ''),
    version: v.optional(
      v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(MAX_RECORD_VERSION)),
    ),
    /** 'true' removes the current picture when no new one is sent. */
    removeProfilePicture: v.optional(v.boolean(), false),
  }),
  passwordsMatch({ mismatch: memberMessages.passwordMismatch }),
);
export type MemberUpdateInput = v.InferInput<typeof memberUpdateSchema>;
export type MemberUpdateOutput = v.InferOutput<typeof memberUpdateSchema>;

/** GET /user-portal/user/{memberId}?team={teamId}: what the edit form pre-fills. */
export type MemberDetail = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  location: { _id: string; title: string } | null;
  department: { _id: string; title: string } | null;
  roleId: { _id: string; name: string }[];
  resetPassword: boolean;
  profilePicture: string | null;
  teamIds: string[];
  version: number;
  /**
   * Whether the caller may change this account. A team lead may only change members whose every
   * team is one they lead and who hold no administrator role and lead no team; the others are
   * read-only to them (removal from the team aside).
   */
  editable: boolean;
};

/** Query of GET /user-portal/user/{memberId}: `team` is the team the member is viewed through, when known. */
export const memberDetailQuerySchema = v.object({
  team: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.uuid(memberMessages.teamRequired))]), ''),
});
export type MemberDetailQuery = v.InferOutput<typeof memberDetailQuerySchema>;

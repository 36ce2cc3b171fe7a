import { ACCEPTED_IMAGE_TYPES } from '@contract/constants';
import { MAX_PROFILE_PICTURE_BYTES, type MemberDetail, memberMessages } from '@contract/member';

/** The Add/Edit Member form's state (spec 3, 'Member form'). */
export type MemberFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  teamId: string;
  locationId: string;
  departmentId: string;
  /** Membership role ids; the select shows their names. */
  roleId: string[];
  resetPassword: boolean;
  /** A newly chosen picture; only a File is ever sent. */
  profilePicture: File | null;
  /** The stored picture, for the preview only; never sent. */
  profilePictureURL: string;
  /** Editing: the stored picture was removed and no new one chosen. */
  removeProfilePicture: boolean;
  /** Editing: the record's version, so a change made meanwhile by someone else is not overwritten. */
  version?: number;
};

export function emptyMemberValues(teamId: string): MemberFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
    teamId,
    locationId: '',
    departmentId: '',
    roleId: [],
    resetPassword: false,
    profilePicture: null,
    profilePictureURL: '',
    removeProfilePicture: false,
  };
}

/** The edit form pre-filled from the record; the password fields stay empty (empty keeps the old one). */
export function toMemberFormValues(member: MemberDetail, teamId: string): MemberFormValues {
  return {
    ...emptyMemberValues(teamId),
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    locationId: member.location?._id ?? '',
    departmentId: member.department?._id ?? '',
    roleId: member.roleId.map((role) => role._id),
    resetPassword: member.resetPassword,
    profilePictureURL: member.profilePicture ?? '',
    version: member.version,
  };
}

type PlainValue = string | number | boolean | null | undefined | readonly PlainValue[];

/** Empty values are left out; arrays are sent indexed (`roleId[0]`, `roleId[1]`, ...). */
function append(data: FormData, key: string, value: PlainValue) {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      append(data, `${key}[${index}]`, item);
    });
    return;
  }
  data.append(key, String(value));
}

/**
 * The multipart body of POST add-user and PATCH user: empty values dropped, the preview URL never
 * sent, the picture only when a file was chosen, and `removeProfilePicture` only when the stored
 * picture was removed without a new one.
 */
export function toMemberFormData(values: MemberFormValues): FormData {
  const { profilePicture, profilePictureURL: _previewOnly, removeProfilePicture, ...fields } = values;
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) append(data, key, value);
  if (profilePicture instanceof File) data.append('profilePicture', profilePicture);
  else if (removeProfilePicture) data.append('removeProfilePicture', 'true');
  return data;
}

/** The client-side check of a chosen picture; the server checks again. */
export function checkProfilePicture(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return memberMessages.pictureType;
  if (file.size > MAX_PROFILE_PICTURE_BYTES) return memberMessages.pictureSize;
  return null;
}

/**
 * Whether the edit form shows the member read-only: the server says the caller may not change this
 * account (a PATCH would be answered 403, which signs the user out). A record cached before the
 * server said so counts as editable; the server still decides.
 */
export function isReadOnlyMember(record: Pick<MemberDetail, 'editable'> | undefined): boolean {
  return record?.editable === false;
}

/** The notice above a member the lead may see but not change. */
export const memberReadOnlyNotice =
  "This member's account can only be changed by their administrator, or by a lead of all of their teams.";

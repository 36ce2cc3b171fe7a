import { MAX_PROFILE_PICTURE_BYTES, type MemberDetail, memberMessages } from '@contract/member';
import { describe, expect, it } from 'vitest';
import {
  checkProfilePicture,
  emptyMemberValues,
  isReadOnlyMember,
  type MemberFormValues,
  toMemberFormData,
  toMemberFormValues,
} from '@/features/team-dashboard/member-form/form-values';

const TEAM = '7d0b0c5e-9f61-4a55-8a39-1f6f3a7c2b10';
const ROLE_A = '0b9f3f0e-2a7c-4d0e-9a55-6e2c2d1b7a01';
const ROLE_B = '0b9f3f0e-2a7c-4d0e-9a55-6e2c2d1b7a02';
const LOCATION = '5a1e8c7e-1b2d-4c3f-8e9a-0b1c2d3e4f50';

function filled(overrides: Partial<MemberFormValues> = {}): MemberFormValues {
  return {
    ...emptyMemberValues(TEAM),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
    ...overrides,
  };
}

/** FormData as [name, value] pairs, files by name, so a whole body compares at once. */
function entries(data: FormData): [string, string][] {
  return [...data.entries()].map(([key, value]) => [
    key,
    typeof value === 'string' ? value : `file:${value.name}`,
  ]);
}

describe('toMemberFormData', () => {
  it('sends filled fields, booleans as text and role ids indexed, and leaves empty ones out', () => {
    const data = toMemberFormData(
      filled({ roleId: [ROLE_A, ROLE_B], locationId: LOCATION, resetPassword: true }),
    );
    expect(entries(data)).toEqual([
      ['firstName', 'Ada'],
      ['lastName', 'Lovelace'],
      ['email', 'ada@example.com'],
      ['password', 'secret1'],
      ['confirmPassword', 'secret1'],
      ['teamId', TEAM],
      ['locationId', LOCATION],
      ['roleId[0]', ROLE_A],
      ['roleId[1]', ROLE_B],
      ['resetPassword', 'true'],
    ]);
  });

  it('sends no role key at all for an empty role list, and false as text', () => {
    const data = toMemberFormData(filled());
    expect([...data.keys()].some((key) => key.startsWith('roleId'))).toBe(false);
    expect(data.get('resetPassword')).toBe('false');
    expect(data.has('departmentId')).toBe(false);
  });

  it('never sends the preview URL, and sends the picture only when it is a chosen file', () => {
    const stored = toMemberFormData(filled({ profilePictureURL: '/uploads/profile-pictures/a.png' }));
    expect(stored.has('profilePictureURL')).toBe(false);
    expect(stored.has('profilePicture')).toBe(false);

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'face.png', { type: 'image/png' });
    const chosen = toMemberFormData(filled({ profilePicture: file, profilePictureURL: '/uploads/x.png' }));
    const sent = chosen.get('profilePicture');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('face.png');
  });

  it('asks to remove the stored picture only when no new one was chosen', () => {
    expect(toMemberFormData(filled({ removeProfilePicture: true })).get('removeProfilePicture')).toBe('true');

    const file = new File(['x'], 'new.gif', { type: 'image/gif' });
    const replaced = toMemberFormData(filled({ removeProfilePicture: true, profilePicture: file }));
    expect(replaced.has('removeProfilePicture')).toBe(false);
    expect(toMemberFormData(filled()).has('removeProfilePicture')).toBe(false);
  });

  it('sends the version when editing and keeps an empty password out', () => {
    const data = toMemberFormData(filled({ password: '', confirmPassword: '', version: 3 }));
    expect(data.get('version')).toBe('3');
    expect(data.has('password')).toBe(false);
    expect(data.has('confirmPassword')).toBe(false);
  });
});

describe('toMemberFormValues', () => {
  const member: MemberDetail = {
    _id: '9c0e1d2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    location: { _id: LOCATION, title: 'Berlin' },
    department: null,
    roleId: [
      { _id: ROLE_A, name: 'Growth' },
      { _id: ROLE_B, name: 'Empire' },
    ],
    resetPassword: true,
    profilePicture: '/uploads/profile-pictures/grace.png',
    teamIds: [TEAM],
    version: 4,
    editable: true,
  };

  it('pre-fills the edit form from the record, with empty passwords and ids for choices', () => {
    expect(toMemberFormValues(member, TEAM)).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      password: '',
      confirmPassword: '',
      teamId: TEAM,
      locationId: LOCATION,
      departmentId: '',
      roleId: [ROLE_A, ROLE_B],
      resetPassword: true,
      profilePicture: null,
      profilePictureURL: '/uploads/profile-pictures/grace.png',
      removeProfilePicture: false,
      version: 4,
    });
  });

  it('leaves the preview empty when the member has no picture', () => {
    expect(toMemberFormValues({ ...member, profilePicture: null }, TEAM).profilePictureURL).toBe('');
  });
});

describe('checkProfilePicture', () => {
  it('accepts PNG, GIF and JPEG up to the size limit', () => {
    for (const type of ['image/png', 'image/gif', 'image/jpeg']) {
      expect(checkProfilePicture({ type, size: MAX_PROFILE_PICTURE_BYTES })).toBeNull();
    }
  });

  it('refuses other types and larger files with the contract messages', () => {
    expect(checkProfilePicture({ type: 'image/webp', size: 10 })).toBe(memberMessages.pictureType);
    expect(checkProfilePicture({ type: 'application/pdf', size: 10 })).toBe(memberMessages.pictureType);
    expect(checkProfilePicture({ type: 'image/png', size: MAX_PROFILE_PICTURE_BYTES + 1 })).toBe(
      memberMessages.pictureSize,
    );
  });
});

describe('isReadOnlyMember', () => {
  it('is read-only only when the server says the member is not editable', () => {
    expect(isReadOnlyMember({ editable: false })).toBe(true);
    expect(isReadOnlyMember({ editable: true })).toBe(false);
  });

  it('keeps the add form and a record cached before the server said so editable', () => {
    expect(isReadOnlyMember(undefined)).toBe(false);
    expect(isReadOnlyMember({} as Pick<MemberDetail, 'editable'>)).toBe(false);
  });
});

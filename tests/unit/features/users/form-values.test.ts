import type { PublishedProfileField, UserDetail } from '@contract/users';
import { userMessages } from '@contract/users';
import { describe, expect, it } from 'vitest';
import {
  adminRoleDescription,
  emptyUserValues,
  toCreateInput,
  toUpdateInput,
  toUserFormValues,
  userFormErrors,
} from '@/features/users/user-form/form-values';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const field = (n: number, extra: Partial<PublishedProfileField> = {}): PublishedProfileField => ({
  _id: ID(n),
  name: `Field ${n}`,
  type: 'text',
  options: [],
  required: false,
  group: { _id: ID(9), name: 'General', sort: 0 },
  ...extra,
});

const filled = {
  ...emptyUserValues(),
  groupId: [ID(1)],
  roleId: [ID(2)],
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  membershipId: ID(3),
};

describe('userFormErrors', () => {
  it('gives the spec messages for an empty add form', () => {
    expect(userFormErrors('add', emptyUserValues(), [])).toEqual({
      groupId: userMessages.groupRequired,
      roleId: userMessages.roleRequired,
      firstName: userMessages.firstNameRequired,
      lastName: userMessages.lastNameRequired,
      email: userMessages.emailRequired,
      password: userMessages.passwordRequired,
      confirmPassword: userMessages.confirmPasswordRequired,
      membershipId: userMessages.membershipRequired,
    });
  });

  it('puts a mismatch under confirmPassword and a short password under password', () => {
    expect(userFormErrors('add', { ...filled, confirmPassword: 'other1' }, [])).toEqual({
      confirmPassword: userMessages.passwordMismatch,
    });
    expect(userFormErrors('add', { ...filled, password: 'abc', confirmPassword: 'abc' }, [])).toEqual({
      password: userMessages.passwordMin,
    });
  });

  it('lets an edit keep the password empty', () => {
    expect(userFormErrors('edit', { ...filled, password: '', confirmPassword: '', version: 3 }, [])).toEqual(
      {},
    );
  });

  it('checks the published profile fields: required ones filled, choices from the list', () => {
    const fields = [field(4, { required: true }), field(5, { type: 'select', options: ['A', 'B'] })];
    expect(userFormErrors('add', { ...filled, profileFields: { [ID(5)]: 'C' } }, fields)).toEqual({
      [`profileFields.${ID(4)}`]: userMessages.profileFieldRequired,
      [`profileFields.${ID(5)}`]: userMessages.invalidChoice,
    });
    expect(
      userFormErrors('add', { ...filled, profileFields: { [ID(4)]: 'x', [ID(5)]: 'B' } }, fields),
    ).toEqual({});
  });

  it('reads a number or other non-text value (an old cached record) as its text, without throwing', () => {
    const fields = [field(4, { type: 'number', required: true })];
    const values = { ...filled, profileFields: { [ID(4)]: 7 as unknown as string } };
    expect(userFormErrors('add', values, fields)).toEqual({});
    expect(toCreateInput(values, fields).profileFields).toEqual({ [ID(4)]: '7' });
  });
});

describe('the payloads', () => {
  it('send only the published fields that hold a value, and the version when editing', () => {
    const fields = [field(4), field(5, { type: 'checkbox', options: ['A'] })];
    const values = {
      ...filled,
      profileFields: { [ID(4)]: '  ', [ID(5)]: ['A'], [ID(6)]: 'gone' },
      version: 2,
    };
    expect(toCreateInput(values, fields)).toEqual({ ...filled, profileFields: { [ID(5)]: ['A'] } });
    expect(toUpdateInput(values, fields, 2)).toMatchObject({ version: 2, profileFields: { [ID(5)]: ['A'] } });
  });

  it('pre-fill the edit form from the record with empty passwords', () => {
    const user: UserDetail = {
      _id: ID(7),
      status: true,
      version: 4,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      groups: [{ _id: ID(1), name: 'Sales' }],
      membership: { _id: ID(3), name: 'Gold' },
      membershipRoles: [{ _id: ID(2), name: 'Growth' }],
      administrativeRole: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      profileFields: { [ID(4)]: 'x' },
      resetPassword: true,
      teams: [
        { _id: ID(8), name: 'Freedom Team', managed: true },
        { _id: ID(9), name: 'Growth Team', managed: false },
      ],
    };
    expect(toUserFormValues(user)).toEqual({
      groupId: [ID(1)],
      roleId: [ID(2)],
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: '',
      confirmPassword: '',
      membershipId: ID(3),
      adminstrativeRoleId: '',
      profileFields: { [ID(4)]: 'x' },
      // Only the teams the caller manages are the form's to change.
      resetPassword: true,
      teamId: [ID(8)],
      version: 4,
    });
  });

  it('pre-fill a number value as the text the form edits', () => {
    const user = {
      _id: ID(7),
      status: true,
      version: 4,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      groups: [],
      membership: null,
      membershipRoles: [],
      administrativeRole: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      profileFields: { [ID(4)]: 7, [ID(5)]: ['A'] },
    } as unknown as UserDetail;
    expect(toUserFormValues(user).profileFields).toEqual({ [ID(4)]: '7', [ID(5)]: ['A'] });
  });
});

describe('adminRoleDescription', () => {
  it('says why the field is locked when the role may not give administrator roles', () => {
    expect(adminRoleDescription(false)).toBe('Your role may not give or change administrator roles.');
    expect(adminRoleDescription(true)).toBe('Gives access to the administration; leave empty for none.');
  });
});

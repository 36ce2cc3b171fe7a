import type { RoleDetail, RoleModule } from '@contract/roles';
import { roleCreateSchema } from '@contract/roles';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  noTicks,
  rowTicks,
  toRoleFormValues,
  toRoleInput,
  withTick,
} from '../../../../src/features/administrator-roles/form-values';

const modules: RoleModule[] = [
  {
    _id: 'm1',
    name: 'User Management',
    slug: 'user-management',
    icon: 'users',
    submodules: [
      { _id: '7a1c1f52-8c0e-4a51-9d0a-2f7a3b9c0d01', name: 'Users', slug: 'users' },
      { _id: '7a1c1f52-8c0e-4a51-9d0a-2f7a3b9c0d02', name: 'User Group', slug: 'users-group' },
    ],
  },
  {
    _id: 'm2',
    name: 'Content Management',
    slug: 'content-management',
    icon: 'books',
    submodules: [{ _id: '7a1c1f52-8c0e-4a51-9d0a-2f7a3b9c0d03', name: 'Courses', slug: 'courses' }],
  },
];
const [users, groups, courses] = ['d01', 'd02', 'd03'].map(
  (end) => `7a1c1f52-8c0e-4a51-9d0a-2f7a3b9c0${end}`,
);

describe('withTick', () => {
  it('ticks View along with any other action', () => {
    expect(withTick(noTicks(), 'edit', true)).toEqual({ ...noTicks(), view: true, edit: true });
  });

  it('clears the row when View is unticked, and only the action otherwise', () => {
    const all = rowTicks(true);
    expect(withTick(all, 'view', false)).toEqual(noTicks());
    expect(withTick(all, 'delete', false)).toEqual({ ...all, delete: false });
  });
});

describe('toRoleInput', () => {
  it('sends the ticked submodules in matrix order, and passes the contract schema', () => {
    const input = toRoleInput(
      {
        name: 'Desk',
        status: true,
        version: 0,
        permissions: {
          [courses as string]: { ...noTicks(), view: true },
          [groups as string]: noTicks(),
          [users as string]: rowTicks(true),
          unknown: rowTicks(true),
        },
      },
      modules,
    );
    expect(input.permissions?.map((p) => p.submoduleId)).toEqual([users, courses]);
    expect(input.permissions?.[0]).toEqual({ submoduleId: users, ...rowTicks(true) });
    expect(v.safeParse(roleCreateSchema, input).success).toBe(true);
  });

  it('round-trips a role read from the API', () => {
    const role: RoleDetail = {
      _id: 'r1',
      name: 'Desk',
      status: false,
      version: 3,
      isSystem: false,
      userCount: 0,
      permissions: [
        { submoduleId: users as string, ...noTicks(), view: true, publish: true },
        { submoduleId: groups as string, ...noTicks() },
        { submoduleId: courses as string, ...noTicks() },
      ],
    };
    const values = toRoleFormValues(role);
    expect(values).toMatchObject({ name: 'Desk', status: false, version: 3 });
    expect(toRoleInput(values, modules).permissions).toEqual([
      { submoduleId: users, ...noTicks(), view: true, publish: true },
    ]);
  });
});

import type { RoleCreateInput, RoleDetail, RoleModule } from '@contract/roles';
import { ROLE_ACTIONS } from '@contract/roles';
import type { PermissionAction } from '@contract/session';

export type Ticks = Record<PermissionAction, boolean>;
/** Submodule id -> the actions ticked for it; a submodule missing here has none. */
export type Matrix = Record<string, Ticks>;

export type RoleFormValues = { name: string; status: boolean; permissions: Matrix; version: number };

export const noTicks = (): Ticks => ({ view: false, add: false, edit: false, delete: false, publish: false });

export const emptyRoleValues = (): RoleFormValues => ({
  name: '',
  status: true,
  permissions: {},
  version: 0,
});

export function toRoleFormValues(role: RoleDetail): RoleFormValues {
  const permissions: Matrix = {};
  for (const { submoduleId, ...ticks } of role.permissions) permissions[submoduleId] = ticks;
  return { name: role.name, status: role.status, permissions, version: role.version };
}

/** The body the API takes: only submodules with something ticked, in the matrix's order. */
export function toRoleInput(values: RoleFormValues, modules: RoleModule[]): RoleCreateInput {
  const permissions = modules
    .flatMap((module) => module.submodules)
    .flatMap((submodule) => {
      const ticks = values.permissions[submodule._id];
      return ticks && ROLE_ACTIONS.some((action) => ticks[action])
        ? [{ submoduleId: submodule._id, ...ticks }]
        : [];
    });
  return { name: values.name, status: values.status, permissions };
}

/**
 * One tick changed. View is what opens a screen, so ticking any other action ticks View too, and
 * unticking View clears the row: a role never holds an action on a screen it cannot open.
 */
export function withTick(ticks: Ticks, action: PermissionAction, checked: boolean): Ticks {
  if (action === 'view' && !checked) return noTicks();
  return { ...ticks, [action]: checked, ...(checked ? { view: true } : {}) };
}

/** Every action of a row on or off. */
export const rowTicks = (checked: boolean): Ticks =>
  checked ? { view: true, add: true, edit: true, delete: true, publish: true } : noTicks();

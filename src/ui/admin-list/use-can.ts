import type { PermissionAction } from '@contract/session';
import { useAuth } from '@/lib/auth-store';

/**
 * Where a permission applies: a module and one of its submodules (a resource descriptor in
 * `contract/` fits). Always named in full: a screen of another module that fell back to
 * user-management's rights would hide its buttons, or show them to the wrong roles.
 */
export type PermissionScope = { readonly module: string; readonly submodule: string };

const NONE: readonly PermissionAction[] = [];

/**
 * Whether the signed-in user's administrator role grants `action` in `scope`, from the
 * permissions /login and /user/me spell out. Screens hide what this denies; the server still
 * refuses it with 403, so this is a courtesy, not the gate.
 *
 *   const canAdd = useCan({ module: 'user-management', submodule: 'users-group' }, 'add');
 */
export function useCan(scope: PermissionScope, action: PermissionAction): boolean {
  const key = `${scope.module}.${scope.submodule}`;
  const actions = useAuth((state) => {
    const role = state.user?.adminstrativeRoleId;
    return (role?.status && role.permissions[key]) || NONE;
  });
  return actions.includes(action);
}

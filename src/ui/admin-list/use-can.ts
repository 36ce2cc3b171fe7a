import type { PermissionArea } from '@contract/modules';
import { permissionKey } from '@contract/modules';
import type { PermissionAction } from '@contract/session';
import { useAuth } from '@/lib/auth-store';

const NONE: readonly PermissionAction[] = [];

/**
 * Whether the signed-in user's administrator role grants `action` in `area`, from the
 * permissions /login and /user/me spell out. The area is always named in full, usually by the
 * resource's descriptor from `contract/`: a screen of another module that fell back to
 * user-management's rights would hide its buttons, or show them to the wrong roles. Screens hide
 * what this denies; the server still refuses it with 403, so this is a courtesy, not the gate.
 *
 *   const canAdd = useCan(userGroupResource, 'add');
 */
export function useCan(area: PermissionArea, action: PermissionAction): boolean {
  const key = permissionKey(area);
  const actions = useAuth((state) => {
    const role = state.user?.adminstrativeRoleId;
    return (role?.status && role.permissions[key]) || NONE;
  });
  return actions.includes(action);
}

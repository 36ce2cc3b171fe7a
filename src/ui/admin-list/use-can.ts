import type { PermissionAction } from '@contract/session';
import { useAuth } from '@/lib/auth-store';

const NONE: readonly PermissionAction[] = [];

/**
 * Whether the signed-in user's administrator role grants `action` on a submodule, from the
 * permissions /login and /user/me spell out. Screens hide what this denies; the server still
 * refuses it with 403, so this is a courtesy, not the gate.
 *
 *   const canAdd = useCan('users-group', 'add');
 */
export function useCan(submodule: string, action: PermissionAction, module = 'user-management'): boolean {
  const actions = useAuth((state) => {
    const role = state.user?.adminstrativeRoleId;
    return (role?.status && role.permissions[`${module}.${submodule}`]) || NONE;
  });
  return actions.includes(action);
}

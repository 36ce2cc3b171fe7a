import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { messages } from '../../contract/messages.ts';
import type { ModuleSlug, SubmoduleSlug } from '../../contract/modules.ts';
import type { PermissionAction } from '../../contract/session.ts';
import { requireAuth } from '../auth/require-auth.ts';
import { roleAllows } from '../auth/require-permission.ts';
import type { Database } from '../db/client.ts';
import type { AppEnv } from './app-env.ts';
import { ApiError } from './errors.ts';

/**
 * Who may call a route. Every `/api/v1` route is declared with one of these through `allow`, and
 * the authorization tests read the declarations back from the app's routes.
 * - `public`: anyone (sign-in, password reset).
 * - `signed-in`: any live session; the route answers only the caller's own data or shared lookups.
 * - `team-lead`: a live session; the route itself checks that the caller leads the team (403 otherwise).
 *   With an `area`, an administrator role granting that submodule also reaches every team's records.
 * - `permission`: an active administrator role granting `action` on the module's submodule.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'team-lead'; area?: { module: string; submodule: string } }
  | { kind: 'permission'; module: string; submodule: string; action: PermissionAction };

export const publicAccess: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'signed-in' };
export const teamLead: Access = { kind: 'team-lead' };
/** Team leads for their teams, and administrators whose role grants the submodule for all of them. */
export const teamLeadOr = <M extends ModuleSlug>(module: M, submodule: SubmoduleSlug<M>): Access => ({
  kind: 'team-lead',
  area: { module, submodule },
});
/** The module and submodule are the contract's slugs (contract/modules.ts), so a misspelt one fails to compile. */
export const permission = <M extends ModuleSlug>(
  module: M,
  submodule: SubmoduleSlug<M>,
  action: PermissionAction,
): Access => ({
  kind: 'permission',
  module,
  submodule,
  action,
});

const declarations = new WeakMap<MiddlewareHandler, Access>();

/** The access a route's handler chain declares, if `handler` is the middleware `allow` made. */
export function declaredAccess(handler: unknown): Access | undefined {
  return typeof handler === 'function' ? declarations.get(handler as MiddlewareHandler) : undefined;
}

/**
 * The gate of a route: signs the caller in unless the route is public, and for `permission`
 * checks the caller's administrator role on every request (a changed role applies at once).
 */
export function allow(db: Database, access: Access): MiddlewareHandler<AppEnv> {
  const auth = requireAuth(db);
  const gate = createMiddleware<AppEnv>(async (c, next) => {
    if (access.kind === 'public') return next();
    await auth(c, async () => {
      if (access.kind === 'permission') {
        const roleId = c.get('auth').administrativeRoleId;
        const allowed =
          roleId !== null && (await roleAllows(db, roleId, access.module, access.submodule, access.action));
        if (!allowed) throw new ApiError(403, messages.forbidden);
      }
      await next();
    });
  });
  declarations.set(gate, access);
  return gate;
}

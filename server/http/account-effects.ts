import type { MiddlewareHandler } from 'hono';

/**
 * What a route does to accounts and sessions, declared beside its access so the account rules'
 * tests (tests/api/account-rules.test.ts) can read every such route back from the routing table
 * and hold each rule against it, as the authorization matrix does with access:
 * - `create`: creates accounts;
 * - `credentials`: changes an existing account's password, email or reset flag, or adds an
 *   existing account to a team (which can make it a team lead's to manage);
 * - `role`: gives an administrator role, or the permissions a role grants;
 * - `status`: enables, disables or deletes accounts;
 * - `membership`: takes accounts into or out of teams (the administration's team form, a lead's
 *   removal), which clears a default team;
 * - `preferences`: the caller's own settings (the default team);
 * - `session`: starts or ends sessions.
 */
export type AccountEffect =
  | 'create'
  | 'credentials'
  | 'role'
  | 'status'
  | 'membership'
  | 'preferences'
  | 'session';

const declarations = new WeakMap<MiddlewareHandler, AccountEffect[]>();

/**
 * Declares a route's account effects; put it in the route's handler chain after its gate:
 *
 *   .patch(byId, can('edit'), writesAccounts('credentials', 'role'), validator, handler)
 */
export function writesAccounts(...effects: AccountEffect[]): MiddlewareHandler {
  const marker: MiddlewareHandler = (_c, next) => next();
  declarations.set(marker, effects);
  return marker;
}

/** The effects a handler declares, if it is a marker `writesAccounts` made. */
export function declaredEffects(handler: unknown): AccountEffect[] | undefined {
  return typeof handler === 'function' ? declarations.get(handler as MiddlewareHandler) : undefined;
}

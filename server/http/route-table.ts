import { API_BASE } from '../../contract/paths.ts';
import { type Access, declaredAccess } from './access.ts';
import { type AccountEffect, declaredEffects } from './account-effects.ts';

export type DeclaredRoute = {
  method: string;
  path: string;
  access: Access | undefined;
  /** What the route does to accounts and sessions; empty when it touches neither. */
  accountEffects: AccountEffect[];
};

/**
 * Every `/api/v1` endpoint of the app with the access its gate declares (undefined when it has
 * none), read from the app's own routing table, so a route cannot escape the authorization tests.
 */
export function declaredRoutes(app: {
  routes: { method: string; path: string; handler: unknown }[];
}): DeclaredRoute[] {
  const byRoute = new Map<string, DeclaredRoute>();
  for (const route of app.routes) {
    if (!route.path.startsWith(`${API_BASE}/`) || route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const entry = byRoute.get(key) ?? {
      method: route.method,
      path: route.path,
      access: undefined,
      accountEffects: [],
    };
    entry.access ??= declaredAccess(route.handler);
    entry.accountEffects.push(...(declaredEffects(route.handler) ?? []));
    byRoute.set(key, entry);
  }
  return [...byRoute.values()];
}

import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../contract/envelope.ts';
import { messages } from '../../contract/messages.ts';
import { paths } from '../../contract/paths.ts';
import type { RoleInfo } from '../../contract/roles.ts';
import { administratorRoles } from '../db/schema.ts';
import { allow, permission } from '../http/access.ts';
import type { AppDeps, AppEnv } from '../http/app-env.ts';

const MODULE = 'user-management';

export function administratorRoleRoutes({ db }: AppDeps) {
  return (
    new Hono<AppEnv>()
      // The Users form and its filter pick a role from this list, so viewing users is enough.
      .get(paths.administratorRoleInfo, allow(db, permission(MODULE, 'users', 'view')), async (c) => {
        const results: RoleInfo[] = await db
          .select({
            _id: administratorRoles.id,
            name: administratorRoles.name,
            status: administratorRoles.status,
          })
          .from(administratorRoles)
          .orderBy(asc(administratorRoles.name), asc(administratorRoles.id));
        return c.json({ message: messages.listFetched, results } satisfies ApiSuccess<RoleInfo[]>);
      })
  );
}

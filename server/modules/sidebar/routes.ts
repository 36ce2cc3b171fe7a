import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ApiSuccess } from '../../../contract/envelope.ts';
import { messages } from '../../../contract/messages.ts';
import { paths } from '../../../contract/paths.ts';
import type { PortalMenuEntry, SidebarModule } from '../../../contract/session.ts';
import { roleGrants } from '../../auth/permissions.ts';
import { administratorRoles } from '../../db/schema/administrator-roles.ts';
import { allow, signedIn } from '../../http/access.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { portalMenu } from './portal-menu.ts';

export function sidebarRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get(paths.sidebar, allow(db, signedIn), async (c) => {
      const roleId = c.get('auth').administrativeRoleId;
      const [role] = roleId
        ? await db
            .select({
              id: administratorRoles.id,
              status: administratorRoles.status,
              isSystem: administratorRoles.isSystem,
            })
            .from(administratorRoles)
            .where(eq(administratorRoles.id, roleId))
        : [];
      // Any signed-in user may ask; without an active administrator role there is nothing to view.
      if (!role?.status)
        return c.json({ message: messages.sidebarFetched, results: [] } satisfies ApiSuccess<
          SidebarModule[]
        >);

      const menu: SidebarModule[] = [];
      for (const grant of await roleGrants(db, role)) {
        if (!grant.actions.includes('view')) continue;
        let module = menu.at(-1);
        if (module?._id !== grant.moduleId) {
          module = {
            _id: grant.moduleId,
            name: grant.moduleName,
            slug: grant.moduleSlug,
            icon: grant.moduleIcon,
            children: [],
          };
          menu.push(module);
        }
        module.children.push({
          _id: grant.submoduleId,
          name: grant.submoduleName,
          slug: grant.submoduleSlug,
          path: grant.path,
        });
      }
      return c.json({ message: messages.sidebarFetched, results: menu } satisfies ApiSuccess<
        SidebarModule[]
      >);
    })
    .get(paths.portalSidebar, allow(db, signedIn), async (c) => {
      const results = await portalMenu(db, c.get('auth'));
      return c.json({ message: messages.sidebarFetched, results } satisfies ApiSuccess<PortalMenuEntry[]>);
    });
}

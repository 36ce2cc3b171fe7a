/** Shapes of the signed-in user and the admin menu, as GET /user/me and GET /sidebar answer them. */
export type PermissionAction = 'view' | 'add' | 'edit' | 'delete' | 'publish';

export type AdministrativeRole = {
  _id: string;
  name: string;
  status: boolean;
  /** `moduleSlug.submoduleSlug` -> actions the role may perform there. */
  permissions: Record<string, PermissionAction[]>;
};

export type SessionUser = {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  profilePicture: string | null;
  adminstrativeRoleId: AdministrativeRole | null;
  defaultTeamId: string | null;
};

/** Answer of POST /login: either a session, or the way to the reset form when the account must reset. */
export type LoginResult =
  | { token: string; user: SessionUser }
  | { requirePasswordReset: true; resetToken: string; redirectTo: string };

export type SidebarItem = { _id: string; name: string; slug: string; path: string };
export type SidebarModule = {
  _id: string;
  name: string;
  slug: string;
  icon: string;
  children: SidebarItem[];
};

/** A link of the user portal's menu: `path` is the portal screen it opens. */
export type PortalMenuLink = { slug: string; name: string; path: string };
/** An entry of the user portal's menu (GET /sidebar/user-portal): a link, or a group of links. */
export type PortalMenuEntry = PortalMenuLink | { slug: string; name: string; children: PortalMenuLink[] };

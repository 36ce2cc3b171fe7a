/**
 * The administration's modules and submodules: the sidebar's groups and screens (spec section 2's
 * /app routes) and the permission matrix's rows. The seed writes them from this list, and every
 * permission check names its slugs through the types below, so a misspelt slug fails to compile.
 */
export const adminModules = [
  {
    name: 'User Management',
    slug: 'user-management',
    icon: 'users',
    submodules: [
      { name: 'Users', slug: 'users' },
      { name: 'User Profile Field', slug: 'users-profile-field' },
      { name: 'User Group', slug: 'users-group' },
      { name: 'User Team', slug: 'users-team' },
      { name: 'Role & Permission', slug: 'role-permission' },
    ],
  },
  {
    name: 'Content Management',
    slug: 'content-management',
    icon: 'books',
    submodules: [
      { name: 'Course Category', slug: 'course-category' },
      { name: 'Courses', slug: 'courses' },
      { name: 'Lessons', slug: 'lessons' },
      { name: 'Quizzes', slug: 'quizzes' },
      { name: 'Assignments', slug: 'assignments' },
      { name: 'Checklists', slug: 'checklists' },
      { name: 'E-Learning', slug: 'elearning' },
    ],
  },
  {
    name: 'Event Management',
    slug: 'event-management',
    icon: 'calendar-event',
    submodules: [
      { name: 'Events', slug: 'event' },
      { name: 'Event Category', slug: 'event-category' },
      { name: 'Virtual Meeting', slug: 'virtual-meeting' },
      { name: 'Attendees', slug: 'attendees' },
    ],
  },
] as const;

type AdminModule = (typeof adminModules)[number];

export type ModuleSlug = AdminModule['slug'];

/** The submodules of one module (of any module when none is named). */
export type SubmoduleSlug<M extends ModuleSlug = ModuleSlug> = Extract<
  AdminModule,
  { slug: M }
>['submodules'][number]['slug'];

/** A module with one of its own submodules: where a permission applies. */
export type PermissionArea = {
  [M in ModuleSlug]: { module: M; submodule: SubmoduleSlug<M> };
}[ModuleSlug];

/** The key of a role's permissions for an area: `moduleSlug.submoduleSlug`. */
export const permissionKey = ({ module, submodule }: PermissionArea) => `${module}.${submodule}` as const;

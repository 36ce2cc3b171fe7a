import { boolean, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, version } from '../columns.ts';
import { submodules } from './modules.ts';

export const administratorRoles = pgTable('administrator_roles', {
  id: id(),
  name: text('name').notNull(),
  status: boolean('status').notNull().default(true),
  /** The built-in role: every permission on every submodule, whatever role_permissions says. */
  isSystem: boolean('is_system').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => administratorRoles.id, { onDelete: 'cascade' }),
    submoduleId: uuid('submodule_id')
      .notNull()
      .references(() => submodules.id, { onDelete: 'cascade' }),
    canView: boolean('can_view').notNull().default(false),
    canAdd: boolean('can_add').notNull().default(false),
    canEdit: boolean('can_edit').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    canPublish: boolean('can_publish').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.submoduleId] })],
);

import { administratorRoleResource, type RoleListQuery, type RoleRow, roleMessages } from '@contract/roles';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDate } from '@/lib/format-date';
import { AdminList } from '@/ui/admin-list/admin-list';
import { useCan } from '@/ui/admin-list/use-can';
import { PageTitle } from '@/ui/page-title';
import { roleKeys, roleListOptions } from './queries';

type RolesScreenProps = {
  search: RoleListQuery;
  onSearchChange: (patch: Partial<RoleListQuery>) => void;
};

/** Roles & Permissions: the roles with their user counts; the built-in role is marked. */
export function RolesScreen({ search, onSearchChange }: RolesScreenProps) {
  const canAdd = useCan(administratorRoleResource, 'add');
  const navigate = useNavigate();
  const list = useQuery(roleListOptions(search));
  // The built-in role stays published and cannot be deleted: such a change is refused with the
  // server's reason without being sent.
  const builtIn = new Set((list.data?.data ?? []).filter((row) => row.isSystem).map((row) => row._id));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Roles & Permissions</PageTitle>
        {canAdd && (
          <Button
            leftSection={<IconPlus size={16} />}
            renderRoot={(props) => <Link to="/app/user-management/role-permission/add" {...props} />}
          >
            Add Role
          </Button>
        )}
      </Group>
      <AdminList<RoleRow, RoleListQuery>
        label="Administrator roles"
        search={search}
        onSearchChange={onSearchChange}
        query={list}
        columns={[
          {
            accessor: 'name',
            title: 'Name',
            render: (row) => (
              <Group gap="xs" wrap="nowrap">
                {row.name}
                {row.isSystem && (
                  <Badge size="sm" variant="light">
                    Built-in
                  </Badge>
                )}
              </Group>
            ),
          },
          { accessor: 'userCount', title: 'Users' },
          {
            accessor: 'createdAt',
            title: 'Created',
            render: (row) => formatDate(row.createdAt),
          },
        ]}
        resource={administratorRoleResource}
        rowName={(row) => row.name}
        listKey={roleKeys.all}
        lockedReason={(id) => (builtIn.has(id) ? roleMessages.bulkSystemRole : undefined)}
        onEdit={(row) =>
          navigate({
            to: '/app/user-management/role-permission/edit/$adminstrationRoleId',
            params: { adminstrationRoleId: row._id },
          })
        }
      />
    </Stack>
  );
}
